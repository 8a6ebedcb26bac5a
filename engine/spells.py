"""The spell games (rumble, anarchy): one import for the checker, API and sandbox.

The rules live in small modules, re-exported here:
- spell_legality: building a spell (legality, count, initiative, name)
- turn_order: the round's order with tie roll-offs
- spell_rolls: power-roll dice, roll-table bands, random foes
- spell_state / spell_combat: game state and the actions that change it
  (damage, healing, death, Creatures, Blood, Applause, Standee, end of game)
- spell_scoring: Anarchy VP, Rumble match and Quick Match scoring
"""
from __future__ import annotations

from .spell_combat import ActionResult, apply, legal_actions, match_winner, preflight
from .spell_games import GLYPHS, SPELL_GAMES
from .spell_legality import Component, parse_components, spell_check, spell_initiative, spell_name
from .spell_rolls import (
    foes_from_left,
    power_roll_dice,
    random_foe_faces,
    roll_band,
    roll_random_foe,
)
from .spell_scoring import anarchy_score, quick_match_score, rumble_match_score, score_state
from .spell_state import Creature, SpellGame, Wizard, new_spell_game
from .turn_order import roll_off, spell_order

__all__ = [
    "GLYPHS", "SPELL_GAMES", "ActionResult", "Component", "Creature", "SpellGame", "Wizard",
    "anarchy_score", "apply", "foes_from_left", "legal_actions", "match_winner", "new_spell_game",
    "parse_components", "power_roll_dice", "preflight", "quick_match_score",
    "random_foe_faces", "roll_band", "roll_off", "roll_random_foe", "rumble_match_score",
    "score_state", "spell_check", "spell_initiative", "spell_name", "spell_order",
]
