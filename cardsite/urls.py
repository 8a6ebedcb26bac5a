"""URL configuration: the stable page and API paths of PRODUCT.md.

Each area keeps its own URL module: pages (cardsite.page_urls), the API
(cardsite.api_urls, with the engine's endpoints), the engine's pages.
"""
from django.contrib import admin
from django.urls import include, path

from cardsite import views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("admin/", include("cardsite.editorial.admin_urls")),
    path("admin/", admin.site.urls),
    path("api/engine/", include("engine.web.api.urls")),
    path("api/", include("cardsite.api_urls")),
    path("engine/sandbox/", include("engine.web.sandbox.urls")),
    path("engine/", include("engine.web.pages.urls")),
    path("suggest/", include("cardsite.editorial.urls")),
    path("", include("cardsite.page_urls")),
]
