"""Rules and rulings are in our own words: no run of 14 words copied from a rulebook.

Texts and rulebooks are compared normalised (lowercase, punctuation
stripped). Only two things may repeat a rulebook at that length, and both
are checked narrowly, word by word:
- card text a rulebook quotes, inside double quotes in our text, when the
  quoted words are an entry's stored ``text`` (or part of it);
- a list of the game's card names: runs made only of entry names and
  aliases, joined by "and" / "or".
A run that has any other word in it counts as copied.
"""
import re
from unittest import skipUnless

from django.test import SimpleTestCase

from .books import NO_RULEBOOKS, RULEBOOKS, fixture_games, norm, rulebook, words

RUN = 14
JOINERS = {"and", "or"}


def _grams(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + RUN]) for i in range(len(tokens) - RUN + 1)}


def _texts(game: dict):
    """(label, text) for every text of the rules reference written in our words."""
    for rule in game["rules"]:
        yield f"rule {rule['number']}", f"{rule['title']}. {rule['text']}"
    for ruling in game["rulings"]:
        yield f"ruling {ruling['slug']}", ruling["question"]
        yield f"ruling {ruling['slug']} answer", ruling["answer"]
        for i, reading in enumerate(ruling["readings"]):
            yield f"ruling {ruling['slug']} reading {i + 1}", reading["reading"]
        yield f"ruling {ruling['slug']} engine reading", ruling["engine_reading"]
    for term in game["glossary"]:
        yield f"term {term['slug']}", term["definition"]
        yield f"term {term['slug']} differs", term["differs"]


def _excepted_words(text: str, game: dict) -> list[bool]:
    """Per normalised word of ``text``: True where it is quoted card text or a card name."""
    tokens = words(text)
    marked = [False] * len(tokens)
    card_texts = [norm(e["text"]) for e in game["entries"] if e["text"]]
    spans = [words(q) for q in re.findall(r'"([^"]+)"', text)
             if any(norm(q) and norm(q) in t for t in card_texts)]
    # A tile named by its text is card text, not a name: only quoted does it pass.
    names = [words(n) for e in game["entries"] for n in [e["name"], *e["aliases"]]
             if n != e["text"]]
    for span in spans + names:
        n = len(span)
        for i in range(len(tokens) - n + 1):
            if n and tokens[i:i + n] == span:
                marked[i:i + n] = [True] * n
    for i, word in enumerate(tokens):  # "A, B, and C": the joiners of a list of names
        if word in JOINERS and 0 < i < len(tokens) - 1 and marked[i - 1] and marked[i + 1]:
            marked[i] = True
    return marked


def copied_runs(text: str, game: dict, book_grams: set) -> list[str]:
    tokens = words(text)
    marked = _excepted_words(text, game)
    hits = [i for i in range(len(tokens) - RUN + 1)
            if tuple(tokens[i:i + RUN]) in book_grams and not all(marked[i:i + RUN])]
    runs, last = [], None
    for i in hits:  # merge overlapping windows into one reported run
        if last is not None and i <= last + 1:
            runs[-1] = (runs[-1][0], i + RUN)
        else:
            runs.append((i, i + RUN))
        last = i
    return [" ".join(tokens[a:b]) for a, b in runs]


@skipUnless(RULEBOOKS.is_dir(), NO_RULEBOOKS)
class OwnWordsTests(SimpleTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.book_grams = set()
        for path in sorted(RULEBOOKS.glob("*.txt")):
            if path.name != "README.md":
                cls.book_grams |= _grams(words(rulebook(path.name)))

    def test_no_rule_or_ruling_shares_14_words_with_a_rulebook(self):
        copied = [f"{game['slug']} {label}: {run!r}"
                  for game in fixture_games() for label, text in _texts(game)
                  for run in copied_runs(text, game, self.book_grams)]
        self.assertEqual(copied, [], f"{len(copied)} texts copy a rulebook:\n" + "\n".join(copied))

    def test_the_check_finds_a_copied_sentence(self):
        game = next(g for g in fixture_games() if g["slug"] == "satanic-panic")
        copied = ("Satan's army of disloyal Demons will work for anyone. A Demon is an ONGOING "
                  "card that is destroyed when its owner dies.")
        self.assertTrue(copied_runs(copied, game, self.book_grams))
        # The same facts in our words pass.
        self.assertFalse(copied_runs("Demons stay in play as ONGOING cards until the player "
                                     "who owns them dies; then they are destroyed.", game,
                                     self.book_grams))

    def test_quoted_card_text_and_lists_of_card_names_are_the_only_exceptions(self):
        game = next(g for g in fixture_games() if g["slug"] == "satanic-panic")
        long_texts = [e for e in game["entries"] if e["text"] and len(words(e["text"])) >= RUN]
        self.assertIn("tile", {e["kind"] for e in long_texts})
        for card in long_texts:
            self.assertFalse(copied_runs(f'It reads "{card["text"]}"', game, self.book_grams))
            # The same words without quotes are not card text as far as the check goes,
            # even for a tile whose name is its text.
            self.assertTrue(copied_runs(f'It reads {card["text"]}', game, self.book_grams))
        names = ("Hornessa Horror Hole, Ratnich the Hoarder, Sexina Succubi, Spike the Possessor, "
                 "Stratego VonSchemer, Vive La Satanists, and Womb of Wrath")
        self.assertFalse(copied_runs(f"The Demons {names}.", game, self.book_grams))
        self.assertTrue(copied_runs(f"{names}: These cards count as Demons you control", game,
                                    self.book_grams))
