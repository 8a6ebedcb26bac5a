"""The search syntax parser: every construct, every warning, every error (no database)."""
import pytest

from rulesref.search.syntax import (
    LIMITS,
    And,
    Field,
    Not,
    Or,
    QueryLimitError,
    QuerySyntaxError,
    Text,
    parse,
)


def strip(node):
    """The tree without positions, for comparing shapes."""
    if isinstance(node, Text):
        return ("phrase" if node.phrase else "word", node.value)
    if isinstance(node, Field):
        return (node.name, node.op, node.value)
    if isinstance(node, Not):
        return ("not", strip(node.child))
    if isinstance(node, And | Or):
        return ("and" if isinstance(node, And) else "or", *map(strip, node.children))
    return node


TREES = [
    ("", None),
    ("   ", None),
    ("tentakiller", ("word", "tentakiller")),
    ("dark bolt", ("and", ("word", "dark"), ("word", "bolt"))),
    ('"deal 3 damage"', ("phrase", "deal 3 damage")),
    ('zap "deal damage" bolt', ("and", ("word", "zap"), ("phrase", "deal damage"), ("word", "bolt"))),
    ("game:rumble", ("game", "=", "rumble")),
    ('game:"satanic panic"', ("game", "=", "satanic panic")),
    ("kind:token", ("kind", "=", "token")),
    ("kind:tokens", ("kind", "=", "token")),
    ("type:delivery", ("type", "=", "delivery")),
    ("t:delivery", ("type", "=", "delivery")),
    ("t=source", ("type", "=", "source")),
    ("t!=source", ("not", ("type", "=", "source"))),
    ("glyph:dark", ("glyph", "=", "dark")),
    ("g:DARK", ("glyph", "=", "dark")),
    ("symbol:cross", ("symbol", "=", "cross")),
    ("o:damage", ("text", "=", "damage")),
    ('text:"deal damage"', ("text", "=", "deal damage")),
    ("name:tenta", ("name", "=", "tenta")),
    ("kw:ONGOING", ("keyword", "=", "ONGOING")),
    ("keyword:keep", ("keyword", "=", "keep")),
    ("is:keep", ("is", "=", "keep")),
    ("is:Creature", ("is", "=", "creature")),
    ("has:ruling", ("has", "=", "ruling")),
    ("has:text", ("has", "=", "text")),
    ("has:unknown", ("has", "=", "unknown")),
    ("init:14", ("initiative", "=", 14)),
    ("initiative=14", ("initiative", "=", 14)),
    ("init!=14", ("initiative", "!=", 14)),
    ("init<14", ("initiative", "<", 14)),
    ("init<=14", ("initiative", "<=", 14)),
    ("init>14", ("initiative", ">", 14)),
    ("init>=14", ("initiative", ">=", 14)),
    ("cost>=3", ("cost", ">=", 3)),
    ("vp>-1", ("vp", ">", -1)),
    ("copies:2", ("copies", "=", 2)),
    ("body>1", ("body", ">", 1)),
    ("mind<=2", ("mind", "<=", 2)),
    ("strength=3", ("strength", "=", 3)),
    ("INIT>=14", ("initiative", ">=", 14)),
    ("-is:keep", ("not", ("is", "=", "keep"))),
    ("-zap", ("not", ("word", "zap"))),
    ('-"deal damage"', ("not", ("phrase", "deal damage"))),
    ("--zap", ("not", ("not", ("word", "zap")))),
    ("g:dark or g:arcane", ("or", ("glyph", "=", "dark"), ("glyph", "=", "arcane"))),
    ("g:dark OR g:arcane", ("or", ("glyph", "=", "dark"), ("glyph", "=", "arcane"))),
    ("zap and bolt", ("and", ("word", "zap"), ("word", "bolt"))),
    ("a b or c", ("or", ("and", ("word", "a"), ("word", "b")), ("word", "c"))),
    ("a (b or c)", ("and", ("word", "a"), ("or", ("word", "b"), ("word", "c")))),
    ("-(b or c)", ("not", ("or", ("word", "b"), ("word", "c")))),
    ("((zap))", ("word", "zap")),
    ("t:delivery -(g:dark or init>10)",
     ("and", ("type", "=", "delivery"),
      ("not", ("or", ("glyph", "=", "dark"), ("initiative", ">", 10))))),
    ("wild-magic", ("word", "wild-magic")),
    ("zap(bolt)", ("and", ("word", "zap"), ("word", "bolt"))),
    ('don"t stop"', ("and", ("word", "don"), ("phrase", "t stop"))),
]


@pytest.mark.parametrize(("q", "tree"), TREES, ids=[q or "<empty>" for q, _ in TREES])
def test_parse_tree(q, tree):
    query = parse(q)
    assert strip(query.root) == tree
    assert query.warnings == []


@pytest.mark.parametrize(("q", "order", "direction", "tree"), [
    ("order:name", "name", None, None),
    ("zap order:cost dir:desc", "cost", "desc", ("word", "zap")),
    ("order:initiative", "init", None, None),
    ("dir:asc order:VP", "vp", "asc", None),
    ("order:game", "game", None, None),
])
def test_order_and_direction_are_taken_out_of_the_tree(q, order, direction, tree):
    query = parse(q)
    assert (query.order, query.direction, strip(query.root)) == (order, direction, tree)


def test_positions_point_into_the_query():
    query = parse('zap  t:delivery "x y"')
    word, field, phrase = query.root.children
    assert (word.position, field.position, phrase.position) == (0, 5, 16)


WARNINGS = [
    # (query, what remains, words the warning must contain)
    ("foo:bar zap", ("word", "zap"), ["foo", "glyph", "keyword", "initiative"]),
    ("g:fire zap", ("word", "zap"), ["fire", "arcane", "dark", "elemental", "illusion", "primal"]),
    ("kind:wizard", None, ["wizard", "card", "token", "tile", "standee", "character"]),
    ("is:flying", None, ["flying", "attack", "defense", "ongoing", "keep", "activate"]),
    ("has:wings", None, ["wings", "ruling", "text", "unknown"]),
    ("order:colour", None, ["colour", "name", "cost", "init", "vp", "game"]),
    ("dir:sideways", None, ["sideways", "asc", "desc"]),
    ("t>3 zap", ("word", "zap"), ["'t'", "':'"]),
    ("g:fire or zap", ("word", "zap"), ["fire"]),
    ("-g:fire zap", ("word", "zap"), ["fire"]),
    ('"" zap', ("word", "zap"), ["empty"]),
]


@pytest.mark.parametrize(("q", "tree", "words"), WARNINGS, ids=[w[0] for w in WARNINGS])
def test_unknown_fields_and_values_warn_and_the_rest_runs(q, tree, words):
    query = parse(q)
    assert strip(query.root) == tree
    assert len(query.warnings) == 1
    for word in words:
        assert word in query.warnings[0]


ERRORS = [
    # (query, position, words in the message)
    ('zap "deal damage', 4, ["quote"]),
    ('"', 0, ["quote"]),
    ('o:"open', 2, ["quote"]),
    ("(zap", 0, ["("]),
    ("zap (bolt or (x)", 4, ["("]),
    ("zap)", 3, [")"]),
    ("()", 0, ["mpty"]),
    ("zap ( )", 4, ["mpty"]),
    ("init>", 5, ["number", "init>"]),
    ("init>x", 5, ["number", "'x'"]),
    ("cost<=3.5", 6, ["number"]),
    ("init>(3)", 5, ["number"]),
    ("vp:99999999999", 3, ["range"]),
    ("t:", 2, ["value"]),
    ("(-)", 1, ["-"]),
    ("-or zap", 0, ["-"]),
]


@pytest.mark.parametrize(("q", "position", "words"), ERRORS, ids=[e[0] for e in ERRORS])
def test_unparsable_queries_say_where(q, position, words):
    with pytest.raises(QuerySyntaxError) as caught:
        parse(q)
    assert caught.value.position == position
    for word in words:
        assert word in caught.value.message
    assert str(position + 1) in str(caught.value)


def test_texts_and_fields_helpers():
    query = parse('zap -bolt (name:dark or "x y") init>3')
    assert [t.value for t in query.texts()] == ["zap", "bolt", "x y"]
    assert [t.value for t in query.texts(positive_only=True)] == ["zap", "x y"]
    assert [f.name for f in query.fields()] == ["name", "initiative"]


def test_nul_characters_do_not_move_positions():
    with pytest.raises(QuerySyntaxError) as caught:
        parse('a\x00"b')
    assert caught.value.position == 2


def test_or_in_a_long_sentence_is_a_word():
    # Over the limit as an operator, "or" in a sentence is read as the word it is;
    # in capitals, or in a short query, it stays the operator.
    query = parse("in anarchy when I die with 1 hp and take 3 more do I come back at 18 or 20")
    assert not any(isinstance(node, Or) for node in _nodes(query.root))
    assert any("'or' was read as a word" in w for w in query.warnings)
    assert isinstance(parse("zapper or blood").root, Or)
    with pytest.raises(QueryLimitError):
        parse("a b c d e f g h i j k l OR m n")


@pytest.mark.parametrize("q", [
    "do I come back at 18 or 20?", "can i keep it or must i discard it",
    "which goes first, the source or the delivery", "it stays or goes?",
])
def test_or_in_a_question_is_a_word(q):
    """A question (a question word first, or a "?" at its end) reads a lowercase "or"
    between words as the word; OR in capitals, or outside a question, joins."""
    query = parse(q)
    assert not any(isinstance(node, Or) for node in _nodes(query.root))
    # as typed, with the words either side kept (the "or" itself is a stop word)
    words = q.rstrip("?").split()
    at = words.index("or")
    values = [t.value.rstrip(",?") for t in query.texts()]
    assert query.source == q and {words[at - 1], words[at + 1]} <= set(values)
    assert isinstance(parse("do I come back at 18 OR 20?").root, Or)
    assert isinstance(parse("zapper or blood").root, Or)
    assert any(isinstance(node, Or) for node in _nodes(parse("can i keep t:creature or t:treasure").root))


@pytest.mark.parametrize(("q", "words"), [
    ("or zap", ["or", "zap"]),
    ("zap or", ["zap", "or"]),
    ("zap and", ["zap", "and"]),
    ("and another", ["and", "another"]),
    ("or what?", ["or", "what?"]),
    ("zap or or bolt", ["zap", "or", "bolt"]),  # a repeated word is kept once
    ("zap and or bolt", ["zap", "and", "or", "bolt"]),
    ("(zap or)", ["zap", "or"]),
    ("(or zap)", ["or", "zap"]),
    ("OR", ["OR"]),
])
def test_or_and_without_a_term_on_each_side_are_words(q, words):
    # "and another": a player's words, not a syntax error (issue 32).
    query = parse(q)
    assert not any(isinstance(node, Or) for node in _nodes(query.root))
    assert [t.value for t in query.texts()] == words


def test_or_and_between_two_terms_stay_operators():
    assert isinstance(parse("zap or bolt").root, Or)
    assert isinstance(parse("(zap) or -bolt").root, Or)
    assert isinstance(parse('"a b" or t:delivery').root, Or)
    assert [t.value for t in parse("zap and bolt").texts()] == ["zap", "bolt"]
    # After a '-' the operator stays, and so does its error.
    with pytest.raises(QuerySyntaxError):
        parse("-or zap")


def _nodes(node):
    yield node
    for child in getattr(node, "children", ()):
        yield from _nodes(child)
    if getattr(node, "child", None) is not None:
        yield from _nodes(node.child)


@pytest.mark.parametrize(("q", "words"), [
    ("take 3 damage: do I die", ["take", "3", "damage", "do", "I", "die"]),
    ("Rumble: how many spells", ["Rumble", "how", "many", "spells"]),
    ("zap note:", ["zap", "note"]),
])
def test_a_colon_ending_a_word_in_prose_is_punctuation(q, words):
    # No field is named 'damage': "damage:" before a space is the word, not an
    # unknown field dropped with a warning. A field's name keeps asking for a value.
    query = parse(q)
    assert [t.value for t in query.texts()] == words
    assert query.warnings == []


@pytest.mark.parametrize("q, words, warned", [
    # Players type dashes and colons as punctuation.
    ("rumble - i laid down 4 cards, do i lose the spell?", 10, False),
    ("- zap", 1, False),
    ("zap -", 1, False),
    ("rumble -- who goes first", 4, False),
    ("zap --", 1, False),
    # A field's name and a colon before a space: the word, with a warning for
    # syntax users (the value goes right after the colon).
    ("turn order: does a 2 card spell go first", 9, True),
    ("zap t: bolt", 3, True),
])
def test_punctuation_of_prose_is_not_syntax(q, words, warned):
    query = parse(q)
    assert len(query.texts()) == words
    assert bool(query.warnings) is warned
    if warned:
        assert "right after the colon" in query.warnings[0]


def test_the_word_limit_counts_words_that_are_searched_for():
    # 26 words, 15 of them stop words: a sentence, not a flood of prefix terms.
    sentence = ("rumble my whole spell is one wild magic card, what type does it count as and "
                "what if i flip another wild magic off the deck")
    assert len(sentence.split()) > LIMITS.prefix_terms
    assert parse(sentence).root is not None
    words = ["the", "a"] * 15
    with pytest.raises(QueryLimitError) as error:  # stop words alone are what is searched
        parse(" ".join(words))
    assert error.value.limit == "prefix_terms"
    assert error.value.position == len(" ".join(words[:LIMITS.prefix_terms])) + 1
