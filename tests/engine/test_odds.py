"""Exact odds: power-roll sums (Power Rolls) and Demoniac attacks (Attacking)."""
import itertools
import time
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError
from engine.odds import (
    band_for_total,
    demoniac_attack_odds,
    parse_bands,
    power_roll_odds,
    sum_distribution,
)


def brute_force(dice):
    counts = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return {s: Fraction(n, 6 ** dice) for s, n in counts.items()}


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_distribution_matches_brute_force(dice):
    assert sum_distribution(dice) == brute_force(dice)


@given(st.integers(1, 4))
def test_property_distribution_matches_enumeration_up_to_four_dice(dice):
    """Power Rolls: one die per glyph, summed; exact against enumerating every roll."""
    exact = power_roll_odds(dice)["distribution_exact"]
    assert {int(k): Fraction(v) for k, v in exact.items()} == brute_force(dice)


@given(st.integers(1, 30))
def test_property_distribution_sums_to_one(dice):
    result = power_roll_odds(dice)
    assert sum(Fraction(v) for v in result["distribution_exact"].values()) == 1
    assert abs(sum(result["distribution"].values()) - 1) < 1e-9
    assert min(map(int, result["distribution"])) == dice
    assert max(map(int, result["distribution"])) == 6 * dice


def test_two_dice_tentakiller_bands():
    """Full Spell Resolution Example: Tentakiller's two Illusion dice, bands 1-4, 5-9, 10+."""
    result = power_roll_odds(2, "1-4,5-9,10+")
    assert [(b["band"], b["exact"]) for b in result["bands"]] == [
        ("1-4", "1/6"), ("5-9", "2/3"), ("10+", "1/6")]
    assert result["distribution"]["7"] == pytest.approx(1 / 6)
    assert "uncovered" not in result


@given(st.integers(1, 30), st.integers(1, 100), st.integers(0, 60))
@settings(max_examples=100)
def test_property_bands_partition_sums_to_one(dice, cut1, width):
    bands = f"1-{cut1},{cut1 + 1}-{cut1 + 1 + width},{cut1 + 2 + width}+"
    total = sum(Fraction(b["exact"]) for b in power_roll_odds(dice, bands)["bands"])
    assert total == 1


def test_band_gaps_are_reported_as_uncovered():
    result = power_roll_odds(1, ["6"])
    assert result["bands"][0]["exact"] == "1/6"
    assert result["uncovered"]["exact"] == "5/6"


def test_band_forms():
    assert [b.label for b in parse_bands(" 1-4 , 5–9,10 + ".replace("10 +", "10+"))] == \
        ["1-4", "5-9", "10+"]
    assert [b.label for b in parse_bands(["7", "8-8"])] == ["7", "8"]
    assert parse_bands(None) == () and parse_bands("") == ()
    assert band_for_total("1-4,5-9,10+", 7).label == "5-9"
    assert band_for_total("1-4,5-9,10+", 12).label == "10+"
    assert band_for_total("5-9", 3) is None


@pytest.mark.parametrize("bands,code", [
    ("1-4,4-9", "overlapping-bands"),
    ("10+,12-14", "overlapping-bands"),
    ("5+,7+", "overlapping-bands"),
    ("1-4,1-4", "overlapping-bands"),
    ("9-5", "bad-band"),
    ("a-b", "bad-band"),
    ("1-", "bad-band"),
    ("0-4", "bad-band"),
    ("-3", "bad-band"),
    ("1-1000", "bad-band"),
    ([1, 2], "bad-band"),
    (5, "type"),
    (",".join(str(i) for i in range(1, 30)), "range"),
])
def test_bad_bands_raise_engine_error_naming_bands(bands, code):
    with pytest.raises(EngineError) as err:
        power_roll_odds(2, bands)
    assert err.value.field == "bands" and err.value.code == code


@pytest.mark.parametrize("dice", [0, 31, 100, -1, 2.5, True, "x", None])
def test_bad_dice_raise_engine_error_naming_dice(dice):
    with pytest.raises(EngineError) as err:
        power_roll_odds(dice, "1-4")
    assert err.value.field == "dice"


def test_dice_as_query_string_is_accepted():
    assert power_roll_odds("3")["dice"] == 3


def test_power_roll_odds_is_fast_for_twelve_dice():
    power_roll_odds(12, "1-4,5-9,10+")
    start = time.perf_counter()
    for _ in range(200):
        power_roll_odds(12, "1-4,5-9,10+")
    assert (time.perf_counter() - start) / 200 < 0.001


def test_answers_do_not_share_mutable_state():
    first = power_roll_odds(2)
    first["distribution"]["2"] = 99
    assert power_roll_odds(2)["distribution"]["2"] == pytest.approx(1 / 36)


# --- Demoniac ---------------------------------------------------------------

FACES = (("p", Fraction(1, 2)), ("b", Fraction(1, 3)), ("c", Fraction(1, 6)))


@cache
def best_by_enumeration(pentagrams, blanks, crosses, actions_left, hits):
    """The best chance over every re-roll choice (which blanks, crosses, pentagrams)."""
    if pentagrams >= hits or actions_left == 0:
        return Fraction(int(pentagrams >= hits))
    best = Fraction(int(pentagrams >= hits))  # stop now
    for rp in range(pentagrams + 1):
        for rb in range(blanks + 1):
            for rc in range(crosses + 1):
                n = rp + rb + rc
                if n == 0:
                    continue
                chance = Fraction(0)
                for outcome in itertools.product(FACES, repeat=n):
                    p = Fraction(1)
                    counts = {"p": 0, "b": 0, "c": 0}
                    for face, q in outcome:
                        p *= q
                        counts[face] += 1
                    chance += p * best_by_enumeration(
                        pentagrams - rp + counts["p"], blanks - rb + counts["b"],
                        crosses - rc + counts["c"], actions_left - 1, hits)
                best = max(best, chance)
    return best


def first_roll_chance(dice, actions, hits):
    total = Fraction(0)
    for outcome in itertools.product(FACES, repeat=dice):
        p = Fraction(1)
        counts = {"p": 0, "b": 0, "c": 0}
        for face, q in outcome:
            p *= q
            counts[face] += 1
        total += p * best_by_enumeration(counts["p"], counts["b"], counts["c"], actions - 1,
                                         hits)
    return total


@pytest.mark.parametrize("dice,actions,hits", [
    (1, 1, 1), (2, 2, 1), (2, 3, 2), (3, 2, 2), (3, 3, 3), (4, 2, 3), (3, 3, 4)])
def test_demoniac_best_policy_matches_enumerating_every_reroll_choice(dice, actions, hits):
    """Attacking: first action rolls all dice, each further action re-rolls any of them."""
    result = demoniac_attack_odds(dice, actions, hits)
    assert Fraction(result["exact"]) == first_roll_chance(dice, actions, hits)


def test_demoniac_single_roll_is_binomial():
    """Attacking: 3 of 6 faces are pentagrams, so one roll of n dice is Binomial(n, 1/2)."""
    result = demoniac_attack_odds(6, 1, 6)
    assert Fraction(result["exact"]) == Fraction(1, 64)
    assert Fraction(result["expected_crosses_exact"]) == Fraction(1)  # 6 dice x 1/6


def test_demoniac_rulebook_example_five_dice_three_actions():
    """Attacking example: five dice (four possessions + demoniac), up to three actions."""
    result = demoniac_attack_odds(5, 3, 4)
    # Each die ends a pentagram with chance 1 - (1/2)^3 = 7/8 when every action re-rolls it.
    assert Fraction(result["exact"]) == 5 * Fraction(7, 8) ** 4 * Fraction(1, 8) + \
        Fraction(7, 8) ** 5
    assert "re-roll every die that is not a pentagram" in result["policy"]
    assert all(row["reroll"] == 5 - row["pentagrams"] for row in result["policy_table"])


def test_demoniac_expected_crosses_is_a_third_of_the_non_pentagrams():
    """Attacking: crosses left at the end trigger the exorcist's power."""
    result = demoniac_attack_odds(5, 3, 4)
    assert result["expected_crosses"] == pytest.approx((5 - result["expected_hits"]) / 3)
    assert result["expected_crosses_if_crosses_rerolled"] <= result["expected_crosses"]
    assert sum(result["hits_distribution"].values()) == pytest.approx(1)


def test_demoniac_expected_crosses_by_enumeration_two_dice_two_actions_one_hit():
    """Stop at the first pentagram; otherwise re-roll both dice once."""
    # First roll: P(>=1 pentagram) = 3/4, then 1 non-pentagram die remains with prob 1/2 of
    # those (exactly one pentagram): crosses 1/3 each. Else re-roll both: 2 x (1/2 x 1/3).
    first_stop = Fraction(1, 2) * Fraction(1, 3)  # exactly one pentagram, other is a cross
    reroll = Fraction(1, 4) * 2 * Fraction(1, 2) * Fraction(1, 3)
    result = demoniac_attack_odds(2, 2, 1)
    assert Fraction(result["expected_crosses_exact"]) == first_stop + reroll


def test_demoniac_more_hits_than_dice_is_impossible():
    result = demoniac_attack_odds(3, 3, 4)
    assert result["probability"] == 0
    assert any("impossible" in s["text"] for s in result["explanation"])


@pytest.mark.parametrize("kwargs,field", [
    ({"dice": 0, "actions": 3, "hits": 1}, "dice"),
    ({"dice": 100, "actions": 3, "hits": 1}, "dice"),
    ({"dice": 5, "actions": 0, "hits": 1}, "actions"),
    ({"dice": 5, "actions": 11, "hits": 1}, "actions"),
    ({"dice": 5, "actions": 3, "hits": 0}, "hits"),
    ({"dice": 5, "actions": 3, "hits": "many"}, "hits"),
])
def test_demoniac_bad_input_names_the_field(kwargs, field):
    with pytest.raises(EngineError) as err:
        demoniac_attack_odds(**kwargs)
    assert err.value.field == field


def test_demoniac_is_fast_for_twelve_dice():
    demoniac_attack_odds(12, 3, 6)
    start = time.perf_counter()
    for _ in range(200):
        demoniac_attack_odds(12, 3, 6)
    assert (time.perf_counter() - start) / 200 < 0.001


@given(st.integers(1, 8), st.integers(1, 4), st.integers(1, 8))
@settings(max_examples=60)
def test_property_more_actions_or_dice_never_hurt(dice, actions, hits):
    base = Fraction(demoniac_attack_odds(dice, actions, hits)["exact"])
    assert Fraction(demoniac_attack_odds(dice, actions + 1, hits)["exact"]) >= base
    assert Fraction(demoniac_attack_odds(dice + 1, actions, hits)["exact"]) >= base
    assert 0 <= base <= 1
