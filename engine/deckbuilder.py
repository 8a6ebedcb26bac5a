"""Satanic Panic (the deck-builder): the public entry points.

- ``satanic_panic_setup(players, satan, seed)``: the table (endpoint
  ``satanic-panic/setup``), in ``deckbuilder_setup``;
- ``satanic_panic_score(players)``: scoring and tiebreaks (endpoint
  ``satanic-panic/score``), in ``deckbuilder_score``;
- ``buy_check(state, player, card)``: buying legality, in ``deckbuilder_buying``;
- ``TurnState``: the turn sandbox (legal actions / apply), in ``deckbuilder_turn``;
- HP rules in ``deckbuilder_health``, card definitions and stand-ins in
  ``deckbuilder_cards``, zones, death and end of game in ``deckbuilder_state``.
"""
from .deckbuilder_buying import buy_check
from .deckbuilder_health import gain_beelze_butthole, heal, max_hp, pay_hp_problem
from .deckbuilder_score import satanic_panic_score
from .deckbuilder_setup import satanic_panic_setup
from .deckbuilder_turn import TurnState

__all__ = ["TurnState", "buy_check", "gain_beelze_butthole", "heal", "max_hp",
           "pay_hp_problem", "satanic_panic_score", "satanic_panic_setup"]
