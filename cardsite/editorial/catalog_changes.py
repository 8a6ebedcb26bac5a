"""Import with preview: what a file would change, then the change, in one transaction.

``catalog_file_plan`` reads an upload (a format-1 JSON catalog, or a CSV/XLSX
sheet of one game's entries), validates the whole of it and, when it is valid,
lists what would change object by object and field by field; it writes
nothing. ``catalog_file_apply`` re-plans the same file against the database as
it is now, refuses if that is no longer what the editor saw, and otherwise
writes it through cardsite.catalog_files.catalog_import (one transaction), every history
record saying "Import of <file> by <user>". The admin page and
``manage.py import_catalog`` both use these two services.

Just over 400 lines and kept whole: the preview and the apply must compare the
same way (a split would put the two halves of one comparison apart).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.text import slugify

from cardsite.catalog import games
from cardsite.catalog.history import recorded_as
from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import (
    READ_ONLY_ENTRY_FIELDS,
    CatalogFormatError,
    validate_catalog,
)
from cardsite.catalog_files.catalog_import import ImportReport, catalog_import
from cardsite.editorial.catalog_sheets import (
    COLUMNS,
    SheetError,
    SheetRow,
    read_sheet,
    row_to_entry,
)
from cardsite.editorial.entries_write import entries_write
from cardsite.models import Entry, Game
from rulesref.models import Rule

ENTRY_DEFAULTS = {
    "slug": "", "name": "", "kind": "card", "component": None, "type": None, "glyph": None,
    "symbol": None, **{name: None for name in games.NUMERIC_ATTRIBUTES}, "keywords": [],
    "text": None, "flavor": None, "aliases": [], "bands": [], "source": "", "notes": "",
}
# What identifies an object in each list of a game, and what names it in a preview.
SECTIONS = {
    "components": ("slug", "name", "Component"),
    "entries": ("slug", "name", "Entry"),
    "rules": ("number", "title", "Rule"),
    "glossary": ("slug", "term", "Glossary term"),
    "rulings": ("slug", "question", "Ruling"),
}
PATH_RE = re.compile(r"^\$\.games\[(\d+)\]\.entries\[(\d+)\](?:\.([a-z_]+))?[^:]*: (.*)$", re.S)


@dataclass
class Problem:
    message: str
    row: int | None = None  # the spreadsheet's row number
    column: str | None = None

    def __str__(self):
        where = ", ".join(p for p in (
            f"row {self.row}" if self.row else "", f"column {self.column}" if self.column else "",
        ) if p)
        return f"{where}: {self.message}" if where else self.message


@dataclass
class Change:
    action: str  # "added", "changed", "removed"
    what: str  # "Entry", "Rule", ...
    game: str
    key: str
    label: str
    fields: list[tuple[str, object, object]] = field(default_factory=list)  # (name, old, new)


@dataclass
class CatalogFilePlan:
    filename: str
    kind: str  # "json" or "sheet"
    games: list[str]
    prune: bool
    document: dict | None = None
    problems: list[Problem] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    rows: int = 0
    sheet_rows: list[SheetRow] | None = None

    @property
    def valid(self) -> bool:
        return not self.problems

    def counts(self) -> dict[str, int]:
        out = {"added": 0, "changed": 0, "removed": 0}
        for change in self.changes:
            out[change.action] += 1
        return out

    @property
    def digest(self) -> str:
        """Identifies the exact change shown, so a confirm applies that and nothing else."""
        payload = [(c.action, c.what, c.game, c.key, [(n, o, v) for n, o, v in c.fields])
                   for c in self.changes]
        text = json.dumps([self.filename, self.prune, payload], sort_keys=True, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


    def fingerprints(self) -> dict[str, str]:
        """Each object the plan changes -> a hash of its change (what the preview shows
        of it): the confirmation compares objects one by one, not the whole plan."""
        return {_object_key(c): _change_hash(c) for c in self.changes}


def _object_key(change: Change) -> str:
    return f"{change.what}:{change.game}:{change.key}"


def _change_hash(change: Change) -> str:
    text = json.dumps([change.action, [(n, o, v) for n, o, v in change.fields]],
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class StalePlan(Exception):
    """Objects the file changes were changed by someone else since the preview;
    ``conflicts`` names them, ``plan`` is the new one to show."""

    def __init__(self, plan: CatalogFilePlan, conflicts: list[Change] | None = None):
        self.plan = plan
        self.conflicts = conflicts or []
        names = ", ".join(f"{c.what.lower()} {c.game} {c.key}" for c in self.conflicts[:10])
        more = len(self.conflicts) - 10
        super().__init__(
            f"Changed by someone else since the preview: {names}" + (f" and {more} more" if more > 0
                                                                      else "") + "."
            if self.conflicts else "The catalog changed since the preview.")


def catalog_file_plan(*, content: bytes, filename: str, game: str | None = None,
                      prune: bool = False, rows: list[SheetRow] | None = None) -> CatalogFilePlan:
    """Validate an upload whole and list what it would change. Writes nothing.

    ``rows``: the sheet already read (a confirmation re-plans without parsing
    the spreadsheet again); ``plan.sheet_rows`` holds them for that.
    """
    if filename.lower().endswith(".json"):
        plan = CatalogFilePlan(filename, "json", [], prune)
        plan.document = _json_document(content, filename, plan)
        if plan.document is None:
            return plan
        plan.games = [g.get("slug") for g in plan.document.get("games") or [] if isinstance(g, dict)]
        row_of = {}
    else:
        plan = CatalogFilePlan(filename, "sheet", [game] if game else [], prune)
        if rows is None:
            try:
                _header, rows = read_sheet(content, filename)
            except SheetError as exc:
                plan.problems.append(Problem(str(exc)))
                return plan
        plan.sheet_rows = rows
        plan.rows = len(rows)
        if game not in games.GAME_SLUGS:
            plan.problems.append(Problem("Choose the game the sheet's entries belong to."))
            return plan
        if not Game.objects.filter(slug=game).exists():
            plan.problems.append(Problem(f"{game} is not in the catalog yet: import its JSON "
                                         "catalog file first, then its entries as a sheet."))
            return plan
        plan.document, row_of = _sheet_document(game, rows, prune, plan)
    _validate(plan, row_of)
    if plan.valid:
        plan.changes = _changes(plan.document, prune=prune)
    return plan


def catalog_file_apply(*, content: bytes, filename: str, user=None, game: str | None = None,
                       prune: bool = False, digest: str | None = None,
                       preview: dict[str, str] | None = None,
                       rows: list[SheetRow] | None = None,
                       progress=None) -> tuple[CatalogFilePlan, ImportReport]:
    """Re-plan the file and write it in one transaction, history saying who imported what.

    ``preview`` is the preview's ``fingerprints()``: staleness is per object. An
    object the file changes differently now than the preview showed (someone
    edited it meanwhile) is a conflict: nothing is written and StalePlan names
    it. An object the preview showed unchanged that the file would change now
    (someone edited or deleted it since; the file has it as it was) is left as
    it is. So a file that adds entries applies while others edit other ones.
    ``digest`` (the whole preview's hash) is the older, all-or-nothing check.
    ``progress(done, total, message)``, if given, is told how far the write is.
    """
    progress = progress or (lambda done, total, message: None)
    progress(0, None, "checking the file against the catalog")
    with transaction.atomic():  # SQLite: plan and write under one write lock
        plan = catalog_file_plan(content=content, filename=filename, game=game, prune=prune,
                                 rows=rows)
        if not plan.valid:
            raise CatalogFormatError([str(p) for p in plan.problems])
        if preview is not None:
            now = plan.fingerprints()
            conflicts = [c for c in plan.changes if _object_key(c) in preview
                         and preview[_object_key(c)] != now[_object_key(c)]]
            if conflicts:
                raise StalePlan(plan, conflicts)
            _leave_unseen(plan, [c for c in plan.changes if _object_key(c) not in preview])
        elif digest is not None and plan.digest != digest:
            raise StalePlan(plan)
        who = getattr(user, "get_username", lambda: "the command line")() if user else \
            "the command line"
        reason = f"Import of {filename} by {who}"
        if plan.kind == "sheet":
            return plan, entries_write(plan, user=user, reason=reason, progress=progress)
        total = len(plan.changes)
        progress(0, total, f"writing {total} changes")
        with recorded_as(reason, user):
            report = catalog_import(data=plan.document, prune=prune)
        progress(total, total, "written")
        return plan, report


def _leave_unseen(plan: CatalogFilePlan, unseen: list[Change]) -> None:
    """Drop the changes the preview did not show: the plan's list (what a sheet's
    write and the report use) and, for a JSON file, the document the importer
    writes, where such an object is put back as the catalog has it now (or left
    out, when it was deleted meanwhile)."""
    if not unseen:
        return
    keys = {_object_key(c) for c in unseen}
    plan.changes = [c for c in plan.changes if _object_key(c) not in keys]
    if plan.kind != "json":
        return
    current = {g["slug"]: g for g in catalog_export(game_slugs=plan.games)["games"]}
    for game in plan.document["games"]:
        slug, old = game["slug"], current.get(game["slug"])
        if f"Game:{slug}:{slug}" in keys and old is not None:
            game.update({k: v for k, v in old.items() if k not in SECTIONS})
        for section, (ident, _label, what) in SECTIONS.items():
            now = {item[ident]: item for item in (old or {}).get(section, [])}
            items = []
            for item in game[section]:
                if f"{what}:{slug}:{item[ident]}" not in keys:
                    items.append(item)
                elif item[ident] in now:
                    items.append(now[item[ident]])
            listed = {item[ident] for item in items}
            items += [item for key, item in now.items()  # pruning what appeared meanwhile
                      if f"{what}:{slug}:{key}" in keys and key not in listed]
            game[section] = items


# --- reading -------------------------------------------------------------------

def _json_document(content: bytes, filename: str, plan: CatalogFilePlan):
    try:
        return json.loads(content.decode("utf-8"))
    except UnicodeDecodeError as exc:
        plan.problems.append(Problem(f"{filename}: not UTF-8 text (byte {exc.start})."))
    except json.JSONDecodeError as exc:
        plan.problems.append(Problem(f"{filename}: not valid JSON (line {exc.lineno}, column "
                                     f"{exc.colno}: {exc.msg})."))
    except RecursionError:
        plan.problems.append(Problem(f"{filename}: its JSON is nested too deeply to be a catalog."))
    return None


def _sheet_document(game: str, rows, prune: bool, plan: CatalogFilePlan) -> tuple[dict, dict]:
    """The game's current catalog with the sheet's rows merged in by slug (or, with
    ``prune``, in place of its entries), and entry index -> sheet row."""
    document = catalog_export(game_slugs=[game])
    document.pop("checksum", None)
    current = document["games"][0]["entries"]
    by_slug = {e["slug"]: e for e in current}
    seen: dict[str, int] = {}
    merged: list[dict] = [] if prune else list(current)
    index_of = {e["slug"]: i for i, e in enumerate(merged)}
    row_of: dict[int, int] = {}
    for row in rows:
        values, cell_errors = row_to_entry(row)
        for column, message in cell_errors.items():
            plan.problems.append(Problem(message, row.number, column))
        slug = values.get("slug") or slugify(values.get("name") or "")
        if not slug:
            plan.problems.append(Problem("a row needs a name (or a slug)", row.number, "name"))
            continue
        if slug in seen:
            plan.problems.append(Problem(f"slug {slug!r} is also on row {seen[slug]}", row.number,
                                         "slug"))
            continue
        seen[slug] = row.number
        entry = {**(by_slug.get(slug) or ENTRY_DEFAULTS), **values, "slug": slug}
        if slug in index_of:
            merged[index_of[slug]] = entry
        else:
            index_of[slug] = len(merged)
            merged.append(entry)
        row_of[index_of[slug]] = row.number
    document["games"][0]["entries"] = merged
    return document, row_of


def _validate(plan: CatalogFilePlan, row_of: dict[int, int]) -> None:
    known_entries = set(Entry.objects.values_list("game__slug", "slug"))
    known_rules = set(Rule.objects.values_list("game__slug", "number"))
    messages = validate_catalog(plan.document, known_entries=known_entries, known_rules=known_rules)
    if not messages and isinstance(plan.document, dict):
        messages = _applicability_problems(plan.document)
    for message in messages:
        match = PATH_RE.match(message)
        if plan.kind == "sheet" and match:
            index, column, text = int(match.group(2)), match.group(3), match.group(4)
            row = row_of.get(index)
            if column not in COLUMNS:
                column = None
            plan.problems.append(Problem(text, row, column) if row else Problem(message))
        else:
            plan.problems.append(Problem(message))
    plan.problems.sort(key=lambda p: (p.row is None, p.row or 0, COLUMNS.index(p.column)
                                      if p.column in COLUMNS else -1))


def _applicability_problems(document: dict) -> list[str]:
    """A value in a field the entry's type does not have, or a type the game does not
    list: the format alone cannot tell (see cardsite.catalog.games)."""
    problems = []
    for g_index, game in enumerate(document["games"]):
        slug = game["slug"]
        listed = games.type_choices(slug)
        for e_index, entry in enumerate(game["entries"]):
            path = f"$.games[{g_index}].entries[{e_index}]"
            if entry["type"] is not None and listed and entry["type"] not in listed:
                problems.append(f"{path}.type: {entry['type']!r} is not a type of {slug} "
                                f"(types: {', '.join(listed)})")
                continue
            for name in games.not_applicable(slug, entry["type"], entry["kind"]):
                if entry.get(name) is not None:
                    kind = entry["type"] or entry["kind"]
                    problems.append(f"{path}.{name}: does not apply to a {kind} in {slug}; "
                                    "leave it empty")
            glyphs = games.GAME_GLYPHS.get(slug, ())
            if entry.get("glyph") is not None and glyphs and entry["glyph"] not in glyphs:
                problems.append(f"{path}.glyph: not a glyph of {slug} ({', '.join(glyphs)})")
    return problems


# --- what would change ------------------------------------------------------------

def _changes(document: dict, *, prune: bool) -> list[Change]:
    slugs = [g["slug"] for g in document["games"]]
    current = {g["slug"]: g for g in catalog_export(game_slugs=slugs)["games"]}
    changes: list[Change] = []
    for new_game in document["games"]:
        slug = new_game["slug"]
        old_game = current.get(slug)
        if old_game is None:
            changes.append(Change("added", "Game", slug, slug, new_game["name"]))
            old_game = {key: [] for key in SECTIONS}
        else:
            fields = [(k, old_game[k], v) for k, v in new_game.items()
                      if k not in SECTIONS and old_game.get(k) != v]
            if fields:
                changes.append(Change("changed", "Game", slug, slug, new_game["name"], fields))
        for section, (ident, label, what) in SECTIONS.items():
            old_items = {item[ident]: item for item in old_game[section]}
            new_keys = set()
            for item in new_game[section]:
                key = item[ident]
                new_keys.add(key)
                old = old_items.get(key)
                name = str(item.get(label) or key)[:80]
                if old is None:
                    changes.append(Change("added", what, slug, key, name,
                                          [(k, None, v) for k, v in item.items()
                                           if k != ident and k not in READ_ONLY_ENTRY_FIELDS]))
                    continue
                fields = [(k, old.get(k), v) for k, v in item.items()
                          if old.get(k) != v and k not in READ_ONLY_ENTRY_FIELDS]
                if fields:
                    changes.append(Change("changed", what, slug, key, name, fields))
            if prune:
                for key, old in old_items.items():
                    if key not in new_keys:
                        changes.append(Change("removed", what, slug, key,
                                              str(old.get(label) or key)[:80]))
    return changes


def describe_change(change: Change) -> str:
    """One change as a line of text (the command line's dry run)."""
    head = f"{change.action} {change.what.lower()} {change.game} {change.key}"
    if change.action != "changed":
        return head
    return head + ": " + "; ".join(f"{name}: {_plain(old)} → {_plain(new)}"
                                  for name, old, new in change.fields)


def _plain(value) -> str:
    return "unknown" if value is None else json.dumps(value, ensure_ascii=False) \
        if not isinstance(value, (int, str)) else str(value)
