"""Annihilageddon 3 - Satanic Panic, the deck-builder.

Public entry points, re-exported here: ``satanic_panic_setup`` (endpoint
``satanic-panic/setup``), ``satanic_panic_score`` (``satanic-panic/score``),
``buy_check``, ``TurnState`` (the sandbox's game: legal actions / apply) and
the HP rules. Where each part of the rulebook lives (its section numbers; the
exact keys are in ``engine.rule_refs``):

- ``cards``: Contents (1) and card definitions: the named cards, stand-ins
  for what the rulebook does not list, and which cards are never bought.
- ``catalog``: Contents (1) again: the catalog's cards (main deck, Legendary
  Devils, starters) a dealt table uses in place of stand-ins, counts kept.
- ``setup``: Setup (3.1-3.6: starting decks, the five Wizard Ability Tiles
  (6.21, 7.11), the main deck, the Legendary Devil stack, the Line-Up, the
  Demon and Satan's Taint decks, the stacks) and the Satan player's Setup (8.5).
- ``state``: the table as data (players, zones, piles) and the rules that move
  cards: Shuffling Your Deck (6.5), Mayhem (6.14), Dead Wizard Tokens and
  death (6.15, PRIDE's discard as a pending decision), Demons (6.19), Death as Satan (8.1), End of Game (5.1).
- ``health``: Hit Points: Beelze-Butthole tiles (6.18, 8.15), healing (7.1),
  spending HP (7.4), HP after death.
- ``buying``: Buying (4.1.8), Familiars and Spellbooks (6.1.5), Legendary
  Devils (6.3), Wild Magic (6.12) and Satan never buying (8.9).
- ``play``: playing a card: Order of Playing Your Cards (4.2), ATTACKS and
  DEFENSES (6.2), Burning Limp Wand (6.13), the Standee (6.17, 8.16), Ability
  Tile Cards (6.21), The Satanic Shuffle (8.10), Terrible Temptation (8.11).
- ``turn``: Turn Sequence (4.3), End of Turn (4.4), the first player (4.1):
  ``TurnState``, the game the sandbox drives one action at a time.
- ``scoring``: scoring and tiebreaks (5.2-5.5), Damned Wizard Tokens (6.16),
  token exceptions (7.10), Penta-Coins (8.14).
"""
from .buying import buy_check
from .health import gain_beelze_butthole, heal, max_hp, pay_hp_problem
from .scoring import satanic_panic_score
from .setup import satanic_panic_setup
from .turn import TurnState

__all__ = ["TurnState", "buy_check", "gain_beelze_butthole", "heal", "max_hp",
           "pay_hp_problem", "satanic_panic_score", "satanic_panic_setup"]
