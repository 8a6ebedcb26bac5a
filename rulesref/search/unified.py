"""One search over cards, rulings, rules and glossary terms (/search/, /api/search/).

Every kind lives in the same SearchDocument table, so one query ranks them
together with one scale: exact name, then name prefix, then the weighted
full-text score. Card field terms (t:, init>=, ...) narrow the cards and leave
out the other kinds, which have no such fields. A misspelt name with no
full-text hit falls back to the closest names.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape

from django.db.models import Case, IntegerField, Q, Value, When

from cardsite import games
from rulesref.search import links
from rulesref.search.backends import MARK_END, MARK_START, TextMatch, get_backend, tokens_of
from rulesref.search.compiler import DOCUMENTS, Compiler
from rulesref.search.fuzzy import similar_documents
from rulesref.search.models import SearchDocument
from rulesref.search.questions import Understood, understand
from rulesref.search.ranking import in_given_order, ranked
from rulesref.search.syntax import Query, parse

KIND_ORDER = Case(
    When(kind="card", then=Value(0)), When(kind="term", then=Value(1)),
    When(kind="rule", then=Value(2)), default=Value(3), output_field=IntegerField(),
)
EXCERPT_WORDS = 30


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
    "ruling__question", "ruling__slug", "ruling__source", "rule__number", "rule__title",
    "rule__source", "term__term", "term__slug",
)
KINDS = ("card", "rule", "ruling", "term")
MIN_HITS = 3  # fewer with every word: rank by any of them as well
ANSWER_MARGIN = 1.3  # the top rule or ruling scores this much above the next hit
ANSWER_WORDS = 80
TITLE_WORDS = 8  # an untitled rule is shown by its first words


def _first_words(text: str, count: int) -> str:
    words = (text or "").split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _hit(doc: SearchDocument, score: float, snippet: str | None) -> dict:
    game = doc.game
    citation = ""
    if doc.kind == "card":
        title, url = doc.entry.name, links.card_url(game.slug, doc.entry.slug)
    elif doc.kind == "ruling":
        title, url = doc.ruling.question, links.ruling_url(game.slug, doc.ruling.slug)
        citation = f"{game.short_name} ruling · {doc.ruling.source}".rstrip(" ·")
    elif doc.kind == "rule":
        rule = doc.rule
        title = f"{game.slug} {rule.number} " + (rule.title or _first_words(doc.body, TITLE_WORDS))
        url = links.rule_url(game.slug, rule.number)
        citation = f"{game.short_name} {rule.number}" + (f" · {rule.source}" if rule.source else "")
    else:
        title, url = doc.term.term, links.term_url(doc.term.slug)
    html = snippet_html(snippet) if snippet else escape(_excerpt(doc.body or doc.extra))
    return {"kind": doc.kind, "title": title.strip(), "url": url, "game": game.slug,
            "game_name": game.short_name, "snippet_html": html, "score": round(score, 4),
            "id": doc.pk, "text": _first_words(doc.body, ANSWER_WORDS), "citation": citation}


@dataclass
class UnifiedResult:
    hits: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    query: Query = field(default_factory=Query)
    fuzzy: bool = False
    understood: Understood | None = None
    game: str | None = None  # the scope: the game asked for, or named in words
    relaxed: bool = False  # fewer than MIN_HITS had every word: ranked by any of them too
    answer: dict | None = None  # a rule or ruling that clearly answers

    @property
    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(KINDS, 0)
        for hit in self.hits:
            counts[hit["kind"]] += 1
        return counts


def _games():
    from cardsite.models import Game

    return list(Game.objects.order_by("position").values_list("slug", "short_name", "name"))


def search_all(*, q: str, game: str | None = None, limit: int = 50, kind: str | None = None,
               scope_by_words: bool = True, correct: bool = True,
               default_game: str | None = None) -> UnifiedResult:
    """Ranked hits of every kind (or of ``kind``) for ``q`` (raises QuerySyntaxError).

    ``game`` scopes the search; without it a game named in the words does
    (``scope_by_words``), else ``default_game`` (the game whose pages the search
    came from). Misspelt words are corrected from the index (``correct``)."""
    query = parse(q)
    result = UnifiedResult(warnings=list(query.warnings), query=query)
    if game and game not in games.GAME_SLUGS:
        result.warnings.append(
            f"Unknown game '{game}' (ignored): use one of {', '.join(games.GAME_SLUGS)}.")
        game = None
    if query.is_empty or limit <= 0:
        return result
    understood = understand(query, _games(), scope_by_words=scope_by_words and not game,
                            correct=correct)
    if default_game not in games.GAME_SLUGS:
        default_game = None
    result.understood, result.game = understood, game or understood.game or default_game
    if understood.query.is_empty:
        return result
    backend = get_backend()
    compiled = Compiler(DOCUMENTS, backend).compile(understood.query)
    result.warnings.extend(compiled.warnings)
    # Only what a hit shows: loading whole entries and rulings (JSON fields
    # included) for up to 200 hits cost more than the search itself.
    documents = SearchDocument.objects.select_related(
        "game", "entry", "ruling", "rule", "term").only(*HIT_FIELDS)
    if result.game:
        documents = documents.filter(game__slug=result.game)
    if kind:
        documents = documents.filter(kind=kind)
    # A sentence asks about the rules: rules and rulings before cards and terms.
    question = bool(understood.dropped)
    rows = _ranked_rows(documents, compiled, backend, limit, question)
    if len(rows) < MIN_HITS and compiled.match is not None and len(compiled.match.terms) > 1:
        relaxed = replace(compiled, match=TextMatch(compiled.match.terms, any=True))
        seen = {doc.pk for doc in rows}
        more = [doc for doc in _ranked_rows(documents, relaxed, backend, limit, question)
                if doc.pk not in seen]
        rows, result.relaxed = rows + more[:limit - len(rows)], bool(more)
    urls = set()
    for doc in rows:
        score = 100.0 * getattr(doc, "name_rank", 0) + getattr(doc, "search_score", 0.0)
        hit = _hit(doc, score, getattr(doc, "snippet", None))
        if hit["url"] not in urls:  # a term of several games has one page
            urls.add(hit["url"])
            result.hits.append(hit)
    if not rows and tokens_of(compiled.phrase):
        base = documents
        result.hits, result.fuzzy = _fuzzy_hits(understood.query, base, compiled.phrase,
                                                result.game, limit), True
    result.answer = _answer(result.hits) if not result.fuzzy else None
    return result


# Rules and rulings with text first (a heading without text answers nothing).
ANSWERS_FIRST = Case(When(Q(kind__in=("rule", "ruling")) & ~Q(body=""), then=Value(0)),
                     default=Value(1), output_field=IntegerField())


# A rule heading without text (its rules are its children) answers no question,
# even when its title is the words asked about.
HEADINGS_LAST = Case(When(Q(kind="rule") & Q(body=""), then=Value(1)),
                     default=Value(0), output_field=IntegerField())


def _ranked_rows(documents, compiled, backend, limit, question=False):
    documents, ordering = ranked(documents, compiled, DOCUMENTS, backend, prefix=not question)
    if question and ordering:
        ordering = ([HEADINGS_LAST, *ordering[:-1], ANSWERS_FIRST, ordering[-1]]
                    if compiled.phrase else ordering)
    if compiled.match is not None:
        documents = documents.annotate(snippet=backend.snippet(compiled.match, DOCUMENTS))
    return list(documents.order_by(*ordering, KIND_ORDER, "name", "pk")[:limit])


def _answer(hits: list[dict]) -> dict | None:
    """The top hit, when it is a rule or ruling scoring clearly above the next one."""
    if not hits or hits[0]["kind"] not in ("rule", "ruling") or not hits[0]["text"]:
        return None
    top = hits[0]["score"]
    if len(hits) == 1 or (top > 0 and top >= ANSWER_MARGIN * max(hits[1]["score"], 0)):
        return hits[0]
    return None


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
