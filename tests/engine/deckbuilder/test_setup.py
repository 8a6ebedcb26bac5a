"""Satanic Panic setup (rulebook Setup 1-6 and the Satan player's Setup)."""
import pytest

from engine.core import EngineError
from engine.deckbuilder import satanic_panic_setup
from engine.deckbuilder.cards import BUILTIN
from engine.deckbuilder.setup import deal_line_up

EXPECTED_DEVILS = {2: 8, 3: 7, 4: 6, 5: 5}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("satan", [False, True])
def test_setup_for_each_player_count(players, satan):
    """Setup 3 and 6: Legendary Devil table, fixed top/bottom, 5 tokens per player."""
    out = satanic_panic_setup(players, satan, seed=11)
    devils = out["legendary_devils"]
    assert devils["additional"] == EXPECTED_DEVILS[players]
    assert devils["size"] == EXPECTED_DEVILS[players] + 2 == len(devils["stack"])
    assert devils["top"] == devils["stack"][0] == "Hell's Pulsating Asshole"
    assert devils["bottom"] == devils["stack"][-1] == "Asmodeus"
    assert len(set(devils["stack"])) == len(devils["stack"])
    assert out["dead_wizard_tokens"] == 5 * players
    assert out["damned_wizard_tokens"] == 10
    assert len(out["line_up"]) == 5
    assert len(out["decks"]) == players
    assert out["turn_order"][0] == ("Satan" if satan else "Wizard 1")
    assert {s["rule"] for s in out["explanation"]}
    assert out["main_deck"]["size"] == 136


def test_starting_deck_with_satan_is_6_glyph_1_wand_3_fizzle():
    """Setup 1: 6 Glyph, 1 Satanic Wand, 3 Fizzle."""
    out = satanic_panic_setup(3, True, seed=1)
    assert out["starting_deck"] == {"Glyph": 6, "Satanic Wand": 1, "Fizzle": 3}


def test_without_satan_one_glyph_becomes_a_satanic_glyph():
    """Setup 1 NOTE / Gameplay: without Satan, swap 1 Glyph for a Satanic Glyph."""
    out = satanic_panic_setup(3, False, seed=1)
    assert out["starting_deck"] == {"Glyph": 5, "Satanic Wand": 1, "Fizzle": 3, "Satanic Glyph": 1}
    plain = satanic_panic_setup(3, False, seed=1, satanic_glyph=False)
    assert plain["starting_deck"] == {"Glyph": 6, "Satanic Wand": 1, "Fizzle": 3}


def test_satan_player_deck_is_15_cards():
    """Satan guide Setup 2: 10 Hellfire, 2 The Satanic Shuffle, 1 Terrible Temptation,
    1 Digging Your Grave, 1 Satanic Wand."""
    out = satanic_panic_setup(4, True, seed=3)
    assert out["satan_deck"] == {"Hellfire": 10, "The Satanic Shuffle": 2,
                                 "Terrible Temptation": 1, "Digging Your Grave": 1,
                                 "Satanic Wand": 1}
    assert sum(out["satan_deck"].values()) == 15
    assert out["stacks"]["satan_stack"] == 81 - 15
    assert [d["role"] for d in out["decks"]].count("satan") == 1


def test_ability_tiles_replace_a_starter_glyph():
    """Tile Clarifications: Lucky's Lucky Wand / Enslave-'Em-All Ball replace a Glyph."""
    out = satanic_panic_setup(3, True, seed=2, ability_tiles=["lucky-wand", "enslave-ball"])
    decks = {d["player"]: d["cards"] for d in out["decks"]}
    assert decks["Wizard 1"] == {"Glyph": 5, "Satanic Wand": 1, "Fizzle": 3,
                                 "Lucky's Lucky Wand": 1}
    assert decks["Wizard 2"] == {"Glyph": 5, "Satanic Wand": 1, "Fizzle": 3,
                                 "Enslave-'Em-All Ball": 1}
    assert sum(decks["Wizard 1"].values()) == 10


def test_each_ability_tile_card_exists_once():
    """Ability Tile Cards: one Lucky's Lucky Wand card, so one player per tile."""
    with pytest.raises(EngineError) as err:
        satanic_panic_setup(3, False, seed=2, ability_tiles=["lucky-wand", "lucky-wand"])
    assert err.value.field == "ability_tiles"


def test_satan_counts_as_a_player_for_dead_wizard_tokens_by_default():
    """6. The Stacks: 5 tokens per player; reading: the Satan player counts (option)."""
    assert satanic_panic_setup(4, True, seed=1)["dead_wizard_tokens"] == 20
    assert satanic_panic_setup(4, True, seed=1,
                               satan_counts_for_tokens=False)["dead_wizard_tokens"] == 15


def test_note_eight_devils_reading_and_option():
    """6. The Stacks NOTE: '8 Legendary Devils ... standard 4-player' = 6 + the fixed 2;
    the 8-additional reading is the legendary_devils option."""
    standard = satanic_panic_setup(4, False, seed=5)
    assert standard["legendary_devils"]["size"] == 8
    assert any("NOTE" in s["text"] for s in standard["explanation"])
    other = satanic_panic_setup(4, False, seed=5, legendary_devils=8)
    assert other["legendary_devils"]["additional"] == 8
    assert other["legendary_devils"]["size"] == 10


def test_extended_game_raises_devils_and_tokens_by_half():
    """6. The Stacks NOTE: extended game, 12 Legendary Devils and 8 DWTs per player."""
    out = satanic_panic_setup(4, False, seed=5, extended=True)
    assert out["legendary_devils"]["size"] == 12
    assert out["dead_wizard_tokens"] == 8 * 4


def test_initial_line_up_mayhems_destroyed_not_resolved_and_replaced():
    """4. The Line-Up: Mayhems in the opening Line-Up are destroyed and replaced."""
    deck = ["Mayhem", "Glyph", "Mayhem", "Mayhem", "Wild Magic", "A", "B", "C", "D"]
    line_up, destroyed = deal_line_up(deck)
    assert destroyed == ["Mayhem", "Mayhem", "Mayhem"]
    assert line_up == ["Glyph", "Wild Magic", "A", "B", "C"]
    assert deck == ["D"]
    for seed in range(30):
        out = satanic_panic_setup(3, False, seed=seed)
        assert "Mayhem" not in out["line_up"]
        assert all(BUILTIN[c].kind == "mayhem" for c in out["destroyed"])
        assert out["main_deck"]["remaining"] == 136 - 5 - len(out["destroyed"])


def test_setup_is_replayable_from_its_seed():
    """Seeded randomness: the same seed gives the same table."""
    assert satanic_panic_setup(5, True, seed=42) == satanic_panic_setup(5, True, seed=42)
    assert satanic_panic_setup(5, True, seed=42) != satanic_panic_setup(5, True, seed=43)
    unseeded = satanic_panic_setup(2, False)
    assert satanic_panic_setup(2, False, seed=unseeded["seed"]) == unseeded


@pytest.mark.parametrize("players", [1, 6, 0, "3", True, None, 2.5])
def test_setup_rejects_bad_player_counts(players):
    """Setup: 2 to 5 players; bad input names the field."""
    with pytest.raises(EngineError) as err:
        satanic_panic_setup(players, False, seed=1)
    assert err.value.field == "players"


def test_setup_rejects_a_non_boolean_satan():
    with pytest.raises(EngineError) as err:
        satanic_panic_setup(3, "yes", seed=1)
    assert err.value.field == "satan"


@pytest.mark.parametrize(("tile", "cards", "set_aside", "rule"), [
    ("lucky-wand", {"Glyph": 5, "Lucky's Lucky Wand": 1}, {}, "satanic-panic 7.11.3"),
    ("enslave-ball", {"Glyph": 5, "Enslave-'Em-All Ball": 1}, {}, "satanic-panic 7.11.3"),
    ("lil-buddies", {"Glyph": 6}, {"Lil' Buddies": 7}, "satanic-panic 6.21.3"),
    ("dead-wizard-tokens", {"Glyph": 6}, {}, "satanic-panic 7.11.1"),
    ("familiar-discount", {"Glyph": 6}, {}, "satanic-panic 7.11.2"),
])
def test_each_of_the_five_ability_tiles_at_setup(tile, cards, set_aside, rule):
    out = satanic_panic_setup(2, False, seed=4, ability_tiles=[tile], satanic_glyph=False)
    first = out["decks"][0]
    assert first["ability_tile"] == tile and first["set_aside"] == set_aside
    assert {k: v for k, v in first["cards"].items() if k not in ("Satanic Wand", "Fizzle")} \
        == cards
    assert sum(first["cards"].values()) == 10
    assert any(s["rule"] == rule and "Wizard 1's Wizard Ability Tile" in s["text"]
               for s in out["explanation"])
    assert out["decks"][1]["ability_tile"] is None
