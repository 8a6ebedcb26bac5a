"""POST /api/engine/targets: strongest / weakest foe ties per game, left, right, random, each."""
import pytest

from tests.engine_web.conftest import assert_400, post

pytestmark = pytest.mark.django_db

WIZARDS = [{"name": "Me", "hp": 25}, {"name": "Ann", "hp": 18}, {"name": "Bo", "hp": 18},
           {"name": "Cy", "hp": 4}]


def targets(api, **body):
    return post(api, "targets", {"game": "rumble", "caster": "Me", "wizards": WIZARDS, **body})


def test_rumble_tie_lists_the_candidates_until_the_caster_chooses(api):
    body = targets(api, target="strongest-foe").json()
    assert body["targets"] == [] and body["ties"] == ["Ann", "Bo"] and body["choice_needed"]
    chosen = targets(api, target="strongest-foe", choice="Ann").json()
    assert chosen["targets"] == ["Ann"] and not chosen["choice_needed"]
    assert "rumble 15.4" in {step["rule"] for step in chosen["explanation"]}


def test_anarchy_tie_hits_every_tied_foe(api):
    body = targets(api, game="anarchy", target="strongest-foe").json()
    assert body["targets"] == ["Ann", "Bo"] == body["ties"]
    assert "anarchy 13.4.2" in {step["rule"] for step in body["explanation"]}
    assert_400(targets(api, game="anarchy", target="strongest-foe", choice="Ann"), "choice",
               "no-choice")


def test_weakest_left_right_each_and_random(api):
    assert targets(api, target="weakest-foe").json()["targets"] == ["Cy"]
    assert targets(api, target="foe-left").json()["targets"] == ["Ann"]
    assert targets(api, target="foe-right").json()["targets"] == ["Cy"]
    assert targets(api, target="each-foe").json()["targets"] == ["Ann", "Bo", "Cy"]
    rolled = targets(api, target="random-foe", rolls=[4]).json()
    assert rolled["targets"] == ["Bo"] and rolled["faces"]["Bo"] == [3, 4]
    seeded = targets(api, target="random-foe", seed=5).json()
    assert targets(api, target="random-foe", seed=5).json() == seeded


@pytest.mark.parametrize(("body", "field"), [
    ({"target": "strongest-foe", "choice": "Cy"}, "choice"),
    ({"target": "foe-left", "choice": "Ann"}, "choice"),
    ({"target": "nearest-foe"}, "target"),
    ({"target": "each-foe", "caster": "Zed"}, "caster"),
    ({"target": "each-foe", "wizards": [{"name": "Me", "hp": 26}, {"name": "A", "hp": 1}]},
     "wizards[0].hp"),
    ({"target": "each-foe", "wizards": [{"name": "Me", "hp": 5}]}, "wizards"),
    ({"target": "random-foe", "rolls": [7]}, "rolls[0]"),
    ({"target": "each-foe", "strongest": True}, "strongest"),
])
def test_bad_input_is_a_400_naming_the_field(api, body, field):
    assert_400(targets(api, **body), field)
