from django.urls import path

from cardsite.editorial import views

urlpatterns = [
    path("<str:kind>/<slug:game>/<str:key>/", views.suggest, name="suggest"),
]
