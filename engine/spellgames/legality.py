"""Building a spell: legality with reasons, component count, initiative, name.

A spell is judged as placed face down: Rally cards (anarchy) sit beside it
without counting; Wild Magic stands in the slot its ``slot`` field names.
``spell_check`` is the read-only preflight the checker and the sandbox share.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import EngineError, Explanation, Problem, require_int
from .games import (
    COMPONENT_TYPES,
    MAX_COMPONENTS,
    SLOTS,
    cite,
    require_game,
    require_glyph,
    require_list,
)

MAX_INITIATIVE = 99
MAX_PLACED_CARDS = 8 + 10  # a full hand; generous bound against absurd input
# Stand-ins when the nameplate has a gap (rumble: Reveal Your Spell).
SOURCE_STAND_IN = "Your Wizard"
DELIVERY_STAND_IN = "Cantrip"


@dataclass(frozen=True)
class Component:
    """One card placed in a spell (a card definition reference, not an instance)."""

    type: str
    card: str | None = None
    name: str | None = None
    glyph: str | None = None
    initiative: int | None = None
    slot: str | None = None  # the nameplate slot it fills; set for every non-Rally card

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.card:
            return f"[{self.card}]"
        kind = "Wild Magic" if self.type == "wild-magic" else self.type.title()
        return f"[{self.glyph.title()} {kind}]" if self.glyph else f"[{kind}]"

    def to_dict(self) -> dict:
        data = {"type": self.type}
        for key in ("card", "name", "glyph", "initiative", "slot"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


def parse_component(raw, *, field: str) -> Component:
    """Validate one component dict; raises EngineError naming the field at fault."""
    if not isinstance(raw, dict):
        raise EngineError(f"{field} must be an object", field=field, code="type")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind.strip().lower() not in COMPONENT_TYPES:
        raise EngineError(
            f"{field}.type must be one of {', '.join(COMPONENT_TYPES)} (got {kind!r})",
            field=f"{field}.type", code="unknown-type")
    kind = kind.strip().lower()
    text = {}
    for key in ("card", "name"):
        value = raw.get(key)
        if value is not None and not isinstance(value, str):
            raise EngineError(f"{field}.{key} must be text", field=f"{field}.{key}", code="type")
        text[key] = (value.strip() or None) if value is not None else None
    initiative = raw.get("initiative")
    if initiative is not None:
        initiative = require_int(initiative, field=f"{field}.initiative", low=0,
                                 high=MAX_INITIATIVE)
    slot = raw.get("slot")
    if slot is not None:
        if not isinstance(slot, str) or slot.strip().lower() not in SLOTS:
            raise EngineError(f"{field}.slot must be one of {', '.join(SLOTS)} (got {slot!r})",
                              field=f"{field}.slot", code="unknown-slot")
        slot = slot.strip().lower()
        if kind not in ("wild-magic", slot):
            raise EngineError(f"{field}.slot: only Wild Magic takes another type's slot "
                              f"(a {kind} sits in the {kind} slot)",
                              field=f"{field}.slot", code="slot-mismatch")
    elif kind in SLOTS:
        slot = kind
    return Component(type=kind, card=text["card"], name=text["name"],
                     glyph=require_glyph(raw.get("glyph"), field=f"{field}.glyph"),
                     initiative=initiative, slot=slot)


def parse_components(raw, *, field: str = "components") -> list[Component]:
    items = require_list(raw, field=field, high=MAX_PLACED_CARDS)
    return [parse_component(item, field=f"{field}[{i}]") for i, item in enumerate(items)]


def place_wild_magic(components: list[Component]) -> tuple[list[Component], list[str]]:
    """Give each Wild Magic without a ``slot`` the first free slot in nameplate order.

    Returns the components and a note per assumed slot. Wild Magic can fill any
    slot, so the choice only shows in the name: passing ``slot`` overrides it.
    """
    taken = {c.slot for c in components if c.slot}
    placed, notes = [], []
    for comp in components:
        if comp.type == "wild-magic" and comp.slot is None:
            free = [s for s in SLOTS if s not in taken]
            if free:
                comp = replace(comp, slot=free[0])
                taken.add(free[0])
                notes.append(f"Wild Magic without a slot: assumed the {free[0].title()} slot "
                             "(the first free one in nameplate order); pass slot to choose")
        placed.append(comp)
    return placed, notes


def spell_cards(components: list[Component]) -> list[Component]:
    """The cards that count as spell components (Rally cards never do)."""
    return [c for c in components if c.type != "rally"]


def by_slot(components: list[Component]) -> dict[str, list[Component]]:
    slots: dict[str, list[Component]] = {s: [] for s in SLOTS}
    for comp in spell_cards(components):
        if comp.slot:
            slots[comp.slot].append(comp)
    return slots


def spell_initiative(components: list[Component]) -> int | None:
    """The Delivery slot's initiative: 0 with no Delivery or Wild Magic there.

    With two cards in the slot (an illegal spell) the higher is taken; None when
    the Delivery's initiative was not given.
    """
    values = []
    for comp in by_slot(components)["delivery"]:
        if comp.type == "wild-magic":
            values.append(0)
        elif comp.initiative is None:
            return None
        else:
            values.append(comp.initiative)
    return max(values, default=0)


def spell_name(components: list[Component], wizard: str | None = None) -> tuple[str, list[dict]]:
    """The name read aloud: Source, Quality, Delivery, with stand-ins for gaps.

    Only the first card of a slot is read (an illegal spell loses the rest).
    """
    slots = by_slot(components)
    parts = []
    for slot in SLOTS:
        cards = slots[slot]
        if cards and cards[0].type == "wild-magic":
            parts.append({"slot": slot, "text": f"[{slot.title()} from Wild Magic]",
                          "from": "wild-magic"})
        elif cards:
            parts.append({"slot": slot, "text": cards[0].label, "from": "card"})
        elif slot == "source":
            parts.append({"slot": slot, "text": f"{wizard or SOURCE_STAND_IN}'s",
                          "from": "stand-in"})
        elif slot == "delivery":
            parts.append({"slot": slot, "text": DELIVERY_STAND_IN, "from": "stand-in"})
        else:  # a missing Quality may simply be left out
            parts.append({"slot": slot, "text": "", "from": "stand-in"})
    return " ".join(p["text"] for p in parts if p["text"]), parts


def legality_problems(game: str, components: list[Component]) -> list[Problem]:
    """Every reason the placed spell is illegal; empty when it is legal."""
    problems: list[Problem] = []
    rallies = [c for c in components if c.type == "rally"]
    if rallies and game == "rumble":
        problems.append(Problem(
            "rally-not-in-game",
            f"{len(rallies)} Rally card(s): Rumble at Castle Tentakill has no Rally cards",
            cite(game, "components")))
    cards = spell_cards(components)
    if not cards:
        problems.append(Problem(
            "empty-spell", "a spell needs at least one component (Source, Quality or Delivery)",
            cite(game, "spell.legal-spells")))
    if len(cards) > MAX_COMPONENTS:
        extra = len(cards) - MAX_COMPONENTS
        problems.append(Problem(
            "too-many-components",
            f"{len(cards)} components: at most {MAX_COMPONENTS}; return {extra} to your hand "
            "before announcing the spell's size",
            cite(game, "spell.max-components")))
    for slot, filled in by_slot(components).items():
        if len(filled) > 1:
            names = ", ".join(c.label for c in filled)
            problems.append(Problem(
                f"duplicate-{slot}",
                f"{len(filled)} cards in the {slot.title()} slot ({names}): at most one; "
                f"on reveal, remove {len(filled) - 1} to the discard pile",
                cite(game, "spell.one-per-type")))
    return problems


def spell_check(game, components, wizard: str | None = None) -> dict:
    """POST spells/check: is the placed spell legal, and what are its count, initiative, name."""
    game = require_game(game)
    parsed, wild_notes = place_wild_magic(parse_components(components))
    why = Explanation()
    problems = legality_problems(game, parsed)
    cards = spell_cards(parsed)
    rallies = len(parsed) - len(cards)

    if game == "anarchy" and rallies:
        why.add(cite(game, "rally.not-counted"),
                f"{rallies} Rally card(s) go with the spell but are not components")
    why.add(cite(game, "spell.max-components"),
            f"{len(cards)} component(s); a spell holds at most {MAX_COMPONENTS}")
    why.add(cite(game, "spell.one-per-type"),
            "at most one Source, one Quality and one Delivery; Wild Magic takes any one slot")
    for note in wild_notes:
        why.add(cite(game, "wild-magic"), note)
    for problem in problems:
        why.add(problem.rule, problem.message)

    initiative = spell_initiative(parsed)
    delivery = by_slot(parsed)["delivery"]
    if not delivery:
        init_text = "no Delivery: initiative 0"
    elif delivery[0].type == "wild-magic" and len(delivery) == 1:
        init_text = "Wild Magic in the Delivery slot: initiative 0"
    elif initiative is None:
        init_text = "the Delivery's initiative was not given: unknown"
    else:
        init_text = f"initiative {initiative} from the Delivery"
    why.add(cite(game, "turn-order.initiative"), init_text)

    name, parts = spell_name(parsed, wizard)
    stand_ins = [p["slot"] for p in parts if p["from"] == "stand-in"]
    name_text = f"read as “{name}” (Source, Quality, Delivery)"
    if stand_ins:
        name_text += "; stand-ins for the missing " + ", ".join(stand_ins)
        if game == "anarchy":
            name_text += " (Anarchy gives none: Rumble's stand-ins are used)"
    why.add(cite(game, "spell.name-order"), name_text)
    if any(p["from"] == "wild-magic" for p in parts):
        why.add(cite(game, "wild-magic"),
                "each Wild Magic is replaced on reveal by the first card of its slot's type "
                "from the Main Deck; the name is read after that")

    return {
        "legal": not problems,
        "errors": [p.as_dict() for p in problems],
        "component_count": len(cards),
        "initiative": initiative,
        "name": name,
        "explanation": why.as_list(),
        "name_parts": parts,
        "rally_cards": rallies,
        "components": [c.to_dict() for c in parsed],
    }
