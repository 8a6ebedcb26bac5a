"""Demoniac's card effects where the rulebook gives them, and cards an editor scripts in the
ability language (engine.demoniac.abilities): disturbances (10.2), the exorcist's power per
cross (9.5), divinities (7.13-7.15), relic powers (12.7); possessions' demons are flavour
(7.1); Demoniac has no Reactions. What the language cannot say is flagged, never skipped."""
import pytest

from engine.demoniac import DemoniacState
from engine.demoniac.abilities import plays
from engine.demoniac.components import HOLY_SPRITZ, SPOTS, disturbance_id

P, B, C = "pentagram", "blank", "cross"


def ability(trigger, *effects):
    return {"trigger": trigger, "effects": list(effects)}


WHISPER = {"name": "Unholy Whisper", "copies": 2, "abilities": [
    ability("resolved", {"do": "draw", "amount": 2})]}
SHOVE = {"name": "Sinful Shove", "abilities": [
    ability("resolved", {"do": "discard", "amount": 1, "target": "foe"})]}
SWAP = {"name": "Spooky Swap", "abilities": [
    ability("resolved", {"do": "by-hand", "text": "Swap two possessions of a foe."})]}


def table(players=3, seed=1, **catalog):
    return DemoniacState.new_game(players, seed=seed, catalog=catalog, relic="relics" in catalog)


def in_hand(st, card):
    st.current.hand.append(card)
    return {"player": st.actor(), "type": "disturb", "card": card}


def codes(st, action):
    return [p.code for p in st.check(action)]


def test_a_scripted_disturbance_is_dealt_and_plays_its_effect():
    """creating disturbances 10.2: an immediate effect, then the discard pile."""
    st = table(disturbances=[WHISPER])
    card = disturbance_id("Unholy Whisper")
    dealt = st.deck + [c for p in st.players for c in p.hand]
    assert dealt.count(card) == 2 and len(dealt) == 54  # stand-ins fill the rest
    action = in_hand(st, card)
    assert action in st.legal_actions()
    hand = len(st.current.hand)
    events = st.apply(action)
    assert len(st.current.hand) == hand - 1 + 2 and st.discard[-1] == card
    assert any("draws 2" in e["text"] and e["rule"] == "demoniac 10.2" for e in events)
    assert not st.flags


def test_a_disturbance_aimed_at_a_foe_is_offered_once_per_foe():
    """10.3: the player picks the disturbance's target; the foe then discards."""
    st = table(disturbances=[SHOVE])
    card = disturbance_id("Sinful Shove")
    action = in_hand(st, card)
    offered = [a for a in st.legal_actions() if a["type"] == "disturb" and a["card"] == card]
    assert [a.get("target") for a in offered] == ["Player 2", "Player 3"]
    assert codes(st, action) == ["bad-target"]
    assert codes(st, {**action, "target": "Player 1"}) == ["bad-target"]
    st.apply({**action, "target": "Player 3"})
    assert st.pending == [{"player": "Player 3", "count": 1, "reason": "Sinful Shove"}]
    assert st.actor() == "Player 3"


def test_by_hand_text_is_flagged_never_skipped():
    st = table(disturbances=[SWAP])
    st.apply(in_hand(st, disturbance_id("Spooky Swap")))
    assert st.flags[-1]["by_hand"] == "Swap two possessions of a foe."
    assert st.flags[-1]["rule"] == "demoniac 10.2"


def test_a_stand_in_disturbance_says_its_text_is_not_given():
    st = table()
    action = in_hand(st, "disturbance")
    assert codes(st, {**action, "target": "Player 2"}) == ["no-target"]
    st.apply(action)
    assert "not given" in st.flags[-1]["text"]


def test_the_exorcists_power_triggers_once_per_cross_on_the_attacker():
    """ATTACKING 9.5: each cross left at the end of an attack triggers the power once."""
    st = table(exorcists=[{"name": "Father Frank", "abilities": [
        ability("cross", {"do": "discard", "amount": 1})]}])
    assert st.exorcist == "Father Frank"
    st.current.spots = dict(zip(SPOTS, ["body/666"] * 3 + [None, None], strict=True))
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [C, C, B]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.pending == [{"player": "Player 1", "count": 1, "reason": "Father Frank"}] * 2


def test_crosses_do_not_trigger_the_power_when_stealing_a_relic():
    """12.6: crosses are disregarded when stealing the relic."""
    st = table(exorcists=[{"name": "Father Frank", "abilities": [
        ability("cross", {"do": "discard", "amount": 1})]}], relics=[])
    st.current.spots = dict(zip(SPOTS, ["body/666"] * 3 + [None, None], strict=True))
    st.apply({"player": st.actor(), "type": "roll", "target": "relic", "faces": [C, C, B]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.pending == []


def test_a_destroyed_divinitys_scripted_effect_hits_the_attackers_opponents_only():
    """7.13-7.14: the holy effect falls on the opponents; the attacker is immune."""
    st = table(divinities=[{"name": f"Saint {n}", "strength": 1, "abilities": [
        ability("resolved", {"do": "draw", "amount": 1, "target": "each-foe"})]}
        for n in range(6)])
    assert all(d["name"].startswith("Saint") for d in st.divinities.values())
    st.current.spots = dict(zip(SPOTS, ["body/666"] * 3 + [None, None], strict=True))
    hands = {p.name: len(p.hand) for p in st.players}
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, B, B]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": ["top"]})
    assert {p.name: len(p.hand) - hands[p.name] for p in st.players} == {
        "Player 1": 0, "Player 2": 1, "Player 3": 1}


def test_holy_spritz_from_the_catalog_keeps_the_rulebooks_effect():
    """7.15: Holy Spritz forces the opponents to discard three cards."""
    st = table(divinities=[{"name": "Holy Spritz", "strength": 3, "abilities": []}])
    spritz = next(d for d in st.divinities.values() if d and d["name"] == HOLY_SPRITZ["name"])
    assert spritz["abilities"][0]["effects"][0] == {"do": "discard", "amount": 3,
                                                     "target": "each-foe"}


def test_a_relic_power_takes_effect_when_taken_and_its_lasting_part_is_flagged():
    """12.7: the power takes effect immediately and lasts while the relic is held."""
    st = table(relics=[{"name": "Cursed Chalice", "strength": 1, "abilities": [
        ability("resolved", {"do": "draw", "amount": 1}),
        ability("ongoing", {"do": "by-hand", "text": "Roll one more die."})]}])
    assert st.relic["name"] == "Cursed Chalice"
    st.current.spots = dict(zip(SPOTS, ["body/666"] * 3 + [None, None], strict=True))
    hand = len(st.current.hand)
    st.apply({"player": st.actor(), "type": "roll", "target": "relic", "faces": [P, B, B]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.relic["holder"] == "Player 1" and len(st.current.hand) == hand + 1
    assert st.flags[-1]["rule"] == "demoniac 12.7" and "while it is held" in st.flags[-1]["text"]


def test_possessions_demons_are_flavour_only():
    """POSSESSING YOUR VICTIM 7.1: each possession is a demon whose flavour text tells its
    suffering; playing one does nothing but fill a spot."""
    st = table()
    card = next(c for c in st.current.hand if c.startswith(("body/", "mind/")))
    events = st.apply({"player": st.actor(), "type": "possess", "card": card, "spot": "top"})
    assert [e["rule"] for e in events] == ["demoniac 7.2"] and not st.flags


def test_demoniac_has_no_reactions_a_reaction_script_does_not_play():
    """The rulebook has no Reactions: a disturbance scripted with one is flagged."""
    react = {"name": "Odd One", "abilities": [ability("reaction", {"do": "draw", "amount": 1})]}
    assert not plays(react["abilities"])
    st = table(disturbances=[react])
    st.apply(in_hand(st, disturbance_id("Odd One")))
    assert "by hand" in st.flags[-1]["text"]


@pytest.mark.parametrize("abilities, playing", [
    (WHISPER["abilities"], True), (SHOVE["abilities"], True), (SWAP["abilities"], False),
    ([ability("cross", {"do": "discard", "amount": 1})], True),
    ([ability("resolved", {"do": "damage", "amount": 1, "target": "foe"})], False)])
def test_what_plays_in_the_sandbox(abilities, playing):
    assert plays(abilities) is playing


def test_catalog_cards_come_first_and_the_log_says_which():
    st = table(victims=[{"name": "Barry", "body": 2, "mind": 3}])
    assert st.players[0].victim["name"] == "Barry" and st.players[1].victim["name"] == \
        "Little Linda"
    assert any("From the catalog: victims Barry" in e["text"] for e in st.log)
