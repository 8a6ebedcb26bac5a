"""Satanic Panic turn sandbox: legal actions and apply, OpenSpiel style.

Actions (plain dicts, so the browser, a test or a random player can send them):
- ``{"type": "play", "card": name, ...}`` with ``mode`` ("power" / "foe-deck")
  and ``target`` for Wild Magic, ``target`` for Lucky's Lucky Wand, ``pay_hp``
  for a Burning Limp Wand, ``choice`` for The Satanic Shuffle, ``deal`` for
  Terrible Temptation;
- ``{"type": "buy", "source": ..., "card"?: name}`` (see buying);
- ``{"type": "activate", "card": "Satan's Salute Standee", "zone", "target"}``, or
  ``{"type": "activate", "card"}`` for a played card's Activate ability (once);
- ``{"type": "tile", "target"}``: the Lil' Buddies tile's once-per-turn ATTACK;
- ``{"type": "end-turn"}``;
- ``{"type": "defend", "player", "card"}`` / ``{"type": "no-defense", "player"}``
  while an ATTACK waits for its target's DEFENSE decision;
- ``{"type": "discard", "player", "card"}`` / ``{"type": "destroy", "player", "zone",
  "card"}`` while a player owes a discard (PRIDE, a card) or a destroy;
- ``{"type": "familiar-top", "player", "card", "top": bool}``: the Familiar-discount
  tile's owner, having gained a Familiar by an effect, puts it on top of their deck or
  leaves it in their discard pile (7.11.2);
- ``{"type": "foe-card", "player", "card", ...}``: the card Wild Magic played off a foe's
  deck, once revealed, played as from hand: the same ``target`` / ``mode`` / ``pay_hp`` /
  ``choice`` / ``deal`` a ``play`` of it takes (6.12.2; a card that takes none resolves
  at once);
- while a Mayhem or GROUP ATTACK resolves (mayhem.py): ``{"type": "mayhem", "player",
  "attack": bool}`` (is it an ATTACK?), then ``apply`` and ``{"type": "resolved"}``;
- ``{"type": "apply", "player", "target", "effect"}``: card text the engine
  flagged, applied by hand (mayhem.py).
Draws happen where the rules put them: opening hands, end of turn step 5 and
card effects ("Draw a card").

Reading: the game ends at the end of the turn in which an end condition holds
(End of Game); the Satan guide's "ends immediately" is ``end_timing=
"immediate"``, checked after every action.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import EngineError, Problem, make_rng
from ..rule_refs import rule
from .abilities import LIL_BUDDIES_ATTACK, new_run, start
from .buying import SOURCES, WILD_MAGIC_COST, BuyTarget, buy_problems, familiar_cost
from .cards import BUILTIN, STANDEE, familiar_def, spellbook_def
from .catalog import dealt
from .mayhem import (
    apply_actions,
    apply_problems,
    ask_next,
    declare,
    event_actions,
    event_problems,
    finish,
    flip_devil,
    run_apply,
)
from .play import (
    activate_problems,
    activate_standee,
    card_choices,
    foe_card_problems,
    play_card,
    play_foe_card,
    play_problems,
    resolve_defense,
    shuffle_choices,
)
from .scoring import satanic_panic_score
from .setup import LIL_BUDDIES, OPENING_HAND, plan_setup
from .state import PanicPlayer, TableState

END_TIMINGS = ("end-of-turn", "immediate")
SCORE_OPTIONS = ("penta_coin_vp", "damned_token_vp", "tiebreak_tokens")


@dataclass
class TurnState(TableState):
    """A Satanic Panic game the sandbox drives one action at a time."""

    @classmethod
    def new_game(cls, players: int, satan: bool = False, seed=None, *,
                 end_timing: str = "end-of-turn", score_options: dict | None = None,
                 spellbook_costs: dict | None = None, card_defs: dict | None = None,
                 free: bool = False, catalog: dict | None = None,
                 **setup_options) -> TurnState:
        """Set up the table (same plan as satanic_panic_setup for the seed) and deal hands.

        ``catalog``: the catalog's cards (catalog.py), dealt as themselves before
        stand-ins. ``card_defs``: values ({name: {"cost": 5, "power": 2, ...}}) that
        replace the built-in definitions and stand-ins. ``free``: a free table, where
        ``apply`` takes any effect at any time (each one marked so in the log).
        """
        if end_timing not in END_TIMINGS:
            raise EngineError(f"end_timing must be one of {', '.join(END_TIMINGS)}",
                              field="end_timing")
        score_options = dict(score_options or {})
        unknown = set(score_options) - set(SCORE_OPTIONS)
        if unknown:
            raise EngineError(f"unknown score option(s): {', '.join(sorted(unknown))}",
                              field="score_options")
        if seed is None:
            seed = make_rng(None).randrange(2**31)
        box = dealt(catalog)
        plan = plan_setup(players, satan, make_rng(seed), main_cards=box["main"],
                          devils=box["devils"], mayhems=box["mayhems"], **setup_options)
        defs = dict(box["card_defs"])
        table_players = []
        for name in plan.names:
            p = PanicPlayer(name=name, satan=name == plan.satan, deck=plan.decks[name],
                            ability_tile=plan.tiles.get(name),
                            set_aside=list(plan.set_aside.get(name, [])))
            if not p.satan:
                fam = familiar_def(name)
                book = spellbook_def(name, (spellbook_costs or {}).get(name))
                defs[fam.name], defs[book.name] = fam.as_dict(), book.as_dict()
                p.familiar, p.spellbook = fam.name, book.name
            table_players.append(p)
        for name, values in (card_defs or {}).items():
            base = defs.get(name) or (BUILTIN[name].as_dict() if name in BUILTIN else
                                      {"name": name, "kind": "main"})
            defs[name] = {**base, **values, "name": name, "stand_in": False}
        state = cls(
            players=table_players, main_deck=plan.main_deck, line_up=plan.line_up,
            legendary_devils=plan.legendary_devils,
            dead_wizard_token_stack=plan.dead_wizard_tokens, seed=seed,
            destroyed=plan.destroyed, unused_dead_wizard_tokens=plan.unused_dead_wizard_tokens,
            damned_wizard_token_stack=plan.damned_wizard_tokens, demon_deck=plan.demon_deck,
            taint_deck=plan.taint_deck, satan_stack=plan.satan_stack,
            supplies=dict(plan.supplies), card_defs=defs,
            catalog=box["catalog"] if box["known"] else None,
            options={"end_timing": end_timing, "score": score_options, "free": bool(free)})
        state.log.extend({"turn": 0, "player": None, **step} for step in plan.explanation.steps)
        if box["known"]:
            state.event("satanic-panic.contents", "From the catalog, dealt as themselves: "
                        + "; ".join(box["known"]) + ". Every other card the rulebook does "
                        "not list is a stand-in (marked stand_in).")
        if plan.legendary_devils:  # our ruling first-legendary-devil-reveal
            state.devil_face_up = False
            state.event("satanic-panic.legendary-devils",
                        f"{plan.legendary_devils[0]} tops the Legendary Devil stack face down: "
                        "setup never turns it face up, so it is flipped, and its GROUP ATTACK "
                        "resolved, at the end of the first turn (End of Turn 6).")
        for p in state.players:
            state.draw(p, OPENING_HAND)
        state.event("satanic-panic.first-player", "Each player shuffles their deck and draws "
                    f"{OPENING_HAND} cards; {state.current.name} goes first.")
        state._start_turn()
        return state

    # --- a position nothing can change -------------------------------------
    def end_conditions(self) -> list[str]:
        reasons = super().end_conditions()
        if not reasons and self.dead_position():
            reasons.append("dead-position")
        return reasons

    def _most_power(self, card: str) -> int | None:
        """The most Power a card can make when played, if that is all it can do (None: it
        can do something else: damage, a by-hand text...)."""
        spec = self.card(card)
        if spec.kind == "burning-limp-wand":
            return 0
        if spec.abilities:
            effects = [e for a in spec.abilities for e in a.get("effects", [])]
            if any(e.get("do") not in ("gain-power", "draw") or isinstance(
                    e.get("amount", 0), dict) or "if" in e for e in effects):
                return None
            return sum(e.get("amount", 1) for e in effects if e["do"] == "gain-power")
        if spec.effect == "wild-magic":
            return 2  # +2 Power; or a foe's top card, counted with every card below
        return spec.power if spec.power is not None and not spec.effect else None

    def _cheapest(self, player: PanicPlayer) -> int | None:
        costs = [self.card(c).cost for c in self.line_up]
        if self.supplies.get("Wild Magic", 0):
            costs.append(WILD_MAGIC_COST)
        if self.legendary_devils and self.devil_face_up:
            costs.append(self.card(self.legendary_devils[0]).cost)
        if player.familiar:
            costs.append(familiar_cost(player))
        if player.spellbook:
            costs.append(self.card(player.spellbook).cost)
        return None if any(c is None for c in costs) else min(costs, default=None)

    def dead_position(self) -> bool:
        """Nothing can ever change: every card owned only makes Power (no damage, no text
        to apply), and all of it together buys nothing anyone could buy, so no card is
        bought, the Line-Up never refills, no Mayhem or devil comes, nobody dies. A
        uniformly random player reaches it by destroying its cards (the Standee, once a
        turn). Reading: the rulebook gives no end for it; the sandbox ends the game there
        rather than loop."""
        if self.table_event or self.pending or self.by_hand_open or self.runs:
            return False
        most = [self._most_power(c) for p in self.players for c in p.owned_cards()]
        if any(m is None for m in most):
            return False
        cheapest = [self._cheapest(p) for p in self.players if not p.satan]
        return all(c is not None and c > sum(most) for c in cheapest)

    # --- OpenSpiel-like interface ----------------------------------------
    def is_terminal(self) -> bool:
        return self.game_over

    def actor(self) -> str | None:
        """Who decides next: the target of a pending ATTACK, else the active player."""
        if self.game_over:
            return None
        if self.pending:
            return self.pending["player"]
        return self.table_event["decider"] if self.table_event else self.current.name

    def _candidates(self) -> list[dict]:
        """Every move the action space has in this state, before its rules are checked."""
        if self.pending and self.pending["type"] == "discard":
            who = self.pending["player"]
            return [{"type": "discard", "player": who, "card": c}
                    for c in sorted(set(self.player(who).hand))]
        if self.pending and self.pending["type"] == "destroy":
            who = self.player(self.pending["player"])
            return [{"type": "destroy", "player": who.name, "zone": z, "card": c}
                    for z in ("hand", "discard") for c in sorted(set(getattr(who, z)))]
        if self.pending and self.pending["type"] == "familiar-top":
            who, card = self.pending["player"], self.pending["card"]
            return [{"type": "familiar-top", "player": who, "card": card, "top": top}
                    for top in (False, True)]
        if self.pending and self.pending["type"] == "foe-card":
            who, card = self.pending["player"], self.pending["card"]
            return [{"type": "foe-card", "player": who, "card": card, **choice}
                    for choice in card_choices(self, self.player(who), card)]
        if self.pending:
            who = self.pending["player"]
            return ([{"type": "defend", "player": who, "card": c} for c in self.pending["options"]]
                    + [{"type": "no-defense", "player": who}])
        if self.table_event:
            return event_actions(self)
        me = self.current
        candidates = [a for card in sorted(set(me.hand)) for a in self._play_variants(card)]
        candidates += self._buy_variants()
        candidates += self._activate_variants()
        candidates += [{"type": "tile", "player": me.name, "target": p.name}
                       for p in self.players if p is not me]
        # Text flagged this turn, applied by hand by the player whose card it is.
        candidates += apply_actions(self, me.name)
        return candidates + [{"type": "end-turn", "player": me.name}]

    def legal_actions(self) -> list[dict]:
        """Exactly the legal moves: each applies; any other move is refused (check)."""
        if self.game_over:
            return []
        return [a for a in self._candidates() if not self._problems(a)]

    def canonical(self, action):
        """The move ``action`` names: ``player`` may be left out (the player who decides
        now). Anything else must be written as legal_actions writes it."""
        if isinstance(action, dict) and "player" not in action and not self.game_over:
            return {**action, "player": self.actor()}
        return action

    def check(self, action) -> list[Problem]:
        """Why ``action`` is illegal now ([] if legal); changes nothing. Legal means one of
        legal_actions (``player`` may be left out): a move the rules allow but written
        otherwise (a field the card does not take, a choice missing) is refused too."""
        problems = self._problems(action)
        if problems:
            return problems
        move = self.canonical(action)
        same = [a for a in self._candidates() if a["type"] == move["type"]
                and a.get("card") == move.get("card")]
        if move in same:
            return []
        fields = sorted({k for a in same for k in a} - {"type", "player"})
        return [Problem("not-a-move", f"{move['type']!r}" + (f" of {move['card']}" if
                        move.get("card") else "") + " is not written as a legal move: "
                        + (f"it takes the field(s) {', '.join(fields)} with the values "
                           "legal_actions lists" if fields else "it takes no other field")
                        + ".", rule("satanic-panic.turn-sequence"))]

    def _problems(self, action) -> list[Problem]:
        """The rules' reasons to refuse ``action`` ([]: the rules allow it)."""
        if not isinstance(action, dict) or "type" not in action:
            return [Problem("bad-action", "An action is an object with a type.",
                            rule("satanic-panic.turn-sequence"))]
        if self.game_over:
            return [Problem("game-over", "The game is over.", rule("satanic-panic.end-of-game"))]
        kind = action["type"]
        if action.get("player") not in (None, self.actor()):
            return [Problem("not-your-decision", f"{self.actor()} decides now.",
                            rule("satanic-panic.turn-sequence"))]
        if self.pending and self.pending["type"] in ("discard", "destroy"):
            owed, who = self.pending["type"], self.player(self.pending["player"])
            zone = action.get("zone", "hand") if owed == "destroy" else "hand"
            if kind == owed and zone in ("hand", "discard") and action.get("card") in getattr(
                    who, zone):
                return []
            return [Problem("decision-pending", f"{who.name} must first {owed} for "
                            f"{self.pending['why']} ({self.pending['count']} card(s) from "
                            "their hand" + (" or discard pile" if owed == "destroy" else "")
                            + ").", rule("satanic-panic.sins" if self.pending["why"] == "PRIDE"
                                         else f"satanic-panic.{owed}ing"))]
        if self.pending and self.pending["type"] == "familiar-top":
            if kind == "familiar-top" and isinstance(action.get("top"), bool):
                return []
            return [Problem("decision-pending", f"{self.pending['player']} must first say "
                            f"whether {self.pending['card']} goes on top of their deck.",
                            rule("satanic-panic.tile-familiar-discount"))]
        if self.pending and self.pending["type"] == "foe-card":
            return foe_card_problems(self, action)
        if kind == "foe-card":
            return [Problem("no-foe-card", "No card played off a foe's deck waits for its "
                            "choices: Wild Magic's 'foe-deck' mode plays one.",
                            rule("satanic-panic.wild-magic"))]
        if kind == "familiar-top":
            return [Problem("no-familiar-gained", "No Familiar waits to be placed: the "
                            "Familiar-discount tile's owner chooses when they gain one.",
                            rule("satanic-panic.tile-familiar-discount"))]
        if self.pending:
            if kind == "no-defense":
                return []
            if kind == "defend" and action.get("card") in self.pending["options"]:
                return []
            if kind == "defend":
                return [self._defense_problem(action.get("card"))]
            return [Problem("decision-pending", f"{self.pending['player']} must first decide "
                            "whether to avoid the ATTACK.", rule("satanic-panic.attack-defense"))]
        if kind in ("defend", "no-defense"):
            return [Problem("no-attack", "No ATTACK waits on a DEFENSE: a DEFENSE is used "
                            "only by a player an ATTACK affects, when it is played.",
                            rule("satanic-panic.attack-defense"))]
        if self.table_event:
            return event_problems(self, action)
        if kind == "apply":
            return apply_problems(self, action)
        if kind == "play":
            return play_problems(self, action)
        if kind == "buy":
            if action.get("source") not in SOURCES:
                return [Problem("bad-source", f"source must be one of {', '.join(SOURCES)}",
                                rule("satanic-panic.buying"))]
            target = BuyTarget(action["source"], action.get("card"), self.current.name)
            return buy_problems(self, self.current.name, target)[2]
        if kind == "activate":
            if action.get("card") != STANDEE:
                return self._activation_problems(action)
            return activate_problems(self, action)
        if kind == "tile":
            return self._tile_problems(action)
        if kind == "end-turn":
            return []
        return [Problem("bad-action", f"Unknown action type {kind!r}.",
                        rule("satanic-panic.turn-sequence"))]

    def apply(self, action: dict, *, checked: bool = False) -> list[dict]:
        """Apply a legal action; returns the log entries it produced. ``checked``: the
        caller has just had ``check`` pass it (or took it from ``legal_actions``)."""
        problems = [] if checked else self.check(action)
        if problems:
            raise EngineError(problems[0].message, field="action", code=problems[0].code)
        action = self.canonical(action)
        start = len(self.log)
        kind = action["type"]
        if kind == "discard":
            self.discard_for_pending(action["card"])
        elif kind == "destroy":
            self.destroy_for_pending(action["zone"], action["card"])
        elif kind in ("defend", "no-defense"):
            resolve_defense(self, action)
        elif kind == "familiar-top":
            self.place_gained_familiar(action["top"])
        elif kind == "foe-card":
            play_foe_card(self, action)
        elif kind == "mayhem":
            declare(self, action["attack"])
        elif kind == "apply":
            run_apply(self, action)
        elif kind == "resolved":
            self._event_resolved()
        elif kind == "play":
            play_card(self, action)
        elif kind == "buy":
            self._buy(action)
        elif kind == "activate" and action["card"] != STANDEE:
            self._activate(action)
        elif kind == "activate":
            activate_standee(self, action)
        elif kind == "tile":
            self._tile_attack(action)
        else:
            self._end_turn()
        if self.table_event and not self.game_over:
            ask_next(self)  # a DEFENSE text's own decision (a discard...) was answered
        if (not self.game_over and self.options.get("end_timing") == "immediate"
                and self.end_conditions()):
            self._finish()
        return self.log[start:]

    def _defense_problem(self, card) -> Problem:
        """Why ``card`` cannot avoid the pending ATTACK (a DEFENSE named wrong)."""
        who = self.player(self.pending["player"])
        if card not in who.hand:
            return Problem("not-in-hand", f"{card!r} is not in {who.name}'s hand: a DEFENSE "
                           "is used from the hand.", rule("satanic-panic.attack-defense"))
        return Problem("no-defense-ability", f"{card} has no DEFENSE ability (no DEFENSE "
                       "icon), so it cannot avoid an ATTACK.", rule("satanic-panic.defense-icon"))

    # --- action variants --------------------------------------------------
    def _play_variants(self, card: str) -> list[dict]:
        base = {"type": "play", "player": self.current.name, "card": card}
        return [{**base, **choice} for choice in card_choices(self, self.current, card)]

    def _buy_variants(self) -> list[dict]:
        me = self.current.name
        buys = ([{"type": "buy", "player": me, "source": "line-up", "card": c}
                 for c in sorted(set(self.line_up))]
                + [{"type": "buy", "player": me, "source": s}
                   for s in ("wild-magic", "legendary-devil", "familiar", "spellbook")])
        if self.current.ability_tile != "familiar-discount":
            return buys
        # The tile: "When you gain a Familiar, you may put it on top of your deck."
        return buys + [{**b, "top": True} for b in buys if self._buys_familiar(b)]

    def _buys_familiar(self, buy: dict) -> bool:
        return buy["source"] == "familiar" or (
            buy["source"] == "line-up" and self.card(buy["card"]).kind == "familiar")

    def _activate_variants(self) -> list[dict]:
        me = self.current
        cards = [{"type": "activate", "player": me.name, "card": c} for c in
                 sorted({a["card"] for a in self.activations if a["player"] == me.name})]
        if self.standee != me.name or self.standee_used:
            return cards
        base = {"type": "activate", "player": me.name, "card": STANDEE}
        if me.satan:  # look at the top 3 Satan stack cards, gain 1 of them
            return cards + [{**base, "choice": i} for i in shuffle_choices(self)]
        return cards + [{**base, "zone": zone, "target": c}
                        for zone in ("hand", "discard") for c in sorted(set(getattr(me, zone)))]

    # --- the Lil' Buddies tile (6.21.3) ------------------------------------------
    def _tile_problems(self, action: dict) -> list[Problem]:
        me, key = self.current, rule("satanic-panic.ability-tile-set-aside")
        if me.ability_tile != "lil-buddies":
            return [Problem("no-tile-attack", f"{me.name}'s Ability Tile has no ATTACK: only "
                            "the Lil' Buddies tile's owner makes one.", key)]
        if self.tile_used:
            return [Problem("once-per-turn", "The Lil' Buddies tile ATTACKS once per turn.", key)]
        if not me.set_aside:
            return [Problem("none-set-aside", f"{me.name} has no Lil' Buddies set aside.", key)]
        if action.get("target") not in [p.name for p in self.players if p is not me]:
            return [Problem("bad-target", "Another player gains the Lil' Buddies: name one "
                            "as target.", key)]
        return []

    def _tile_attack(self, action: dict) -> None:
        me, foe = self.current, action["target"]
        self.tile_used = True
        self.event("satanic-panic.ability-tile-set-aside", f"{me.name}'s Lil' Buddies tile "
                   f"ATTACKS {foe}: they gain 1 of {me.name}'s Lil' Buddies.")
        start(self, new_run(me.name, "Lil' Buddies tile", LIL_BUDDIES_ATTACK, target=foe))

    def _return_lil_buddies(self, me: PanicPlayer) -> None:
        """Lil' Buddies, played: "At the end of your turn, return this to the player with
        the corresponding Ability Tile and they draw a card." (6.21.4)"""
        owner = next((p for p in self.players if p.ability_tile == "lil-buddies"), None)
        if owner is None:  # only that tile deals them; a hand-made state may not
            return
        me.played.remove(LIL_BUDDIES)
        owner.set_aside.append(LIL_BUDDIES)
        drawn = self.draw(owner, 1)
        self.event("satanic-panic.ability-tile-set-aside", f"Lil' Buddies returns to "
                   f"{owner.name}, who sets it aside and draws {drawn} card(s).")

    # --- Activate abilities (7.3) ----------------------------------------------
    def _activation_problems(self, action: dict) -> list[Problem]:
        if {"player": self.current.name, "card": action.get("card")} not in self.activations:
            return [Problem("not-activatable", f"{action.get('card')!r} has no unused Activate "
                            "ability in play this turn (each is used once, during the turn the "
                            "card was played).", rule("satanic-panic.activate"))]
        return []

    def _activate(self, action: dict) -> None:
        me, card = self.current, action["card"]
        self.activations.remove({"player": me.name, "card": card})
        self.event("satanic-panic.activate", f"{me.name} uses {card}'s Activate ability.",
                   card=card)
        at = [a for a in self.card(card).abilities if a["trigger"] == "activate"]
        start(self, new_run(me.name, card, at))

    # --- buying -------------------------------------------------------------
    def _buy(self, action: dict) -> None:
        me = self.current
        target = BuyTarget(action["source"], action.get("card"), me.name)
        name, cost, _ = buy_problems(self, me.name, target)
        self.power -= cost
        if target.source == "line-up":
            self.line_up.remove(name)
        elif target.source == "wild-magic":
            self.supplies["Wild Magic"] -= 1
        elif target.source == "legendary-devil":
            self.legendary_devils.pop(0)
            self.devil_face_up = False
        elif target.source == "familiar":
            me.familiar = None
        else:
            me.spellbook = None
        if action.get("top"):
            me.deck.insert(0, name)
            self.event("satanic-panic.tile-familiar-discount", f"{me.name} buys {name} for "
                       f"{cost} Power ({self.power} left) and, by their Ability Tile, puts it on "
                       "top of their deck.", card=name)
            return
        me.discard.append(name)
        key = ("satanic-panic.legendary-devils" if target.source == "legendary-devil"
               else "satanic-panic.buying")
        self.event(key, f"{me.name} buys {name} for {cost} Power ({self.power} left); it goes "
                   "to their discard pile.", card=name)

    # --- turn structure -----------------------------------------------------
    def _start_turn(self) -> None:
        self.by_hand_open = []
        if self.refill_line_up():  # else a Mayhem resolves first (_event_resolved)
            self._after_refill()

    def _after_refill(self) -> None:
        me = self.current
        if me.ability_tile == "dead-wizard-tokens" and not me.tile_first_turn_done:
            me.tile_first_turn_done = True
            gained = self.unused_dead_wizard_tokens[:2]
            del self.unused_dead_wizard_tokens[:2]
            me.dead_wizard_tokens.extend(gained)
            self.event("satanic-panic.tile-dead-wizard-tokens",
                       f"{me.name}'s first turn: the Ability Tile gains 2 Dead Wizard Tokens from "
                       f"those left out of the stack ({', '.join(gained) or 'none left'}).")
            for token in gained:  # gained as on a death: one without ONGOING acts now (6.15.4)
                self._token_effect(me, token)
        # ONGOING cards give their abilities turn after turn (6.6.4): an Activate one may be
        # used once in each of its controller's turns, as the Standee's is.
        for card in me.ongoing:
            if any(a["trigger"] == "activate" for a in self.card(card).abilities):
                self.activations.append({"player": me.name, "card": card})
                self.event("satanic-panic.activate", f"{card} (ONGOING, in play): its Activate "
                           f"ability may be used once this turn.", card=card)
        self.event("satanic-panic.turn-sequence", f"Turn {self.turn}: {self.current.name}'s "
                   "start of turn (no start-of-turn effects known to the engine).")
        if self.options.get("end_timing") == "immediate" and self.end_conditions():
            self._finish()

    def _event_resolved(self) -> None:
        """A Mayhem goes on with the refill; a GROUP ATTACK with the end of the turn."""
        if finish(self)["kind"] != "mayhem":
            self._next_player()
        elif self.refill_line_up():
            self._after_refill()

    def _end_turn(self) -> None:
        me, key = self.current, "satanic-panic.end-of-turn"
        self.event(key, f"1. {me.name} ends their turn.")
        me.discard.extend(me.hand)
        me.hand, me.used_as_defense = [], []
        self.event(key, "2. Cards left in hand go to the discard pile.")
        # the cards played this turn and the ONGOING ones in play, whose abilities last
        # (Lil' Buddies' return is the engine's rule, below: its text is flagged by hand in
        # the catalog, as the Standee's is)
        at_end = [(c, [a for a in self.card(c).abilities if a["trigger"] == "end-of-turn"])
                  for c in me.played + me.ongoing if c != LIL_BUDDIES]
        at_end = [(c, a) for c, a in at_end if a]
        returning = me.played.count(LIL_BUDDIES)
        self.event(key, "3. 'At the end of your turn' effects: "
                   + (", ".join([c for c, _ in at_end] + [LIL_BUDDIES] * returning) or "none")
                   + "; unused Activate "
                   "abilities are wasted"
                   + (f" ({', '.join(a['card'] for a in self.activations)})"
                      if self.activations else "") + ".")
        self.activations = []
        for card, end_abilities in at_end:
            start(self, new_run(me.name, card, end_abilities))
        for _ in range(returning):
            self._return_lil_buddies(me)
        me.discard.extend(me.played)
        me.played = []
        self.power = 0
        self.event(key, "4. Played cards go to the discard pile (ONGOING cards stay in play); "
                   "unspent Power is lost.")
        drawn = self.draw(me, OPENING_HAND)
        self.event(key, f"5. {me.name} draws {drawn} card(s).")
        if self.end_conditions():
            # End of Game (5.1) checks during the end of turn; the ruling end-of-game-timing
            # reads it as before step 6, so no new GROUP ATTACK changes the final scores.
            self.event("satanic-panic.end-of-game", "An end condition holds: the game ends "
                       "before step 6 (no new Legendary Devil is revealed).")
            self._finish()
            return
        if self.legendary_devils and not self.devil_face_up:
            self.devil_face_up = True
            upcoming = self.players[(self.active + 1) % len(self.players)].name
            flip_devil(self, self.legendary_devils[0], upcoming)
            return  # the GROUP ATTACK resolves first (_event_resolved)
        self.event(key, "6. The top Legendary Devil is already face up (or none is left).")
        self._next_player()

    def _next_player(self) -> None:
        key = "satanic-panic.end-of-turn"
        reasons = self.end_conditions()
        if reasons:
            self._finish()
            return
        self.active = (self.active + 1) % len(self.players)
        self.turn += 1
        self.power = 0
        self.standee_used = self.tile_used = False
        self.event(key, f"7. {self.current.name} starts their turn.")
        self._start_turn()

    def _finish(self) -> None:
        self.game_over = True
        self.end_reasons = self.end_conditions()
        self.event("satanic-panic.end-of-game", "The game ends: "
                   + ", ".join({"line-up": "the Line-Up cannot be filled",
                                "dead-wizard-tokens": "the Dead Wizard Token stack is empty",
                                "legendary-devils": "the Legendary Devil stack is empty",
                                "dead-position": "no player owns a card that can make Power "
                                "or do anything, so nothing can change (reading: the rulebook "
                                "gives no end for this)"}[r]
                               for r in self.end_reasons) + ".")
        rows = self.final_tally()
        for row in rows:
            for card in row.pop("unknown_vp_cards"):
                self.flag("satanic-panic.scoring", card, f"{row['name']}: {card}'s VP is not "
                          "given; it counts 0.")
        self.result = satanic_panic_score(rows, **self.options.get("score", {}))
