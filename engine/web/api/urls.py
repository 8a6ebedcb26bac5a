"""The engine's endpoints under /api/engine/ (PRODUCT.md, "Engine"): checkers and sandboxes."""
from django.urls import path

from . import sandboxes, targets, views

urlpatterns = [
    path("spells/check", views.SpellCheckView.as_view(), name="engine-api-spell-check"),
    path("spells/order", views.SpellOrderView.as_view(), name="engine-api-spell-order"),
    path("odds/power-roll", views.PowerRollOddsView.as_view(), name="engine-api-power-roll"),
    path("odds/demoniac", views.DemoniacOddsView.as_view(), name="engine-api-demoniac"),
    path("satanic-panic/setup", views.SatanicPanicSetupView.as_view(),
         name="engine-api-satanic-panic-setup"),
    path("satanic-panic/score", views.SatanicPanicScoreView.as_view(),
         name="engine-api-satanic-panic-score"),
    path("anarchy/score", views.AnarchyScoreView.as_view(), name="engine-api-anarchy-score"),
    path("targets", targets.TargetsView.as_view(), name="engine-api-targets"),
    path("rumble/score", views.RumbleScoreView.as_view(), name="engine-api-rumble-score"),
    path("sandboxes/", sandboxes.SandboxListView.as_view(), name="engine-api-sandboxes"),
    path("sandboxes/<str:sandbox_id>/", sandboxes.SandboxDetailView.as_view(),
         name="engine-api-sandbox"),
    path("sandboxes/<str:sandbox_id>/actions/", sandboxes.SandboxActionView.as_view(),
         name="engine-api-sandbox-actions"),
    path("sandboxes/<str:sandbox_id>/undo/", sandboxes.SandboxUndoView.as_view(),
         name="engine-api-sandbox-undo"),
    path("sandboxes/<str:sandbox_id>/bots/", sandboxes.SandboxBotsView.as_view(),
         name="engine-api-sandbox-bots"),
    path("sandboxes/<str:sandbox_id>/log/", sandboxes.SandboxLogView.as_view(),
         name="engine-api-sandbox-log"),
]
