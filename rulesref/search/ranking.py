"""Apply a compiled query to a queryset and rank it: exact name, then name
prefix, then the weighted full-text score, then the caller's tie-breakers."""
from __future__ import annotations

import difflib

from django.db.models import Case, IntegerField, Value, When

from rulesref.search.backends import tokens_of
from rulesref.search.compiler import Compiled, Target


def ranked(queryset, compiled: Compiled, target: Target, backend, *, prefix: bool = True):
    """The filtered queryset (annotated with ``name_rank`` and ``search_score`` when
    there is free text) and the ORDER BY that ranks it (empty without free text).

    ``prefix``: a name starting with the words ranks next after an exact name (a
    name being typed); not for a sentence, whose words are whole ("how do I win"
    is not asking for "Winning Attack")."""
    queryset = queryset.filter(compiled.where)
    ordering = []
    if compiled.phrase:
        name = target.name_field
        started = [When(**{f"{name}__istartswith": compiled.phrase}, then=Value(1))] if prefix else []
        queryset = queryset.annotate(name_rank=Case(
            When(**{f"{name}__iexact": compiled.phrase}, then=Value(2)), *started,
            default=Value(0), output_field=IntegerField(),
        ))
        ordering.append("-name_rank")
    if compiled.match is not None:
        queryset = queryset.filter(backend.match_q(compiled.match, target)).annotate(
            search_score=backend.score(compiled.match, target))
        ordering.append("-search_score")
    return queryset, ordering


def in_given_order(ids: list[int]):
    """An ORDER BY expression that keeps ``ids`` in the given order (a short list)."""
    return Case(*(When(pk=pk, then=Value(i)) for i, pk in enumerate(ids)),
                default=Value(len(ids)), output_field=IntegerField())


def name_similarity(text: str, name: str) -> float:
    """0..1: how close a (misspelt) ``text`` is to ``name`` or to a run of its words."""
    wanted, words = " ".join(tokens_of(text)), tokens_of(name)
    best = difflib.SequenceMatcher(None, wanted, " ".join(words)).ratio()
    width = len(wanted.split())
    for i in range(max(len(words) - width + 1, 0)):
        window = " ".join(words[i:i + width])
        if abs(len(window) - len(wanted)) > len(wanted) / 2:
            continue  # a short word inside a long name is not a near miss
        best = max(best, 0.95 * difflib.SequenceMatcher(None, wanted, window).ratio())
    return best
