"""Types every engine module shares: problems, errors, explanations, dice.

Every roll and shuffle goes through one injected ``random.Random`` so a seed
replays a game; nothing here touches the module-level ``random``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

DIE_FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Problem:
    """Why something is illegal: a stable code, a message, the rule applied."""

    code: str
    message: str
    rule: str = ""

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "rule": self.rule}


class EngineError(ValueError):
    """Bad input to the engine (an unknown game, 0 dice, 6 players...).

    ``field`` names the input at fault so the API can answer a 400 that says
    which field is wrong.
    """

    def __init__(self, message: str, *, field: str = "", code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field}


@dataclass
class Explanation:
    """An ordered list of steps, each naming the rule it applied."""

    steps: list[dict] = field(default_factory=list)

    def add(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def as_list(self) -> list[dict]:
        return list(self.steps)


def make_rng(seed: int | str | None) -> random.Random:
    """The one random source of a computation; ``None`` seeds from the OS."""
    return random.Random(seed)


def roll_die(rng: random.Random) -> int:
    return rng.choice(DIE_FACES)


def require_int(value, *, field: str, low: int | None = None, high: int | None = None) -> int:
    """Validate an integer input (rejecting bools and strings) within bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"{field} must be a whole number", field=field, code="type")
    if low is not None and value < low:
        raise EngineError(f"{field} must be at least {low}", field=field, code="range")
    if high is not None and value > high:
        raise EngineError(f"{field} must be at most {high}", field=field, code="range")
    return value
