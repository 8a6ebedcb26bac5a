"""URL configuration: the stable page and API paths of PRODUCT.md."""
from django.contrib import admin
from django.urls import path

from cardsite import views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
]
