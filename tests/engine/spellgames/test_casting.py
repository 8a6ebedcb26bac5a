"""A spell cast component by component: Reactions (rumble 23) and Blood costs (rumble 18.9-18.11)."""
import pytest

from engine.core import EngineError
from engine.spellgames import apply, new_spell_game, preflight, score_state
from tests.engine.spellgames.test_combat import codes, hit, run

SPELL = {"type": "place_spell", "wizard": "A", "components": [
    {"name": "Self-Harm Source"}, {"name": "Revenge Quality", "reaction": True},
    {"name": "Spite Delivery", "reaction": True}]}


def resolve(index, wizard="A"):
    return {"type": "resolve_component", "wizard": wizard, "component": index}


def test_reaction_fires_after_a_self_inflicted_death():
    """rumble 23.5: your own Source kills you; Reactions on Quality and Delivery trigger."""
    state = new_spell_game("rumble", ["A", "B", "C"])
    state, events = run(state, SPELL, resolve(0), hit("A", 20, source="A"))
    fired = [e for e in events if e["type"] == "reaction"]
    assert [e["card"] for e in fired] == ["Revenge Quality", "Spite Delivery"]
    assert fired[0]["rule"] == "rumble 23.4"
    assert not any(e["type"] == "flag" and "Reaction" in e["text"] for e in events)


def test_a_started_reaction_does_not_fire():
    """rumble 23.5: your own Delivery kills you; its Reaction does not trigger."""
    state = new_spell_game("rumble", ["A", "B", "C"])
    state, events = run(state, SPELL, resolve(0), resolve(1), resolve(2),
                        hit("A", 20, source="A"))
    assert not [e for e in events if e["type"] == "reaction"]
    assert sum(e["rule"] == "rumble 23.5" for e in events) == 2


def test_reaction_fires_when_a_foe_kills_you_first():
    state = new_spell_game("rumble", ["A", "B", "C"])
    state, events = run(state, SPELL, hit("A", 20, source="B"))
    assert len([e for e in events if e["type"] == "reaction"]) == 2
    assert state.casting["components"][1]["status"] == "reaction"
    assert codes(state, resolve(1)) == ["component-started"]


def test_blood_cost_refused_when_only_the_same_components_kill_pays_it():
    """rumble 18.11: you cannot kill a foe, gain 3 Blood and pay the cost of that component."""
    state = new_spell_game("rumble", ["A", "B", "C"])
    state.wizard("B").hp = 2
    state, events = run(state, SPELL, resolve(0), hit("B", 2, source="A"))
    assert state.wizard("A").blood == 3  # from the kill
    pay = {"type": "pay_blood", "wizard": "A", "amount": 3, "component": 0}
    problems = preflight(state, pay)
    assert [p.code for p in problems] == ["cost-after-acting"]
    assert "kill" in problems[0].message and problems[0].rule == "rumble 18.11"
    assert not apply(state, pay).ok


def test_blood_cost_paid_as_the_component_activates_once():
    state = new_spell_game("rumble", ["A", "B", "C"])
    state.wizard("A").blood = 5
    pay = {"type": "pay_blood", "wizard": "A", "amount": 2, "component": 1}
    assert codes(state, pay) == ["component-not-resolving"]
    state, _ = run(state, SPELL, resolve(0), resolve(1), pay)
    assert state.wizard("A").blood == 3
    assert codes(state, pay) == ["blood-paid"]
    state, _ = run(state, hit("B", 4, source="A"))
    assert "cost-after-acting" in codes(state, {**pay, "component": 1})


def test_casting_is_json_and_cleared_at_the_end_of_the_round():
    state = new_spell_game("rumble", ["A", "B"])
    state, _ = run(state, SPELL, resolve(0))
    assert type(state).from_dict(state.to_dict()).casting == state.casting
    state, _ = run(state, {"type": "end_round"})
    assert state.casting is None


# --- Anarchy: the Champion's Challenge, and the end of the game ------------------

def test_end_of_round_challenge_awards_applause():
    """anarchy 20.6: completing the Challenge gains an Applause token."""
    state = new_spell_game("anarchy", ["A", "B", "C"])
    state, events = run(state, {"type": "end_round", "challenge_winners": ["B"]})
    assert len(state.wizard("B").applause) == 1 and not state.wizard("A").applause
    assert any(e["type"] == "applause" and e["rule"] == "anarchy 20.6" for e in events)


def test_too_few_tokens_go_to_the_highest_rolls_first():
    """anarchy 20.7: more Challenge winners than tokens: die rolls, highest first."""
    state = new_spell_game("anarchy", ["A", "B", "C"])
    state.applause_pool = {"2": 1, "3": 0, "4": 0}
    state, events = run(state, {"type": "end_round", "challenge_winners": ["A", "B", "C"]})
    rolls = next(e["rolls"] for e in events if e["type"] == "roll-off")
    best = max(rolls, key=rolls.get)
    assert [w.name for w in state.wizards if w.applause] == [best]
    assert sum(state.applause_pool.values()) == 0


def test_no_challenge_once_the_game_has_ended():
    """anarchy 23.2: the last Dead Wizard token ends the game at once; no Challenge after."""
    state = new_spell_game("anarchy", ["A", "B"])
    state.dead_wizard_tokens_left = 1
    state, _ = run(state, hit("A", 20, source="B"))
    assert state.over
    assert "game-over" in codes(state, {"type": "end_round", "challenge_winners": ["A"]})
    assert score_state(state)["explanation"][0]["rule"] == "anarchy 23.2"


def test_challenge_winners_must_be_wizards():
    state = new_spell_game("anarchy", ["A", "B"])
    with pytest.raises(EngineError):
        preflight(state, {"type": "end_round", "challenge_winners": ["Zed"]})
