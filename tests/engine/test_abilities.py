"""The ability language: validation naming the path, readable text, what stays by hand."""
import json
from pathlib import Path

import pytest

from engine.abilities import SCHEMA, TRIGGERS, by_hand, describe, validate
from engine.core import EngineError
from engine.spellgames.abilities import plays

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def scripted(game):
    data = json.loads((FIXTURES / f"{game}.json").read_text(encoding="utf-8"))
    return {e["slug"]: e for e in data["games"][0]["entries"] if e.get("abilities")}


@pytest.mark.parametrize(("abilities", "path"), [
    ("damage", "abilities"),
    ([{"trigger": "whenever", "effects": [{"do": "draw"}]}], "abilities[0].trigger"),
    ([{"trigger": "resolved"}], "abilities[0]"),
    ([{"trigger": "resolved", "effects": [{"do": "damage", "amount": 2}]}],
     "abilities[0].effects[0].target"),
    ([{"trigger": "resolved", "effects": [{"do": "heal", "amount": -1}]}],
     "abilities[0].effects[0].amount"),
    ([{"trigger": "resolved", "effects": [{"do": "heal", "amont": 1}]}],
     "abilities[0].effects[0].amont"),
    ([{"trigger": "resolved", "effects": [{"do": "by-hand"}]}], "abilities[0].effects[0].text"),
    ([{"trigger": "resolved", "bands": [{"low": 9, "high": 5, "effects": [{"do": "keep"}]}]}],
     "abilities[0].bands[0].high"),
    ([{"trigger": "resolved", "effects": [{"do": "damage", "target": "random-foe",
                                           "amount": {"per_glyph": "fire"}}]}],
     "abilities[0].effects[0].amount.per_glyph"),
])
def test_a_bad_ability_names_its_path(abilities, path):
    with pytest.raises(EngineError) as exc:
        validate(abilities)
    assert exc.value.field == path


def test_the_schema_lists_every_trigger():
    assert SCHEMA["items"]["properties"]["trigger"]["enum"] == list(TRIGGERS)


@pytest.mark.parametrize("game", ["rumble", "anarchy", "satanic-panic"])
def test_every_scripted_entry_is_valid_and_readable(game):
    entries = scripted(game)
    assert entries
    for slug, entry in entries.items():
        validate(entry["abilities"])
        lines = describe(entry["abilities"])
        assert len(lines) == len(entry["abilities"]) and all(lines), slug


def test_readable_text_of_the_example_cards():
    rumble = scripted("rumble")
    assert describe(rumble["adh-deezis"]["abilities"]) == [
        "When resolved: take the Standee; then if you took it from a living foe, deal 3 damage "
        "to a different foe."]
    assert describe(rumble["tentakiller"]["abilities"]) == [
        "When resolved, Power Roll: 5-9: deal 2 damage to a foe with no Creatures in play; "
        "then KEEP."]
    assert describe(scripted("satanic-panic")["pride"]["abilities"]) == [
        "When resolved: discard 1 card(s), or 3 if you have another one."]


def test_what_the_language_cannot_say_is_flagged_by_hand():
    sp = scripted("satanic-panic")
    assert by_hand(sp["familiar-discount-tile"]["abilities"])
    assert not by_hand(sp["little-pot-o-gold"]["abilities"])
    assert not any(plays(e["abilities"]) for e in sp.values())  # no deck-builder interpreter
