"""The engine's Django side as an app: models, migrations, commands under engine.web.

The label stays ``engine`` (the one the first migration, its tables
``engine_sandbox`` / ``engine_sandboxevent`` and its django_migrations row were
made under), so moving the app into engine/web changed no schema and lost no data.
"""
from django.apps import AppConfig


class EngineConfig(AppConfig):
    name = "engine.web"
    label = "engine"
    verbose_name = "Rules engine"

    def ready(self):
        from engine.families import FAMILIES

        from .sandbox.catalog_cards import champion_card, deck_cards, demoniac_cards, panic_cards

        # Dealt tables deal the catalog's cards (the engine core knows no Django).
        for game in ("rumble", "anarchy"):
            FAMILIES[game].catalog_source = deck_cards
        FAMILIES["anarchy"].champion_source = champion_card
        FAMILIES["demoniac"].catalog_source = demoniac_cards
        FAMILIES["satanic-panic"].catalog_source = panic_cards
