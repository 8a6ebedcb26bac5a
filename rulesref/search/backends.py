"""Full-text search behind one interface, with a backend per database vendor.

A ``TextMatch`` (an AND of ``TextTerm``s) becomes a filter on SearchDocument
(``match_q``), a relevance score where higher is better (``score``), a snippet
with sentinel characters around matches (``snippet``), a ``pk IN (matching
objects)`` condition for terms under ``or`` and ``-`` (``matching``) and, for
misspelt names, a shortlist of similar names (``similar_names``). ``target``
(rulesref.search.compiler.Target) says how the model being queried reaches
the index.

User text never reaches SQL as SQL: terms are reduced to letter/digit tokens,
written into the MATCH or tsquery expression, and passed as a parameter.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import reduce

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank
from django.db import connection
from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    F,
    FloatField,
    Func,
    Q,
    TextField,
    Value,
)
from django.db.models.functions import Coalesce, Concat, Greatest, NullIf

from rulesref.search import shapes
from rulesref.search.models import DOCUMENT_KINDS, SearchDocument, SearchFullText, id_range

# Private-use characters around matches; unified.snippet_html turns them into <mark>.
MARK_START, MARK_END = "\ue000", "\ue001"

# What a misspelt-name shortlist holds of each document.
CLOSE_FIELDS = ("id", "kind", "name", "game__slug", "entry_id")

_TOKEN_RE = re.compile(r"[^\W_]+")

# Column weights: name > tags (type, aliases, keywords) = body (text) > extra
# (rulings) on PostgreSQL (D, C, B, A = extra, body, tags, name); on SQLite the
# name weighs half the body, since bm25 already favours a short name and a ruling's
# question (its name) outweighed the rule it cites: where a rule answered, a ruling
# came first twice as often as on PostgreSQL (tuning sets, 82 vs 38 misses). Name
# weight 4 -> 2: tuning top 1/top 3 496/581 -> 508/591 of 644, blind 409/510 -> 418/512
# of 588. A rule's text is in the body: a body weighted below the tags let rulings
# bury the rules they cite.
SQLITE_WEIGHTS = (2.0, 4.0, 4.0, 1.0)
MAX_NAME_CANDIDATES = 2000  # beyond: name-ranking every match costs no more
POSTGRES_WEIGHTS = [0.1, 0.4, 0.4, 1.0]
# A single term: ts_rank_cd divided by the document's length, as bm25 does: a short
# rule that states the answer outranks a long ruling that mentions its words in
# passing.
POSTGRES_NORMALIZATION = 2
# Several terms: bm25, as SQLite's FTS5 ranks. Each term's count in a document is
# ts_rank_cd's with no normalisation (each occurrence counted at its column's
# weight), saturated (k1) against the document's length (its distinct words, from
# length(vector)) over a typical length, and weighed by the term's rarity. The
# saturation keeps a word said five times in a long ruling from outscoring a short
# rule with every word: blind top 1 / top 3 287/395 -> 307/415 of 488 with the
# English stop words still dropped, 326/421 with every word kept (migration 0004);
# 1 + log length saturated (normalisation 33) had reached 301/416.
BM25_K1, BM25_B = 1.2, 0.75
TYPICAL_LENGTH = 20.0  # distinct words of a document: the bundled index's mean is 20.7


def tokens_of(text: str) -> tuple[str, ...]:
    """Letter/digit runs, lowercased: what both tokenizers index."""
    return tuple(t.lower() for t in _TOKEN_RE.findall(text or ""))


def expression_of(backend, match) -> str:
    """The backend's MATCH / tsquery text for a TextMatch; a string is one already
    (rulesref.search.shapes compiles SQL once from a stand-in expression)."""
    return match if isinstance(match, str) else backend.expression(match)


@dataclass(frozen=True)
class TextTerm:
    """One word, phrase, name: or o: term.

    scope "any": every column, and a prefix of the name ("tenta" finds Tentakiller);
    "phrase": the tokens in a row, in any column; "name": a prefix in the name;
    "body": the tokens in a row in the text column; "tags": the tokens in a row,
    the last one a prefix, in the tags column (type, keywords: a prefilter).
    """

    tokens: tuple[str, ...]
    scope: str = "any"
    alternatives: tuple[tuple[str, ...], ...] = ()  # other token runs that match too


@dataclass(frozen=True)
class TextMatch:
    """All of the terms, or (``any``) at least one of them, ranked by how many match."""

    terms: tuple[TextTerm, ...]
    any: bool = False


class SqliteBackend:
    vendor = "sqlite"
    weighs_rare_words = True  # bm25: a word in few documents scores more

    @staticmethod
    def _phrase(tokens) -> str:
        return '"' + " ".join(tokens) + '"'

    def expression(self, match: TextMatch) -> str:
        parts = []
        for term in match.terms:
            phrase = self._phrase(term.tokens)
            if term.scope == "any":
                parts.append(f"({phrase} OR name : {phrase}*)")
            elif term.scope == "name":
                parts.append(f"name : {phrase}*")
            elif term.scope == "body":
                parts.append(f"body : {phrase}")
            elif term.scope == "tags":
                parts.append(f"tags : {phrase}*")
            else:
                parts.append(phrase)
            if term.alternatives:
                others = " OR ".join(self._phrase(a) for a in term.alternatives)
                parts[-1] = f"({parts[-1]} OR {others})"
        return (" OR " if match.any else " AND ").join(parts)

    def match_q(self, match: TextMatch | str, target) -> Q:
        return Q(**{f"{target.fts_path}table__match": expression_of(self, match)})

    def score(self, match: TextMatch | str, target, terms=()):
        bm25 = Func(F(f"{target.fts_path}table"), *map(Value, SQLITE_WEIGHTS), function="bm25",
                    output_field=FloatField())
        return bm25 * Value(-1.0)  # bm25 is lower-is-better

    def snippet(self, match: TextMatch | str, target):
        # From the body (column 2: ability text, answer, rule text) when the match
        # is there, so a hit shows more than its title again; else from the extra
        # text (rulings on a card) when it matches there; else the body's start.
        # Never the tags: "rumble 21.1 Set Up The Dead Wizard Deck" is no excerpt.
        def column(index):
            return Func(
                F(f"{target.fts_path}table"), Value(index), Value(MARK_START), Value(MARK_END),
                Value(" … "), Value(24), function="snippet", output_field=TextField(),
            )

        def matches(index):
            return Func(column(index), Value(MARK_START), function="instr")
        def iif(*args):
            return Func(*args, function="iif", output_field=TextField())
        return iif(matches(2), column(2), iif(matches(3), column(3), column(2)))

    def matching(self, terms, target) -> Q:
        # One FTS scan narrowed by rowid range: no join SQLite could drive the wrong way.
        rows = SearchFullText.objects.filter(table__match=self.expression(TextMatch(tuple(terms))))
        if target.kind is None:
            return Q(pk__in=rows.values("pk"))
        low, high = id_range(target.kind)
        rows = rows.filter(pk__gte=low, pk__lt=high)
        return Q(pk__in=rows.values(object_id=F("pk") - Value(low)) if low else rows.values("pk"))

    def best_scored(self, match: str, names: str, cuts: list[tuple[str | None, int]],
                    game_ids: list[int] | None, kind_order: dict[str, int], *,
                    answer_kinds: tuple[str, ...] | None = None, first: tuple[int, ...] = ()
                    ) -> tuple[list[tuple], list[int]] | None:
        """Per cut (a kind or None for all, and a number n): the documents matching
        ``match`` whose name matches ``names`` (all of them: the candidates) and the
        ``first`` ids, then the n others first by score, ``kind_order`` and id,
        ranked in the index before any join (but the game's, for ``game_ids``).
        For a question (``answer_kinds``), the others' order starts with rule
        headings last (a rule without text) and answers first (a document of
        ``answer_kinds`` with text); whether a document has text is looked up for
        those kinds' rows alone (rules, rulings and terms: a few hundred, however
        many cards). Returns [(id, score, candidate, kind, name, heading, answer)]
        and how many match per cut. FTS5 scores every match either way; this saves
        joining, name-ranking and sorting every one of them. None when the
        candidates are too many for that to pay."""
        table, documents = SearchFullText._meta.db_table, SearchDocument._meta.db_table
        join = f" JOIN {documents} g ON g.id = {table}.rowid" if game_ids is not None else ""
        filters = []
        for kind, _ in cuts:
            where, params = [], []
            if kind is not None:
                where.append(f"{table}.rowid >= %s AND {table}.rowid < %s")
                params += list(id_range(kind))
            if game_ids is not None:
                where.append(f"g.game_id IN ({', '.join(['%s'] * len(game_ids))})")
                params += game_ids
            filters.append(("".join(f" AND {w}" for w in where), params))
        # A document's kind is its id block: the kind order needs no join either.
        ranks = " ".join(f"WHEN {table}.rowid >= {id_range(k)[0]} AND {table}.rowid < "
                         f"{id_range(k)[1]} THEN {n}" for k, n in kind_order.items())
        weights = ", ".join(map(str, SQLITE_WEIGHTS))

        def within(kinds) -> str:
            return " OR ".join(f"({table}.rowid >= {id_range(k)[0]} AND {table}.rowid < "
                               f"{id_range(k)[1]})" for k in kinds) or "0"

        has_text = (f"(SELECT COALESCE(body, '') != '' FROM {documents} "
                    f"WHERE id = {table}.rowid)")
        heading, answer, order = "0", "0", ""
        if answer_kinds is not None:  # CASE looks text up only for the kinds' rows
            heading = f"CASE WHEN {within(['rule'])} THEN NOT {has_text} ELSE 0 END"
            answer = f"CASE WHEN {within(answer_kinds)} THEN {has_text} ELSE 0 END"
            order = "heading, answer DESC, "
        firsts = f"{table}.rowid IN ({', '.join(map(str, map(int, first)))})" if first else "0"
        scan = (f"SELECT * FROM (SELECT {table}.rowid AS id, bm25({table}, {weights}) * -1.0 "
                f"AS score, {table}.rowid IN (SELECT rowid FROM {table} WHERE {table} MATCH %s) "
                f"AS candidate, CASE {ranks} ELSE {len(kind_order)} END AS kind_rank, "
                f"{heading} AS heading, {answer} AS answer, {firsts} AS is_first "
                f"FROM {table}{join} WHERE {table} MATCH %s{{}} "
                f"ORDER BY is_first DESC, candidate DESC, {order}score DESC, kind_rank, id "
                "LIMIT %s)")
        with connection.cursor() as cursor:
            totals, candidates = self._cut_counts(cursor, match, names, cuts, filters, join,
                                                  game_ids)
            if sum(candidates) > MAX_NAME_CANDIDATES:
                return None
            # Each cut before the join: only the rows kept are looked up.
            cursor.execute(
                "SELECT s.id, s.score, s.candidate, d.kind, d.name, s.heading, s.answer FROM ("
                + " UNION ALL ".join(scan.format(where) for where, _ in filters)
                + f") s JOIN {documents} d ON d.id = s.id",
                [p for (where, params), (_, n), c in zip(filters, cuts, candidates, strict=True)
                 for p in (names, match, *params, c + n + len(first))])
            return cursor.fetchall(), totals

    @staticmethod
    def _cut_counts(cursor, match, names, cuts, filters, join, game_ids):
        """How many documents match per cut, and how many of those match ``names``."""
        table = SearchFullText._meta.db_table
        if len(cuts) == 1:  # two FTS counts (the second an intersection in the index)
            (where, params), = filters
            counted = f"(SELECT COUNT(*) FROM {table}{join} WHERE {table} MATCH %s{where})"
            cursor.execute(f"SELECT {counted}, {counted}",
                           [match, *params, f"({match}) AND ({names})", *params])
            total, candidates = cursor.fetchone()
            return [total], [candidates]
        # Every cut's counts from one pass over the matches, grouped by kind (its id
        # block): a count per cut and per name match read the matches eight times for
        # the search page's four sections.
        games = f" AND g.game_id IN ({', '.join(['%s'] * len(game_ids))})" if join else ""
        blocks = " ".join(f"WHEN {table}.rowid >= {id_range(k)[0]} AND {table}.rowid < "
                          f"{id_range(k)[1]} THEN '{k}'" for k in DOCUMENT_KINDS)
        cursor.execute(
            f"SELECT CASE {blocks} END AS kind, COUNT(*), SUM({table}.rowid IN (SELECT rowid "
            f"FROM {table} WHERE {table} MATCH %s)) FROM {table}{join} "
            f"WHERE {table} MATCH %s{games} GROUP BY 1",
            [names, match, *(game_ids or ())])
        by_kind = {kind: (n, c) for kind, n, c in cursor.fetchall()}
        return ([sum(n for k, (n, _) in by_kind.items() if kind in (None, k)) for kind, _ in cuts],
                [sum(c for k, (_, c) in by_kind.items() if kind in (None, k)) for kind, _ in cuts])

    def similar_names(self, text: str, kind: str | None, limit: int) -> list[tuple]:
        """Documents sharing the most substrings with ``text``, best first, as
        CLOSE_FIELDS rows.

        Names holding one of the text's 4-character runs first (a typo leaves most
        of them intact, and they are rare); if none does, any of its trigrams. The
        SQL is compiled once per shape: building it cost more than running it."""
        lowered = " ".join(tokens_of(text))
        for width in (4, 3) if len(lowered) > 4 else (3,):
            runs = dict.fromkeys(lowered[i:i + width] for i in range(len(lowered) - width + 1))
            runs = [r for r in runs if len(r.strip()) == width]
            if not runs:
                continue
            values = {"match": " OR ".join('"' + r + '"' for r in runs)}
            if kind is not None:
                values["low"], values["high"] = id_range(kind)
            found = shapes.fetch(("similar-names", limit), values, lambda v: _close_by_trigrams(
                v["match"], v.get("low"), v.get("high"), limit))
            if found:
                return found
        return []


def _close_by_trigrams(match: str, low: int | None, high: int | None, limit: int):
    documents = SearchDocument.objects.filter(trigram__table__match=match)
    if low is not None:
        documents = documents.filter(trigram__pk__gte=low, trigram__pk__lt=high)
    bm25 = Func(F("trigram__table"), function="bm25", output_field=FloatField())
    return (documents.annotate(similarity=bm25 * Value(-1.0)).order_by("-similarity")
            .values_list(*CLOSE_FIELDS)[:limit])


class WordSimilar(Func):
    """pg_trgm's ``text <% name``: some word run of the name resembles the text."""

    arg_joiner = " <%% "
    template = "%(expressions)s"
    output_field = BooleanField()
    conditional = True


class Similar(WordSimilar):
    """pg_trgm's ``text % name``: the whole name resembles the text (short names)."""

    arg_joiner = " %% "


class PostgresBackend:
    vendor = "postgresql"
    config = "grimoire"  # English stemming, every word kept (migration 0004)
    # ts_rank_cd counts every word alike: a sentence's hits were ranked by its
    # commonest words ("attack", "card"). Given its terms' weights (rulesref.search.
    # questions.term_weights), a score sums each term's rank times its weight.
    weighs_rare_words = False

    @staticmethod
    def _chain(tokens, suffix_all: str = "", suffix_last: str = "") -> str:
        # Quoted lexemes: whatever a token holds, the tsquery parser reads one lexeme.
        words = [f"'{t}'{suffix_all}" for t in tokens]
        words[-1] = f"'{tokens[-1]}'{suffix_last}"
        return " <-> ".join(words)

    def expression(self, match: TextMatch) -> str:
        parts = []
        for term in match.terms:
            plain = self._chain(term.tokens)
            if term.scope == "any":
                parts.append(f"({plain} | {self._chain(term.tokens, ':A', ':*A')})")
            elif term.scope == "name":
                parts.append(f"({self._chain(term.tokens, ':A', ':*A')})")
            elif term.scope == "body":
                parts.append(f"({self._chain(term.tokens, ':C', ':C')})")
            elif term.scope == "tags":
                parts.append(f"({self._chain(term.tokens, ':B', ':*B')})")
            else:
                parts.append(f"({plain})")
            if term.alternatives:
                others = " | ".join(f"({self._chain(a)})" for a in term.alternatives)
                parts[-1] = f"({parts[-1]} | {others})"
        return (" | " if match.any else " & ").join(parts)

    def query(self, match: TextMatch | str) -> SearchQuery:
        return SearchQuery(expression_of(self, match), search_type="raw", config=self.config)

    def match_q(self, match: TextMatch | str, target) -> Q:
        return Q(**{f"{target.doc_path}vector": self.query(match)})

    def score(self, match: TextMatch | str, target, terms: tuple[tuple[str, int], ...] = ()):
        """Cover density over the length (ts_rank saturates near 1.0 once several
        words match, which flattens the margin the answer box needs: a strong rule
        vs a weak ruling); with ``terms`` ((tsquery text, weight in thousandths)
        each), bm25 over them."""
        vector = F(f"{target.doc_path}vector")
        if not terms:
            return SearchRank(vector, self.query(match), cover_density=True,
                              weights=POSTGRES_WEIGHTS, normalization=POSTGRES_NORMALIZATION)
        length = Func(vector, function="length", output_field=FloatField())
        norm = Value(BM25_K1 * (1 - BM25_B)) + Value(BM25_K1 * BM25_B / TYPICAL_LENGTH) * length

        def saturated(text):
            count = SearchRank(vector, self.query(text), cover_density=True,
                               weights=POSTGRES_WEIGHTS, normalization=0)
            return ExpressionWrapper(count * Value(BM25_K1 + 1) / (count + norm),
                                     output_field=FloatField())
        summed = reduce(operator.add, (saturated(text) * Value(weight) for text, weight in terms))
        return ExpressionWrapper(summed / Value(1000.0), output_field=FloatField())

    def snippet(self, match: TextMatch | str, target):
        prefix = target.doc_path
        text = Concat(F(f"{prefix}body"), Value(" "), F(f"{prefix}extra"), output_field=TextField())
        source = Coalesce(NullIf(Func(text, function="btrim"), Value("")), F(f"{prefix}name"))
        return SearchHeadline(
            source, self.query(match), config=self.config, start_sel=MARK_START,
            stop_sel=MARK_END, max_words=24, min_words=10, max_fragments=2,
            fragment_delimiter=" … ",
        )

    def matching(self, terms, target) -> Q:
        documents = SearchDocument.objects.filter(vector=self.query(TextMatch(tuple(terms))))
        if target.kind is not None:
            documents = documents.filter(kind=target.kind)
        return Q(pk__in=documents.values(target.doc_value))

    def similar_names(self, text: str, kind: str | None, limit: int) -> list[tuple]:
        documents = SearchDocument.objects.all()
        lowered = " ".join(tokens_of(text))
        if len(lowered) < 3:
            return []
        similarity = Greatest(
            Func(Value(lowered), F("name"), function="word_similarity", output_field=FloatField()),
            Func(Value(lowered), F("name"), function="similarity", output_field=FloatField()),
        )
        close = Q(WordSimilar(Value(lowered), F("name"))) | Q(Similar(Value(lowered), F("name")))
        if kind is not None:
            documents = documents.filter(kind=kind)
        return list(documents.filter(close).annotate(similarity=similarity)
                    .order_by("-similarity").values_list(*CLOSE_FIELDS)[:limit])


def get_backend():
    """The backend for the default connection's vendor."""
    if connection.vendor == "postgresql":
        return PostgresBackend()
    return SqliteBackend()
