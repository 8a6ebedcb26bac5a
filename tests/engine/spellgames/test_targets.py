"""Targets: strongest / weakest foe with each game's tie rule, left, right, random, each foe."""
import pytest

from engine.core import EngineError
from engine.spellgames import choose_targets


def table(**hp):
    """Wizards clockwise in keyword order: table(Me=20, Ann=12) -> [{"name", "hp"}, ...]."""
    return [{"name": name, "hp": value} for name, value in hp.items()]


TIED = table(Me=25, Ann=18, Bo=18, Cy=4)


def test_rumble_strongest_tie_waits_for_the_casters_choice():
    answer = choose_targets("rumble", "Me", TIED, "strongest-foe")
    assert answer["targets"] == [] and answer["ties"] == ["Ann", "Bo"]
    assert answer["choice_needed"] is True
    assert "rumble 15.4" in [s["rule"] for s in answer["explanation"]]


def test_rumble_strongest_tie_takes_the_choice():
    answer = choose_targets("rumble", "Me", TIED, "strongest-foe", choice="Bo")
    assert answer["targets"] == ["Bo"] and answer["ties"] == ["Ann", "Bo"]
    assert not answer["choice_needed"]


def test_rumble_choice_must_be_a_tied_foe():
    with pytest.raises(EngineError) as exc:
        choose_targets("rumble", "Me", TIED, "strongest-foe", choice="Cy")
    assert exc.value.field == "choice"


def test_anarchy_strongest_tie_hits_every_tied_foe():
    answer = choose_targets("anarchy", "Me", TIED, "strongest-foe")
    assert answer["targets"] == ["Ann", "Bo"] and answer["ties"] == ["Ann", "Bo"]
    assert "anarchy 13.4.2" in [s["rule"] for s in answer["explanation"]]


def test_anarchy_refuses_a_choice_on_a_tie():
    with pytest.raises(EngineError) as exc:
        choose_targets("anarchy", "Me", TIED, "strongest-foe", choice="Ann")
    assert exc.value.code == "no-choice"


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_you_are_never_your_own_foe(game):
    """Me has the most HP (25) yet the strongest foe is among the others; Me is not weakest."""
    weakest = choose_targets(game, "Cy", TIED, "weakest-foe")
    assert weakest["targets"] == ["Ann", "Bo"] if game == "anarchy" else weakest["ties"]
    assert "Cy" not in weakest["ties"] + weakest["targets"]
    assert choose_targets(game, "Me", TIED, "weakest-foe")["targets"] == ["Cy"]


def test_a_slain_wizard_is_not_a_target():
    answer = choose_targets("rumble", "Me", table(Me=3, Ann=0, Bo=9), "weakest-foe")
    assert answer["targets"] == ["Bo"]


def test_left_and_right_follow_the_clockwise_seating():
    wizards = table(Ann=20, Me=20, Bo=20, Cy=20)
    assert choose_targets("rumble", "Me", wizards, "foe-left")["targets"] == ["Bo"]
    assert choose_targets("rumble", "Me", wizards, "foe-right")["targets"] == ["Ann"]
    assert choose_targets("anarchy", "Me", wizards, "each-foe")["targets"] == ["Bo", "Cy", "Ann"]


def test_random_foe_uses_the_faces_from_the_left():
    """Rumble's example: 1-2 left foe, 3-4 the next, 5-6 the last; a 4 picks the second."""
    answer = choose_targets("rumble", "Me", table(Me=20, Ann=20, Dennis=20, Megan=20),
                            "random-foe", rolls=[4])
    assert answer["targets"] == ["Dennis"] and answer["rolls"] == [4]


def test_exclude_gives_a_different_foe():
    wizards = table(Me=20, Ann=20, Dennis=20, Megan=20)
    answer = choose_targets("rumble", "Me", wizards, "each-foe", exclude=["Dennis"])
    assert answer["targets"] == ["Ann", "Megan"]


def test_bad_input_names_the_field():
    with pytest.raises(EngineError) as exc:
        choose_targets("rumble", "Zed", TIED, "each-foe")
    assert exc.value.field == "caster"
    with pytest.raises(EngineError) as exc:
        choose_targets("rumble", "Me", TIED, "foe-left", choice="Ann")
    assert exc.value.field == "choice"
    with pytest.raises(EngineError) as exc:
        choose_targets("rumble", "Me", [{"name": "Me", "hp": 30}, {"name": "A", "hp": 1}],
                       "each-foe")
    assert exc.value.field == "wizards[0].hp"
