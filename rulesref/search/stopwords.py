"""Stop words: the question words and filler that a sentence's matching leaves out
("who", "can", "I", "the"). The parser counts only the other words against its
free-word limit; ``questions.understand`` drops them."""
from __future__ import annotations

# Question words and filler: "how many", "what happens", "what does X mean",
# "someone". Not "own" ("your own foe") nor "myself" (a synonym of "yourself").
STOP_WORDS = frozenset("""
a about actually after also am an any anyone anything are as at be been before being by can
could did do does doing done during each else ever exactly for from get gets getting got
had happen happened happens has have having he her here him his how i if in into is it its
itself just know many me mean meaning means meant might much must my need needs of off on
one's or our ours out please really she should so some someone something such tell than that
the their them then there these they thing things this those to too us very was way we were
what whats when where which while who whom whose why will with work works would you your yours
""".split()) | frozenset(
    # the same typed without the apostrophe or as chat ("dont", "im", "u", "wat"): as
    # words they would be required, or "corrected" into another word that is
    """dont doesnt didnt cant couldnt wouldnt shouldnt isnt arent wasnt werent hasnt havent
    hadnt im ive youre youve theyre thats theres whos hows u ur wat wht""".split())

_CLITICS = ("'s", "'re", "'ve", "'ll", "'d", "'m")
_NEGATED = {"ca": "can", "wo": "will", "sha": "shall"}  # can't, won't, shan't
PUNCTUATION = "?!.,;:\"()"


def bare(value: str) -> str:
    """A typed word lowercased, without the sentence's punctuation, with a plain
    apostrophe ("What\u2019s?" -> "what's")."""
    return value.lower().replace("\u2019", "'").strip(PUNCTUATION)


def is_stop_word(value: str) -> bool:
    """A stop word, also with the sentence's punctuation ("what?", "work?") or
    contracted ("what's", "don't", "I'm"). A content word's possessive is not
    one ("wizard's")."""
    word = bare(value)
    if word.endswith("n't"):
        word = _NEGATED.get(word[:-3], word[:-3])
    else:
        word = next((word[:-len(c)] for c in _CLITICS if word.endswith(c)), word)
    return word in STOP_WORDS
