"""The engine's checker endpoints under /api/engine/ (PRODUCT.md, "Engine")."""
from django.urls import path

from . import targets, views

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
]
