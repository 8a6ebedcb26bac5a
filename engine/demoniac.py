"""Demoniac: the public entry points.

- ``DemoniacState``: the game (legal actions / apply, JSON round-trip), in
  ``demoniac_state``;
- dice, possession, divinity and winning-attack rules as pure functions, in
  ``demoniac_rules``; rolling, re-rolling and resolving an attack in
  ``demoniac_attack``; the five spots, symbols and stand-ins in
  ``demoniac_components``. Attack odds live in ``engine.odds``.
"""
from .demoniac_components import SPOTS, SYMBOLS
from .demoniac_rules import (
    DIE_FACES,
    attack_dice,
    destroyable_divinities,
    properly_possessed,
    roll_faces,
    symbol_mismatches,
    tally,
    winning_problems,
)
from .demoniac_state import DemoniacPlayer, DemoniacState

__all__ = ["DIE_FACES", "SPOTS", "SYMBOLS", "DemoniacPlayer", "DemoniacState", "attack_dice",
           "destroyable_divinities", "properly_possessed", "roll_faces", "symbol_mismatches",
           "tally", "winning_problems"]
