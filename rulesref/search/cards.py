"""Searching catalog entries: the query syntax applied to an Entry queryset."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.core.exceptions import EmptyResultSet
from django.db.models import F, Q

from cardsite.models import Entry
from rulesref.search import shapes
from rulesref.search.backends import get_backend
from rulesref.search.compiler import ENTRIES, Compiled, Compiler
from rulesref.search.ranking import in_given_order, page_sql, ranked, run_page
from rulesref.search.syntax import Query

# order: keys -> columns; unknown values sort last in either direction.
ORDER_COLUMNS = {
    "name": ("name",),
    "cost": ("cost",),
    "init": ("initiative",),
    "vp": ("vp",),
    "game": ("game__position", "position"),
}
TIE_BREAKERS = ("game__position", "position", "pk")


@dataclass
class SearchedEntries:
    queryset: object
    compiled: Compiled
    warnings: list[str] = field(default_factory=list)


def order_expressions(key: str, *, descending: bool = False) -> list:
    columns = ORDER_COLUMNS.get(key, ORDER_COLUMNS["name"])
    ordering = [F(c).desc(nulls_last=True) if descending else F(c).asc(nulls_last=True)
                for c in columns]
    return ordering + [F("name").asc(), *TIE_BREAKERS]


def search_entries(queryset, query: Query, *, fuzzy_ids: list[int] | None = None) -> SearchedEntries:
    """Filter and rank ``queryset`` by ``query``.

    With ``fuzzy_ids`` (close names, best first) every free-text term stands for
    those entries instead of full text: the fallback for a misspelt name.
    """
    backend = get_backend()
    text_q = None if fuzzy_ids is None else (lambda term: Q(pk__in=fuzzy_ids))
    compiled = Compiler(ENTRIES, backend, text_q=text_q).compile(query)
    queryset, ordering = ranked(queryset, compiled, ENTRIES, backend)
    if fuzzy_ids is not None:
        ordering = [in_given_order(fuzzy_ids)]
    if query.order or query.direction:
        ordering = order_expressions(query.order or "name", descending=query.direction == "desc")
    elif ordering:
        ordering = [*ordering, "name", *TIE_BREAKERS]
    if ordering:
        queryset = queryset.order_by(*ordering)
    return SearchedEntries(queryset, compiled, [*query.warnings, *compiled.warnings])


@dataclass
class TextPage:
    ids: list[int]
    total: int
    warnings: list[str]
    phrase: str  # the positive free text (what close names would stand in for)


def text_page(query: Query, columns: dict[str, str], offset: int, limit: int) -> TextPage | None:
    """Ranks ``offset`` to ``offset + limit`` of the entries matching ``query`` and
    equal to ``columns`` ({"game__slug": ..., "kind": ...}), and how many match,
    when the query is free text alone (words, phrases, ``name:``, ``o:``; no field
    term, negation, ``or`` or ``order:``); None for any other query.

    The most common card search, ranked exactly as ``search_entries`` ranks it, with
    its SQL compiled once per shape (rulesref.search.shapes): building the queryset
    cost the ORM more than the search itself. A page past the end has no rows."""
    if query.order or query.direction or query.root is None:
        return None
    backend = get_backend()
    compiled = Compiler(ENTRIES, backend).compile(query)
    if compiled.where or compiled.match is None:
        return None
    values = {**columns, "match": backend.expression(compiled.match), "cut": (offset, limit)}
    if compiled.phrase:
        values["phrase"] = compiled.phrase

    def build(v):
        entries = Entry.objects.filter(**{name: v[name] for name in columns})
        entries, ordering = ranked(entries, replace(compiled, phrase=v.get("phrase", ""),
                                                    match=v["match"]), ENTRIES, backend)
        start, size = v["cut"]
        return page_sql(entries.order_by(*ordering, "name", *TIE_BREAKERS), start, size)

    try:
        sql, params = shapes.sql_for(("card-page", *sorted(columns)), values, build)
    except EmptyResultSet:
        return TextPage([], 0, [], compiled.phrase)
    ids, total = run_page(sql, params)
    if total is None and offset:  # past the end: the count from the first row
        values["cut"] = (0, 1)
        total = run_page(*shapes.sql_for(("card-page", *sorted(columns)), values, build))[1]
    return TextPage(ids, total or 0, [*query.warnings, *compiled.warnings], compiled.phrase)
