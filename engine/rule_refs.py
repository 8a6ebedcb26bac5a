"""Symbolic rule keys the engine cites, mapped to rules-reference numbers.

Engine code cites ``rule("spell.max-components")`` rather than a bare number,
so renumbering the rules reference touches only this table. A test checks
that every number here exists in the bundled rules reference.

Each value: (game slug, rulebook section, rule number or None while unmapped).
"""
from __future__ import annotations

RULES: dict[str, tuple[str, str, str | None]] = {}


def rule(key: str) -> str:
    """'rumble 6.2' for a mapped key; 'rumble: Building a Spell' until mapped."""
    game, section, number = RULES[key]
    return f"{game} {number}" if number else f"{game}: {section}"
