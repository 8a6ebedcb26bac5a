"""The engine's checker pages under /engine/ (the sandboxes are engine.web.sandbox.urls)."""
from django.urls import path

from . import index, odds_pages, score_pages, spell_pages

urlpatterns = [
    path("", index.engine_index, name="engine-index"),
    path("spells/check/", spell_pages.spell_check_page, name="engine-spell-check"),
    path("spells/order/", spell_pages.spell_order_page, name="engine-spell-order"),
    path("odds/power-roll/", odds_pages.power_roll_page, name="engine-power-roll"),
    path("odds/demoniac/", odds_pages.demoniac_page, name="engine-demoniac"),
    path("satanic-panic/setup/", score_pages.satanic_panic_setup_page,
         name="engine-satanic-panic-setup"),
    path("satanic-panic/score/", score_pages.satanic_panic_score_page,
         name="engine-satanic-panic-score"),
    path("anarchy/score/", score_pages.anarchy_score_page, name="engine-anarchy-score"),
]
