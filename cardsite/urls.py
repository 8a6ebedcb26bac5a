"""URL configuration: the stable page and API paths of PRODUCT.md.

Each area keeps its own URL module: pages (cardsite.page_urls), the API
(cardsite.api_urls, with the engine's endpoints), the engine's pages.
"""
from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from cardsite import views
from cardsite.images import serving

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("", include("cardsite.submissions.urls")),  # its review pages are under admin/
    path("admin/", include("cardsite.editorial.admin_urls")),
    path("admin/", admin.site.urls),
    path("api/engine/", include("engine.web.api.urls")),
    path("api/", include("cardsite.api_urls")),
    path("engine/sandbox/", include("engine.web.sandbox.urls")),
    path("engine/", include("engine.web.pages.urls")),
    path("suggest/", include("cardsite.editorial.urls")),
    path("", include("cardsite.page_urls")),
]

if settings.MEDIA_URL.startswith("/"):  # the filesystem default; a bucket serves itself
    urlpatterns.insert(1, path(f"{settings.MEDIA_URL.lstrip('/')}<path:key>", serving.media_file,
                               name="media-file"))


# The site's 404 page for every page (the API answers its own JSON 404s).
handler404 = "cardsite.views.page_not_found"
