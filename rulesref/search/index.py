"""Keeping the search index in step with the catalog and the rules reference.

Each searchable object has one SearchDocument: its text in four weighted
columns (name, tags, body, extra). ``sync_documents`` computes the wanted
documents of some (or all) objects of a kind with a handful of bulk queries
and writes only the differences, so a rebuild of an unchanged catalog writes
nothing. Saves and deletes call it through rulesref.search.signals; a bulk
import defers that (``deferred_indexing``) and rebuilds once at the end.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection, transaction

from cardsite.models import Entry, RollBand
from rulesref.search.models import SearchDocument, document_id

TEXT_COLUMNS = ("game_id", "name", "tags", "body", "extra")
BATCH = 500

_deferred: ContextVar[bool] = ContextVar("search_index_deferred", default=False)


def _join(*parts) -> str:
    return " ".join(str(p) for p in parts if p not in (None, ""))


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _only(queryset, field: str, ids):
    return queryset if ids is None else queryset.filter(**{f"{field}__in": list(ids)})


def _card_documents(ids) -> dict[int, dict]:
    from rulesref.models import Ruling

    bands = defaultdict(list)
    for entry_id, effect in _only(RollBand.objects, "entry_id", ids).order_by(
            "entry_id", "position", "low").values_list("entry_id", "effect"):
        bands[entry_id].append(effect)
    rulings = defaultdict(list)
    links = _only(Ruling.entries.through.objects, "entry_id", ids).order_by(
        "ruling__game__position", "ruling__position", "ruling_id")
    for entry_id, question, answer in links.values_list("entry_id", "ruling__question", "ruling__answer"):
        rulings[entry_id].append(_join(question, answer))
    documents = {}
    rows = _only(Entry.objects, "pk", ids).values_list(
        "pk", "game_id", "name", "kind", "type", "glyph", "symbol", "aliases", "keywords", "text")
    for pk, game_id, name, kind, type_, glyph, symbol, aliases, keywords, text in rows:
        documents[pk] = {
            "game_id": game_id, "name": name,
            "tags": _join(type_, glyph, symbol, kind, *_list(aliases), *_list(keywords)),
            "body": "\n".join(p for p in [text or "", *bands[pk]] if p),
            "extra": "\n".join(rulings[pk]),
        }
    return documents


def _ruling_documents(ids) -> dict[int, dict]:
    from rulesref.models import Ruling

    names = defaultdict(list)
    links = _only(Ruling.entries.through.objects, "ruling_id", ids).order_by("pk")
    for ruling_id, entry_name in links.values_list("ruling_id", "entry__name"):
        names[ruling_id].append(entry_name)
    documents = {}
    rows = _only(Ruling.objects, "pk", ids).values_list(
        "pk", "game_id", "kind", "question", "answer", "readings", "engine_reading")
    for pk, game_id, kind, question, answer, readings, engine_reading in rows:
        read = [r.get("reading", "") for r in _list(readings) if isinstance(r, dict)]
        documents[pk] = {
            "game_id": game_id, "name": question[:300],
            "tags": kind.replace("-", " "), "body": answer,
            "extra": "\n".join(p for p in [*read, engine_reading, *names[pk]] if p),
        }
    return documents


def _rule_documents(ids) -> dict[int, dict]:
    """A rule's tags carry the titles of the sections it sits in: "21.1" says
    what happens when you die without the word, its section "Death" does."""
    from rulesref.models import Rule

    rows = list(_only(Rule.objects, "pk", ids).values_list(
        "pk", "game_id", "number", "title", "text", "source", "parent_id"))
    sections = {pk: (parent_id, title) for pk, parent_id, title in Rule.objects.filter(
        game_id__in={row[1] for row in rows}).values_list("pk", "parent_id", "title")}

    def section_titles(parent_id):
        titles = []
        while parent_id in sections and len(titles) < 12:  # numbers nest a few deep
            parent_id, title = sections[parent_id]
            titles.append(title)
        return titles

    # Not the game's slug: every rule of Satanic Panic would match "satan" (and of
    # Demoniac "demoniac"), which then tells its rules apart by nothing; a search scopes
    # a game named in its words instead.
    return {
        pk: {"game_id": game_id, "name": (title or number)[:300],
             "tags": _join(number, source, *reversed(section_titles(parent_id))),
             "body": text, "extra": ""}
        for pk, game_id, number, title, text, source, parent_id in rows
    }


def _term_documents(ids) -> dict[int, dict]:
    from rulesref.models import GlossaryTerm

    rows = _only(GlossaryTerm.objects, "pk", ids).values_list(
        "pk", "game_id", "slug", "term", "aliases", "definition", "differs")
    return {
        pk: {"game_id": game_id, "name": term[:300],
             "tags": _join(slug.replace("-", " "), *_list(aliases)), "body": definition,
             "extra": differs}
        for pk, game_id, slug, term, aliases, definition, differs in rows
    }


# kind -> (the SearchDocument column naming the object, the builder)
KINDS = {
    "card": ("entry_id", _card_documents),
    "ruling": ("ruling_id", _ruling_documents),
    "rule": ("rule_id", _rule_documents),
    "term": ("term_id", _term_documents),
}


def sync_documents(kind: str, ids: Iterable[int] | None = None) -> dict[str, int]:
    """Bring the documents of ``ids`` (None: every object) of ``kind`` up to date."""
    column, build = KINDS[kind]
    ids = None if ids is None else {i for i in ids if i is not None}
    if ids is not None and not ids:
        return {"created": 0, "updated": 0, "deleted": 0}
    wanted = build(ids)
    existing = {
        row[column]: row
        for row in _only(SearchDocument.objects.filter(kind=kind), column, ids).values(
            "pk", column, *TEXT_COLUMNS)
    }
    create, update = [], []
    for object_id, values in wanted.items():
        row = existing.get(object_id)
        if row is None:
            create.append(SearchDocument(pk=document_id(kind, object_id), kind=kind,
                                         **{column: object_id}, **values))
        elif any(row[k] != v for k, v in values.items()):
            update.append(SearchDocument(pk=row["pk"], kind=kind, **{column: object_id}, **values))
    stale = [row["pk"] for object_id, row in existing.items() if object_id not in wanted]
    with transaction.atomic():
        SearchDocument.objects.bulk_create(create, batch_size=BATCH)
        SearchDocument.objects.bulk_update(update, TEXT_COLUMNS, batch_size=BATCH)
        if stale:
            SearchDocument.objects.filter(pk__in=stale).delete()
    return {"created": len(create), "updated": len(update), "deleted": len(stale)}


def rebuild_search_index(*, full: bool = False) -> dict[str, dict[str, int]]:
    """Every document up to date; ``full`` drops them all first and rebuilds the
    full-text structures from scratch (after a restore, or to compact the index)."""
    with transaction.atomic():
        if full:
            SearchDocument.objects.all().delete()
        report = {kind: sync_documents(kind) for kind in KINDS}
        with connection.cursor() as cursor:
            if full and connection.vendor == "sqlite":
                for table in ("rulesref_searchfts", "rulesref_searchtrigram"):
                    cursor.execute(f"INSERT INTO {table}({table}) VALUES ('rebuild')")
            if full or any(sum(counts.values()) for counts in report.values()):
                # Fresh planner statistics: without them SQLite may drive a search
                # from an index of a big table and probe the FTS table once per row.
                cursor.execute("ANALYZE")
    return report


@contextmanager
def deferred_indexing():
    """Skip per-save indexing inside the block; the caller rebuilds afterwards."""
    token = _deferred.set(True)
    try:
        yield
    finally:
        _deferred.reset(token)


def request_sync(kind: str, ids: Iterable[int]) -> None:
    """Index these objects now, unless a bulk operation will rebuild at its end."""
    if not _deferred.get():
        sync_documents(kind, ids)
