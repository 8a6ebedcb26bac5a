"""Which attributes an entry shows: those its game's family uses, unknowns included."""
from __future__ import annotations

from cardsite import games as game_defs

LABELS = {"vp": "Victory points", "initiative": "Initiative"}
SHORT_LABELS = {"vp": "VP", "initiative": "Init"}


def entry_attributes(entry, *, short: bool = False) -> list[tuple[str, str, object]]:
    """[(name, label, value)] in the game's order; value None means unknown."""
    names = game_defs.GAME_ATTRIBUTES.get(entry.game.family, ())
    labels = SHORT_LABELS if short else LABELS
    return [(name, labels.get(name, name.capitalize()), getattr(entry, name)) for name in names]
