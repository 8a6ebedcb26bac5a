"""Searching catalog entries: the query syntax applied to an Entry queryset."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import F, Q

from rulesref.search.backends import get_backend
from rulesref.search.compiler import ENTRIES, Compiled, Compiler
from rulesref.search.ranking import in_given_order, ranked
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
