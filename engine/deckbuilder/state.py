"""Satanic Panic table state: players, zones and the rules that move cards.

``TableState`` holds a whole game as plain data (JSON via ``to_dict`` /
``from_dict``); the turn sandbox (``turn.TurnState``) adds legal
actions on top. Decks and piles are lists with the top card first.

Chance: every shuffle or random draw uses ``make_rng(f"{seed}:{n}")`` with a
counter ``n`` kept in the state, so a stored state replays exactly.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field, fields

from ..core import make_rng
from ..rule_refs import rule
from .abilities import drive, new_run, start
from .by_hand import open_text
from .cards import BUILTIN, STANDEE, TOKEN_ABILITIES, CardDef
from .health import damage, gain_beelze_butthole, hp_after_death, max_hp
from .mayhem import reveal_mayhem
from .setup import LINE_UP_SIZE, STARTING_HP

PRIDE = "PRIDE"  # one of the 7 Deadly Sins Dead Wizard Tokens (3 copies), text quoted


@dataclass
class PanicPlayer:
    name: str
    satan: bool = False
    hp: int = STARTING_HP
    beelze_buttholes: int = 0
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)  # this turn; discarded at end of turn
    # Cards in hand already used as a DEFENSE: a card is used one way only (6.2.7), so
    # these may defend again but not be played. Cleared when the hand is discarded.
    used_as_defense: list[str] = field(default_factory=list)
    ongoing: list[str] = field(default_factory=list)  # stays in play between turns
    familiar: str | None = None  # own Familiar still under the Wizard (not bought yet)
    spellbook: str | None = None
    dead_wizard_tokens: list[str] = field(default_factory=list)
    damned_wizard_tokens: list[str] = field(default_factory=list)
    penta_coins: int = 0
    ability_tile: str | None = None  # a Wizard Ability Tile key (setup.ABILITY_TILES)
    set_aside: list[str] = field(default_factory=list)  # the tile's cards set aside
    tile_first_turn_done: bool = False

    @property
    def max_hp(self) -> int:
        return max_hp(tiles=self.beelze_buttholes, satan=self.satan)

    def playable(self, card: str) -> bool:
        """A copy of ``card`` in hand that was not used as a DEFENSE (6.2.7)."""
        return self.hand.count(card) > self.used_as_defense.count(card)

    def leave_hand(self, card: str) -> None:
        """Take ``card`` out of the hand; a used copy goes first (copies are alike)."""
        self.hand.remove(card)
        if card in self.used_as_defense:
            self.used_as_defense.remove(card)

    def owned_cards(self) -> list[str]:
        return self.deck + self.hand + self.discard + self.played + self.ongoing


@dataclass
class TableState:
    players: list[PanicPlayer]
    main_deck: list[str]
    line_up: list[str]
    legendary_devils: list[str]
    dead_wizard_token_stack: list[str]
    seed: int | str
    chance: int = 0
    active: int = 0
    turn: int = 1
    power: int = 0
    devil_face_up: bool = True
    standee_used: bool = False
    tile_used: bool = False  # the Lil' Buddies tile's once-per-turn ATTACK
    standee: str | None = None
    destroyed: list[str] = field(default_factory=list)
    unused_dead_wizard_tokens: list[str] = field(default_factory=list)
    damned_wizard_token_stack: list[str] = field(default_factory=list)
    demon_deck: list[str] = field(default_factory=list)
    demon_discard: list[str] = field(default_factory=list)
    demons_destroyed: list[str] = field(default_factory=list)
    taint_deck: list[str] = field(default_factory=list)
    satan_stack: list[str] = field(default_factory=list)
    supplies: dict[str, int] = field(default_factory=dict)
    card_defs: dict[str, dict] = field(default_factory=dict)  # per-game and catalog cards
    catalog: dict | None = None  # the catalog's cards the table was dealt (catalog.dealt)
    options: dict = field(default_factory=dict)
    pending: dict | None = None  # a decision a player owes (a DEFENSE, a discard...)
    runs: list[dict] = field(default_factory=list)  # abilities being played (abilities.py)
    activations: list[dict] = field(default_factory=list)  # Activate abilities unused this turn
    table_event: dict | None = None  # a Mayhem or GROUP ATTACK resolving (mayhem.py)
    by_hand_open: list[dict] = field(default_factory=list)  # texts to apply by hand (by_hand)
    game_over: bool = False
    end_reasons: list[str] = field(default_factory=list)
    result: dict | None = None
    log: list[dict] = field(default_factory=list)
    flags: list[dict] = field(default_factory=list)

    # --- serialisation -------------------------------------------------
    def to_dict(self) -> dict:
        # Through the C JSON encoder: far faster than dataclasses.asdict on a long log.
        return json.loads(json.dumps(self, default=vars))

    @classmethod
    def from_dict(cls, data: dict):
        values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        values["players"] = [PanicPlayer(**p) for p in data["players"]]
        return cls(**values)

    # --- lookups -------------------------------------------------------
    def card(self, name: str) -> CardDef:
        if name in self.card_defs:
            return CardDef.from_dict(self.card_defs[name])
        if name in BUILTIN:
            return BUILTIN[name]
        return CardDef(name=name, kind="unknown", note="Not a card the engine knows.")

    def player(self, name_or_index) -> PanicPlayer:
        if isinstance(name_or_index, int):
            return self.players[name_or_index]
        return next(p for p in self.players if p.name == name_or_index)

    def index_of(self, name: str) -> int:
        return next(i for i, p in enumerate(self.players) if p.name == name)

    @property
    def current(self) -> PanicPlayer:
        return self.players[self.active]

    # --- log -----------------------------------------------------------
    def event(self, key: str, text: str, **extra) -> dict:
        entry = {"turn": self.turn, "player": self.current.name, "rule": rule(key), "text": text,
                 **extra}
        self.log.append(entry)
        return entry

    def flag(self, key: str, card: str, text: str) -> dict:
        """An effect the engine cannot run: recorded, never silently skipped."""
        entry = self.event(key, text, card=card, flag="not-run")
        self.flags.append(entry)
        return entry

    # --- chance --------------------------------------------------------
    def rng(self) -> random.Random:
        self.chance += 1
        return make_rng(f"{self.seed}:{self.chance}")

    # --- card movement ------------------------------------------------
    def _refill_deck(self, player: PanicPlayer) -> bool:
        """Shuffle the discard pile into a new deck, only once a card is needed."""
        if player.deck or not player.discard:
            return bool(player.deck)
        player.deck = player.discard
        player.discard = []
        self.rng().shuffle(player.deck)
        self.event("satanic-panic.shuffle", f"{player.name}'s deck is empty and a card is "
                   f"needed: the discard pile ({len(player.deck)}) is shuffled into a new deck.")
        return True

    def take_top(self, player: PanicPlayer) -> str | None:
        """The top card of a deck (shuffling first if needed), or None."""
        return player.deck.pop(0) if self._refill_deck(player) else None

    def draw(self, player: PanicPlayer, count: int) -> int:
        drawn = 0
        for _ in range(count):
            card = self.take_top(player)
            if card is None:
                break
            player.hand.append(card)
            drawn += 1
        return drawn

    def gain_from_supply(self, player: PanicPlayer, supply: str) -> bool:
        if self.supplies.get(supply, 0) < 1:
            return False
        self.supplies[supply] -= 1
        player.discard.append(supply)
        return True

    def destroy_card(self, card: str) -> None:
        """Destroyed cards leave the game; Burning Limp Wands go back to their stack."""
        if self.card(card).kind == "burning-limp-wand":
            self.supplies["Burning Limp Wand"] = self.supplies.get("Burning Limp Wand", 0) + 1
        elif self.card(card).kind == "demon":
            self.demons_destroyed.append(card)
        else:
            self.destroyed.append(card)

    def summon_demon(self, player: PanicPlayer) -> bool:
        """Reveal the top Demon and put it into play (6.19.4): ONGOING, its text not given."""
        if not self.demon_deck:
            return False
        demon = self.demon_deck.pop(0)
        player.ongoing.append(demon)
        text = (f"{demon}'s ONGOING text is not given by the rulebook (a Demon has no HP "
                "and no ATTACK that deals damage can target it)")
        open_text(self, text, player.name)
        self.flag("satanic-panic.demon", demon, f"{player.name} Summons {demon}: apply by "
                  f"hand: {text}.")
        return True

    def gain_taint(self, player: PanicPlayer, why: str) -> str | None:
        """The top card of the Satan's Taint deck, into the player's discard pile; nobody
        may refuse it (6.20.3, 6.20.4; Satan too: ruling satan-and-unrefusable-cards)."""
        if not self.taint_deck:
            self.event("satanic-panic.taint-gained", f"{why}: the Satan's Taint deck is "
                       f"empty, so {player.name} gains none.")
            return None
        taint = self.taint_deck.pop(0)
        player.discard.append(taint)
        self.event("satanic-panic.taint-gained", f"{why}: {player.name} gains {taint} from "
                   "the Satan's Taint deck, into their discard pile.", card=taint)
        return taint

    def gain_damned_token(self, player: PanicPlayer, why: str) -> str | None:
        """The top Damned Wizard Token (their own stack, 6.16.3); its text is not given, so
        its face-up effect is applied by hand. None left: nothing is gained (7.10.4)."""
        if not self.damned_wizard_token_stack:
            self.event("satanic-panic.damned-none-left", f"{why}: no Damned Wizard Token is "
                       f"left, so {player.name} gains none.")
            return None
        token = self.damned_wizard_token_stack.pop(0)
        player.damned_wizard_tokens.append(token)
        self.event("satanic-panic.damned-tokens", f"{why}: {player.name} gains a Damned "
                   f"Wizard Token ({token}).")
        open_text(self, f"{player.name}'s {token} (its text is not given)", player.name)
        self.flag("satanic-panic.damned-tokens", token, f"apply by hand: {token}'s face-up "
                  "effect; the rulebook does not give the tokens' texts.")
        return token

    def gain_beelze_butthole(self, player: PanicPlayer, why: str) -> bool:
        """A Beelze-Butthole Tile on the player's HP track: their maximum HP drops (ruling
        beelze-butthole-amount: 4 a tile), HP above it with it; at most 5, none on Satan
        (6.18.3, 8.15.2)."""
        got = gain_beelze_butthole(player.beelze_buttholes, player.hp, satan=player.satan)
        player.beelze_buttholes, player.hp = got["tiles"], got["hp"]
        self.log.append({"turn": self.turn, "player": self.current.name, "rule": got["rule"],
                         "text": f"{why}: {player.name} "
                         + ("gains a Beelze-Butthole Tile. " if got["gained"] else
                            "gains no Beelze-Butthole Tile. ") + got["text"]
                         + (f" HP {player.hp}." if got["gained"] else "")})
        return got["gained"]

    def gain_from_main_deck(self, player: PanicPlayer) -> str | None:
        """Gain the main deck's top card; a Mayhem revealed this way is destroyed, unresolved
        and not replaced (6.14.8, 6.9.3)."""
        if not self.main_deck:
            self.event("satanic-panic.gaining", "The main deck is empty: nothing to gain.")
            return None
        card = self.main_deck.pop(0)
        if self.card(card).kind == "mayhem":
            self.destroyed.append(card)
            self.event("satanic-panic.mayhem-from-main-deck", f"{player.name} reveals {card} "
                       "while gaining from the main deck: it is destroyed without being "
                       "resolved, and no other card is gained.", card=card)
            return None
        player.discard.append(card)
        self.event("satanic-panic.gaining", f"{player.name} gains {card} from the main deck.",
                   card=card)
        self.offer_familiar_top(player, card)
        return card

    def offer_familiar_top(self, player: PanicPlayer, card: str) -> None:
        """The Familiar-discount tile (7.11.2): "When you gain a Familiar, you may put it on
        top of your deck", Adam or Steve gained from the main deck too. A Familiar its owner
        gained by an effect, now in their discard pile, waits for that choice (a pending
        ``familiar-top``); a bought one is placed by the buy (``top``)."""
        if player.ability_tile == "familiar-discount" and self.card(card).kind == "familiar":
            self.pending = {"type": "familiar-top", "player": player.name, "card": card}

    def place_gained_familiar(self, top: bool) -> None:
        """The pending ``familiar-top`` choice; then the interrupted effect goes on."""
        pending, self.pending = self.pending, None
        player, card = self.player(pending["player"]), pending["card"]
        if top and card in player.discard:
            del player.discard[len(player.discard) - 1 - player.discard[::-1].index(card)]
            player.deck.insert(0, card)
            self.event("satanic-panic.tile-familiar-discount", f"{player.name} puts {card} on "
                       "top of their deck, by their Ability Tile.", card=card)
        else:
            self.event("satanic-panic.tile-familiar-discount", f"{player.name} leaves {card} "
                       "in their discard pile.", card=card)
        drive(self)

    # --- Line-Up -------------------------------------------------------
    def refill_line_up(self) -> bool:
        """Turn step 1: refill to 5. A Mayhem that enters suspends the refill until it is
        resolved (6.14.2, mayhem.py); False while one is resolving."""
        while len(self.line_up) < LINE_UP_SIZE and self.main_deck:
            card = self.main_deck.pop(0)
            if self.card(card).kind == "mayhem":
                reveal_mayhem(self, card)
                return False
            self.line_up.append(card)
        if len(self.line_up) < LINE_UP_SIZE:
            self.event("satanic-panic.end-of-game",
                       "The main deck ran out: the Line-Up cannot be filled.")
        return True

    # --- death ---------------------------------------------------------
    def kill(self, victim: PanicPlayer, killer: PanicPlayer | None) -> None:
        """Resolve a death. ``killer`` None: a Mayhem or Line-Up card killed."""
        if victim.satan:
            self._satan_dies(victim, killer)
        else:
            self._wizard_dies(victim, killer)
        if killer is not None and killer is not victim:
            self.standee = killer.name
            self.event("satanic-panic.standee", f"{killer.name} killed {victim.name} and gains "
                       f"{STANDEE}.")
            if killer.satan:
                killer.penta_coins += 1
                self.event("satanic-panic.penta-coins",
                           f"Satan killed {victim.name} and gains a Penta-Coin.")
        elif killer is victim:
            self.event("satanic-panic.standee", f"{victim.name} killed themself: nobody gains "
                       f"{STANDEE}.")
        else:
            self.event("satanic-panic.standee", f"A Mayhem or Line-Up card killed {victim.name}: "
                       f"nobody gains {STANDEE}.")

    def _gain_token(self, victim: PanicPlayer) -> str | None:
        if not self.dead_wizard_token_stack:
            self.event("satanic-panic.death", "The Dead Wizard Token stack is empty: no token "
                       "to gain.")
            return None
        token = self.dead_wizard_token_stack.pop(0)  # the stack is random: its top is random
        victim.dead_wizard_tokens.append(token)
        return token

    def gain_token(self, player: PanicPlayer, why: str) -> None:
        """A card effect's Dead Wizard Token: from the stack, its face-up effect resolving."""
        token = self._gain_token(player)
        if token:
            self.event("satanic-panic.death", f"{why}: {player.name} gains a Dead Wizard "
                       f"Token ({token}).")
            self._token_effect(player, token)

    def _token_effect(self, player: PanicPlayer, token: str) -> None:
        """A DWT without ONGOING text resolves at once (6.15.4); Satan ignores them."""
        if player.satan:
            return
        if token in TOKEN_ABILITIES:
            self.event("satanic-panic.sins", f"{player.name} gains {token}.")
            start(self, new_run(player.name, token, TOKEN_ABILITIES[token],
                                                    source=None))
        else:
            open_text(self, f"{player.name}'s {token} (its text is not given)", player.name)
            self.flag("satanic-panic.death", token, f"apply by hand: {token}'s face-up effect; "
                      "the rulebook does not give the tokens' texts.")

    def destroy_tokens(self, player: PanicPlayer, count: int, why: str) -> None:
        """Destroy ``count`` of a player's Dead Wizard Tokens. Reading: the owner destroys
        the ones that cost the most VP (DWT 11 and 22 are worth -6), the choice any player
        would make."""
        from .scoring import token_vp  # scoring imports nothing from here

        chosen = sorted(player.dead_wizard_tokens, key=token_vp)[:count]
        for token in chosen:
            player.dead_wizard_tokens.remove(token)
            self.destroyed.append(token)
        self.event("satanic-panic.tile-dead-wizard-tokens" if "Ability Tile" in why
                   else "satanic-panic.destroying", f"{why}: {player.name} destroys {count} Dead Wizard Token(s) "
                   f"({', '.join(chosen) or 'none owned'}; reading: the costliest).")

    def _wizard_dies(self, victim: PanicPlayer, killer) -> None:
        demons = [c for c in victim.ongoing if self.card(c).kind == "demon"]
        for demon in demons:
            victim.ongoing.remove(demon)
            self.demons_destroyed.append(demon)
        token = self._gain_token(victim)
        victim.hp = hp_after_death(victim.max_hp)
        self.event("satanic-panic.death",
                   f"{victim.name} dies (HP below 1), gains a random Dead Wizard Token "
                   f"({token or 'none left'}) and resets to {victim.hp} HP"
                   + (f"; {len(demons)} Demon(s) they own are destroyed." if demons else "."))
        if demons:
            self.event("satanic-panic.demon", "Demons are destroyed when their owner dies.")
        if token:
            self._token_effect(victim, token)

    def discard_for_pending(self, card: str) -> None:
        """One card of a pending discard (PRIDE's, a card's) from the deciding player's hand;
        a shorter hand discards what it has. The interrupted ability then goes on."""
        pending = self.pending
        player = self.player(pending["player"])
        player.leave_hand(card)
        player.discard.append(card)
        left = pending["count"] - 1
        self.pending = {**pending, "count": left} if left and player.hand else None
        self.event("satanic-panic.sins" if pending["why"] == PRIDE else
                   "satanic-panic.discarding", f"{player.name} discards {card} for "
                   f"{pending['why']}" + (f"; {left} more" if self.pending else "") + ".")
        drive(self)

    def destroy_for_pending(self, zone: str, card: str) -> None:
        """One card of a pending destroy from the deciding player's hand or discard pile."""
        pending = self.pending
        player = self.player(pending["player"])
        if zone == "hand":
            player.leave_hand(card)
        else:
            player.discard.remove(card)
        self.destroy_card(card)
        left = pending["count"] - 1
        self.pending = ({**pending, "count": left} if left and (player.hand or player.discard)
                        else None)
        self.event("satanic-panic.destroying", f"{player.name} destroys {card} from their "
                   f"{zone} for {pending['why']}" + (f"; {left} more" if self.pending else "")
                   + ".")
        drive(self)

    def _satan_dies(self, victim: PanicPlayer, killer) -> None:
        demons = [c for c in victim.ongoing if self.card(c).kind == "demon"]
        for demon in demons:
            victim.ongoing.remove(demon)
            self.demon_discard.append(demon)
        token = self._gain_token(victim)
        victim.hp = STARTING_HP
        self.event("satanic-panic.satan-death",
                   f"Satan dies: {len(demons)} Demon(s) go to the Demon discard pile, other "
                   f"ONGOING cards stay, Satan gains a Dead Wizard Token ({token or 'none left'}) "
                   "ignoring its face-up effect (its -3 VP still counts) and resets to 20 HP.")

    def damage(self, target: PanicPlayer, amount: int, source: PanicPlayer | None) -> bool:
        """Deal damage; True if the target died (excess damage does nothing)."""
        hit = damage(target.hp, amount)
        target.hp = hit["hp"]
        if hit["dies"]:
            self.kill(target, source)
        return hit["dies"]

    # --- end of game ---------------------------------------------------
    def end_conditions(self) -> list[str]:
        reasons = []
        if len(self.main_deck) < LINE_UP_SIZE - len(self.line_up):
            reasons.append("line-up")
        if not self.dead_wizard_token_stack:
            reasons.append("dead-wizard-tokens")
        if not self.legendary_devils:
            reasons.append("legendary-devils")
        return reasons

    def end_of_game_abilities(self, player: PanicPlayer) -> None:
        """END OF GAME abilities of the player's tile and owned cards (abilities.py)."""
        from .setup import TILE_ABILITIES  # setup's data, read here at the end only

        sources = [("Ability Tile", TILE_ABILITIES.get(player.ability_tile, []))]
        sources += [(c, self.card(c).abilities) for c in sorted(set(player.owned_cards()))]
        for name, card_abilities in sources:
            at_end = [a for a in card_abilities if a["trigger"] == "end-of-game"]
            if at_end:
                self.event("satanic-panic.end-of-game", f"END OF GAME: {player.name}'s {name}.")
                start(self, new_run(player.name, f"{player.name}'s {name} (END OF GAME)",
                                                        at_end, source=None))

    def final_tally(self) -> list[dict]:
        """Every card back into the deck, then the score endpoint's input per player."""
        rows = []
        for p in self.players:
            self.end_of_game_abilities(p)
            p.deck = p.owned_cards()
            p.hand, p.discard, p.played, p.ongoing = [], [], [], []
            counts = Counter(p.deck)
            unknown = sorted(n for n in counts if self.card(n).vp is None)
            card_vp = sum(self.card(n).vp * k for n, k in counts.items()
                          if self.card(n).vp is not None and self.card(n).kind != "burning-limp-wand")
            rows.append({"name": p.name, "card_vp": card_vp, "satan": p.satan,
                         "dead_wizard_tokens": list(p.dead_wizard_tokens),
                         "damned_wizard_tokens": list(p.damned_wizard_tokens),
                         "burning_limp_wands": counts.get("Burning Limp Wand", 0),
                         "legendary_devils": sum(k for n, k in counts.items()
                                                 if self.card(n).kind == "legendary-devil"),
                         "penta_coins": p.penta_coins, "unknown_vp_cards": unknown})
        return rows
