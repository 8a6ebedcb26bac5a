"""Building a Spell (rumble and anarchy): legality, count, initiative, name."""
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import EngineError
from engine.spellgames import spell_check

S = {"type": "source"}
Q = {"type": "quality"}
D = {"type": "delivery", "initiative": 14}
WM = {"type": "wild-magic"}
RALLY = {"type": "rally"}


def codes(result):
    return [e["code"] for e in result["errors"]]


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
@pytest.mark.parametrize("spell", [[S], [S, Q], [Q, D], [Q], [D], [S, D], [S, Q, D]])
def test_building_a_spell_lists_these_legal_spells(game, spell):
    """Building a Spell: the seven legal spells of both rulebooks."""
    result = spell_check(game, spell)
    assert result["legal"] and result["errors"] == []
    assert result["component_count"] == len(spell)


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
@pytest.mark.parametrize("spell,code", [
    ([S, S], "duplicate-source"),  # rumble's example
    ([Q, Q], "duplicate-quality"),  # anarchy's example
    ([S, Q, Q], "duplicate-quality"),  # both books' example
    ([D, D], "duplicate-delivery"),
])
def test_building_a_spell_at_most_one_of_each_type(game, spell, code):
    """Building a Spell: no more than one Source, one Quality, one Delivery."""
    result = spell_check(game, spell)
    assert not result["legal"]
    assert codes(result) == [code]
    assert result["errors"][0]["rule"] == {"rumble": "rumble 8.1", "anarchy": "anarchy 6.1"}[game]
    assert "discard" in result["errors"][0]["message"]


def test_more_than_three_components_go_back_to_the_hand():
    """Building a Spell: a player never plays more than 3 components; extras return to hand."""
    result = spell_check("rumble", [S, Q, D, {"type": "delivery", "initiative": 3}])
    assert not result["legal"]
    assert "too-many-components" in codes(result)
    error = next(e for e in result["errors"] if e["code"] == "too-many-components")
    assert "return 1 to your hand" in error["message"]
    assert result["component_count"] == 4


def test_empty_spell_is_not_a_spell():
    """Building a Spell: every legal spell has at least one component (reading)."""
    assert codes(spell_check("rumble", [])) == ["empty-spell"]


def test_wild_magic_fills_the_slot_it_names():
    """Wild Magic: takes the place of any component type; `slot` says which."""
    result = spell_check("rumble", [S, {"type": "wild-magic", "slot": "quality"}, D])
    assert result["legal"] and result["component_count"] == 3
    assert result["name"] == "[Source] [Quality from Wild Magic] [Delivery]"


def test_wild_magic_in_a_taken_slot_is_a_duplicate():
    """Wild Magic + Building a Spell: a Wild Magic Source beside a Source is two Sources."""
    result = spell_check("anarchy", [S, {"type": "wild-magic", "slot": "source"}])
    assert codes(result) == ["duplicate-source"]


def test_wild_magic_without_slot_takes_first_free_slot():
    """Wild Magic: any slot; with no slot given the engine assumes the first free one."""
    result = spell_check("rumble", [S, WM])
    assert result["legal"]
    assert result["components"][1]["slot"] == "quality"
    assert any("assumed the Quality slot" in s["text"] for s in result["explanation"])


def test_two_wild_magic_cards_are_legal():
    """Wild Magic: more than one Wild Magic card may be played, each replaced in turn."""
    assert spell_check("rumble", [WM, WM, WM])["legal"]


def test_slot_on_a_non_wild_card_must_match_its_type():
    with pytest.raises(EngineError) as err:
        spell_check("rumble", [{"type": "source", "slot": "delivery"}])
    assert err.value.field == "components[0].slot"


def test_rally_cards_do_not_count_in_anarchy():
    """Anarchy Rally / Turn Order: Rally cards are not spell components."""
    result = spell_check("anarchy", [S, Q, D, RALLY, RALLY])
    assert result["legal"]
    assert result["component_count"] == 3
    assert result["rally_cards"] == 2


def test_rally_cards_are_illegal_in_rumble():
    """Rumble Components: the game has no Rally cards."""
    result = spell_check("rumble", [S, RALLY])
    assert not result["legal"]
    assert codes(result) == ["rally-not-in-game"]
    assert result["component_count"] == 1


@pytest.mark.parametrize("spell,initiative", [
    ([S, Q, D], 14),
    ([S, Q], 0),  # no Delivery
    ([S, {"type": "wild-magic", "slot": "delivery"}], 0),  # Wild Magic in the Delivery slot
    ([{"type": "delivery", "initiative": 17}], 17),
])
def test_turn_order_initiative_of_a_spell(spell, initiative):
    """Turn Order: the Delivery's initiative; no Delivery or Wild Magic there is 0."""
    assert spell_check("rumble", spell)["initiative"] == initiative


def test_delivery_without_initiative_is_unknown():
    result = spell_check("rumble", [{"type": "delivery"}])
    assert result["initiative"] is None and result["legal"]


def test_name_in_nameplate_order_whatever_the_input_order():
    """Reveal Your Spell: read Source, Quality, Delivery (the rulebook example)."""
    result = spell_check("rumble", [
        {"type": "delivery", "name": "Tentakiller", "initiative": 16, "glyph": "illusion"},
        {"type": "quality", "name": "Sparkling"},
        {"type": "source", "name": "A.D.H. Deezi's", "glyph": "illusion"},
    ])
    assert result["name"] == "A.D.H. Deezi's Sparkling Tentakiller"
    assert result["initiative"] == 16


def test_name_stand_ins_for_missing_components():
    """Reveal Your Spell: no Source -> your Hero's name; no Quality -> nothing; no Delivery
    -> a magical word."""
    result = spell_check("rumble", [{"type": "quality", "name": "Sparkling"}], wizard="Krazztar")
    assert result["name"] == "Krazztar's Sparkling Cantrip"
    parts = {p["slot"]: p["from"] for p in result["name_parts"]}
    assert parts == {"source": "stand-in", "quality": "card", "delivery": "stand-in"}
    assert spell_check("anarchy", [{"type": "source", "name": "Lickity Stix's"}])["name"] == \
        "Lickity Stix's Cantrip"


def test_anarchy_uses_rumbles_stand_ins_and_says_so():
    result = spell_check("anarchy", [{"type": "delivery", "name": "Angry Arena Audience"}])
    assert result["name"] == "Your Wizard's Angry Arena Audience"
    assert any("Rumble's stand-ins" in s["text"] for s in result["explanation"])


def test_explanation_steps_cite_rules():
    result = spell_check("anarchy", [S, RALLY])
    assert result["explanation"]
    assert all(s["rule"].startswith("anarchy") for s in result["explanation"])
    assert any(s["rule"] == "anarchy 18.3.2" for s in result["explanation"])  # Rally


def test_response_has_the_stable_fields():
    result = spell_check("rumble", [S])
    assert {"legal", "errors", "component_count", "initiative", "name",
            "explanation"} <= set(result)


@pytest.mark.parametrize("game,components,field", [
    ("chess", [S], "game"),
    ("rumble", "source", "components"),
    ("rumble", [{"type": "spell"}], "components[0].type"),
    ("rumble", [{"type": "delivery", "initiative": -1}], "components[0].initiative"),
    ("rumble", [{"type": "delivery", "initiative": "14"}], "components[0].initiative"),
    ("rumble", [{"type": "source", "glyph": "fire"}], "components[0].glyph"),
    ("rumble", [{"type": "wild-magic", "slot": "middle"}], "components[0].slot"),
    ("rumble", ["source"], "components[0]"),
])
def test_bad_input_names_the_field(game, components, field):
    with pytest.raises(EngineError) as err:
        spell_check(game, components)
    assert err.value.field == field


component = st.fixed_dictionaries({
    "type": st.sampled_from(["source", "quality", "delivery", "wild-magic", "rally"]),
    "initiative": st.integers(0, 30),
})


@given(st.sampled_from(["rumble", "anarchy"]), st.lists(component, max_size=8))
def test_property_never_legal_with_more_than_three_components(game, components):
    """Building a Spell: legality never accepts more than three components."""
    result = spell_check(game, components)
    counted = [c for c in components if c["type"] != "rally"]
    if result["legal"]:
        assert 1 <= len(counted) <= 3
        assert result["component_count"] == len(counted)
        slots = [c["slot"] for c in result["components"] if c["type"] != "rally"]
        assert len(slots) == len(set(slots))
    if len(counted) > 3:
        assert not result["legal"]


RULEBOOKS = Path(__file__).resolve().parents[4] / "shared" / "rulebooks"
BOOKS = {"rumble": "rumble-at-castle-tentakill.txt", "anarchy": "anarchy-at-the-arena.txt",
         "demoniac": "demoniac.txt"}


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="shared/rulebooks not beside the repository")
def test_every_spell_rule_key_names_a_heading_of_its_rulebook():
    """Citations: each rule key of the spell games and odds names a real section heading."""
    from engine.rule_refs import RULES

    ours = {k: v for k, v in RULES.items()
            if k.split(".")[0] in ("rumble", "anarchy") or k.startswith("demoniac.odds.")}
    assert ours
    for key, (game, section, _) in ours.items():
        lines = {line.strip() for line in (RULEBOOKS / BOOKS[game]).read_text().splitlines()}
        assert section in lines, f"{key}: {section!r} is not a heading of {BOOKS[game]}"
