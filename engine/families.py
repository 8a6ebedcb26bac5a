"""One adapter per game family: the same small interface over each engine core.

The service layer and the test players only use this interface:
``new(options, seed)``, ``load(data)`` / ``dump(state)`` (the stored JSON),
``check`` (read-only: the Problems that refuse an action), ``apply`` (returns
the state and the events it produced; ``checked=True`` when ``check`` has just
passed the action, or it came from ``legal_actions``: it is not checked twice),
``legal_actions``, ``actor``, ``is_terminal``, ``result``. Bad input raises
``EngineError``.

``setup_options(players, options)`` turns the API's ``players`` (a count, or
names where the game seats named players) and ``options`` into what ``new``
takes; ``by_hand`` names the action types that stand for card text the engine
cannot run yet (the player applies the effect, the engine checks its bounds).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable

from .core import EngineError, Problem, require_int
from .deckbuilder import TurnState
from .demoniac import DemoniacState
from .rule_refs import rule
from .spellgames import rounds
from .spellgames.games import MAX_WIZARDS

MAX_SEED = 2**31 - 1
FLAGS_KEPT = 5  # the by-hand notes a stored Satanic Panic or Demoniac state keeps


class SpellRoundFamily:
    """Rumble or Anarchy: a round of spells (state: rounds' dict).

    Tables deal from a Main Deck unless ``options.deal`` is false (a free table:
    any card may be placed). The deck holds ``catalog_source(game)``'s cards (the
    web app sets it to the catalog's entries; without it every card is a
    stand-in); undo and replay of a table reuse the cards its state holds.
    """

    family = "spell"
    # The core's manual actions but new_game (a flow step): damage, healing, Blood...
    by_hand = frozenset(rounds.MANUAL_ACTIONS) - {"new_game"}
    catalog_source: Callable[[str], list[dict]] | None = None
    # A Champion named without its abilities: the catalog's (the web app sets it).
    champion_source: Callable[[str], dict | None] | None = None

    def __init__(self, game: str):
        self.game = game
        self.option_keys = (("variant", "self_kill_applause", "deal") if game == "rumble"
                            else ("champion", "self_kill_applause", "deal"))

    def setup_options(self, players, options: dict) -> dict:
        if isinstance(players, int) and not isinstance(players, bool):
            count = require_int(players, field="players", low=2, high=MAX_WIZARDS)
            names = [f"Wizard {n}" for n in range(1, count + 1)]
        elif isinstance(players, list) and all(isinstance(p, str) for p in players):
            names = [p.strip() for p in players]
            if not 2 <= len(names) <= MAX_WIZARDS or not all(names) or len(set(names)) < len(
                    names) or max(map(len, names)) > 40:
                raise EngineError(f"players: 2 to {MAX_WIZARDS} different names of at most "
                                  "40 characters", field="players", code="range")
        else:
            raise EngineError("players: a count or a list of wizard names", field="players",
                              code="type")
        options = _known(options, self.option_keys)
        if not isinstance(options.get("champion", {}), dict):
            raise EngineError("options.champion: an object with name and glyph",
                              field="options.champion", code="type")
        return {"wizards": names, **options}

    def check_options(self, options: dict) -> dict:
        """Stored or posted ``new`` options, checked as ``setup_options`` checks them."""
        rest = {k: v for k, v in options.items() if k != "wizards"}
        return self.setup_options(options.get("wizards"), rest)

    def new(self, options: dict, seed, like: dict | None = None) -> tuple[dict, list[dict]]:
        """``like``: a stored state of the same table (undo, replay): its catalog cards."""
        wizards = options.get("wizards") or ["Wizard 1", "Wizard 2"]
        deal = options.get("deal", True) is not False
        if isinstance(like, dict):  # a table made before dealing existed stays free
            deal, catalog = bool(like.get("deal")), like.get("catalog", [])
        else:
            catalog = self.catalog_source(self.game) if deal and self.catalog_source else []
        champion = options.get("champion")
        if isinstance(champion, dict) and "abilities" not in champion and self.champion_source:
            known = self.champion_source(str(champion.get("name")))
            champion = {**champion, "abilities": (known or {}).get("abilities") or []}
        names = ", ".join(wizards)
        events = [{"type": "setup", "rule": "", "text": f"{names} sit down clockwise "
                   "with 20 HP each; round 1: build your spells"}]
        state = rounds.new_state(self.game, wizards, seed,
                                 variant=options.get("variant", "match"),
                                 champion=champion,
                                 self_kill_applause=bool(options.get("self_kill_applause")),
                                 deal=deal, catalog=catalog, events=events)
        return state, events

    def load(self, data: dict, *, copy: bool = True) -> dict:
        """The live state of stored ``data``; ``copy`` False: ``data`` is the caller's own
        (just read from the database) and becomes the live state, not copied again."""
        if isinstance(data, str):
            return json.loads(data)
        return json.loads(json.dumps(data)) if copy else data

    def dump(self, state: dict) -> dict:
        return state

    def check(self, state, action) -> list[Problem]:
        problems = rounds.check(state, action)
        if problems or not isinstance(action, dict) or action.get("type") != "reveal":
            return problems
        # The turn order is worked out at the reveal: a spell it cannot place (a free
        # table's Delivery placed without its initiative) is refused here, in words,
        # rather than failing half-way through.
        try:
            rounds.apply(state, action, checked=True)
        except EngineError as exc:
            return [unorderable_spell(state, exc)]
        return []

    def apply(self, state, action, *, checked: bool = False) -> tuple[dict, list[dict]]:
        return rounds.apply(state, action, checked=checked)

    def legal_actions(self, state) -> list[dict]:
        return [a for a in rounds.legal_actions(state)
                if a["type"] != "reveal" or not self.check(state, a)]

    def canonical(self, state, action):
        """The move ``action`` names, as legal_actions writes it (rounds.canonical)."""
        return rounds.canonical(action)

    def actor(self, state) -> str | None:
        return rounds.actor(state)

    def is_terminal(self, state) -> bool:
        return rounds.is_terminal(state)

    def result(self, state) -> dict | None:
        return rounds.result(state)


SPELL_FIELD = re.compile(r"spells\[(\d+)\]\.components(?:\[(\d+)\])?(?:\.\w+)?$")


def unorderable_spell(state: dict, exc: EngineError) -> Problem:
    """The turn order's refusal of one wizard's spell, said to the player (the order's
    input path, ``spells[1].components[0].initiative``, names the wizard and card)."""
    found = SPELL_FIELD.match(exc.field or "")
    message = exc.message.split(": ", 1)[-1]
    if not found:
        return Problem(exc.code or "cannot-reveal", f"The spells cannot be revealed yet: "
                       f"{message}.", "")
    wizard = rounds.building(state)[int(found.group(1))]
    spell = [c for c in state["spells"][wizard] if c["type"] not in ("wild-magic", "rally")]
    game = state["game"]["game"]
    if exc.code == "missing" and "initiative" in (exc.field or ""):
        card = next((c for c in spell if c["type"] == "delivery" and c.get("initiative")
                     is None), {"name": "its Delivery"})
        return Problem("initiative-unknown", f"{wizard}'s spell cannot be placed in the turn "
                       f"order: {card['name']} (the Delivery) has no initiative, and the "
                       f"order of spells with as many components goes by initiative. Take "
                       f"it back and place it again with its initiative.",
                       rule(f"{game}.turn-order.initiative"))
    return Problem(exc.code or "cannot-reveal", f"{wizard}'s spell cannot be revealed: "
                   f"{message}.", "")


FLAGS = {"self_kill_applause", "satan", "relic", "split_hits", "deal", "free"}


def _known(options: dict, keys: tuple[str, ...]) -> dict:
    unknown = sorted(set(options) - set(keys))
    if unknown:
        raise EngineError(f"options: {unknown[0]!r} is not an option of this game "
                          f"(it has {', '.join(keys)})", field=f"options.{unknown[0]}",
                          code="unknown-option")
    for key in FLAGS & set(options):
        if not isinstance(options[key], bool):
            raise EngineError(f"options.{key} must be true or false", field=f"options.{key}",
                              code="type")
    return dict(options)


class _OpenSpielFamily:
    """Cores with the OpenSpiel shape (check / apply / legal_actions / actor)."""

    family = ""
    state_class: type
    by_hand: frozenset[str] = frozenset()  # every effect of these cores runs in the engine
    option_keys: tuple[str, ...] = ()
    max_players = 0
    # The catalog's cards a new table deals before stand-ins (the web app sets it; the
    # engine core reads no database): ``new_game``'s ``catalog``.
    catalog_source: Callable[[str], dict] | None = None

    def dealt_catalog(self, like: dict | None) -> dict | None:
        """A new table's catalog cards: ``like``'s (a stored state of the same table, for
        undo and replay: what it was dealt, not the catalog of now), else the source's."""
        if isinstance(like, dict):
            return like.get("catalog")
        return self.catalog_source(self.game) if self.catalog_source else None

    def setup_options(self, players, options: dict) -> dict:
        if isinstance(players, list):
            raise EngineError("players: a count (this game names its seats Player 1, 2...)",
                              field="players", code="type")
        count = require_int(players, field="players", low=2, high=self.max_players)
        return {"players": count, **_known(options, self.option_keys)}

    def check_options(self, options: dict) -> dict:
        """Stored or posted ``new`` options, checked as ``setup_options`` checks them."""
        rest = {k: v for k, v in options.items() if k != "players"}
        return self.setup_options(options.get("players"), rest)

    def load(self, data: dict, *, copy: bool = True):
        """The live state of stored ``data`` (``copy`` False: ``data`` is the caller's own,
        just read from the database, and the state may share and change its parts)."""
        return self.state_class.from_dict(json.loads(json.dumps(data)) if copy else data)

    def dump(self, state) -> dict:
        # The core's log is kept as the sandbox's event log (one row per
        # action), not repeated inside every stored state.
        data = state.to_dict()
        data["log"] = []
        # Each flag is also a log entry: the state keeps the last few the page shows, not
        # every one since turn 1 (they made a late Satanic Panic state ~64 KB).
        data["flags"] = data.get("flags", [])[-FLAGS_KEPT:]
        return data

    def check(self, state, action) -> list[Problem]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise EngineError("an action is an object with a type", field="action.type")
        return state.check(action)

    def apply(self, state, action, *, checked: bool = False):
        events = state.apply(action, checked=checked)
        return state, [dict(e) for e in events]

    def legal_actions(self, state) -> list[dict]:
        return state.legal_actions()

    def canonical(self, state, action):
        """The move ``action`` names, as legal_actions writes it (a core may let a field
        default, e.g. Satanic Panic's ``player``: the one who decides now)."""
        return state.canonical(action) if hasattr(state, "canonical") else action

    def actor(self, state) -> str | None:
        return state.actor()

    def is_terminal(self, state) -> bool:
        return state.is_terminal()


class SatanicPanicFamily(_OpenSpielFamily):
    """catalog_source: the catalog's main-deck cards, Legendary Devils and starters
    (engine.deckbuilder.catalog; without it the cards the rulebook does not list are
    stand-ins)."""

    family = "deckbuilder"
    game = "satanic-panic"
    state_class = TurnState
    option_keys = ("satan", "ability_tiles", "free")
    max_players = 5
    # Card text the engine flagged (Mayhems, GROUP ATTACKS, Hellfire, unknown texts),
    # applied by the player as ability-language effects.
    by_hand = frozenset({"apply"})

    def new(self, options: dict, seed, like=None):
        """``like``: a stored state of the same table (undo, replay): its catalog cards."""
        players = require_int(options.get("players", 2), field="players", low=2, high=5)
        state = TurnState.new_game(players, bool(options.get("satan")), seed=seed,
                                   ability_tiles=options.get("ability_tiles"),
                                   free=bool(options.get("free")),
                                   catalog=self.dealt_catalog(like))
        events, state.log = state.log, []
        return state, events

    def result(self, state) -> dict | None:
        return state.result


class DemoniacFamily(_OpenSpielFamily):
    family = "demoniac"
    game = "demoniac"
    state_class = DemoniacState
    option_keys = ("relic", "split_hits")
    max_players = 4
    # catalog_source: the catalog's victims, divinities, exorcists, relics and disturbances
    # (without it every card but Little Linda and Holy Spritz is a stand-in).

    def new(self, options: dict, seed, like=None):
        """``like``: a stored state of the same table (undo, replay): its catalog cards."""
        players = require_int(options.get("players", 2), field="players", low=2, high=4)
        state = DemoniacState.new_game(players, seed=seed, relic=bool(options.get("relic")),
                                       split_hits=bool(options.get("split_hits")),
                                       catalog=self.dealt_catalog(like))
        events, state.log = state.log, []
        return state, events

    def result(self, state) -> dict | None:
        if state.drawn:  # the sandbox's round limit, not a rule (engine.demoniac.rules)
            return {"winner": None, "draw": True, "reason": "round-limit",
                    "rule": rule("demoniac.game-end")}
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
