"""The spell-round flow the sandbox drives (pure Python: no database)."""
import random

import pytest

from engine.core import EngineError
from engine.families import family_for
from engine.spellgames import rounds as sr
from tests.engine.playouts import new_table
from tests.sandbox.players import fixture_catalog

BANDS = [{"low": 1, "high": 6, "effect": "2 damage"},
         {"low": 7, "high": None, "effect": "4 damage"}]


def card(kind, glyph=None, initiative=None, **extra):
    return {"type": kind, "glyph": glyph, "initiative": initiative, "bands": BANDS, **extra}


def step(state, action):
    new, events = sr.apply(state, action)
    return new, events


def built(game="rumble", spells=None, champion=None, seed=1):
    spells = spells or {"A": [card("delivery", "dark", 14)],
                        "B": [card("source", "arcane"), card("delivery", "dark", 3)]}
    state = sr.new_state(game, list(spells), seed, champion=champion)
    for wizard, cards in spells.items():
        for c in cards:
            state, _ = step(state, {"type": "add_card", "wizard": wizard, "card": c})
        state, _ = step(state, {"type": "ready", "wizard": wizard})
    state, _ = step(state, {"type": "reveal"})
    return state


def test_turn_order_fewer_components_first_then_initiative():
    """Turn Order: one component acts before two; the order is logged with its dice."""
    assert built()["order"] == ["A", "B"]
    tied = built(spells={"A": [card("delivery", "dark", 9)], "B": [card("delivery", "dark", 9)]})
    assert tied["order_info"]["ties"][0]["rolls"]  # the roll-off dice are kept


def test_a_spell_resolves_in_nameplate_order_and_the_next_caster_follows():
    """Reveal Your Spell: Source, then Quality, then Delivery."""
    state = built()
    state, _ = step(state, {"type": "power_roll", "wizard": "A"})
    state, _ = step(state, {"type": "next", "wizard": "A"})
    assert sr.caster(state) == "B"
    assert [c["type"] for c in state["queue"]] == ["source", "delivery"]


def test_a_power_roll_counts_matching_glyphs_with_creatures_and_the_champion():
    """Power Rolls: one die per matching glyph in play (spell, Creatures, Champion)."""
    spells = {"A": [card("source", "primal"), card("delivery", "primal", 5)],
              "B": [card("delivery", "dark", 2)]}
    state = built("anarchy", spells, champion={"name": "Krazztar", "glyph": "primal"})
    assert sr.caster(state) == "B"
    state, _ = step(state, {"type": "power_roll", "wizard": "B"})
    assert len(state["roll"]["dice"]) == 1
    state, _ = step(state, {"type": "keep_creature", "wizard": "A",
                            "creature": {"name": "Pal", "glyph": "primal"}})
    state, _ = step(state, {"type": "next", "wizard": "B"})
    state, _ = step(state, {"type": "power_roll", "wizard": "A"})
    labels = [c["from"] for c in state["roll"]["counted"]]
    assert sorted(labels) == ["champion", "creature", "spell", "spell"]
    assert len(state["roll"]["dice"]) == 4
    band = state["roll"]["band"]
    assert band == ("1-6" if state["roll"]["total"] <= 6 else "7+")


def test_a_power_roll_is_made_once_and_only_by_the_caster():
    state = built()
    assert sr.check(state, {"type": "power_roll", "wizard": "B"})[0].code == "not-your-turn"
    assert sr.check(state, {"type": "next", "wizard": "A"})[0].code == "roll-first"
    state, _ = step(state, {"type": "power_roll", "wizard": "A"})
    assert sr.check(state, {"type": "power_roll", "wizard": "A"})[0].code == "already-rolled"


def test_wild_magic_is_replaced_by_a_card_of_its_slots_type_before_it_resolves():
    """Wild Magic: replaced on reveal by the first card of its slot's type."""
    spells = {"A": [{"type": "wild-magic"}, card("delivery", "dark", 8)],
              "B": [card("delivery", "dark", 3)]}
    state = built(spells=spells)
    state, _ = step(state, {"type": "power_roll", "wizard": "B"})
    state, _ = step(state, {"type": "next", "wizard": "B"})
    assert sr.current_card(state)["type"] == "wild-magic"
    assert sr.current_card(state)["slot"] == "source"
    assert sr.check(state, {"type": "power_roll", "wizard": "A"})[0].code == "replace-wild-magic"
    wrong = {"type": "replace_wild_magic", "wizard": "A", "card": card("quality", "dark")}
    assert sr.check(state, wrong)[0].code == "wrong-type"
    state, events = step(state, {"type": "replace_wild_magic", "wizard": "A"})
    assert sr.current_card(state)["type"] == "source"
    assert "Wild Magic is replaced by" in events[0]["text"]


def test_every_wild_magic_is_replaced_on_reveal_before_anything_resolves():
    """Rumble 19.3-19.4: as soon as the spell is revealed, each Wild Magic is replaced, and
    only then is the spell read: a Wild Magic in the Delivery slot is replaced before the
    Source rolls, so the new card's glyph counts among the Source's dice."""
    spells = {"A": [card("source", "dark"), {"type": "wild-magic"}],
              "B": [card("source", "arcane"), card("quality", "arcane"),
                    card("delivery", "arcane", 5)]}
    state = built(spells=spells)  # two cards before three
    assert sr.caster(state) == "A" and sr.current_card(state)["type"] == "source"
    assert [a["type"] for a in sr.legal_actions(state)] == ["replace_wild_magic"]
    assert sr.check(state, {"type": "power_roll", "wizard": "A"})[0].code == "replace-wild-magic"
    replaced = {"type": "replace_wild_magic", "wizard": "A",
                "card": card("quality", "dark")}
    state, _ = step(state, replaced)
    assert [c["type"] for c in state["queue"]] == ["source", "quality"]
    assert sr.current_card(state)["type"] == "source"
    assert sr._power_dice(state, sr._core(state), "A")["dice"] == 2
    assert sr.check(state, replaced)[0].code == "not-wild-magic"


def test_an_illegal_spell_cannot_be_announced():
    """Building a Spell: at most three components."""
    state = sr.new_state("rumble", ["A", "B"], 1)
    for kind in ("source", "quality", "delivery"):
        state, _ = step(state, {"type": "add_card", "wizard": "A", "card": card(kind, "dark", 4)})
    fourth = {"type": "add_card", "wizard": "A", "card": {"type": "wild-magic"}}
    assert sr.check(state, fourth)[0].code == "too-many-components"
    assert fourth not in sr.legal_actions(state)
    assert sr.check(state, {"type": "reveal"})[0].code == "not-ready"
    state, _ = step(state, {"type": "remove_card", "wizard": "A", "index": 0})
    twin = {"type": "add_card", "wizard": "A", "card": card("quality", "arcane")}
    assert sr.check(state, twin)[0].code == "duplicate-quality"
    assert sr.check(state, {**twin, "card": {"type": "wild-magic"}}) == []


def test_a_slain_wizards_spell_does_not_resolve():
    """Rumble, Dead Wizard: a slain wizard's spell is skipped this round."""
    state = built()
    state, _ = step(state, {"type": "damage", "target": "B", "amount": 20, "source": "A"})
    assert state["phase"] == "game-over"  # the last wizard standing ends the game
    assert sr.result(state) is None  # the match goes on: first to two tokens
    state, _ = step(state, {"type": "new_game"})
    assert state["phase"] == "build" and state["round"] == 2


def test_dead_casters_are_skipped():
    spells = {"A": [card("delivery", "dark", 14)], "B": [card("delivery", "dark", 3)],
              "C": [card("source", "dark"), card("delivery", "dark", 3)]}
    state = built(spells=spells)
    state, _ = step(state, {"type": "damage", "target": "B", "amount": 25, "source": "A"})
    state, _ = step(state, {"type": "power_roll", "wizard": "A"})
    state, events = step(state, {"type": "next", "wizard": "A"})
    assert sr.caster(state) == "C"
    assert any(e["type"] == "skip" and e["wizard"] == "B" for e in events)


def test_end_of_round_gives_the_standee_holder_blood():
    """The Standee: 1 Blood at the end of each round; the next round starts empty."""
    state = built()
    state, _ = step(state, {"type": "take_standee", "wizard": "B"})
    for wizard in ("A", "B", "B"):
        if sr.current_card(state) and sr.current_card(state)["bands"] and not state["roll"]:
            state, _ = step(state, {"type": "power_roll", "wizard": wizard})
        state, _ = step(state, {"type": "next", "wizard": wizard})
    assert state["phase"] == "end"
    state, _ = step(state, {"type": "end_round"})
    assert state["game"]["wizards"][1]["blood"] == 1
    assert state["phase"] == "build" and state["spells"] == {"A": [], "B": []}


def test_bad_input_raises_engine_errors():
    state = built()
    with pytest.raises(EngineError):
        sr.check(state, {"type": "power_roll", "wizard": "Nobody"})
    with pytest.raises(EngineError):
        sr.check(sr.new_state("rumble", ["A", "B"], 1),
                 {"type": "add_card", "wizard": "A", "card": {"type": "spell"}})
    with pytest.raises(EngineError):
        sr.apply(state, {"type": "power_roll", "wizard": "B"})  # refused: out of turn


def test_a_dead_wizard_draws_at_the_start_of_each_round_not_at_reveal():
    """Rumble 21.2: each dead wizard draws a Dead Wizard card at the start of each round
    (a wizard slain before round 1's reveal has drawn one card, not two)."""
    state = sr.new_state("rumble", ["A", "B", "C"], 1)
    state, _ = step(state, {"type": "damage", "target": "C", "amount": 20, "source": "A"})
    cards = lambda s: next(w for w in s["game"]["wizards"] if w["name"] == "C")[  # noqa: E731
        "dead_wizard_cards"]
    assert cards(state) == 1
    for wizard in ("A", "B"):
        state, _ = step(state, {"type": "add_card", "wizard": wizard,
                                "card": card("delivery", "dark", 3)})
        state, _ = step(state, {"type": "ready", "wizard": wizard})
    state, _ = step(state, {"type": "reveal"})
    assert cards(state) == 1
    while state["phase"] == "resolve":
        state, _ = step(state, {"type": "power_roll", "wizard": sr.caster(state)})
        state, _ = step(state, {"type": "next", "wizard": sr.caster(state)})
    state, events = step(state, {"type": "end_round"})
    assert cards(state) == 2 and state["round"] == 2
    assert any(e["rule"] == "rumble 21.1" and "C" in e["text"] for e in events)


def test_a_blood_payment_during_a_component_is_its_cost_named_or_not():
    """Rumble 18.9-18.11: Blood paid while a component resolves is that component's cost:
    once, and only before it deals damage; naming the component or not changes nothing."""
    spells = {"A": [{"type": "source", "glyph": "dark", "name": "Costly"}],
              "B": [card("source", "dark"), card("delivery", "dark", 2)]}
    state = sr.new_state("rumble", list(spells), 1)
    state, _ = step(state, {"type": "gain_blood", "wizard": "A", "amount": 5})
    for wizard, cards in spells.items():
        for c in cards:
            state, _ = step(state, {"type": "add_card", "wizard": wizard, "card": c})
        state, _ = step(state, {"type": "ready", "wizard": wizard})
    state, _ = step(state, {"type": "reveal"})
    assert sr.caster(state) == "A"
    pay = {"type": "pay_blood", "wizard": "A", "amount": 2}
    acted, _ = step(state, {"type": "damage", "target": "B", "amount": 3, "source": "A"})
    late = sr.check(acted, pay)
    assert [p.code for p in late] == ["cost-after-acting"] and late[0].rule == "rumble 18.11"
    paid, events = step(state, pay)
    assert "for Costly" in events[-1]["text"]
    assert [p.code for p in sr.check(paid, pay)] == ["blood-paid"]


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_a_free_tables_offered_cards_are_parsed_cards(game):
    """legal_actions checks its own add_card offers without parsing their cards again
    (check's ``offered``): that holds only while parse_card of an offered card is itself,
    and the offers are then exactly what a posted card is checked as."""
    from engine.spellgames.cards import parse_card

    state = sr.new_state(game, ["Alice", "Bob"], 3)
    offered = [a for a in sr.legal_actions(state) if a["type"] == "add_card"]
    assert offered
    for action in offered:
        assert parse_card(action["card"]) == action["card"]
        assert sr.check(state, action) == sr.check(state, action, offered=True) == []


@pytest.mark.parametrize("game, players, seed", [
    ("rumble", 2, 1), ("rumble", 3, 2), ("rumble", 6, 3), ("anarchy", 3, 4), ("anarchy", 5, 5)])
def test_the_build_phase_shortcut_offers_what_checking_each_candidate_offers(game, players, seed):
    """legal_actions' dealt build phase (_legal_build) works out add_card per wizard and
    kind of card: the same list, in the same order, as check on every candidate, over
    seeded random play (the catalog's cards and stand-ins, Wild Magic, Rally, full spells)."""

    family = family_for(game)
    source, family.catalog_source = family.catalog_source, fixture_catalog
    try:
        _, state = new_table(game, players, {}, seed)
    finally:
        family.catalog_source = source
    rnd, seen = random.Random(seed), 0
    for _ in range(1500):
        if sr.is_terminal(state):
            break
        legal = sr.legal_actions(state)
        if state["phase"] == "build" and not state.get("reactions"):
            core = sr._core(state)
            assert legal == [a for a in sr._candidates(state, core)
                             if not sr.check(state, a, core, offered=True)]
            seen += 1
        state, _ = sr.apply(state, rnd.choice(legal))
    assert seen > 50
