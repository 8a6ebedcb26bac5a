"""The rulings read against each other and against their rulebooks (issue 34).

- A conflict sets two passages of its own rulebook against each other: at least
  two readings, each citing a section, with different words.
- An open question cites the place where its rulebook is silent: its own
  ``source`` is the section of one of its readings, and that reading says what
  the section leaves out (in words of absence: not, no, nothing, never...).
- Rulings on the same passage that differ say so. Two rulings rest on the same
  passage when they quote the same rulebook words (three words or more, in
  double quotes) or cite exactly the same rules; they differ when their labels
  do, or when both are unsettled (each gives readings of its own). Each then
  names the other as "ruling <slug>". Two settled clarifications on one passage
  state the book, so they are not asked to. This cannot see two paraphrases
  that contradict each other without sharing a quote or the same rules; it
  catches the cases that disagreed in the data before (a clarification calling a
  sentence a harmless slip that a conflict reads as a rule).
- Every "ruling <slug>" names a ruling of the same game.

Then what issue 34 settled, one test each: the labels, standees, the Burning
Limp Wand's type, The Hive's contents line, the canonical names.
"""
import itertools
import re
from io import StringIO
from unittest import skipUnless

from django.core.management import call_command
from django.test import SimpleTestCase, TestCase

from cardsite.browse.selectors import card_list
from rulesref.search.unified import search_all

from .books import NO_RULEBOOKS, RULEBOOKS, fixture_games, norm, rulebook

ABSENCE = re.compile(r"\b(not|no|nothing|never|neither|nor|none|without|silent|unstated)\b|n't\b",
                     re.IGNORECASE)
RULING_REF = re.compile(r"\bruling ([a-z0-9]+(?:-[a-z0-9]+)+)")
QUOTE = re.compile(r'"([^"]+)"')


def _texts(ruling: dict) -> list[str]:
    return [ruling["question"], ruling["answer"], ruling["engine_reading"],
            *(r["reading"] for r in ruling["readings"])]


def _own(game: dict, reading: dict) -> bool:
    """The reading cites the game's own rulebook (not "<other game>: <section>")."""
    return reading["source"] in game["sections"]


def conflict_problems(game: dict, ruling: dict) -> list[str]:
    own = [r for r in ruling["readings"] if _own(game, r)]
    problems = []
    if len(own) < 2:
        problems.append("fewer than two readings citing its own rulebook")
    if len({norm(r["reading"]) for r in own}) < len(own):
        problems.append("two of its readings say the same")
    return problems


def open_question_problems(game: dict, ruling: dict) -> list[str]:
    at_source = [r for r in ruling["readings"] if _own(game, r) and r["source"] == ruling["source"]]
    if not at_source:
        return [f"no reading for its own section {ruling['source']!r}"]
    if not any(ABSENCE.search(r["reading"]) for r in at_source):
        return [f"its reading of {ruling['source']!r} does not say what the section leaves out"]
    return []


def _quotes(book: str, ruling: dict) -> set[str]:
    found = {norm(q) for text in _texts(ruling) for q in QUOTE.findall(text)}
    return {q for q in found if len(q.split()) >= 3 and q in book}


def same_passage_problems(game: dict, book: str) -> list[str]:
    """Pairs of rulings on one passage that differ without naming each other."""
    rulings = game["rulings"]
    quotes = {r["slug"]: _quotes(book, r) for r in rulings}
    named = {r["slug"]: set(RULING_REF.findall(" ".join(_texts(r)))) for r in rulings}
    problems = []
    for a, b in itertools.combinations(rulings, 2):
        shared = any(x in y or y in x for x in quotes[a["slug"]] for y in quotes[b["slug"]])
        same_rules = set(a["rules"]) == set(b["rules"])
        differ = a["kind"] != b["kind"] or "clarification" not in (a["kind"], b["kind"])
        if (shared or same_rules) and differ:
            for this, other in ((a, b), (b, a)):
                if other["slug"] not in named[this["slug"]]:
                    problems.append(f"{game['slug']}/{this['slug']} ({this['kind']}) does not name "
                                    f"ruling {other['slug']} ({other['kind']}) on the same passage")
    return problems


def dangling_references(game: dict) -> list[str]:
    slugs = {r["slug"] for r in game["rulings"]}
    return [f"{game['slug']}/{r['slug']} names ruling {ref}, which {game['slug']} does not have"
            for r in game["rulings"] for ref in RULING_REF.findall(" ".join(_texts(r)))
            if ref not in slugs]


class RulingChecksTests(SimpleTestCase):
    def test_every_conflict_has_two_readings_with_two_sources(self):
        problems = [f"{g['slug']}/{r['slug']}: {p}" for g in fixture_games() for r in g["rulings"]
                    if r["kind"] == "conflict" for p in conflict_problems(g, r)]
        self.assertEqual(problems, [])
        self.assertGreaterEqual(sum(r["kind"] == "conflict" for g in fixture_games() for r in g["rulings"]), 15)

    def test_every_open_question_cites_where_its_book_is_silent(self):
        problems = [f"{g['slug']}/{r['slug']}: {p}" for g in fixture_games() for r in g["rulings"]
                    if r["kind"] == "open-question" for p in open_question_problems(g, r)]
        self.assertEqual(problems, [])

    @skipUnless(RULEBOOKS.is_dir(), NO_RULEBOOKS)
    def test_rulings_on_one_passage_that_differ_name_each_other(self):
        problems = [p for g in fixture_games()
                    for p in same_passage_problems(g, norm(rulebook(g["rulebook"])))]
        self.assertEqual(problems, [], "\n".join(problems))

    def test_every_ruling_a_ruling_names_exists(self):
        self.assertEqual([p for g in fixture_games() for p in dangling_references(g)], [])

    @skipUnless(RULEBOOKS.is_dir(), NO_RULEBOOKS)
    def test_the_checks_catch_what_they_are_for(self):
        game = next(g for g in fixture_games() if g["slug"] == "demoniac")
        book = norm(rulebook(game["rulebook"]))
        conflict = next(r for r in game["rulings"] if r["slug"] == "demoniac-dice-total")
        self.assertEqual(conflict_problems(game, conflict), [])
        one = {**conflict, "readings": conflict["readings"][:1]}
        self.assertEqual(conflict_problems(game, one), ["fewer than two readings citing its own rulebook"])
        other_game = {**conflict, "readings": [{**r, "source": "rumble: Creatures"} for r in conflict["readings"]]}
        self.assertTrue(conflict_problems(game, other_game))

        question = next(r for r in game["rulings"] if r["slug"] == "empty-deck")
        self.assertEqual(open_question_problems(game, question), [])
        elsewhere = {**question, "source": "SETUP"}
        self.assertEqual(open_question_problems(game, elsewhere), ["no reading for its own section 'SETUP'"])
        no_gap = {**question, "readings": [{"source": "HOW TO PLAY", "reading": "Each turn starts with three cards."}]}
        self.assertEqual(len(open_question_problems(game, no_gap)), 1)

        # The slip the data once had: a clarification calling the demoniac's extra die
        # a harmless slip, quoting the words the dice-total conflict reads as a rule.
        typo = next(r for r in game["rulings"] if r["slug"] == "attcking-typo")
        old = {**typo, "answer": 'Slips that change nothing: "bring the total to six".'}
        rulings = [old if r["slug"] == "attcking-typo" else r for r in game["rulings"]]
        found = same_passage_problems({**game, "rulings": rulings}, book)
        self.assertEqual(found, ["demoniac/demoniac-dice-total (conflict) does not name ruling attcking-typo "
                                 "(clarification) on the same passage",
                                 "demoniac/attcking-typo (clarification) does not name ruling "
                                 "demoniac-dice-total (conflict) on the same passage"])
        # Two settled clarifications on one passage are not asked to.
        settled = [{**r, "kind": "clarification"} if r["slug"] == "demoniac-dice-total" else r for r in rulings]
        self.assertEqual(same_passage_problems({**game, "rulings": settled}, book), [])
        # Citing exactly the same rules counts as the same passage.
        twin = {**question, "slug": "twin", "kind": "clarification", "readings": [], "engine_reading": ""}
        found = same_passage_problems({**game, "rulings": [question, twin]}, book)
        self.assertEqual(len(found), 2)

        self.assertEqual(dangling_references({**game, "rulings": [{**typo, "answer": "See ruling no-such-thing."}]}),
                         ["demoniac/attcking-typo names ruling no-such-thing, which demoniac does not have"])


def _game(slug):
    return next(g for g in fixture_games() if g["slug"] == slug)


def _ruling(game, slug):
    return next(r for r in _game(game)["rulings"] if r["slug"] == slug)


def _entry(game, slug):
    return next(e for e in _game(game)["entries"] if e["slug"] == slug)


class IssueThirtyFourTests(SimpleTestCase):
    """What issue 34 settled."""

    def test_the_four_that_were_not_conflicts(self):
        for game, slug, kind in (("anarchy", "standee-name", "clarification"),
                                 ("anarchy", "wild-card-name", "clarification"),
                                 ("anarchy", "game-end-trigger-wording", "clarification"),
                                 ("satanic-panic", "lil-buddies-not-in-contents", "open-question")):
            with self.subTest(slug):
                self.assertEqual(_ruling(game, slug)["kind"], kind)
        self.assertEqual(_ruling("satanic-panic", "lil-buddies-not-in-contents")["source"], "Contents")

    def test_the_three_conflicts_that_were_missing(self):
        for game, slug, sources in (
                ("rumble", "setup-one-deck-or-each-deck", {"Set Up"}),
                ("satanic-panic", "group-attack-empties-dwt-stack", {"Legendary Devils", "Dead Wizard Tokens"}),
                ("satanic-panic", "lil-buddies-owner-only", {"Ability Tile Cards"})):
            with self.subTest(slug):
                ruling = _ruling(game, slug)
                self.assertEqual(ruling["kind"], "conflict")
                self.assertLessEqual(sources, {r["source"] for r in ruling["readings"]})
                self.assertTrue(ruling["engine_reading"])
        self.assertIn("(ruling lil-buddies-owner-only)", _ruling("satanic-panic", "tile-cards-owner-only")["answer"])

    def test_readings_that_overstated(self):
        glyph = _ruling("satanic-panic", "no-satan-satanic-glyph")["answer"]
        self.assertNotIn("Only through", glyph)
        self.assertIn("Summon a Demon", glyph)
        deck = _ruling("satanic-panic", "main-deck-wizard-cards")
        for text in (deck["answer"], deck["engine_reading"]):
            self.assertIn("136", text)
            self.assertIn("every Wizard card among them", text)
        self.assertNotIn("bring the total to six", _ruling("demoniac", "attcking-typo")["answer"])
        champion = _ruling("anarchy", "champion-replacement-and-deck")["answer"]
        self.assertTrue(champion.startswith("The rulebook does not say"))
        self.assertIn("Our reading:", champion)
        tie = _ruling("rumble", "quick-match-tie-without-lws")
        self.assertEqual([r["source"] for r in tie["readings"]][:2], ["Quick Match Variant"] * 2)

    def test_a_standee_has_one_kind_and_type_in_every_game(self):
        standees = []
        for game in fixture_games():
            kinds = {c["slug"]: c["kind"] for c in game["components"]}
            for entry in game["entries"]:
                if entry["kind"] == "standee" or kinds.get(entry["component"]) == "standee":
                    standees.append((game["slug"], entry["kind"], entry["type"], kinds.get(entry["component"])))
        self.assertEqual({g for g, *_ in standees}, {"rumble", "anarchy", "satanic-panic"})
        self.assertEqual({tuple(s[1:]) for s in standees}, {("standee", "standee", "standee")})

    def test_burning_limp_wand_and_the_hive_say_what_the_book_says(self):
        wand = _entry("satanic-panic", "burning-limp-wand")
        self.assertIsNone(wand["type"])
        self.assertIn('"Burning Limp Wands have no card type"', wand["notes"])
        hive = _entry("satanic-panic", "the-hive")
        self.assertEqual((hive["component"], hive["type"], hive["cost"]), (None, None, None))

    def test_a_name_spelt_two_ways_is_named_as_on_its_component(self):
        for game, slug, name, component, alias in (
                ("satanic-panic", "hot-hot-goo", "Hot Hot Goo", "hot-hot-goo-tiles", "Hot Hot Goo Standee"),
                ("anarchy", "anarchy-standee", "Anarchy Standee", "anarchy-standee", "Arena Standee"),
                ("anarchy", "wild-magic", "Wild Magic", "wild-magic-cards", "Wild Card"),
                ("satanic-panic", "enslave-em-all-ball", "Enslave-'Em-All Ball",
                 "enslave-em-all-ball-starter-card", "Enslave-'em-All Ball")):
            with self.subTest(slug):
                entry = _entry(game, slug)
                self.assertEqual((entry["name"], entry["component"]), (name, component))
                self.assertIn(alias, entry["aliases"])


class FoundByEitherNameTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("load_catalog", stdout=StringIO())

    def test_both_spellings_find_the_entry(self):
        for query, game, slug in (("Hot Hot Goo Standee", "satanic-panic", "hot-hot-goo"),
                                  ("Hot Hot Goo", "satanic-panic", "hot-hot-goo"),
                                  ("Arena Standee", "anarchy", "anarchy-standee")):
            with self.subTest(query):
                found = [e.slug for e in card_list(query=query, filters={"game": game}).entries]
                self.assertIn(slug, found[:3])

    def test_the_new_conflicts_are_found_by_what_they_are_about(self):
        hits = [h["url"] for h in search_all(q="lil buddies owner only", limit=5).hits]
        self.assertIn("/rulings/?game=satanic-panic#lil-buddies-owner-only", hits)
