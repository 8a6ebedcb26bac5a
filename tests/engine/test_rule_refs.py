"""Rule citations: every key of engine/rule_refs.py names a real rule of the bundled reference.

Reads fixtures/*.json as plain JSON (no Django): each key's number must exist
among its game's rules, and the key's section must be that rule's source.
"""
import json
from pathlib import Path

import pytest

from engine.rule_refs import RULES, rule

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def load_rules() -> dict[str, dict[str, dict]]:
    """{game slug: {rule number: rule}} merged from every fixtures/*.json."""
    games: dict[str, dict[str, dict]] = {}
    for path in sorted(FIXTURES.glob("*.json")):
        for game in json.loads(path.read_text(encoding="utf-8"))["games"]:
            numbers = games.setdefault(game["slug"], {})
            for item in game["rules"]:
                numbers[item["number"]] = item
    return games


GAMES = load_rules()
KEYS = sorted(RULES)


def test_the_fixtures_hold_every_cited_game():
    assert RULES
    assert {game for game, _, _ in RULES.values()} <= set(GAMES)


@pytest.mark.parametrize("key", KEYS)
def test_every_key_has_a_number(key):
    game, _, number = RULES[key]
    assert number, f"{key}: no rule number"
    assert rule(key) == f"{game} {number}"


@pytest.mark.parametrize("key", KEYS)
def test_every_number_is_a_rule_of_its_game(key):
    game, _, number = RULES[key]
    assert number in GAMES[game], f"{key}: {game} has no rule {number}"


@pytest.mark.parametrize("key", KEYS)
def test_the_section_is_the_rules_source(key):
    game, section, number = RULES[key]
    source = GAMES[game][number]["source"]
    assert section == source, f"{key}: {game} {number} is under {source!r}, not {section!r}"
