"""Power Rolls, roll-table bands and Random Foes (rumble and anarchy)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import EngineError
from engine.spellgames import (
    foes_from_left,
    power_roll_dice,
    random_foe_faces,
    roll_band,
    roll_random_foe,
)

DEEZI = {"type": "source", "name": "A.D.H. Deezi's", "glyph": "illusion"}
SPARKLING = {"type": "quality", "name": "Sparkling"}
TENTAKILLER = {"type": "delivery", "name": "Tentakiller", "initiative": 16, "glyph": "illusion"}


def test_rumble_example_tentakiller_rolls_two_illusion_dice():
    """Rumble Full Spell Resolution Example: Illusion Delivery + Illusion Source = 2 dice."""
    result = power_roll_dice("rumble", "illusion", [DEEZI, SPARKLING, TENTAKILLER])
    assert result["dice"] == 2
    assert [c["label"] for c in result["counted"]] == ["A.D.H. Deezi's", "Tentakiller"]


def test_rumble_example_roll_of_7_lands_in_5_to_9():
    """Rumble Full Spell Resolution Example: a 7 on Tentakiller is the 5-9 band (KEEP)."""
    assert roll_band("rumble", "1-4,5-9,10+", 7)["band"] == "5-9"
    assert roll_band("rumble", "5-9", 4)["band"] is None


def test_anarchy_example_delivery_plus_champion_rolls_two_elemental_dice():
    """Anarchy Full Spell Resolution Example: Angry Arena Audience (the only Elemental
    component) + Blood Lord Krazztar's Elemental glyph = 2 dice."""
    spell = [{"type": "rally"}, {"type": "source", "name": "Lickity Stix's"},
             {"type": "quality", "name": "GRRR-OOSSSSS"},
             {"type": "delivery", "name": "Angry Arena Audience", "glyph": "elemental"}]
    result = power_roll_dice("anarchy", "elemental", spell, champion_glyph="elemental")
    assert result["dice"] == 2
    assert [c["from"] for c in result["counted"]] == ["spell", "champion"]


def test_power_roll_one_die_per_matching_glyph():
    """Power Rolls: three Primal components -> three dice; other glyphs add none."""
    spell = [{"type": "source", "glyph": "primal"}, {"type": "quality", "glyph": "primal"},
             {"type": "delivery", "glyph": "primal", "initiative": 5}]
    assert power_roll_dice("rumble", "primal", spell)["dice"] == 3
    assert power_roll_dice("rumble", "dark", [{"type": "delivery", "glyph": "dark"},
                                              {"type": "source", "glyph": "arcane"}])["dice"] == 1


def test_kept_creatures_glyphs_count():
    """Creatures: the glyphs on kept Creatures are counted among the spell's glyphs."""
    spell = [{"type": "delivery", "glyph": "dark", "initiative": 4}]
    creatures = [{"name": "Old Pal", "glyph": "dark"}, {"name": "Other", "glyph": "primal"}]
    assert power_roll_dice("rumble", "dark", spell, kept_creatures=creatures)["dice"] == 2


def test_kept_creature_rolls_alone_with_its_own_glyph():
    """Creatures: a kept Creature attacks again next round, counting matching glyphs."""
    result = power_roll_dice("rumble", "dark", [{"type": "source", "glyph": "dark"}],
                             kept_creatures=[{"name": "Old Pal", "glyph": "dark"}])
    assert result["dice"] == 2


def test_anarchy_dead_wizard_tokens_add_their_glyph():
    """Anarchy Dead Wizard Tokens: each token's glyph adds to Power Rolls."""
    spell = [{"type": "delivery", "glyph": "arcane", "initiative": 3}]
    result = power_roll_dice("anarchy", "arcane", spell,
                             dead_wizard_tokens=["arcane", "dark", "arcane", None])
    assert result["dice"] == 3


def test_rally_and_wild_magic_add_no_dice():
    """Rally (anarchy) is not a spell component; Wild Magic is replaced on reveal."""
    spell = [{"type": "rally", "glyph": "dark"}, {"type": "wild-magic", "slot": "source"},
             {"type": "delivery", "glyph": "dark", "initiative": 2}]
    assert power_roll_dice("anarchy", "dark", spell)["dice"] == 1


def test_extra_dice_from_effects():
    spell = [{"type": "delivery", "glyph": "dark", "initiative": 2}]
    assert power_roll_dice("rumble", "dark", spell, extra_dice=2)["dice"] == 3


@pytest.mark.parametrize("kwargs,field", [
    ({"champion_glyph": "dark"}, "champion_glyph"),  # rumble has no Champions
    ({"dead_wizard_tokens": ["dark"]}, "dead_wizard_tokens"),  # rumble: cards, not tokens
    ({"extra_dice": -1}, "extra_dice"),
])
def test_rumble_rejects_anarchy_only_dice(kwargs, field):
    with pytest.raises(EngineError) as err:
        power_roll_dice("rumble", "dark", [{"type": "delivery", "glyph": "dark"}], **kwargs)
    assert err.value.field == field


def test_rolling_card_must_be_present():
    with pytest.raises(EngineError) as err:
        power_roll_dice("rumble", "dark", [{"type": "source", "glyph": "primal"}])
    assert err.value.field == "glyph"


def test_rumble_random_foe_example_three_foes():
    """Rumble Full Spell Resolution Example: 1-2 to the left, 3-4 next, 5-6 last; a 4 hits
    Dennis."""
    foes = foes_from_left(["Me", "Left", "Dennis", "Megan"], "Me")
    assert foes == ["Left", "Dennis", "Megan"]
    spread = random_foe_faces(foes)
    assert spread == {"faces": {"Left": [1, 2], "Dennis": [3, 4], "Megan": [5, 6]},
                      "reroll": []}
    assert roll_random_foe("rumble", foes, rolls=[4])["victim"] == "Dennis"


def test_anarchy_random_foe_five_players_rerolls_5_and_6():
    """Anarchy Random Foes: five players -> 1 to 4 clockwise, re-roll 5s and 6s."""
    foes = foes_from_left(["Me", "A", "B", "C", "D"], "Me")
    spread = random_foe_faces(foes)
    assert spread["faces"] == {"A": [1], "B": [2], "C": [3], "D": [4]}
    assert spread["reroll"] == [5, 6]
    result = roll_random_foe("anarchy", foes, rolls=[6, 5, 3])
    assert result["victim"] == "C" and result["rolls"] == [6, 5, 3]


def test_anarchy_gives_each_target_one_face_and_rerolls_the_rest():
    """Anarchy's reading random-foe-spare-faces: one face per legal target clockwise from
    the left, the others re-rolled (its five-player example); Rumble splits the faces."""
    foes = ["L", "R"]
    assert random_foe_faces(foes, "anarchy") == {"faces": {"L": [1], "R": [2]},
                                                 "reroll": [3, 4, 5, 6]}
    assert roll_random_foe("anarchy", foes, rolls=[3, 2])["victim"] == "R"
    assert roll_random_foe("rumble", foes, rolls=[3])["victim"] == "L"


@pytest.mark.parametrize("n,faces,reroll", [
    (1, [[1, 2, 3, 4, 5, 6]], []),
    (2, [[1, 2, 3], [4, 5, 6]], []),
    (5, [[1], [2], [3], [4], [5]], [6]),
    (6, [[1], [2], [3], [4], [5], [6]], []),
])
def test_random_foe_general_rule(n, faces, reroll):
    """Random Foes: each legal target gets 6 // n faces from the left; the rest re-roll."""
    spread = random_foe_faces([f"F{i}" for i in range(n)])
    assert list(spread["faces"].values()) == faces and spread["reroll"] == reroll


def test_random_foe_only_legal_targets_starting_left():
    """Random Foes: values go only to legal targets, starting with the player on the left."""
    foes = foes_from_left(["A", "B", "C", "D", "E"], "C", legal=["A", "E", "B"])
    assert foes == ["E", "A", "B"]


def test_random_foe_single_target_needs_no_roll_and_none_picks_nobody():
    assert roll_random_foe("rumble", ["Solo"])["rolls"] == []
    assert roll_random_foe("rumble", [])["victim"] is None


@given(st.integers(1, 6), st.integers(0, 10**6))
def test_property_random_foe_seed_replays_and_picks_a_target(n, seed):
    targets = [f"F{i}" for i in range(n)]
    first = roll_random_foe("anarchy", targets, seed=seed)
    assert first["victim"] in targets
    assert roll_random_foe("anarchy", targets, seed=seed) == first
    assert roll_random_foe("anarchy", targets, rolls=first["rolls"])["victim"] == first["victim"]


@given(st.integers(1, 6))
def test_property_random_foe_every_target_equally_likely(n):
    spread = random_foe_faces([f"F{i}" for i in range(n)])
    sizes = {len(f) for f in spread["faces"].values()}
    assert len(sizes) == 1
    assert sum(len(f) for f in spread["faces"].values()) + len(spread["reroll"]) == 6


@pytest.mark.parametrize("args,field", [
    ((["A", "B"], "Z"), "caster"),
    ((["A", "A"], "A"), "seating"),
    ((["A", "B", "C"], "A", ["A"]), "legal"),
])
def test_foes_from_left_bad_input(args, field):
    with pytest.raises(EngineError) as err:
        foes_from_left(*args)
    assert err.value.field == field


def test_random_foe_rejects_bad_rolls_and_too_many_targets():
    with pytest.raises(EngineError) as err:
        roll_random_foe("rumble", ["A", "B"], rolls=[7])
    assert err.value.field == "rolls"
    with pytest.raises(EngineError) as err:
        roll_random_foe("rumble", [f"F{i}" for i in range(7)])
    assert err.value.field == "targets"
