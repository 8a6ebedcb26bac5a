"""The Demoniac table: players, their victims and spots, the deck, the exorcist's cross.

The data every Demoniac module reads, with its JSON round-trip, the seeded
chance, the log and the draw. The rules that change it (turns, possessions,
attacks) live in ``state`` and ``attack``, which both import this module.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, fields

from ..core import make_rng
from ..rule_refs import rule
from .components import SPOTS
from .rules import ACTIONS_PER_TURN, attack_dice


@dataclass
class DemoniacPlayer:
    name: str
    victim: dict
    demoniac: bool = False
    hand: list[str] = field(default_factory=list)
    spots: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(SPOTS))

    @property
    def possessions(self) -> int:
        return sum(1 for c in self.spots.values() if c)

    @property
    def dice(self) -> int:
        return attack_dice(self.possessions, self.demoniac)


@dataclass
class DemoniacTable:
    players: list[DemoniacPlayer]
    deck: list[str]
    exorcist: str
    divinities: dict[str, dict | None]
    weaknesses: dict[str, str]
    seed: int | str
    chance: int = 0
    discard: list[str] = field(default_factory=list)
    exposed: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(SPOTS, False))
    destroyed_divinities: list[dict] = field(default_factory=list)
    relic: dict | None = None  # {"name", "strength", "holder": "exorcist" or a player}
    exorcist_power: list[dict] = field(default_factory=list)  # its abilities ("cross")
    card_texts: dict[str, dict] = field(default_factory=dict)  # catalog disturbances by id
    catalog: dict | None = None  # the catalog's cards this table was dealt (undo, replay)
    active: int = 0
    turn: int = 1
    actions_left: int = ACTIONS_PER_TURN
    attack: dict | None = None  # {"target", "dice", "rolls", "all_exposed_at_start"}
    pending: list[dict] = field(default_factory=list)  # discards owed: {"player", "count", "reason"}
    ending_turn: bool = False
    options: dict = field(default_factory=dict)
    winner: str | None = None
    drawn: bool = False  # the sandbox's round limit ended the game (rules.ROUND_LIMIT)
    log: list[dict] = field(default_factory=list)
    flags: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        # Through the C JSON encoder: far faster than dataclasses.asdict on a long log.
        return json.loads(json.dumps(self, default=vars))

    @classmethod
    def from_dict(cls, data: dict) -> DemoniacTable:
        values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        values["players"] = [DemoniacPlayer(**p) for p in data["players"]]
        return cls(**values)

    # --- helpers ------------------------------------------------------------
    @property
    def current(self) -> DemoniacPlayer:
        return self.players[self.active]

    def player(self, name: str) -> DemoniacPlayer | None:
        return next((p for p in self.players if p.name == name), None)

    def rng(self) -> random.Random:
        self.chance += 1
        return make_rng(f"{self.seed}:{self.chance}")

    def event(self, key: str, text: str, **extra) -> dict:
        entry = {"turn": self.turn, "player": self.current.name if self.players else None,
                 "rule": rule(key), "text": text, **extra}
        self.log.append(entry)
        return entry

    def flag(self, key: str, text: str, **extra) -> None:
        self.flags.append(self.event(key, text, flag="not-run", **extra))

    def _draw(self, player: DemoniacPlayer, count: int) -> int:
        drawn = 0
        for _ in range(count):
            if not self.deck and self.discard and self.options.get("reshuffle", True):
                self.deck, self.discard = self.discard, []
                self.rng().shuffle(self.deck)
                self.event("demoniac.turn.draw", "The deck ran out: reading, the discard pile "
                           "is shuffled into a new deck.")
            if not self.deck:
                break
            player.hand.append(self.deck.pop(0))
            drawn += 1
        return drawn
