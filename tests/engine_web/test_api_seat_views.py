"""Each seat sees its own view: hands, face-down cards and deck order of others stay hidden.

The table's id is its owner's link (everything, every seat's moves); each seat's
key (``seats`` in the owner's answer) shows that seat's hand and the table and
takes that seat's moves only; the spectators' key shows the table alone.
"""
import json
import random

import pytest

from engine.families import family_for
from tests.sandbox.players import panic_player

from .test_api_sandboxes import BASE, act, create


def _links(table) -> dict:
    return {link["seat"]: link for link in table["seats"]}


def _get(api, key):
    return api.get(f"{BASE}{key}/").json()


@pytest.mark.django_db
def test_a_rumble_seat_sees_its_own_hand_and_not_the_others_face_down_spell(api):
    owner = create(api, game="rumble", players=["Alice", "Bob"], seed=4).json()
    links = _links(owner)
    assert set(links) == {"Alice", "Bob", None} and owner["view"] == "full"
    hands = {w["name"]: w["hand"] for w in owner["state"]["game"]["wizards"]}
    assert len(hands["Alice"]) == len(hands["Bob"]) == 8

    alice = _get(api, links["Alice"]["key"])
    assert alice["view"] == "seat" and alice["seat"] == "Alice" and "seats" not in alice
    wizards = {w["name"]: w for w in alice["state"]["game"]["wizards"]}
    assert wizards["Alice"]["hand"] == hands["Alice"] and wizards["Bob"]["hand"] == []
    assert alice["state"]["hidden"]["hands"] == {"Bob": 8}
    assert alice["state"]["deck"]["main"] == [] and alice["state"]["hidden"]["deck.main"] > 0
    text = json.dumps(alice)
    assert not any(card in text for card in hands["Bob"])  # not even in legal_actions
    assert {a.get("wizard") for a in alice["legal_actions"]} == {"Alice"}

    # Bob places a card face down: Alice sees that he has one, not which.
    placed = next(a for a in _get(api, links["Bob"]["key"])["legal_actions"]
                  if a["type"] == "add_card")
    bob = act(api, {"id": links["Bob"]["key"], "version": owner["version"]}, placed)
    assert bob.status_code == 200 and bob.json()["id"] == links["Bob"]["key"]
    alice = _get(api, links["Alice"]["key"])
    assert alice["state"]["spells"]["Bob"] == [] and alice["state"]["hidden"]["spells"] == {
        "Bob": 1}
    assert _get(api, owner["id"])["state"]["spells"]["Bob"][0]["id"] == placed["card"]

    # A seat may not move for another, undo, or read the log (it names every hand).
    refused = act(api, {"id": links["Alice"]["key"], "version": bob.json()["version"]},
                  {"type": "ready", "wizard": "Bob"})
    assert refused.status_code == 403 and refused.json()["code"] == "not-your-seat"
    assert "Alice's seat" in refused.json()["detail"]
    assert api.post(f"{BASE}{links['Alice']['key']}/undo/", {"version": 2},
                    format="json").status_code == 403
    assert api.get(f"{BASE}{links['Alice']['key']}/log/").status_code == 403


@pytest.mark.django_db
def test_a_spectator_sees_the_table_and_no_hand(api):
    owner = create(api, game="demoniac", players=3, seed=2).json()
    watcher = _get(api, _links(owner)[None]["key"])
    assert watcher["view"] == "spectator" and watcher["legal_actions"] == []
    assert all(p["hand"] == [] for p in watcher["state"]["players"])
    assert watcher["state"]["deck"] == [] and watcher["state"]["hidden"]["deck"] > 0
    # The weaknesses lie face down until exposed.
    assert set(watcher["state"]["weaknesses"].values()) == {"face down"}
    assert set(owner["state"]["weaknesses"].values()) != {"face down"}
    # The divinities lie number side up: their strengths show, not which ones they are.
    standing = owner["state"]["divinities"]
    assert {spot: d["strength"] for spot, d in watcher["state"]["divinities"].items()} == \
        {spot: d["strength"] for spot, d in standing.items()}
    assert "Holy Spritz" in {d["name"] for d in standing.values()}
    assert {d["name"] for d in watcher["state"]["divinities"].values()} == {"Divinity (face down)"}
    assert "abilities" not in json.dumps(watcher["state"]["divinities"])
    # Nor the seed, from which every hidden card and roll could be dealt again.
    assert owner["state"]["seed"] == 2 and watcher["state"]["seed"] is None
    move = owner["legal_actions"][0]
    refused = act(api, {"id": watcher["id"], "version": owner["version"]}, move)
    assert refused.status_code == 403 and "spectator" in refused.json()["detail"]


@pytest.mark.django_db
def test_a_satanic_panic_seat_sees_no_other_hand_and_no_deck_order(api):
    owner = create(api, game="satanic-panic", players=3, seed=5).json()
    links = _links(owner)
    second = owner["state"]["players"][1]
    view = _get(api, links[second["name"]]["key"])
    players = {p["name"]: p for p in view["state"]["players"]}
    assert players[second["name"]]["hand"] == second["hand"]
    assert players[second["name"]]["deck"] == sorted(second["deck"])  # what, not in which order
    first = owner["state"]["players"][0]["name"]
    assert players[first]["hand"] == [] and players[first]["deck"] == []
    assert view["state"]["main_deck"] == [] and view["legal_actions"] == []  # not their turn
    assert view["state"]["hidden"]["hands"][first] == 5


@pytest.mark.django_db
def test_no_seat_learns_from_an_attack_whether_its_target_holds_a_defense(api):
    """Every attacked player is asked whether they defend (6.2.2; I.T. Infernal
    Technician: a foe with no DEFENSE need not prove it): while Wizard 2 decides, what
    Wizard 1, Wizard 3 and a spectator get (state, legal actions, who decides) is the same
    whether Wizard 2 holds a Familiar (a DEFENSE, 6.1.3) or no DEFENSE card."""
    from engine.web.models import Sandbox

    family, answers = family_for("satanic-panic"), []
    for hand in (["Adam", "Glyph"], ["Glyph", "Glyph"]):
        owner = create(api, game="satanic-panic", players=3, seed=5,
                       options={"ability_tiles": ["lucky-wand"]}).json()
        state = family.load(Sandbox.objects.get(pk=owner["id"]).state)
        state.players[0].hand, state.players[1].hand = ["Lucky's Lucky Wand"], hand
        state.devil_face_up = True
        Sandbox.objects.filter(pk=owner["id"]).update(state=family.dump(state))
        owner = _get(api, owner["id"])
        played = act(api, owner, {"type": "play", "player": "Wizard 1",
                                  "card": "Lucky's Lucky Wand", "target": "Wizard 2"}).json()
        assert played["actor"] == "Wizard 2"
        links = _links(owner)
        answers.append({seat: _get(api, links[seat]["key"]) for seat in links})
    armed, bare = answers
    for seat in ("Wizard 1", "Wizard 3", None):
        assert [armed[seat][k] for k in ("state", "legal_actions", "actor")] == \
            [bare[seat][k] for k in ("state", "legal_actions", "actor")]
    assert armed["Wizard 2"]["legal_actions"] == [
        {"type": "defend", "player": "Wizard 2", "card": "Adam"},
        {"type": "no-defense", "player": "Wizard 2"}]
    assert bare["Wizard 2"]["legal_actions"] == [{"type": "no-defense", "player": "Wizard 2"}]


@pytest.mark.django_db
def test_a_finished_game_shows_everyone_everything(api):
    owner = create(api, game="satanic-panic", players=2, seed=3).json()
    links, table = _links(owner), owner
    family, rnd = family_for("satanic-panic"), random.Random(3)
    while not table["finished"]:
        action = panic_player(family.load(table["state"]), table["legal_actions"], rnd)
        table = act(api, table, action).json()
    seat = _get(api, links[owner["state"]["players"][0]["name"]]["key"])
    assert seat["view"] == "full" and seat["state"] == table["state"]
    assert api.get(f"{BASE}{links[None]['key']}/log/").status_code == 200


@pytest.mark.django_db
def test_a_satanic_panic_action_answers_a_slim_state(api):
    """The by-hand notes of every past turn are in the log, not in each answer (they made
    a late game's state about 64 KB)."""
    table = create(api, game="satanic-panic", players=3, seed=7,
                   options={"satan": True}).json()
    family, rnd, largest = family_for("satanic-panic"), random.Random(7), 0
    for _ in range(400):
        action = panic_player(family.load(table["state"]), table["legal_actions"], rnd)
        table = act(api, table, action).json()
        largest = max(largest, len(json.dumps(table["state"])))
    assert largest < 16_000


@pytest.mark.django_db
def test_the_pages_of_a_seat_and_of_the_owner(client):
    from engine.web.sandbox.service import sandbox_create, seat_links

    sandbox = sandbox_create("demoniac", {"players": 2}, seed=2)
    links = {link["seat"]: link["key"] for link in seat_links(sandbox)}
    owner = client.get(f"/engine/sandbox/{sandbox.id}/").content.decode()
    assert 'data-testid="seat-links"' in owner and links["Player 2"] in owner
    page = client.get(f"/engine/sandbox/{links['Player 2']}/").content.decode()
    assert 'data-testid="seat-view"' in page and "You play <strong>Player 2</strong>" in page
    assert links["Player 1"] not in page and sandbox.id not in page
    assert "Hand (6, face down)" in page  # Player 1's hand: its size only
    # Which divinity lies where shows once destroyed; the seed (which would deal every
    # hidden card again) is the owner's.
    assert "seed 2" in owner and "seed 2" not in page
    cross = page[page.index('class="exorcist"'):].split("</section>")[0]
    assert "Holy Spritz" not in cross and cross.count("divinity, face down") == 5
    assert "Undo last action" not in page and "Possess (1 action)" not in page  # not their turn
    first = client.get(f"/engine/sandbox/{links['Player 1']}/").content.decode()
    assert "Possess (1 action)" in first
