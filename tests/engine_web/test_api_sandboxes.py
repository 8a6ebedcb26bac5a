"""Sandboxes over /api/engine/sandboxes/: whole games played by seeded random players.

Each player picks only from the table's ``legal_actions`` and posts the item
back unchanged (tests/sandbox/players.py: random choices that lean towards
moves that end the game). Every game must finish within MAX_ACTIONS, and
its log must replay from the seed to the same final state.
"""
import json
import random

import pytest

from engine.deckbuilder.cards import BUILTIN
from engine.families import family_for
from engine.web.models import Sandbox
from tests.sandbox.players import demoniac_player, panic_player, spell_player

MAX_ACTIONS = 1500  # the longest game here (Satanic Panic) takes about 900
BASE = "/api/engine/sandboxes/"

GAMES = [
    ("rumble", ["Alice", "Bob"], {}, spell_player),
    ("anarchy", ["Alice", "Bob", "Cleo"], {}, spell_player),
    # Two of the five Wizard Ability Tiles bring scripted cards into the starting decks.
    ("satanic-panic", 2, {"ability_tiles": ["lucky-wand", "enslave-ball"]}, panic_player),
    ("demoniac", 2, {"relic": True}, demoniac_player),
]


def create(api, **body):
    return api.post(BASE, body, format="json")


def act(api, table, action, version=None):
    return api.post(f"{BASE}{table['id']}/actions/", {
        "version": table["version"] if version is None else version, "action": action},
        format="json")


def bundled_catalog(game):
    """The bundled catalog of a spell game: its scripted entries are dealt with the stand-ins."""
    from pathlib import Path

    from cardsite.catalog_files.catalog_import import catalog_import

    path = Path(__file__).resolve().parents[2] / "fixtures" / f"{game}.json"
    catalog_import(data=json.loads(path.read_text(encoding="utf-8")))


def play(api, game, players, options, player, seed=3):
    response = create(api, game=game, players=players, seed=seed, options=options)
    assert response.status_code == 201, response.content
    table = response.json()
    family, rnd = family_for(game), random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if table["finished"]:
            return table
        assert table["legal_actions"], f"{game}: a live game with no legal action"
        action = player(family.load(table["state"]), table["legal_actions"], rnd)
        response = act(api, table, action)
        assert response.status_code == 200, (action, response.content)
        table = response.json()
    raise AssertionError(f"{game} seed {seed}: not finished after {MAX_ACTIONS} actions")


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "players", "options", "player"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_whole_game_plays_to_the_end_and_replays_from_its_log(api, game, players, options,
                                                                 player, settings):
    # The production allowance for moves: a whole game never meets a 429.
    settings.SANDBOX_ACTION_RATE = "2000/hour"
    if game in ("rumble", "anarchy"):
        bundled_catalog(game)
    table = play(api, game, players, options, player)
    assert table["finished"] and table["legal_actions"] == []
    assert table["result"] is not None and table["winner"] == table["result"]["winner"]
    # Anarchy and Satanic Panic ties can outlast their tiebreaks (then the win is shared).
    assert table["winner"] or game in ("anarchy", "satanic-panic")
    log = api.get(table["log_url"]).json()
    assert log["entries"][0]["seq"] == 0 and log["entries"][0]["action"] is None
    assert len(log["entries"]) == table["version"]
    assert all(e["rule"] is not None and e["text"] for entry in log["entries"]
               for e in entry["events"])
    by_hand = sum(entry["by_hand"] for entry in log["entries"])
    played = [e["action"] for e in log["entries"][1:] if e["action"]["type"] == "play_card"]
    print(f"\n{game}: {len(log['entries']) - 1} actions, {by_hand} by hand "
          f"({by_hand / (len(log['entries']) - 1):.0%}), {len(played)} cards played themselves")
    if game == "demoniac":
        assert by_hand == 0
    if game in ("rumble", "anarchy"):
        # Dealt hands: every card placed came from the wizard's hand; the scripted
        # catalog entries resolved themselves through play_card (Rumble's three spell
        # entries are scripted; Anarchy's have no printed text), the stand-ins by hand.
        adds = [e["action"] for e in log["entries"][1:] if e["action"]["type"] == "add_card"]
        assert adds and all(isinstance(a["card"], str) for a in adds)
        assert played  # the catalog's scripted cards and every stand-in
        assert len(table["state"]["deck"]["main"]) + len(table["state"]["deck"]["discard"]) > 0
    if game == "satanic-panic":  # Mayhems' texts are not in the rulebook: by hand
        assert by_hand > 0
        _scripted_cards_resolved_themselves(log)

    for replay in (log, table["id"]):
        response = create(api, replay=replay)
        assert response.status_code == 201, response.content
        again = response.json()
        assert again["id"] != table["id"]
        assert again["state"] == table["state"] and again["version"] == table["version"]
        assert again["finished"] and again["winner"] == table["winner"]


def _scripted_cards_resolved_themselves(log):
    """The tiles' scripted cards were played, each resolving its abilities with no help:
    Power, draws, Lucky's Lucky Wand's ATTACK (and the Little Pot o' Gold it earns)."""
    plays = [e for e in log["entries"] if (e["action"] or {}).get("type") == "play"
             and BUILTIN.get(e["action"]["card"]) and BUILTIN[e["action"]["card"]].abilities]
    cards = {e["action"]["card"] for e in plays}
    print(f"scripted plays: {len(plays)} ({', '.join(sorted(cards))})")
    assert {"Lucky's Lucky Wand", "Enslave-'Em-All Ball"} <= cards
    for entry in plays:
        texts = [e["text"] for e in entry["events"]]
        card = entry["action"]["card"]
        if card != "Little Pot o' Gold":
            assert f"{card}: +1 Power" in texts[0], texts
        if card == "Lucky's Lucky Wand":
            target = entry["action"]["target"]
            assert any(f"ATTACKS {target}" in t or f"deals 5 damage to {target}" in t
                       for t in texts), texts
        else:
            assert any("draws" in t for t in texts), texts
        # Only what the card causes may be flagged (a killed foe's Dead Wizard Token).
        assert not [e for e in entry["events"] if e.get("flag") and e["card"] == card]


def _table(api, game="rumble", players=("Alice", "Bob"), seed=5):
    response = create(api, game=game, players=list(players) if isinstance(players, tuple)
                      else players, seed=seed)
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["rumble", "anarchy", "satanic-panic", "demoniac"])
def test_a_stale_version_is_refused_with_409_and_undo_steps_back(api, game):
    table = _table(api, game, ("Alice", "Bob") if game in ("rumble", "anarchy") else 2)
    first = act(api, table, table["legal_actions"][0]).json()
    second = act(api, first, first["legal_actions"][-1]).json()
    assert second["version"] == table["version"] + 2

    stale = act(api, second, second["legal_actions"][0], version=first["version"])
    assert stale.status_code == 409
    body = stale.json()
    assert body["status"] == 409 and body["code"] == "stale-version"
    assert body["version"] == second["version"] and body["detail"]
    got = api.get(second["url"]).json()
    assert [s["seat"] for s in got.pop("seats")][-1] is None  # the owner gets the seats' links
    assert got == {k: v for k, v in second.items() if k != "events"}

    undone = api.post(f"{BASE}{table['id']}/undo/", {"version": first["version"]},
                      format="json")
    assert undone.status_code == 409  # undo checks the version too
    undone = api.post(f"{BASE}{table['id']}/undo/", {"version": second["version"]},
                      format="json")
    assert undone.status_code == 200, undone.content
    back = undone.json()
    assert back["state"] == first["state"] and back["legal_actions"] == first["legal_actions"]
    assert back["version"] == second["version"] + 1  # versions only go up
    log = api.get(back["log_url"]).json()
    assert [e["action"] for e in log["entries"][1:]] == [table["legal_actions"][0]]


@pytest.mark.django_db
def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(api):
    table = _table(api, "satanic-panic", 2)
    wrong = {"type": "end-turn", "player": "Player 2"}
    assert wrong not in table["legal_actions"]
    response = act(api, table, wrong)
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == 400 and body["code"] == "not-your-decision"
    assert body["message"] and body["rule"] and body["detail"]
    assert body["problems"][0]["code"] == "not-your-decision"
    assert api.get(table["url"]).json() == table


@pytest.mark.django_db
def test_a_by_hand_card_offers_its_damage_once_with_its_amount(api):
    """A card the engine cannot run (no ability language) gets one declared effect: its text's
    "3 damage" to each foe in turn, once; then only next (and its KEEP) is left."""
    table = create(api, game="rumble", players=["Alice", "Bob"], seed=5,
                   options={"deal": False}).json()
    plain = {"type": "delivery", "name": "Plain", "glyph": "dark", "initiative": 9,
             "text": "3 damage to a foe"}
    for action in ({"type": "add_card", "wizard": "Alice", "card": plain},
                   {"type": "ready", "wizard": "Alice"},
                   {"type": "add_card", "wizard": "Bob", "card": {"type": "wild-magic"}},
                   {"type": "ready", "wizard": "Bob"}, {"type": "reveal"}):
        table = act(api, table, action).json()
    while table["state"]["order"][table["state"]["turn"]] != "Alice":
        kinds = {a["type"]: a for a in table["legal_actions"]}
        table = act(api, table, next(kinds[k] for k in ("replace_wild_magic", "power_roll",
                                                        "play_card", "next") if k in kinds)).json()
    damage = [a for a in table["legal_actions"] if a["type"] == "damage"]
    assert damage == [{"type": "damage", "target": "Bob", "amount": 3, "source": "Alice"}]
    after = act(api, table, damage[0])
    assert after.status_code == 200
    assert {w["name"]: w["hp"] for w in after.json()["state"]["game"]["wizards"]}["Bob"] == 17
    assert not [a for a in after.json()["legal_actions"] if a["type"] == "damage"]


@pytest.mark.django_db
@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess", "players": 2}, 400, "invalid"),
    ({"game": "rumble"}, 400, "invalid"),
    ({"game": "rumble", "players": ["Alice"]}, 400, "range"),
    ({"game": "rumble", "players": ["Alice", "Alice"]}, 400, "range"),
    ({"game": "demoniac", "players": ["A", "B"]}, 400, "type"),
    ({"game": "demoniac", "players": 9}, 400, "range"),
    ({"game": "satanic-panic", "players": 2, "options": {"satan": "yes"}}, 400, "type"),
    ({"game": "satanic-panic", "players": 2, "options": {"relic": True}}, 400,
     "unknown-option"),
    ({"game": "anarchy", "players": 2, "options": {"champion": "Zap"}}, 400, "type"),
    ({"game": "rumble", "players": 2, "seed": -1}, 400, "invalid"),
    ({"replay": "no-such-table"}, 404, "not_found"),
    ({"replay": {"game": "rumble", "seed": 1, "options": {"wizards": ["A", "B"]},
                 "entries": [{"seq": 1, "action": {"type": "reveal"}}]}}, 400, "not-ready"),
    ({"replay": {"entries": 3}}, 400, "replay"),
    ({"replay": {"game": "rumble", "seed": 2**40, "options": {"wizards": ["A", "B"]},
                 "entries": []}}, 400, "refused"),
    ({"replay": {"game": "rumble", "seed": 1, "options": {"wizards": "Al"}, "entries": []}},
     400, "type"),
    ({"replay": {"game": "demoniac", "seed": 1, "options": {"players": 2, "x": 1},
                 "entries": []}}, 400, "unknown-option"),
    ({"replay": "x", "game": "rumble"}, 400, "invalid"),
])
def test_bad_requests_get_the_api_error_shape(api, body, status, code):
    response = create(api, **body)
    assert response.status_code == status, response.content
    answer = response.json()
    assert answer["status"] == status and answer["detail"]
    assert answer["code"] == code or answer.get("field") == code, answer


@pytest.mark.django_db
def test_unknown_tables_and_bad_actions_answer_json(api):
    assert api.get(f"{BASE}nope/").json()["code"] == "not_found"
    assert api.get(f"{BASE}nope/log/").status_code == 404
    table = _table(api)
    for body in ({"version": table["version"]}, {"version": "x", "action": {}},
                 {"version": table["version"], "action": {"type": 3}},
                 {"version": table["version"], "action": {"type": "fly"}}):
        response = api.post(f"{BASE}{table['id']}/actions/", body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert response.json()["status"] == 400
    deep = "[" * 5000 + "]" * 5000
    response = api.post(f"{BASE}{table['id']}/actions/", deep, content_type="application/json")
    assert response.status_code == 400
    assert api.get(table["url"]).json()["version"] == table["version"]


@pytest.mark.django_db
def test_anonymous_creation_is_throttled_for_the_api_and_the_pages_together(api, client,
                                                                             settings):
    settings.SANDBOX_CREATE_RATE = "2/min"
    assert create(api, game="demoniac", players=2).status_code == 201
    page = client.post("/engine/sandbox/new/", {"game": "demoniac", "players": "2"})
    assert page.status_code == 303
    refused = create(api, game="demoniac", players=2)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert refused.json()["code"] == "throttled"
    page = client.post("/engine/sandbox/new/", {"game": "demoniac", "players": "2"})
    assert page.status_code == 429 and "Too many new tables" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("body", [
    {"game": "rumble", "players": ["Alice", "Bob"], "seed": 9},
    {"game": "satanic-panic", "players": 3, "seed": 2, "options": {"satan": True}}])
def test_a_new_table_on_the_short_path_is_drfs(api, body):
    """A passing JSON creation skips DRF's wrapping; the same body in another charset goes
    through DRF: the same table, status and headers."""
    fast = create(api, **body)
    slow = api.post(BASE, json.dumps(body).encode("utf-16"),
                    content_type="application/json; charset=utf-16")
    assert fast.status_code == slow.status_code == 201, fast.content[:300]
    for header in ("Content-Type", "Allow", "Vary"):
        assert fast[header] == slow[header], header
    strip = ("id", "url", "log_url", "page_url", "seats")
    assert {k: v for k, v in fast.json().items() if k not in strip} == {
        k: v for k, v in slow.json().items() if k not in strip}
    assert [s["seat"] for s in fast.json()["seats"]] == [s["seat"] for s in slow.json()["seats"]]


@pytest.mark.django_db
def test_a_refused_creation_on_the_short_path_keeps_its_shape_and_counts_once(api, settings):
    """Refusals on the short path are answered by DRF's, in the API's shapes: a bad body
    before the creation throttle counts nothing; a throttled one is a JSON 429."""
    settings.SANDBOX_CREATE_RATE = "2/min"
    bad = create(api, game="chess", players=2)
    assert bad.status_code == 400 and bad.json()["status"] == 400
    too_many = create(api, game="demoniac", players=9)
    assert too_many.status_code == 400 and too_many.json()["status"] == 400
    assert create(api, game="demoniac", players=2).status_code == 201
    assert create(api, replay=create(api, game="demoniac", players=2).json()["id"]
                  ).status_code == 429  # the third: a replay counts as a new table
    refused = create(api, game="demoniac", players=2)
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) >= 1
    assert Sandbox.objects.count() == 2


@pytest.mark.django_db
def test_the_short_action_path_and_drfs_answer_alike(api):
    """A passing JSON action skips DRF's wrapping; the same action in another charset goes
    through DRF: the tables they answer are the same, and a bad token is a JSON 401."""
    one, two = _table(api, seed=9), _table(api, seed=9)
    action = one["legal_actions"][0]
    fast = act(api, one, action).json()
    body = json.dumps({"version": two["version"], "action": action}).encode("utf-16")
    slow = api.post(f"{BASE}{two['id']}/actions/", body,
                    content_type="application/json; charset=utf-16")
    assert slow.status_code == 200, slow.content
    strip = ("id", "url", "log_url", "page_url")
    assert {k: v for k, v in fast.items() if k not in strip} == {
        k: v for k, v in slow.json().items() if k not in strip}
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    refused = act(api, fast, fast["legal_actions"][0])
    assert refused.status_code == 401 and refused.json()["status"] == 401
