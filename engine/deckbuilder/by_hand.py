"""Card text waiting to be applied by hand: who applies it, to whom, what is done.

The rulebook prints few texts, so the engine flags what it cannot run and the
player applies it (``apply``, mayhem.py). Each flagged text is kept on
``state.by_hand_open`` until the turn ends (or its Mayhem / GROUP ATTACK is
resolved): ``{"text", "player": whose card it is, "targets": the players it
may touch (None: any), "applied": [[target, effect kind], ...], "event"}``.
"""
from __future__ import annotations


def open_text(state, text: str, owner: str, targets: list[str] | None = None, *,
              event: bool = False) -> dict:
    """Card text flagged to be applied by hand by ``owner`` (None targets: any player)."""
    entry = {"text": text, "player": owner, "targets": targets, "applied": [],
             "event": event}
    state.by_hand_open.append(entry)
    return entry


def waiting(state) -> list[dict]:
    """The texts waiting to be applied (a state stored before they were objects: its plain
    texts are the active player's)."""
    return [e if isinstance(e, dict) else {"text": e, "player": state.current.name,
                                           "targets": None, "applied": [], "event": False}
            for e in state.by_hand_open]


def foes_of(state, name: str) -> list[str]:
    return [p.name for p in state.players if p.name != name]
