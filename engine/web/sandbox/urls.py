"""The sandboxes under /engine/sandbox/: a table per unguessable permalink."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.sandbox_index, name="sandbox-index"),
    path("new/", views.sandbox_new, name="sandbox-new"),
    path("play/<slug:game>/", views.sandbox_play, name="sandbox-play"),
    path("<str:sandbox_id>/", views.sandbox_detail, name="sandbox-detail"),
    path("<str:sandbox_id>/act/", views.sandbox_act_view, name="sandbox-act"),
    path("<str:sandbox_id>/bots/", views.sandbox_bots_view, name="sandbox-bots"),
    path("<str:sandbox_id>/undo/", views.sandbox_undo_view, name="sandbox-undo"),
    path("<str:sandbox_id>/replay/", views.sandbox_replay_view, name="sandbox-replay"),
]
