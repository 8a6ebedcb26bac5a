"""Scoring: Anarchy End of Game, Rumble match (Object of the Game), Quick Match Variant."""
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.core import EngineError
from engine.spellgames import (
    anarchy_score,
    new_spell_game,
    quick_match_score,
    rumble_match_score,
    score_state,
)


def wiz(name, applause=(), tokens=0, treasures=0):
    return {"name": name, "applause": list(applause), "dead_wizard_tokens": tokens,
            "treasures": treasures}


def test_anarchy_vp_is_applause_minus_2_per_dead_wizard_token():
    """Anarchy End of Game: Applause VP minus 2 for each Dead Wizard token; highest wins."""
    result = anarchy_score([wiz("A", [2, 3], 1), wiz("B", [4], 0), wiz("C", [], 2)])
    assert [(r["name"], r["vp"]) for r in result["ranking"]] == [("B", 4), ("A", 3), ("C", -4)]
    assert result["winner"] == "B" and result["decided_by"] == "vp"


def test_anarchy_tie_goes_to_most_applause_tokens():
    """Anarchy End of Game: in a tie, the tied wizard with the most Applause tokens wins."""
    result = anarchy_score([wiz("A", [4], 0), wiz("B", [2, 2], 0, treasures=5)])
    assert result["winner"] == "B" and result["decided_by"] == "applause-tokens"


def test_anarchy_then_most_treasures():
    """Anarchy End of Game: still tied, the most Treasures wins (the rich win again)."""
    result = anarchy_score([wiz("A", [2, 3], 0, 1), wiz("B", [3, 2], 0, 2), wiz("C", [4], 1)])
    assert result["winner"] == "B" and result["decided_by"] == "treasures"
    assert [r["name"] for r in result["ranking"]] == ["B", "A", "C"]


def test_anarchy_full_tie_has_no_winner():
    result = anarchy_score([wiz("A", [3], 0, 1), wiz("B", [3], 0, 1)])
    assert result["winner"] is None and result["decided_by"] == "tie"
    assert result["shared_by"] == ["A", "B"]


def test_anarchy_score_has_stable_fields_and_cites_end_of_game():
    result = anarchy_score([wiz("A", [2]), wiz("B")])
    assert set(result) >= {"ranking", "winner", "decided_by", "explanation"}
    assert all({"name", "vp"} <= set(r) for r in result["ranking"])
    assert {s["rule"] for s in result["explanation"]} == {"anarchy 23"}  # End of Game


@pytest.mark.parametrize("wizards,field", [
    ("A", "wizards"),
    ([], "wizards"),
    ([wiz("A", [5])], "wizards[0].applause[0]"),
    ([wiz("A", [True])], "wizards[0].applause[0]"),
    ([{"name": "A", "applause": [], "dead_wizard_tokens": -1, "treasures": 0}],
     "wizards[0].dead_wizard_tokens"),
    ([{"name": "A", "applause": [], "dead_wizard_tokens": 0, "treasures": "2"}],
     "wizards[0].treasures"),
    ([wiz("A"), wiz("A")], "wizards"),
    ([wiz("A", tokens=3), wiz("B", tokens=2)], "wizards"),  # the pile: 2 per wizard
    ([wiz("A", [4] * 6), wiz("B", [4] * 5)], "wizards"),  # only 10 tokens worth 4
    ([{"applause": []}], "wizards[0].name"),
])
def test_anarchy_bad_input_names_the_field(wizards, field):
    with pytest.raises(EngineError) as err:
        anarchy_score(wizards)
    assert err.value.field == field


@given(st.lists(st.tuples(st.lists(st.sampled_from([2, 3, 4]), max_size=3),
                          st.integers(0, 2), st.integers(0, 4)), min_size=1, max_size=6))
def test_property_anarchy_ranking_is_sorted_and_winner_is_on_top(rows):
    for value in (2, 3, 4):  # the box has ten Applause tokens of each value
        assume(sum(a.count(value) for a, _, _ in rows) <= 10)
    wizards = [wiz(f"W{i}", a, t, tr) for i, (a, t, tr) in enumerate(rows)]
    result = anarchy_score(wizards)
    keys = [(r["vp"], r["applause_tokens"], r["treasures"]) for r in result["ranking"]]
    assert keys == sorted(keys, reverse=True)
    if result["winner"]:
        assert result["ranking"][0]["name"] == result["winner"]
        assert keys[0] > keys[1] if len(keys) > 1 else True


def test_rumble_match_first_to_two_last_wizard_standing_tokens():
    """Object of the Game: earn two Last Wizard Standing tokens and you win the match."""
    result = rumble_match_score(["A", "B", "C"], ["A", "B", "B"])
    assert result["winner"] == "B" and result["match_over"]
    assert result["ranking"][0] == {"name": "B", "vp": 2, "last_wizard_standing_tokens": 2}
    going = rumble_match_score(["A", "B"], ["A", "B"])
    assert going["winner"] is None and not going["match_over"]


def test_rumble_match_no_games_after_the_win():
    with pytest.raises(EngineError) as err:
        rumble_match_score(["A", "B"], ["A", "A", "B"])
    assert err.value.field == "games[2]"


def test_quick_match_points_for_kills_and_last_standing():
    """Quick Match Variant: 1 point per foe killed, 1 for Last Wizard Standing, 3 games."""
    games = [{"last_standing": "A", "kills": {"A": 2}},
             {"last_standing": "B", "kills": {"B": 1, "C": 1}},
             {"last_standing": "C", "kills": {"C": 2}}]
    result = quick_match_score(["A", "B", "C"], games)
    points = {r["name"]: r["vp"] for r in result["ranking"]}
    assert points == {"A": 3, "B": 2, "C": 4}
    assert result["winner"] == "C" and result["decided_by"] == "points"


def test_quick_match_tie_goes_to_most_recent_last_wizard_standing():
    """Quick Match Variant: a tie goes to the tied player most recently Last Wizard Standing."""
    games = [{"last_standing": "A", "kills": {"A": 1}},
             {"last_standing": "B", "kills": {"B": 1}},
             {"last_standing": "C", "kills": {"C": 1}}]
    result = quick_match_score(["A", "B", "C"], games)
    assert result["winner"] == "C" and result["decided_by"] == "most-recent-last-standing"
    assert [r["name"] for r in result["ranking"]] == ["C", "B", "A"]


def test_quick_match_tie_with_no_last_standing_stays_a_tie():
    games = [{"last_standing": "C", "kills": {"A": 1, "B": 1}},
             {"last_standing": "C", "kills": {"A": 1, "B": 1}},
             {"last_standing": "D", "kills": {"A": 1, "B": 1}}]
    result = quick_match_score(["A", "B", "C", "D"], games)
    assert result["winner"] is None and result["shared_by"] == ["A", "B"]


def test_quick_match_needs_three_games():
    result = quick_match_score(["A", "B"], ["A"])
    assert result["winner"] is None and not result["match_over"]
    with pytest.raises(EngineError) as err:
        quick_match_score(["A", "B"], ["A", "A", "A", "B"])
    assert err.value.field == "games"


@pytest.mark.parametrize("games,field", [
    ([{"last_standing": "Z"}], "games[0].last_standing"),
    ([{"last_standing": "A", "kills": {"Z": 1}}], "games[0].kills"),
    ([{"last_standing": "A", "kills": {"A": 2, "B": 1}}], "games[0].kills"),
    ([{"last_standing": "A", "kills": [1]}], "games[0].kills"),
])
def test_quick_match_bad_games(games, field):
    with pytest.raises(EngineError) as err:
        quick_match_score(["A", "B", "C"], games)
    assert err.value.field == field


def test_score_state_uses_the_games_rules():
    state = new_spell_game("anarchy", ["A", "B"])
    state.wizard("A").applause = [3]
    assert score_state(state)["winner"] == "A"
    rumble = new_spell_game("rumble", ["A", "B"])
    rumble.results = [{"last_standing": "B", "kills": {"B": 1}}] * 2
    assert score_state(rumble)["winner"] == "B"
