"""Satanic Panic's scripted cards, played by the deck-builder interpreter (abilities.py).

Each of the 13 entries whose text the rulebook gives carries its abilities in
fixtures/satanic-panic.json; the engine's own copies (cards, setup's tiles) must
be the same data, and each test plays one through the core.
"""
import json
from pathlib import Path

import pytest

from engine.deckbuilder import TurnState
from engine.deckbuilder.abilities import plays
from engine.deckbuilder.cards import BUILTIN, TOKEN_ABILITIES
from engine.deckbuilder.setup import TILE_ABILITIES, TILE_SLUGS, TILE_TEXTS
from tests.engine.deckbuilder import decline, first_devil_up

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "satanic-panic.json"
ENTRIES = {e["slug"]: e for e in json.loads(FIXTURE.read_text())["games"][0]["entries"]}
SCRIPTED = {slug: e for slug, e in ENTRIES.items() if e.get("abilities")}
LUCKY, BALL, POT, BUDDIES = ("Lucky's Lucky Wand", "Enslave-'Em-All Ball", "Little Pot o' Gold",
                             "Lil' Buddies")


def engine_abilities(entry):
    """The engine's copy of an entry's abilities, or None when the engine runs the entry
    by its own rule (the Standee, The Satanic Shuffle, Terrible Temptation)."""
    tile = next((k for k, slug in TILE_SLUGS.items() if slug == entry["slug"]), None)
    if tile:
        return TILE_ABILITIES[tile]
    if entry["name"] in TOKEN_ABILITIES:
        return TOKEN_ABILITIES[entry["name"]]
    card = BUILTIN.get(entry["name"])
    return card.abilities or None if card else None


def test_thirteen_entries_are_scripted():
    assert len(SCRIPTED) == 13


@pytest.mark.parametrize("slug", sorted(SCRIPTED))
def test_the_engine_plays_the_catalogs_abilities(slug):
    """No twin drifting apart: the engine's data is the catalog's, entry by entry."""
    entry = SCRIPTED[slug]
    mine = engine_abilities(entry)
    if mine is None:  # a rule of the engine runs it (play.py), the catalog flags it by hand
        assert entry["name"] in ("Satan's Salute Standee", "The Satanic Shuffle",
                                 "Terrible Temptation")
        assert all(e["do"] == "by-hand" for a in entry["abilities"] for e in a["effects"])
        return
    assert mine == entry["abilities"]
    tile = next((k for k, s in TILE_SLUGS.items() if s == slug), None)
    if tile:
        assert TILE_TEXTS[tile] == entry["text"]


def test_which_scripted_entries_play_without_help():
    playing = sorted(e["name"] for e in SCRIPTED.values() if plays(e["abilities"]))
    assert playing == [POT, LUCKY, "PRIDE"]


def game(tiles=("lucky-wand", "enslave-ball"), players=3, seed=2):
    st = TurnState.new_game(players, False, seed=seed, ability_tiles=list(tiles))
    for p in st.players:
        p.hand = []
    return st


def texts(events):
    return [e["text"] for e in events]


# --- Lucky's Lucky Wand ----------------------------------------------------------

def test_luckys_lucky_wand_gives_power_and_attacks_its_target():
    st = game()
    me, foe = st.players[0], st.players[1]
    me.hand = [LUCKY]
    offered = [a for a in st.legal_actions() if a["type"] == "play"]
    assert {a["target"] for a in offered} == {p.name for p in st.players}  # a player: even you
    events = st.apply({"type": "play", "card": LUCKY, "target": foe.name})
    events += decline(st, foe.name)
    assert st.power == 1 and foe.hp == 15 and me.played == [LUCKY]
    assert f"{LUCKY} deals 5 damage to {foe.name}." in texts(events)
    assert "Little Pot o' Gold" not in me.discard  # not defeated this way


def test_luckys_lucky_wand_can_be_avoided_with_a_defense():
    """6.2: the target holding a DEFENSE (a Familiar) decides; avoiding keeps the +1 Power."""
    st = game()
    me, foe = st.players[0], st.players[1]
    me.hand, foe.hand = [LUCKY], ["Adam"]
    st.apply({"type": "play", "card": LUCKY, "target": foe.name})
    assert st.actor() == foe.name and st.pending["type"] == "defense"
    assert st.legal_actions() == [{"type": "defend", "player": foe.name, "card": "Adam"},
                                  {"type": "no-defense", "player": foe.name}]
    st.apply({"type": "defend", "player": foe.name, "card": "Adam"})
    assert foe.hp == 20 and st.power == 1 and st.actor() == me.name and st.runs == []


def test_luckys_lucky_wand_kill_gains_a_little_pot_o_gold_then_it_draws_2():
    st = game()
    me, foe = st.players[0], st.players[1]
    me.hand, foe.hp = [LUCKY], 4
    pots = st.supplies["Little Pot o' Gold"]
    st.apply({"type": "play", "card": LUCKY, "target": foe.name})
    decline(st, foe.name)
    assert foe.dead_wizard_tokens and foe.hp == 20 and st.standee == me.name
    assert me.discard == [POT] and st.supplies["Little Pot o' Gold"] == pots - 1
    me.hand, me.deck = [POT], ["Glyph", "Fizzle", "Glyph"]
    st.apply({"type": "play", "card": POT})
    assert me.hand == ["Glyph", "Fizzle"] and st.power == 1


def test_luckys_lucky_wand_on_yourself_is_no_kill_for_the_standee():
    st = game()
    me = st.players[0]
    me.hand, me.hp = [LUCKY], 3
    st.apply({"type": "play", "card": LUCKY, "target": me.name})
    assert me.dead_wizard_tokens and st.standee is None  # 6.17.3: no Standee for yourself
    # Reading: the text's condition is the target's death, so it holds for you too.
    assert POT in me.discard


# --- Enslave-'Em-All Ball and Lil' Buddies -----------------------------------------

def test_enslave_ball_draws_and_its_activate_is_an_action_once_this_turn():
    st = game()
    me = st.players[0]
    me.hand, me.deck = [BALL], ["Glyph"]
    st.apply({"type": "play", "card": BALL})
    assert st.power == 1 and me.hand == ["Glyph"]
    activate = {"type": "activate", "player": me.name, "card": BALL}
    assert activate in st.legal_actions()
    events = st.apply(activate)
    assert any(e.get("flag") and "next time you gain a Creature" in e["text"] for e in events)
    assert st.by_hand_open and activate not in st.legal_actions()
    assert st.check(activate)[0].code == "not-activatable"


def test_an_unused_activate_is_wasted_at_the_end_of_the_turn():
    st = game()
    st.players[0].hand = [BALL]
    st.apply({"type": "play", "card": BALL})
    events = st.apply({"type": "end-turn"})
    assert any("wasted" in t and BALL in t for t in texts(events))
    assert st.activations == []


def test_lil_buddies_pass_by_the_tiles_attack_heal_and_return_at_the_end_of_the_turn():
    """6.21.3: once per turn, ATTACK: another player gains 1 of your Lil' Buddies (they may
    avoid it with a DEFENSE, 6.2.2). Played: +1 Power, heal 1; at the end of that turn it
    returns to the tile's owner, who sets it aside and draws a card (6.21.4)."""
    st = first_devil_up(game(tiles=("lil-buddies",), players=2))
    owner, foe = st.players
    assert len(owner.set_aside) == 7
    attack = {"type": "tile", "player": owner.name, "target": foe.name}
    assert attack in st.legal_actions()
    foe.hand = []
    st.apply(attack)
    decline(st, foe.name)
    assert foe.discard[-1] == BUDDIES and len(owner.set_aside) == 6
    refused = st.check(attack)[0]
    assert (refused.code, refused.rule) == ("once-per-turn", "satanic-panic 6.21.3")
    assert not any(a["type"] == "tile" for a in st.legal_actions())
    st.apply({"type": "end-turn"})
    assert st.current is foe and not any(a["type"] == "tile" for a in st.legal_actions())
    foe.hand, foe.hp = [BUDDIES], 10
    foe.discard.remove(BUDDIES)
    st.apply({"type": "play", "card": BUDDIES})
    assert st.power == 1 and foe.hp == 11
    hand, owner.deck = len(owner.hand), ["Glyph"]
    events = st.apply({"type": "end-turn"})
    assert len(owner.set_aside) == 7 and len(owner.hand) == hand + 1
    assert BUDDIES not in foe.discard + foe.hand + foe.deck
    assert not any(e.get("flag") and e["card"] == BUDDIES for e in events)
    # The owner's turn again: the tile may ATTACK once more; a DEFENSE avoids it.
    foe.hand = ["Adam"]
    st.apply(attack)
    st.apply({"type": "defend", "player": foe.name, "card": "Adam"})
    assert len(owner.set_aside) == 7


# --- PRIDE and the Dead Wizard Tokens tile ------------------------------------------

def test_pride_gained_from_a_card_effect_discards_then_the_card_goes_on():
    """A catalog card: gain a Dead Wizard Token, then draw. PRIDE's discard pauses the card."""
    st = TurnState.new_game(2, False, seed=3, card_defs={"Grave Card": {"kind": "main", "abilities": [
        {"trigger": "resolved", "effects": [{"do": "dead-wizard-tokens", "amount": 1},
                                            {"do": "draw", "amount": 1}]}]}})
    me = st.players[0]
    me.hand, me.deck = ["Grave Card", "Fizzle", "Glyph"], ["Glyph"]
    st.dead_wizard_token_stack[0] = "PRIDE"
    st.apply({"type": "play", "card": "Grave Card"})
    assert me.dead_wizard_tokens == ["PRIDE"] and st.pending["type"] == "discard"
    assert len(me.hand) == 2  # the draw waits for the discard
    st.apply({"type": "discard", "player": me.name, "card": "Fizzle"})
    assert me.hand == ["Glyph", "Glyph"] and st.runs == [] and st.pending is None


def test_the_dead_wizard_tokens_tile_end_of_game_runs_through_the_interpreter():
    st = game(tiles=("dead-wizard-tokens",))
    me = st.players[0]
    me.dead_wizard_tokens = ["DWT 3", "DWT 22", "DWT 11", "DWT 5"]
    events_before = len(st.log)
    st.final_tally()
    assert sorted(me.dead_wizard_tokens) == ["DWT 3", "DWT 5"]
    assert any(e["rule"] == "satanic-panic 7.11.1" and "END OF GAME" in e["text"]
               for e in st.log[events_before:])


# --- the language's other effects, on catalog cards ---------------------------------

def card_game(abilities, players=3):
    st = TurnState.new_game(players, False, seed=4,
                            card_defs={"Test Card": {"kind": "main", "abilities": abilities}})
    for p in st.players:
        p.hand = []
    return st


def test_an_attack_on_each_foe_asks_each_defender_clockwise():
    st = card_game([{"trigger": "attack", "effects": [
        {"do": "damage", "amount": 2, "target": "each-foe"}]}])
    me, second, third = st.players
    me.hand, second.hand, third.hand = ["Test Card"], ["Adam"], ["Steve"]
    st.apply({"type": "play", "card": "Test Card"})
    assert st.actor() == second.name
    st.apply({"type": "no-defense", "player": second.name})
    assert second.hp == 18 and st.actor() == third.name
    st.apply({"type": "defend", "player": third.name, "card": "Steve"})
    assert third.hp == 20 and st.actor() == me.name


def test_destroy_is_the_players_choice_from_hand_or_discard():
    st = card_game([{"trigger": "resolved", "effects": [{"do": "destroy", "amount": 1}]}])
    me = st.players[0]
    me.hand, me.discard = ["Test Card", "Fizzle"], ["Glyph"]
    st.apply({"type": "play", "card": "Test Card"})
    assert {(a["zone"], a["card"]) for a in st.legal_actions()} == {("hand", "Fizzle"),
                                                                    ("discard", "Glyph")}
    st.apply({"type": "destroy", "player": me.name, "zone": "hand", "card": "Fizzle"})
    assert "Fizzle" in st.destroyed and st.pending is None


def test_gaining_is_refused_for_mayhems_and_ignored_by_satan():
    st = card_game([{"trigger": "resolved", "effects": [{"do": "gain-card", "card": "Mayhem"},
                                                        {"do": "gain-card",
                                                         "card": "Burning Limp Wand"}]}])
    me = st.players[0]
    me.hand = ["Test Card"]
    events = st.apply({"type": "play", "card": "Test Card"})
    assert me.discard == ["Burning Limp Wand"]
    assert any(e["rule"] == "satanic-panic 6.14.9" for e in events)


def test_what_the_language_cannot_say_is_flagged_and_can_be_applied_by_hand():
    st = card_game([{"trigger": "resolved", "effects": [
        {"do": "by-hand", "text": "Each foe passes a card to the left."},
        {"do": "damage", "amount": 1, "target": "strongest-foe"}]}])
    me, foe = st.players[0], st.players[1]
    me.hand = ["Test Card"]
    events = st.apply({"type": "play", "card": "Test Card"})
    flags = [e["text"] for e in events if e.get("flag")]
    assert len(flags) == 2 and "passes a card" in flags[0] and "strongest foe" in flags[1]
    assert len(st.by_hand_open) == 2
    apply = {"type": "apply", "player": me.name, "target": foe.name,
             "effect": {"do": "damage", "amount": 1, "target": "self"}}
    assert st.check(apply) == []
    st.apply(apply)
    assert foe.hp == 19
    bad = {**apply, "effect": {"do": "damage", "amount": 1, "target": "each-foe"}}
    assert st.check(bad)[0].code == "bad-effect"


def test_an_ongoing_cards_abilities_last_turn_after_turn():
    """6.6.4: ONGOING cards give their abilities turn after turn while in play. Its "at the
    end of your turn" runs at each of its controller's ends of turn (End of Turn 3), from
    the turn it is played; its Activate may be used once in each of their turns."""
    abilities = [{"trigger": "end-of-turn", "effects": [{"do": "heal", "amount": 1}]},
                 {"trigger": "activate", "effects": [{"do": "gain-power", "amount": 2}]}]
    st = first_devil_up(TurnState.new_game(2, False, seed=4, card_defs={
        "Test Location": {"kind": "main", "ongoing": True, "abilities": abilities}}))
    me = st.players[0]
    me.hand, me.hp = ["Test Location"], 10
    st.apply({"type": "play", "card": "Test Location"})
    assert me.ongoing == ["Test Location"]
    activate = {"type": "activate", "player": me.name, "card": "Test Location"}
    st.apply(activate)
    assert st.power == 2 and activate not in st.legal_actions()
    st.apply({"type": "end-turn"})
    assert me.hp == 11
    st.apply({"type": "end-turn"})  # the other player's turn
    assert st.current is me and activate in st.legal_actions()
    st.apply(activate)
    assert st.power == 2 and activate not in st.legal_actions()
    st.apply({"type": "end-turn"})
    assert me.hp == 12 and me.ongoing == ["Test Location"]
