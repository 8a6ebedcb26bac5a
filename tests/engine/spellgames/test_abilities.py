"""Scripted cards played through the core: the Full Spell Resolution Examples' cards."""
import json
from pathlib import Path

import pytest

from engine.abilities import describe, validate
from engine.core import EngineError
from engine.spellgames import new_spell_game
from engine.spellgames.abilities import plays, resolve_ability
from engine.spellgames.state import Creature

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def scripted(game: str) -> dict[str, list]:
    data = json.loads((FIXTURES / f"{game}.json").read_text(encoding="utf-8"))
    return {e["slug"]: e["abilities"] for e in data["games"][0]["entries"] if e.get("abilities")}


RUMBLE = scripted("rumble")


def table():
    """Rumble's example table: you, then Ann on your left, Dennis, Megan (clockwise)."""
    return new_spell_game("rumble", ["You", "Ann", "Dennis", "Megan"])


def play(state, slug, **kwargs):
    return resolve_ability(state, "You", RUMBLE[slug][0], **kwargs)


def test_adh_deezis_takes_an_unheld_standee_without_the_3_damage():
    """Full Spell Resolution Example: nobody had the Standee, so no 3 damage."""
    done = play(table(), "adh-deezis")
    assert done["done"] and done["state"].standee == "You"
    assert [w.hp for w in done["state"].wizards] == [20, 20, 20, 20]


def test_adh_deezis_from_a_living_foe_deals_3_to_a_different_foe():
    state = table()
    state.standee = "Ann"
    asked = play(state, "adh-deezis")
    assert not asked["done"] and asked["needs"]["options"] == ["Dennis", "Megan"]
    done = play(state, "adh-deezis", choices=["Megan"])
    assert done["state"].standee == "You" and done["state"].wizard("Megan").hp == 17
    assert done["state"].wizard("Ann").hp == 20


def seed_hitting_dennis() -> int:
    """A seed whose random foe is Dennis (faces 3-4), as in the example."""
    for seed in range(200):
        done = play(table(), "sparkling", seed=seed)
        if done["state"].wizard("Dennis").hp < 20:
            return seed
    raise AssertionError("no seed hits Dennis")


def test_sparkling_hits_a_random_foe_without_the_standee():
    seed = seed_hitting_dennis()
    done = play(table(), "sparkling", seed=seed)
    assert done["done"]
    hurt = [w.name for w in done["state"].wizards if w.hp < 20]
    assert hurt == ["Dennis"] and 14 <= done["state"].wizard("Dennis").hp <= 19
    assert any(e["type"] == "random-foe" for e in done["events"])


def test_sparkling_with_the_standee_then_deals_2_to_a_different_foe():
    """Example: Dennis takes one die; with the Standee you choose Megan for the 2."""
    state = table()
    state.standee = "You"
    seed = seed_hitting_dennis()
    asked = play(state, "sparkling", seed=seed)
    assert asked["needs"]["options"] == ["Ann", "Megan"]  # anyone but Dennis
    done = play(state, "sparkling", seed=seed, choices=["Megan"])
    assert done["state"].wizard("Megan").hp == 18 and done["state"].wizard("Ann").hp == 20
    with pytest.raises(EngineError):
        play(state, "sparkling", seed=seed, choices=["Dennis"])


def test_tentakiller_5_to_9_deals_2_and_stays():
    """Example: a 7 lands in "5-9: 2 damage. KEEP"; Megan takes 2 and the Creature stays."""
    card = {"name": "Tentakiller", "glyph": "illusion"}
    done = play(table(), "tentakiller", roll_total=7, card=card, choices=["Megan"])
    assert done["keep"] and done["state"].wizard("Megan").hp == 18
    assert [c.name for c in done["state"].wizard("You").creatures] == ["Tentakiller"]
    again = play(done["state"], "tentakiller", roll_total=5, card={**card, "kept": True},
                 choices=["Ann"])
    assert len(again["state"].wizard("You").creatures) == 1  # kept once, not twice


def test_tentakiller_targets_only_foes_without_creatures():
    state = table()
    state.wizard("Ann").creatures.append(Creature("Pal"))
    asked = play(state, "tentakiller", roll_total=6)
    assert asked["needs"]["options"] == ["Dennis", "Megan"]


def test_tentakiller_band_not_in_the_rulebook_is_applied_by_hand():
    done = play(table(), "tentakiller", roll_total=11)
    assert done["done"] and done["by_hand"]
    assert [w.hp for w in done["state"].wizards] == [20, 20, 20, 20]


def test_a_creature_absorbs_only_when_its_owner_says_so():
    state = table()
    state.wizard("Megan").creatures.append(Creature("Pal"))
    asked = play(state, "adh-deezis")  # no damage: no question
    assert asked["done"]
    state.standee = "Ann"
    asked = play(state, "adh-deezis", choices=["Megan"])
    assert asked["needs"]["who"] == "Megan" and asked["needs"]["options"] == [False, True]
    done = play(state, "adh-deezis", choices=["Megan", True])
    assert done["state"].wizard("Megan").hp == 20 and not done["state"].wizard("Megan").creatures


@pytest.mark.parametrize("pick", ["Pal", "Imp"])
def test_any_of_the_foes_creatures_may_absorb(pick):
    """Rumble 17.4: "you may discard one of your face-up Creatures": Megan, holding two,
    picks which (by name), not only her first."""
    state = table()
    state.standee = "Ann"
    state.wizard("Megan").creatures += [Creature("Pal"), Creature("Imp")]
    asked = play(state, "adh-deezis", choices=["Megan"])
    assert asked["needs"]["who"] == "Megan" and asked["needs"]["options"] == [
        False, "Pal", "Imp"]
    done = play(state, "adh-deezis", choices=["Megan", pick])
    megan = done["state"].wizard("Megan")
    assert megan.hp == 20 and [c.name for c in megan.creatures] == [
        {"Pal": "Imp", "Imp": "Pal"}[pick]]


def test_krazztars_rally_hits_every_foe_with_the_most_applause():
    """Anarchy example: every foe holds 1 Applause token, so each takes the Rally's 2."""
    state = new_spell_game("anarchy", ["You", "Ann", "Bo", "Cy"])
    for wizard in state.wizards:
        wizard.applause.append(2)
    krazztar = scripted("anarchy")["blood-lord-krazztar"][0]
    done = resolve_ability(state, "You", krazztar)
    assert [w.hp for w in done["state"].wizards] == [20, 18, 18, 18]
    state.wizard("Bo").applause.append(3)
    done = resolve_ability(state, "You", krazztar)
    assert [w.hp for w in done["state"].wizards] == [20, 20, 18, 20]


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_every_scripted_spell_card_is_valid_readable_and_plays(game):
    for slug, abilities in scripted(game).items():
        assert validate(abilities) == abilities
        assert all(line.endswith(".") for line in describe(abilities)), slug
        assert plays(abilities), slug


BLOOD_BOLT = {"trigger": "resolved", "effects": [
    {"do": "damage", "amount": 2, "target": "foe-left"},
    {"do": "pay-blood", "amount": 3},
    {"do": "damage", "amount": 4, "target": "foe-left", "if": "paid-blood"}]}
CASTING = {"type": "place_spell", "wizard": "You", "components": [{"name": "Blood Bolt"}]}


def casting_table(blood=0, ann_hp=20):
    from engine.spellgames import apply

    state = table()
    state.wizard("You").blood = blood
    state.wizard("Ann").hp = ann_hp
    for action in (CASTING, {"type": "resolve_component", "wizard": "You", "component": 0}):
        state = apply(state, action).state
    return state


def test_a_blood_cost_after_the_components_own_kill_is_refused():
    """rumble 18.11: the kill's 3 Blood cannot pay the cost of the component that made it."""
    done = resolve_ability(casting_table(blood=0, ann_hp=2), "You", BLOOD_BOLT, component=0)
    assert done["done"] and done["state"].wizard("You").blood == 3  # from the kill
    refused = [e for e in done["events"] if e["type"] == "flag" and "18.11" in e["rule"]]
    assert refused and "kill" in refused[0]["text"]
    assert done["state"].wizard("Ann").alive is False and done["state"].wizard("You").blood == 3


def test_a_blood_cost_paid_before_acting_buys_its_effect():
    ability = {"trigger": "resolved", "effects": BLOOD_BOLT["effects"][1:]}
    asked = resolve_ability(casting_table(blood=5), "You", ability, component=0)
    assert asked["needs"]["options"] == [True, False]
    paid = resolve_ability(casting_table(blood=5), "You", ability, component=0, choices=[True])
    assert paid["state"].wizard("You").blood == 2 and paid["state"].wizard("Ann").hp == 16
    kept = resolve_ability(casting_table(blood=5), "You", ability, component=0, choices=[False])
    assert kept["state"].wizard("You").blood == 5 and kept["state"].wizard("Ann").hp == 20
