"""Sandboxes whatever the catalog's size, and a move allowance that floods meet."""
import base64
import os
import pickle
import time

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Entry, Game
from cardsite.web.response_cache import version_key
from engine.web.models import Sandbox
from tests.catalog_sample import sample_catalog

pytestmark = pytest.mark.django_db
BASE = "/api/engine/sandboxes/"
SIZE = int(os.environ.get("SANDBOX_SCALE_ENTRIES", "1000"))  # 5000 for the figure


@pytest.fixture
def big_rumble(db):
    catalog_import(data=sample_catalog())
    game = Game.objects.get(slug="rumble")
    kinds = ["source", "quality", "delivery"]
    Entry.objects.bulk_create([
        Entry(game=game, slug=f"synthetic-{n}", name=f"Synthetic {n:05d}", kind="card",
              type=kinds[n % 3], glyph="dark", initiative=(n % 20) + 1 if n % 3 == 2 else None,
              source="Turn Order") for n in range(SIZE)])


def test_a_dealt_table_draws_from_a_game_of_5000_cards(api, big_rumble):
    api.post(BASE, {"game": "rumble", "players": 2, "seed": 4}, format="json")  # warm
    started = time.monotonic()
    with CaptureQueriesContext(connection) as queries:
        answer = api.post(BASE, {"game": "rumble", "players": 2, "seed": 5}, format="json")
    spent = time.monotonic() - started
    assert answer.status_code == 201, answer.content[:300]
    state = answer.json()["state"]
    # The deck's 40 of each type came from the catalog: nothing listed the rest.
    assert len(state["catalog"]) <= 40 * 3 + 2
    assert {c["type"] for c in state["catalog"]} >= {"source", "quality", "delivery"}
    assert len(state["deck"]["main"]) + sum(len(w["hand"]) for w in state["game"]["wizards"]) \
        == 128
    print(f"dealt from {SIZE} cards in {spent * 1000:.0f} ms, {len(queries)} queries")
    page = api.get(answer.json()["page_url"])
    assert page.status_code == 200 and b"Synthetic 04999" not in page.content


def test_a_flood_of_moves_is_refused(api, settings):
    settings.SANDBOX_ACTION_RATE = "5/hour"
    table = api.post(BASE, {"game": "demoniac", "players": 2, "seed": 1}, format="json").json()
    answers = []
    for _ in range(7):
        action = table["legal_actions"][0]
        response = api.post(f"{BASE}{table['id']}/actions/", {"version": table["version"],
                                                             "action": action}, format="json")
        answers.append(response.status_code)
        if response.status_code == 200:
            table = response.json()
    assert answers == [200] * 5 + [429] * 2, answers
    assert int(response["Retry-After"]) > 0
    assert response.json()["code"] == "throttled"


def test_a_free_table_picks_a_card_by_name_not_from_a_list(api, client, big_rumble):
    import json

    from django.urls import reverse

    table = api.post(BASE, {"game": "rumble", "players": ["Ann", "Bo"], "seed": 2,
                            "options": {"deal": False}}, format="json").json()
    page = client.get(table["page_url"])
    assert page.status_code == 200
    html = page.content.decode()
    assert "Synthetic 00007" not in html and 'name="catalog_card"' in html
    print(f"free table page with {SIZE} more cards in the catalog: {len(html) // 1024} KB")
    answer = client.post(reverse("sandbox-act", args=[table["id"]]), {
        "action": json.dumps({"type": "add_card", "wizard": "Ann"}),
        "catalog_card": "synthetic 00007", "version": table["version"]})
    assert answer.status_code in (200, 303), answer.content[:500]
    spell = api.get(f"{BASE}{table['id']}/").json()["state"]["spells"]["Ann"]
    assert [c["name"] for c in spell] == ["Synthetic 00007"]
    refused = client.post(reverse("sandbox-act", args=[table["id"]]), {
        "action": json.dumps({"type": "add_card", "wizard": "Bo"}),
        "catalog_card": "no such card", "version": table["version"] + 1})
    assert refused.status_code == 400 and "No rumble card named like" in refused.content.decode()


def test_moves_are_booked_twenty_at_a_time_and_a_flood_meets_the_limit(settings, monkeypatch):
    """At the production rate a process books 20 moves per write of the allowance table;
    the moves allowed are still the rate's (2,000 in a burst), then 429s."""
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from engine.web.sandbox import throttling

    settings.SANDBOX_ACTION_RATE = "2000/hour"
    spent = []
    real = throttling.spend
    monkeypatch.setattr(throttling, "spend",
                        lambda client, rate, cost=1: spent.append(cost) or real(client, rate,
                                                                                cost))
    request = RequestFactory().post("/", REMOTE_ADDR="10.9.8.7")
    request.user = AnonymousUser()
    allowed = [throttling.SandboxActionThrottle().allow_request(request, None)
               for _ in range(2100)]
    assert allowed == [True] * 2000 + [False] * 100
    # 2,000 moves: 100 writes, not 2,000; each refused move tries 20, then 1 (refused).
    assert spent[:100] == [20] * 100 and spent[100:] == [20, 1] * 100


@pytest.mark.django_db(transaction=True)
def test_a_new_table_is_dealt_from_the_catalog_another_process_just_changed(api):
    """A new table is dealt from the catalog versions this process last saw; on
    PostgreSQL its own insert checks that they still hold (no read of the versions before
    it), and an edit another process just committed (its row and its version written
    straight to the database: no signal here sees it) is dealt from at once."""
    catalog_import(data=sample_catalog())
    api.post(BASE, {"game": "rumble", "players": 2, "seed": 1}, format="json")
    cache = caches["responses"]
    table = getattr(cache, "_table", None)  # None: Redis
    with CaptureQueriesContext(connection) as queries:
        first = api.post(BASE, {"game": "rumble", "players": 2, "seed": 2}, format="json")
    assert first.status_code == 201, first.content[:300]
    if connection.vendor == "postgresql" and table:
        # The table, its setup entry, its seats and the check of the versions: one
        # statement (besides the throttles' bookings), with no read of the versions before.
        ours = [q["sql"] for q in queries if "allowance" not in q["sql"]]
        assert len(ours) == 1 and ours[0].startswith("WITH made AS"), ours
    card = next(c for c in first.json()["state"]["catalog"] if c.get("entry"))
    Entry.objects.filter(slug=card["entry"]).update(text="Changed by another process.")
    if table:
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {connection.ops.quote_name(table)} SET value = %s "
                           "WHERE cache_key = %s",
                           [base64.b64encode(pickle.dumps("new", cache.pickle_protocol)).decode(),
                            cache.make_key(version_key("rumble"))])
    else:
        cache.set(version_key("rumble"), "new", None)
    again = api.post(BASE, {"game": "rumble", "players": 2, "seed": 2}, format="json")
    dealt = {c["entry"]: c for c in again.json()["state"]["catalog"] if c.get("entry")}
    assert dealt[card["entry"]]["text"] == "Changed by another process."
    assert Sandbox.objects.count() == 3  # a refused insert stores nothing
