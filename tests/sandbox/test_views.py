"""The sandbox pages through the test client: plain form posts, fragments, refusals."""
import json

import pytest
from django.urls import reverse

from engine.web.models import Sandbox
from tests.sandbox.helpers import spell_table

pytestmark = pytest.mark.django_db
FRAGMENT = {"HTTP_X_SANDBOX_FRAGMENT": "1"}


def post_action(client, sandbox, action, version=None, extra=None, **headers):
    data = {"action": json.dumps(action) if not isinstance(action, str) else action,
            "version": sandbox.version if version is None else version, **(extra or {})}
    return client.post(reverse("sandbox-act", args=[sandbox.id]), data, **headers)


def test_index_offers_the_four_games(client):
    page = client.get(reverse("sandbox-index")).content.decode()
    for game in ("rumble", "anarchy", "satanic-panic", "demoniac"):
        assert f'value="{game}"' in page


@pytest.mark.parametrize("game, fields", [
    ("rumble", {"wizards": "Alice, Bob, Cleo"}),
    ("anarchy", {"wizards": "Alice\nBob",
                 "champion": '{"name": "Krazztar", "glyph": "elemental"}'}),
    ("satanic-panic", {"players": "3", "satan": "1"}),
    ("demoniac", {"players": "4", "relic": "1"}),
])
def test_a_new_table_redirects_to_its_permalink(client, game, fields):
    response = client.post(reverse("sandbox-new"), {"game": game, **fields})
    assert response.status_code == 303
    sandbox = Sandbox.objects.get()
    assert response["Location"] == sandbox.get_absolute_url()
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f'name="version" value="{sandbox.version}"' in page.content.decode()


@pytest.mark.parametrize("fields, reason", [
    ({"game": "rumble", "wizards": "Solo"}, "name 2 to 6 wizards"),
    ({"game": "rumble", "wizards": "Al, Al"}, "appears twice"),
    ({"game": "rumble", "wizards": "Al, Bo", "seed": "²"}, "seed must be a whole number"),
    ({"game": "demoniac", "players": "7"}, "players must be at most 4"),
    ({"game": "chess"}, "game must be one of"),
])
def test_a_bad_new_table_form_says_why(client, fields, reason):
    response = client.post(reverse("sandbox-new"), fields)
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not Sandbox.objects.exists()


def test_an_unknown_sandbox_is_a_404_page(client):
    for response in (client.get(reverse("sandbox-detail", args=["nope"])),
                     client.post(reverse("sandbox-act", args=["nope"]),
                                 {"action": '{"type": "reveal"}', "version": "1"}),
                     client.post(reverse("sandbox-act", args=["nope"]), {"action": "{"}),
                     client.post(reverse("sandbox-undo", args=["nope"]), {}),
                     client.get(reverse("sandbox-replay", args=["nope"]))):
        assert response.status_code == 404
        assert "No sandbox" in response.content.decode()


def test_a_plain_form_post_redirects_back_to_the_table(client):
    sandbox = spell_table()
    response = post_action(client, sandbox, {"type": "power_roll", "wizard": "Alice"})
    assert response.status_code == 303 and response["Location"].endswith("#table")
    sandbox.refresh_from_db()
    assert sandbox.version == 8 and sandbox.state["roll"]


def test_a_fragment_post_answers_the_table_alone(client):
    sandbox = spell_table()
    response = post_action(client, sandbox, {"type": "power_roll", "wizard": "Alice"}, **FRAGMENT)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sandbox"') and "<html" not in html
    assert 'class="die"' in html and 'data-testid="version">8<' in html


def test_form_fields_fill_in_the_action(client):
    """Damage from the by-hand form: target and amount come from fields."""
    sandbox = spell_table()
    response = post_action(client, sandbox, {"type": "damage", "source": "Alice"},
                           extra={"f.target": "Bob", "f.amount": "4"})
    assert response.status_code == 303
    sandbox.refresh_from_db()
    assert [w["hp"] for w in sandbox.state["game"]["wizards"]] == [20, 16]


def test_a_stand_in_card_from_the_form(client):
    sandbox = Sandbox.objects.get(pk=client.post(reverse("sandbox-new"), {
        "game": "rumble", "wizards": "Alice, Bob", "free": "on"})["Location"].split("/")[-2])
    assert sandbox.options["deal"] is False
    post_action(client, sandbox, {"type": "add_card", "wizard": "Alice"}, extra={
        "f.card.type": "delivery", "f.card.glyph": "dark", "f.card.initiative": "14",
        "f.card.creature": "true", "f.card.bands": "1-4: 1 damage; 5-9: 2 damage; 10+: 4 damage"})
    sandbox.refresh_from_db()
    card = sandbox.state["spells"]["Alice"][0]
    assert card["name"] == "Dark Delivery, initiative 14" and card["creature"]
    assert [b["high"] for b in card["bands"]] == [4, 9, None]


@pytest.mark.parametrize("action, status, text", [
    ("{not json", 400, "not valid JSON"),
    ("[" * 1000 + "]" * 1000, 400, "not valid JSON"),  # past the JSON parser's depth
    ({"type": "teleport"}, 400, "Unknown action type"),
    ({"type": "power_roll", "wizard": "Bob"}, 400, "It is Alice&#x27;s spell now"),
])
def test_bad_actions_answer_400_and_change_nothing(client, action, status, text):
    sandbox = spell_table()
    before = (sandbox.version, sandbox.state)
    for headers in ({}, FRAGMENT):
        response = post_action(client, sandbox, action, **headers)
        assert response.status_code == status
        assert text in response.content.decode()
    sandbox.refresh_from_db()
    assert (sandbox.version, sandbox.state) == before


def test_a_stale_version_answers_409(client):
    sandbox = spell_table()
    response = post_action(client, sandbox, {"type": "power_roll", "wizard": "Alice"}, version=3)
    assert response.status_code == 409
    assert "changed since you loaded it" in response.content.decode()
    sandbox.refresh_from_db()
    assert sandbox.version == 7


def test_act_takes_posts_only(client):
    sandbox = spell_table()
    assert client.get(reverse("sandbox-act", args=[sandbox.id])).status_code == 405


def test_undo_and_replay_pages(client):
    sandbox = spell_table()
    post_action(client, sandbox, {"type": "power_roll", "wizard": "Alice"})
    response = client.post(reverse("sandbox-undo", args=[sandbox.id]), {"version": "8"})
    assert response.status_code == 303
    sandbox.refresh_from_db()
    assert sandbox.version == 9 and sandbox.state["roll"] is None
    page = client.get(reverse("sandbox-replay", args=[sandbox.id])).content.decode()
    assert "equals the stored one" in page and "step <strong>6</strong> of 6" in page
    first = client.get(reverse("sandbox-replay", args=[sandbox.id]), {"step": "0"})
    assert first.status_code == 200 and "Build your spells" in first.content.decode()
    odd = client.get(reverse("sandbox-replay", args=[sandbox.id]), {"step": "²"})
    assert odd.status_code == 200


def test_satanic_panic_and_demoniac_tables_render_their_actions(client):
    for game, fields, marker in (("satanic-panic", {"players": "2"}, "End turn"),
                                 ("demoniac", {"players": "2"}, "Possess")):
        location = client.post(reverse("sandbox-new"), {"game": game, **fields})["Location"]
        page = client.get(location).content.decode()
        assert marker in page and "Event log" in page


@pytest.mark.parametrize("game, options, player", [
    ("rumble", {"wizards": ["Ann", "Ben"]}, "spell_player"),
    ("anarchy", {"wizards": ["Ann", "Ben"]}, "spell_player"),
    ("satanic-panic", {"players": 2}, "panic_player"),
    ("demoniac", {"players": 2}, "demoniac_player"),
])
def test_a_finished_game_shows_its_result(client, game, options, player):
    """End of Game and scoring: the table shows the winner and offers no more moves."""
    import random

    from engine.families import family_for
    from engine.web.sandbox.service import sandbox_create
    from tests.sandbox import players

    family, rnd = family_for(game), random.Random(3)
    sandbox = sandbox_create(game, options, seed=3)
    state = family.load(sandbox.state)
    while not family.is_terminal(state):
        action = getattr(players, player)(state, family.legal_actions(state), rnd)
        state, _ = family.apply(state, action)
    Sandbox.objects.filter(pk=sandbox.pk).update(state=family.dump(state))
    page = client.get(sandbox.get_absolute_url()).content.decode()
    assert "Game over." in page and ("Winner" in page or "No single winner" in page)
    assert "Undo last action" in page and 'data-testid="reveal"' not in page


def test_a_scripted_catalog_card_plays_itself_from_the_table(client):
    """Sparkling's ability comes with the catalog card: the page offers "Play Sparkling"
    and posting it deals the damage, with no effect typed in by hand."""
    from pathlib import Path

    from cardsite.catalog_files.catalog_import import catalog_import
    from engine.web.sandbox.catalog_cards import spell_cards
    from tests.sandbox.helpers import act

    rumble = Path(__file__).resolve().parents[2] / "fixtures" / "rumble.json"
    catalog_import(data=json.loads(rumble.read_text()))
    sparkling = next(c for c in spell_cards("rumble") if c["entry"] == "sparkling")
    assert sparkling["abilities"], "the bundled Sparkling entry is scripted"
    sandbox = Sandbox.objects.get(pk=client.post(reverse("sandbox-new"), {
        "game": "rumble", "wizards": "Alice, Bob", "free": "on"})["Location"].split("/")[-2])
    act(sandbox, {"type": "add_card", "wizard": "Alice", "card": sparkling})
    act(sandbox, {"type": "add_card", "wizard": "Bob", "card": sparkling})
    for wizard in ("Alice", "Bob"):
        act(sandbox, {"type": "ready", "wizard": wizard})
    act(sandbox, {"type": "reveal"})
    html = client.get(reverse("sandbox-detail", args=[sandbox.id])).content.decode()
    assert 'data-testid="play-card"' in html and "Play Sparkling" in html
    caster = sandbox.state["order"][0] if sandbox.state.get("order") else "Alice"
    foe = "Bob" if caster == "Alice" else "Alice"
    response = post_action(client, sandbox, {"type": "play_card", "wizard": caster})
    assert response.status_code == 303
    sandbox.refresh_from_db()
    hp = {w["name"]: w["hp"] for w in sandbox.state["game"]["wizards"]}
    assert hp[foe] < 20 and hp[caster] == 20


def test_a_waiting_reaction_is_shown_with_its_play_button(client):
    """A self-inflicted death: the page shows the Reaction and a button that plays it."""
    from engine.web.sandbox.service import sandbox_create
    from tests.sandbox.helpers import act

    def card(kind, name, trigger, target, amount):
        return {"type": kind, "name": name, "glyph": "dark", "abilities": [
            {"trigger": trigger, "effects": [{"do": "damage", "amount": amount,
                                              "target": target}]}]}

    sandbox = sandbox_create("rumble", {"wizards": ["Ann", "Ben", "Cy"], "deal": False}, seed=1)
    spells = {"Ann": [card("source", "Self-Harm", "resolved", "self", 20),
                      card("quality", "Revenge", "reaction", "each-foe", 3)],
              "Ben": [{"type": "source", "glyph": "dark"}],
              "Cy": [{"type": "source", "glyph": "dark"}]}
    for wizard, cards in spells.items():
        for c in cards:
            act(sandbox, {"type": "add_card", "wizard": wizard, "card": c})
        act(sandbox, {"type": "ready", "wizard": wizard})
    act(sandbox, {"type": "reveal"})
    while sandbox.state["order"][sandbox.state["turn"]] != "Ann":
        act(sandbox, {"type": "next", "wizard": sandbox.state["order"][sandbox.state["turn"]]})
    act(sandbox, {"type": "play_card", "wizard": "Ann"})
    html = client.get(reverse("sandbox-detail", args=[sandbox.id])).content.decode()
    assert 'data-testid="reaction"' in html and "Play Revenge (Reaction)" in html
    response = post_action(client, sandbox, {"type": "play_reaction", "wizard": "Ann"})
    assert response.status_code == 303
    sandbox.refresh_from_db()
    assert [w["hp"] for w in sandbox.state["game"]["wizards"]] == [0, 17, 17]
    assert 'data-testid="reaction"' not in client.get(
        reverse("sandbox-detail", args=[sandbox.id])).content.decode()


@pytest.mark.parametrize("game", ["rumble", "anarchy", "satanic-panic", "demoniac"])
def test_play_opens_a_dealt_table_in_one_post_without_a_csrf_token(game):
    from django.test import Client
    client = Client(enforce_csrf_checks=True)  # the home and game pages are cached: no token
    response = client.post(reverse("sandbox-play", args=[game]))
    assert response.status_code == 303
    sandbox = Sandbox.objects.get()
    assert response["Location"] == sandbox.get_absolute_url()
    assert sandbox.game == game
    table = client.get(response["Location"]).content.decode()
    assert 'class="sb-act' in table or 'name="action"' in table  # moves to make


def test_play_by_get_or_for_an_unknown_game(client):
    response = client.get(reverse("sandbox-play", args=["demoniac"]))
    assert response.status_code == 303 and response["Location"] == "/engine/sandbox/#new-demoniac"
    assert client.post(reverse("sandbox-play", args=["chess"])).status_code == 404
    assert not Sandbox.objects.exists()
