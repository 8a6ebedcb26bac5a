"""Apply a compiled query to a queryset and rank it: exact name, then name
prefix, then the weighted full-text score, then the caller's tie-breakers."""
from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Case, F, IntegerField, OrderBy, Value, When
from django.db.models.functions import Length, Lower, Substr
from django.db.models.lookups import Exact
from rapidfuzz.distance import Indel

from rulesref.search.backends import tokens_of
from rulesref.search.compiler import Compiled, Target


def ranked(queryset, compiled: Compiled, target: Target, backend, *, prefix: bool = True,
           terms: tuple[tuple[str, int], ...] = ()):
    """The filtered queryset (annotated with ``name_rank`` and ``search_score`` when
    there is free text) and the ORDER BY that ranks it (empty without free text).

    ``prefix``: a name starting with the words ranks next after an exact name (a
    name being typed); not for a sentence, whose words are whole ("how do I win"
    is not asking for "Winning Attack"). ``terms``: (expression, weight) per term,
    for a backend that scores a sum over them (``weighs_rare_words`` False)."""
    queryset = queryset.filter(compiled.where)
    ordering = []
    if compiled.phrase:
        queryset = queryset.annotate(name_rank=name_rank(target.name_field, compiled.phrase, prefix))
        ordering.append("-name_rank")
    if compiled.match is not None:
        queryset = queryset.filter(backend.match_q(compiled.match, target)).annotate(
            search_score=backend.score(compiled.match, target, terms))
        ordering.append("-search_score")
    return queryset, ordering


def name_rank(name_field: str, phrase: str, prefix: bool = True) -> Case:
    """2 for the exact name (any letter case), 1 for a name starting with it
    (``prefix``), else 0. Compared with LOWER() rather than iexact/istartswith:
    the phrase reaches the SQL as one unaltered parameter, not escaped for LIKE,
    so rulesref.search.shapes can put another phrase in its place."""
    name, wanted = Lower(F(name_field)), Lower(Value(phrase))
    started = [When(Exact(Substr(name, 1, Length(wanted)), wanted), then=Value(1))] if prefix else []
    return Case(When(Exact(name, wanted), then=Value(2)), *started, default=Value(0),
                output_field=IntegerField())


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def sqlite_name_rank(name: str, phrase: str, prefix: bool = True) -> int:
    """``name_rank`` in Python, as SQLite computes it (its LOWER() folds ASCII only)."""
    name, wanted = name.translate(_ASCII_LOWER), phrase.translate(_ASCII_LOWER)
    return 2 if name == wanted else 1 if prefix and name.startswith(wanted) else 0


def in_given_order(ids: list[int]):
    """An ORDER BY expression that keeps ``ids`` in the given order (a short list)."""
    return Case(*(When(pk=pk, then=Value(i)) for i, pk in enumerate(ids)),
                default=Value(len(ids)), output_field=IntegerField())


# A similarity exactly at a cutoff (4 of 5 letters: 0.8) must meet it: rapidfuzz,
# comparing with a tolerance of its own, misses it at 0.8 - 1e-9. The ratios of
# short texts lie much further apart than this.
EPSILON = 1e-6


def name_similarity(text: str, name: str, floor: float = 0.0) -> float:
    """0..1: how close a (misspelt) ``text`` is to ``name`` or to a run of its words
    (a run at 0.95 of its own similarity), as the Indel distance normalised:
    2 x their longest common subsequence / their total length.

    Exact above ``floor``; at or below it, some value no greater than ``floor``
    (callers dropping what scores below a threshold need no more): rapidfuzz stops
    a comparison that cannot beat its cutoff, and a long name (a ruling's question)
    has dozens of runs. difflib took ~170 us a name, a fifth of a misspelt search."""
    wanted, words = " ".join(tokens_of(text)), tokens_of(name)
    best = Indel.normalized_similarity(wanted, " ".join(words), score_cutoff=floor - EPSILON)
    width = len(wanted.split())
    for i in range(max(len(words) - width + 1, 0)):
        window = " ".join(words[i:i + width])
        if abs(len(window) - len(wanted)) > len(wanted) / 2:
            continue  # a short word inside a long name is not a near miss
        cutoff = max(best, floor) / 0.95 - EPSILON
        if cutoff < 1:
            best = max(best, 0.95 * Indel.normalized_similarity(wanted, window, score_cutoff=cutoff))
    return best


class RankedPage(Sequence):
    """``total`` ranked items of which one page, from ``offset``, was fetched: what
    Django's Paginator (and DRF's) slice, so they count without a second query."""

    def __init__(self, items: list, offset: int, total: int):
        self.items, self.offset, self.total = items, offset, total

    def count(self) -> int:
        return self.total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, index):
        if isinstance(index, slice):
            start = (index.start or 0) - self.offset
            stop = None if index.stop is None else index.stop - self.offset
            return self.items[max(start, 0):stop]
        return self.items[index - self.offset]


def page_number(page) -> int:
    """A 1-based page number from a query parameter (not a number: the first)."""
    text = str(page or "")
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) < 10**6 else 1


def page_sql(queryset, offset: int, limit: int) -> tuple[str, list]:
    """The SQL of ``page_ids``: the ordering's expressions become columns of the
    queryset as a subquery, which the outer query sorts, cuts and counts
    (COUNT(*) OVER ()). A subquery, because SQLite allows FTS5's bm25() only in
    the query that has the MATCH. Raises EmptyResultSet for a condition nothing
    can meet (an empty IN list)."""
    keys, quote = [], connection.ops.quote_name
    ordering = queryset.query.order_by or queryset.model._meta.ordering or ("pk",)
    for i, item in enumerate(ordering):
        if isinstance(item, str):
            item = F(item[1:]).desc() if item.startswith("-") else F(item).asc()
        elif not isinstance(item, OrderBy):
            item = item.asc()
        alias = f"rank_key_{i}"
        queryset = queryset.annotate(**{alias: item.expression})
        nulls = " NULLS LAST" if item.nulls_last else " NULLS FIRST" if item.nulls_first else ""
        keys.append(f"{quote(alias)} {'DESC' if item.descending else 'ASC'}{nulls}")
    aliases = [f"rank_key_{i}" for i in range(len(keys))]
    inner, params = queryset.order_by().values("pk", *aliases).query.sql_with_params()
    sql = (f"SELECT r.{quote('pk')}, COUNT(*) OVER () FROM ({inner}) r "
           f"ORDER BY {', '.join(keys)} LIMIT %s OFFSET %s")
    return sql, [*params, limit, offset]


def run_page(sql: str, params) -> tuple[list[int], int | None]:
    """The ids and the count of a ``page_sql`` statement; the count is None when
    the page is past the end (no row carried it)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [row[0] for row in rows], (rows[0][1] if rows else None)


def page_ids(queryset, offset: int, limit: int) -> tuple[list[int], int]:
    """The ids of ranks ``offset`` to ``offset + limit`` of an ordered queryset, and
    how many rows it has, in one query (``page_sql``)."""
    try:
        ids, total = run_page(*page_sql(queryset, offset, limit))
    except EmptyResultSet:  # a condition nothing can meet (an empty IN list)
        return [], 0
    if total is None:
        return [], queryset.order_by().count() if offset else 0
    return ids, total
