"""The versioned catalog file format (fixtures/FORMAT.md): validation, no Django.

``validate_catalog(data)`` checks a whole file before anything is written and
returns every problem with the path of the bad field, so a broken import file
is reported in full and changes nothing.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from cardsite.catalog import games, validation
from rulesref import numbering

FORMAT_NAME = "grimoire-catalog"
FORMAT_VERSION = 1
SLUG_RE = validation.SLUG_RE
ENTRY_NUMBERS = games.NUMERIC_ATTRIBUTES


class CatalogFormatError(ValueError):
    """The file is not a valid catalog; ``problems`` lists every bad field."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s) in the catalog file:\n" + "\n".join(problems))


# The field rules are shared with the models and the API (cardsite.catalog.validation);
# None marks a nested list checked on its own below.
_nonempty = validation.nonempty()
_show = validation.show
GAME_FIELDS = {**validation.GAME, "components": None, "entries": None, "rules": None,
               "glossary": None, "rulings": None}
COMPONENT_FIELDS = {**validation.COMPONENT, "breakdown": None}
# image_status and image_uris are written by the export and ignored on import.
READ_ONLY_ENTRY_FIELDS = ("image_status", "image_uris")
ENTRY_FIELDS = {**validation.ENTRY, "bands": None, **dict.fromkeys(READ_ONLY_ENTRY_FIELDS)}
# abilities: an entry without it is not scripted
OPTIONAL_FIELDS = {"abilities", *READ_ONLY_ENTRY_FIELDS}
BAND_FIELDS = validation.BAND
RULE_FIELDS = validation.RULE
TERM_FIELDS = validation.TERM
RULING_FIELDS = {**validation.RULING, "readings": None}


class _Checker:
    def __init__(self, known_entries: set[tuple[str, str]], known_rules: set[tuple[str, str]]):
        self.problems: list[str] = []
        self.known_entries = set(known_entries)
        self.known_rules = set(known_rules)

    def add(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def fields(self, obj, spec: dict, path: str) -> bool:
        """Check keys and simple field types; False if ``obj`` is not an object."""
        if not isinstance(obj, dict):
            self.add(path, f"expected an object, got {_show(obj)}")
            return False
        for key in obj:
            if key not in spec:
                self.add(f"{path}.{key}", f"unknown field (expected: {', '.join(spec)})")
        for key, check in spec.items():
            if key not in obj:
                if key not in OPTIONAL_FIELDS:
                    self.add(f"{path}.{key}", "missing field")
            elif check is not None and (message := check(obj[key])):
                self.add(f"{path}.{key}", message)
        return True

    def objects(self, obj: dict, key: str, spec: dict, path: str, ident: str = "slug"):
        """Yield (path, item) for the valid objects of list ``obj[key]``; flag duplicates."""
        items = obj.get(key)
        if key in obj and not isinstance(items, list):
            self.add(f"{path}.{key}", f"expected a list, got {_show(items)}")
            return
        seen = set()
        for index, item in enumerate(items or []):
            item_path = f"{path}.{key}[{index}]"
            if not self.fields(item, spec, item_path):
                continue
            value = item.get(ident)
            if isinstance(value, str):
                if value in seen:
                    self.add(f"{item_path}.{ident}", f"duplicate {ident} {value!r}")
                seen.add(value)
            yield item_path, item


def _split_ref(ref: str, game: str, sep: str) -> tuple[str, str]:
    if sep in ref:
        other, _, rest = ref.partition(sep)
        if other in games.GAME_SLUGS:
            return other, rest
    return game, ref


def validate_catalog(
    data,
    *,
    known_entries: Iterable[tuple[str, str]] = (),
    known_rules: Iterable[tuple[str, str]] = (),
) -> list[str]:
    """Every problem in ``data`` as "path: message"; an empty list means valid.

    ``known_entries``/``known_rules`` are (game, slug/number) pairs already in
    the database, so a file may refer to a game it does not contain.
    """
    c = _Checker(set(known_entries), set(known_rules))
    if not isinstance(data, dict):
        return [f"$: expected an object with format, version and games, got {_show(data)}"]
    for key in data:
        if key not in {"format", "version", "games", "generated", "checksum"}:
            c.add(f"$.{key}", "unknown field (expected: format, version, games)")
    if data.get("format") != FORMAT_NAME:
        c.add("$.format", f"expected {FORMAT_NAME!r}, got {_show(data.get('format'))}")
    if data.get("version") != FORMAT_VERSION:
        c.add("$.version", f"unsupported version {_show(data.get('version'))} (this is {FORMAT_VERSION})")
    if not isinstance(data.get("games"), list):
        c.add("$.games", "expected a list of games")
        return c.problems

    valid_games = []
    seen_games = set()
    for index, game in enumerate(data["games"]):
        path = f"$.games[{index}]"
        if not c.fields(game, GAME_FIELDS, path):
            continue
        slug = game.get("slug")
        if slug not in games.GAME_SLUGS:
            c.add(f"{path}.slug", f"unknown game {_show(slug)} (known: {', '.join(games.GAME_SLUGS)})")
            continue
        if slug in seen_games:
            c.add(f"{path}.slug", f"duplicate game {slug!r}")
            continue
        seen_games.add(slug)
        valid_games.append((path, game))
        for _, entry in c.objects(game, "entries", ENTRY_FIELDS, path):
            c.known_entries.add((slug, entry["slug"]))
        for _, rule in c.objects(game, "rules", RULE_FIELDS, path, ident="number"):
            c.known_rules.add((slug, rule["number"]))
    # Objects were checked above while collecting names; clear their duplicate
    # reports so the second, reference-checking pass does not repeat them.
    field_problems = list(c.problems)
    c.problems = []
    for path, game in valid_games:
        _check_game_refs(c, path, game)
    return field_problems + [p for p in c.problems if p not in field_problems]


def _check_game_refs(c: _Checker, path: str, game: dict) -> None:
    slug = game["slug"]
    sections = set(game["sections"]) if isinstance(game.get("sections"), list) else set()

    def check_source(item_path: str, value, *, required: bool) -> None:
        if message := validation.source_problem(value, sections, required=required):
            c.add(f"{item_path}.source", message)

    components = set()
    for item_path, comp in c.objects(game, "components", COMPONENT_FIELDS, path):
        components.add(comp["slug"])
        check_source(item_path, comp.get("source"), required=False)
        parts = comp.get("breakdown")
        if not isinstance(parts, list):
            c.add(f"{item_path}.breakdown", "expected a list of {label, count}")
            continue
        total = 0
        for p_index, part in enumerate(parts):
            part_path = f"{item_path}.breakdown[{p_index}]"
            if c.fields(part, validation.BREAKDOWN_PART, part_path):
                total += part.get("count") or 0
        if parts and isinstance(comp.get("count"), int) and total != comp["count"]:
            c.add(f"{item_path}.breakdown", f"the parts add up to {total}, not to count {comp['count']}")

    for item_path, entry in c.objects(game, "entries", ENTRY_FIELDS, path):
        check_source(item_path, entry.get("source"), required=False)
        if isinstance(entry.get("component"), str) and entry["component"] not in components:
            c.add(f"{item_path}.component", f"no component {entry['component']!r} in this game")
        body, mind = entry.get("body"), entry.get("mind")
        if isinstance(body, int) and isinstance(mind, int) and body + mind > 5:
            c.add(f"{item_path}.mind", f"body {body} + mind {mind} exceeds the five possession spots")
        bands = entry.get("bands")
        if not isinstance(bands, list):
            c.add(f"{item_path}.bands", "expected a list of bands")
            continue
        checked = [band for b_index, band in enumerate(bands)
                   if c.fields(band, BAND_FIELDS, f"{item_path}.bands[{b_index}]")]
        if len(checked) == len(bands):
            ends = [(b.get("low"), b.get("high")) for b in bands]
            for b_index, key, message in validation.band_problems(ends):
                c.add(f"{item_path}.bands[{b_index}].{key}", message)

    numbers = set()
    for item_path, rule in c.objects(game, "rules", RULE_FIELDS, path, ident="number"):
        number = rule.get("number")
        if not isinstance(number, str) or not numbering.is_rule_number(number):
            c.add(f"{item_path}.number", f'expected a rule number like "7" or "7.3", got {_show(number)}')
            continue
        numbers.add(number)
        check_source(item_path, rule.get("source"), required=True)
    for item_path, rule in c.objects(game, "rules", RULE_FIELDS, path, ident="number"):
        parent = numbering.parent_number(rule["number"]) if rule["number"] in numbers else None
        if parent and parent not in numbers:
            c.add(f"{item_path}.number", f"rule {rule['number']} has no parent rule {parent}")

    def check_refs(item_path: str, key: str, refs, known: set, sep: str, what: str) -> None:
        if not isinstance(refs, list):
            return
        for r_index, ref in enumerate(refs):
            if isinstance(ref, str) and _split_ref(ref, slug, sep) not in known:
                c.add(f"{item_path}.{key}[{r_index}]", f"no {what} {ref!r}")

    for item_path, term in c.objects(game, "glossary", TERM_FIELDS, path):
        check_refs(item_path, "rules", term.get("rules"), c.known_rules, " ", "rule")

    for item_path, ruling in c.objects(game, "rulings", RULING_FIELDS, path):
        check_source(item_path, ruling.get("source"), required=True)
        check_refs(item_path, "entries", ruling.get("entries"), c.known_entries, "/", "entry")
        check_refs(item_path, "rules", ruling.get("rules"), c.known_rules, " ", "rule")
        readings = ruling.get("readings")
        for r_index, key, message in validation.readings_problems(readings, sections):
            where = f"{item_path}.readings" + ("" if r_index is None else f"[{r_index}]")
            c.add(where + (f".{key}" if key else ""), message)
        if isinstance(readings, list):
            if ruling.get("kind") in ("conflict", "open-question"):
                if not readings:
                    c.add(f"{item_path}.readings", f"a {ruling['kind']} ruling lists its readings")
                if not (ruling.get("engine_reading") or "").strip():
                    c.add(f"{item_path}.engine_reading", f"a {ruling['kind']} ruling says which reading the engine follows")


def catalog_checksum(games_data: list) -> str:
    canonical = json.dumps(games_data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
