"""Compile a parsed query (rulesref.search.syntax) to ORM filters.

Field terms become Q objects on Entry columns; free words, phrases, ``name:``
and ``o:`` become full-text conditions on the search index. The free-text
terms that every result must match (those ANDed at the top level, not
negated) are gathered into one ``TextMatch``: the caller joins the index once
with it and ranks by it. Text terms under ``or`` or ``-`` become ``pk IN
(matching documents)`` subqueries instead.

``None`` is unknown: a comparison never matches an unknown value, and neither
does its negation (``-g:dark`` is "the glyph is known and not dark").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import and_, or_

from django.db.models import BooleanField, Exists, Expression, F, OuterRef, Q

from cardsite.catalog import games
from cardsite.models import Game
from rulesref.search.backends import TextMatch, TextTerm, tokens_of
from rulesref.search.syntax import And, Field, Not, Or, Query, Text

NUMERIC_LOOKUPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
ATTRIBUTE_FIELDS = {"type", "glyph", "symbol", *games.NUMERIC_ATTRIBUTES}


@dataclass(frozen=True)
class Target:
    """How a model being searched reaches its search document and entry columns."""

    name: str  # for warnings: "cards", "rulings", ...
    kind: str | None  # its documents' kind (None: SearchDocument itself, every kind)
    doc_path: str  # model -> SearchDocument ("search_document__" or "")
    fts_path: str  # model -> the SQLite FTS row
    doc_value: str  # SearchDocument column holding the model's id
    name_field: str  # the column an exact name match is checked on
    entry_path: str | None = None  # model -> Entry columns; None: card fields do not apply
    entry_pk: str = "pk"


ENTRIES = Target("cards", "card", "search_document__", "card_fts__", "entry_id", "name", "", "pk")
DOCUMENTS = Target("everything", None, "", "fts__", "pk", "name", "entry__", "entry_id")
RULINGS = Target("rulings", "ruling", "search_document__", "search_document__fts__",
                 "ruling_id", "question")
RULES = Target("rules", "rule", "search_document__", "search_document__fts__", "rule_id", "title")
TERMS = Target("glossary terms", "term", "search_document__", "search_document__fts__",
               "term_id", "term")


class KeywordIn(Expression):
    """True when a JSON list of keywords holds ``keyword`` (any letter case)."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, path: str, keyword: str):
        super().__init__()
        self.source = F(path)
        self.keyword = keyword.lower()

    def get_source_expressions(self):
        return [self.source]

    def set_source_expressions(self, exprs):
        (self.source,) = exprs

    def as_sql(self, compiler, connection):
        column, params = compiler.compile(self.source)
        sql = (f"EXISTS (SELECT 1 FROM json_each({column}) AS kw "
               "WHERE kw.type = 'text' AND lower(kw.value) = %s)")
        return sql, [*params, self.keyword]

    def as_postgresql(self, compiler, connection):
        column, params = compiler.compile(self.source)
        sql = (f"EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof({column})"
               f" = 'array' THEN {column} ELSE '[]'::jsonb END) AS kw(value) "
               "WHERE lower(kw.value) = %s)")
        return sql, [*params, *params, self.keyword]


@dataclass
class Compiled:
    where: Q = field(default_factory=Q)
    match: TextMatch | None = None
    phrase: str = ""  # the positive free text, for exact and prefix name ranking
    warnings: list[str] = field(default_factory=list)


def text_term(node: Text | Field) -> TextTerm | None:
    if isinstance(node, Text):
        tokens = tokens_of(node.value)
        if not tokens:
            return None
        alternatives = tuple(a for a in node.alternatives if a and a != tokens)
        return TextTerm(tokens, "phrase" if node.phrase and len(tokens) > 1 else "any",
                        alternatives)
    tokens = tokens_of(str(node.value))
    return TextTerm(tokens, "name" if node.name == "name" else "body") if tokens else None


def _is_text(node) -> bool:
    return isinstance(node, Text) or (isinstance(node, Field) and node.name in ("name", "text"))


class Compiler:
    """One compilation; ``text_q`` replaces the full-text subqueries (fuzzy mode)."""

    def __init__(self, target: Target, backend, *, text_q=None):
        self.target = target
        self.backend = backend
        self.text_q_override = text_q
        self.warnings: list[str] = []
        self._games = None
        self._tags: list[TextTerm] | None = None  # collecting top-level tags prefilters

    # -- entry points ----------------------------------------------------------

    def compile(self, query: Query) -> Compiled:
        out = Compiled()
        out.phrase = " ".join(
            t.value.strip() for t in query.texts(positive_only=True) if tokens_of(t.value))
        root = query.root
        if root is None:
            out.warnings = self.warnings
            return out
        conjuncts = list(root.children) if isinstance(root, And) else [root]
        match_terms, rest = [], []
        for node in conjuncts:
            term = text_term(node) if _is_text(node) and self.text_q_override is None else None
            if term is not None:
                match_terms.append(term)
            else:
                rest.append(node)
        if match_terms:
            out.match = TextMatch(tuple(match_terms))
        # The tags prefilters of the top-level type/keyword terms go into one index
        # lookup: one subquery each made PostgreSQL plan for seconds at 40 terms.
        self._tags = []
        qs = [self.field(n) if isinstance(n, Field) and not _is_text(n) else self.node(n)
              for n in rest]
        qs = [q for q in qs if q is not None]
        if self._tags:
            qs.append(self.backend.matching(self._tags, self.target))
        self._tags = None
        out.where = reduce(and_, qs) if qs else Q()
        out.warnings = self.warnings
        return out

    def node(self, node) -> Q | None:
        tags, self._tags = self._tags, None  # below the top level: a prefilter each
        try:
            return self._node(node)
        finally:
            self._tags = tags

    def _node(self, node) -> Q | None:
        if isinstance(node, Not):
            return self.negation(node.child)
        if isinstance(node, And | Or):
            parts = [q for q in map(self.node, node.children) if q is not None]
            if not parts:
                return None
            return reduce(and_ if isinstance(node, And) else or_, parts)
        if _is_text(node):
            return self.text(node)
        return self.field(node)

    def negation(self, child) -> Q | None:
        if isinstance(child, Field) and child.name in ATTRIBUTE_FIELDS and self._entry_ok(child):
            compiled = self.field(child)
            if compiled is None:
                return None
            return self._known(child.name) & ~compiled
        compiled = self.node(child)
        return None if compiled is None else ~compiled

    # -- text --------------------------------------------------------------------

    def text(self, node) -> Q | None:
        term = text_term(node)
        if term is None:
            shown = node.value if isinstance(node, Text) else f"{node.name}:{node.value}"
            self.warnings.append(f"'{shown}' has no letters or digits to search for (ignored).")
            return None
        if self.text_q_override is not None:
            return self.text_q_override(term)
        return self._matching(term)

    def _matching(self, term: TextTerm) -> Q:
        """The searched objects whose document matches ``term`` (a subquery on the index)."""
        return self.backend.matching([term], self.target)

    def _tagged(self, value: str, exact: Q) -> Q:
        """``exact``, narrowed first through the indexed tags column (type and keywords
        are in it), so the exact test runs on candidates instead of every row."""
        tokens = tokens_of(value)
        if not tokens:
            return exact
        if self._tags is not None:
            self._tags.append(TextTerm(tokens, "tags"))
            return exact
        return self._matching(TextTerm(tokens, "tags")) & exact

    # -- fields ------------------------------------------------------------------

    def _entry_ok(self, node: Field) -> bool:
        if node.name == "game" or self.target.entry_path is not None:
            return True
        self.warnings.append(
            f"'{node.name}' applies to cards, not to {self.target.name} (ignored)."
        )
        return False

    def _e(self, name: str) -> str:
        return f"{self.target.entry_path}{name}"

    def _known(self, name: str) -> Q:
        return Q(**{f"{self._e(name)}__isnull": False})

    def field(self, node: Field) -> Q | None:
        if not self._entry_ok(node):
            return None
        name, value = node.name, node.value
        if name == "game":
            return self.game(value)
        if name in games.NUMERIC_ATTRIBUTES:
            if node.op == "!=":
                return Q(**{f"{self._e(name)}__lt": value}) | Q(**{f"{self._e(name)}__gt": value})
            return Q(**{f"{self._e(name)}__{NUMERIC_LOOKUPS[node.op]}": value})
        if name == "kind":
            return Q(**{self._e("kind"): value})
        if name == "type":
            slug = "-".join(str(value).lower().split())
            return self._tagged(slug, Q(**{f"{self._e('type')}__icontains": slug}))
        if name == "glyph":
            return Q(**{self._e("glyph"): value})
        if name == "symbol":
            return Q(**{f"{self._e('symbol')}__iexact": value})
        if name in ("keyword", "is"):
            return self._tagged(str(value), Q(KeywordIn(self._e("keywords"), str(value))))
        if name == "has":
            return self.has(value)
        raise AssertionError(f"unhandled field {name}")  # the parser only lets known ones through

    def has(self, value: str) -> Q:
        if value == "text":
            return Q(**{f"{self._e('text')}__gt": ""})
        if value == "ruling":
            from rulesref.models import Ruling  # the models module imports this package

            links = Ruling.entries.through.objects.filter(entry_id=OuterRef(self.target.entry_pk))
            return Q(Exists(links))
        if value == "image":
            from cardsite.images.models import EntryImage

            return Q(Exists(EntryImage.objects.filter(entry_id=OuterRef(self.target.entry_pk))))
        cases = []
        for game, types in games.GAME_TYPES.items():
            listed = [t.slug for t in types]
            in_game = Q(**{self._e("game__slug"): game})
            for t in types:  # a listed type: its own attributes
                cases.append((in_game & Q(**{self._e("type"): t.slug}),
                              games.applicable_attributes(game, t.slug)))
            for kind in games.ENTRY_KINDS:  # any other type: what its kind may have
                cases.append((in_game & Q(**{self._e("kind"): kind})
                              & ~Q(**{f"{self._e('type')}__in": listed}),
                              games.applicable_attributes(game, None, kind)))
        # has:unknown counts only attributes that apply to the entry's type.
        return reduce(or_, (
            where & reduce(or_, (Q(**{f"{self._e(attr)}__isnull": True}) for attr in attributes))
            for where, attributes in cases
        ))

    def game(self, value: str) -> Q | None:
        if self._games is None:
            self._games = list(Game.objects.order_by("position").values_list("slug", "short_name", "name"))
        wanted = str(value).lower().strip()
        as_slug = "-".join(wanted.split())
        exact = [s for s, short, name in self._games
                 if as_slug == s or wanted in (short.lower(), name.lower())]
        found = exact or [s for s, short, name in self._games
                          if s.startswith(as_slug) or short.lower().startswith(wanted)]
        if not found:
            self.warnings.append(
                f"Unknown game '{value}' (ignored): use one of {', '.join(games.GAME_SLUGS)} "
                "or a game's short name."
            )
            return None
        return Q(game__slug__in=found)  # every searched model has its own game

