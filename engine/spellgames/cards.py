"""A card placed in a spell (rumble, anarchy): its component fields, text, roll table,
abilities; stand-ins for cards the catalog does not list.

``parse_card`` checks a card from any source (the catalog, a posted action, the
deck) into the one shape the round flow, the deck and the pages read.
"""
from __future__ import annotations

from ..abilities import validate as validate_abilities
from ..core import EngineError
from .legality import parse_component

CARD_KEYS = ("type", "name", "glyph", "initiative", "slot")
MAX_BANDS = 8
# Stand-in roll table for cards drawn at random (Wild Magic replacements, test games).
STAND_IN_BANDS = [{"low": 1, "high": 4, "effect": "1 damage to a random foe", "keep": False},
                  {"low": 5, "high": 9, "effect": "2 damage to a random foe", "keep": False},
                  {"low": 10, "high": None, "effect": "4 damage to a random foe. KEEP",
                   "keep": True}]


def stand_in_abilities(keep: bool) -> list[dict]:
    """The stand-in roll table in the ability language, so a stand-in resolves by itself
    (random foe, then the band's damage; a Delivery's top band KEEPs it)."""
    bands = []
    for band in STAND_IN_BANDS:
        amount = int(band["effect"].split()[0])
        effects = [{"do": "damage", "amount": amount, "target": "random-foe"}]
        if keep and band["keep"]:
            effects.append({"do": "keep"})
        bands.append({"low": band["low"], "high": band["high"], "effects": effects})
    return [{"trigger": "resolved", "bands": bands}]


def band_label(band: dict) -> str:
    low, high = band["low"], band.get("high")
    return f"{low}+" if high is None else (str(low) if low == high else f"{low}-{high}")


def _require_bands(raw, field: str) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_BANDS:
        raise EngineError(f"{field} must be a list of at most {MAX_BANDS} bands", field=field)
    bands = []
    for i, band in enumerate(raw):
        if not isinstance(band, dict):
            raise EngineError(f"{field}[{i}] must be an object", field=f"{field}[{i}]")
        low, high = band.get("low"), band.get("high")
        if isinstance(low, bool) or not isinstance(low, int) or not 1 <= low <= 36 or (
                high is not None and (isinstance(high, bool) or not isinstance(high, int)
                                      or not low <= high <= 36)):
            raise EngineError(f"{field}[{i}]: low 1-36, high at least low (or none)",
                              field=f"{field}[{i}]")
        bands.append({"low": low, "high": high, "effect": str(band.get("effect") or "")[:300],
                      "keep": bool(band.get("keep"))})
    return bands


def parse_card(raw, *, field: str = "card") -> dict:
    """A card placed in a spell: the core's component fields plus text and roll table."""
    comp = parse_component({k: raw.get(k) for k in CARD_KEYS} if isinstance(raw, dict) else raw,
                           field=field)
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise EngineError(f"{field}.text must be text", field=f"{field}.text")
    entry = raw.get("entry")
    return {**comp.to_dict(), "slot": comp.slot, "name": comp.name or _stand_in_name(comp),
            "text": (text or "")[:1000] or None,
            "bands": _require_bands(raw.get("bands"), f"{field}.bands"),
            "creature": bool(raw.get("creature")) or any(b.get("keep") for b in
                                                         raw.get("bands") or []
                                                         if isinstance(b, dict)),
            "entry": entry if isinstance(entry, str) else None,
            "reaction": bool(raw.get("reaction")) or "Reaction" in (raw.get("keywords") or [])
            or any(isinstance(a, dict) and a.get("trigger") == "reaction"
                   for a in raw.get("abilities") or []),
            "abilities": validate_abilities(raw.get("abilities") or [], f"{field}.abilities"),
            "stand_in": bool(raw.get("stand_in", entry is None)),
            "copies": _copies(raw.get("copies"), f"{field}.copies")}


def _copies(raw, field: str) -> int | None:
    """How many of the card the game has (a catalog entry's copies), None: not known."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 40:
        raise EngineError(f"{field} must be a whole number from 1 to 40", field=field)
    return raw


def _stand_in_name(comp) -> str:
    """ "Dark Delivery, initiative 14": a typed stand-in's name from its values."""
    if comp.type in ("wild-magic", "rally"):
        return "Wild Magic" if comp.type == "wild-magic" else "Rally"
    name = f"{(comp.glyph or 'Unknown-glyph').title()} {comp.type.title()}"
    if comp.initiative is not None:
        name += f", initiative {comp.initiative}"
    return name


def stand_in_card(kind: str, glyph: str | None, initiative: int | None = None,
                  text: str = "Stand-in card: its roll table plays itself.") -> dict:
    """A generic card ("Dark Delivery, initiative 14") with the stand-in roll table. Only
    Deliveries are Creatures (rumble 17.1): a stand-in Source or Quality does not KEEP."""
    creature = kind == "delivery"
    bands = STAND_IN_BANDS if creature else [
        {**b, "effect": b["effect"].removesuffix(". KEEP"), "keep": False} for b in STAND_IN_BANDS]
    return parse_card({"type": kind, "glyph": glyph, "initiative": initiative,
                       "bands": bands, "creature": creature, "stand_in": True,
                       "abilities": stand_in_abilities(creature), "text": text})
