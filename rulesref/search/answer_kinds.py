"""The kind of answer a question asks for: a number ("how many"), yes or no
("can I", "does", "is"), a player or a card ("who", "which"), an order ("who
goes first") or a definition ("what is X"). Read from the words as typed, the
game's name taken out (rulesref.search.questions.understand)."""
from __future__ import annotations

from rulesref.search.stopwords import bare

NUMBER, YES_NO, WHO, ORDER, DEFINITION = "number", "yes/no", "who/which", "order", "definition"
ANSWER_KINDS = (NUMBER, YES_NO, WHO, ORDER, DEFINITION)

YES_NO_WORDS = frozenset("""can can't cannot could couldn't may might does doesn't do don't did
didn't is isn't are aren't was wasn't will won't would wouldn't should shouldn't must mustn't
has hasn't have haven't am shall""".split()) | frozenset(
    # as typed without the apostrophe: "dont i have to ...", "cant i ..."
    "cant couldnt doesnt dont didnt isnt arent wasnt wont wouldnt shouldnt hasnt havent".split())
WHO_WORDS = frozenset(("who", "which", "whose", "whom"))
# "who goes first", "which spell goes first", "turn order", "in what order"
ORDER_PHRASES = (("goes", "first"), ("go", "first"), ("goes", "next"), ("acts", "first"),
                 ("act", "first"), ("plays", "first"), ("play", "first"), ("turn", "order"),
                 ("what", "order"), ("which", "order"), ("starts",), ("start", "first"))


# Words a player puts before the question itself ("in <game>, can I ...", "so how
# many ...", "quick question: who ..."), the game's name already taken out.
LEADING = frozenset("""in at for on with so ok okay hey um and but also then now well wait
quick question rules rule""".split())
CLAUSE_ENDS = (",", ";", ":", "?")
DASHES = frozenset(("-", "\u2013", "\u2014"))
# "tied on vp, who wins", "the last token, who gets it": a who at the sentence's
# end asks; one earlier is a relative clause ("the wizard who killed me ...").
TAIL_WHO = 4


def clause_starts(typed: list[str]) -> list[int]:
    """Where the clauses after the first begin (after a comma, colon, "?" or a dash),
    last first: a sentence's question may follow its situation."""
    return [i for i in range(len(typed) - 1, 0, -1)
            if typed[i - 1].endswith(CLAUSE_ENDS) or typed[i - 1] in DASHES]


def question_kind(typed: list[str], definition: bool = False) -> str | None:
    """The kind of answer the words typed (the game's name taken out, or left as
    the punctuation that followed it) ask for; a sentence's question may follow
    its situation ("I got attacked, can I ...?", "anarchy tied on points who wins",
    "legendary devils how many for 3 players")."""
    if definition:
        return DEFINITION
    kind = _kind(_words(typed))
    for clause in clause_starts(typed):
        if kind is not None:
            break
        kind = _kind(_words(typed[clause:]))
    words = [bare(t) for t in typed]
    if kind is None and words[:1] == ["if"]:  # "if I kill myself ... who gets the token?"
        kind = next((_kind(words[i:]) for i in range(2, len(words))
                     if words[i] in WHO_WORDS or words[i] in YES_NO_WORDS and words[i - 1]
                     not in ("i", "you", "it", "they", "we")), None)
    if kind is None:  # "how many" anywhere asks for a number; "who" near the end, a who
        kind = next((_kind(words[i:]) for i in range(1, len(words))
                     if words[i:i + 2] in (["how", "many"], ["how", "much"])
                     or words[i] in WHO_WORDS and i >= len(words) - TAIL_WHO), None)
    return kind


# Words that ask for a figure without "how many", first or last: "blood cap", "wild
# magic cost", "max hand size", "penta coin worth", "most tiles a player can have"
# ("most" only first: "who has the most HP" asks who; "a re-roll costs an action"
# asks no figure).
QUANTITY_WORDS = frozenset(("max", "maximum", "min", "minimum", "cap", "limit", "cost",
                            "costs", "worth", "size"))
WORTH = frozenset(("worth", "cost", "costs"))
QUESTION_WORDS = frozenset(("what", "whats", "what's", "how", "why", "where", "when", "who",
                            "which"))


def phrase_kind(typed: list[str]) -> str | None:
    """For words that are no question of a known kind (``question_kind`` None), a
    number when they name a quantity; None for a question word's sentence ("what
    happens when ...") or anything else."""
    words = _words(typed)
    if len(words) > 1 and words[0] in ("what", "whats", "what's") and WORTH & set(words[2:]):
        return NUMBER  # "whats a dead wizard token worth"
    if len(words) > 2 and words[0] in ("what", "whats", "what's") and \
            words[1] in ("is", "the", "my", "your", "a", "an") and \
            QUANTITY_WORDS & set(words[2:]) - WORTH:
        return NUMBER  # "whats the hand limit", "what is the max hp": a figure, not a definition
    if not words or words[0] in QUESTION_WORDS:
        return None
    if words[0] in QUANTITY_WORDS | {"most"} or words[-1] in QUANTITY_WORDS:
        return NUMBER
    return None


def _words(typed: list[str]) -> list[str]:
    """The words as read for their kind: bare, the words before the question's own
    left out."""
    return leading_dropped([w for w in (bare(t) for t in typed) if w])


def leading_dropped(words: list[str]) -> list[str]:
    """Bare words without those a player puts before the question ("so", "in", "ok")."""
    while len(words) > 1 and words[0] in LEADING:
        words = words[1:]
    return words


def _kind(words: list[str]) -> str | None:
    if not words:
        return None
    pairs = {tuple(words[i:i + 2]) for i in range(len(words))} | {(w,) for w in words}
    if words[0] in WHO_WORDS | {"what", "in", "turn"} and any(p in pairs for p in ORDER_PHRASES):
        return ORDER
    if words[:2] in (["how", "many"], ["how", "much"]):
        return NUMBER
    if words[0] in WHO_WORDS:
        return WHO
    if words[0] in YES_NO_WORDS:
        # "does it give every wizard a die or just me": a choice, not yes or no
        return WHO if "or" in words[1:-1] and words[-1] != "not" else YES_NO
    return None
