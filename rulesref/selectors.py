"""Reads of the rules reference, shared by the pages and the API.

``q`` takes the search syntax: its words and phrases are matched against the
search index and rank the results (name or question first); card fields do
not apply here and are ignored.
"""
from __future__ import annotations

from django.db.models import Exists, OuterRef

from cardsite.models import Entry
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.backends import get_backend
from rulesref.search.compiler import RULES, RULINGS, TERMS, Compiler, Target
from rulesref.search.ranking import ranked
from rulesref.search.syntax import parse


def _searched(queryset, q: str, target: Target):
    """``queryset`` filtered and ranked by ``q`` (raises QuerySyntaxError)."""
    query = parse(q or "")
    if query.is_empty:
        return queryset
    backend = get_backend()
    compiled = Compiler(target, backend).compile(query)
    queryset, ordering = ranked(queryset, compiled, target, backend)
    if ordering:
        queryset = queryset.order_by(*ordering, *queryset.model._meta.ordering, "pk")
    return queryset


def _entry_filter(entry):
    """An Entry, its pk, "game/slug" or a slug: the rulings linked to it."""
    links = Ruling.entries.through.objects.filter(ruling_id=OuterRef("pk"))
    if isinstance(entry, Entry):
        return Exists(links.filter(entry_id=entry.pk))
    if isinstance(entry, int):
        return Exists(links.filter(entry_id=entry))
    game, _, slug = str(entry).rpartition("/")
    links = links.filter(entry__slug=slug)
    return Exists(links.filter(entry__game__slug=game) if game else links)


def ruling_list(*, game: str | None = None, entry=None, kind: str | None = None, q: str = ""):
    """Rulings, with their game, entries and rules prefetched."""
    rulings = Ruling.objects.select_related("game").prefetch_related("entries__game", "rules__game")
    if game:
        rulings = rulings.filter(game__slug=game)
    if entry not in (None, ""):
        rulings = rulings.filter(_entry_filter(entry))
    if kind:
        rulings = rulings.filter(kind=kind)
    return _searched(rulings, q, RULINGS)


def rule_list(*, game: str | None = None, q: str = ""):
    """Rules in reference order (or ranked by ``q``), with their game."""
    rules = Rule.objects.select_related("game")
    if game:
        rules = rules.filter(game__slug=game)
    return _searched(rules, q, RULES)


def term_list(*, q: str = ""):
    """Glossary terms of every game, alphabetical (or ranked by ``q``)."""
    return _searched(GlossaryTerm.objects.select_related("game"), q, TERMS)
