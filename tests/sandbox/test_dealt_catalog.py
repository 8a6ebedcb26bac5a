"""A dealt table's catalog cards are stored once per game and version of them (DealtCatalog),
not inside every table's state; tables made before, their cards inline, keep working."""
import datetime
import json
import random

import pytest
from django.db import connection
from django.utils import timezone

from cardsite.catalog_files.catalog_import import catalog_import
from engine.families import family_for
from engine.web.models import DealtCatalog, Sandbox, dealt_cards, forget_cards
from engine.web.sandbox import store
from engine.web.sandbox.bot_play import sandbox_bots
from engine.web.sandbox.service import (
    cleanup_sandboxes,
    sandbox_act,
    sandbox_create,
    sandbox_replay,
    sandbox_replay_log,
    sandbox_undo,
)
from tests.catalog_sample import sample_catalog

pytestmark = pytest.mark.django_db
OPTIONS = {"wizards": ["Alice", "Bob"]}


@pytest.fixture
def catalog(db):
    catalog_import(data=sample_catalog())
    yield
    forget_cards()
    store.forget_written()


def stored(sandbox_id: str) -> dict:
    """The state column as the row holds it (no model: no catalog put back)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT state FROM {Sandbox._meta.db_table} WHERE id = %s",
                       [sandbox_id])
        value = cursor.fetchone()[0]
    return json.loads(value) if isinstance(value, str) else value


def play(sandbox: Sandbox, moves: int, seed: int = 3) -> Sandbox:
    family, rnd = family_for(sandbox.game), random.Random(seed)
    for _ in range(moves):
        state = family.load(sandbox.state)
        if family.is_terminal(state):
            break
        action = rnd.choice(family.legal_actions(state))
        sandbox = sandbox_act(sandbox.id, action, sandbox.version).sandbox
    return sandbox


def test_a_dealt_table_stores_its_cards_once_and_plays(catalog):
    first = sandbox_create("rumble", OPTIONS, seed=1)
    second = sandbox_create("rumble", OPTIONS, seed=2)
    cards = first.state["catalog"]
    assert cards and not any(c.get("stand_in") for c in cards)
    # One row for both tables, and neither stores the cards in its state.
    assert first.catalog_id == second.catalog_id == DealtCatalog.key_for("rumble", cards)
    assert DealtCatalog.objects.count() == 1
    assert DealtCatalog.objects.get().cards == cards
    assert "catalog" not in stored(first.id) and "catalog" not in stored(second.id)
    # Read back (a fresh process's read too), the state is the engine's whole state again.
    forget_cards()
    loaded = Sandbox.objects.get(pk=first.id)
    assert loaded.state == first.state
    played = play(first, 40)
    assert played.version > 20
    assert "catalog" not in stored(first.id)
    assert Sandbox.objects.get(pk=first.id).state["catalog"] == cards
    # Undo and replay deal what it was dealt, and the replay matches the stored state.
    sandbox_undo(first.id, played.version)
    assert sandbox_replay(first.id)["matches"]
    assert "catalog" not in stored(first.id)
    # The cards the process shares between its tables were not changed by playing.
    assert dealt_cards(first.catalog_id) == DealtCatalog.objects.get().cards


def test_bots_and_a_replay_by_id_store_no_cards_either(catalog):
    table = sandbox_create("rumble", OPTIONS, seed=4)
    out = sandbox_bots(table.id, table.version)
    assert out.actions and "catalog" not in stored(table.id)
    again = Sandbox.objects.get(pk=table.id)
    log = [e.action for e in again.events.filter(seq__gt=0).order_by("seq")]
    copy = sandbox_replay_log("rumble", again.options, again.seed, log, like=again.state)
    assert copy.catalog_id == table.catalog_id and "catalog" not in stored(copy.id)
    assert Sandbox.objects.get(pk=copy.id).state == Sandbox.objects.get(pk=table.id).state


@pytest.mark.parametrize("game, options", [("satanic-panic", {"players": 3}),
                                           ("demoniac", {"players": 2})])
def test_the_other_families_cards_are_stored_once_too(catalog, game, options):
    table = sandbox_create(game, options, seed=2)
    if table.state.get("catalog"):
        assert table.catalog_id and "catalog" not in stored(table.id)
    played = play(table, 30)
    assert Sandbox.objects.get(pk=table.id).state == played.state
    assert sandbox_replay(table.id)["matches"]


def test_a_table_made_before_keeps_its_inline_cards(catalog):
    table = sandbox_create("rumble", OPTIONS, seed=6)
    whole = Sandbox.objects.get(pk=table.id).state
    # As a table made before DealtCatalog was: its cards in its state, no row named.
    Sandbox.objects.filter(pk=table.id).update(state=whole, catalog=None)
    assert stored(table.id)["catalog"] == whole["catalog"]
    played = play(Sandbox.objects.get(pk=table.id), 30)
    assert played.catalog_id is None and stored(table.id)["catalog"] == whole["catalog"]
    sandbox_undo(table.id, played.version)
    assert sandbox_replay(table.id)["matches"]


def test_cleanup_deletes_the_cards_no_table_uses(catalog):
    old = sandbox_create("rumble", OPTIONS, seed=7)
    long_ago = timezone.now() - datetime.timedelta(days=30)
    Sandbox.objects.filter(pk=old.id).update(updated=long_ago)
    DealtCatalog.objects.update(created=long_ago)
    assert cleanup_sandboxes(7) == 1
    assert not DealtCatalog.objects.exists()
    # This process wrote that row once: a new table writes it again.
    fresh = sandbox_create("rumble", OPTIONS, seed=8)
    assert DealtCatalog.objects.filter(key=fresh.catalog_id).exists()
    assert Sandbox.objects.get(pk=fresh.id).state["catalog"] == fresh.state["catalog"]
    # A row a table still uses stays, however old.
    DealtCatalog.objects.update(created=long_ago)
    cleanup_sandboxes(7)
    assert DealtCatalog.objects.filter(key=fresh.catalog_id).exists()


def test_the_page_places_a_wild_magic_card_in_a_slot_of_choice(client):
    """A dealt Wild Magic may stand in for any Component type: its hand card has a button
    per slot the spell leaves free, beside the plain Place (the first free slot)."""
    from engine.spellgames import deck

    sandbox = sandbox_create("rumble", OPTIONS, seed=3)
    family = family_for("rumble")
    state = family.load(sandbox.state)
    wild = next(c for c in state["deck"]["main"]
                if deck.card_read(state, c)["type"] == "wild-magic")
    state["deck"]["main"].remove(wild)
    state["game"]["wizards"][0]["hand"].append(wild)
    Sandbox.objects.filter(pk=sandbox.pk).update(state=family.dump(state))
    html = client.get(f"/engine/sandbox/{sandbox.id}/").content.decode()
    assert html.count('data-testid="place-slot"') == 3
    for slot in ("Source", "Quality", "Delivery"):
        assert f"Place Wild Magic as the {slot}" in html
