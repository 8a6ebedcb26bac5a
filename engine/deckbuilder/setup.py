"""Satanic Panic setup: starting decks, the stacks, the Line-Up.

``plan_setup`` lays out a whole table from one seeded ``random.Random``;
``satanic_panic_setup`` is the checker endpoint built on it, and the turn
sandbox starts its games from the same plan.

Readings chosen where the rulebook is unsure (each is in the explanation):
- ``players`` counts everyone at the table, the Satan player included: the
  Legendary Devil table and the Dead Wizard Token stack go by it.
- The NOTE's "8 Legendary Devils ... standard 4-player game" counts the whole
  stack: the table's 6 additional + the fixed top and bottom = 8. The reading
  "8 additional" is the option ``legendary_devils=8``.
- The Satan player counts as a player for the 5 Dead Wizard Tokens per player
  (Satan gains and scores them too); ``satan_counts_for_tokens=False`` is the
  other reading.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from ..core import EngineError, Explanation, make_rng, require_int
from ..rule_refs import rule
from .cards import (
    ADDITIONAL_DEVILS,
    BOTTOM_DEVIL,
    BUILTIN,
    BURNING_LIMP_WAND_CARDS,
    DAMNED_WIZARD_TOKENS,
    DEAD_WIZARD_TOKENS,
    DEMON_CARDS,
    LITTLE_POT_O_GOLD_CARDS,
    MAYHEM_CARDS,
    OTHER_MAIN_DECK_CARDS,
    SATAN_CARDS,
    SATANS_TAINT_CARDS,
    TOP_DEVIL,
    WILD_MAGIC_CARDS,
    damned_wizard_token_ids,
    dead_wizard_token_ids,
    main_deck_cards,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
LINE_UP_SIZE = 5
OPENING_HAND = 5
STARTING_HP = 20
# Additional Legendary Devils by player count (3. The Legendary Devil Stack).
ADDITIONAL_DEVILS_BY_PLAYERS = {2: 8, 3: 7, 4: 6, 5: 5}
DEAD_WIZARD_TOKENS_PER_PLAYER = 5
EXTENDED_FACTOR = 1.5  # the NOTE's extended game: +50%, 7.5 tokens rounded up to 8

WIZARD_STARTING_DECK = {"Glyph": 6, "Satanic Wand": 1, "Fizzle": 3}
SATAN_STARTING_DECK = {"Hellfire": 10, "The Satanic Shuffle": 2, "Terrible Temptation": 1,
                       "Digging Your Grave": 1, "Satanic Wand": 1}
# Ability tiles that swap a starter Glyph for their card (the Glyph leaves the game).
ABILITY_TILE_CARDS = {"lucky-wand": "Lucky's Lucky Wand", "enslave-ball": "Enslave-'Em-All Ball"}
# The five Wizard Ability Tiles the rulebook quotes, by key: (what happens at setup, rule).
ABILITY_TILES = {
    "lucky-wand": ("swaps a starter Glyph for Lucky's Lucky Wand; the Glyph is removed from "
                   "the game", "satanic-panic.tile-replaced-glyph"),
    "enslave-ball": ("swaps a starter Glyph for Enslave-'Em-All Ball; the Glyph is removed from "
                     "the game", "satanic-panic.tile-replaced-glyph"),
    "lil-buddies": ("sets 7 Lil' Buddies aside (only this player uses them; once per turn, "
                    "ATTACK: another player gains 1)", "satanic-panic.ability-tile-set-aside"),
    "dead-wizard-tokens": ("gains 2 Dead Wizard Tokens from those left out of the stack at the "
                           "start of their first turn, and destroys 2 at the END OF GAME",
                           "satanic-panic.tile-dead-wizard-tokens"),
    "familiar-discount": ("pays 2 less to buy Familiars (Adam and Steve from the main deck too)",
                          "satanic-panic.tile-familiar-discount"),
}
# The tiles' texts as the rulebook quotes them (Ability Tile Cards, Tile Clarifications).
TILE_TEXTS = {
    "lucky-wand": "Replace 1 of your Starter Glyphs with Lucky's Lucky Wand.",
    "enslave-ball": "Replace 1 of your Starter Glyphs with Enslave-'em-All Ball.",
    "lil-buddies": "Start with 7 Lil' Buddies set aside. Once per turn, ATTACK: Another "
                   "player gains 1 of your Lil' Buddies.",
    "dead-wizard-tokens": "At the start of your first turn, gain 2 Dead Wizard Tokens from "
                          "outside the game. END OF GAME: Destroy 2 Dead Wizard Tokens.",
    "familiar-discount": "You pay 2 less to buy Familiars. When you gain a Familiar, you may "
                         "put it on top of your deck.",
}
# The tiles' texts in the ability language, as the catalog stores them (a test keeps the
# two equal). The engine's setup and buying rules above run the by-hand parts; the
# interpreter runs the END OF GAME one.
TILE_ABILITIES = {
    "lucky-wand": [{"trigger": "setup", "effects": [{"do": "by-hand", "text": TILE_TEXTS[
        "lucky-wand"]}]}],
    "enslave-ball": [{"trigger": "setup", "effects": [{"do": "by-hand", "text": TILE_TEXTS[
        "enslave-ball"]}]}],
    "lil-buddies": [
        {"trigger": "setup", "effects": [{"do": "by-hand",
                                          "text": "Start with 7 Lil' Buddies set aside."}]},
        {"trigger": "attack", "effects": [{"do": "by-hand", "text": "Once per turn: another "
                                           "player gains 1 of your Lil' Buddies."}]}],
    "dead-wizard-tokens": [
        {"trigger": "first-turn", "effects": [{"do": "by-hand", "text": "Gain 2 Dead Wizard "
                                               "Tokens from outside the game."}]},
        {"trigger": "end-of-game", "effects": [{"do": "destroy", "amount": 2,
                                                "what": "Dead Wizard Tokens"}]}],
    "familiar-discount": [{"trigger": "ongoing", "effects": [{"do": "by-hand", "text": TILE_TEXTS[
        "familiar-discount"]}]}],
}
TILE_SLUGS = {"lucky-wand": "luckys-lucky-wand-tile", "enslave-ball": "enslave-em-all-ball-tile",
              "lil-buddies": "lil-buddies-tile", "dead-wizard-tokens": "dead-wizard-tokens-tile",
              "familiar-discount": "familiar-discount-tile"}
LIL_BUDDIES = "Lil' Buddies"
LIL_BUDDIES_SET_ASIDE = 7

SATAN = "Satan"


@dataclass
class SetupPlan:
    """Everything on the table before the first turn (decks top-first)."""

    names: list[str]
    satan: str | None
    decks: dict[str, list[str]]
    main_deck: list[str]
    line_up: list[str]
    destroyed: list[str]
    legendary_devils: list[str]
    dead_wizard_tokens: list[str]
    unused_dead_wizard_tokens: list[str]
    damned_wizard_tokens: list[str]
    demon_deck: list[str]
    taint_deck: list[str]
    satan_stack: list[str]
    supplies: dict[str, int]
    tiles: dict[str, str] = field(default_factory=dict)  # player: Ability Tile key
    set_aside: dict[str, list[str]] = field(default_factory=dict)  # Lil' Buddies
    explanation: Explanation = field(default_factory=Explanation)


def wizard_names(count: int) -> list[str]:
    return [f"Wizard {n}" for n in range(1, count + 1)]


def starting_deck(*, satanic_glyph: bool, tile: str | None = None) -> dict[str, int]:
    deck = dict(WIZARD_STARTING_DECK)
    if satanic_glyph:
        deck["Glyph"] -= 1
        deck["Satanic Glyph"] = 1
    if tile in ABILITY_TILE_CARDS:
        deck["Glyph"] -= 1
        deck[ABILITY_TILE_CARDS[tile]] = 1
    return deck


def devil_stack_size(players: int, *, additional: int | None, extended: bool) -> int:
    """How many additional (random) Legendary Devils go between the fixed two."""
    if additional is None:
        additional = ADDITIONAL_DEVILS_BY_PLAYERS[players]
        if extended:
            additional = math.ceil((additional + 2) * EXTENDED_FACTOR) - 2
    return min(additional, len(ADDITIONAL_DEVILS))


def _deck_list(counts: dict[str, int]) -> list[str]:
    return [name for name, n in counts.items() for _ in range(n)]


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def deal_line_up(main_deck: list[str], size: int = LINE_UP_SIZE,
                 mayhems: frozenset[str] | set[str] = frozenset()) -> tuple[list[str], list[str]]:
    """Deal the opening Line-Up; Mayhems (the stand-in and ``mayhems``, the catalog's)
    are destroyed unresolved and replaced.

    Mutates ``main_deck`` (top first); returns (line_up, destroyed).
    """
    line_up, destroyed = [], []
    while len(line_up) < size and main_deck:
        card = main_deck.pop(0)
        mayhem = card in mayhems or (BUILTIN.get(card) and BUILTIN[card].kind == "mayhem")
        (destroyed if mayhem else line_up).append(card)
    return line_up, destroyed


STAND_IN_DEVILS = frozenset(d.name for d in ADDITIONAL_DEVILS)


def _additional_devils(known: list[str], count: int, rng: random.Random) -> list[str]:
    """The additional devils: the catalog's known ones (each replacing a stand-in of the
    13) before random stand-ins, in a random order."""
    known = known[:min(count, len(ADDITIONAL_DEVILS))]
    pool = [d.name for d in ADDITIONAL_DEVILS][:len(ADDITIONAL_DEVILS) - len(known)]
    if not known:  # the stand-ins alone, drawn as before the catalog dealt devils
        return rng.sample(pool, count)
    chosen = known + rng.sample(pool, count - len(known))
    rng.shuffle(chosen)
    return chosen


def _require_options(players, satan, dwt_per_player, legendary_devils, ability_tiles):
    require_int(players, field="players", low=MIN_PLAYERS, high=MAX_PLAYERS)
    if not isinstance(satan, bool):
        raise EngineError("satan must be true or false", field="satan", code="type")
    require_int(dwt_per_player, field="dead_wizard_tokens_per_player", low=1)
    if legendary_devils is not None:
        require_int(legendary_devils, field="legendary_devils", low=0, high=len(ADDITIONAL_DEVILS))
    wizards = players - 1 if satan else players
    tiles = list(ability_tiles or [])
    if len(tiles) > wizards:
        raise EngineError(f"ability_tiles has {len(tiles)} entries for {wizards} wizards",
                          field="ability_tiles", code="range")
    for tile in tiles:
        if tile is not None and tile not in ABILITY_TILES:
            raise EngineError(f"unknown ability tile {tile!r}; known: "
                              f"{', '.join(ABILITY_TILES)}", field="ability_tiles")
    used = [t for t in tiles if t]
    if len(used) != len(set(used)):
        raise EngineError("each ability tile's card exists once: one player per tile",
                          field="ability_tiles", code="duplicate")
    return wizards, tiles + [None] * (wizards - len(tiles))


def plan_setup(players: int, satan: bool, rng: random.Random, *,
               legendary_devils: int | None = None, extended: bool = False,
               dead_wizard_tokens_per_player: int | None = None,
               satan_counts_for_tokens: bool = True, satanic_glyph: bool | None = None,
               ability_tiles: list | None = None, main_cards: list[str] | tuple = (),
               devils: list[str] | tuple = (), mayhems: list[str] | tuple = ()) -> SetupPlan:
    """``main_cards``, ``devils``, ``mayhems``: catalog cards (catalog.dealt) that take the
    place of main-deck stand-ins, of stand-in additional Legendary Devils and of stand-in
    Mayhems (one name a copy)."""
    dwt_per_player = dead_wizard_tokens_per_player
    if dwt_per_player is None:
        dwt_per_player = (math.ceil(DEAD_WIZARD_TOKENS_PER_PLAYER * EXTENDED_FACTOR)
                          if extended else DEAD_WIZARD_TOKENS_PER_PLAYER)
    wizards, tiles = _require_options(players, satan, dwt_per_player, legendary_devils,
                                      ability_tiles)
    ex = Explanation()
    names = ([SATAN] if satan else []) + wizard_names(wizards)
    use_satanic_glyph = (not satan) if satanic_glyph is None else bool(satanic_glyph)

    # 1. Starting decks.
    decks: dict[str, list[str]] = {}
    tile_of: dict[str, str] = {}
    set_aside: dict[str, list[str]] = {}
    for name, tile in zip(names[1:] if satan else names, tiles, strict=False):
        counts = starting_deck(satanic_glyph=use_satanic_glyph, tile=tile)
        decks[name] = _deck_list(counts)
        if tile:
            tile_of[name] = tile
            what, key = ABILITY_TILES[tile]
            ex.add(rule(key), f"{name}'s Wizard Ability Tile {what}.")
        if tile == "lil-buddies":
            set_aside[name] = [LIL_BUDDIES] * LIL_BUDDIES_SET_ASIDE
    ex.add(rule("satanic-panic.starting-deck"),
           f"Each wizard starts with 6 Glyph, 1 Satanic Wand and 3 Fizzle ({wizards} wizard(s)).")
    if use_satanic_glyph:
        ex.add(rule("satanic-panic.satanic-glyph"),
               "No Satan player: each wizard swaps 1 of the 6 Glyphs for a Satanic Glyph "
               "(the rulebook encourages it; satanic_glyph=false leaves the Glyph).")
    if satan:
        decks[SATAN] = _deck_list(SATAN_STARTING_DECK)
        ex.add(rule("satanic-panic.satan-setup"),
               "The Satan player starts with 15 cards: 10 Hellfire, 2 The Satanic Shuffle, "
               "1 Terrible Temptation, 1 Digging Your Grave, 1 Satanic Wand; Satan starts at 20 HP.")
    decks = {name: _shuffled(cards, rng) for name, cards in decks.items()}

    # 2. Main deck, 4. Line-Up.
    main_deck = _shuffled(main_deck_cards(known=main_cards, known_mayhems=mayhems), rng)
    size = len(main_deck)
    known = min(len(main_cards), OTHER_MAIN_DECK_CARDS)
    known_mayhems = min(len(mayhems), MAYHEM_CARDS)
    ex.add(rule("satanic-panic.main-deck"),
           f"The main deck is shuffled: {size} cards = 26 Mayhem + 106 other cards + the 4 Adam "
           "and Steve Familiars. The rulebook does not list the other cards, so "
           + (f"{known} are the catalog's cards, dealt as themselves, and generic stand-ins "
              f"(flagged as such) take the place of the other {OTHER_MAIN_DECK_CARDS - known}."
              if known else "generic stand-ins (flagged as such) take their place.")
           + (f" {known_mayhems} of the 26 Mayhems are the catalog's, dealt as themselves; "
              f"stand-in Mayhems are the other {MAYHEM_CARDS - known_mayhems}."
              if known_mayhems else ""))
    line_up, destroyed = deal_line_up(main_deck, mayhems=frozenset(mayhems))
    ex.add(rule("satanic-panic.line-up-setup"),
           f"The top cards fill the Line-Up of {LINE_UP_SIZE}; {len(destroyed)} Mayhem(s) "
           "turned up were destroyed without being resolved and replaced.")

    # 3. Legendary Devil stack.
    additional = devil_stack_size(players, additional=legendary_devils, extended=extended)
    chosen = _additional_devils(list(devils), additional, rng)
    known_devils = [d for d in chosen if d not in STAND_IN_DEVILS]
    devils = [TOP_DEVIL, *chosen, BOTTOM_DEVIL]
    how = ("set by the legendary_devils option" if legendary_devils is not None
           else f"the table's {ADDITIONAL_DEVILS_BY_PLAYERS[players]} for {players} players"
           + (", raised 50% for the extended game" if extended else ""))
    ex.add(rule("satanic-panic.legendary-devil-stack"),
           f"Legendary Devil stack: {additional} random additional devils ({how}) between "
           f"{TOP_DEVIL} on top and {BOTTOM_DEVIL} at the bottom: {len(devils)} cards"
           + (f"; the catalog's {', '.join(known_devils)} first, stand-ins for the rest."
              if known_devils else "."))
    ex.add(rule("satanic-panic.game-length-note"),
           "Reading: the NOTE's '8 Legendary Devils ... standard 4-player game' counts the whole "
           "stack (6 additional + the fixed 2 = 8), so it agrees with the table. Groups that read "
           "it as 8 additional devils pass legendary_devils=8.")

    # 6. The stacks.
    token_players = players if (satan_counts_for_tokens or not satan) else wizards
    dwt_count = dwt_per_player * token_players
    if dwt_count > DEAD_WIZARD_TOKENS:
        raise EngineError(f"{dwt_count} Dead Wizard Tokens needed, the game has "
                          f"{DEAD_WIZARD_TOKENS}", field="dead_wizard_tokens_per_player",
                          code="range")
    all_tokens = _shuffled(dead_wizard_token_ids(), rng)
    ex.add(rule("satanic-panic.dwt-stack"),
           f"Dead Wizard Token stack: {dwt_per_player} per player x {token_players} = "
           f"{dwt_count} random tokens, face down; the rest leave the game unseen."
           + (" Reading: the Satan player counts as a player (Satan also gains and scores "
              "Dead Wizard Tokens); satan_counts_for_tokens=false counts wizards only."
              if satan else ""))
    damned = _shuffled(damned_wizard_token_ids(), rng)
    ex.add(rule("satanic-panic.stacks"),
           f"All {WILD_MAGIC_CARDS} Wild Magic and {BURNING_LIMP_WAND_CARDS} Burning Limp Wands "
           f"are used; the {DAMNED_WIZARD_TOKENS} Damned Wizard Tokens form their own face-down "
           "stack.")
    demons = ["Demon"] * DEMON_CARDS
    taints = ["Satan's Taint"] * SATANS_TAINT_CARDS
    ex.add(rule("satanic-panic.demon-taint-decks"),
           f"The Demon deck ({DEMON_CARDS}) and the Satan's Taint deck ({SATANS_TAINT_CARDS}) "
           "are shuffled face down; neither is ever bought.")
    satan_stack = []
    if satan:
        stack_size = SATAN_CARDS - sum(SATAN_STARTING_DECK.values())
        satan_stack = ["Satan stack card"] * stack_size
        ex.add(rule("satanic-panic.satan-contents"),
               f"The Satan stack: {SATAN_CARDS} Satan cards less the 15 starters = {stack_size} "
               "cards (reading: the 81 include the starters); stand-ins, 1 VP each.")
        ex.add(rule("satanic-panic.first-player"), "The Satan player goes first.")
    else:
        ex.add(rule("satanic-panic.first-player"),
               "No Satan player: the most demonic player goes first (here Wizard 1).")
    return SetupPlan(
        names=names, satan=SATAN if satan else None, decks=decks, main_deck=main_deck,
        line_up=line_up, destroyed=destroyed, legendary_devils=devils,
        dead_wizard_tokens=all_tokens[:dwt_count],
        unused_dead_wizard_tokens=all_tokens[dwt_count:], damned_wizard_tokens=damned,
        demon_deck=demons, taint_deck=taints, satan_stack=satan_stack,
        supplies={"Wild Magic": WILD_MAGIC_CARDS, "Burning Limp Wand": BURNING_LIMP_WAND_CARDS,
                  "Little Pot o' Gold": LITTLE_POT_O_GOLD_CARDS},
        tiles=tile_of, set_aside=set_aside, explanation=ex)


def satanic_panic_setup(players, satan=False, seed=None, **options) -> dict:
    """POST satanic-panic/setup: the table for 2-5 players, with or without Satan.

    Without a seed one is drawn and echoed, so the answer can be replayed.
    """
    if seed is None:
        seed = make_rng(None).randrange(2**31)
    plan = plan_setup(players, satan, make_rng(seed), **options)
    first_wizard = next(n for n in plan.names if n != SATAN)
    wizard_order = [*WIZARD_STARTING_DECK, "Satanic Glyph", *ABILITY_TILE_CARDS.values()]

    def counts(name):  # in printed order, not shuffled order
        order = list(SATAN_STARTING_DECK) if name == SATAN else wizard_order
        return dict(sorted(Counter(plan.decks[name]).items(), key=lambda i: order.index(i[0])))

    deck_counts = {name: counts(name) for name in plan.decks}
    tiles = []
    for name in plan.names:
        tile = plan.tiles.get(name)
        if tile:
            own = ({ABILITY_TILE_CARDS[tile]: 1} if tile in ABILITY_TILE_CARDS
                   else dict(Counter(plan.set_aside.get(name, []))))
            what, key = ABILITY_TILES[tile]
            tiles.append({"player": name, "tile": tile, "text": TILE_TEXTS[tile],
                          "setup": what, "cards": own, "rule": rule(key)})
    devils = plan.legendary_devils
    return {
        "players": players,
        "satan": satan,
        "seed": seed,
        "legendary_devils": {"size": len(devils), "additional": len(devils) - 2,
                             "top": devils[0], "bottom": devils[-1], "stack": devils},
        "dead_wizard_tokens": len(plan.dead_wizard_tokens),
        "damned_wizard_tokens": len(plan.damned_wizard_tokens),
        "starting_deck": deck_counts[first_wizard],
        "satan_deck": deck_counts.get(SATAN),
        "decks": [{"player": n, "role": "satan" if n == SATAN else "wizard",
                   "cards": deck_counts[n], "ability_tile": plan.tiles.get(n),
                   "set_aside": dict(Counter(plan.set_aside.get(n, [])))}
                  for n in plan.names],
        "ability_tiles": tiles,
        "turn_order": plan.names,
        "line_up": plan.line_up,
        "destroyed": plan.destroyed,
        "main_deck": {"size": len(plan.main_deck) + len(plan.line_up) + len(plan.destroyed),
                      "remaining": len(plan.main_deck)},
        "stacks": {"wild_magic": plan.supplies["Wild Magic"],
                   "burning_limp_wand": plan.supplies["Burning Limp Wand"],
                   "demon": len(plan.demon_deck), "satans_taint": len(plan.taint_deck),
                   "satan_stack": len(plan.satan_stack)},
        "starting_hp": STARTING_HP,
        "explanation": plan.explanation.as_list(),
    }
