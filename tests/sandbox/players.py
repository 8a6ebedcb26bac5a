"""Seeded random-but-legal players, one per family: they only pick from legal_actions.

Pure uniform choice rarely finishes these games (a spell builder can add and
take back cards forever; a Demoniac player rarely lines up five symbols), so
each player leans towards moves that end the game, choosing at random among
the legal actions of the kind it prefers.
"""
from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

from engine.demoniac import SPOTS
from engine.demoniac.components import card_kind, card_symbol
from engine.spellgames import deck, rounds
from engine.spellgames.games import COMPONENT_TYPES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@cache
def _fixture_cards(game: str) -> str:
    entries = json.loads((FIXTURES / f"{game}.json").read_text(encoding="utf-8"))["games"][0][
        "entries"]
    return json.dumps([{k: e.get(k) for k in ("type", "name", "glyph", "initiative", "bands",
                                                 "keywords", "abilities", "copies")}
                       | {"entry": e["slug"], "stand_in": False, "abilities": e.get("abilities")
                          or []}
                       for e in entries if e.get("type") in COMPONENT_TYPES])


def fixture_catalog(game: str) -> list[dict]:
    """The bundled catalog's spell cards, read from fixtures/ (no database): what the web
    app deals (engine.web.sandbox.catalog_cards.spell_cards) for tests of the pure family."""
    return json.loads(_fixture_cards(game))


def _by_type(actions: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for action in actions:
        grouped.setdefault(action["type"], []).append(action)
    return grouped


def _placed(state: dict, action: dict) -> dict:
    """The card an add_card places: a dealt card is named by its id in the hand."""
    card = action["card"]
    return deck.card(state, card) if isinstance(card, str) else card


def spell_player(state: dict, actions: list[dict], rnd: random.Random) -> dict:
    by = _by_type(actions)
    if "play_reaction" in by:
        return rnd.choice(by["play_reaction"])
    if state["phase"] == "build":
        if "reveal" in by:
            return by["reveal"][0]
        builders = sorted({a["wizard"] for a in by.get("add_card", []) + by.get("ready", [])})
        wizard = rnd.choice(builders)
        spell = state["spells"][wizard]
        used = {c["slot"] for c in spell if c["type"] not in ("wild-magic", "rally")}
        room = len([c for c in spell if c["type"] != "rally"]) < 3
        # Wild Magic takes any free slot and Rally cards do not count: always legal.
        adds = [a for a in by.get("add_card", []) if a["wizard"] == wizard
                and (_placed(state, a)["type"] == "rally"
                     or room and _placed(state, a)["slot"] not in used)]
        ready = [a for a in by.get("ready", []) if a["wizard"] == wizard]
        if adds and (not ready or rnd.random() < 0.5):
            return rnd.choice(adds)
        return ready[0]
    for kind in ("replace_wild_magic", "power_roll"):
        if kind in by:
            return by[kind][0]
    if "play_card" in by:  # a scripted card resolves itself
        return rnd.choice(by["play_card"])
    scripted = rounds.scripted_ability(rounds.current_card(state))
    if "random_foe" in by and rnd.random() < 0.1:
        return by["random_foe"][0]
    if "damage" in by and not scripted and rnd.random() < 0.7:
        return rnd.choice(by["damage"])
    if "keep_creature" in by and not scripted and rnd.random() < 0.3:
        return by["keep_creature"][0]
    for kind in ("next", "end_round", "new_game"):
        if kind in by:
            return by[kind][0]
    return rnd.choice(actions)


# The by-hand effects this player applies: 1 damage, a discard, a Burning Limp Wand (the
# apply space is wider: engine/deckbuilder/mayhem.py apply_space).
PANIC_APPLIES = ({"do": "damage", "amount": 1, "target": "self"},
                 {"do": "discard", "amount": 1, "target": "self"},
                 {"do": "gain-card", "card": "Burning Limp Wand", "target": "self"})


def panic_player(state, actions: list[dict], rnd: random.Random) -> dict:
    actions = [a for a in actions if a["type"] != "apply" or a["effect"] in PANIC_APPLIES]
    by = _by_type(actions)
    if "resolved" in by:  # a Mayhem or GROUP ATTACK: apply its effect by hand, now and then
        return rnd.choice(by["apply"]) if "apply" in by and rnd.random() < 0.3 else \
            by["resolved"][0]
    for kind in ("mayhem", "discard", "destroy", "defend", "no-defense", "familiar-top",
                 "foe-card"):
        if kind in by:
            return rnd.choice(by[kind])
    # A flagged text of the player's own card (Hellfire's ATTACK...): mostly its damage.
    hits = [a for a in by.get("apply", []) if a["effect"]["do"] == "damage"]
    if hits and rnd.random() < 0.7:
        return rnd.choice(hits)
    if "play" in by:
        return rnd.choice(by["play"])
    card_activations = [a for a in by.get("activate", []) if "zone" not in a and "choice" not in a]
    if card_activations:
        return card_activations[0]
    line_up = [a for a in by.get("buy", []) if a["source"] == "line-up"]
    if line_up and rnd.random() < 0.9:  # buying empties the main deck: the game ends
        return rnd.choice(line_up)
    if "buy" in by and rnd.random() < 0.8:
        return rnd.choice(by["buy"])
    if "activate" in by and rnd.random() < 0.5:
        return rnd.choice(by["activate"])
    return by["end-turn"][0]


def demoniac_player(state, actions: list[dict], rnd: random.Random) -> dict:
    """Aims at the win: match the weaknesses spot by spot, re-roll what is not a pentagram."""
    by = _by_type(actions)
    if "discard" in by:
        return rnd.choice(by["discard"])
    if state.attack:
        misses = [i for i, face in enumerate(state.attack["dice"]) if face != "pentagram"]
        reroll = [a for a in by.get("reroll", []) if a["dice"] == misses]
        if reroll:
            return reroll[0]
        return max(by["end-attack"], key=lambda a: len(a["divinities"]))
    me = state.current
    # The kinds matter until the victim turns demoniac: body spots first, then mind.
    want = {spot: ("body" if i < me.victim["body"] else "mind") + "/" + state.weaknesses[spot]
            for i, spot in enumerate(SPOTS)}

    def right(spot, card):
        if me.demoniac:
            return bool(card) and card_symbol(card) == state.weaknesses[spot]
        return card == want[spot]

    exposed = all(state.exposed.values())
    possess = by.get("possess", [])
    good = [a for a in possess if right(a["spot"], a["card"])
            and not right(a["spot"], me.spots[a["spot"]])]
    if good and rnd.random() < 0.9:
        return rnd.choice(good)
    rolls = [a for a in by.get("roll", []) if a["target"] == "exorcist"]
    if rolls and exposed and all(right(s, me.spots[s]) for s in SPOTS):
        return rolls[0]
    empty = [a for a in possess if not me.spots[a["spot"]]]
    if empty and not exposed:
        return rnd.choice(empty)
    if rolls and not exposed and me.possessions >= 3:
        return rolls[0]
    cycle = [a for a in possess if not right(a["spot"], me.spots[a["spot"]])
             and card_kind(a["card"]) in ("body", "mind")]
    if len(state.deck) < 3 and (cycle or "disturb" in by):
        return rnd.choice(cycle + by.get("disturb", []))
    if "disturb" in by and rnd.random() < 0.5:
        return by["disturb"][0]
    if cycle and rnd.random() < 0.7:
        return rnd.choice(cycle)
    if by.get("roll") and rnd.random() < 0.2:
        return rnd.choice(by["roll"])
    return by["end-turn"][0]
