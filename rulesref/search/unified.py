"""One search over cards, rulings, rules and glossary terms (/search/, /api/search/).

Every kind lives in the same SearchDocument table, so one query ranks them
together with one scale: exact name, then name prefix, then the weighted
full-text score. Card field terms (t:, init>=, ...) narrow the cards and leave
out the other kinds, which have no such fields. A misspelt name with no
full-text hit falls back to the closest names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from django.db.models import Case, IntegerField, Q, Value, When

from cardsite import games
from rulesref.search import links
from rulesref.search.backends import MARK_END, MARK_START, get_backend, tokens_of
from rulesref.search.compiler import DOCUMENTS, Compiler
from rulesref.search.fuzzy import similar_documents
from rulesref.search.models import SearchDocument
from rulesref.search.ranking import in_given_order, ranked
from rulesref.search.syntax import Query, parse

KIND_ORDER = Case(
    When(kind="card", then=Value(0)), When(kind="term", then=Value(1)),
    When(kind="rule", then=Value(2)), default=Value(3), output_field=IntegerField(),
)
EXCERPT_WORDS = 30


@dataclass
class UnifiedResult:
    hits: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    query: Query = field(default_factory=Query)
    fuzzy: bool = False


def snippet_html(text: str) -> str:
    """HTML-escape a snippet and turn the match sentinels into <mark> elements."""
    escaped = escape(text or "")
    opened = escaped.count(MARK_START)
    html = escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>")
    return html + "</mark>" * max(opened - escaped.count(MARK_END), 0)


def _excerpt(text: str) -> str:
    words = (text or "").split()
    return " ".join(words[:EXCERPT_WORDS]) + (" …" if len(words) > EXCERPT_WORDS else "")


HIT_FIELDS = (
    "kind", "body", "extra", "name", "game__slug", "game__short_name", "entry__name", "entry__slug",
    "ruling__question", "ruling__slug", "rule__number", "rule__title",
    "term__term", "term__slug",
)


def _hit(doc: SearchDocument, score: float, snippet: str | None) -> dict:
    game = doc.game
    if doc.kind == "card":
        title, url = doc.entry.name, links.card_url(game.slug, doc.entry.slug)
    elif doc.kind == "ruling":
        title, url = doc.ruling.question, links.ruling_url(game.slug, doc.ruling.slug)
    elif doc.kind == "rule":
        rule = doc.rule
        title = f"{game.slug} {rule.number}" + (f" {rule.title}" if rule.title else "")
        url = links.rule_url(game.slug, rule.number)
    else:
        title, url = doc.term.term, links.term_url(doc.term.slug)
    html = snippet_html(snippet) if snippet else escape(_excerpt(doc.body or doc.extra))
    return {"kind": doc.kind, "title": title, "url": url, "game": game.slug,
            "game_name": game.short_name, "snippet_html": html, "score": round(score, 4)}


def search_all(*, q: str, game: str | None = None, limit: int = 50) -> UnifiedResult:
    """Ranked hits of every kind for ``q`` (raises QuerySyntaxError)."""
    query = parse(q)
    result = UnifiedResult(warnings=list(query.warnings), query=query)
    if game and game not in games.GAME_SLUGS:
        result.warnings.append(
            f"Unknown game '{game}' (ignored): use one of {', '.join(games.GAME_SLUGS)}.")
        game = None
    if query.is_empty or limit <= 0:
        return result
    backend = get_backend()
    compiled = Compiler(DOCUMENTS, backend).compile(query)
    result.warnings.extend(compiled.warnings)
    # Only what a hit shows: loading whole entries and rulings (JSON fields
    # included) for up to 200 hits cost more than the search itself.
    documents = SearchDocument.objects.select_related(
        "game", "entry", "ruling", "rule", "term").only(*HIT_FIELDS)
    if game:
        documents = documents.filter(game__slug=game)
    base = documents
    documents, ordering = ranked(documents, compiled, DOCUMENTS, backend)
    if compiled.match is not None:
        documents = documents.annotate(snippet=backend.snippet(compiled.match, DOCUMENTS))
    rows = list(documents.order_by(*ordering, KIND_ORDER, "name", "pk")[:limit])
    for doc in rows:
        score = 100.0 * getattr(doc, "name_rank", 0) + getattr(doc, "search_score", 0.0)
        result.hits.append(_hit(doc, score, getattr(doc, "snippet", None)))
    if not rows and tokens_of(compiled.phrase):
        result.hits, result.fuzzy = _fuzzy_hits(query, base, compiled.phrase, game, limit), True
    return result


def _fuzzy_hits(query: Query, documents, phrase: str, game: str | None, limit: int) -> list[dict]:
    """Hits for close names standing in for the free text; field terms still apply."""
    close = similar_documents(phrase, game=game, limit=limit)
    if not close:
        return []
    ids = [doc.pk for doc, _ in close]
    scores = {doc.pk: score for doc, score in close}
    compiled = Compiler(DOCUMENTS, get_backend(), text_q=lambda term: Q(pk__in=ids)).compile(query)
    rows = documents.filter(compiled.where, pk__in=ids).order_by(in_given_order(ids))
    return [_hit(doc, scores[doc.pk], None) for doc in rows]
