"""The sandbox service: versions, refusals that change nothing, undo, replay, cleanup."""
import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from engine.rule_refs import rule
from engine.web.models import Sandbox, SandboxEvent
from engine.web.sandbox.service import (
    SandboxNotFound,
    SandboxRefused,
    SandboxStale,
    sandbox_act,
    sandbox_create,
    sandbox_replay,
    sandbox_undo,
)
from tests.sandbox.helpers import DARK_DELIVERY, act, spell_table

pytestmark = pytest.mark.django_db


def snapshot(sandbox):
    sandbox.refresh_from_db()
    return sandbox.version, sandbox.state, sandbox.events.count()


def test_create_stores_the_setup_as_version_1_with_an_unguessable_id():
    sandbox = sandbox_create("demoniac", {"players": 3}, seed=4)
    assert sandbox.version == 1 and len(sandbox.id) >= 16
    assert sandbox.events.get().seq == 0
    assert sandbox_create("demoniac", {"players": 3}, seed=4).id != sandbox.id


def test_create_refuses_bad_options():
    with pytest.raises(SandboxRefused, match="players"):
        sandbox_create("satanic-panic", {"players": 9})
    with pytest.raises(SandboxRefused, match="game must be one of"):
        sandbox_create("chess", {})


def test_an_action_is_logged_with_its_rolls_and_bumps_the_version():
    """Power Rolls: the dice are recorded in the event log."""
    sandbox = spell_table()
    outcome = act(sandbox, {"type": "power_roll", "wizard": "Alice"})
    roll = next(e for e in outcome.events if e["type"] == "roll")
    assert len(roll["dice"]) == 1 and sandbox.state["roll"]["dice"] == roll["dice"]
    last = sandbox.events.order_by("-seq").first()
    assert last.action == {"type": "power_roll", "wizard": "Alice"}
    assert last.version == sandbox.version == 8


def test_a_stale_version_is_refused_and_changes_nothing():
    sandbox = spell_table()
    before = snapshot(sandbox)
    with pytest.raises(SandboxStale, match="version 6"):
        sandbox_act(sandbox.id, {"type": "power_roll", "wizard": "Alice"}, 6)
    assert snapshot(sandbox) == before


def test_two_writers_on_one_version_cannot_both_win():
    """Optimistic locking: the second write of version 7 finds version 8 and is refused."""
    sandbox = spell_table()
    sandbox_act(sandbox.id, {"type": "power_roll", "wizard": "Alice"}, 7)
    with pytest.raises(SandboxStale):
        sandbox_act(sandbox.id, {"type": "random_foe", "wizard": "Alice"}, 7)
    assert snapshot(sandbox)[0] == 8


@pytest.mark.parametrize("action, reason", [
    ({"type": "teleport"}, "unknown action type"),
    ({"type": "damage", "target": "Mallory", "amount": 3}, "no wizard named"),
    ({"type": "damage", "target": "Bob", "amount": -5}, "at least 0"),
    ("not an object", "an action is an object"),
    ({"type": "power_roll", "wizard": "Bob"}, "it is Alice's spell now"),
    ({"type": "add_card", "wizard": "Bob", "card": DARK_DELIVERY}, "before they are revealed"),
    ({"type": "end_round"}, "after every spell has resolved"),
])
def test_forged_and_out_of_turn_actions_are_refused_and_change_nothing(action, reason):
    sandbox = spell_table()
    before = snapshot(sandbox)
    with pytest.raises(SandboxRefused, match=f"(?i){reason}"):  # said as a sentence
        sandbox_act(sandbox.id, action, sandbox.version)
    assert snapshot(sandbox) == before


def test_an_illegal_spell_is_refused_with_the_rule():
    """Building a Spell: at most one card per slot (a free table: cards of one's choosing)."""
    sandbox = sandbox_create("rumble", {"wizards": ["Alice", "Bob"], "deal": False}, seed=1)
    act(sandbox, {"type": "add_card", "wizard": "Alice", "card": DARK_DELIVERY})
    with pytest.raises(SandboxRefused) as refused:
        act(sandbox, {"type": "add_card", "wizard": "Alice", "card": DARK_DELIVERY})
    assert refused.value.problems[0].code == "duplicate-delivery"
    assert f"({rule('rumble.spell.one-per-type')})" in refused.value.message


def test_satanic_panic_refuses_a_player_acting_out_of_turn():
    """Turn Sequence: only the active player acts."""
    sandbox = sandbox_create("satanic-panic", {"players": 2}, seed=3)
    current = sandbox.state["players"][sandbox.state["active"]]["name"]
    other = next(p["name"] for p in sandbox.state["players"] if p["name"] != current)
    before = snapshot(sandbox)
    with pytest.raises(SandboxRefused, match=f"{current} decides now"):
        act(sandbox, {"type": "end-turn", "player": other})
    assert snapshot(sandbox) == before


def test_undo_steps_back_one_action_and_the_roll_replays_exactly():
    sandbox = spell_table()
    state_before_roll = snapshot(sandbox)[1]
    first = act(sandbox, {"type": "power_roll", "wizard": "Alice"}).sandbox.state["roll"]
    undone = sandbox_undo(sandbox.id, sandbox.version)
    assert undone.version == 9 and undone.state == state_before_roll
    assert sandbox.events.filter(seq__gt=0).count() == 6
    again = act(sandbox, {"type": "power_roll", "wizard": "Alice"}).sandbox.state["roll"]
    assert again == first


def test_undo_needs_the_current_version_and_an_action_to_undo():
    sandbox = sandbox_create("demoniac", {"players": 2}, seed=2)
    with pytest.raises(SandboxRefused, match="Nothing to undo"):
        sandbox_undo(sandbox.id, 1)
    with pytest.raises(SandboxStale):
        sandbox_undo(sandbox.id, 0)
    with pytest.raises(SandboxRefused, match="version"):
        sandbox_undo(sandbox.id, None)


def test_replay_from_the_seed_equals_the_stored_state():
    sandbox = sandbox_create("demoniac", {"players": 2, "relic": True}, seed=8)
    me = sandbox.state["players"][0]
    card = next(c for c in me["hand"] if c != "disturbance")
    act(sandbox, {"type": "possess", "player": me["name"], "card": card, "spot": "top"})
    act(sandbox, {"type": "roll", "player": me["name"], "target": "exorcist"})
    replay = sandbox_replay(sandbox.id)
    assert replay["matches"] and replay["step"] == replay["steps"] == 2
    assert replay["state"]["attack"]["dice"] == sandbox.state["attack"]["dice"]
    assert sandbox_replay(sandbox.id, upto=0)["state"]["players"][0]["spots"]["top"] is None


def test_unknown_sandbox():
    with pytest.raises(SandboxNotFound):
        sandbox_act("no-such-table", {"type": "reveal"}, 1)


def test_cleanup_command_deletes_only_untouched_sandboxes(capsys):
    old = sandbox_create("demoniac", {"players": 2}, seed=1)
    fresh = sandbox_create("demoniac", {"players": 2}, seed=2)
    Sandbox.objects.filter(pk=old.pk).update(updated=timezone.now() - datetime.timedelta(days=40))
    call_command("cleanup_sandboxes", "--days", "30", "--dry-run")
    assert "would delete 1" in capsys.readouterr().out
    assert Sandbox.objects.count() == 2
    call_command("cleanup_sandboxes", "--days", "30")
    assert list(Sandbox.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert not SandboxEvent.objects.filter(sandbox_id=old.pk).exists()


def test_the_plain_sql_store_reads_and_writes_what_the_orm_does():
    sandbox = sandbox_create("rumble", {"wizards": ["Älice", "Bob"], "deal": False}, seed=3)
    heal = {"type": "heal", "target": "Älice", "amount": 1, "note": "ünïcode ✓"}
    outcome = sandbox_act(sandbox.id, heal, 1)
    stored = Sandbox.objects.get(pk=sandbox.id)
    assert stored.state == outcome.sandbox.state and stored.version == 2
    assert stored.updated == outcome.sandbox.updated and timezone.is_aware(stored.updated)
    entry = stored.events.get(seq=1)
    assert entry.action == heal and entry.version == 2 and entry.events == outcome.events
    assert entry.created == stored.updated
    # After an undo the next action takes the freed number again.
    sandbox_undo(sandbox.id, 2)
    sandbox_act(sandbox.id, heal, 3)
    assert list(stored.events.values_list("seq", "version")) == [(0, 1), (1, 4)]
    # The service's own read: the options, seed and state as stored; timestamps on demand.
    loaded = sandbox_act(sandbox.id, heal, 4).sandbox
    assert (loaded.options, loaded.seed, loaded.game) == (
        {"wizards": ["Älice", "Bob"], "deal": False}, 3, "rumble")
    assert loaded.created == stored.created


@pytest.mark.django_db(transaction=True)
def test_an_actions_write_outside_a_transaction_is_all_or_nothing():
    """Outside a transaction (as in a request) PostgreSQL writes a new table with its setup
    entry and seats, and an action's state with its log entry, in one statement each;
    SQLite in one transaction each. A stale version writes neither."""
    from engine.web.models import SandboxSeat
    from engine.web.sandbox import store

    sandbox = sandbox_create("rumble", {"wizards": ["Alice", "Bob"], "deal": False}, seed=3)
    made = Sandbox.objects.get(pk=sandbox.id)  # the table, its setup and seats: one write
    assert (made.state, made.version, made.seed, made.created) == (
        sandbox.state, 1, 3, sandbox.created) and made.updated == made.created
    assert made.events.get().seq == 0 and made.events.get().action is None
    assert dict(SandboxSeat.objects.filter(sandbox_id=sandbox.id).values_list(
        "seat", "key")) == sandbox.seat_keys and set(sandbox.seat_keys) == {"Alice", "Bob", ""}
    heal = {"type": "heal", "target": "Alice", "amount": 1}
    outcome = sandbox_act(sandbox.id, heal, 1)
    assert outcome.sandbox.version == 2
    stored = Sandbox.objects.get(pk=sandbox.id)
    assert stored.version == 2 and stored.state == outcome.sandbox.state
    assert list(stored.events.values_list("seq", "version")) == [(0, 1), (1, 2)]
    assert stored.events.get(seq=1).action == heal
    assert not store.save_action(sandbox.id, 1, state={"stale": True}, updated=timezone.now(),
                                 action=heal, events=[])
    assert Sandbox.objects.get(pk=sandbox.id).state == stored.state
    assert stored.events.count() == 2
    with pytest.raises(SandboxStale):
        sandbox_act(sandbox.id, heal, 1)
    assert sandbox_act(sandbox.id, heal, 2).sandbox.version == 3
    assert list(stored.events.values_list("seq", flat=True)) == [0, 1, 2]


def test_the_pages_one_read_is_the_table_its_newest_entries_and_its_seats():
    """store.load_for_page: on PostgreSQL the table, its newest entries (fewer than its log)
    and its seats' keys in one statement, each as the separate reads give it."""
    from django.db import connection

    from engine.families import family_for
    from engine.web.sandbox import store

    for sandbox in (spell_table(), sandbox_create("rumble", {"wizards": ["Ann", "Bo"]}, seed=4)):
        family = family_for(sandbox.game)
        for _ in range(2):
            act(sandbox, family.legal_actions(family.load(sandbox.state))[0])
        read, alone = store.load_for_page(sandbox.id, 3), store.load(sandbox.id)
        assert (read.state, read.version, read.catalog_id, read.options, read.seed) == (
            alone.state, alone.version, alone.catalog_id, alone.options, alone.seed)
        if connection.vendor == "postgresql":
            assert read.page_log == (3, store.newest_events(sandbox.id, 3))
            assert len(read.page_log[1]) == min(3, sandbox.events.count())
            assert read.seat_keys == store.seat_keys(sandbox.id) and read.seat_keys
    assert store.load_for_page("no-such-table", 3) is None
