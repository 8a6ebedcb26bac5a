"""Satanic Panic setup and score, Anarchy and Rumble scoring endpoints."""
import pytest

from tests.engine_web.conftest import assert_400, post

pytestmark = pytest.mark.django_db


# --- satanic-panic/setup ------------------------------------------------------------

def test_setup_four_players_without_satan(api):
    """3. The Legendary Devil Stack: 6 additional for 4 players, between the fixed two;
    6. The Stacks: 5 Dead Wizard Tokens per player."""
    response = post(api, "satanic-panic/setup", {"players": 4, "satan": False, "seed": 7})
    assert response.status_code == 200
    body = response.json()
    devils = body["legendary_devils"]
    assert devils["size"] == 8 == len(devils["stack"])
    assert devils["stack"][0] == devils["top"] and devils["stack"][-1] == devils["bottom"]
    assert body["dead_wizard_tokens"] == 20
    # Without Satan a Glyph becomes a Satanic Glyph (1. Oversized Wizards and Starting Decks).
    assert body["starting_deck"] == {"Glyph": 5, "Satanic Wand": 1, "Fizzle": 3,
                                     "Satanic Glyph": 1}
    assert len(body["line_up"]) == 5
    assert body["explanation"]


def test_setup_with_satan_keeps_six_glyphs(api):
    body = post(api, "satanic-panic/setup", {"players": 3, "satan": True, "seed": 1}).json()
    assert body["starting_deck"] == {"Glyph": 6, "Satanic Wand": 1, "Fizzle": 3}
    assert body["legendary_devils"]["size"] == 7 + 2
    assert body["dead_wizard_tokens"] == 15


def test_setup_seed_replays(api):
    first = post(api, "satanic-panic/setup", {"players": 2, "seed": 99}).json()
    assert post(api, "satanic-panic/setup", {"players": 2, "seed": 99}).json() == first
    drawn = post(api, "satanic-panic/setup", {"players": 2}).json()
    assert isinstance(drawn["seed"], int)  # echoed so the table can be replayed
    assert post(api, "satanic-panic/setup", {"players": 2, "seed": drawn["seed"]}).json() == drawn


TILES = [("lucky-wand", {"Lucky's Lucky Wand": 1}, "Lucky's Lucky Wand"),
         ("enslave-ball", {"Enslave-'Em-All Ball": 1}, "Enslave-'em-All Ball"),
         ("lil-buddies", {}, "7 Lil' Buddies set aside"),
         ("dead-wizard-tokens", {}, "gain 2 Dead Wizard Tokens"),
         ("familiar-discount", {}, "pay 2 less to buy Familiars")]


@pytest.mark.parametrize(("tile", "in_deck", "quoted"), TILES, ids=[t[0] for t in TILES])
def test_setup_seats_each_of_the_five_ability_tiles(api, tile, in_deck, quoted):
    """Ability Tile Cards (6.21) and Tile Clarifications (7.11): the tile, its quoted text,
    and its own cards: a swapped Glyph in the deck or Lil' Buddies set aside."""
    body = post(api, "satanic-panic/setup", {"players": 3, "seed": 4, "satanic_glyph": False,
                                             "ability_tiles": [None, tile]}).json()
    assert [t["player"] for t in body["ability_tiles"]] == ["Wizard 2"]
    seated = body["ability_tiles"][0]
    assert seated["tile"] == tile and quoted in seated["text"] and seated["rule"]
    deck = body["decks"][1]
    assert deck["ability_tile"] == tile and body["decks"][0]["ability_tile"] is None
    assert deck["cards"]["Glyph"] == 6 - len(in_deck)
    assert {k: v for k, v in deck["cards"].items() if k in in_deck} == in_deck
    assert deck["set_aside"] == ({"Lil' Buddies": 7} if tile == "lil-buddies" else {})
    assert seated["cards"] == (in_deck or deck["set_aside"])


def test_setup_with_all_five_tiles(api):
    tiles = [t[0] for t in TILES]
    body = post(api, "satanic-panic/setup", {"players": 5, "seed": 1,
                                             "ability_tiles": tiles}).json()
    assert [t["tile"] for t in body["ability_tiles"]] == tiles
    assert [d["ability_tile"] for d in body["decks"]] == tiles


@pytest.mark.parametrize("body, field, code", [
    ({"players": 2, "ability_tiles": ["lucky-wand", "lucky-wand"]}, "ability_tiles",
     "duplicate"),
    ({"players": 2, "ability_tiles": ["wings"]}, "ability_tiles[0]", None),
    ({"players": 2, "ability_tiles": [None, None, "lucky-wand"]}, "ability_tiles", "range"),
    ({"players": 1}, "players", "range"),
    ({"players": 6}, "players", "range"),
    ({"players": "4"}, "players", "type"),
    ({}, "players", "required"),
    ({"players": 4, "satan": "yes"}, "satan", "type"),
    ({"players": 4, "seed": [1]}, "seed", "type"),
    ({"players": 4, "legendary_devils": 99}, "legendary_devils", "range"),
])
def test_setup_bad_input(api, body, field, code):
    assert_400(post(api, "satanic-panic/setup", body), field, code)


# --- satanic-panic/score ---------------------------------------------------------

def player(name, card_vp, **values):
    return {"name": name, "card_vp": card_vp, "dead_wizard_tokens": 0,
            "damned_wizard_tokens": 0, "burning_limp_wands": 0, "legendary_devils": 0, **values}


def test_score_with_labelled_tokens_and_wands(api):
    """End of Game: -3 per Dead Wizard Token, DWT 11 is -6 in total, -2 per Burning Limp Wand."""
    body = post(api, "satanic-panic/score", {"players": [
        player("Ann", 30, dead_wizard_tokens=["DWT 11"], burning_limp_wands=1),
        player("Bo", 26, dead_wizard_tokens=1)]}).json()
    assert [(r["name"], r["vp"]) for r in body["ranking"]] == [("Bo", 23), ("Ann", 22)]
    assert body["winner"] == "Bo" and body["decided_by"] == "vp"
    assert body["ranking"][1]["breakdown"]["dead_wizard_tokens"] == -6


def test_score_satan_dwt_11_counts_minus_3(api):
    """Death as Satan: the satan flag scores DWT 11 at its base -3."""
    body = post(api, "satanic-panic/score", {"players": [
        player("Satan", 10, dead_wizard_tokens=["DWT 11"], satan=True), player("Bo", 5)]}).json()
    assert body["ranking"][0]["breakdown"]["dead_wizard_tokens"] == -3


def test_score_vp_then_legendary_devils(api):
    """End of Game: a VP tie goes to the player with more Legendary Devils."""
    body = post(api, "satanic-panic/score", {"players": [
        player("Ann", 20, legendary_devils=1), player("Bo", 20, legendary_devils=2),
        player("Cy", 10)]}).json()
    assert body["winner"] == "Bo"
    assert body["decided_by"] == "legendary-devils"
    assert [r["name"] for r in body["ranking"]] == ["Bo", "Ann", "Cy"]
    assert {"name", "vp"} <= set(body["ranking"][0])


def test_score_satan_penta_coins(api):
    """Penta-Coins: 3 VP each for the Satan player."""
    body = post(api, "satanic-panic/score", {"players": [
        player("Satan", 10, penta_coins=4), player("Bo", 20)]}).json()
    assert body["winner"] == "Satan" and body["ranking"][0]["vp"] == 22


@pytest.mark.parametrize("players, field, code", [
    ([player("Ann", "x")], "players[0].card_vp", "type"),
    ([player("Ann", 1), {"card_vp": 3}], "players[1].name", "required"),
    ([player("Ann", 1, burning_limp_wands=-1)], "players[0].burning_limp_wands", "range"),
    ([player("Ann", 1, dead_wizard_tokens=["XYZ"])], "players[0].dead_wizard_tokens", None),
    ([player("Ann", 1), player("Ann", 2)], "players", "duplicate"),
    ([], "players", "range"),
    ([player("Ann", 1, satan=0)], "players[0].satan", None),  # a number is not a boolean
])
def test_score_bad_input(api, players, field, code):
    assert_400(post(api, "satanic-panic/score", {"players": players}), field, code)


# --- anarchy/score and rumble/score ---------------------------------------------------

def test_anarchy_score(api):
    """End of Game: Applause values less 2 VP per Dead Wizard token."""
    response = post(api, "anarchy/score", {"wizards": [
        {"name": "Ann", "applause": [2, 3], "dead_wizard_tokens": 1, "treasures": 2},
        {"name": "Bo", "applause": [4], "dead_wizard_tokens": 0, "treasures": 0},
        {"name": "Cy", "applause": [], "dead_wizard_tokens": 0, "treasures": 1}]})
    assert response.status_code == 200
    body = response.json()
    assert [(r["name"], r["vp"]) for r in body["ranking"]] == [("Bo", 4), ("Ann", 3), ("Cy", 0)]
    assert body["winner"] == "Bo" and body["decided_by"] == "vp"
    assert body["explanation"]


def test_anarchy_tie_goes_to_more_applause_tokens(api):
    """End of Game tiebreak: the most Applause tokens."""
    body = post(api, "anarchy/score", {"wizards": [
        {"name": "Ann", "applause": [4]}, {"name": "Bo", "applause": [2, 2]}]}).json()
    assert body["winner"] == "Bo" and body["decided_by"] == "applause-tokens"


@pytest.mark.parametrize("wizard, field", [
    ({"name": "Ann", "applause": [5]}, "wizards[0].applause[0]"),
    ({"name": "Ann", "applause": ["2"]}, "wizards[0].applause[0]"),
    ({"name": "Ann", "dead_wizard_tokens": -1}, "wizards[0].dead_wizard_tokens"),
    ({"name": "Ann", "treasures": 1.5}, "wizards[0].treasures"),
    ({"applause": [2]}, "wizards[0].name"),
])
def test_anarchy_bad_input(api, wizard, field):
    assert_400(post(api, "anarchy/score", {"wizards": [wizard]}), field)


def test_rumble_match_and_quick_match(api):
    """Object of the Game: two Last Wizard Standing tokens; Quick Match: points."""
    match = post(api, "rumble/score", {"wizards": ["Ann", "Bo"], "games": [
        {"last_standing": "Ann"}, {"last_standing": "Bo"}, {"last_standing": "Ann"}]}).json()
    assert match["winner"] == "Ann"
    quick = post(api, "rumble/score", {"variant": "quick-match", "wizards": ["Ann", "Bo", "Cy"],
                                       "games": [
        {"last_standing": "Ann", "kills": {"Ann": 2}},
        {"last_standing": "Bo", "kills": {"Bo": 1, "Cy": 1}},
        {"last_standing": "Cy", "kills": {"Cy": 1, "Ann": 1}}]}).json()
    assert [(r["name"], r["vp"]) for r in quick["ranking"]][0] == ("Ann", 4)
    assert quick["winner"] == "Ann"
    assert_400(post(api, "rumble/score", {"wizards": ["Ann", "Bo"], "games": [
        {"last_standing": "Zed"}]}), "games[0].last_standing", "unknown-wizard")
