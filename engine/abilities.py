"""The ability language: a card's effects as data (an entry's ``abilities`` JSON).

An entry's abilities are a list; each ability has a ``trigger`` and either
``effects`` (run in order) or ``bands`` (a Power Roll table, each band with its
effects). An effect is ``{"do": ..., ...}`` with an optional ``target``, an
optional condition ``if`` and, for damage, an ``amount`` that is a number,
``{"dice": n}`` (n dice of damage) or ``{"per_glyph": glyph, "each": n}``.
What the language cannot say is an ``{"do": "by-hand", "text": ...}`` effect:
the sandbox flags it, never skips it. fixtures/FORMAT.md documents the
language with examples; ``SCHEMA`` is its JSON Schema, ``validate`` checks an
entry's value (naming the path at fault) and ``describe`` reads it as text.

Pure Python: the interpreters live with their game family
(``engine.spellgames.abilities`` for Rumble and Anarchy).
"""
from __future__ import annotations

from .core import EngineError

TRIGGERS = {
    "setup": "At setup",
    "resolved": "When resolved",
    "rally": "Rally",
    "challenge": "Challenge, at the end of the round",  # a Champion's (anarchy 20.6)
    "reaction": "Reaction",
    "attack": "ATTACK",
    "defense": "DEFENSE",
    "ongoing": "ONGOING",
    "activate": "Activate",
    "end-of-turn": "At the end of your turn",
    "first-turn": "At the start of your first turn",
    "end-of-game": "END OF GAME",
    "cross": "For each holy cross left at the end of an attack",  # Demoniac's exorcist
}
TARGETS = {
    "strongest-foe": "the strongest foe",
    "weakest-foe": "the weakest foe",
    "foe-left": "the foe on your left",
    "foe-right": "the foe on your right",
    "random-foe": "a random foe",
    "each-foe": "each foe",
    "different-foe": "a different foe",
    "foe": "a foe",
    "foe-without-creatures": "a foe with no Creatures in play",
    "foes-most-applause": "your foe(s) with the most Applause tokens",
    "most-applause": "the Wizard(s) with the most Applause tokens",  # a Challenge's: anyone
    "self": "you",
    "target-player": "target player",
}
CONDITIONS = {
    "holds-standee": "if you hold the Standee",
    "taken-from-living-foe": "if you took it from a living foe",
    "defeated-this-way": "if you defeat them this way",
    "owns-another": "if you have another one",
    "paid-blood": "if you paid the Blood",
}
# do: (fields it takes besides do/target/if, whether it needs a target)
EFFECTS = {
    "damage": ({"amount"}, True),
    "heal": ({"amount"}, False),
    "gain-blood": ({"amount"}, False),
    "pay-blood": ({"amount"}, False),
    "take-standee": (set(), False),
    "keep": (set(), False),
    "draw": ({"amount"}, False),
    "discard": ({"amount", "otherwise"}, False),
    "destroy": ({"amount", "what"}, False),
    "gain-power": ({"amount"}, False),
    "gain-card": ({"card"}, False),
    "dead-wizard-tokens": ({"amount"}, False),
    "damned-wizard-tokens": ({"amount"}, False),
    "beelze-buttholes": ({"amount"}, False),
    "summon-demons": ({"amount"}, False),
    "applause": ({"amount"}, False),
    "by-hand": ({"text"}, False),
}
GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")
MAX_ABILITIES = 8
MAX_EFFECTS = 12
MAX_BANDS = 8
MAX_AMOUNT = 99
MAX_TEXT = 300

_AMOUNT = {"oneOf": [
    {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT},
    {"type": "object", "required": ["dice"], "additionalProperties": False,
     "properties": {"dice": {"type": "integer", "minimum": 1, "maximum": 6}}},
    {"type": "object", "required": ["per_glyph"], "additionalProperties": False,
     "properties": {"per_glyph": {"enum": list(GLYPHS)},
                    "each": {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT}}}]}
_EFFECT = {"type": "object", "required": ["do"], "additionalProperties": False, "properties": {
    "do": {"enum": list(EFFECTS)}, "target": {"enum": list(TARGETS)},
    "if": {"enum": list(CONDITIONS)}, "amount": _AMOUNT,
    "otherwise": {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT},
    "what": {"type": "string", "maxLength": MAX_TEXT},
    "card": {"type": "string", "maxLength": MAX_TEXT},
    "text": {"type": "string", "maxLength": MAX_TEXT}}}
_EFFECTS = {"type": "array", "items": _EFFECT, "minItems": 1, "maxItems": MAX_EFFECTS}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Entry abilities",
    "type": "array", "maxItems": MAX_ABILITIES,
    "items": {"type": "object", "required": ["trigger"], "additionalProperties": False,
              "properties": {
                  "trigger": {"enum": list(TRIGGERS)},
                  "effects": _EFFECTS,
                  "bands": {"type": "array", "minItems": 1, "maxItems": MAX_BANDS,
                            "items": {"type": "object", "required": ["low", "effects"],
                                      "additionalProperties": False, "properties": {
                                          "low": {"type": "integer", "minimum": 1,
                                                  "maximum": 36},
                                          "high": {"type": "integer", "minimum": 1,
                                                   "maximum": 36,
                                                   "description": "absent or null: and up"},
                                          "effects": _EFFECTS}}}},
              "oneOf": [{"required": ["effects"]}, {"required": ["bands"]}]},
}


def _fail(path: str, message: str):
    raise EngineError(f"{path}: {message}", field=path, code="bad-ability")


def _int(value, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(path, f"must be a whole number from {low} to {high}")
    return value


def _keys(obj, path: str, allowed: set[str], required: set[str]) -> dict:
    if not isinstance(obj, dict):
        _fail(path, "must be an object")
    unknown = sorted(set(obj) - allowed)
    if unknown:
        _fail(f"{path}.{unknown[0]}", f"unknown key; the keys are {', '.join(sorted(allowed))}")
    missing = sorted(required - set(obj))
    if missing:
        _fail(f"{path}.{missing[0]}", "is required")
    return obj


def _amount(value, path: str) -> None:
    if isinstance(value, dict):
        if "dice" in value:
            _keys(value, path, {"dice"}, {"dice"})
            _int(value["dice"], f"{path}.dice", 1, 6)
        else:
            _keys(value, path, {"per_glyph", "each"}, {"per_glyph"})
            if value["per_glyph"] not in GLYPHS:
                _fail(f"{path}.per_glyph", f"must be one of {', '.join(GLYPHS)}")
            _int(value.get("each", 1), f"{path}.each", 1, MAX_AMOUNT)
    else:
        _int(value, path, 0, MAX_AMOUNT)


def _effects(raw, path: str) -> None:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_EFFECTS:
        _fail(path, f"must list 1 to {MAX_EFFECTS} effects")
    for i, effect in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(effect, dict) or effect.get("do") not in EFFECTS:
            _fail(f"{where}.do", f"must be one of {', '.join(EFFECTS)}")
        extra, needs_target = EFFECTS[effect["do"]]
        _keys(effect, where, {"do", "target", "if"} | extra,
              {"target"} if needs_target else set())
        if "target" in effect and effect["target"] not in TARGETS:
            _fail(f"{where}.target", f"must be one of {', '.join(TARGETS)}")
        if "if" in effect and effect["if"] not in CONDITIONS:
            _fail(f"{where}.if", f"must be one of {', '.join(CONDITIONS)}")
        if "amount" in effect:
            _amount(effect["amount"], f"{where}.amount")
        if "otherwise" in effect:
            _int(effect["otherwise"], f"{where}.otherwise", 0, MAX_AMOUNT)
        for key in ("what", "card", "text"):
            if key in effect and (not isinstance(effect[key], str) or not effect[key].strip()
                                  or len(effect[key]) > MAX_TEXT):
                _fail(f"{where}.{key}", f"must be text of 1 to {MAX_TEXT} characters")
        if effect["do"] == "by-hand" and "text" not in effect:
            _fail(f"{where}.text", "is required: say what to apply by hand")


def validate(abilities, path: str = "abilities") -> list[dict]:
    """Check an entry's abilities; returns them unchanged or raises EngineError (path named)."""
    if not isinstance(abilities, list) or len(abilities) > MAX_ABILITIES:
        _fail(path, f"must be a list of at most {MAX_ABILITIES} abilities")
    for i, ability in enumerate(abilities):
        where = f"{path}[{i}]"
        _keys(ability, where, {"trigger", "effects", "bands"}, {"trigger"})
        if ability["trigger"] not in TRIGGERS:
            _fail(f"{where}.trigger", f"must be one of {', '.join(TRIGGERS)}")
        if ("effects" in ability) == ("bands" in ability):
            _fail(where, "give either effects or bands")
        if "effects" in ability:
            _effects(ability["effects"], f"{where}.effects")
            continue
        bands = ability["bands"]
        if not isinstance(bands, list) or not 1 <= len(bands) <= MAX_BANDS:
            _fail(f"{where}.bands", f"must list 1 to {MAX_BANDS} bands")
        for j, band in enumerate(bands):
            spot = f"{where}.bands[{j}]"
            _keys(band, spot, {"low", "high", "effects"}, {"low", "effects"})
            low = _int(band["low"], f"{spot}.low", 1, 36)
            if band.get("high") is not None:
                _int(band["high"], f"{spot}.high", low, 36)
            _effects(band["effects"], f"{spot}.effects")
    return abilities


def by_hand(abilities) -> list[str]:
    """The texts the language could not express (what the sandbox leaves to the player)."""
    return [e["text"] for e in all_effects(abilities) if e["do"] == "by-hand"]


def all_effects(abilities):
    """Every effect of these abilities, band effects included, in order."""
    for ability in abilities or []:
        yield from ability_effects(ability)


def ability_effects(ability: dict) -> list[dict]:
    effects = list(ability.get("effects", []))
    for band in ability.get("bands", []):
        effects += band["effects"]
    return effects


def covered(abilities, *, triggers, effects, targets, conditions) -> bool:
    """True when an interpreter that plays these triggers, effects, targets and
    conditions runs every part of ``abilities`` (what "plays in the sandbox" means)."""
    if not abilities:
        return False
    return all(ability["trigger"] in triggers and all(
        effect["do"] in effects and effect.get("target", "self") in (*targets, "self")
        and effect.get("if") in (*conditions, None) for effect in ability_effects(ability))
        for ability in abilities)


def _amount_text(amount) -> str:
    if _is_dice(amount):
        return "one die" if amount["dice"] == 1 else f"{amount['dice']} dice"
    if isinstance(amount, dict):
        return f"{amount.get('each', 1)} for each {amount['per_glyph'].title()} glyph"
    return str(amount)


def _is_dice(amount) -> bool:
    return isinstance(amount, dict) and "dice" in amount


def _effect_text(effect: dict) -> str:
    do, amount = effect["do"], effect.get("amount", 1)
    target = TARGETS.get(effect.get("target", ""), "")
    text = {
        "damage": f"deal {_amount_text(amount)}{' of' if _is_dice(amount) else ''} damage "
                  f"to {target}",
        "heal": f"heal {_amount_text(amount)} HP",
        "gain-blood": f"gain {_amount_text(amount)} Blood",
        "pay-blood": f"pay {_amount_text(amount)} Blood",
        "take-standee": "take the Standee",
        "keep": "KEEP",
        "draw": f"draw {_amount_text(amount)} card(s)",
        "discard": f"discard {_amount_text(amount)} card(s)",
        "destroy": f"destroy {_amount_text(amount)} {effect.get('what', 'card(s)')}",
        "gain-power": f"+{_amount_text(amount)} Power",
        "gain-card": f"gain {effect.get('card', 'a card')}",
        "dead-wizard-tokens": f"gain {_amount_text(amount)} Dead Wizard Token(s)",
        "damned-wizard-tokens": f"gain {_amount_text(amount)} Damned Wizard Token(s)",
        "beelze-buttholes": f"gain {_amount_text(amount)} Beelze-Butthole Tile(s)",
        "summon-demons": f"Summon {_amount_text(amount)} Demon(s)",
        "applause": f"gain {_amount_text(amount)} Applause token(s)",
        "by-hand": f"by hand: {effect.get('text', '')}",
    }[do]
    if target and do != "damage":
        text += f" ({target})"
    if do == "discard" and "otherwise" in effect:
        text = (f"discard {_amount_text(amount)} card(s), or {effect['otherwise']} "
                "if you have another one")
    if "if" in effect and effect["if"] != "owns-another":
        text = f"{CONDITIONS[effect['if']]}, {text}"
    return text


def _effects_text(effects: list[dict]) -> str:
    return "; then ".join(_effect_text(e) for e in effects)


def describe(abilities) -> list[str]:
    """One readable line per ability, e.g. 'When resolved: deal one die damage to ...'."""
    lines = []
    for ability in abilities or []:
        head = TRIGGERS[ability["trigger"]]
        if "effects" in ability:
            lines.append(f"{head}: {_effects_text(ability['effects'])}.")
            continue
        rows = []
        for band in ability["bands"]:
            high = band.get("high")
            label = f"{band['low']}+" if high is None else (
                str(band["low"]) if high == band["low"] else f"{band['low']}-{high}")
            rows.append(f"{label}: {_effects_text(band['effects'])}")
        lines.append(f"{head}, Power Roll: " + "; ".join(rows) + ".")
    return lines
