"""One adapter per game family: the same small interface over each engine core.

The service layer and the test players only use this interface:
``new(options, seed)``, ``load(data)`` / ``dump(state)`` (the stored JSON),
``check`` (read-only: the Problems that refuse an action), ``apply`` (returns
the state and the events it produced), ``legal_actions``, ``actor``,
``is_terminal``, ``result``. Bad input raises ``EngineError``.
"""
from __future__ import annotations

import json

from .core import EngineError, Problem, require_int
from .deckbuilder import TurnState
from .demoniac import DemoniacState
from .rule_refs import rule
from .spellgames import rounds

MAX_SEED = 2**31 - 1


class SpellRoundFamily:
    """Rumble or Anarchy: a round of spells (state: rounds' dict)."""

    family = "spell"

    def __init__(self, game: str):
        self.game = game

    def new(self, options: dict, seed) -> tuple[dict, list[dict]]:
        wizards = options.get("wizards") or ["Wizard 1", "Wizard 2"]
        state = rounds.new_state(self.game, wizards, seed,
                                      variant=options.get("variant", "match"),
                                      champion=options.get("champion"),
                                      self_kill_applause=bool(options.get("self_kill_applause")))
        names = ", ".join(wizards)
        return state, [{"type": "setup", "rule": "", "text": f"{names} sit down clockwise "
                        "with 20 HP each; round 1: build your spells"}]

    def load(self, data: dict) -> dict:
        return json.loads(json.dumps(data)) if not isinstance(data, str) else json.loads(data)

    def dump(self, state: dict) -> dict:
        return state

    def check(self, state, action) -> list[Problem]:
        return rounds.check(state, action)

    def apply(self, state, action) -> tuple[dict, list[dict]]:
        return rounds.apply(state, action)

    def legal_actions(self, state) -> list[dict]:
        return rounds.legal_actions(state)

    def actor(self, state) -> str | None:
        return rounds.actor(state)

    def is_terminal(self, state) -> bool:
        return rounds.is_terminal(state)

    def result(self, state) -> dict | None:
        return rounds.result(state)


class _OpenSpielFamily:
    """Cores with the OpenSpiel shape (check / apply / legal_actions / actor)."""

    family = ""
    state_class: type

    def load(self, data: dict):
        return self.state_class.from_dict(json.loads(json.dumps(data)))

    def dump(self, state) -> dict:
        # The core's log is kept as the sandbox's event log (one row per
        # action), not repeated inside every stored state.
        data = state.to_dict()
        data["log"] = []
        return data

    def check(self, state, action) -> list[Problem]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise EngineError("an action is an object with a type", field="action.type")
        return state.check(action)

    def apply(self, state, action):
        events = state.apply(action)
        return state, [dict(e) for e in events]

    def legal_actions(self, state) -> list[dict]:
        return state.legal_actions()

    def actor(self, state) -> str | None:
        return state.actor()

    def is_terminal(self, state) -> bool:
        return state.is_terminal()


class SatanicPanicFamily(_OpenSpielFamily):
    family = "deckbuilder"
    game = "satanic-panic"
    state_class = TurnState

    def new(self, options: dict, seed):
        players = require_int(options.get("players", 2), field="players", low=2, high=5)
        state = TurnState.new_game(players, bool(options.get("satan")), seed=seed)
        events, state.log = state.log, []
        return state, events

    def result(self, state) -> dict | None:
        return state.result


class DemoniacFamily(_OpenSpielFamily):
    family = "demoniac"
    game = "demoniac"
    state_class = DemoniacState

    def new(self, options: dict, seed):
        players = require_int(options.get("players", 2), field="players", low=2, high=4)
        state = DemoniacState.new_game(players, seed=seed, relic=bool(options.get("relic")),
                                       split_hits=bool(options.get("split_hits")))
        events, state.log = state.log, []
        return state, events

    def result(self, state) -> dict | None:
        if not state.winner:
            return None
        return {"winner": state.winner, "rule": rule("demoniac.winning")}


FAMILIES = {
    "rumble": SpellRoundFamily("rumble"),
    "anarchy": SpellRoundFamily("anarchy"),
    "satanic-panic": SatanicPanicFamily(),
    "demoniac": DemoniacFamily(),
}


def family_for(game) -> SpellRoundFamily | SatanicPanicFamily | DemoniacFamily:
    if game not in FAMILIES:
        raise EngineError(f"game must be one of {', '.join(FAMILIES)}", field="game",
                          code="unknown-game")
    return FAMILIES[game]
