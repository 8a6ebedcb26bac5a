"""What the two spell games (rumble, anarchy) share: slugs, numbers, input checks.

Every fact here comes from the rulebooks; ``cite(game, topic)`` turns a topic
into the rule citation of that game through ``rule_refs.rule``.
"""
from __future__ import annotations

from ..core import EngineError
from ..rule_refs import rule

SPELL_GAMES = ("rumble", "anarchy")
GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")
SLOTS = ("source", "quality", "delivery")  # nameplate order, left to right
COMPONENT_TYPES = ("source", "quality", "delivery", "wild-magic", "rally")

MAX_COMPONENTS = 3
STARTING_HP = 20
MAX_HP = 25
MAX_BLOOD = 25  # rumble only
KILL_BLOOD = 3  # rumble: blood for killing a foe
STANDEE_BLOOD = 1  # rumble: blood for holding the standee at the end of a round
MAX_WIZARDS = 6  # both games ship 6 skull life counters
DEAD_WIZARD_TOKENS_PER_WIZARD = 2  # anarchy
DEAD_WIZARD_TOKEN_VP = -2  # anarchy
APPLAUSE_VALUES = (2, 3, 4)  # anarchy: 10 tokens of each
APPLAUSE_TOKENS_PER_VALUE = 10
LWS_TOKENS_TO_WIN = 2  # rumble match
QUICK_MATCH_GAMES = 3  # rumble quick match variant


def cite(game: str, topic: str) -> str:
    """The citation for a topic of one game, e.g. cite("rumble", "turn-order.count")."""
    return rule(f"{game}.{topic}")


def require_game(game) -> str:
    if not isinstance(game, str) or game not in SPELL_GAMES:
        raise EngineError(
            f"game must be one of {', '.join(SPELL_GAMES)} (got {game!r})",
            field="game",
            code="unknown-game",
        )
    return game


def require_glyph(value, *, field: str) -> str | None:
    """A glyph name, case-insensitive; None means not given (unknown)."""
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().lower() not in GLYPHS:
        raise EngineError(
            f"{field} must be one of {', '.join(GLYPHS)} (got {value!r})",
            field=field,
            code="unknown-glyph",
        )
    return value.strip().lower()


def require_name(value, *, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise EngineError(f"{field} must be a non-empty name", field=field, code="type")
    return value.strip()


def require_list(value, *, field: str, low: int = 0, high: int | None = None) -> list:
    if not isinstance(value, list | tuple):
        raise EngineError(f"{field} must be a list", field=field, code="type")
    if len(value) < low:
        raise EngineError(f"{field} needs at least {low} item(s)", field=field, code="range")
    if high is not None and len(value) > high:
        raise EngineError(f"{field} takes at most {high} items", field=field, code="range")
    return list(value)


def require_unique_names(names: list[str], *, field: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise EngineError(f"{field}: the name {name!r} appears twice", field=field,
                              code="duplicate")
        seen.add(name)
