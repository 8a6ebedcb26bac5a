"""games/ and games/<game>/: the games with their components, counts and coverage."""
import pytest

from cardsite.models import Entry
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


def test_game_list_is_paginated_with_component_counts(api, catalog):
    body = api.get("/api/games/").json()
    assert body["count"] == 2 and body["previous"] is None and body["next"] is None
    rumble = next(g for g in body["results"] if g["slug"] == "rumble")
    assert rumble["family"] == "spell"
    assert rumble["counts"] == {"components": 2, "entries": 2, "rules": 3, "rulings": 1, "terms": 1}
    assert [(c["slug"], c["count"]) for c in rumble["components"]] == [
        ("delivery-cards", 40), ("tokens", 30),
    ]
    assert rumble["url"].endswith("/api/games/rumble/")


def test_game_detail_has_coverage_per_component(api, catalog):
    body = api.get("/api/games/rumble/").json()
    delivery = next(c for c in body["components"] if c["slug"] == "delivery-cards")
    # Zapper belongs to delivery-cards and has no text (null: unknown).
    assert delivery["coverage"] == {"entries": 1, "with_text": 0, "with_image": 0}
    Entry.objects.filter(slug="zapper").update(text="Deal 1 damage.")
    delivery = next(c for c in api.get("/api/games/rumble/").json()["components"]
                    if c["slug"] == "delivery-cards")
    assert delivery["coverage"] == {"entries": 1, "with_text": 1, "with_image": 0}


def test_unknown_count_is_null_not_zero(api, catalog):
    from cardsite.models import Component

    Component.objects.filter(slug="tokens").update(count=None, breakdown=[])
    tokens = next(c for c in api.get("/api/games/rumble/").json()["components"] if c["slug"] == "tokens")
    assert tokens["count"] is None


def test_unknown_game_is_a_json_404(api, catalog):
    assert_error(api.get("/api/games/chess/"), 404, "not_found")
