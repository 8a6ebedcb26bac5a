"""Turn Order (rumble and anarchy): count, then initiative, then die roll-offs."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError
from engine.spellgames import roll_off, spell_order


def three(initiative):
    return [{"type": "source"}, {"type": "quality"},
            {"type": "delivery", "initiative": initiative}]


def example_spells():
    """The rulebooks' example: three 3-component spells at 17, 14, 14 and one 2-component."""
    return [
        {"wizard": "Seventeen", "components": three(17)},
        {"wizard": "FourteenA", "components": three(14)},
        {"wizard": "FourteenB", "components": three(14)},
        {"wizard": "Two", "components": [{"type": "source"},
                                         {"type": "delivery", "initiative": 2}]},
    ]


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_turn_order_example_17_14_14(game):
    """Turn Order example: the 2-component spell first, then 17, then the 14s by roll-off."""
    result = spell_order(game, example_spells(), rolls={"FourteenA": 2, "FourteenB": 5})
    assert result["order"] == ["Two", "Seventeen", "FourteenB", "FourteenA"]
    assert result["ties"] == [{"wizards": ["FourteenA", "FourteenB"], "component_count": 3,
                               "initiative": 14,
                               "rolls": [{"FourteenA": 2, "FourteenB": 5}],
                               "order": ["FourteenB", "FourteenA"]}]


def test_fewer_components_go_first_whatever_the_initiative():
    """Turn Order: one component before two before three."""
    spells = [{"wizard": "A", "components": three(20)},
              {"wizard": "B", "components": [{"type": "delivery", "initiative": 1}]},
              {"wizard": "C", "components": [{"type": "source"}, {"type": "quality"}]}]
    assert spell_order("rumble", spells)["order"] == ["B", "C", "A"]


def test_higher_initiative_first_and_missing_delivery_is_zero():
    """Turn Order: highest initiative acts first; no Delivery or Wild Magic there is 0."""
    spells = [{"wizard": "NoDelivery", "components": [{"type": "source"}, {"type": "quality"}]},
              {"wizard": "Wild", "components": [{"type": "source"},
                                                {"type": "wild-magic", "slot": "delivery"}]},
              {"wizard": "Five", "components": [{"type": "source"},
                                                {"type": "delivery", "initiative": 5}]}]
    result = spell_order("rumble", spells, rolls={"NoDelivery": 1, "Wild": 6})
    assert result["order"] == ["Five", "Wild", "NoDelivery"]
    assert result["ties"][0]["initiative"] == 0


def test_rally_cards_do_not_count_for_turn_order_in_anarchy():
    """Anarchy Turn Order: do not count Rally cards as components."""
    spells = [{"wizard": "Rallied", "components": [{"type": "delivery", "initiative": 3},
                                                   {"type": "rally"}, {"type": "rally"}]},
              {"wizard": "Pair", "components": [{"type": "source"},
                                                {"type": "delivery", "initiative": 9}]}]
    assert spell_order("anarchy", spells)["order"] == ["Rallied", "Pair"]


def test_tied_roll_off_rerolls_only_among_those_still_tied():
    """Turn Order: high roller first; wizards who roll the same roll again among themselves."""
    spells = [{"wizard": w, "components": three(14)} for w in "ABC"]
    result = spell_order("rumble", spells, rolls={"A": [5, 2], "B": [5, 6], "C": 3})
    assert result["order"] == ["B", "A", "C"]
    assert result["ties"][0]["rolls"] == [{"A": 5, "B": 5, "C": 3}, {"A": 2, "B": 6}]
    assert result["rolls_used"] == {"A": [5, 2], "B": [5, 6], "C": [3]}


def test_roll_off_uses_seed_when_rolls_run_out_and_reports_them():
    """Turn Order: rolls come from the given rolls, then from the seed."""
    spells = [{"wizard": w, "components": three(14)} for w in "AB"]
    result = spell_order("rumble", spells, rolls={"A": 4}, seed=7)
    assert result["rolls_used"]["A"][0] == 4
    assert any("seed 7" in s["text"] for s in result["explanation"])
    replay = spell_order("rumble", spells, rolls=result["rolls_used"])
    assert replay["order"] == result["order"]


def test_unused_given_rolls_are_reported():
    spells = [{"wizard": "A", "components": three(3)}, {"wizard": "B", "components": three(4)}]
    result = spell_order("rumble", spells, rolls={"A": 6})
    assert result["order"] == ["B", "A"]
    assert result["ties"] == []
    assert any("not needed" in s["text"] for s in result["explanation"])


def test_illegal_spell_is_ordered_by_its_placed_count_with_a_problem():
    """Building a Spell: an illegal spell is only fixed on reveal, after turn order."""
    spells = [{"wizard": "A", "components": [{"type": "source"}, {"type": "source"}]},
              {"wizard": "B", "components": [{"type": "quality"}]}]
    result = spell_order("rumble", spells)
    assert result["order"] == ["B", "A"]
    assert result["problems"][0]["code"] == "duplicate-source"


@pytest.mark.parametrize("spells,field", [
    ([{"wizard": "A", "components": three(3) + [{"type": "source"}]}], "spells[0].components"),
    ([{"wizard": "A", "components": []}], "spells[0].components"),
    ([{"wizard": "A", "components": [{"type": "delivery"}]}],
     "spells[0].components[0].initiative"),
    ([{"wizard": "", "components": three(1)}], "spells[0].wizard"),
    ([{"wizard": "A", "components": three(1)}, {"wizard": "A", "components": three(2)}],
     "spells"),
    ([], "spells"),
    ([{"wizard": str(i), "components": three(1)} for i in range(7)], "spells"),
])
def test_bad_spells_name_the_field(spells, field):
    with pytest.raises(EngineError) as err:
        spell_order("rumble", spells)
    assert err.value.field == field


@pytest.mark.parametrize("rolls,field", [
    ({"Z": 3}, "rolls.Z"),
    ({"A": 7}, "rolls.A"),
    ({"A": 0}, "rolls.A"),
    ([3, 4], "rolls"),
])
def test_bad_rolls_name_the_field(rolls, field):
    spells = [{"wizard": w, "components": three(14)} for w in "AB"]
    with pytest.raises(EngineError) as err:
        spell_order("rumble", spells, rolls=rolls)
    assert err.value.field == field


def test_given_rolls_that_tie_forever_are_refused():
    spells = [{"wizard": w, "components": three(14)} for w in "AB"]
    with pytest.raises(EngineError) as err:
        spell_order("rumble", spells, rolls={"A": [3] * 200, "B": [3] * 200})
    assert err.value.field == "rolls"


def test_seed_must_be_a_number_or_text():
    with pytest.raises(EngineError) as err:
        spell_order("rumble", [{"wizard": "A", "components": three(1)}], seed=1.5)
    assert err.value.field == "seed"


wizard_spells = st.lists(
    st.tuples(st.integers(1, 3), st.integers(0, 3)), min_size=1, max_size=6)


def build(spec):
    spells = []
    for i, (count, initiative) in enumerate(spec):
        comps = [{"type": "delivery", "initiative": initiative}, {"type": "source"},
                 {"type": "quality"}][:count]
        spells.append({"wizard": f"W{i}", "components": comps})
    return spells


@settings(max_examples=150)
@given(wizard_spells, st.integers(0, 10**6))
def test_property_order_is_a_permutation_sorted_by_count_then_initiative(spec, seed):
    """Turn Order: every wizard acts exactly once, fewer components, then higher initiative."""
    spells = build(spec)
    result = spell_order("anarchy", spells, seed=seed)
    assert sorted(result["order"]) == sorted(s["wizard"] for s in spells)
    keys = {f"W{i}": (c, -init) for i, (c, init) in enumerate(spec)}
    ordered = [keys[w] for w in result["order"]]
    assert ordered == sorted(ordered)


@settings(max_examples=100)
@given(wizard_spells, st.integers(0, 10**6))
def test_property_same_seed_replays_same_rolls(spec, seed):
    """Seeded randomness: the same seed gives the same roll-offs and order."""
    spells = build(spec)
    first = spell_order("rumble", spells, seed=seed)
    again = spell_order("rumble", spells, seed=seed)
    assert first["order"] == again["order"] and first["ties"] == again["ties"]
    assert spell_order("rumble", spells, rolls=first["rolls_used"])["order"] == first["order"]


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=6, unique=True),
       st.integers(0, 10**6))
def test_property_roll_off_high_roller_first(names, seed):
    import random

    rng = random.Random(seed)
    order, rounds = roll_off(names, lambda w: rng.randint(1, 6))
    assert sorted(order) == sorted(names)
    first_round = rounds[0] if len(names) > 1 else {}
    for earlier, later in zip(order, order[1:], strict=False):
        if first_round:
            assert first_round[earlier] >= first_round[later]
