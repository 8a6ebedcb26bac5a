"""The search syntax of PRODUCT.md ("Search syntax"): tokenizer, parser, AST.

    dark bolt                 free words (implicit and)
    "deal 3 damage"           a phrase
    t:delivery g:dark         field terms (aliases: t type, g glyph, o text, kw keyword)
    init>=14 cost!=3          numeric comparisons (: = != < <= > >=)
    -is:keep                  negation
    (g:dark or g:arcane)      or, parentheses
    order:init dir:desc       result order

Grammar (recursive descent over tokens)::

    query   := or_expr EOF
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary+                      ("and" between terms is allowed)
    unary   := "-" unary | "(" or_expr ")" | term

Unknown fields or values become ``Query.warnings`` naming the valid ones and
are dropped from the tree, so the rest of the query still runs. Anything that
cannot be parsed raises ``QuerySyntaxError`` with a 0-based character position.

The cost model: a query's work in the database grows with its terms (each one
a condition), its prefix words (each a name-prefix expansion in the index), its
nesting (each level a nested SQL expression, and a Python frame here) and its
lookups (terms compiled to a subquery of their own: text under ``or`` or ``-``,
``has:ruling``, and type or keyword terms under ``or`` or ``-``; PostgreSQL plans
each one, about 10 ms apiece). ``LIMITS`` bounds all five before any database
work; going over
one is a ``QueryLimitError`` (a QuerySyntaxError: a 400 naming the limit and
the position of the first term past it). The descent is bounded by
``max_depth``, far below Python's recursion limit.

Over 400 lines and kept whole: the grammar, its tokens and its limits are one
parser (one recursive descent over one token stream).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardsite.catalog import games
from rulesref.search.answer_kinds import QUESTION_WORDS, YES_NO_WORDS
from rulesref.search.stopwords import bare, is_stop_word

MAX_NUMBER = 1_000_000  # beyond any printed value; keeps SQLite integers in range


class QuerySyntaxError(ValueError):
    """A query that cannot be parsed; ``position`` is a 0-based character index."""

    def __init__(self, message: str, position: int):
        super().__init__(message, position)
        self.message = message
        self.position = position

    def __str__(self):
        return f"{self.message} (at character {self.position + 1})"


class QueryLimitError(QuerySyntaxError):
    """A query over one of ``LIMITS``; ``limit`` names it ("length", "terms", ...)."""

    def __init__(self, message: str, position: int, limit: str):
        super().__init__(message, position)
        self.limit = limit


@dataclass(frozen=True)
class Limits:
    length: int = 500  # characters
    terms: int = 40  # words, phrases and field terms
    prefix_terms: int = 24  # free words, each prefix-matched on names
    depth: int = 12  # parentheses and negations inside each other
    lookups: int = 10  # terms that need a subquery of their own (see _count_lookups)


LIMITS = Limits()


# --- the AST -----------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """A free word or a "quoted phrase": matches names, types, text and rulings."""

    value: str
    phrase: bool = False
    position: int = field(default=0, compare=False)  # where it was typed, not what it is
    # Other token runs that also count as a match (rulesref.search.questions' synonyms).
    alternatives: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Field:
    """``name op value`` with the canonical field name; op is = != < <= > >=."""

    name: str
    op: str
    value: str | int
    position: int = field(default=0, compare=False)  # where it was typed, not what it is


@dataclass(frozen=True)
class Not:
    child: Node


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Text | Field | Not | And | Or


@dataclass
class Query:
    """A parsed query: ``root`` is None when nothing is left to match on."""

    root: Node | None = None
    order: str | None = None
    direction: str | None = None
    warnings: list[str] = field(default_factory=list)
    source: str = ""

    @property
    def is_empty(self) -> bool:
        return self.root is None

    def texts(self, *, positive_only: bool = False) -> list[Text]:
        """Every free word and phrase in the tree (optionally not under a negation)."""
        found: list[Text] = []

        def walk(node, negated):
            if isinstance(node, Text):
                if not (positive_only and negated):
                    found.append(node)
            elif isinstance(node, Not):
                walk(node.child, not negated)
            elif isinstance(node, And | Or):
                for child in node.children:
                    walk(child, negated)

        if self.root is not None:
            walk(self.root, False)
        return found

    def fields(self) -> list[Field]:
        found: list[Field] = []

        def walk(node):
            if isinstance(node, Field):
                found.append(node)
            elif isinstance(node, Not):
                walk(node.child)
            elif isinstance(node, And | Or):
                for child in node.children:
                    walk(child)

        if self.root is not None:
            walk(self.root)
        return found


# --- what fields and values exist ---------------------------------------------

TEXT_FIELDS = {
    "game": "game", "kind": "kind", "type": "type", "t": "type", "glyph": "glyph",
    "g": "glyph", "symbol": "symbol", "o": "text", "text": "text", "name": "name",
    "kw": "keyword", "keyword": "keyword", "is": "is", "has": "has",
    "order": "order", "dir": "dir",
}
NUMERIC_FIELDS = {
    "init": "initiative", "initiative": "initiative", "cost": "cost", "vp": "vp",
    "copies": "copies", "body": "body", "mind": "mind", "strength": "strength",
}
ENUM_VALUES = {
    "kind": games.ENTRY_KINDS,
    "glyph": games.GLYPHS,
    "is": ("attack", "defense", "ongoing", "creature", "rally", "reaction", "keep", "activate"),
    "has": ("ruling", "text", "unknown", "image"),
    "order": ("name", "cost", "init", "vp", "game"),
    "dir": ("asc", "desc"),
}
ORDER_ALIASES = {"initiative": "init", "victory": "vp"}
FIELD_HELP = (
    "game, kind, type (t), glyph (g), symbol, text (o), name, keyword (kw), is, has, "
    "initiative (init), cost, vp, copies, body, mind, strength, order, dir"
)
COMPARISONS = ("!=", "<=", ">=", ":", "=", "<", ">")

_FIELD_RE = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_NUMBER_RE = re.compile(r"[+-]?\d+")
_WORD_END = set(" \t\r\n\f\v()\"")


# --- tokens ------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    kind: str  # "(" ")" "or" "and" "-" "word" "phrase" "field" "eof"
    position: int
    text: str = ""
    # field tokens
    name: str = ""
    op: str = ""
    value: str = ""
    value_position: int = 0
    stray: bool = False  # an 'or'/'and' read as a word (see _operators_between_terms)


def _read_quoted(q: str, start: int) -> tuple[str, int]:
    """The text between the quote at ``start`` and its closing quote; the index after it."""
    end = q.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("This quote is never closed: add a closing \"", start)
    return q[start + 1:end], end + 1


def _ends_sentence_word(q: str, match: re.Match) -> bool:
    """A colon that ends a word no field is named for, before a space or the end."""
    name, end = match.group(1).lower(), match.end()
    return (end == len(q) or q[end].isspace()) and name not in TEXT_FIELDS \
        and name not in NUMERIC_FIELDS


def _dashes_alone(q: str, start: int) -> bool:
    end = start
    while end < len(q) and q[end] == "-":
        end += 1
    return end == len(q) or q[end].isspace()


def tokenize(q: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(q)
    while i < n:
        c = q[i]
        if c.isspace():
            i += 1
        elif c in "()":
            tokens.append(_Token(c, i))
            i += 1
        elif c == '"':
            text, i_next = _read_quoted(q, i)
            tokens.append(_Token("phrase", i, text=text))
            i = i_next
        elif c == "-" and (i == 0 or q[i - 1].isspace()) and _dashes_alone(q, i):
            # "rumble - do I lose the spell?", "rumble -- who goes first": dashes
            # standing alone are punctuation.
            while i < n and q[i] == "-":
                i += 1
        elif c == "-" and (i + 1 >= n or q[i + 1].isspace() or q[i + 1] == ")"):
            raise QuerySyntaxError("'-' must be directly followed by the term it negates", i)
        elif c == "-":
            tokens.append(_Token("-", i))
            i += 1
        else:
            start = i
            match = _FIELD_RE.match(q, i)
            if match and match.group(2) == ":" and _ends_sentence_word(q, match):
                # "take 3 damage: do I die?" is prose: the word, its colon dropped.
                tokens.append(_Token("word", start, text=match.group(1)))
                i = match.end()
                continue
            if match and match.group(2) == ":" and match.end() < n and q[match.end()].isspace():
                # "turn order: does a 2-card spell go first?" is prose too, though
                # a field has the name: the word, with a warning for syntax users.
                tokens.append(_Token("word", start, text=match.group(1), name=match.group(1)))
                i = match.end()
                continue
            if match:
                value_start = match.end()
                if value_start < n and q[value_start] == '"':
                    value, i = _read_quoted(q, value_start)
                    value_position = value_start + 1
                else:
                    i = value_start
                    while i < n and q[i] not in _WORD_END:
                        i += 1
                    value, value_position = q[value_start:i], value_start
                tokens.append(_Token(
                    "field", start, text=q[start:i], name=match.group(1).lower(),
                    op=match.group(2), value=value, value_position=value_position,
                ))
                continue
            while i < n and q[i] not in _WORD_END:
                i += 1
            word = q[start:i]
            if word.lower() in ("or", "and"):
                tokens.append(_Token(word.lower(), start, text=word))
            else:
                tokens.append(_Token("word", start, text=word))
    tokens.append(_Token("eof", n))
    return _operators_between_terms(tokens)


_ENDS_TERM = ("word", "phrase", "field", ")")
_STARTS_TERM = ("word", "phrase", "field", "(", "-")


def _operators_between_terms(tokens: list[_Token]) -> list[_Token]:
    """``or`` and ``and`` are operators only between two terms: at the start or
    the end of the query or of parentheses, or doubled ("and another", "or what?",
    "zap or or bolt"), they are the words a player typed (stop words, so a
    sentence leaves them out). After a ``-`` the operator stays, and its error."""
    out: list[_Token] = []
    for i, token in enumerate(tokens):
        if token.kind in ("or", "and"):
            before = out[-1] if out else None
            after = tokens[i + 1]
            doubled = after.kind in ("or", "and") or (before is not None and before.stray)
            between = before is not None and before.kind in _ENDS_TERM \
                and after.kind in _STARTS_TERM
            if (before is None or before.kind != "-") and (doubled or not between):
                token = _Token("word", token.position, text=token.text, stray=True)
        out.append(token)
    return out


# --- the parser ----------------------------------------------------------------

def _combine(cls, children):
    # A repeated term adds nothing but cost ("has:ruling has:ruling ..."): kept once.
    kept = tuple(dict.fromkeys(c for c in children if c is not None))
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else cls(kept)


class _Parser:
    def __init__(self, q: str):
        self.q = q
        self.tokens = tokenize(q)
        self.i = 0
        self.query = Query(source=q)
        self.depth = 0
        self.terms = 0
        self.prefix_terms = 0  # free words but stop words
        self.words = 0  # free words
        self.first_past_limit = 0

    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def parse(self) -> Query:
        if self.peek().kind != "eof":
            self.query.root = self.or_expr()
        token = self.peek()
        if token.kind == ")":
            raise QuerySyntaxError("This ')' has no matching '('", token.position)
        if not self.prefix_terms and self.words > LIMITS.prefix_terms:
            self.over_word_limit(self.first_past_limit)
        _count_lookups(self.query.root)
        return self.query

    def or_expr(self):
        children = [self.and_expr()]
        while self.peek().kind == "or":
            token = self.take()
            if self.peek().kind in ("or", ")", "eof"):
                raise QuerySyntaxError("'or' needs a term after it", token.position)
            children.append(self.and_expr())
        return _combine(Or, children)

    def and_expr(self):
        children = []
        token = self.peek()
        if token.kind in ("or", "and"):
            raise QuerySyntaxError(f"'{token.text}' needs a term before it", token.position)
        while self.peek().kind not in ("or", ")", "eof"):
            if self.peek().kind == "and":
                token = self.take()
                if self.peek().kind in ("or", "and", ")", "eof"):
                    raise QuerySyntaxError("'and' needs a term after it", token.position)
                continue
            children.append(self.unary())
        return _combine(And, children)

    def nested(self, token: _Token):
        self.depth += 1
        if self.depth > LIMITS.depth:
            raise QueryLimitError(
                f"Too deeply nested: at most {LIMITS.depth} parentheses and '-' inside each "
                "other", token.position, "depth")

    def counted(self, token: _Token):
        self.terms += 1
        if self.terms > LIMITS.terms:
            raise QueryLimitError(f"Too many terms: at most {LIMITS.terms} words, phrases and "
                                  "fields in one query", token.position, "terms")
        if token.kind == "word":
            # Stop words never reach the index (questions.understand drops them), so
            # a long sentence counts only its other words; unless it has none, when
            # the stop words are what is searched for (see parse).
            self.words += 1
            if self.words == LIMITS.prefix_terms + 1:
                self.first_past_limit = token.position
            if not is_stop_word(token.text):
                self.prefix_terms += 1
            if self.prefix_terms > LIMITS.prefix_terms:
                self.over_word_limit(token.position)

    def over_word_limit(self, position: int):
        raise QueryLimitError(
            f"Too many words: at most {LIMITS.prefix_terms} free words in one query "
            '(put a phrase in "quotes")', position, "prefix_terms")

    def unary(self):
        token = self.take()
        if token.kind in ("-", "("):
            self.nested(token)
            try:
                return self.group(token)
            finally:
                self.depth -= 1
        if token.kind in ("word", "phrase", "field"):
            self.counted(token)
        return self.term(token)

    def group(self, token: _Token):
        if token.kind == "-":
            nxt = self.peek()
            if nxt.kind in ("or", "and", ")", "eof"):
                raise QuerySyntaxError("'-' must be directly followed by the term it negates",
                                       token.position)
            child = self.unary()
            return None if child is None else Not(child)
        if token.kind == "(":
            if self.peek().kind == ")":
                raise QuerySyntaxError("Empty parentheses: put a term inside '( )'",
                                       token.position)
            if self.peek().kind == "eof":
                raise QuerySyntaxError("This '(' is never closed: add a ')'", token.position)
            inner = self.or_expr()
            if self.peek().kind != ")":
                raise QuerySyntaxError("This '(' is never closed: add a ')'", token.position)
            self.take()
            return inner

    def term(self, token: _Token):
        if token.kind == "word":
            if token.name:
                self.warn(f"'{token.name}:' is followed by a space, so it was read as the "
                          f"word '{token.name}'; as a field, write its value right after "
                          f"the colon ({token.name}:value).")
            return Text(token.text, phrase=False, position=token.position)
        if token.kind == "phrase":
            if not token.text.strip():
                self.query.warnings.append('An empty phrase "" was ignored.')
                return None
            return Text(token.text, phrase=True, position=token.position)
        if token.kind == "field":
            return self.field(token)
        # ")" here means "( )" handled above or a stray one at the start of a group
        raise QuerySyntaxError(f"Unexpected '{token.text or token.kind}'", token.position)

    def warn(self, message: str):
        self.query.warnings.append(message)

    def field(self, token: _Token):
        raw_name, op, value = token.name, token.op, token.value
        if raw_name in NUMERIC_FIELDS:
            return self.numeric_field(token, NUMERIC_FIELDS[raw_name])
        if raw_name not in TEXT_FIELDS:
            self.warn(f"Unknown field '{raw_name}' in '{token.text}' (ignored): use one of "
                      f"{FIELD_HELP}.")
            return None
        name = TEXT_FIELDS[raw_name]
        if not value.strip():
            raise QuerySyntaxError(f"Expected a value after '{raw_name}{op}'",
                                   token.value_position)
        if op not in (":", "=", "!="):
            self.warn(f"'{raw_name}' takes ':', '=' or '!=', not '{op}': '{token.text}' was "
                      "ignored.")
            return None
        value = value.strip()
        if name in ENUM_VALUES:
            value = self.enum_value(name, raw_name, value)
            if value is None:
                return None
        if name in ("order", "dir"):
            setattr(self.query, "order" if name == "order" else "direction", value)
            return None
        node = Field(name, "=", value, token.position)
        return Not(node) if op == "!=" else node

    def enum_value(self, name: str, raw_name: str, value: str) -> str | None:
        lowered = value.lower()
        if name == "order":
            lowered = ORDER_ALIASES.get(lowered, lowered)
        if name == "kind" and lowered.endswith("s") and lowered[:-1] in ENUM_VALUES["kind"]:
            lowered = lowered[:-1]  # kind:tokens
        if lowered in ENUM_VALUES[name]:
            return lowered
        self.warn(f"Unknown {raw_name} '{value}' (ignored): use one of "
                  f"{', '.join(ENUM_VALUES[name])}.")
        return None

    def numeric_field(self, token: _Token, name: str):
        op = "=" if token.op == ":" else token.op
        value = token.value.strip()
        if not _NUMBER_RE.fullmatch(value):
            shown = f", got '{value}'" if value else ""
            raise QuerySyntaxError(
                f"Expected a whole number after '{token.name}{token.op}'{shown}",
                token.value_position,
            )
        number = int(value)
        if abs(number) > MAX_NUMBER:
            raise QuerySyntaxError(f"The number {value} is out of range", token.value_position)
        return Field(name, op, number, token.position)


# Fields compiled through the index or a join (rulesref.search.compiler): at the top
# level the type and keyword ones share one lookup, elsewhere each has its own.
TAGGED_FIELDS = {"type", "keyword", "is"}
TEXT_FIELD_NAMES = {"name", "text"}


def _count_lookups(root):
    """Raise QueryLimitError at the first term past ``LIMITS.lookups`` (the tree is
    at most ``LIMITS.depth`` deep, so the recursion is bounded)."""
    count = 0

    def walk(node, nested):
        nonlocal count
        if isinstance(node, Not):
            walk(node.child, True)
        elif isinstance(node, And | Or):
            for child in node.children:
                walk(child, nested or isinstance(node, Or))
        else:
            texty = isinstance(node, Text) or node.name in TEXT_FIELD_NAMES
            if (nested and (texty or node.name in TAGGED_FIELDS)) or (
                    isinstance(node, Field) and node.name == "has" and node.value == "ruling"):
                count += 1
                if count > LIMITS.lookups:
                    raise QueryLimitError(
                        f"Too complex: at most {LIMITS.lookups} terms under 'or' or '-' "
                        "(or has:ruling) in one query", node.position, "lookups")

    if root is not None:
        walk(root, False)


_SYNTAX_CHARS = re.compile(r"[:<>=()\-]")


def _or_as_word(q: str) -> str:
    """``q`` with each lowercase ``or`` between two plain words blanked out
    (positions kept): "18 or 20", not "kw:a or kw:b" nor "(a) or -b"."""
    parts = re.split(r"(\s+)", q)
    words = [i for i, part in enumerate(parts) if part and not part.isspace()]
    for before, at, after in zip(words, words[1:], words[2:], strict=False):
        if parts[at] == "or" and not _SYNTAX_CHARS.search(parts[before] + parts[after]):
            parts[at] = "  "
    return "".join(parts)


def _asked(q: str) -> bool:
    """Whether ``q`` is typed as a question: a question word first ("can I ...", "do
    I ...", "which ...") or a "?" at its end."""
    words = q.split()
    return bool(words) and (q.rstrip().endswith("?")
                            or bare(words[0]) in QUESTION_WORDS | YES_NO_WORDS)


def parse(q: str) -> Query:
    """Parse a search query; raises QuerySyntaxError when it cannot be parsed or is
    over one of ``LIMITS`` (QueryLimitError)."""
    q = q or ""
    if len(q) > LIMITS.length:
        raise QueryLimitError(f"Too long: at most {LIMITS.length} characters ({len(q)} given)",
                              LIMITS.length, "length")
    # NUL cannot travel to PostgreSQL; a space keeps every position in place.
    q = q.replace("\x00", " ")
    if '"' not in q and _asked(q):
        # "do I shuffle right away or wait until I draw?": in a question a lowercase
        # 'or' between words is a word (OR in capitals stays the operator)
        sentence = _or_as_word(q)
        if sentence != q:
            query = _Parser(sentence).parse()
            query.source = q  # as typed: the words' positions are the same
            return query
    try:
        return _Parser(q).parse()
    except QueryLimitError as error:
        # "do I come back at 18 or 20?": in a sentence too long for an 'or' of its
        # halves, a lowercase 'or' is the word, a stop word like the rest.
        sentence = _or_as_word(q) if '"' not in q else q
        if error.limit != "lookups" or sentence == q:
            raise
        query = _Parser(sentence).parse()
        query.source = q  # as typed: the words' positions are the same
        query.warnings.append(f"'or' was read as a word; as an operator: {error.message}.")
        return query
