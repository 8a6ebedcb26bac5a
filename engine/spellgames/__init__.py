"""The spell games, Rumble at Castle Tentakill and Anarchy at the Arena.

One import for the checkers, the API and the sandbox: the public names are
re-exported here. Where each part of the rulebooks lives (section numbers as
"rumble N / anarchy N"; the exact keys are in ``engine.rule_refs``):

- ``games``: what both games share, the Components (rumble 2 / anarchy 1):
  game slugs, glyphs, slots, HP, Blood and token counts, input checks, ``cite``.
- ``legality``: Building a Spell (rumble 8 / anarchy 6), Wild Magic
  (rumble 19.3 / anarchy 18.1.2), Rally (anarchy 18.3.2) and the spell's name
  from Reveal Your Spell (rumble 11.1 / anarchy 9.1).
- ``turn_order``: Turn Order with its roll-offs (rumble 10 / anarchy 8).
- ``rolls``: Power Rolls (rumble 14 / anarchy 12), the roll-table bands of the
  Full Spell Resolution Example (rumble 25.6 / anarchy 21.6), random foes
  (rumble 15.8 / anarchy 13.5.1) and the glyph counts they read.
- ``targets``: who a component hits: strongest / weakest foe with each game's
  tie rule, the foe to the left or right, random foe, each foe (rumble 15 /
  anarchy 13).
- ``state``: the game between actions (wizards clockwise, HP, Creatures,
  Blood, tokens), JSON-serialisable.
- ``combat``: what changes it: damage and healing (Set Up: rumble 4 /
  anarchy 3.6), Wizard Death (anarchy 22), Creatures (17), Blood (rumble 18),
  Applause (anarchy 16), Champions (anarchy 20), Treasures, the Dead Wizard
  deck (rumble 21), the Standee (rumble 22), the spell being cast component by component:
  Reactions (rumble 23) and Blood costs (rumble 18.9-18.11); the Champion's
  end-of-round Challenge (anarchy 20.6-20.7), End of a Game.
- ``scoring``: End of Game and its tiebreak (anarchy 23), Object of the Game
  (rumble 3.3) and the Quick Match Variant (rumble 24).
- ``rounds``: a whole round as the sandbox plays it, one action at a time
  (build, reveal, power rolls, resolve, next round), on top of the modules above.
"""
from __future__ import annotations

from .combat import ActionResult, apply, legal_actions, match_winner, preflight
from .games import GLYPHS, SPELL_GAMES
from .legality import Component, parse_components, spell_check, spell_initiative, spell_name
from .rolls import (
    foes_from_left,
    power_roll_dice,
    random_foe_faces,
    roll_band,
    roll_random_foe,
)
from .scoring import anarchy_score, quick_match_score, rumble_match_score, score_state
from .state import Creature, SpellGame, Wizard, new_spell_game
from .targets import TARGETS, choose_targets
from .turn_order import roll_off, spell_order

__all__ = [
    "GLYPHS", "SPELL_GAMES", "TARGETS", "ActionResult", "Component", "Creature", "SpellGame", "Wizard",
    "anarchy_score", "apply", "choose_targets", "foes_from_left", "legal_actions", "match_winner", "new_spell_game",
    "parse_components", "power_roll_dice", "preflight", "quick_match_score",
    "random_foe_faces", "roll_band", "roll_off", "roll_random_foe", "rumble_match_score",
    "score_state", "spell_check", "spell_initiative", "spell_name", "spell_order",
]
