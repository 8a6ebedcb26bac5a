"""The field rules of the catalog, one set for every way in (no Django here).

The importer (cardsite.catalog_files.catalog_format), the models' ``clean()`` (so the admin
forms and the API serializers, which call ``full_clean``) and the API's roll
band check all use these rules, so whatever one accepts the others accept:
an export of anything written through the API or the admin imports again.

Each check takes a value and returns a message, or None when the value is good.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from cardsite.catalog import games
from engine import abilities as ability_language
from engine.core import EngineError

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Longest text a field takes. Short fields are the database columns' lengths;
# long texts (ability text, rules, answers) are capped so that no field holds
# megabytes: the longest in the bundled catalog is under 600 characters.
LONG_TEXT = 10_000
NAME, SLUG, SOURCE = 200, 120, 200
LIST_ITEM, LIST_ITEMS = 200, 50
BAND_RANGE = (0, 99)  # a power roll's total (dice faces), as the engine reads bands
COUNT_RANGE = (0, 100_000)


def show(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _text_problem(value: str, limit: int) -> str | None:
    if "\x00" in value:
        return "must not contain NUL characters"
    if len(value) > limit:
        return f"is {len(value)} characters long, more than the {limit} allowed"
    return None


def text(limit: int = LONG_TEXT) -> Callable:
    def check(value):
        if not isinstance(value, str):
            return f"expected text, got {show(value)}"
        return _text_problem(value, limit)
    return check


def nonempty(limit: int = LONG_TEXT) -> Callable:
    def check(value):
        if not isinstance(value, str):
            return f"expected text, got {show(value)}"
        return _text_problem(value, limit) or (None if value.strip() else "must not be empty")
    return check


def opt_text(limit: int = LONG_TEXT) -> Callable:
    def check(value):
        if value is None:
            return None
        if not isinstance(value, str):
            return f"expected text or null, got {show(value)}"
        return _text_problem(value, limit)
    return check


def slug(limit: int = SLUG) -> Callable:
    def check(value):
        if not isinstance(value, str) or not SLUG_RE.match(value):
            return f"expected a slug (lowercase letters, digits and dashes), got {show(value)}"
        if len(value) > limit:
            return f"is {len(value)} characters long, more than the {limit} allowed"
        return None
    return check


def int_or_null(low: int, high: int) -> Callable:
    def check(value):
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number or null (unknown), got {show(value)}"
        if not low <= value <= high:
            return f"{value} is out of range {low}..{high}"
        return None
    return check


def choice(options: Iterable[str], nullable: bool = False) -> Callable:
    options = tuple(options)

    def check(value):
        if value is None and nullable:
            return None
        if value not in options:
            return (f"expected one of {', '.join(options)}{' or null' if nullable else ''}, "
                    f"got {show(value)}")
        return None
    return check


def texts(max_items: int = LIST_ITEMS, limit: int = LIST_ITEM) -> Callable:
    def check(value):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"expected a list of texts, got {show(value)}"
        if len(value) > max_items:
            return f"has {len(value)} items, more than the {max_items} allowed"
        for item in value:
            if problem := _text_problem(item, limit):
                return f"{show(item)} {problem}"
        return None
    return check


str_list = texts()


def abilities(value):
    """The ability language's own check (engine.abilities), the sandbox runs these."""
    try:
        ability_language.validate(value)
    except EngineError as exc:
        return f"not a valid ability list (fixtures/FORMAT.md, \"Abilities\"): {exc.message}"
    return None


def boolean(value):
    return None if isinstance(value, bool) else f"expected true or false, got {show(value)}"


# --- the rules of each kind of object (catalog format field names) ------------

GAME = {
    "slug": slug(), "name": nonempty(NAME), "short_name": nonempty(100),
    "family": choice(games.FAMILIES), "rulebook": nonempty(NAME), "summary": text(),
    "players": opt_text(50), "sections": texts(1000),
}
COMPONENT = {
    "slug": slug(100), "name": nonempty(NAME), "count": int_or_null(*COUNT_RANGE),
    "kind": choice(games.COMPONENT_KINDS), "group": text(100), "source": text(SOURCE),
    "notes": text(),
}
BREAKDOWN_PART = {"label": nonempty(NAME), "count": int_or_null(*COUNT_RANGE)}
ENTRY = {
    "slug": slug(), "name": nonempty(NAME), "kind": choice(games.ENTRY_KINDS),
    "component": opt_text(100), "type": opt_text(40),
    "glyph": choice(games.GLYPHS, nullable=True), "symbol": opt_text(40),
    **{name: int_or_null(*games.ATTRIBUTE_BOUNDS[name][:2])
       for name in games.NUMERIC_ATTRIBUTES},
    "keywords": str_list, "text": opt_text(), "flavor": opt_text(), "aliases": str_list,
    "abilities": abilities, "source": text(SOURCE), "notes": text(),
}
BAND = {"low": int_or_null(*BAND_RANGE), "high": int_or_null(*BAND_RANGE),
        "effect": nonempty(), "keep": boolean}
RULE = {"number": text(20), "title": text(NAME), "text": text(), "source": nonempty(SOURCE)}
TERM = {
    "slug": slug(100), "term": nonempty(NAME), "definition": nonempty(), "differs": text(),
    "aliases": str_list, "rules": str_list,
}
RULING = {
    "slug": slug(), "kind": choice(games.RULING_KINDS), "question": nonempty(),
    "answer": nonempty(), "source": nonempty(SOURCE), "entries": str_list, "rules": str_list,
    "engine_reading": text(),
}
READING = {"source": nonempty(SOURCE), "reading": nonempty()}


def field_errors(rules: dict, values: dict) -> dict[str, str]:
    """The rules' messages for the fields ``values`` has (field -> message)."""
    return {
        key: message for key, check in rules.items()
        if key in values and check is not None and (message := check(values[key]))
    }


# --- rules across fields ------------------------------------------------------

def band_problems(bands: list[tuple[int | None, int | None]]) -> list[tuple[int, str, str]]:
    """(index, field, message) for bands without a lower end, upside down, or
    overlapping an earlier band (``high`` None: "and up")."""
    problems, seen = [], []
    for index, (low, high) in enumerate(bands):
        if not isinstance(low, int):
            problems.append((index, "low", "a band needs its lower end"))
            continue
        if isinstance(high, int) and high < low:
            problems.append((index, "high", "the upper end is below the lower end"))
            continue
        top = high if isinstance(high, int) else BAND_RANGE[1]
        for other, (o_low, o_top) in seen:
            if low <= o_top and o_low <= top:
                problems.append((index, "low", f"overlaps band {other + 1} ({_label(o_low, o_top)})"))
                break
        seen.append((index, (low, top)))
    return problems


def _label(low: int, top: int) -> str:
    return f"{low}+" if top == BAND_RANGE[1] else (str(low) if low == top else f"{low}-{top}")


def source_problem(value, sections: Iterable[str], *, required: bool) -> str | None:
    """A ``source`` must be a section of the game's rulebook (when the game lists its
    sections), or "<other game>: <section>" citing another game's rulebook."""
    if not isinstance(value, str):
        return None  # the field's own rule says what is wrong
    if not value.strip():
        return "must cite a rulebook section" if required else None
    sections = set(sections or ())
    cited_game = value.split(": ", 1)[0]
    if sections and value not in sections and cited_game not in games.GAME_SLUGS:
        return f"{value!r} is not a section of this game's rulebook"
    return None


def readings_problems(readings, sections: Iterable[str]) -> list[tuple[int | None, str, str]]:
    """(index or None, field, message) for a ruling's readings."""
    if not isinstance(readings, list):
        return [(None, "", "expected a list of {source, reading}")]
    problems = []
    for index, reading in enumerate(readings):
        if not isinstance(reading, dict) or set(reading) != set(READING):
            problems.append((index, "", 'each reading is {"source": section, "reading": text}'))
            continue
        errors = field_errors(READING, reading)
        problems += [(index, key, message) for key, message in errors.items()]
        if "source" not in errors and (
            message := source_problem(reading["source"], sections, required=True)
        ):
            problems.append((index, "source", message))
    return problems
