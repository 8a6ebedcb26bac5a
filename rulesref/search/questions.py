"""Queries typed as questions: what the words of a sentence mean for matching.

``understand`` rewrites the top level of a parsed query (words in quotes and
terms under ``or``/``-`` are left alone):

* a game named in words ("in rumble", "satanic panic", "arena") becomes the
  search's scope and its words are taken out;
* stop words and question words are dropped ("who", "can", "I", "the"), unless
  nothing else is left;
* misspelt words are corrected from the index's own vocabulary
  ("initative" -> "initiative");
* player words get the rulebooks' words as alternatives ("hp" -> "hit points",
  "goes first" -> "initiative").

The result says what was understood, so pages can show the scope, the
corrections and the query as it ran.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

from django.db import connection
from rapidfuzz import process
from rapidfuzz.distance import OSA, Indel

from rulesref.search.answer_kinds import (
    QUANTITY_WORDS,
    WORTH,
    YES_NO,
    phrase_kind,
    question_kind,
)
from rulesref.search.backends import tokens_of
from rulesref.search.ranking import EPSILON
from rulesref.search.stopwords import PUNCTUATION as _PUNCTUATION
from rulesref.search.stopwords import STOP_WORDS, bare, is_stop_word
from rulesref.search.syntax import And, Not, Or, Query, Text

# Player words -> the rulebooks' words (each alternative a phrase). Matching a key
# also matches its alternatives; the key itself still counts.
SYNONYMS: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {
    ("hp",): (("hit", "points"),),
    ("myself",): (("yourself",),),
    ("health",): (("hit", "points"), ("hp",)),
    ("life",): (("hit", "points"), ("hp",)),
    ("goes", "first"): (("initiative",), ("turn", "order")),
    ("go", "first"): (("initiative",), ("turn", "order")),
    ("die",): (("death",), ("dead",), ("dies",), ("dying",), ("slain",), ("defeated",)),
    ("dies",): (("death",), ("dead",), ("die",), ("dying",), ("slain",), ("defeated",)),
    ("dying",): (("death",), ("dead",), ("die",), ("slain",)),
    ("killed",): (("death",), ("dead",), ("kill",), ("slain",)),
    ("dice",): (("die",),),  # "roll one die for each"
    ("zero",): (("0",),),
    ("hand",): (("holding",),),
    ("block",): (("absorb",), ("absorbs",)),
    ("blocks",): (("absorb",), ("absorbs",)),
    ("max",): (("maximum",),),
    ("most",): (("maximum",),),
    ("min",): (("minimum",),),
    ("vp",): (("victory", "points"),),
    ("reroll",): (("re", "roll"),),
    ("shuffle",): (("reshuffle",),),
    ("win",): (("winner",), ("wins",)),
    ("buy",): (("bought",),),
    ("worth",): (("vp",),),
    # the rulebooks' own words for what players say otherwise
    ("tiebreaker",): (("tie",), ("tied",)),
    ("tiebreak",): (("tie",), ("tied",)),
    ("points",): (("vp",),),
    ("setup",): (("set", "up"),),
    ("kill",): (("slay",),),
    ("lose",): (("discard",),),
    ("limit",): (("maximum",), ("most",)),
    # "everyone", "everybody": the rulebooks say "each player", "every Wizard"
    ("everyone",): (("each", "player"), ("each", "wizard"), ("every", "wizard"),
                    ("all", "players")),
    ("everybody",): (("each", "player"), ("each", "wizard"), ("every", "wizard"),
                     ("all", "players")),
    # people as players say it; the rulebooks say "player" or "Wizard"
    ("people",): (("players",), ("wizards",)),
    ("ppl",): (("players",), ("wizards",)),
    ("person",): (("player",), ("wizard",)),
    ("nobody",): (("no", "one"),),
    ("noone",): (("nobody",), ("no", "one")),
    ("dmg",): (("damage",),),
    # forms the stemmer does not join to their verb ("won" is not "win")
    ("won",): (("win",), ("wins",), ("winner",)),
    ("lost",): (("lose",), ("loses",)),
    ("stolen",): (("steal",), ("steals",)),
    ("steal",): (("stolen",), ("steals",)),
    ("took",): (("take",), ("takes",)),
    ("taken",): (("take",), ("takes",)),
    ("went",): (("go",), ("goes",)),
    ("swap",): (("replace",), ("switch",), ("change",)),
    ("switch",): (("replace",), ("swap",), ("change",)),
    ("instantly",): (("immediately",), ("at", "once")),
    ("immediately",): (("at", "once"), ("instantly",)),
    ("right", "away"): (("immediately",), ("at", "once")),
    ("straight", "away"): (("immediately",), ("at", "once")),
    ("died",): (("death",), ("dead",), ("die",), ("dying",), ("slain",), ("defeated",)),
    # "goes" and "going" stem apart from "go"
    ("go",): (("goes",), ("going",)),
    ("goes",): (("go",), ("going",)),
    ("gone",): (("go",), ("goes",)),
    # how long a game takes: the rulebooks give minutes
    ("long",): (("minutes",),),
    ("playtime",): (("minutes",),),
    ("showing",): (("revealed",), ("exposed",), ("face", "up")),
    ("shown",): (("revealed",), ("exposed",), ("face", "up")),
    ("subtract",): (("minus",), ("lose",)),
}
# The spelt-out form finds the short one too ("victory points" finds "VP").
for _short in ("hp", "vp", "max", "min", "reroll", "setup", "nobody"):
    for _spelt in SYNONYMS[(_short,)]:
        SYNONYMS.setdefault(_spelt, ((_short,),))
# A count typed as a digit or a word matches the other ("3 players", "three players").
for _n, _name in enumerate("one two three four five six seven eight nine ten".split(), 1):
    SYNONYMS.setdefault((str(_n),), ((_name,),))
    SYNONYMS.setdefault((_name,), ((str(_n),),))
SYNONYM_WIDTH = max(len(key) for key in SYNONYMS)

# Ways players name the games, beyond the slug, the name and the short name.
NICKNAMES = {
    "rumble": ("rumble", "castle tentakill", "tentakill"),
    "anarchy": ("anarchy", "arena", "anarchy at the arena"),
    "satanic-panic": ("satanic panic", "annihilageddon", "annihilageddon 3", "panic"),
    "demoniac": ("demoniac",),
}
MIN_CORRECTED = 4  # shorter words are too often other words one letter away
CORRECTION_CUTOFF = 0.8
LONG_WORD = 8  # from this length a misspelling may drop or add two letters


@dataclass
class Understood:
    query: Query  # what runs
    game: str | None = None  # a game named in words
    game_words: str = ""  # how it was named
    dropped: list[str] = field(default_factory=list)  # stop words taken out
    corrections: dict[str, str] = field(default_factory=dict)  # typed -> corrected
    text: str = ""  # the query as understood, for display
    # "what is a rally card", "what does blood mean": a term's definition answers it
    asks_definition: bool = False
    # "how many treasure cards in rumble": a component's count may answer it
    asks_count: bool = False
    # the kind of answer asked for (rulesref.search.answers.question_kind), or None
    answer_kind: str | None = None

    @property
    def corrected(self) -> bool:
        return bool(self.corrections)



def _without_punctuation(word: Text) -> Text:
    """A word as it reads, without the sentence's "?" or "," (the index ignores them)."""
    bare = word.value.rstrip(_PUNCTUATION)
    return replace(word, value=bare) if bare and bare != word.value else word


def _content(tokens) -> tuple[str, ...]:
    return tuple(t for t in tokens if t not in STOP_WORDS)


def _game_names(games) -> list[tuple[tuple[str, ...], str]]:
    return _names_of_games(tuple(map(tuple, games)))


@lru_cache(maxsize=8)  # the same four games every search, until an editor renames one
def _names_of_games(games: tuple) -> list[tuple[tuple[str, ...], str]]:
    """(tokens, slug), longest first, for every way of naming each game, without
    stop words: the parser keeps a repeated word once, so "the game ... at the
    arena" reaches us as "game ... at arena"."""
    names = []
    for slug, short_name, name in games:
        spellings = {slug.replace("-", " "), short_name, name, *NICKNAMES.get(slug, ())}
        for spelling in spellings:
            tokens = _content(tokens_of(spelling))
            if tokens:
                names.append((tokens, slug))
    return sorted(set(names), key=lambda pair: (-len(pair[0]), pair))


def _find_game(words: list[Text], names) -> tuple[str | None, int, int]:
    """The game named by a run of the words, stop words aside: (slug, start, end)
    or (None, 0, 0), ``start:end`` spanning the run in ``words``."""
    content = [(i, t) for i, w in enumerate(words) for t in tokens_of(w.value)
               if t not in STOP_WORDS]
    for tokens, slug in names:
        width = len(tokens)
        for start in range(len(content) - width + 1):
            if tuple(t for _, t in content[start:start + width]) == tokens:
                return slug, content[start][0], content[start + width - 1][0] + 1
    return None, 0, 0


class Vocabulary(frozenset):
    """The index's words, with candidates for a misspelling looked up by first letter
    and length (a typo seldom changes the first letter): a few dozen words to
    compare instead of thousands (all of them, with difflib, took ~40 ms a word)."""

    def candidates(self, word: str) -> list[str]:
        # Two letters more or fewer is a typo only in a long word: "hazard" is not "hard".
        near, slack = self._by_start.get(word[0], ()), 1 if len(word) < LONG_WORD else 2
        return [w for w in near if abs(len(w) - len(word)) <= slack]

    @classmethod
    def of(cls, frequencies: Counter, documents: int) -> Vocabulary:
        """From how many of the ``documents`` each word occurs in."""
        vocabulary = cls(w for w in frequencies if len(w) > 2 and not w.isdigit())
        vocabulary.frequencies, vocabulary.documents = frequencies, documents
        vocabulary._by_start = {}
        for w in sorted(vocabulary):
            vocabulary._by_start.setdefault(w[0], []).append(w)
        return vocabulary

    def weight(self, tokens) -> float:
        """How telling a run of words is: BM25's inverse document frequency of its
        rarest word (a word the index lacks counts as in none)."""
        n = min((self.frequencies.get(t, 0) for t in tokens), default=0)
        return math.log(1 + (self.documents - n + 0.5) / (n + 0.5))


@lru_cache(maxsize=4)
def _vocabulary(version) -> Vocabulary:
    from rulesref.search.budget import outside_budget
    from rulesref.search.models import SearchDocument

    # Once per process and index version, outside the search's time budget: at
    # 100k entries it takes longer than a search may (every search past it was a 503).
    frequencies, documents = Counter(), 0
    with outside_budget():
        rows = SearchDocument.objects.values_list("name", "tags", "body").iterator(chunk_size=5000)
        for row in rows:  # one tokenizer run per row: three per row took twice as long
            frequencies.update(set(tokens_of(" ".join(text or "" for text in row))))
            documents += 1
    return Vocabulary.of(frequencies, documents)


def vocabulary() -> Vocabulary:
    """Every word of the index (names, tags, bodies), rebuilt when the index changes:
    when the catalog version changes (every committed write to the catalog, the
    rules or the rulings, in any process) or a document is added (each kind's
    highest id, read from the primary key's index). A COUNT(*) cost 5-10 ms a
    search at 100k entries."""
    from cardsite.web.response_cache import catalog_version
    from rulesref.search.models import DOCUMENT_KINDS, SearchDocument, id_range

    table = connection.ops.quote_name(SearchDocument._meta.db_table)
    last = f"(SELECT MAX(id) FROM {table} WHERE id >= %s AND id < %s)"
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join([last] * len(DOCUMENT_KINDS)),
                       [bound for kind in DOCUMENT_KINDS for bound in id_range(kind)])
        highest = cursor.fetchone()
    global _index_size
    # A document's id is its object's id in its kind's block (autoincrement ids).
    _index_size = sum(top - id_range(kind)[0] for kind, top in zip(
        DOCUMENT_KINDS, highest, strict=True) if top is not None)
    global _last_vocabulary
    _last_vocabulary = _vocabulary((highest, catalog_version()))
    return _last_vocabulary


_index_size: int | None = None
_last_vocabulary: Vocabulary | None = None


def term_weights(terms) -> tuple[int, ...]:
    """Each term's share (in thousandths) of a score summed over several terms, by
    how telling its words are (``Vocabulary.weight``): for a database whose ranking
    counts every word alike (PostgreSQL's ts_rank_cd), so that "divinities" counts
    for more than "attack". From the index as this process last read it (each
    search that corrects words reads it): for weighing hits, never for choosing them."""
    known = _last_vocabulary or vocabulary()
    weights = [known.weight(term.tokens) for term in terms]
    total = sum(weights) or 1.0
    return tuple(max(1, round(1000 * w / total)) for w in weights)


def word_weight(tokens) -> float:
    """How telling a run of words is (``Vocabulary.weight``), from the index as this
    process last read it."""
    return (_last_vocabulary or vocabulary()).weight(tokens)


def word_known(tokens, fold=None) -> bool:
    """Whether the index has any of these words ("friend", "guy" it has not), or,
    with ``fold`` (a word's stem), a word of the same stem ("age" for "ages")."""
    known = _last_vocabulary or vocabulary()
    if any(known.frequencies.get(t, 0) for t in tokens):
        return True
    return fold is not None and any(
        fold(w) == fold(t) for t in tokens if len(t) > 2
        for w in known._by_start.get(t[0], ()) if w[:3] == t[:3])


def index_size() -> int | None:
    """About how many documents the index holds, as this process last saw it (each
    search that corrects words looks), or None before it has: for choosing between
    ways of ranking that give the same hits, never for what the hits are."""
    return _index_size


def _correct(word: str, words: Vocabulary) -> str | None:
    if len(word) < MIN_CORRECTED or word.isdigit() or word in words or word in STOP_WORDS:
        return None
    close = process.extract(word, words.candidates(word), scorer=Indel.normalized_similarity,
                            score_cutoff=CORRECTION_CUTOFF - EPSILON, limit=None)
    # The best, ties to the word last in alphabetical order (as difflib's
    # get_close_matches chose, which compared ~10x slower); exactly the cutoff
    # ("tokin" -> token, 0.8) meets it.
    return max(close, key=lambda found: found[1:2] + found[:1])[0] if close else None


def _game_words_corrected(words: list[Text], names, known: Vocabulary
                          ) -> tuple[list[Text], dict[str, str]]:
    """The words with a misspelling of a word of a game's name corrected to it, and
    typed -> corrected: only words the index does not have, and nearer the name's
    word than any word of the index ("tentakilr" is the card Tentakiller)."""
    spelt = {t for tokens, _ in names for t in tokens if len(t) > 3}
    fixed, corrections = [], {}
    for w in words:
        tokens = tokens_of(w.value)
        word = tokens[0] if len(tokens) == 1 else ""
        if len(word) >= MIN_CORRECTED and word not in known and word not in STOP_WORDS:
            close = process.extractOne(word, spelt, scorer=Indel.normalized_similarity,
                                       score_cutoff=CORRECTION_CUTOFF - EPSILON)
            if not close:
                fixed.append(w)
                continue
            other = _correct(word, known)  # the index's nearest word, if nearer
            # two letters swapped ("demonaic") is the name, though Indel counts it as two
            # edits and finds another word as near ("demonic")
            swapped = sorted(word) == sorted(close[0]) and OSA.distance(word, close[0]) == 1
            if swapped or other is None or Indel.normalized_similarity(word, other) < close[1]:
                corrections[w.value] = close[0]
                w = replace(w, value=close[0])
        fixed.append(w)
    return fixed, corrections


def _corrected(words: list[Text], known: Vocabulary | None = None
               ) -> tuple[list[Text], dict[str, str]]:
    """The words with misspellings corrected from the index, and typed -> corrected."""
    known, fixed, corrections = known or vocabulary(), [], {}
    for w in words:
        tokens = tokens_of(w.value)
        better = _correct(tokens[0], known) if len(tokens) == 1 else None
        if better:
            corrections[w.value] = better
            w = replace(w, value=better)
        fixed.append(w)
    return fixed, corrections


def corrected_text(query: Query) -> str | None:
    """The query written back with its top-level free words' misspellings corrected
    ("legendery devils" -> "legendary devils"), or None when none is: a card
    search that found nothing offers it as "did you mean"."""
    root = query.root
    children = list(root.children) if isinstance(root, And) else [root] if root else []
    words = [c for c in children if isinstance(c, Text) and not c.phrase]
    if not words:
        return None
    fixed, corrections = _corrected(words)
    if not corrections:
        return None
    by_word = dict(zip(map(id, words), fixed, strict=True))
    return " ".join(describe(by_word.get(id(c), c)) for c in children)


def _with_synonyms(words: list[Text]) -> list[Text]:
    """Words with their alternatives; a two-word key becomes one term."""
    out, i = [], 0
    while i < len(words):
        for width in range(min(SYNONYM_WIDTH, len(words) - i), 0, -1):
            key = tuple(t for w in words[i:i + width] for t in tokens_of(w.value))
            if key in SYNONYMS:
                value = " ".join(w.value for w in words[i:i + width])
                phrase = width > 1
                out.append(Text(value, phrase=phrase, position=words[i].position,
                                alternatives=SYNONYMS[key]))
                i += width
                break
        else:
            out.append(words[i])
            i += 1
    return out


# "can a spell have two deliveries": the count is what is asked, which the rule
# settles with its own ("never more than one of each type"), not a word it must have.
COUNT_WORDS = frozenset("2 3 4 5 6 two three four five six both twice several multiple".split())
COUNT_SETTLED_BY = (("one",), ("more",), ("most",), ("only",))


def _count_asked(word: Text) -> Text:
    """A yes/no question's count, matched by the words a limit is written with too."""
    tokens = tuple(tokens_of(word.value))
    if len(tokens) != 1 or tokens[0] not in COUNT_WORDS:
        return word
    # (not its digit or word: "2" is in every worked example's damage)
    return replace(word, alternatives=COUNT_SETTLED_BY)


DEFINITION_WORDS = 3  # "what is the last wizard standing token" asks what a thing is
# "... do on the dice": where a thing does what is asked, not a situation (at most
# the preposition and three more words)
WHERE_WORDS = frozenset(("on", "in", "at", "during"))
WHERE_TAIL = 5
GAME_NAME_LEFTOVERS = frozenset(("in", "at", "for", "of", "on"))


def _asks_definition(words: list[Text], kept: list[Text], said: list[Text]) -> bool:
    """A question asking what a thing is or means: "what is a rally card", "what's
    a familiar?", "what are wild magic cards", "what does blood mean"; about a
    few words, not a situation."""
    typed = [bare(w.value) for w in words]
    # The last word as said ("what do rally cards do": the parser keeps one "do"), the
    # game's name taken out with what it leaves ("what does blood mean in rumble").
    said = [w for w in (bare(t.value) for t in said) if w]
    while len(said) > 2 and said[-1] in GAME_NAME_LEFTOVERS:
        said.pop()
    if said:
        typed = [*typed[:-1], said[-1]]
    if not kept or len(kept) > DEFINITION_WORDS or not typed:
        return False
    first, second = typed[0], typed[1] if len(typed) > 1 else ""
    if (QUANTITY_WORDS - WORTH) & {bare(w.value) for w in kept}:
        return False  # "whats the hand limit": a figure (answer_kinds.phrase_kind)
    # "what does wild magic do": what a thing is for, as its glossary entry says (also
    # where: "what does a cross do on the dice")
    does = [i for i, w in enumerate(typed) if w in ("do", "does") and i > 1]
    done = bool(does) and (does[-1] == len(typed) - 1 or typed[does[-1] + 1] in WHERE_WORDS
                           and len(typed) - does[-1] <= WHERE_TAIL)
    return first in ("what's", "whats") or first == "what" and (
        second in ("is", "are") or typed[-1] in ("mean", "means")
        or second in ("does", "do") and done)


def _top_level(root) -> list:
    """The terms and-ed at the top, parentheses of and-ed terms opened: "short match
    (5-6 players) tie" is one sentence with an aside, and an and inside an and is
    the same query."""
    if root is None:
        return []
    if not isinstance(root, And):
        return [root]
    return [term for child in root.children for term in _top_level(child)]


# Words before a game's name that make it a noun of the sentence: "stop being a demoniac".
NOUN_BEFORE = frozenset("a an the my your their his her our its being non".split())


def understand(query: Query, games, *, scope_by_words: bool = True,
               correct: bool = True, nouns: frozenset[str] = frozenset()) -> Understood:
    """Rewrite the top-level free words of ``query`` (see the module docstring).

    ``games``: (slug, short_name, name) of every game; ``nouns``: the slugs of games whose
    name is also a word of their rules, kept as a word after "a", "my", "being"..."""
    children = _top_level(query.root)
    words = [c for c in children if isinstance(c, Text) and not c.phrase]
    others = [c for c in children if not (isinstance(c, Text) and not c.phrase)]
    result = Understood(query=query)
    if not words:
        result.text = query.source
        return result
    # The sentence as typed, for the kind of answer asked: "or" is a word there ("do I
    # come back at 18 or 20" asks which), and punctuation ends a clause.
    typed = [Text(w) for w in query.source.split()]
    known = None  # the index's words, read once when a word needs them
    if scope_by_words:
        slug, start, end = _find_game(words, _game_names(games))
        if slug is None and correct:  # "demonaic", "satanic pannic": the game meant
            known = vocabulary()  # read once: the corrections below use it too
            fixed, fixes = _game_words_corrected(words, _game_names(games), known)
            slug, start, end = _find_game(fixed, _game_names(games)) if fixes else (None, 0, 0)
            if slug and (end - start < len(words) or others):
                words, result.corrections = fixed, fixes
        if slug and (end - start < len(words) or others):
            result.game = slug
            result.game_words = " ".join(w.value for w in words[start:end])
            named = words[:start] + words[end:]
            _, start, end = _find_game(typed, [name for name in _game_names(games)
                                               if name[1] == slug])
            # (the sentence as typed: the parser keeps a repeated word once)
            if not (slug in nouns and end - start == 1 and start > 0
                    and bare(typed[start - 1].value) in NOUN_BEFORE):
                words = named
            if end:  # "I got killed in Rumble, do I ...": the name's comma ends a clause
                ended = typed[end - 1].value[-1:]
                typed = typed[:start] + ([Text(ended)] if ended in _PUNCTUATION else []) + typed[end:]
    # A "?" standing alone ('what is a "dead wizard"?') is the sentence's, not a term.
    spoken = [w for w in words if w.value.strip(_PUNCTUATION)]
    if spoken or others:
        words = spoken
    kept = [_without_punctuation(w) for w in words if not is_stop_word(w.value)]
    if kept or others:
        result.dropped = [w.value for w in words if is_stop_word(w.value)]
        result.asks_definition = _asks_definition(words, kept, typed)
        result.asks_count = [bare(w.value) for w in words[:2]] == ["how", "many"]
        result.answer_kind = question_kind([w.value for w in typed], result.asks_definition) \
            or phrase_kind([w.value for w in typed])
        if result.asks_count and len(kept) > 1:
            # "how many buttholes can one player have": "one" is "a", not a count asked
            one = [w for w in kept if bare(w.value) in ("one", "1")]
            result.dropped += [w.value for w in one]
            kept = [w for w in kept if w not in one] or kept
        if result.asks_definition and len(kept) > 1 and kept[-1].value.lower() in ("card", "cards"):
            # "what is a rally card": the glossary has Rally, and many texts say "card"
            result.dropped.append(kept[-1].value)
            kept = kept[:-1]
        words = kept
    if correct and words:
        words, more = _corrected(words, known)
        result.corrections = {**result.corrections, **more}
    words = _with_synonyms(words)
    if result.answer_kind == YES_NO:
        words = [_count_asked(w) for w in words]
    nodes = [*words, *others]
    new_root = None if not nodes else nodes[0] if len(nodes) == 1 else And(tuple(nodes))
    result.query = replace(query, root=new_root)
    result.text = " ".join(describe(node) for node in nodes)
    return result


def describe(node) -> str:
    """A node written back in the search syntax (the tree is depth-limited)."""
    if isinstance(node, Text):
        return f'"{node.value}"' if node.phrase else node.value
    if isinstance(node, Not):
        return "-" + describe(node.child)
    if isinstance(node, Or):
        return "(" + " or ".join(describe(c) for c in node.children) + ")"
    if isinstance(node, And):
        return "(" + " ".join(describe(c) for c in node.children) + ")"
    op = ":" if node.op == "=" else node.op
    value = f'"{node.value}"' if " " in str(node.value) else node.value
    return f"{node.name}{op}{value}"
