"""The catalog's Satanic Panic cards a dealt table uses before stand-ins.

The web app reads the catalog (the engine knows no database) and hands
``TurnState.new_game`` plain data: ``{"main": [...], "legendary_devils": [...],
"starters": [...]}``, each card ``{"name", "entry", "type", "cost", "vp", "copies",
"text", "abilities", "keywords"}``. A card is dealt as itself when its abilities are
in the ability language and the interpreter plays every part of them or flags it
for the player (``abilities.deals``); a card the catalog knows takes the place of a
stand-in of its kind, so the rulebook's counts (Contents) stay:

- ``main``: the main deck's "106 Treasure, Creature, Wizard, Location, and Spell
  Cards" (the rulebook lists none of them): each known card, its ``copies`` (else
  one), replaces a generic stand-in, first by name, up to 106; it needs a cost.
- ``legendary_devils``: of the "15 Legendary Devil Cards" the rulebook names the top
  (Hell's Pulsating Asshole) and bottom (Asmodeus) one; a known one of the other 13
  replaces a stand-in devil and is dealt into the stack before them; the top and
  bottom take their catalog values. A devil needs a cost (it is bought); its GROUP
  ATTACK stays applied by hand (mayhem.flip_devil).
- ``starters``: a starting card whose text the rulebook does not give (Satanic Wand,
  Satanic Glyph, Digging Your Grave...) plays its catalog abilities when the
  interpreter plays them all; a card whose rule the engine runs keeps it.

- ``mayhems``: the main deck's "26 Mayhem Cards" ("Mayhem cards are shuffled into
  the main deck", 2. The Main Deck): each catalog Mayhem, its ``copies`` (else one),
  replaces a stand-in Mayhem, first by name, up to 26. It needs only its name: a
  Mayhem resolves as a table event (mayhem.py) whose effect is applied by hand,
  with the catalog's text quoted (its abilities, when valid, are kept, not run).

A dealt card has a DEFENSE (6.2.1) when its entry says so: the DEFENSE keyword, a
``defense`` ability or "DEFENSE:" in its text (``CardDef.defense``; abilities.has_defense).

``dealt`` is idempotent on its own ``catalog`` output, which the state keeps: undo
and replay deal the same cards.
"""
from __future__ import annotations

import re

from .. import abilities as language
from ..core import EngineError
from .abilities import deals, plays
from .cards import (
    ADDITIONAL_DEVILS,
    BOTTOM_DEVIL,
    BUILTIN,
    MAYHEM_CARDS,
    OTHER_MAIN_DECK_CARDS,
    TOP_DEVIL,
)

MAIN_TYPES = ("treasure", "creature", "wizard", "location", "spell")
STARTER_TYPES = ("starter", "satan-starter")
MAX_COST = 99
_DEFENSE_WORD = re.compile(r"\bDEFENSE\b", re.IGNORECASE)
_DEFENSE_TEXT = re.compile(r"\bDEFENSE:")
# Cards whose rulebook rule the engine runs (play.py): the catalog's text does not replace it.
RULES_RUN = frozenset({*(n for n, c in BUILTIN.items() if c.effect), "Hellfire"})


def _card(raw) -> dict | None:
    """A catalog card the table can deal as itself, normalised; None if it cannot."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
        return None
    try:
        abilities = language.validate(raw.get("abilities") or [])
    except EngineError:
        return None
    if not abilities or not deals(abilities):
        return None
    cost, vp, copies = raw.get("cost"), raw.get("vp"), raw.get("copies")
    keywords = [str(k) for k in raw.get("keywords") or [] if isinstance(k, str)]
    return {"name": raw["name"], "entry": raw.get("entry"), "type": raw.get("type"),
            "cost": cost if isinstance(cost, int) and 0 <= cost <= MAX_COST else None,
            "vp": vp if isinstance(vp, int) else None,
            "copies": copies if isinstance(copies, int) and copies > 0 else None,
            "text": raw.get("text") if isinstance(raw.get("text"), str) else None,
            "abilities": abilities, "keywords": keywords}


def _mayhem(raw) -> dict | None:
    """A catalog Mayhem, normalised (applied by hand: its name is enough); None if not."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
        return None
    if raw.get("type") not in ("mayhem", None) or raw["name"] in BUILTIN:
        return None
    try:
        abilities = language.validate(raw.get("abilities") or [])
    except EngineError:
        abilities = []
    copies = raw.get("copies")
    return {"name": raw["name"], "entry": raw.get("entry"), "type": "mayhem",
            "cost": None, "vp": None,
            "copies": copies if isinstance(copies, int) and copies > 0 else None,
            "text": raw.get("text") if isinstance(raw.get("text"), str) else None,
            "abilities": abilities,
            "keywords": [str(k) for k in raw.get("keywords") or [] if isinstance(k, str)]}


def _mayhems(catalog: dict, taken: set[str]) -> tuple[list[dict], list[str]]:
    """The catalog's Mayhems a table deals (first by name) and their copies, up to 26."""
    kept, copies = [], []
    for raw in catalog.get("mayhems") or []:
        card = _mayhem(raw)
        room = MAYHEM_CARDS - len(copies)
        if room <= 0:
            break
        if card and card["name"] not in taken:
            taken.add(card["name"])
            kept.append(card)
            copies += [card["name"]] * min(room, card["copies"] or 1)
    return kept, copies


def _cards(catalog: dict, key: str, taken: set[str], keep) -> list[dict]:
    out = []
    for raw in catalog.get(key) or []:
        card = _card(raw)
        if card and card["name"] not in taken and keep(card):
            taken.add(card["name"])
            out.append(card)
    return out


def has_defense_icon(card: dict) -> bool:
    """The catalog says the card has a DEFENSE (6.2.1): a keyword naming it (DEFENSE,
    ATTACK/DEFENSE, any case), a ``defense`` ability, or its text's "DEFENSE:" (how the
    rulebook writes an icon's text, as for ATTACK)."""
    return (any(_DEFENSE_WORD.search(k) for k in card["keywords"])
            or any(a["trigger"] == "defense" for a in card["abilities"])
            or bool(card["text"] and _DEFENSE_TEXT.search(card["text"])))


def _definition(card: dict, kind: str, base: dict | None = None) -> dict:
    ongoing = "ONGOING" in card["keywords"] or any(
        a["trigger"] == "ongoing" for a in card["abilities"])
    values = {"name": card["name"], "kind": kind, "cost": card["cost"], "vp": card["vp"],
              "text": card["text"], "abilities": card["abilities"], "entry": card["entry"],
              "stand_in": False, "ongoing": ongoing, "power": None, "effect": "",
              "note": "The catalog's card, dealt as itself."}
    if has_defense_icon(card):
        values["defense"] = True  # absent when False: a definition dealt before stays equal
    if base:  # a card the rulebook names keeps what the catalog leaves unknown
        values.update({k: base[k] for k in ("cost", "vp") if values[k] is None})
        values["ongoing"] = values["ongoing"] or base["ongoing"]
    return values


def dealt(catalog) -> dict:
    """What a table deals from ``catalog`` (see the module's docstring):
    ``{"card_defs": {name: CardDef dict}, "main": [names, a copy each], "devils": [the
    known additional devils], "known": [what came from the catalog, said], "catalog":
    the dealt cards (the state keeps it)}``."""
    catalog = catalog if isinstance(catalog, dict) else {}
    builtin = set(BUILTIN)
    devil_names = {TOP_DEVIL, BOTTOM_DEVIL}
    taken: set[str] = set()

    def starter(c: dict) -> bool:  # a named starting card the interpreter plays in full
        known = BUILTIN.get(c["name"])
        return bool(known and known.kind in STARTER_TYPES and c["name"] not in RULES_RUN
                    and plays(c["abilities"]))

    def devil(c: dict) -> bool:  # bought: it needs its cost
        return c["cost"] is not None and (c["name"] in devil_names or c["name"] not in builtin)

    def main_card(c: dict) -> bool:
        return c["cost"] is not None and c["name"] not in builtin and c["type"] in (
            *MAIN_TYPES, None)

    starters = _cards(catalog, "starters", taken, starter)
    devils = _cards(catalog, "legendary_devils", taken, devil)
    main = _cards(catalog, "main", taken, main_card)
    mayhems, mayhem_copies = _mayhems(catalog, taken)
    additional = [d for d in devils if d["name"] not in devil_names][:len(ADDITIONAL_DEVILS)]
    devils = [d for d in devils if d["name"] in devil_names] + additional
    copies, kept = [], []
    for card in main:
        room = OTHER_MAIN_DECK_CARDS - len(copies)
        if room <= 0:
            break
        copies += [card["name"]] * min(room, card["copies"] or 1)
        kept.append(card)
    defs = {c["name"]: _definition(c, BUILTIN[c["name"]].kind, BUILTIN[c["name"]].as_dict())
            for c in starters}
    defs.update({c["name"]: _definition(c, "legendary-devil", BUILTIN[c["name"]].as_dict()
                                        if c["name"] in builtin else None) for c in devils})
    defs.update({c["name"]: _definition(c, c["type"] or "main") for c in kept})
    defs.update({c["name"]: {**_definition(c, "mayhem"), "ongoing": False,
                             "note": "The catalog's Mayhem, dealt as itself: it resolves as "
                                     "a Mayhem, its effect applied by hand."} for c in mayhems})
    known = [f"{label}: {', '.join(c['name'] for c in cards)}" for label, cards in (
        ("main deck", kept), ("Mayhems", mayhems), ("Legendary Devils", devils),
        ("starting cards", starters)) if cards]
    return {"card_defs": defs, "main": copies, "devils": [d["name"] for d in additional],
            "mayhems": mayhem_copies, "known": known,
            "catalog": {"main": kept, "legendary_devils": devils, "starters": starters,
                        # only when there are some: a state dealt before keeps its catalog
                        **({"mayhems": mayhems} if mayhems else {})}}
