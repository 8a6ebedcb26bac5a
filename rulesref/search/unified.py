"""One search over cards, rulings, rules and glossary terms (/search/, /api/search/).

Every kind lives in the same SearchDocument table, so one query ranks them
together with one scale: exact name, then name prefix, then the weighted
full-text score. Card field terms (t:, init>=, ...) narrow the cards and leave
out the other kinds, which have no such fields. A misspelt name with no
full-text hit falls back to the closest names.

Over 400 lines and kept whole for now: the ranking query, its paging and the
answer box's choice of hit share one result; it is being worked on (search
ranking) while the layout moved around it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Case, IntegerField, Q, Value, When

from cardsite.catalog import games
from cardsite.models import Game
from cardsite.web.response_cache import catalog_version
from rulesref.search import answers, contents, links, shapes
from rulesref.search.answer_kinds import DEFINITION, YES_NO
from rulesref.search.backends import (
    MARK_END,
    MARK_START,
    TextMatch,
    TextTerm,
    get_backend,
    tokens_of,
)
from rulesref.search.compiler import DOCUMENTS, Compiler
from rulesref.search.fuzzy import similar_documents
from rulesref.search.models import ID_BLOCK, SearchDocument
from rulesref.search.questions import Understood, index_size, term_weights, understand
from rulesref.search.ranking import (
    RankedPage,
    in_given_order,
    page_number,
    ranked,
    sqlite_name_rank,
)
from rulesref.search.syntax import Query, parse

KIND_RANK = {"card": 0, "term": 1, "rule": 2}  # and rulings last
KIND_ORDER = Case(*(When(kind=kind, then=Value(n)) for kind, n in KIND_RANK.items()),
                  default=Value(len(KIND_RANK)), output_field=IntegerField())
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


# What a shown hit needs, fetched for the shown rows only (plain values, no models).
HIT_FIELDS = (
    "id", "kind", "body", "extra", "game__slug", "game__short_name", "entry__name", "entry__slug",
    "ruling__question", "ruling__slug", "ruling__source", "rule__number", "rule__title",
    "rule__source", "term__term", "term__slug",
)
KINDS = ("card", "rule", "ruling", "term")
MIN_HITS = 3  # fewer with every word: rank by any of them as well
ANSWER_MARGIN = 1.3  # the top rule or ruling scores this much above the next hit
RERANKED = 8  # a sentence's first hits, whose rulings on another case go after the others
ANSWER_WORDS = 80
TITLE_WORDS = 8  # an untitled rule is shown by its first words


def _first_words(text: str, count: int) -> str:
    words = (text or "").split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


def _hit(row: dict, score: float) -> dict:
    """A hit from a row of HIT_FIELDS (and ``snippet`` when the query had free text)."""
    kind, game, short_name = row["kind"], row["game__slug"], row["game__short_name"]
    citation = ""
    if kind == "card":
        title, url = row["entry__name"], links.card_url(game, row["entry__slug"])
    elif kind == "ruling":
        title, url = row["ruling__question"], links.ruling_url(game, row["ruling__slug"])
        citation = f"{short_name} ruling · {row['ruling__source']}".rstrip(" ·")
    elif kind == "rule":
        number, source = row["rule__number"], row["rule__source"]
        title = f"{game} {number} " + (row["rule__title"] or _first_words(row["body"], TITLE_WORDS))
        url = links.rule_url(game, number)
        citation = f"{short_name} {number}" + (f" · {source}" if source else "")
    else:
        title, url = row["term__term"], links.term_url(row["term__slug"])
        citation = f"{short_name} glossary"
    snippet = row.get("snippet")
    html = snippet_html(snippet) if snippet else escape(_excerpt(row["body"] or row["extra"]))
    return {"kind": kind, "title": title.strip(), "url": url, "game": game,
            "game_name": short_name, "snippet_html": html, "score": round(score, 4),
            "id": row["id"], "text": _first_words(row["body"], ANSWER_WORDS), "citation": citation}


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
    # Matches per kind (with per_kind; else none counted) and in all.
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    total: int = 0




def search_all(*, q: str, game: str | None = None, limit: int = 50, offset: int = 0,
               kind: str | None = None, per_kind: int | None = None,
               scope_by_words: bool = True, correct: bool = True,
               default_game: str | None = None) -> UnifiedResult:
    """Ranked hits of every kind (or of ``kind``) for ``q`` (raises QuerySyntaxError).

    The hits are ranks ``offset`` to ``offset + limit`` of the ranking, or with
    ``per_kind`` the best ``per_kind`` of each kind (the search page's sections),
    in rank order; ``counts`` has every match per kind, counted by the ranking
    query itself. Only the hits shown are fetched, joined and given a snippet.
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
    version = catalog_version()
    understood = understand(query, contents.games(version),
                            scope_by_words=scope_by_words and not game, correct=correct,
                            nouns=contents.games_named_as_terms(version))
    if default_game not in games.GAME_SLUGS:
        default_game = None
    result.understood, result.game = understood, game or understood.game or default_game
    if understood.query.is_empty:
        return result
    backend = get_backend()
    compiled = Compiler(DOCUMENTS, backend).compile(understood.query)
    result.warnings.extend(compiled.warnings)
    if compiled.match is None and not compiled.where and understood.query.texts():
        return result  # only words with nothing to search for ("???"): no hits, not all
    # A sentence asks about the rules: rules and rulings before cards and terms.
    # A question of what a thing is: its glossary term answers as well as a rule.
    question = bool(understood.dropped)
    # A sentence's first hits are looked at again (answers.asides_last): fetch them all.
    reranked = question and not offset and not per_kind
    fetched = max(limit, RERANKED) if reranked else limit
    ranking = _Ranking(result.game, kind, backend, fetched, offset, per_kind,
                       question=question, definition=understood.asks_definition)
    rows, counts, total = ranking.rows(compiled)
    # A sentence is answered by rules, rulings and terms: a card that has every word
    # only through its rulings' text ("extra") is no reason to stop looking for them.
    answering = [r for r in rows if r["kind"] != "card"] if question else rows
    if (total < MIN_HITS or len(answering) < MIN_HITS <= total and not offset) \
            and compiled.match is not None and len(compiled.match.terms) > 1:
        relaxed = replace(compiled, match=TextMatch(compiled.match.terms, any=True))
        more, more_counts, more_total = ranking.rows(relaxed, first=[r["id"] for r in answering])
        if more_total > total:
            compiled, rows, counts, total, result.relaxed = relaxed, more, more_counts, more_total, True
    result.counts.update(counts)
    result.total = total
    shown = _shown_rows([r["id"] for r in rows], compiled.match, backend)
    urls = set()
    for row in rows:
        score = 100.0 * row.get("name_rank", 0) + row.get("search_score", 0.0)
        hit = _hit({**shown[row["id"]], **row}, score)
        if hit["url"] not in urls:  # a term of several games has one page
            urls.add(hit["url"])
            result.hits.append(hit)
    fetched_hits = result.hits
    if reranked:
        fetched_hits = answers.figure_first(
            answers.asides_last(result.hits, understood, RERANKED), understood)
        result.hits = fetched_hits[:limit]
    if not rows and not offset and tokens_of(compiled.phrase):
        result.hits, result.fuzzy = _fuzzy_hits(understood.query, compiled, result.game, kind,
                                                limit), True
        result.counts = dict.fromkeys(KINDS, 0)
        for hit in result.hits:
            result.counts[hit["kind"]] += 1
        result.total = len(result.hits)
    if not result.fuzzy and not offset:
        result.answer = _answer(result.hits, understood, result.game, fetched_hits)
        first = _answering_hit(result.hits, result.answer, compiled, backend) \
            if result.answer else None
        if first is not None:
            result.hits = [first, *(hit for hit in result.hits if hit is not first)]
        # as many as asked: in all, or of each kind (the search page's sections)
        result.hits = best_per_kind(result.hits, per_kind) if per_kind else result.hits[:limit]
    return result


def best_per_kind(ranked: list[dict], per_kind: int) -> list[dict]:
    """The first ``per_kind`` of each kind, in rank order."""
    shown: dict[str, int] = {}
    kept = []
    for row in ranked:
        shown[row["kind"]] = shown.get(row["kind"], 0) + 1
        if shown[row["kind"]] <= per_kind:
            kept.append(row)
    return kept


def _answering_hit(hits: list[dict], answer: dict, compiled, backend) -> dict | None:
    """The hit to list first for the box: the one whose sentence it gives, or for a count
    of a contents line the rule listing it, fetched when the ranking did not reach it
    ("how many dice come in the arena box": rule 1.4, not the Power Roll's dice)."""
    if not answer.get("listed_in"):
        return next((hit for hit in hits if hit["url"] == answer["url"]), None)
    url = links.rule_url(answer["game"], answer["listed_in"])
    listing = next((hit for hit in hits if hit["url"] == url), None)
    if listing is not None:
        return listing
    ids = list(SearchDocument.objects.filter(
        kind="rule", rule__game__slug=answer["game"],
        rule__number=answer["listed_in"]).values_list("id", flat=True)[:1])
    if not ids:
        return None
    # with a snippet where the words asked are in it, else as it is written
    shown = _shown_rows(ids, compiled.match, backend) or _shown_rows(ids, None, backend)
    return _hit(shown[ids[0]], hits[0]["score"] if hits else 0.0) if ids[0] in shown else None


def page_of_hits(*, page, page_size: int, **search) -> tuple[UnifiedResult, RankedPage]:
    """The ``page``-th (1-based; not a number: the first) ``page_size`` hits of
    ``search_all(**search)``. A page past the end gives the last page."""
    number = page_number(page)
    result = search_all(**search, limit=page_size, offset=(number - 1) * page_size)
    if not result.hits and result.total and number > 1:
        number = -(-result.total // page_size)
        result = search_all(**search, limit=page_size, offset=(number - 1) * page_size)
    return result, RankedPage(result.hits, (number - 1) * page_size, result.total)


# Rules and rulings with text first (a heading without text answers nothing); for
# a question of what a thing is, glossary terms as well.
ANSWER_KINDS = ("rule", "ruling")
DEFINITION_KINDS = (*ANSWER_KINDS, "term")


def answers_first(kinds: tuple[str, ...]) -> Case:
    return Case(When(Q(kind__in=kinds) & ~Q(body=""), then=Value(0)), default=Value(1),
                output_field=IntegerField())


# A rule heading without text (its rules are its children) answers no question,
# even when its title is the words asked about.
HEADINGS_LAST = Case(When(Q(kind="rule") & Q(body=""), then=Value(1)),
                     default=Value(0), output_field=IntegerField())


# Below this many documents the full ranking's one statement costs less than the
# index's scan per cut (bundled catalog, 1,269: the search page 4.6 -> 4.2 ms a sentence).
INDEX_FIRST_FROM = 10_000


def small_index() -> bool:
    size = index_size()
    return size is not None and size < INDEX_FIRST_FROM


def _documents(game: str | None, kind: str | None):
    documents = SearchDocument.objects.all()
    if game:
        documents = documents.filter(game__slug=game)
    if kind:
        documents = documents.filter(kind=kind)
    return documents


@dataclass
class _Ranking:
    """One ranking query: ids, sort keys and counts, no joins and no snippets; the
    database sorts and cuts to the hits shown and counts with window functions.

    The windows run over the ranked rows as a subquery: SQLite allows FTS5's bm25()
    only in the query that has the MATCH. Free text alone (no field terms), the
    common case, is compiled once per shape (rulesref.search.shapes)."""

    game: str | None
    kind: str | None
    backend: object
    limit: int
    offset: int = 0
    per_kind: int | None = None
    question: bool = False
    definition: bool = False

    @property
    def answer_kinds(self) -> tuple[str, ...] | None:
        """The kinds that answer a question (None: not a question)."""
        if not self.question:
            return None
        return DEFINITION_KINDS if self.definition else ANSWER_KINDS

    def rows(self, compiled, first=()) -> tuple[list[dict], dict[str, int], int]:
        found = self._index_first(compiled, tuple(first))
        if found is not None:
            return found
        values = {"game": self.game, "kind": self.kind, "first": tuple(first),
                  "phrase": compiled.phrase,
                  "match": None if compiled.match is None else self.backend.expression(compiled.match),
                  **self._terms(compiled.match),
                  "cut": (self.per_kind,) if self.per_kind else (self.limit, self.offset)}
        values = {name: value for name, value in values.items() if value}
        try:
            if compiled.where:  # field terms: a shape of their own
                sql, params = self._sql(compiled, values)
            else:
                sql, params = shapes.sql_for(("ranking", self.question, self.definition), values,
                                             lambda v: self._sql(compiled, v))
        except EmptyResultSet:  # a condition nothing can meet (an empty IN list)
            return [], {}, 0
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            names = [c[0] for c in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        if self.per_kind:
            counts = {row["kind"]: row["kind_count"] for row in rows}
            total = sum(counts.values())
        else:  # a page of the whole ranking: its count
            counts = {}
            total = rows[0]["total"] if rows else self._count(compiled) if self.offset else 0
        return rows, counts, total

    def _terms(self, match) -> dict:
        """For a backend that weighs no word above another, a match of several terms
        as each term's expression and weight (a score summed over them)."""
        if self.backend.weighs_rare_words or match is None or len(match.terms) < 2:
            return {}
        return {"terms": tuple(self.backend.expression(TextMatch((term,))) for term in match.terms),
                "weights": term_weights(match.terms)}

    def _index_first(self, compiled, first: tuple[int, ...] = ()
                     ) -> tuple[list[dict], dict[str, int], int] | None:
        """A page of plain free text on SQLite, ranked in the index first: the
        documents whose name could rank them first (the name-column matches) and
        the best scored others up to the page's end (ties in kind and id order,
        both known from the rowid), then only those joined and name-ranked: the
        same page as ``_sql``'s without joining and sorting every match (a common
        word matches 39,000 of 100,000 documents). A question's order (headings
        last, answers first) and the relaxed ranking's ``first`` ids (the hits that
        had every word) are known in the index too. None where that does not hold:
        field terms, too many name matches. The search page's sections
        (``per_kind``) are one such cut per kind."""
        tokens = tokens_of(compiled.phrase)
        if (self.backend.vendor != "sqlite" or compiled.where
                or compiled.match is None or not tokens or small_index()):
            return None
        game_ids = None
        if self.game:
            game_ids = [i for (i,) in shapes.fetch(("game-id",), {"slug": self.game}, lambda v: (
                Game.objects.filter(slug=v["slug"]).values_list("id")))]
        wanted = self.offset + self.limit
        kinds = [self.kind] if self.kind or not self.per_kind else list(KINDS)
        cuts = [(kind, self.per_kind or wanted) for kind in kinds]
        names = self.backend.expression(TextMatch((TextTerm(tokens, "name"),)))
        found = self.backend.best_scored(self.backend.expression(compiled.match), names, cuts,
                                         game_ids, KIND_RANK, answer_kinds=self.answer_kinds,
                                         first=first)
        if found is None:
            return None
        scored, totals = found
        prefix = not self.question  # as _ranked: a sentence's words are whole
        ranked = sorted(({"id": i, "kind": kind, "search_score": score, "first": i in first,
                          "heading": heading, "answer": answer,
                          "name_rank": sqlite_name_rank(name, compiled.phrase, prefix)
                          if candidate else 0,
                          "rank_kind": KIND_RANK.get(kind, len(KIND_RANK))}
                         for i, score, candidate, kind, name, heading, answer in scored),
                        key=lambda r: (not r["first"], r["heading"], -r["name_rank"],
                                       -r["answer"], -r["search_score"], r["rank_kind"], r["id"]))
        if not self.per_kind:
            return ranked[self.offset:wanted], {}, totals[0]
        counts = {kind: n for kind, n in zip(kinds, totals, strict=True) if n}
        return best_per_kind(ranked, self.per_kind), counts, sum(counts.values())

    def _ranked(self, compiled, values):
        """The documents matching, annotated with their sort keys, and the keys:
        (column, descending) in rank order. ``values``: the game, kind, first ids,
        phrase and match to build with (the search's own, or stand-ins)."""
        compiled = replace(compiled, phrase=values.get("phrase", ""), match=values.get("match"))
        documents, _ = ranked(_documents(values.get("game"), values.get("kind")), compiled,
                              DOCUMENTS, self.backend, prefix=not self.question,
                              terms=tuple(zip(values.get("terms", ()), values.get("weights", ()),
                                              strict=True)))
        keys = []
        if "first" in values:  # the hits that had every word stay ahead of those with some
            documents = documents.annotate(rank_first=Case(
                When(pk__in=list(values["first"]), then=Value(0)), default=Value(1),
                output_field=IntegerField()))
            keys.append(("rank_first", False))
        if self.question and compiled.phrase and compiled.match is not None:
            documents = documents.annotate(rank_headings=HEADINGS_LAST)
            keys.append(("rank_headings", False))
        if compiled.phrase:
            keys.append(("name_rank", True))
        if compiled.match is not None:
            if self.question and compiled.phrase:
                documents = documents.annotate(rank_answers=answers_first(self.answer_kinds))
                keys.append(("rank_answers", False))
            keys.append(("search_score", True))
        documents = documents.annotate(rank_kind=KIND_ORDER)
        # Equal scores in catalog order (ids follow it): known from the index alone,
        # where a name is not (see _index_first).
        keys += [("rank_kind", False), ("id", False)]
        return documents, keys

    def _sql(self, compiled, values) -> tuple[str, list]:
        documents, keys = self._ranked(compiled, values)
        columns = list(dict.fromkeys(["id", "kind", *(k for k, _ in keys)]))
        inner, params = documents.order_by().values(*columns).query.sql_with_params()
        quote = connection.ops.quote_name
        order = ", ".join(f"{quote(k)} {'DESC' if desc else 'ASC'}" for k, desc in keys)
        if self.per_kind:
            # One window (one sort): the rank within the kind, and the kind's count
            # over the whole partition.
            window = (f"(PARTITION BY {quote('kind')} ORDER BY {order} ROWS BETWEEN "
                      "UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)")
            sql = (f"SELECT * FROM (SELECT r.*, COUNT(*) OVER {window} AS kind_count, "
                   f"ROW_NUMBER() OVER {window} AS kind_rank FROM ({inner}) r) w "
                   f"WHERE kind_rank <= %s ORDER BY {order}")
        else:
            sql = (f"SELECT r.*, COUNT(*) OVER () AS total FROM ({inner}) r ORDER BY {order} "
                   "LIMIT %s OFFSET %s")
        return sql, [*params, *values["cut"]]

    def _count(self, compiled) -> int:
        """A page past the end: the count alone (the ranking query had no row to carry it)."""
        values = {"game": self.game, "kind": self.kind, "phrase": compiled.phrase,
                  "match": compiled.match}
        documents, _ = self._ranked(compiled, {k: v for k, v in values.items() if v})
        return documents.order_by().count()


def _shown_rows(ids: list[int], match, backend) -> dict[int, dict]:
    """The shown hits' fields (joined) and snippets, by id: one query on a few rows,
    compiled once per shape."""
    if not ids:
        return {}
    values = {"ids": tuple(ids)}
    if match is not None:
        values["match"] = backend.expression(match)
        if backend.vendor == "sqlite":
            # FTS5 walks only the rowids within a range: a part per kind shown, each
            # within its ids' range (a common word's whole doclist was 15 ms at 100k
            # entries, a range 2). Every part takes all the ids: the shapes are one
            # per number of hits and of kinds, not per split.
            blocks: dict[int, list[int]] = {}
            for i in sorted(ids):
                blocks.setdefault(i // ID_BLOCK, []).append(i)
            values["bounds"] = tuple(b for block in blocks.values() for b in (block[0], block[-1]))

    def build(values):
        parts = []
        for n in range(max(len(values.get("bounds", ())) // 2, 1)):
            documents = SearchDocument.objects.filter(pk__in=list(values["ids"]))
            fields = list(HIT_FIELDS)
            if "match" in values:
                documents = documents.filter(backend.match_q(values["match"], DOCUMENTS)).annotate(
                    snippet=backend.snippet(values["match"], DOCUMENTS))
                fields.append("snippet")
            if "bounds" in values:
                documents = documents.filter(fts__pk__gte=values["bounds"][2 * n],
                                             fts__pk__lte=values["bounds"][2 * n + 1])
            parts.append(documents.values(*fields))
        first = parts[0].query
        sql, params = (parts[0].union(*parts[1:], all=True) if len(parts) > 1
                       else parts[0]).query.sql_with_params()
        # The order Django's values() reads the columns in.
        return sql, params, [*first.extra_select, *first.values_select, *first.annotation_select]

    sql, params, names = shapes.sql_for(("shown",), values, build)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    return {row["id"]: row for row in rows}


def _answer(hits: list[dict], understood: Understood, game: str | None,
            fetched: list[dict]) -> dict | None:
    """The answer box (rulesref.search.answers), with the kind of answer it gives
    (``answers``) and the question as understood (``answered``): for "how many",
    the catalog's facts; for "what is X", the glossary term of that name or one
    scoring clearly above the next hit; for another question of a known kind, the
    sentence of a rule or ruling among the first hits that gives it; for words that
    are no such question, a rule or ruling scoring clearly above the next hit."""
    kind = understood.answer_kind
    found = contents.answer(understood.query, game) if understood.asks_count else \
        contents.players_allowed(understood.query, game) if kind == YES_NO else None
    if found is None and kind != DEFINITION:
        found = answers.direct_answer(hits, understood)
        if found is not None or kind is not None:
            return found
    if found is None and kind == DEFINITION:
        # the glossary entry named what was asked is its definition wherever the
        # sentence's first hits rank it (rulings that say "Penta-Coins" often)
        found = answers.definition(fetched, understood, top=RERANKED)
    if found is None:
        found = _top_hit(hits, understood)
    return {**found, "answers": kind or "", "answered": understood.text} if found else None


def _top_hit(hits: list[dict], understood: Understood) -> dict | None:
    definition = understood.asks_definition
    kinds = ("rule", "ruling", "term") if definition else ("rule", "ruling")
    if not hits or hits[0]["kind"] not in kinds or not hits[0]["text"]:
        return None
    if hits[0]["kind"] == "term" and hits[0]["title"].lower() == understood.text.lower():
        return hits[0]  # "what is a rally card": the term Rally, however close the card Rally
    if answers.headed_by(hits[0], understood):
        return hits[0]  # "start of each round anarchy": the rule headed "Start of Each Round"
    top = hits[0]["score"]
    if len(hits) == 1 or (top > 0 and top >= ANSWER_MARGIN * max(hits[1]["score"], 0)):
        return hits[0] if hits[0]["kind"] == "term" or answers.speaks_of(hits[0], understood) \
            else None
    # Close scores: the top hit still answers when no other rule or ruling near it has
    # nearly every word asked (a glossary entry of the same words sums the rule up).
    rival = next((hit for hit in hits[1:3] if hit["kind"] != "term"), None)
    if not definition and answers.speaks_of(hits[0], understood) \
            and (rival is None or not answers.speaks_of(rival, understood)):
        return hits[0]
    return None


def _fuzzy_hits(query: Query, compiled, game: str | None, kind: str | None,
                limit: int) -> list[dict]:
    """Hits for close names standing in for the free text, within ``game`` and
    ``kind``; field terms still apply."""
    close = similar_documents(compiled.phrase, game=game, limit=limit)
    if not close:
        return []
    ids = [doc.pk for doc, _ in close]
    scores = {doc.pk: score for doc, score in close}
    if compiled.where:  # field terms still apply
        compiled = Compiler(DOCUMENTS, get_backend(), text_q=lambda term: Q(pk__in=ids)).compile(query)
        rows = _documents(game, kind).filter(compiled.where, pk__in=ids).order_by(in_given_order(ids))
        return [_hit(row, scores[row["id"]]) for row in rows.values(*HIT_FIELDS)]
    # Free text alone: the close names within the scope, compiled once per shape.
    values = {"game": game, "kind": kind, "ids": tuple(ids)}
    values = {name: value for name, value in values.items() if value}
    rows = shapes.fetch(("fuzzy",), values, lambda v: _documents(v.get("game"), v.get("kind")).filter(
        pk__in=list(v["ids"])).values_list(*HIT_FIELDS))
    by_id = {row[0]: dict(zip(HIT_FIELDS, row, strict=True)) for row in rows}
    return [_hit(by_id[pk], scores[pk]) for pk in ids if pk in by_id]
