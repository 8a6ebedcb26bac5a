"""Django adapter: spell components named by catalog ``card`` slug.

A checker request may name a component by its catalog card (``"card":
"tentakiller"``) instead of typing its type, glyph and initiative. This module
fills those from the catalog Entry before the pure engine sees the spell.
Values given in the request win over the catalog's (a stand-in can correct an
entry), and a value the catalog does not know stays unknown and is said to be
unknown, never turned into 0.
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from django.db import connection

from cardsite.models import Entry, Game
from cardsite.web.sql_names import column, table
from engine.core import EngineError
from engine.spellgames import spell_check, spell_order
from engine.spellgames.games import COMPONENT_TYPES, cite, require_game

FILLED = ("type", "name", "glyph", "initiative")


class CatalogCard(NamedTuple):
    """The columns a spell component takes from its catalog Entry."""

    slug: str
    type: str | None
    name: str
    glyph: str | None
    initiative: int | None


@cache
def _entries_sql(count: int) -> str:
    # Plain SQL: compiling the ORM query took longer than the spell check it
    # serves (one indexed lookup).
    columns = ", ".join(f"e.{column(Entry, name)}" for name in CatalogCard._fields)
    return (f"SELECT {columns} FROM {table(Entry)} e "
            f"JOIN {table(Game)} g ON g.{column(Game, 'id')} = e.{column(Entry, 'game')} "
            f"WHERE g.{column(Game, 'slug')} = %s "
            f"AND e.{column(Entry, 'slug')} IN ({', '.join(['%s'] * count)})")


def _catalog_entries(game: str, slugs: set[str]) -> dict[str, CatalogCard]:
    with connection.cursor() as cursor:
        cursor.execute(_entries_sql(len(slugs)), [game, *sorted(slugs)])
        return {row[0]: CatalogCard(*row) for row in cursor.fetchall()}


def _resolve_one(game: str, raw: dict, entry: CatalogCard, where: str) -> tuple[dict, list[dict]]:
    """The component with the catalog's values filled in, and the notes about it."""
    given_type = raw.get("type")
    if entry.type is None and given_type is None:
        raise EngineError(f"{where}.card: {entry.name}'s type is unknown in the catalog; "
                          "give type", field=f"{where}.type", code="unknown-type")
    if entry.type is not None and entry.type not in COMPONENT_TYPES:
        raise EngineError(f"{where}.card: {entry.name} is a {entry.type}, not a spell "
                          f"component ({', '.join(COMPONENT_TYPES)})",
                          field=f"{where}.card", code="not-a-component")
    if given_type is not None and entry.type is not None and given_type != entry.type:
        raise EngineError(f"{where}.type: {entry.name} is a {entry.type} in the catalog, "
                          f"not a {given_type}", field=f"{where}.type", code="type-mismatch")
    component = dict(raw)
    for key in FILLED:
        if component.get(key) is None:
            component[key] = getattr(entry, key)
    notes = [{"rule": cite(game, "components"),
              "text": f"{entry.name} from the catalog: {_describe(entry)}"}]
    if component["type"] == "delivery" and component.get("initiative") is None:
        notes.append({"rule": cite(game, "turn-order.initiative"),
                      "text": f"{entry.name}'s initiative is unknown in the catalog (the "
                              "rulebooks do not print it); give initiative to set it"})
    for key in ("glyph", "initiative"):
        given = raw.get(key)
        if given is not None and getattr(entry, key) is not None and given != getattr(entry, key):
            notes.append({"rule": cite(game, "components"),
                          "text": f"{entry.name}: {key} {given} given, the catalog says "
                                  f"{getattr(entry, key)}; the given value is used"})
    return component, notes


def _describe(entry: CatalogCard) -> str:
    values = [entry.type or "type unknown", entry.glyph or "glyph unknown"]
    if entry.type == "delivery":
        init = entry.initiative
        values.append("initiative unknown" if init is None else f"initiative {init}")
    return ", ".join(values)


def resolve_components(game, components, *, field: str = "components") -> tuple[list, list[dict]]:
    """Fill each component that names a ``card`` from the catalog.

    Returns the components (others untouched, so the engine still validates
    them) and explanation steps. An unknown card is an EngineError naming
    ``<field>[i].card``.
    """
    game = require_game(game)
    if not isinstance(components, list):
        return components, []  # the engine says what is wrong with it
    slugs = {c["card"] for c in components if isinstance(c, dict) and isinstance(c.get("card"), str)}
    entries = _catalog_entries(game, slugs) if slugs else {}
    resolved, notes = [], []
    for i, raw in enumerate(components):
        where = f"{field}[{i}]"
        card = raw.get("card") if isinstance(raw, dict) else None
        if card is None:
            resolved.append(raw)
            continue
        if not isinstance(card, str) or card not in entries:
            raise EngineError(f"{where}.card: no {game} card {card!r} in the catalog",
                              field=f"{where}.card", code="unknown-card")
        component, card_notes = _resolve_one(game, raw, entries[card], where)
        resolved.append(component)
        notes.extend(card_notes)
    return resolved, notes


def check_spell(*, game, components, wizard: str | None = None) -> dict:
    """spells/check with catalog cards: the engine's answer, catalog notes first."""
    resolved, notes = resolve_components(game, components)
    answer = spell_check(game, resolved, wizard)
    answer["explanation"] = notes + answer["explanation"]
    return answer


def order_spells(*, game, spells, rolls=None, seed=None) -> dict:
    """spells/order with catalog cards in each wizard's spell."""
    game = require_game(game)
    if not isinstance(spells, list):
        return spell_order(game, spells, rolls, seed)
    resolved, notes = [], []
    for i, spell in enumerate(spells):
        if not isinstance(spell, dict):
            resolved.append(spell)
            continue
        field = f"spells[{i}].components"
        components, spell_notes = resolve_components(game, spell.get("components"), field=field)
        _require_known_initiative(spell, components, field)
        resolved.append({**spell, "components": components})
        notes.extend(spell_notes)
    answer = spell_order(game, resolved, rolls, seed)
    answer["explanation"] = notes + answer["explanation"]
    return answer


def _require_known_initiative(spell: dict, components, field: str) -> None:
    """Turn order needs each Delivery's initiative: say so when the catalog lacks it."""
    for j, (raw, component) in enumerate(zip(spell.get("components") or [], components or [],
                                             strict=False)):
        if (isinstance(raw, dict) and raw.get("card") and component.get("type") == "delivery"
                and component.get("initiative") is None):
            raise EngineError(
                f"{field}[{j}].initiative: {component.get('name')}'s initiative is unknown in "
                "the catalog, and turn order needs it; give initiative",
                field=f"{field}[{j}].initiative", code="unknown-initiative")


def spell_component_cards(game: str | None = None):
    """Catalog entries that can be placed in a spell, for the pages' card pickers."""
    entries = Entry.objects.filter(game__slug__in=("rumble", "anarchy"),
                                   type__in=COMPONENT_TYPES).select_related("game")
    if game:
        entries = entries.filter(game__slug=game)
    return entries.order_by("game__position", "type", "name")
