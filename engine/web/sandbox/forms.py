"""Turning posted forms into engine input: new-table options and actions.

An action form posts ``action`` (the JSON of an action the page listed) and
``f.<path>`` fields the player fills in (a target, an amount, a stand-in
card), merged into it. Nothing here decides legality: the engine does.
"""
from __future__ import annotations

import json
import re

from engine.core import EngineError
from engine.deckbuilder.setup import ABILITY_TILES
from engine.spellgames.games import MAX_WIZARDS

BAND_TEXT = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)|(\+))?\s*:\s*(.+?)\s*$")
MAX_FIELD = 2000
MAX_FIELDS = 20  # the largest form (a stand-in card) has 8


def parse_bands_text(text: str) -> list[dict]:
    """ "1-4: 1 damage; 5-9: 2 damage; 10+: 4 damage. KEEP" as roll-table bands."""
    bands = []
    for part in filter(None, (p.strip() for p in re.split(r"[;\n]", text))):
        match = BAND_TEXT.match(part)
        if not match:
            raise EngineError(f"roll table: {part!r} is not like '5-9: 2 damage'",
                              field="card.bands")
        low, high, plus, effect = match.groups()
        low = int(low)
        bands.append({"low": low, "high": None if plus else int(high or low), "effect": effect,
                      "keep": "KEEP" in effect.upper()})
    return bands


def _value(raw: str):
    raw = raw.strip()
    if re.fullmatch(r"-?\d{1,6}", raw):
        return int(raw)
    if raw in ("on", "true"):
        return True
    if raw == "false":
        return False
    if raw[:1] in "{[":
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):  # nesting past the parser's depth too
            raise EngineError("a field is not valid JSON", field="action") from None
    return raw


def action_from_post(post) -> dict:
    raw = post.get("action", "")
    if len(raw) > MAX_FIELD:
        raise EngineError("action is too long", field="action")
    try:
        action = json.loads(raw)
    except (ValueError, RecursionError):
        raise EngineError("action is not valid JSON", field="action") from None
    if not isinstance(action, dict):
        raise EngineError("an action is an object with a type", field="action")
    fields = [key for key in post if key.startswith("f.")]
    if len(fields) > MAX_FIELDS or any(len(key) > 60 for key in fields):
        raise EngineError("too many or too long fields for one action", field="action")
    for key in fields:
        values = [v for v in post.getlist(key) if v.strip() and len(v) <= MAX_FIELD]
        if not values:
            continue
        path = key[2:].split(".")
        if path[-1] == "bands":
            value = parse_bands_text(values[0])
        elif key.endswith("[]"):
            path[-1] = path[-1][:-2]
            value = [_value(v) for v in values]
        else:
            value = _value(values[0])
        target = action
        for part in path[:-1]:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise EngineError(f"{key} does not fit the action", field=key)
        target[path[-1]] = value
    return action


def options_from_post(game: str, post) -> dict:
    """The new-table form's options for ``game``."""
    if game in ("rumble", "anarchy"):
        names = [n.strip()[:40] for n in re.split(r"[,\n]", post.get("wizards", "")) if n.strip()]
        if not 2 <= len(names) <= MAX_WIZARDS:
            raise EngineError(f"name 2 to {MAX_WIZARDS} wizards, separated by commas",
                              field="wizards")
        options = {"wizards": names}
        if game == "rumble":
            options["variant"] = post.get("variant") or "match"
        if post.get("free"):  # a free table: any card may be placed, no deck
            options["deal"] = False
        champion = post.get("champion", "").strip()
        if game == "anarchy" and champion:
            options["champion"] = _value(champion) if champion.startswith("{") else {
                "name": champion}
        return options
    options = {"players": _value(post.get("players", "2") or "2")}
    for flag in ("satan", "relic", "split_hits"):
        if post.get(flag):
            options[flag] = True
    if game == "satanic-panic" and post.get("free"):  # apply takes any effect, logged so
        options["free"] = True
    if game == "satanic-panic" and post.get("ability_tiles") and isinstance(
            options["players"], int):
        wizards = options["players"] - (1 if options.get("satan") else 0)
        options["ability_tiles"] = list(ABILITY_TILES)[:max(wizards, 0)]
    return options
