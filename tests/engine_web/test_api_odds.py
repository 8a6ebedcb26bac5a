"""GET /api/engine/odds/power-roll and odds/demoniac: exact numbers, 400s naming the field."""
from fractions import Fraction
from math import comb

import pytest

from tests.engine_web.conftest import assert_400

pytestmark = pytest.mark.django_db


def get(api, path):
    return api.get(f"/api/engine/odds/{path}", HTTP_ACCEPT="application/json")


def test_power_roll_two_dice_with_bands(api):
    """Power Rolls: the sum of two dice; bands 1-4, 5-9, 10+ of a roll table."""
    response = get(api, "power-roll?dice=2&bands=1-4,5-9,10%2B")
    assert response.status_code == 200
    body = response.json()
    assert body["dice"] == 2
    assert set(body["distribution"]) == {str(s) for s in range(2, 13)}
    assert body["distribution"]["7"] == pytest.approx(6 / 36, abs=1e-15)
    assert body["distribution"]["2"] == pytest.approx(1 / 36, abs=1e-15)
    assert body["distribution_exact"]["7"] == "1/6"
    assert sum(Fraction(p) for p in body["distribution_exact"].values()) == 1
    assert [(b["band"], b["exact"]) for b in body["bands"]] == [
        ("1-4", "1/6"), ("5-9", "2/3"), ("10+", "1/6")]
    assert body["bands"][2]["probability"] == pytest.approx(1 / 6, abs=1e-15)
    assert body["explanation"]
    assert "public" in response["Cache-Control"] and "max-age" in response["Cache-Control"]


def test_power_roll_three_dice_exact(api):
    body = get(api, "power-roll?dice=3").json()
    assert body["distribution_exact"]["10"] == "1/8"  # 27 of 216
    assert body["bands"] == []


def test_power_roll_band_gap_is_reported(api):
    body = get(api, "power-roll?dice=1&bands=1-2,5%2B").json()
    assert body["uncovered"]["exact"] == "1/3"


@pytest.mark.parametrize("query, field, code", [
    ("dice=0", "dice", "range"),
    ("dice=100", "dice", "range"),
    ("dice=two", "dice", "type"),
    ("", "dice", "required"),
    ("dice=2&bands=9-3", "bands", "bad-band"),
    ("dice=2&bands=1-6,5-9", "bands", "overlapping-bands"),
    ("dice=2&bands=lots", "bands", "bad-band"),
    ("dice=2&bands=", "bands", None),  # empty is no "any": refused, as the catalog's filters
])
def test_power_roll_bad_input(api, query, field, code):
    assert_400(get(api, f"power-roll?{query}"), field, code)


def test_demoniac_five_dice_three_actions_four_hits(api):
    """Attacking: each die is a pentagram 1 time in 2; re-rolling every non-pentagram
    with each later action makes each die end a pentagram with chance 7/8."""
    response = get(api, "demoniac?dice=5&actions=3&hits=4")
    assert response.status_code == 200
    body = response.json()
    p = Fraction(7, 8)
    expected = sum(comb(5, k) * p ** k * (1 - p) ** (5 - k) for k in (4, 5))
    assert body["exact"] == str(expected) == "7203/8192"
    assert body["probability"] == pytest.approx(float(expected), abs=1e-15)
    assert "re-roll" in body["policy"]
    assert (body["dice"], body["actions"], body["hits"]) == (5, 3, 4)
    assert body["explanation"]


@pytest.mark.parametrize("query, exact", [
    ("dice=1&actions=1&hits=1", "1/2"),
    ("dice=1&actions=2&hits=1", "3/4"),
    ("dice=2&actions=1&hits=2", "1/4"),
    ("dice=2&actions=1&hits=3", "0"),
    ("dice=6&hits=6", str(Fraction(7, 8) ** 6)),  # actions default to a turn's three
])
def test_demoniac_small_cases(api, query, exact):
    assert get(api, f"demoniac?{query}").json()["exact"] == exact


@pytest.mark.parametrize("query, field", [
    ("dice=0&actions=3&hits=1", "dice"),
    ("dice=100&actions=3&hits=1", "dice"),
    ("dice=5&actions=0&hits=1", "actions"),
    ("dice=5&actions=x&hits=1", "actions"),
    ("dice=5&actions=3&hits=0", "hits"),
    ("dice=5&actions=3", "hits"),
    ("dice=5&actions=3&hits=2&policy=", "policy"),
])
def test_demoniac_bad_input(api, query, field):
    assert_400(get(api, f"demoniac?{query}"), field)


def test_power_roll_unencoded_plus_means_open_band(api):
    """PRODUCT.md's literal example `bands=1-4,5-9,10+`: "+" must not become a space."""
    body = get(api, "power-roll?dice=2&bands=1-4,5-9,10+").json()
    assert [b["band"] for b in body["bands"]] == ["1-4", "5-9", "10+"]
    assert body["bands"][2]["exact"] == "1/6"
    spaced = get(api, "power-roll?dice=2&bands=1-4,+5-9,+10%2B").json()
    assert [b["band"] for b in spaced["bands"]] == ["1-4", "5-9", "10+"]
