"""Which attributes an entry shows: those that apply to its game and type, unknowns included."""
from __future__ import annotations

from cardsite.catalog import games as game_defs

LABELS = {"vp": "Victory points", "initiative": "Initiative"}
SHORT_LABELS = {"vp": "VP", "initiative": "Init"}


def entry_attributes(entry, *, short: bool = False) -> list[tuple[str, str, object]]:
    """[(name, label, value)] in the game's order; value None means unknown.

    Attributes that do not apply to the entry's type are left out, so a page
    never prints "unknown" for a field the entry cannot have.
    """
    names = game_defs.applicable_attributes(entry.game.slug, entry.type, entry.kind)
    labels = SHORT_LABELS if short else LABELS
    return [(name, labels.get(name, name.capitalize()), getattr(entry, name)) for name in names]


def attribute_label(name: str) -> str:
    return LABELS.get(name, name.capitalize())
