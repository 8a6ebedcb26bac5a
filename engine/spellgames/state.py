"""State of a spell game (rumble or anarchy) between actions: JSON-serialisable.

Wizards sit in ``wizards`` clockwise: each one's left is the next in the list.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..core import EngineError
from .games import (
    APPLAUSE_TOKENS_PER_VALUE,
    APPLAUSE_VALUES,
    DEAD_WIZARD_TOKENS_PER_WIZARD,
    MAX_WIZARDS,
    STARTING_HP,
    require_game,
    require_list,
    require_name,
    require_unique_names,
)

RUMBLE_VARIANTS = ("match", "quick")  # first to two LWS tokens; or the Quick Match Variant


@dataclass
class Creature:
    """A face-up kept Creature (it can absorb damage and adds its glyph to rolls)."""

    name: str
    glyph: str | None = None
    card: str | None = None  # its Main Deck card id in a dealt sandbox (back to the discards)


@dataclass
class Wizard:
    name: str
    hp: int = STARTING_HP
    alive: bool = True  # rumble: a slain wizard stays dead until the next game
    blood: int = 0  # rumble
    hand: list[str] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)
    creatures: list[Creature] = field(default_factory=list)
    spell_revealed: bool = False
    dead_wizard_cards: int = 0  # rumble: drawn this game
    dead_wizard_tokens: list[str | None] = field(default_factory=list)  # anarchy: glyphs
    applause: list[int] = field(default_factory=list)  # anarchy: hidden token values
    last_wizard_standing_tokens: int = 0  # rumble


@dataclass
class SpellGame:
    game: str
    wizards: list[Wizard]
    variant: str = "match"  # rumble only
    standee: str | None = None  # rumble: who holds it; None = the middle of the table
    dead_wizard_tokens_left: int = 0  # anarchy
    applause_pool: dict[str, int] = field(default_factory=dict)  # anarchy: value -> count
    self_kill_applause: bool = False  # anarchy reading: see combat
    deaths: list[str] = field(default_factory=list)  # this game, in order
    game_kills: dict[str, int] = field(default_factory=dict)  # this game: foes killed
    over: bool = False  # this game
    last_standing: str | None = None
    results: list[dict] = field(default_factory=list)  # rumble: finished games
    # The spell being cast, component by component (combat's place_spell and
    # resolve_component): Reactions and Blood costs depend on what has started.
    casting: dict | None = None

    def wizard(self, name: str) -> Wizard:
        for wizard in self.wizards:
            if wizard.name == name:
                return wizard
        raise EngineError(f"no wizard named {name!r} in this game", field="wizard",
                          code="unknown-wizard")

    def alive(self) -> list[Wizard]:
        return [w for w in self.wizards if w.alive]

    def to_dict(self) -> dict:
        """As asdict, written out: the sandbox calls it on every action and asdict's
        generic recursion was most of an action's time."""
        data = {**self.__dict__, "wizards": [_wizard_dict(w) for w in self.wizards],
                "applause_pool": dict(self.applause_pool), "deaths": list(self.deaths),
                "game_kills": dict(self.game_kills), "results": copy.deepcopy(self.results),
                "casting": copy.deepcopy(self.casting)}
        return data

    def clone(self) -> SpellGame:
        """A deep copy (combat's apply never changes the state it was given)."""
        return SpellGame.from_dict(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict) -> SpellGame:
        if not isinstance(data, dict):
            raise EngineError("state must be an object", field="state", code="type")
        try:
            wizards = [Wizard(**{**w, "creatures": [Creature(**c) for c in w.get("creatures", [])]})
                       for w in data["wizards"]]
            return cls(**{**data, "wizards": wizards})
        except (KeyError, TypeError) as exc:
            raise EngineError(f"state is not a spell-game state: {exc}", field="state",
                              code="bad-state") from exc


def _wizard_dict(wizard: Wizard) -> dict:
    return {**wizard.__dict__, "hand": list(wizard.hand), "treasures": list(wizard.treasures),
            "creatures": [dict(c.__dict__) for c in wizard.creatures],
            "dead_wizard_tokens": list(wizard.dead_wizard_tokens),
            "applause": list(wizard.applause)}


def new_spell_game(game, wizards, variant: str = "match",
                   self_kill_applause: bool = False) -> SpellGame:
    """A fresh game: 20 HP each; anarchy adds 2 Dead Wizard tokens per wizard and 30 Applause."""
    game = require_game(game)
    names = [require_name(n, field=f"wizards[{i}]") for i, n in
             enumerate(require_list(wizards, field="wizards", low=2, high=MAX_WIZARDS))]
    require_unique_names(names, field="wizards")
    if variant not in RUMBLE_VARIANTS:
        raise EngineError(f"variant must be one of {', '.join(RUMBLE_VARIANTS)}",
                          field="variant", code="unknown-variant")
    state = SpellGame(game=game, wizards=[Wizard(n) for n in names], variant=variant,
                      self_kill_applause=bool(self_kill_applause))
    if game == "anarchy":
        state.dead_wizard_tokens_left = DEAD_WIZARD_TOKENS_PER_WIZARD * len(names)
        state.applause_pool = {str(v): APPLAUSE_TOKENS_PER_VALUE for v in APPLAUSE_VALUES}
    return state
