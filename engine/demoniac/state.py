"""The Demoniac game over its table: set-up, legal actions and apply (OpenSpiel style).

Actions (plain dicts; ``faces`` optionally gives dice rolled at the table, else
the state's seeded chance rolls them):
- ``{"type": "possess", "card": "body/666", "spot": "left"}`` (1 action; an
  occupied spot's possession goes to the discard pile);
- ``{"type": "disturb", "card": "disturbance"}`` (1 action);
- ``{"type": "roll", "target": "exorcist" | "relic", "faces"?}`` (1 action);
- ``{"type": "reroll", "dice": [indices], "faces"?}`` (1 action);
- ``{"type": "end-attack", "divinities": [spot]}`` (free: resolve the attack);
- ``{"type": "end-turn"}`` (free) and ``{"type": "discard", "player", "card"}``
  for discards a player owes (hand limit, Holy Spritz).

Readings (recorded as rulings; the rulebook does not settle them):
- An attack is ended explicitly; until then only re-rolls (or ending it) are
  allowed, so possessions cannot change the dice count mid-attack.
- The winning attack needs all five weaknesses exposed when it starts (an
  attack that destroys the last divinity spends its hits on it).
- A victim flips to its demoniac side as soon as it is properly possessed.
- When the deck runs out, the discard pile is shuffled into a new deck
  (``reshuffle=False``: no more draws).
"""
from __future__ import annotations

from itertools import combinations

from ..core import EngineError, Problem, make_rng, require_int
from ..rule_refs import rule
from .abilities import HOLY_SPRITZ_ABILITIES, run, target_options
from .attack import (
    TARGETS,
    divinity_choices,
    end_attack,
    end_attack_problems,
    reroll,
    reroll_problems,
    roll,
    roll_problems,
)
from .components import (
    DISTURBANCE,
    DIVINITIES,
    EXORCISTS,
    HOLY_SPRITZ,
    POSSESSION_KINDS,
    RELICS,
    SPOTS,
    VICTIMS,
    WEAKNESS_SYMBOLS,
    card_kind,
    card_name,
    disturbance_id,
    stand_in_deck,
)
from .rules import (
    ACTIONS_PER_TURN,
    DRAW_PER_TURN,
    HAND_LIMIT,
    ROUND_LIMIT,
    STARTING_HAND,
    properly_possessed,
)
from .table import DemoniacPlayer, DemoniacTable

MIN_PLAYERS, MAX_PLAYERS = 2, 4
_ATTACK_STEPS = {"roll": roll, "reroll": reroll, "end-attack": end_attack}


class DemoniacState(DemoniacTable):
    """A Demoniac game: set-up, legal actions and apply over the table."""

    # --- set-up -----------------------------------------------------------
    @classmethod
    def new_game(cls, players: int, seed=None, *, victims: list[dict] | None = None,
                 relic: bool = False, split_hits: bool = False, exact_possession: bool = True,
                 reshuffle: bool = True, round_limit: int = ROUND_LIMIT,
                 catalog: dict | None = None) -> DemoniacState:
        """``catalog``: the catalog's cards (``{"victims", "divinities", "exorcists", "relics",
        "disturbances"}``, lists of dicts with name, abilities and the values the game
        reads), dealt before stand-ins."""
        require_int(players, field="players", low=MIN_PLAYERS, high=MAX_PLAYERS)
        if seed is None:
            seed = make_rng(None).randrange(2**31)
        box = dealt_cards(catalog)
        victims = _require_victims(victims, players, box["victims"])
        rng = make_rng(seed)
        deck = stand_in_deck(box["deck_disturbances"])
        rng.shuffle(deck)
        weakness_cards = list(WEAKNESS_SYMBOLS)
        rng.shuffle(weakness_cards)
        divinity_cards = [dict(d) for d in box["divinities"]]
        rng.shuffle(divinity_cards)
        exorcist = rng.choice(box["exorcists"])
        state = cls(
            players=[DemoniacPlayer(name=f"Player {n}", victim=dict(v))
                     for n, v in enumerate(victims, start=1)],
            deck=deck, exorcist=exorcist["name"], exorcist_power=exorcist["abilities"],
            card_texts=box["card_texts"], catalog=catalog or None,
            divinities=dict(zip(SPOTS, divinity_cards, strict=False)),  # the rest stay boxed
            weaknesses=dict(zip(SPOTS, weakness_cards, strict=False)), seed=seed,
            relic={**rng.choice(box["relics"]), "holder": "exorcist"} if relic else None,
            options={"split_hits": split_hits, "exact_possession": exact_possession,
                     "reshuffle": reshuffle,
                     "round_limit": require_int(round_limit, field="round_limit", low=0,
                                                high=10_000)})
        state.event("demoniac.setup", "The deck is shuffled; five of the six weakness cards go "
                     "face down around the exorcist in an inverted cross (top, middle, left, right, "
                     "bottom; one returns to the box unseen) with a divinity on each. The deck's "
                     "cards, the divinities other than Holy Spritz, the exorcists, the other "
                     "victims and the relics are stand-ins unless the catalog has them: the "
                     "rulebook does not list them.")
        if box["known"]:
            state.event("demoniac.setup", "From the catalog: " + "; ".join(box["known"])
                        + ". Everything else is a stand-in.")
        for p in state.players:
            state._draw(p, STARTING_HAND)
        state.event("demoniac.setup", f"Each player is dealt {STARTING_HAND} cards.")
        if state.relic:
            state.event("demoniac.relic", f"Evil Relics: {state.relic['name']} starts with the "
                         "exorcist.")
        state._start_turn()
        return state

    # --- OpenSpiel-like interface -------------------------------------------
    def is_terminal(self) -> bool:
        return self.winner is not None or self.drawn

    def actor(self) -> str | None:
        if self.is_terminal():
            return None
        return self.pending[0]["player"] if self.pending else self.current.name

    def legal_actions(self) -> list[dict]:
        if self.is_terminal():
            return []
        who = self.actor()
        if self.pending:
            return [{"type": "discard", "player": who, "card": c}
                    for c in sorted(set(self.player(who).hand))]
        me = self.current
        if self.attack:
            actions = [{"type": "end-attack", "player": who, "divinities": list(c)}
                       for c in divinity_choices(self)]
            if self.actions_left:
                n = len(self.attack["dice"])
                actions += [{"type": "reroll", "player": who, "dice": list(idx)}
                            for k in range(1, n + 1) for idx in combinations(range(n), k)]
            return actions
        actions = []
        if self.actions_left:
            actions += [{"type": "possess", "player": who, "card": c, "spot": s}
                        for c in sorted(set(me.hand)) if card_kind(c) in POSSESSION_KINDS
                        for s in SPOTS]
            for card in sorted({c for c in me.hand if card_kind(c) == DISTURBANCE}):
                targets = self.disturbance_targets(card)
                actions += ([{"type": "disturb", "player": who, "card": card}] if targets is None
                            else [{"type": "disturb", "player": who, "card": card, "target": t}
                                  for t in targets])
            actions += [{"type": "roll", "player": who, "target": t} for t in TARGETS
                        if not roll_problems(self, t)]
        return actions + [{"type": "end-turn", "player": who}]

    def check(self, action) -> list[Problem]:
        """Why ``action`` is illegal now ([] if legal); changes nothing."""
        turn_rule = rule("demoniac.turn.actions")
        if not isinstance(action, dict) or "type" not in action:
            return [Problem("bad-action", "An action is an object with a type.", turn_rule)]
        if self.winner:
            return [Problem("game-over", f"{self.winner} has won.", rule("demoniac.winning"))]
        if self.drawn:
            return [Problem("game-over", "The game was stopped, drawn, at the sandbox's round "
                            "limit.", rule("demoniac.game-end"))]
        kind = action["type"]
        if action.get("player") != self.actor():  # an action names its player, as offered
            return [Problem("not-your-decision", f"{self.actor()} decides now: an action "
                            f"names its player (player: {self.actor()!r}).", turn_rule)]
        if self.pending:
            if kind == "discard" and action.get("card") in self.player(self.actor()).hand:
                return []
            if kind == "discard":
                return [Problem("not-in-hand", f"{action.get('card')!r} is not in "
                                f"{self.actor()}'s hand.", rule("demoniac.hand-limit"))]
            return [Problem("discard-owed", f"{self.actor()} must first discard "
                            f"({self.pending[0]['reason']}).", rule("demoniac.hand-limit"))]
        if kind == "end-attack":
            if not self.attack:
                return [Problem("no-attack", "No attack is under way.", rule("demoniac.attack.hits"))]
            return end_attack_problems(self, action)
        if kind == "end-turn":
            if self.attack:
                return [Problem("attack-under-way", "End the attack first.",
                                rule("demoniac.attack.hits"))]
            return []
        if kind == "discard":
            return [Problem("no-discard-owed", "Nobody owes a discard now: cards are discarded "
                            "at the end of a turn (hand limit) or to a divinity.",
                            rule("demoniac.hand-limit"))]
        if kind not in ("possess", "disturb", "roll", "reroll"):
            return [Problem("bad-action", f"Unknown action type {kind!r}.", turn_rule)]
        if self.actions_left < 1:
            return [Problem("no-actions-left", f"All {ACTIONS_PER_TURN} actions of the turn are "
                            "spent.", turn_rule)]
        if kind == "reroll":
            return reroll_problems(self, action)
        if self.attack:
            return [Problem("attack-under-way", "End the attack before another action (only "
                            "re-rolls continue it).", rule("demoniac.attack.reroll"))]
        if kind == "roll":
            return roll_problems(self, action.get("target"), action.get("faces"))
        card, me = action.get("card"), self.current
        if card not in me.hand:
            return [Problem("not-in-hand", f"{card!r} is not in {me.name}'s hand.",
                            rule("demoniac.playing-cards"))]
        if kind == "disturb":
            return self._disturb_problems(card, action)
        if kind == "possess":
            if card_kind(card) not in POSSESSION_KINDS:
                return [Problem("not-a-possession", f"{card} is not a possession.",
                                rule("demoniac.possession.spots"))]
            if action.get("spot") not in SPOTS:
                return [Problem("bad-spot", f"spot must be one of {', '.join(SPOTS)}.",
                                rule("demoniac.possession.spots"))]
        return []

    def apply(self, action: dict, *, checked: bool = False) -> list[dict]:
        """Apply a legal action; returns the log entries it produced. ``checked``: the
        caller has just had ``check`` pass it (or took it from ``legal_actions``)."""
        problems = [] if checked else self.check(action)
        if problems:
            raise EngineError(problems[0].message, field="action", code=problems[0].code)
        start = len(self.log)
        kind = action["type"]
        if kind in _ATTACK_STEPS:
            _ATTACK_STEPS[kind](self, action)
        else:
            getattr(self, "_do_" + kind.replace("-", "_"))(action)
        return self.log[start:]

    # --- actions ----------------------------------------------------------------
    def _do_possess(self, action) -> None:
        me, card, spot = self.current, action["card"], action["spot"]
        me.hand.remove(card)
        old = me.spots[spot]
        if old:
            self.discard.append(old)
        me.spots[spot] = card
        self.actions_left -= 1
        self.event("demoniac.possession.spots", f"{me.name} plays {card_name(card)} on the "
                   f"{spot} spot" + (f", replacing their {card_name(old)} (discarded)." if old
                                     else "."), card=card, spot=spot, replaced=old)
        opts = self.options
        if not me.demoniac and properly_possessed(me.spots, me.victim,
                                                  exact=opts.get("exact_possession", True)):
            me.demoniac = True
            self.event("demoniac.becoming-demoniac", f"{me.victim['name']} has {me.victim['body']} "
                        f"body and {me.victim['mind']} mind possessions: the victim becomes a "
                        "demoniac, permanently.")

    def disturbance_targets(self, card: str) -> list[str] | None:
        """The players a disturbance's effect may be aimed at (None: it is aimed at none)."""
        return target_options(self, self.current.name,
                              (self.card_texts.get(card) or {}).get("abilities"))

    def _disturb_problems(self, card: str, action: dict) -> list[Problem]:
        key = rule("demoniac.disturbance")
        if card_kind(card) != DISTURBANCE:
            return [Problem("not-a-disturbance", f"{card_name(card)} is not a disturbance.", key)]
        targets = self.disturbance_targets(card)
        if targets is None and "target" in action:
            return [Problem("no-target", f"{card_name(card)} is aimed at nobody: send no "
                            "target.", key)]
        if targets is not None and action.get("target") not in targets:
            return [Problem("bad-target", f"{card_name(card)} is aimed at one of: "
                            f"{', '.join(targets)}.", key)]
        return []

    def _do_disturb(self, action) -> None:
        me, card = self.current, action["card"]
        me.hand.remove(card)
        self.actions_left -= 1
        known = self.card_texts.get(card)
        if not known or not known.get("abilities"):
            self.flag("demoniac.disturbance", f"{me.name} plays {card_name(card)}; its text is "
                      "not given, so its effect is not run.", card=card)
        else:
            self.event("demoniac.disturbance", f"{me.name} plays {card_name(card)}"
                       + (f" at {action['target']}" if action.get("target") else "") + ".",
                       card=card)
            run(self, known["abilities"], "resolved", me.name, known["name"],
                "demoniac.disturbance", chosen=action.get("target"))
        # Resolved, then discarded (10.2: "resolve the effect, and then place the card in the
        # discard pile"): a draw that reshuffles the discards cannot draw it back.
        self.discard.append(card)

    def _do_discard(self, action) -> None:
        owed = self.pending[0]
        who = self.player(owed["player"])
        who.hand.remove(action["card"])
        self.discard.append(action["card"])
        owed["count"] -= 1
        if owed["count"] <= 0:
            self.pending.pop(0)
        if not who.hand:  # a short hand discards what it has; nothing is owed beyond it
            self.pending = [p for p in self.pending if p["player"] != who.name]
        if not self.pending and self.ending_turn:
            self._next_turn()

    def _do_end_turn(self, action) -> None:
        me = self.current
        excess = len(me.hand) - HAND_LIMIT
        self.event("demoniac.hand-limit", f"{me.name} ends the turn with {len(me.hand)} cards"
                    + (f" and discards {excess} down to {HAND_LIMIT}." if excess > 0 else "."))
        if excess > 0:
            self.pending.append({"player": me.name, "count": excess, "reason": "hand limit"})
            self.ending_turn = True
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.ending_turn = False
        self.active = (self.active + 1) % len(self.players)
        self.turn += 1
        limit = self.options.get("round_limit", ROUND_LIMIT)
        if limit and self.active == 0 and (self.turn - 1) // len(self.players) >= limit:
            self.drawn = True
            self.event("demoniac.game-end", f"Every player has had {limit} turns and nobody "
                       "has defeated the exorcist: the sandbox stops the game, drawn. This "
                       "bound is ours, not the rulebook's: the book ends a game only with a win "
                       "and lets it go on for ever.", limit=limit)
            return
        self._start_turn()

    def _start_turn(self) -> None:
        self.actions_left = ACTIONS_PER_TURN
        drawn = self._draw(self.current, DRAW_PER_TURN)
        self.event("demoniac.turn.draw", f"{self.current.name} starts the turn and draws "
                    f"{drawn} card(s); {ACTIONS_PER_TURN} actions.")


def dealt_cards(catalog: dict | None) -> dict:
    """The box a table is dealt from: the catalog's cards first (those the game can read:
    a divinity or relic needs its strength, a victim body and mind), then stand-ins.
    ``known`` says which came from the catalog."""
    catalog = catalog if isinstance(catalog, dict) else {}

    def entries(key, *needed):
        return [c for c in catalog.get(key) or [] if isinstance(c, dict)
                and isinstance(c.get("name"), str)
                and all(isinstance(c.get(n), int) for n in needed)]

    def first(known: list[dict], stand_ins: list[dict], count: int) -> list[dict]:
        names = {c["name"] for c in known}
        return known + [c for c in stand_ins if c["name"] not in names][:max(0, count
                                                                              - len(known))]

    def own(card: dict, **extra) -> dict:
        return {"name": card["name"], "abilities": list(card.get("abilities") or []),
                "entry": card.get("entry"), "stand_in": False, **extra}

    victims = [own(v, body=v["body"], mind=v["mind"]) for v in entries("victims", "body", "mind")
               if v["body"] + v["mind"] <= len(SPOTS)]
    divinities = [own(d, strength=d["strength"]) for d in entries("divinities", "strength")]
    for d in divinities:  # the rulebook tells Holy Spritz's effect (7.15)
        if d["name"] == HOLY_SPRITZ["name"] and not d["abilities"]:
            d["abilities"] = HOLY_SPRITZ_ABILITIES
    relics = [own(r, strength=r["strength"]) for r in entries("relics", "strength")]
    exorcists = [own(e) for e in entries("exorcists")]
    disturbances = [own(d, text=d.get("text"), copies=d.get("copies"))
                    for d in entries("disturbances")]
    deck_disturbances, card_texts = [], {}
    for d in disturbances:
        copies = d.get("copies") if isinstance(d.get("copies"), int) else None
        card_texts[disturbance_id(d["name"])] = d
        deck_disturbances += [disturbance_id(d["name"])] * max(1, copies or 1)
    builtin = [{**d, "abilities": HOLY_SPRITZ_ABILITIES if d["name"] == HOLY_SPRITZ["name"]
                else []} for d in DIVINITIES]
    known = [f"{label} {', '.join(c['name'] for c in cards)}" for label, cards in (
        ("victims", victims), ("divinities", divinities), ("exorcists", exorcists),
        ("relics", relics), ("disturbances", disturbances)) if cards]
    return {
        "victims": first(victims, VICTIMS, len(VICTIMS)),
        # Known cards are dealt first: every known divinity while there are five spots;
        # the exorcist and the relic are chosen among the known ones when there are any.
        "divinities": first(divinities, builtin, len(SPOTS) if divinities else len(DIVINITIES)),
        "exorcists": exorcists or [{"name": n, "abilities": [], "stand_in": True}
                                   for n in EXORCISTS],
        "relics": relics or [{**r, "abilities": []} for r in RELICS],
        "deck_disturbances": deck_disturbances, "card_texts": card_texts, "known": known,
    }


def _require_victims(victims, players: int, box: list[dict] = VICTIMS) -> list[dict]:
    if victims is None:
        return [dict(v) for v in box[:players]]
    if not isinstance(victims, list) or len(victims) != players:
        raise EngineError(f"victims must list {players} victims", field="victims")
    out = []
    for i, v in enumerate(victims):
        if isinstance(v, str):
            known = next((k for k in box if k["name"] == v), None)
            if known is None:
                raise EngineError(f"unknown victim {v!r}", field=f"victims[{i}]")
            out.append(dict(known))
            continue
        if not isinstance(v, dict) or not isinstance(v.get("name"), str):
            raise EngineError("a victim is a name or {name, body, mind}", field=f"victims[{i}]")
        body = require_int(v.get("body"), field=f"victims[{i}].body", low=0, high=len(SPOTS))
        mind = require_int(v.get("mind"), field=f"victims[{i}].mind", low=0, high=len(SPOTS))
        if body + mind > len(SPOTS):
            raise EngineError("body + mind cannot exceed the five spots", field=f"victims[{i}]")
        out.append({"name": v["name"], "body": body, "mind": mind, "stand_in": False})
    names = [v["name"] for v in out]
    for i, name in enumerate(names):
        if name in names[:i]:  # one card per victim
            raise EngineError(f"{name!r} is chosen twice: each player chooses a victim of "
                              "their own (3.2)", field=f"victims[{i}]")
    return out
