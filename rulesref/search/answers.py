"""The answer box: one sentence that settles a question, or nothing.

A question asks for a kind of answer (``question_kind``): a number ("how many",
"how much"), yes or no ("can I", "does", "is"), a player or a card ("who",
"which"), an order ("who goes first") or a definition ("what is X"). The answer
is taken from the hits the ranking already found (no query of its own):

* a ruling, written as question and answer, answers with its answer when its
  question asks for the same kind of answer about the same subject; a yes/no
  question only by a ruling whose answer starts with yes or no;
* a rule answers a number, order or who/which question with its one sentence
  that speaks of the question's subject (a number question: a sentence with a
  number; a question naming a number of players: the figure of that count from
  the rule's chart);
* the catalog's facts (rulesref.search.contents) and glossary terms answer as
  they did.

The subject matches when the words of the question, weighed by how telling they
are (the index's rarity), are nearly all in the source: a near miss with the
same words about another subject gets no box, and the hits speak for themselves.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

import snowballstemmer

from rulesref.search.answer_kinds import (
    DEFINITION,
    NUMBER,
    ORDER,
    QUANTITY_WORDS,
    QUESTION_WORDS,
    WHO,
    WHO_WORDS,
    YES_NO,
    YES_NO_WORDS,
    clause_starts,
    leading_dropped,
    question_kind,
)
from rulesref.search.backends import tokens_of
from rulesref.search.questions import NICKNAMES, word_known, word_weight
from rulesref.search.stopwords import STOP_WORDS, bare

NUMBER_WORDS = frozenset("""zero one two three four five six seven eight nine ten eleven twelve
twenty thirty half double twice once""".split())


_STEMMER = snowballstemmer.stemmer("english")


# A figure written in words matches its digits ("zero damage", "0 damage").
_DIGITS = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


@lru_cache(maxsize=16384)  # a few thousand words occur; the stemmer is pure Python
def _fold(token: str) -> str:
    """A word as question and source may both write it: its stem by the Snowball
    English stemmer, the one PostgreSQL's english search configuration uses ("kills",
    "killed", "killing" -> "kill"; "dies", "died", "dying" -> "die"; "dice" stays),
    a figure in words as its digits."""
    return _DIGITS.get(token) or _STEMMER.stemWord(token)


# Words a player's question has that name no subject ("how many actions per turn",
# "do I still get", "but", "am I allowed to" as "can I"): left out of what the source must have.
_NO_SUBJECT = frozenset(("per", "but", "still", "allowed", "able", "possible", "supposed"))


# Players' verbs for the rulings' own, for telling whether a source speaks of what was
# asked ("can I put a possession ...": possessions are "played"; "if they defend my
# attack": an ATTACK is "avoided"). Only here, not in the search: the ranking already
# finds those rulings, and the wider words cost it top-3 hits elsewhere.
_SAID_ALSO = {"put": ("play", "place"), "defend": ("avoid", "defens"), "peek": ("look",),
              "enemi": ("foe",)}


def _subject(query) -> list[tuple[frozenset[str], float]]:
    """The question's words that are searched for, each as the folded forms that
    match it (its alternatives too) and its weight."""
    subject = []
    for text in query.texts(positive_only=True):
        tokens = [t for t in tokens_of(text.value) if t not in STOP_WORDS | _NO_SUBJECT]
        if not tokens or not (text.alternatives or word_known(tokens, _fold)):
            continue  # a word no rule, ruling or card has ("can my friend buy ...") tells none apart
        forms = {_fold(t) for t in tokens}
        forms |= {also for form in list(forms) for also in _SAID_ALSO.get(form, ())}
        for alternative in text.alternatives:
            forms |= {_fold(t) for t in alternative}
        subject.append((frozenset(forms), word_weight(tokens)))
    return subject


@lru_cache(maxsize=4096)  # the same rules and rulings are read again and again
def _words(text: str) -> frozenset[str]:
    return frozenset(_fold(t) for t in tokens_of(text))


@lru_cache(maxsize=4096)
def _forms(text: str) -> dict[str, tuple[str, ...]]:
    """Each stem of ``text`` with the words it stands for there: a stem is weighed
    by its commonest word ("creatur" by "creature"), as the index knows words, not stems."""
    forms: dict[str, set[str]] = {}
    for token in tokens_of(text):
        forms.setdefault(_fold(token), set()).add(token)
    return {stem: tuple(sorted(words)) for stem, words in forms.items()}


def coverage(subject, text: str) -> float:
    """The share of the subject's weight whose words ``text`` has."""
    have = _words(text)
    total = math.fsum(w for _, w in subject)
    if not total:
        return 0.0
    return math.fsum(w for forms, w in subject if forms & have) / total


# Words of a source that say nothing of its subject: the games' common nouns
# ("Wizard", "player", "foe") and the question's own filler.
_SOURCE_FILLER = frozenset(("wizard", "player", "foe", "game", "card", "rulebook", "say", "every",
                            "until", "summary", "example", "also", "still", "only"))


REFLEXIVES = frozenset(_fold(w) for w in ("yourself", "myself", "themselves", "himself",
                                          "herself", "self"))


def covered(subject, text: str, game_words=()) -> float:
    """The other way round: the share of ``text``'s telling words (by weight) that the
    question has. "Do dead Wizards draw a Dead Wizard card at the start of each
    round?" speaks of dead Wizards, which "how many cards do I draw at the start of
    a round" does not: a near miss."""
    asked = set().union(*(forms for forms, _ in subject), game_words)
    words = _words(text) - _NOT_TELLING
    if REFLEXIVES & words and not REFLEXIVES & asked:
        return 0.0  # "damage you deal to yourself" is not "damage for me"
    words = {w for w in words if not w.isdigit() and len(w) > 1}  # "foe's" has an "s"
    weights = {w: word_weight(forms) for w, forms in _forms(text).items() if w in words}
    # fsum: a sum that does not depend on the order of a set (a share of exactly 1.0
    # came out 1.0000000000000002 in some processes and outranked an equal answer)
    total = math.fsum(weights.values())
    return math.fsum(weight for w, weight in weights.items() if w in asked) / total \
        if total else 1.0


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'0-9])")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text or "") if s.strip()]


def _figure_in_first_sentence(text: str) -> bool:
    """A figure in the first sentence: "Satan's starting deck is 15 cards" answers
    how many; "Immediately, once, when gained." does not."""
    first = sentences(text)[:1]
    return bool(first) and any(t.isdigit() or t in FIGURES for t in tokens_of(first[0]))


# "or even one in the Line-Up", "the one that ...": "one" standing for a thing, no figure
_PRONOUN_ONE = re.compile(r"\bone\s+(?:in|on|at|that|who|which|from)\b", re.I)


def _has_number(text: str) -> bool:
    return any(t.isdigit() or t in NUMBER_WORDS for t in tokens_of(_PRONOUN_ONE.sub(" ", text)))


_PLAYERS_ASKED = re.compile(r"\b(\d|two|three|four|five|six)\s*-?\s*(?:players?|people|wizards)\b",
                            re.I)
_CHART = re.compile(r"\b(\d)\s*-?\s*players?\b\s*:?\s*(\d+)", re.I)


def players_asked(source: str) -> str | None:
    """The number of players a question names ("with 3 players", "a 5-player game")."""
    found = _PLAYERS_ASKED.search(source or "")
    # "three players" as "3 players": the charts and the figures per player use digits
    return str(_DIGITS.get(found.group(1).lower(), found.group(1))) if found else None


# "two for each Wizard in the game", "5 at random per player in the game": a figure per
# player of the table ("1 Blood for each Wizard you killed" counts something else)
_PER_PLAYER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                         r"twelve)\b(?:\s+[\w'-]+){0,3}?\s+(?:for each|for every|per)\s+"
                         r"(?:player|wizard)\s+in\s+the\s+game\b", re.I)


def _per_count(text: str, players: str) -> str | None:
    """The figure for ``players`` from a chart by player count ("Additional Legendary
    Devils by player count: 2 players 8; 3 players 7") or a figure per player ("two for
    each Wizard in the game": 10 for 5), with the sentence that gives it."""
    for sentence in sentences(text):
        if "by player count" in sentence.lower():
            chart = dict(_CHART.findall(sentence))
            if len(chart) >= 2 and players in chart:
                return f"With {players} players: {chart[players]}. {sentence}"
            continue
        each = _PER_PLAYER.search(sentence)
        if each:
            figure = each.group(1).lower()
            figure = int(figure) if figure.isdigit() else FIGURES[figure]
            return f"With {players} players: {figure * int(players)}. {sentence}"
    return None


def _asks_like(question: str, kind: str | None) -> bool:
    """Whether a ruling's question asks the kind of answer asked, or none: a choice
    asked with a yes/no word ("Does it hit both, or do I pick one?") asks like a
    yes/no question."""
    asked = [s for s in sentences(question) if s.endswith("?")] or [question]
    words = asked[-1].split()
    return ruling_kind(question) in (kind, None) or (
        kind == YES_NO and bool(words) and bare(words[0]) in YES_NO_WORDS)


# A question asking of not doing a thing without "not" ("can I skip its roll"): a
# negated ruling's yes or no answers it as it stands.
_AVOIDING = re.compile(r"\b(?:skip|skipping|avoid|avoiding|refuse|refusing|decline|declining|"
                       r"ignore|ignoring|opt out|pass on|get out of|without)\b")


def _asks_negated(question: str) -> bool:
    """Whether a ruling's question (its last) asks of a thing not done ("Can I choose
    not to roll ...?"): its yes or no then answers the opposite of a plain question."""
    asked = [s for s in sentences(question) if s.endswith("?")] or [question]
    words = [bare(w) for w in asked[-1].split()]
    return any(w in ("not", "cannot", "never") or w.endswith("n't") for w in words)


def ruling_kind(question: str) -> str | None:
    """The kind of answer a ruling's question asks for: its last sentence that is a
    question ("My own spell kills me. Do my Reactions trigger?")."""
    asked = [s for s in sentences(question) if s.endswith("?")] or [question]
    return question_kind(asked[-1].split())


# (words asked that the ruling has, its words asked, their product) at least: for a
# ruling below the first hit, and for the first (the ranking already put it first).
RULING, TOP_RULING = (0.5, 0.45, 0.3), (0.5, 0.4, 0.3)
# A ruling asking another kind than the words (no question of a known kind) asks the same.
SAME_QUESTION = (0.6, 0.55, 0.4)
SAME_QUESTION_WORDS = 3  # of a question saying at least this many things ("how do I win": one)
# Subject matched both ways: nearly all of the question's words (by rarity) are in
# the source, and most of the source's are in the question.
COVERAGE, COVERED = 0.8, 0.6
# A rule's sentence says more than a ruling's question: less of it need be asked.
SENTENCE_COVERED = 0.35
YES_NO_COVERAGE = 0.8  # a rule sentence settling yes/no has nearly every word asked (by rarity)
OWN_COVERAGE = 0.6  # ... its heading and section helping, but at least this many of its own
FIRST_RULE_NUMBER = (0.6, 0.2)  # (COVERAGE, SENTENCE_COVERED) for the first rule hit
RANK_SLACK = 0.05  # a lower hit must speak this much more nearly of the subject


PLAIN_ANSWERS = {"never": "no", "always": "yes"}
_COUNTED = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "1": 1, "2": 2,
            "3": 3, "4": 4, "5": 5, "6": 6}  # an answer opening with a count


# A ruling that sets a situation before its question ("Two of us have the same Spell
# size and the same Initiative. Who goes first?") answers that case: a question
# stating little of it ("who goes first") asks the general rule, not the exception.
SITUATION_ASKED = 0.4


# "How do I pick a random foe in a five-player game?": a ruling for a number of players
_PLAYER_COUNT = re.compile(r"\b(\d|two|three|four|five|six)[- ]players?\b", re.I)


def sub_case(hit: dict, subject, game_words, players: str | None = None) -> bool:
    """Whether a ruling's question sets a situation the question asked does not state:
    a situation told before its question, or a number of players where the question
    names none ("How do I pick a random foe in a five-player game?" for "how do I pick
    a random foe")."""
    if players is None and _PLAYER_COUNT.search(hit["title"]):
        return True
    said = sentences(hit["title"])
    situation = " ".join(s for s in said[:-1] if not s.endswith("?")) if len(said) > 1 else ""
    return bool(_words(situation) - _NOT_TELLING) and \
        covered(subject, situation, game_words) < SITUATION_ASKED


def _from_ruling(hit: dict, kind: str | None, subject, game_words,
                 players: str | None, rank: int = 0,
                 negated: bool = False, choice: bool = False,
                 avoiding: bool = False, open_ask: str = "") -> tuple[float, dict] | None:
    """A ruling's answer, when its question asks the same, with how much of it was asked
    (``avoiding``: the question asks of not doing a thing, without a "not"; ``open_ask``:
    the question word it opens with, "what happens" aside: "when", "what", "how" ...)."""
    question, answer = hit["title"], hit["text"]
    asked = ruling_kind(question)
    first = bare(answer.split()[0]) if answer.split() else ""
    if first in PLAIN_ANSWERS:  # "Never. Gained Treasures are placed face up ..."
        first, answer = PLAIN_ANSWERS[first], f"{PLAIN_ANSWERS[first].title()}. {answer}"
    elif first == "not" and not _UNSETTLED.search(answer):  # "Not with generic damage."
        first, answer = "no", f"No. {answer}"
    elif kind == YES_NO and first in _COUNTED:  # "One per ATTACK, ..." for "can I use two"
        count = next((_count_of(forms) for forms, _ in subject
                      if _count_of(forms) is not None), None)
        if count is not None:
            settled = "No" if count > _COUNTED[first] else "Yes"
            first, answer = settled.lower(), f"{settled}. {answer}"
    if kind == YES_NO and first in ("yes", "no") and \
            _asked_of(question, subject, game_words)[1] > 0:
        return None  # its yes or no answers its first question, not the one asked
    if kind == YES_NO and first in ("yes", "no") and _asks_negated(question) \
            and not negated and not avoiding:
        # "Can I choose not to roll ...? No." says the opposite to "do I have to roll"
        # (and the same to "can I skip it"); a word of avoiding not foreseen here would
        # read it wrong, so no box rather than a turned answer
        return None
    if kind == YES_NO and first not in ("yes", "no"):
        # "Keep them facedown and unrevealed ...": the answer states the fact asked
        stated = _stated(answer, subject, negated)
        if stated is None:
            return None
        first, answer = stated.lower(), f"{stated}. {answer}"
    if kind is None and open_ask and (first in ("yes", "no") or open_ask in TIME_PLACE_REASON
                                      and _opening(question) != open_ask):
        # "when does a group attack happen" is told no "No." of another question, nor
        # the order of a ruling asking "In what order ...?"
        return None
    if kind is None and asked is not None and len(subject) >= SAME_QUESTION_WORDS:
        # "what happens if a mayhem shows up when dealing the opening line-up?": a
        # ruling asking nearly the same ("A Mayhem appears while dealing the opening
        # Line-Up. Does it happen?") answers as it is written
        return _matched(hit, hit["text"], subject, game_words, SAME_QUESTION)
    if choice and first in ("yes", "no"):
        # "do i shuffle my discard pile right away or wait": "No. The discard pile
        # becomes your new deck only when ..." tells which
        return _matched(hit, hit["text"], subject, game_words, RULING if rank else TOP_RULING)
    if (first in ("yes", "no")) != (kind == YES_NO):
        return None  # "how many dice ...?" is not settled by "No. It is a misprint"
    # A yes or no answers a yes/no question however the ruling asked it ("Is my Blood
    # reset when I die or when a new game starts?" -> "No. ..."); a who or an order,
    # a ruling asking which, who or in what order, or asking no kind; the first hit
    # answers a number or a who in its own words ("What is in Satan's starting
    # deck?" -> "15 cards: ...").
    if kind not in (YES_NO, asked) and not (
            kind in (ORDER, WHO) and asked in (ORDER, WHO, None)) and not (
            rank == 0 and kind in (NUMBER, WHO, ORDER) and asked in (None, NUMBER, WHO, ORDER)
            and (kind != NUMBER or _figure_in_first_sentence(answer))):
        return None
    if kind == NUMBER and not _has_number(answer):
        return None
    per_count = _per_count(answer, players) if kind == NUMBER and players else None
    # A chart by player count answers for the count asked, whichever count its
    # question names ("... for 4 players: the chart's 6 or the NOTE's 8?").
    if per_count:
        return (coverage(subject, question), {**hit, "text": per_count}) \
            if coverage(subject, question) >= COVERAGE else None
    if kind == NUMBER and players and players_asked(answer) not in (None, players):
        return None  # the figure for another number of players
    if kind == NUMBER:  # "Three games. 1 point per foe ..." -> "3. Three games. ..."
        said = sentences(answer)
        answer = " ".join([_figure_first(said[0]), *said[1:]]) if said else answer
    return _matched(hit, answer, subject, game_words, RULING if rank else TOP_RULING)


CARD_ASKED = 0.6


def _stating_sentence(hit: dict, subject, game_words, negated: bool,
                      duty: bool) -> tuple[float, dict] | None:
    """For a yes/no question a ruling asks otherwise ("Do my Rally cards count toward
    my Spell's size?" for "do rally cards count as components"): a sentence of its
    answer that has nearly every word asked and settles it as a rule's would ("...
    never count as Components")."""
    if negated:
        return None
    best = None
    for sentence in sentences(hit["text"]):
        if bare(sentence.split()[0]) in ("yes", "no") or sentence.startswith("("):
            continue  # its yes or no answers the ruling's own question; an aside
        # its first clause, with every word asked and the word that settles: a "not"
        # after a semicolon speaks of something else ("...; zero damage does not kill it")
        head = sentence.split(";", 1)[0]
        have = coverage(subject, head)
        match = covered(subject, head, game_words)
        if have < YES_NO_COVERAGE or match < SENTENCE_COVERED:
            continue
        settled = _settles(_unconditioned(head, subject, game_words), False, duty)
        if settled and (best is None or have * match > best[0]):
            best = (have * match, {**hit, "text": f"{settled}. {sentence}"})
    return best


def _matched(hit: dict, answer: str, subject, game_words,
             floors: tuple[float, float, float]) -> tuple[float, dict] | None:
    """The ruling's answer with how nearly the ruling is the question asked: the
    words asked that the ruling has, times the ruling's words that were asked (a
    player's situation seldom has the ruling's words, and a ruling with the same
    words may ask of another thing); None under ``floors``."""
    have, asked_of = ruling_match(hit, subject, game_words)
    least_have, least_asked, least_match = floors
    if "card clarification" in (hit.get("citation") or "").lower():
        # a ruling on one card ("Can The Rapture! be defended?") answers a question
        # asking of that card: most of its question's words asked
        least_asked = max(least_asked, CARD_ASKED)
    if have < least_have or asked_of < least_asked or have * asked_of < least_match:
        return None
    return have * asked_of, {**hit, "text": answer}


def ruling_match(hit: dict, subject, game_words) -> tuple[float, float]:
    """How nearly a ruling is the question asked: the words asked that the ruling
    has, and the ruling's question's words that were asked (a player's situation
    seldom has all the ruling's words; a ruling with the same words may ask of
    another thing): of a ruling asking two questions ("Does a Creature absorb a
    huge hit completely? Does 0 damage kill it?"), the one nearer."""
    return (coverage(subject, hit["title"] + " " + hit["text"]),
            _asked_of(hit["title"], subject, game_words)[0])


def _asked_of(title: str, subject, game_words) -> tuple[float, int]:
    """The share of a ruling's question's words asked, from its nearest question
    (with the situation told before it), and which of its questions that is."""
    said = sentences(title)
    asked = [s for s in said if s.endswith("?")]
    if asked and not said[-1].endswith("?"):
        # what the asker adds after the question ("... The Start of Each Round section
        # leaves this out.") is why they ask, not what
        said = said[:max(i for i, s in enumerate(said) if s.endswith("?")) + 1]
        title = " ".join(said)
    if len(asked) < 2:
        return covered(subject, title, game_words), 0
    situation = " ".join(s for s in said if not s.endswith("?"))
    return max(((covered(subject, f"{situation} {question}", game_words), i)
                for i, question in enumerate(asked)), key=lambda pair: (pair[0], -pair[1]))


NEGATIONS = frozenset(("not", "cannot", "never", "no", "nobody", "nothing", "don't",
                       "doesn't", "can't", "isn't", "aren't", "won't"))
PERMISSIONS = frozenset(("may", "can", "must", "obliged", "required"))  # allowed, or bound to
_NEGATION_FORMS = frozenset(_fold(w) for w in NEGATIONS)
# Words that say nothing of a source's subject: stop words, the games' common nouns,
# and a sentence's yes or no ("Players can never buy ...").
_NOT_TELLING = frozenset(_fold(w) for w in STOP_WORDS | _SOURCE_FILLER | NEGATIONS
                         | {"must", "always", "automatically"})


# A sentence's condition that the question itself states ("if your turn makes you
# flip a Rally card off the deck, you are obliged to play it" for "do I have to play
# a rally card I flip off the deck"): the situation asked about, not an exception.
_CONDITION = re.compile(r"^\s*(?:if|when)\b([^,;]+)[,;]\s*(.+)$", re.I)
_BARE_CONDITION = re.compile(r"^\s*(?:if|when)\b[^,;:]+$", re.I)
CONDITION_ASKED = 0.6  # the share of the condition's telling words the question has


def _unconditioned(sentence: str, subject, game_words=()) -> str:
    """The sentence without a leading condition the question states (else as it is)."""
    found = _CONDITION.match(sentence)
    if found and subject and covered(subject, found.group(1), game_words) >= CONDITION_ASKED:
        return found.group(2)
    return sentence


# An answer that leaves the question open: no yes or no can be read from it.
# ("the table decides": nobody's rule settles it; "only the foe decides" is a rule)
_UNSETTLED = re.compile(r"\b(?:not settled|not stated|does not (?:say|settle)|doesn't say|"
                        r"no further|unknown|either way|agree on it|(?:table|group|players) "
                        r"decides?|not clear)\b", re.I)
# A sentence that weighs one case against another ("You cannot delay the Rally
# effect within your turn, but you may leave a Rally card in your hand") or sets a
# condition settles no plain yes or no.
_CONTRASTS = frozenset(("but", "however", "although", "though", "whereas", "unless", "except",
                        "only", "if", "when", "until", "instead", "either"))
STATED = 0.6  # the share of the question's words (by rarity) the stating sentence has


def _stated(answer: str, subject, negated: bool) -> str | None:
    """For a yes/no question, what a ruling's answer that opens with neither yes nor
    no states: its sentence with most of the words asked, "No" when it denies
    ("Zero damage does not kill it"), "Yes" when it states all of them plainly;
    None for an answer that leaves the question open, a negated question, or a
    sentence weighing cases."""
    if negated or _UNSETTLED.search(answer) or _NO_DUTY.search(answer):
        return None
    found = max(((coverage(subject, s), s) for s in sentences(answer)), default=None,
                key=lambda pair: pair[0])
    if found is None or found[0] < STATED:
        return None
    share, sentence = found
    words = {t.lower() for t in re.findall(r"[A-Za-z']+", sentence)}
    if _CONTRASTS & words:
        return None
    if NEGATIONS & words or any(w.endswith("n't") for w in words) or {"neither", "nor"} & words:
        return "No"
    return "Yes" if share >= 1 else None


def negations_of(subject, game_words) -> bool:
    """Whether the question's words have a negation of their own."""
    asked = set().union(*(forms for forms, _ in subject), game_words) if subject else set()
    return bool(asked & _NEGATION_FORMS)


def _denied_case(sentence: str, asked_negation: bool) -> bool:
    """Whether a sentence's leading condition is denied ("If nobody plays Satan, ...")
    where the question denies nothing: the case the sentence speaks of is the other."""
    found = _CONDITION.match(sentence)
    if not found or asked_negation:
        return False
    return bool({t.lower() for t in re.findall(r"[A-Za-z']+", found.group(1))} & NEGATIONS)


# A sentence that lifts a duty ("You need not be below 20 HP to heal") allows what
# it speaks of: its "not" is no "No" to "can I heal".
_NO_DUTY = re.compile(r"\b(?:need not|needn't|not need|not have to|not required|not necessary|"
                      r"don't have to|doesn't have to|does not have to|do not have to)\b", re.I)


# A question asking whether something is required ("do I have to play it", "must I"):
# a sentence that only allows it ("you may ...") does not settle it.
DUTY_ASKED = re.compile(r"\b(?:ha(?:ve|s|d)\s+to|must|needs?\s+to|required|obliged|forced|"
                        r"mandatory|compulsory)\b", re.I)
_DUTIES = frozenset(("must", "obliged", "required"))


def _settles(sentence: str, negated: bool, duty: bool = False) -> str | None:
    """For a yes/no question, what a rule's sentence that speaks of its subject
    settles: "No" for a sentence that denies it ("Creatures cannot absorb damage
    you deal to yourself"), "Yes" for one that allows it without a condition, or, to
    a question asking whether it is required (``duty``), that requires it; a
    negated question ("can't I ...") or a condition ("only", "if", "unless") is
    left to the hits."""
    words = [t.lower() for t in re.findall(r"[A-Za-z']+", sentence)]
    if negated or {"only", "if", "unless", "except", "when", "until"} & set(words) \
            or _NO_DUTY.search(sentence):
        return None
    if NEGATIONS & set(words):
        return "No"
    if PERMISSIONS & set(words) and (not duty or _DUTIES & set(words)):
        return "Yes"
    return None


_CLAUSES = re.compile(r",\s*(?:and|but)\s+|;\s*", re.I)


def _clause_settles(sentence: str, subject, context: str, duty: bool) -> str | None:
    """A sentence joining two statements ("You do not get the standee for killing
    yourself, and nobody gets it when a Mayhem ... kills a player"): the one clause
    that has nearly every word asked settles it, the other's condition aside."""
    clauses = _CLAUSES.split(sentence)
    fitting = [clause for clause in clauses
               if coverage(subject, f"{context} {clause}") >= YES_NO_COVERAGE]
    return _settles(fitting[0], False, duty) if len(clauses) > 1 and len(fitting) == 1 else None


COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "both": 2,
          "several": 2, "multiple": 2, "twice": 2, "thrice": 3}
COUNTS |= {_fold(word): count for word, count in COUNTS.items()}  # as the subject has them
_LIMIT = re.compile(r"\b(?:only|at most|up to|never more than|no more than)\s+"
                    r"(\d+|one|two|three|four|five|six)\b(?=((?:\W+\w+){0,6}))", re.I)


def _count_of(forms) -> int | None:
    """The count a word asks ("two", "2"), the highest of its forms (a count asked is
    also matched by "one" or "more", rulesref.search.questions.COUNT_SETTLED_BY)."""
    counts = [int(form) if form.isdigit() else COUNTS[form] for form in forms
              if form.isdigit() and int(form) > 0 or form in COUNTS]
    return max(counts) if counts else None


def _within_limit(sentence: str, asked: int, subject) -> str | None:
    """"Can a spell have two sources?" against "never more than one of each type
    (Source, ...)": a limit in the sentence on a thing asked about settles how many."""
    things = set().union(*(forms for forms, _ in subject)) if subject else set()
    for number, after in _LIMIT.findall(sentence):
        if {_fold(t) for t in tokens_of(after)} & things:
            limit = int(number) if number.isdigit() else COUNTS[number.lower()]
            return "No" if asked > limit else "Yes"
    return None


_BOUND = re.compile(r"\b(?:only|at most|up to|(?:more|fewer|less) than)\s+"
                    r"(?:\d+|one|two|three|four|five|six)\s+(?!players?\b|people\b|wizards?\b)",
                    re.I)


def _limits_another(sentence: str) -> bool:
    """Whether a sentence bounds a count of something other than the players: it
    settles that count, not a number of players asked."""
    return bool(_BOUND.search(sentence))


def section(hit: dict) -> str:
    """The rulebook section a rule hit stands in ("Setup" of "Anarchy at the Arena 3.8 ·
    Setup"): a rule speaks of its section's subject ("how many dead wizard tokens at setup")."""
    citation = hit.get("citation") or ""
    return citation.rsplit(" \u00b7 ", 1)[1] if " \u00b7 " in citation else ""


def heading(hit: dict) -> str:
    """A rule hit's own heading ("Maximum HP" of "anarchy 3.6 Maximum HP"), or ""
    for a rule without one (its title is its first words, ending "…")."""
    parts = hit["title"].split(" ", 2)
    return "" if len(parts) < 3 or hit["title"].endswith("\u2026") else parts[2]


# A rule whose heading is what was asked ("Maximum HP" for "max hp anarchy", "When
# You Die" for "what happens when I die"): the heading has nearly all the words asked
# and the question nearly all of the heading's, so the rule's sentence speaks of the
# subject even in the rulebook's other words ("Gaining HP can never take a Wizard
# above 25 HP").
HEADING_ASKED = 0.8


_GAME_NAME_FORMS = frozenset(_fold(t) for names in NICKNAMES.values() for name in names
                             for t in tokens_of(name))


def titled(hit: dict, subject, game_words) -> float:
    """How nearly a rule's heading is the subject asked (0 when it is not)."""
    head = heading(hit)
    if not head or _has_number(head) or coverage(subject, head) < COVERAGE:
        # (a heading with a figure names a case: "Initiative 0" for "who goes first")
        return 0.0
    # a game's name ("Satanic" -> "satan") is no word asked of a heading ("Death as Satan")
    words = set(game_words) - _GAME_NAME_FORMS
    # "Maximum HP and Blood" heads a rule of each: "max hp" asks the first of them
    share = max(covered(subject, part, words)
                for part in [head, *re.split(r"\s+(?:and|&)\s+|,\s*", head)] if part)
    return share if share >= HEADING_ASKED else 0.0


def asks_what_happens(typed: list[str]) -> bool:
    """Whether the words ask what happens ("what happens if I die", "I took 5
    damage at 2 HP, what happens?", "what if the deck runs out")."""
    pairs = set(zip(typed, typed[1:], strict=False))
    return bool(pairs & {("what", "happens"), ("what", "happen"), ("whats", "happens")}) \
        or typed[:2] == ["what", "if"]


def _what_happens(hit: dict, subject, game_words) -> tuple[float, dict] | None:
    """For "what happens ...": a rule headed by the situation asked ("When You Die",
    a heading that opens with "when", "if", "after" or "at"),
    with its text; or its sentence whose leading condition is the situation asked
    ("When you die, discard every Creature you have in play." for "what happens to
    my creatures if I die"), with that sentence."""
    by_heading = titled(hit, subject, game_words)
    situation = heading(hit).lower().split()[:1] in (["when"], ["if"], ["after"], ["at"])
    if by_heading and situation and coverage(subject, hit["title"] + " " + hit["text"]) >= COVERAGE:
        return by_heading, hit  # (a heading naming a topic, "Stealing the relic", says no outcome)
    best = None
    for sentence in sentences(hit["text"]):
        found = _CONDITION.match(sentence)
        # "When your HP drops below 1 you die.": no comma marks where the outcome
        # starts, so the whole sentence stands for its condition
        condition = found.group(1) if found else \
            sentence if _BARE_CONDITION.match(sentence) else None
        if condition is None or covered(subject, condition, game_words) < CONDITION_ASKED:
            continue
        have, match = coverage(subject, sentence), covered(subject, sentence, game_words)
        if have >= COVERAGE and match >= SENTENCE_COVERED and (
                best is None or have * match > best[0]):
            best = (have * match, {**hit, "text": sentence})
    return best


CHOICE_ASKED = 0.5  # the share of the question's words (by rarity) the source has


def _chosen(hit: dict, typed: list[str], subject) -> tuple[float, dict] | None:
    """For a choice between two words ("do I come back at 18 or 20", "face up or face
    down"): the first hit's sentence that names one of them and not the other (or the
    other after "not": "reset to 20, not 18")."""
    if "or" not in typed[1:-1]:
        return None
    at = typed.index("or", 1)
    first, second = typed[at - 1], typed[at + 1]
    if at >= 2 and second == typed[at - 2] and at + 2 < len(typed):
        second = typed[at + 2]  # "face up or face down"
    if not first or not second or first in STOP_WORDS or second in STOP_WORDS \
            or _fold(first) == _fold(second):
        return None
    have = coverage(subject, f"{hit['title']} {hit['text']}")
    if have < CHOICE_ASKED:
        return None
    options = (_fold(first), _fold(second))
    for sentence in sentences(hit["text"])[:2]:
        words = [_fold(w.lower()) for w in re.findall(r"[A-Za-z0-9']+", sentence)]
        named = {o for o in options if o in words}
        denied = {words[i + 1] for i in range(len(words) - 1) if words[i] in ("not", "never")}
        if len(named - denied) == 1:  # one named, or both and the other denied
            return have, {**hit, "text": sentence}
    return None


# What happens to a thing a player holds, as a question and a source say it: kept or lost.
_KEPT = frozenset(_fold(w) for w in ("keep", "kept", "retain", "stay"))  # as stemmed
_LOST = frozenset(_fold(w) for w in ("lose", "lost", "discard", "throw", "thrown"))
_CONDITIONAL = frozenset(("if", "unless", "except", "only", "instead"))
# Words of a "what do I keep" question that name no thing held: the occasion, particles.
_NOT_HELD = frozenset(("die", "dies", "died", "dying", "dead", "death", "killed", "kill",
                       "away", "out", "still", "get", "have", "to", "when", "if", "after"))


def _kept_or_lost(hit: dict, typed: list[str], subject,
                  game_words) -> tuple[float, dict] | None:
    """For "do I keep / lose / discard my X ...": the first hit's sentence saying of X
    that it is kept or lost ("You discard your hand, but keep an unrevealed Spell ...,
    your Treasures and your Creatures" -> "do i lose my treasures": No; "do i keep my
    hand": No), when it says so of every thing asked and without a negation."""
    verbs = [i for i, word in enumerate(typed) if word and _fold(word) in _KEPT | _LOST]
    if not verbs:
        return None
    asked_kept = _fold(typed[verbs[0]]) in _KEPT
    things = {_fold(w) for w in typed[verbs[0] + 1:]
              if w and w not in STOP_WORDS and w not in _NOT_HELD
              and _fold(w) not in _KEPT | _LOST} - set(game_words) - _GAME_NAME_FORMS
    have = coverage(subject, f"{hit['title']} {hit['text']}")
    if not things or have < COVERAGE:
        return None
    for sentence in sentences(hit["text"])[:2]:
        words = [w.lower() for w in re.findall(r"[A-Za-z']+", sentence)]
        if (NEGATIONS | _CONDITIONAL) & set(words):
            continue
        said, kept = {}, None
        for before, word in zip(["", *words[:-1]], words, strict=True):
            if _fold(word) in _KEPT | _LOST:
                # "without discarding your Creatures": they are kept
                kept = (_fold(word) in _KEPT) != (before == "without")
            elif kept is not None and _fold(word) in things:
                said.setdefault(_fold(word), set()).add(kept)
        if set(said) == things and all(len(v) == 1 for v in said.values()):
            told = {next(iter(v)) for v in said.values()}
            if len(told) == 1:
                verdict = "Yes" if told.pop() == asked_kept else "No"
                return have, {**hit, "text": f"{verdict}. {sentence}"}
    return None


def asks_how_to(typed: list[str]) -> bool:
    """Whether the words ask how to do a thing ("how do I destroy a divinity", "how
    to steal the relic"), not how many or how much."""
    return typed[:1] == ["how"] and typed[1:2] not in (["many"], ["much"], ["long"], ["often"])


def _how_to(hit: dict, subject, game_words) -> tuple[float, dict] | None:
    """For "how do I ...": a rule headed by what was asked ("Destroying a divinity"
    for "how do I destroy a divinity"), with its text."""
    by_heading = titled(hit, subject, game_words)
    if by_heading and hit["text"] and \
            coverage(subject, hit["title"] + " " + hit["text"]) >= COVERAGE:
        return by_heading, hit
    return None


def _from_rule(hit: dict, kind: str, subject, game_words, players: str | None,
               negated: bool, first_rule: bool = False,
               duty: bool = False, counted=None, each: bool = False
               ) -> tuple[float, dict] | None:
    """A rule's sentence that gives the answer, with how much of it was asked
    (``counted``: the forms of the thing a "how many" counts; ``each``: asked per kind)."""
    title = hit["title"]
    by_heading = titled(hit, subject, game_words)
    asked_words = negations_of(subject, game_words)
    asked = None
    table_size = False
    if kind == YES_NO:  # "can I play two ...": the count is what the sentence settles
        asked = next((_count_of(forms) for forms, _ in subject
                      if _count_of(forms) is not None), None)
        # "can 6 people play", "is it ok with 7 wizards": a number of players asked
        table_size = players is not None
        # the words of the count asked ("most", "one") are words the limit may have
        game_words = set(game_words).union(*(forms for forms, _ in subject
                                             if _count_of(forms) is not None))
        subject = [(forms, w) for forms, w in subject if _count_of(forms) is None] or subject
    # A worked example ("Example: four players ...") answers only a question that states
    # its situation: its figures are the example's, not the rule's.
    example = heading(hit).lower().startswith("example")
    context = f"{heading(hit)} {section(hit)}"
    best = None
    for sentence in sentences(hit["text"]):
        if kind == NUMBER and (not _has_number(sentence) or each and not _PER_EACH.search(sentence)):
            continue
        if _denied_case(sentence, asked_words):
            continue  # "If nobody plays Satan, ..." for "who goes first if somebody plays satan"
        if example and covered(subject, sentence, game_words) < COVERED:
            continue
        text = sentence
        if kind == YES_NO:
            # the rule's heading and section name what its sentences speak of ("You do
            # not get the standee ..." under "Satan's Salute Standee")
            if negated or coverage(subject, sentence) < OWN_COVERAGE \
                    or coverage(subject, f"{context} {sentence}") < YES_NO_COVERAGE:
                continue
            # a statement before a colon ("You are never your own foe: if you have the
            # most HP ...") settles what its elaboration's condition does not
            head = re.split(r"[:;]", sentence, maxsplit=1)[0]
            if table_size and _limits_another(sentence):
                continue  # "can 6 people play": "No player may play more than 3 Components"
            settled = (_within_limit(sentence, asked, subject) if asked else None) \
                or (head != sentence and coverage(subject, head) >= YES_NO_COVERAGE
                    and _settles(head, False, duty)) \
                or _settles(_unconditioned(sentence, subject, game_words), False, duty) \
                or (_clause_settles(sentence, subject, context, duty) if asked is None else None)
            if settled is None:
                continue
            text = f"{settled}. {sentence}"
        # A list after the sentence's head ("... is 10 cards: 6 Glyph, 1 Satanic ...")
        # details it, and says nothing of another subject; a figure is told by its
        # clause ("..., discard down to the maximum hand size of six cards").
        parts = [sentence, re.split(r"[:;]", sentence, maxsplit=1)[0]]
        if kind == NUMBER:
            parts += [clause for clause in re.split(r"[,:;]", sentence) if _has_number(clause)]
        have = coverage(subject, f"{title} {section(hit)} {sentence}")
        match, part = max((covered(subject, part, game_words), part) for part in parts
                          if kind != NUMBER or _has_number(part))
        match = max(match, by_heading)
        if kind == NUMBER and _qualified(part, subject, game_words):
            continue
        # The first rule hit's sentence with a figure answers "how many" from fewer
        # of the words ("dead wizard tokens go in the pile" -> "... two for each Wizard").
        least_have, least_match = (FIRST_RULE_NUMBER if first_rule and kind == NUMBER
                                   and not example else (COVERAGE, SENTENCE_COVERED))
        if have >= least_have and match >= least_match \
                and (best is None or have * match > best[0]):
            best = (have * match, text, part)
    if best is None:
        return None
    match, text, part = best
    if kind == NUMBER and players:
        per_count = _per_count(hit["text"], players)
        if per_count is None and players_asked(text) not in (None, players):
            return None  # "A standard 4-player game uses 8 ..." for 3 players
        text = per_count or text
    elif kind == NUMBER:
        told = _figure_before(text, counted) if counted else None
        text = f"{told}. {text}" if told is not None else _figure_first(text, part)
    return match, {**hit, "text": text}


_PER_EACH = re.compile(r"\b(?:each|per|every)\b", re.I)


def _figure_before(sentence: str, counted) -> int | None:
    """The figure a sentence gives just before the thing counted ("how many blanks":
    "a six-sided die: three pentagrams, two blanks and ..." -> 2), when it gives one
    figure so."""
    told = set()
    # (a figure joined to its word, "six-sided", or one per thing, "one die for each
    # possession", tells no count of it)
    for figure, word, after in _FIGURE_WORD.findall(sentence):
        if _fold(word.lower()) in counted and not _PER_THING.match(after):
            told.add(int(figure) if figure.isdigit() else FIGURES[figure.lower()])
    return next(iter(told)) if len(told) == 1 else None


_FIGURE = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty"
_FIGURE_WORD = re.compile(rf"(?<![\w-])({_FIGURE})\s+([a-z]+)\b(?=([^.;:]{{0,20}}))", re.I)
_PER_THING = re.compile(r"\s*(?:for each|for every|per|each)\b", re.I)


# What a figure measures rather than counts ("cost 3 Power each", "20 Hit Points").
_UNITS = frozenset(_fold(w) for w in ("power", "vp", "victory", "points", "hp", "hit", "blood",
                                      "damage", "strength"))


def _qualified(clause: str, subject, game_words) -> bool:
    """Whether each figure of ``clause`` that counts a thing asked counts it with a
    word not asked ("draws one Dead Wizard card" for "how many cards do I draw":
    the cards of dead Wizards), or, where none counts a thing asked, each counts
    another ("uses one of your three actions" for "how many dice do I roll")."""
    asked = set().union(*(forms for forms, _ in subject), game_words)
    tokens = tokens_of(clause)
    verdicts, others = [], []
    for i, token in enumerate(tokens):
        if not (token.isdigit() or token in FIGURES):
            continue
        between = []
        for word in (_fold(t) for t in tokens[i + 1:i + 4]):
            if word in asked:
                verdicts.append(any(w not in _NOT_TELLING and w not in asked for w in between))
                break
            between.append(word)
        else:  # no thing asked follows: a figure of another thing ("three actions")?
            others.append(bool(between) and between[0] not in _NOT_TELLING | _UNITS
                          and not between[0].isdigit())
    if verdicts:
        return all(verdicts)
    return any(others)  # "uses one of your three actions" for "how many dice"


FIGURES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
           "thirty": 30}


def _figure_first(sentence: str, clause: str | None = None) -> str:
    """A rule's sentence answering "how many" with its one figure, written in words,
    first in digits ("3. Start each turn by drawing three cards"), as a player at
    the table looks for it; a sentence with its figure in digits already, with
    several figures, or with one per thing ("two for each Wizard") as it is; of
    several, the one figure of the ``clause`` that tells what was asked ("... your
    three actions, discard down to the maximum hand size of six cards" -> 6)."""
    tokens = tokens_of(clause if clause and clause != sentence else sentence)
    figures = _figures_in(clause if clause and clause != sentence else sentence)
    per_thing = "per" in tokens or " for each " in f" {' '.join(tokens)} "
    if len(figures) != 1 or per_thing:
        return sentence
    # in digits already: first only when the sentence has other figures ("start at 20
    # HP ...; maximum 25" -> 25 for "max hp")
    if any(t.isdigit() for t in tokens) and len(_figures_in(sentence)) < 2:
        return sentence
    return f"{next(iter(figures))}. {sentence}"


def _figures_in(text: str) -> frozenset[int]:
    """The figures a text gives, in digits or in words."""
    return frozenset(int(t) if t.isdigit() else FIGURES[t] for t in tokens_of(text)
                     if t.isdigit() or t in FIGURES)


ASIDE = 0.25  # a ruling whose question's telling words are asked less than this
GENERAL_WORDS = 4  # a question of at most this many words asks the general case


def asides_last(hits: list[dict], understood, window: int) -> list[dict]:
    """A short question's first ``window`` hits (at most GENERAL_WORDS words searched
    for) with the rulings that ask of another case after the others, each group in rank order: a ruling setting a situation the
    question does not state ("Two of us have the same Initiative. Who goes first?"
    for "who goes first"), or whose question speaks mostly of other things ("Does a
    Reaction card in my hand do anything when I die?" for "how many cards in hand").
    The hits past the window keep their places."""
    subject = _subject(understood.query)
    if not subject or len(subject) > GENERAL_WORDS:
        return hits  # a question telling its own situation may word a ruling's otherwise
    game_words = {_fold(t) for t in tokens_of(understood.game_words)}
    players = players_asked(understood.query.source)
    asks_example = any(_fold("example") in forms for forms, _ in subject)

    def aside(hit: dict) -> bool:
        if hit["kind"] == "rule":  # a worked example plays a case out, the rule states it
            return heading(hit).startswith("Example") and not asks_example
        return hit["kind"] == "ruling" and (
            sub_case(hit, subject, game_words, players)
            or covered(subject, hit["title"], game_words) < ASIDE)

    first = hits[:window]
    asides = [hit for hit in first if aside(hit)]
    return [hit for hit in first if hit not in asides] + asides + hits[window:]


def figure_first(hits: list[dict], understood) -> list[dict]:
    """A "how many X" question's hits with the first rule among the first FIGURE_WINDOW
    that states a figure of X (in a sentence speaking of what was asked) moved to the top,
    when the top hit answers with no figure: "how many vp is a dead wizard token worth"
    is answered by rule 15.3's "Each Dead Wizard token is worth -2 VP", not by the ruling
    on what else the token does. The other hits keep their order."""
    if understood.answer_kind != NUMBER or not hits:
        return hits
    if players_asked(understood.query.source):
        return hits  # a count per number of players: a chart's row, rulings included
    typed = [bare(word) for word in understood.query.source.split()]
    subject = _subject(understood.query)
    counted = _counted(typed, subject)
    # the thing counted right after "how many" ("how much is a token worth" asks a value)
    if not counted or not any(typed[i:i + 2] == ["how", much] and _fold(typed[i + 2]) in counted
                              for i in range(len(typed) - 2) for much in ("many", "much")):
        return hits
    counted = counted | {_SAME_COUNT[form] for form in counted if form in _SAME_COUNT}
    telling = [(forms, w) for forms, w in subject if not forms & counted] or subject

    def states(hit: dict) -> bool:
        return any(_figure_of(sentence, counted) and coverage(telling, sentence) >= OWN_COVERAGE
                   for sentence in sentences(hit["text"]))

    told = [t for t in sentences(hits[0]["text"]) if _words(t) - {"yes", "no"}][:1]
    if told and _has_number(told[0]):
        return hits  # a top hit answering with a figure may give this one in its own words
    # a rule: a ruling says its figures in answering its own question, and put first
    # it would be read as the answer ("pay 4 HP" for "how many vp ...")
    first = next((hit for hit in hits[1:FIGURE_WINDOW] if hit["kind"] == "rule" and states(hit)),
                 None)
    if first is None:
        return hits
    return [first, *(hit for hit in hits if hit is not first)]


# From further down, the hit moved up pushed a third hit that answered out of the first
# three more often than it brought one in (the blind sets on PostgreSQL, window 8).
FIGURE_WINDOW = 5


def _figure_of(sentence: str, counted) -> bool:
    """Whether ``sentence`` gives a figure (a penalty's "-2" too, or one per thing: "one
    die for each possession") just before the thing counted."""
    return any(_fold(word.lower()) in counted for word in _SIGNED_FIGURE_WORD.findall(sentence))


_SIGNED_FIGURE_WORD = re.compile(rf"(?:(?<=[\s(])-|(?<![\w-]))(?:{_FIGURE})\s+([a-z]+)\b", re.I)


def speaks_of(hit: dict, understood) -> bool:
    """Whether a rule or ruling shown as the top hit has nearly all the words asked
    (for words that are no question of a known kind)."""
    subject = _subject(understood.query)
    title = heading(hit) if hit["kind"] == "rule" else hit["title"]  # not the game's slug
    return bool(subject) and coverage(subject, title + " " + hit["text"]) >= COVERAGE \
        and _speaks_of_all(hit, hit, subject, None, whole=True)


def headed_by(hit: dict, understood) -> bool:
    """Whether a rule shown as the top hit is headed by what the words name ("start of
    each round anarchy" -> "Start of Each Round"; not "Tiebreakers (back cover)" for
    "tiebreakers"), its text speaking of them too."""
    if hit["kind"] != "rule" or not hit["text"]:
        return False
    subject = _subject(understood.query)
    game_words = {_fold(t) for t in tokens_of(understood.game_words)}
    return bool(subject) and titled(hit, subject, game_words) > 0 and speaks_of(hit, understood)


DEFINED = 0.5  # the share of the question's words (by rarity) a term's name must be


def definition(hits: list[dict], understood, *, top: int = 3) -> dict | None:
    """For "what is X": a glossary term among the first hits whose name is the thing
    asked about: every word of its name asked, and most of what was asked ("what
    are beelze-butthole tiles" -> Beelze-Butthole; "what is a champion's entrance"
    -> Entrance rather than Champion). None when no term's name is."""
    subject = _subject(understood.query)
    if not subject:
        return None
    asked = set().union(*(forms for forms, _ in subject))
    best = None
    for hit in hits[:top]:
        if hit["kind"] != "term" or not hit["text"]:
            continue
        name = re.sub(r"\(.*?\)", " ", hit["title"])  # "Hit Points (HP)"
        words = _words(name) - _NOT_TELLING
        if not words or not words <= asked:
            continue
        share = coverage(subject, name)
        if share >= DEFINED and (best is None or share > best[0]):
            best = (share, hit)
    return best[1] if best else None


_QUANTITY = frozenset(_fold(w) for w in QUANTITY_WORDS)


def direct_answer(hits: list[dict], understood, *, top: int = 3) -> dict | None:
    """The answer box from the first ``top`` hits, for a question of a known kind
    whose subject a rule's sentence or a ruling speaks of; for another question
    ("what happens when I die"), a ruling asking the same about the same subject
    (its question asks for no kind either); else None."""
    kind = understood.answer_kind
    if kind == DEFINITION or (kind is None and not understood.dropped):
        return None  # words that are no question go on to the top hit
    players = players_asked(understood.query.source)
    # "with 3 players": the count asked is the chart's row, not a word of the subject
    subject = [(forms, w) for forms, w in _subject(understood.query) if forms != {players}]
    if kind == NUMBER:
        # "blood cap", "familiar cost": the quantity word asks for the figure, and is
        # no word of the thing asked about (the rule says "never more than 25 Blood")
        quantity = set().union(*(forms for forms, _ in subject if forms & _QUANTITY))
        subject = [(forms, w) for forms, w in subject if not forms & _QUANTITY] or subject
    else:
        quantity = set()
    if not subject:
        return None
    # the quantity word asked is no word the source need have, but one it may
    game_words = {_fold(t) for t in tokens_of(understood.game_words)} | quantity
    typed = [bare(word) for word in understood.query.source.split()]
    negated = any(word.endswith(("n't", "nt")) and word in YES_NO_WORDS or word.endswith("n't")
                  or word in ("not", "cannot") for word in typed)
    # a choice asked as yes or no ("does a treasure go in my hand or in front of me?")
    choice = kind == WHO and "or" in typed and not WHO_WORDS & set(typed)
    what_happens = kind is None and asks_what_happens(typed)
    # "when / what / how / why ..." asks for more than a yes or a no ("what happens" aside)
    open_ask = "" if what_happens else _asked_opening(understood.query.source)
    how_to = kind is None and asks_how_to(typed)
    counted = _counted(typed, subject) if kind == NUMBER else None
    # "how many of each deadly sin": a figure per kind ("3 copies of each"), not of kinds
    each = kind == NUMBER and any(typed[i:i + 4] == ["how", "many", "of", "each"]
                                  for i in range(len(typed)))
    best, closest, found_all, glossary = None, 0.0, [], None
    for rank, hit in enumerate(hits[:top]):
        found = None
        if hit["kind"] == "ruling" and sub_case(hit, subject, game_words, players):
            continue  # another case than the one asked: neither an answer nor a closer one
        if hit["kind"] == "ruling" and how_to and ruling_kind(hit["title"]) == YES_NO:
            continue  # "how do I turn my victim into a demoniac" is not "Must my victim be ...?"
        if hit["kind"] == "ruling":
            found = _from_ruling(hit, kind, subject, game_words, players, rank, negated,
                                 choice, bool(_AVOIDING.search(" ".join(typed))), open_ask)
            if found is None and kind == YES_NO and not choice:
                found = _stating_sentence(hit, subject, game_words, negated,
                                          bool(DUTY_ASKED.search(understood.query.source)))
        elif hit["kind"] in ("rule", "term") and kind is not None:
            # a glossary entry's sentence answers as a rule's does ("Penta-Coin ... worth 3 VP")
            found = _from_rule(hit, kind, subject, game_words, players, negated,
                               first_rule=hit["kind"] == "rule" and not any(
                                   h["kind"] == "rule" for h in hits[:rank]),
                               duty=bool(DUTY_ASKED.search(understood.query.source)),
                               counted=counted, each=each)
        elif hit["kind"] == "rule" and what_happens:
            found = _what_happens(hit, subject, game_words)
        elif hit["kind"] == "rule" and how_to:
            found = _how_to(hit, subject, game_words)
        if found is None and rank == 0 and kind == WHO and hit["kind"] in ("rule", "ruling"):
            found = _chosen(hit, typed, subject)  # "do I come back at 18 or 20?"
        if rank == 0 and kind == YES_NO and not negated and hit["kind"] in ("rule", "ruling"):
            # "do I keep my treasures": what the source says of them, before a ruling's
            # own yes or no to another question ("Is it the same in every game?")
            found = _kept_or_lost(hit, typed, subject, game_words) or found
        if found and not _speaks_of_all(found[1], hit, subject, counted):
            found = None
        if found:
            found_all.append(found)
        if found and hit["kind"] == "term":
            # a glossary entry sums up; a rule or ruling that answers states it
            glossary = glossary or found
            continue
        # The source that speaks most nearly of what was asked; ties to the better hit.
        if found and (best is None or found[0] > best[0] + RANK_SLACK * rank):
            best = found
        if hit["kind"] == "ruling" and not found and (_asks_like(hit["title"], kind) or (
                rank == 0 and kind == YES_NO and "which" in typed
                and ruling_kind(hit["title"]) == WHO)):
            # ("can I choose which divinity ...": the first hit asks which, and tells it)
            # (a ruling asking another kind, "Which divinity does my attack destroy?",
            # is no nearer answer to "does the divinity I destroy hit me")
            have, asked_of = ruling_match(hit, subject, game_words)
            closest = max(closest, have * asked_of)
    best = best or glossary
    # A ruling nearer the question that answers in another form ("The rulebook does
    # not settle it" to a yes/no question): the answer is not a plain yes or no.
    if best is None or closest > best[0] or each and not _PER_EACH.search(best[1]["text"]):
        return None
    if not understood.game and (_games_differ(best, hits[:top], subject, game_words)
                                or kind == NUMBER and _figures_differ(best, found_all)):
        return None
    return {**best[1], "answers": kind or "", "answered": understood.text}


# Question words, as a player types them too ("wat do i draw up to")
OPEN_WORDS = {word: word for word in QUESTION_WORDS} | {
    "whats": "what", "what's": "what", "wat": "what", "wot": "what", "wht": "what",
    "waht": "what", "whta": "what", "wen": "when", "hw": "how"}
# Asking when, where or why: a ruling asking otherwise ("In what order ...?") tells another thing.
TIME_PLACE_REASON = frozenset(("when", "where", "why"))


def _opening(question: str) -> str:
    """The question word a question (a ruling's: its last) opens with, or "": "when"
    asks only before a verb ("when does it happen"; "When I die, do I ..." asks yes
    or no)."""
    asked = [s for s in sentences(question) if s.endswith("?")] or [question]
    words = leading_dropped([w for w in (bare(t) for t in asked[-1].split()) if w])
    word = OPEN_WORDS.get(words[0], "") if words else ""
    if word in TIME_PLACE_REASON and words[1:2] and words[1] not in YES_NO_WORDS:
        return ""
    return word


def _asked_opening(source: str) -> str:
    """The question word of a player's question, also after the situation it opens with
    ("im down to 3 hp, why would i ...", "i hold the standee, what can it do")."""
    typed = source.split()
    for start in clause_starts(typed):
        words = leading_dropped([w for w in (bare(t) for t in typed[start:]) if w])
        if words and words[0] in OPEN_WORDS:
            return _opening(" ".join(words))
    return _opening(" ".join(bare(t) for t in typed))


FEW_WORDS = 2  # a top hit shown for this few words has them all: "become satan" is not "become"


# "how many dice" is told "one die per ..."; the stemmer keeps the two apart
_SAME_COUNT = {"dice": "die"}


def _counted(typed: list[str], subject):
    """The forms of the thing a "how many" / "how much" question counts (its first
    word after them: "how much blood ...", "how many hit points ..."), or None."""
    for i in range(len(typed) - 2):
        if typed[i] == "how" and typed[i + 1] in ("many", "much"):
            for word in typed[i + 2:]:
                folded = _fold(word)
                entry = next((forms for forms, _ in subject if folded in forms), None)
                if entry is not None:
                    return entry
                if word not in STOP_WORDS:
                    return None
    return None


def _speaks_of_all(answer: dict, hit: dict, subject, counted, *, whole: bool = False) -> bool:
    """Whether the source tells the thing a "how many" counts ("how much blood do
    wizards start with" is not answered by "every Wizard starts at 20 HP") and, with
    ``whole``, every word of a short subject ("how do I become Satan" is not answered
    by "you become its new owner")."""
    # a rule's heading, not its title: "satanic-panic 6.12.4 ..." names the game, no subject
    title = heading(hit) if hit["kind"] == "rule" else hit["title"]
    have = _words(" ".join((title, hit.get("text") or "", answer["text"])))
    if counted is not None:
        # the thing counted is in the answer given (or the question a ruling answers),
        # not only in a heading ("Example: the round starts" counts players, not rounds)
        told = _words(answer["text"] + (" " + hit["title"] if hit["kind"] == "ruling" else ""))
        if not (counted | {_SAME_COUNT[f] for f in counted if f in _SAME_COUNT}) & told:
            return False
    return not whole or len(subject) > FEW_WORDS or all(forms & have for forms, _ in subject)


def _figures(text: str) -> frozenset[int]:
    return _figures_in(sentences(text)[0] if text else "")


def _figures_differ(best, found_all) -> bool:
    """For a question naming no game: whether another game's source answers nearly as
    well with other figures ("how many cards in my hand at the start": Demoniac's
    three, Rumble's eight), so the answer depends on the game the player means."""
    score, answer = best
    mine = _figures(answer["text"])
    return any(other.get("game") != answer.get("game") and theirs >= GAMES_DIFFER * score
               and _figures(other["text"]) != mine for theirs, other in found_all)


GAMES_DIFFER = 0.8  # another game's ruling this near the answer's match, answering otherwise
SAME_ANSWER = 0.5  # the share of telling words two answers' first sentences share


def _games_differ(best, hits, subject, game_words) -> bool:
    """For a question naming no game: whether another game's ruling asks nearly the
    same and answers otherwise ("two foes tie for strongest foe": Anarchy's "Both",
    Rumble's "You pick one"), so the answer depends on the game the player means."""
    score, answer = best
    mine = _words(sentences(answer["text"])[0] if answer["text"] else "") - _NOT_TELLING
    above = True  # the hits ranked above the answer
    for hit in hits:
        if hit["url"] == answer["url"]:
            above = False
        if hit["kind"] != "ruling" or hit.get("game") == answer.get("game"):
            continue
        have, asked_of = ruling_match(hit, subject, game_words)
        # one ranked higher with the words asked, or one nearly as near
        if not (above and have >= COVERAGE) and have * asked_of < GAMES_DIFFER * score:
            continue
        theirs = _words(sentences(hit["text"])[0] if hit["text"] else "") - _NOT_TELLING
        if len(mine & theirs) < SAME_ANSWER * max(len(mine | theirs), 1):
            return True
    return False
