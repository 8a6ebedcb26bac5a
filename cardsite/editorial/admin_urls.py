"""The editors' admin pages, mounted under /admin/ before the admin site's own URLs."""
from django.urls import path

from cardsite.editorial import admin_views
from cardsite.images import admin_views as image_views

urlpatterns = [
    path("import/", admin_views.import_view, name="editorial-import"),
    path("import/<int:pk>/confirm/", admin_views.import_confirm, name="editorial-import-confirm"),
    path("import/<int:pk>/", admin_views.import_progress, name="editorial-import-progress"),
    path("export/", admin_views.export_view, name="editorial-export"),
    path("coverage/", admin_views.coverage_view, name="editorial-coverage"),
    path("coverage/add/<int:component_id>/", admin_views.bulk_add_view, name="editorial-bulk-add"),
    path("images/upload/", image_views.image_zip_view, name="editorial-images"),
    path("images/upload/<int:pk>/confirm/", image_views.image_zip_confirm,
         name="editorial-images-confirm"),
    path("suggestions/", admin_views.queue_view, name="editorial-queue"),
    path("suggestions/<int:pk>/", admin_views.queue_act, name="editorial-queue-act"),
]
