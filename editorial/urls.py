from django.urls import path

from editorial import views

urlpatterns = [
    path("<str:kind>/<slug:game>/<str:key>/", views.suggest, name="suggest"),
]
