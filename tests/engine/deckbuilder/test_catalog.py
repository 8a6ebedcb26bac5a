"""A dealt Satanic Panic table uses the catalog's cards before stand-ins (issue 29).

The catalog here is test data shaped as the web app reads it
(engine.web.sandbox.catalog_cards.panic_cards): its cards' abilities are the
rulebook's quoted ones (Little Pot o' Gold's, Lucky's Lucky Wand's); only the
names are the test's. Counts are the rulebook's Contents: 106 main-deck cards
besides the Mayhems and Adam and Steve, 15 Legendary Devils.
"""
import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.deckbuilder import TurnState
from engine.deckbuilder.cards import (
    BUILTIN,
    LEGENDARY_DEVIL_CARDS,
    MAYHEM_CARDS,
    OTHER_MAIN_DECK_CARDS,
)
from engine.deckbuilder.catalog import dealt
from engine.deckbuilder.setup import ADDITIONAL_DEVILS_BY_PLAYERS
from engine.families import family_for
from tests.engine.deckbuilder import decline_rest, first_devil_up
from tests.engine.test_playouts import _probe

DRAW_TWO = BUILTIN["Little Pot o' Gold"].abilities
LUCKY = BUILTIN["Lucky's Lucky Wand"].abilities  # +1 Power; ATTACK: 5 damage to target player
BY_HAND = BUILTIN["Enslave-'Em-All Ball"].abilities  # +1 Power, draw; Activate: by hand
SPELL_ONLY = [{"trigger": "rally", "effects": [{"do": "gain-blood", "amount": 1}]}]


def card(name, abilities, cost=4, kind="spell", **values):
    return {"name": name, "entry": name.lower().replace(" ", "-"), "type": kind, "cost": cost,
            "vp": values.get("vp", 2), "copies": values.get("copies"), "text": "test text",
            "abilities": abilities, "keywords": values.get("keywords", [])}


CATALOG = {
    "main": [card("Test Draw", DRAW_TWO, copies=12), card("Test Attack", LUCKY, copies=12),
             card("Test By Hand", BY_HAND, copies=6, kind="creature"),
             card("Test Spell Game Card", SPELL_ONLY),  # not this game's language: stand-in
             card("Test No Cost", DRAW_TWO, cost=None)],  # cannot be bought: stand-in
    "legendary_devils": [card("Test Devil", LUCKY, cost=10, kind="legendary-devil"),
                         card("Asmodeus", DRAW_TWO, cost=12, kind="legendary-devil", vp=5)],
    "starters": [card("Satanic Wand", [{"trigger": "resolved", "effects": [
        {"do": "gain-power", "amount": 1}]}], cost=None, kind="starter"),
                 card("Hellfire", DRAW_TWO, cost=None, kind="satan-starter")],  # its rule runs
}


@pytest.fixture
def catalog_table(monkeypatch):
    monkeypatch.setattr(family_for("satanic-panic"), "catalog_source", lambda game: CATALOG)


def everything(state):
    return (state.main_deck + state.line_up + state.destroyed
            + [c for p in state.players for c in p.owned_cards()])


def test_known_cards_take_the_place_of_stand_ins_and_the_counts_stay():
    state = TurnState.new_game(3, seed=4, catalog=CATALOG)
    bare = TurnState.new_game(3, seed=4)
    cards = everything(state)
    assert cards.count("Test Draw") == 12 and cards.count("Test Attack") == 12
    assert cards.count("Test By Hand") == 6
    assert "Test Spell Game Card" not in cards and "Test No Cost" not in cards
    main = [c for c in cards if state.card(c).kind in (
        "main", "treasure", "creature", "wizard", "location", "spell")]
    assert len(main) == OTHER_MAIN_DECK_CARDS == len(
        [c for c in everything(bare) if bare.card(c).kind == "main"])
    assert len(state.main_deck + state.line_up + state.destroyed) == len(
        bare.main_deck + bare.line_up + bare.destroyed) == MAYHEM_CARDS + 106 + 4
    assert "Test Devil" in state.legendary_devils
    assert len(state.legendary_devils) == len(bare.legendary_devils) == \
        ADDITIONAL_DEVILS_BY_PLAYERS[3] + 2 <= LEGENDARY_DEVIL_CARDS
    assert state.legendary_devils[-1] == "Asmodeus"
    assert state.card("Asmodeus").cost == 12 and not state.card("Asmodeus").stand_in


def test_the_state_says_which_cards_are_the_catalogs_and_which_are_stand_ins():
    state = TurnState.new_game(2, seed=4, catalog=CATALOG)
    drawn = state.card("Test Draw")
    assert (drawn.entry, drawn.stand_in, drawn.cost, drawn.abilities) == (
        "test-draw", False, 4, DRAW_TWO)
    assert state.card("Satanic Wand").entry == "satanic-wand"
    assert state.card("Hellfire").entry is None  # the engine runs its UNAVOIDABLE rule
    stand_in = next(c for c in state.main_deck if state.card(c).kind == "main")
    assert state.card(stand_in).stand_in and state.card(stand_in).entry is None
    said = [e["text"] for e in state.log if e["text"].startswith("From the catalog")]
    assert said == ["From the catalog, dealt as themselves: main deck: Test Draw, Test "
                    "Attack, Test By Hand; Legendary Devils: Asmodeus, Test Devil; starting "
                    "cards: Satanic Wand. Every other card the rulebook does not list is a "
                    "stand-in (marked stand_in)."]
    assert sorted(state.catalog) == ["legendary_devils", "main", "starters"]


def test_without_a_catalog_the_table_is_dealt_as_before():
    state = TurnState.new_game(4, True, seed=9, catalog={})
    assert state.catalog is None
    assert state.to_dict() == TurnState.new_game(4, True, seed=9).to_dict()


def test_the_dealt_catalog_deals_the_same_cards_again():
    """The state keeps what it was dealt (undo and replay deal from it, not the catalog)."""
    once = dealt(CATALOG)
    assert dealt(json.loads(json.dumps(once["catalog"]))) == once
    state = TurnState.new_game(2, seed=6, catalog=CATALOG)
    again = TurnState.new_game(2, seed=6, catalog=state.catalog)
    assert again.to_dict() == state.to_dict()


def test_the_family_replays_a_stored_state_with_its_own_cards(catalog_table, monkeypatch):
    family = family_for("satanic-panic")
    state, _ = family.new({"players": 2}, 8)
    stored = family.dump(state)
    monkeypatch.setattr(family, "catalog_source", lambda game: {})  # the catalog changed
    replayed, _ = family.new({"players": 2}, 8, like=stored)
    assert family.dump(replayed) == stored
    assert family.new({"players": 2}, 8)[0].catalog is None


def test_a_catalog_card_is_bought_and_played_through_legal_actions():
    state = TurnState.new_game(2, seed=4, catalog=CATALOG)
    me = state.current
    state.line_up[0] = "Test Attack"
    state.power = 4
    buy = {"type": "buy", "player": me.name, "source": "line-up", "card": "Test Attack"}
    assert buy in state.legal_actions()
    state.apply(buy)
    assert me.discard[-1] == "Test Attack" and state.power == 0
    me.hand.append("Test Attack")
    foe = state.players[1]
    plays = [a for a in state.legal_actions() if a["type"] == "play"
             and a["card"] == "Test Attack"]
    assert {a["target"] for a in plays} == {me.name, foe.name}
    hp = foe.hp
    state.apply(next(a for a in plays if a["target"] == foe.name))
    if state.pending:  # a DEFENSE in hand is the foe's choice
        state.apply({"type": "no-defense", "player": foe.name})
    assert foe.hp == hp - 5 and state.power == 1


def test_a_by_hand_part_is_flagged_never_skipped():
    state = TurnState.new_game(2, seed=4, catalog=CATALOG)
    me = state.current
    me.hand.append("Test By Hand")
    state.apply({"type": "play", "player": me.name, "card": "Test By Hand"})
    activate = {"type": "activate", "player": me.name, "card": "Test By Hand"}
    assert activate in state.legal_actions()
    state.apply(activate)
    assert any(f["card"] == "Test By Hand" and f["flag"] == "not-run" for f in state.flags)


@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_games_with_catalog_cards_finish(seed, catalog_table):
    family = family_for("satanic-panic")
    state, _ = family.new({"players": 2 + seed % 4, "satan": seed % 2 == 1}, seed)
    rnd = random.Random(seed)
    for _ in range(6000):
        if family.is_terminal(state):
            break
        actions = family.legal_actions(state)
        action = rnd.choice(actions)
        assert family.check(state, action) == []
        state, _ = family.apply(state, action)
    assert family.is_terminal(state) and family.result(state)
    assert json.loads(json.dumps(family.dump(state)))["catalog"] == state.catalog


# No shrinking: a failure names its variant, seed and step, which replay it.
@settings(max_examples=10, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(data=st.data())
def test_offered_applies_and_not_offered_is_refused_with_catalog_cards(catalog_table, data):
    _probe("satanic-panic", data, steps_max=150)


# Catalog Mayhems: "Non-Legend, Creature, Spell, Treasure, Location, 4 specific Familiars,
# and Mayhem cards are shuffled into the main deck" (2. The Main Deck); 26 of them (Contents).
MAYHEMS = {**CATALOG, "mayhems": [
    {"name": "Test Mayhem", "entry": "test-mayhem", "type": "mayhem", "copies": 3,
     "text": "test text", "abilities": [], "keywords": ["ATTACK"]},
    {"name": "Test Mayhem Two", "entry": "test-mayhem-two", "type": "mayhem", "copies": None,
     "text": None, "abilities": [], "keywords": []},
    {"name": "Satanic Wand", "type": "starter"}]}  # not a Mayhem: not dealt as one


def test_catalog_mayhems_take_the_place_of_stand_in_mayhems_in_the_main_deck():
    state = TurnState.new_game(3, seed=4, catalog=MAYHEMS)
    cards = everything(state)
    assert cards.count("Test Mayhem") == 3 and cards.count("Test Mayhem Two") == 1
    assert cards.count("Mayhem") == MAYHEM_CARDS - 4
    assert len([c for c in cards if state.card(c).kind == "mayhem"]) == MAYHEM_CARDS
    assert len(state.main_deck + state.line_up + state.destroyed) == MAYHEM_CARDS + 106 + 4
    known = state.card("Test Mayhem")
    assert (known.kind, known.entry, known.stand_in, known.text) == (
        "mayhem", "test-mayhem", False, "test text")
    assert [m["name"] for m in state.catalog["mayhems"]] == ["Test Mayhem", "Test Mayhem Two"]
    said = next(e["text"] for e in state.log if e["text"].startswith("From the catalog"))
    assert "Mayhems: Test Mayhem, Test Mayhem Two" in said
    # Undo and replay deal them again from the state's own catalog.
    again = TurnState.new_game(3, seed=4, catalog=json.loads(json.dumps(state.catalog)))
    assert again.to_dict() == state.to_dict()
    assert dealt(json.loads(json.dumps(dealt(MAYHEMS)["catalog"]))) == dealt(MAYHEMS)


def test_a_catalog_mayhem_in_the_opening_line_up_is_destroyed_unresolved():
    for seed in range(40):
        state = TurnState.new_game(2, seed=seed, catalog=MAYHEMS)
        if any(c.startswith("Test Mayhem") for c in state.destroyed):
            break
    else:
        pytest.fail("no seed turned up a catalog Mayhem in the opening Line-Up")
    assert not any(state.card(c).kind == "mayhem" for c in state.line_up)


def _revealing(card: str, catalog=MAYHEMS) -> TurnState:
    """A table where ``card`` enters the Line-Up at the start of the next turn."""
    state = first_devil_up(TurnState.new_game(3, seed=1, catalog=catalog))
    for p in state.players:
        p.hand = []
    state.line_up.pop()
    state.main_deck[:2] = [card, "Glyph"]
    state.apply({"type": "end-turn"})
    return state


def test_a_catalog_mayhem_resolves_as_a_mayhem_with_its_text_quoted():
    state = _revealing("Test Mayhem")
    assert state.table_event["card"] == "Test Mayhem" and state.line_up[-1] == "Test Mayhem"
    assert 'the catalog\'s text: "test text"' in state.flags[-1]["text"]
    assert "it is an ATTACK, as its entry says" in state.flags[-1]["text"]
    who = state.current.name
    # Its entry says ATTACK: whether players may avoid it is not the reader's choice (6.14.3).
    assert state.legal_actions() == [{"type": "mayhem", "player": who, "attack": True}]
    refused = state.check({"type": "mayhem", "player": who, "attack": False})
    assert refused[0].code == "mayhem-printed" and "6.14.3" in refused[0].rule
    state.apply({"type": "mayhem", "player": who, "attack": True})
    names = [p.name for p in state.players]
    i = names.index(who)
    assert decline_rest(state) == names[i:] + names[:i]  # clockwise from the active player
    assert any('"test text"' in e["text"] for e in state.by_hand_open)
    state.apply({"type": "resolved", "player": who})
    assert state.destroyed[-1] == "Test Mayhem" and state.line_up[-1] == "Glyph"


@pytest.mark.parametrize("text, keywords, offered", [
    ("ATTACK: Each player discards a card.", [], [True]),  # the icon's text, as quoted
    ("Each player heals 1 HP.", [], [False]),  # its text recorded, with no ATTACK
    (None, ["ONGOING"], [False]),  # its keywords recorded, without ATTACK
    (None, [], [True, False]),  # nothing recorded: the reader says (its printed icon)
])
def test_whether_a_catalog_mayhem_is_an_attack_is_read_from_its_entry(text, keywords, offered):
    catalog = {**CATALOG, "mayhems": [
        {"name": "Entered Mayhem", "entry": "entered-mayhem", "type": "mayhem", "copies": 1,
         "text": text, "abilities": [], "keywords": keywords}]}
    state = _revealing("Entered Mayhem", catalog)
    who = state.current.name
    assert [a["attack"] for a in state.legal_actions()] == offered
    for attack in (True, False):
        problems = state.check({"type": "mayhem", "player": who, "attack": attack})
        assert (not problems) is (attack in offered)
    # A stand-in Mayhem is always the reader's call: the rulebook prints none.
    assert [a["attack"] for a in _revealing("Mayhem", catalog).legal_actions()] == [True, False]


def test_without_catalog_mayhems_the_catalog_kept_is_as_before():
    assert "mayhems" not in dealt(CATALOG)["catalog"]
