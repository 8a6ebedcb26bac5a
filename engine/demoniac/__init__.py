"""Demoniac: the game, and its dice, possession, divinity and winning rules.

Public entry points, re-exported here: ``DemoniacState`` (the game: legal
actions / apply, JSON round-trip) and the dice, possession, divinity and
winning rules as pure functions. Attack odds live in ``engine.odds``. Where
each part of the rulebook lives (its section numbers; the exact keys are in
``engine.rule_refs``):

- ``components``: the five spots, the symbols, and stand-ins for the cards the
  rulebook does not list (it has no contents list).
- ``rules``: pure functions: attack dice and faces (ATTACKING, 9.2-9.3),
  properly possessed victims (POSSESSING YOUR VICTIM, 7), divinities and
  weaknesses (7.13, THE EXORCIST 8.1) and the winning attack (8.3).
- ``table``: the table as data (players, victims, spots, deck, the exorcist's
  cross, the relic), its JSON round-trip, seeded chance, the log and the draw.
- ``attack``: rolling, re-rolling (9.6) and resolving an attack: hits
  (ATTACKING THE EXORCIST, 6.4), crosses (9.5), destroying a divinity, and
  stealing a relic (THE EVIL RELICS EXPANSION, 12).
- ``state``: ``DemoniacState``: Setup (3), the turn (HOW TO PLAY, 4.2-4.4:
  draw, three actions, playing cards), possessing (7.2, 7.6), disturbances
  (10.2), the hand limit (6.6) and whose action it is.
"""
from .components import SPOTS, SYMBOLS
from .rules import (
    DIE_FACES,
    attack_dice,
    destroyable_divinities,
    properly_possessed,
    roll_faces,
    symbol_mismatches,
    tally,
    winning_problems,
)
from .state import DemoniacState
from .table import DemoniacPlayer

__all__ = ["DIE_FACES", "SPOTS", "SYMBOLS", "DemoniacPlayer", "DemoniacState", "attack_dice",
           "destroyable_divinities", "properly_possessed", "roll_faces", "symbol_mismatches",
           "tally", "winning_problems"]
