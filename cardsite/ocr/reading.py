"""What one machine reading of a card gives: each field with how sure the engine was."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Field:
    """One field as read: ``value`` is None when nothing was found; ``confidence`` is 0-1
    (Tesseract's word confidences, lowered where the layout or vocabulary placed it by a
    guess)."""

    value: str | int | None = None
    confidence: float = 0.0


@dataclass
class Reading:
    """A draft of a card's fields, "read by machine — check".

    ``type`` is a type slug of the game (``games.GAME_TYPES``) when the printed type line
    matched one, else None (the printed words are in ``raw_text``). ``name_hint`` is the
    nearest name of a known entry when the name read is close to one: a hint for the
    person to compare, never put in the name field (a new card may well be named like an
    old one).
    """

    name: Field = field(default_factory=Field)
    type: Field = field(default_factory=Field)
    initiative: Field = field(default_factory=Field)
    cost: Field = field(default_factory=Field)
    text: Field = field(default_factory=Field)
    raw_text: str = ""
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    name_hint: str | None = None

    def to_dict(self) -> dict:
        """Plain JSON-able data (for a task's result or a JSON field)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Reading:
        fields = {k: Field(**data[k]) for k in ("name", "type", "initiative", "cost", "text")
                  if isinstance(data.get(k), dict)}
        return cls(**fields, raw_text=data.get("raw_text", ""),
                   seconds=data.get("seconds", 0.0), warnings=list(data.get("warnings", [])),
                   name_hint=data.get("name_hint"))
