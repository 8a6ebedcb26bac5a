"""Nothing stored as a fact without a rulebook passage for it; unknown where unknown.

Every non-null attribute of an entry (type, glyph, symbol, the numbers,
copies, each keyword) must be backed by a passage recorded with the entry:
either a paragraph of its ``source`` section that names the entry and holds
the value, or a passage its ``notes`` quote word for word (in double quotes)
that holds the value. Then the particular slips found once, one test each, so
they cannot come back unnoticed.
"""
import re
from io import StringIO
from unittest import skipUnless

from django.core.management import call_command
from django.test import SimpleTestCase, TestCase

from cardsite.browse.selectors import card_list
from cardsite.models import Component, Entry
from rulesref.models import GlossaryTerm, Ruling

from .books import NO_RULEBOOKS, RULEBOOKS, fixture_games, norm, rulebook, section_text

NUMBERS = ("initiative", "cost", "vp", "body", "mind", "strength", "copies")
WORDS = ("type", "glyph", "symbol")
# The rulebook's word for a stored type, where it is not the slug's words.
TYPE_WORDS = {"satans-taint": "satan s taint"}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten"}


def _game(slug):
    return next(g for g in fixture_games() if g["slug"] == slug)


def _entry(game, slug):
    return next(e for e in _game(game)["entries"] if e["slug"] == slug)


def _paragraphs(text: str) -> list[str]:
    return [norm(p) for p in text.splitlines() if norm(p)]


def _has(passage: str, value) -> bool:
    padded = f" {passage} "
    if isinstance(value, int):
        return any(f" {w} " in padded for w in (str(abs(value)), NUMBER_WORDS.get(abs(value), "")) if w)
    return f" {value} " in padded or f" {value}s " in padded  # "Demon" in "Demons"


def _value_words(field, value):
    if field == "type":
        return TYPE_WORDS.get(value, value.replace("-", " "))
    return norm(value) if isinstance(value, str) else value


def unsupported(game: dict, entry: dict) -> list[str]:
    """The entry's non-null attributes that no recorded passage supports."""
    book = norm(rulebook(game["rulebook"]))
    quotes = [norm(q) for q in re.findall(r'"([^"]+)"', entry["notes"])]
    quotes = [q for q in quotes if q and q in book]
    component = next((c for c in game["components"] if c["slug"] == entry["component"]), None)
    mentions = [norm(n) for n in [entry["name"], *entry["aliases"],
                                  *([component["name"]] if component else [])]]
    if entry["type"]:
        mentions.append(_value_words("type", entry["type"]))
    named = [p for p in _paragraphs(section_text(game, entry["source"]))
             if any(m and m.rstrip("s") in p for m in mentions)]
    claims = [(f, _value_words(f, entry[f])) for f in (*WORDS, *NUMBERS) if entry[f] is not None]
    claims += [(f"keyword {k}", norm(k)) for k in entry["keywords"]]
    missing = []
    for field, value in claims:
        own_text = field.startswith("keyword") and _has(norm(entry["text"] or ""), value)
        if not own_text and not any(_has(p, value) for p in named + quotes):
            missing.append(f"{field}={entry[field] if field in entry else value!r}")
    return missing


@skipUnless(RULEBOOKS.is_dir(), NO_RULEBOOKS)
class EntrySupportTests(SimpleTestCase):
    def test_every_non_null_attribute_has_a_recorded_passage(self):
        gaps = [f"{g['slug']}/{e['slug']}: {', '.join(m)}" for g in fixture_games()
                for e in g["entries"] if (m := unsupported(g, e))]
        self.assertEqual(gaps, [], "no passage recorded for:\n" + "\n".join(gaps))

    def test_an_unsupported_value_is_caught(self):
        game = _game("satanic-panic")
        adam = dict(_entry("satanic-panic", "adam"))
        self.assertEqual(unsupported(game, adam), [])
        self.assertEqual(unsupported(game, {**adam, "cost": 7}), ["cost=7"])
        # A quote only counts when the rulebook has it word for word.
        hellfire = {**_entry("satanic-panic", "hellfire"), "keywords": [], "type": None,
                    "source": "Specific Card Clarifications (Satan)"}
        self.assertEqual(unsupported(game, {**hellfire, "copies": 10, "notes": ""}), ["copies=10"])
        self.assertEqual(unsupported(game, {**hellfire, "copies": 10,
                                            "notes": 'the guide lists "10 Hellfires"'}), [])
        self.assertEqual(unsupported(game, {**hellfire, "copies": 10,
                                            "notes": 'the guide lists "10 Hellfire cards"'}),
                         ["copies=10"])

    def test_every_stored_type_is_one_of_its_games_types(self):
        """The admin, the submission form and the machine reading offer only the game's
        types; a stored type outside them could be neither chosen nor read."""
        from cardsite.catalog.games import entry_type

        for game in fixture_games():
            for entry in game["entries"]:
                if entry["type"]:
                    with self.subTest(f"{game['slug']}/{entry['slug']}"):
                        self.assertIsNotNone(entry_type(game["slug"], entry["type"]))

    def test_component_groups_are_headings_of_the_rulebook(self):
        for game in fixture_games():
            book = norm(rulebook(game["rulebook"]))
            for comp in game["components"]:
                with self.subTest(f"{game['slug']}/{comp['slug']}"):
                    if comp["group"]:
                        self.assertIn(norm(comp["group"]), book)
        self.assertEqual({c["group"] for c in _game("demoniac")["components"]},
                         {"", "Evil Relics expansion"})


class UnknownWhereUnknownTests(SimpleTestCase):
    """The values once guessed, now unknown (null), each with the reason in its notes."""

    def test_cards_named_only_in_the_satan_clarifications_have_no_type(self):
        for slug in ("demonic-double-down", "hail-satan", "satano-crunching",
                     "spin-the-wheel-suckers", "the-rapture", "wand-of-hades"):
            with self.subTest(slug):
                card = _entry("satanic-panic", slug)
                self.assertIsNone(card["type"])
                self.assertIsNone(card["component"])
                self.assertEqual(card["source"], "Specific Card Clarifications (Satan)")

    def test_satans_starting_deck_is_not_the_games_total(self):
        deck = {"hellfire": 10, "the-satanic-shuffle": 2, "terrible-temptation": 1,
                "digging-your-grave": 1}
        starters = next(c for c in _game("satanic-panic")["components"]
                        if c["slug"] == "satan-starter-cards")
        printed = {norm(p["label"]): p["count"] for p in starters["breakdown"]}
        for slug, count in deck.items():
            with self.subTest(slug):
                card = _entry("satanic-panic", slug)
                self.assertIsNone(card["copies"])
                self.assertEqual(card["component"], "satan-starter-cards")
                self.assertEqual(printed[norm(card["name"])], count)
                self.assertIn(f"holds {count} ", card["notes"])

    def test_ability_tiles_are_named_by_their_text(self):
        tiles = [e for e in _game("satanic-panic")["entries"] if e["type"] == "ability-tile"]
        self.assertEqual(len(tiles), 5)
        for tile in tiles:
            with self.subTest(tile["slug"]):
                self.assertEqual(tile["name"], tile["text"])
                self.assertEqual(tile["aliases"], [])
                self.assertIn("Our short label (not printed):", tile["notes"])
                self.assertNotIn("Ability Tile", tile["name"])

    def test_standee_has_no_ongoing_keyword(self):
        standee = _entry("satanic-panic", "satans-salute-standee")
        self.assertNotIn("ONGOING", standee["keywords"])
        self.assertIn('technically an "ONGOING" effect', standee["notes"])
        ruling = next(r for r in _game("satanic-panic")["rulings"] if r["slug"] == "standee-is-ongoing")
        self.assertEqual(ruling["kind"], "clarification")

    def test_satan_entry_states_its_deck_and_the_first_turn(self):
        satan = _entry("satanic-panic", "satan")
        self.assertIn("15 Satan Starter cards", satan["notes"])
        self.assertIn("Satan guide, Setup", satan["notes"])
        self.assertIn('"If there is a Satan player, they go first", Gameplay', satan["notes"])


class ComponentLineTests(TestCase):
    """Satanic Panic's lines that were missing, as loaded."""

    @classmethod
    def setUpTestData(cls):
        call_command("load_catalog", stdout=StringIO())

    def comp(self, slug):
        return Component.objects.get(game__slug="satanic-panic", slug=slug)

    def test_the_332_game_cards_line(self):
        total = self.comp("game-cards")
        self.assertEqual((total.name, total.count, total.group), ("Game Cards", 332, "Game Cards"))
        lines = Component.objects.filter(game__slug="satanic-panic", group="Game Cards").exclude(pk=total.pk)
        self.assertEqual(lines.count(), 16)
        self.assertEqual(sum(c.count for c in lines), 332)

    def test_lines_not_on_a_contents_list(self):
        tiles = self.comp("wizard-ability-tiles")
        self.assertIsNone(tiles.count)
        self.assertEqual(tiles.entries.count(), 5)
        self.assertEqual(self.comp("lil-buddies").count, 7)
        starters = self.comp("satan-starter-cards")
        self.assertEqual(starters.count, 15)
        self.assertEqual(sum(p["count"] for p in starters.breakdown), 15)
        for comp in (tiles, starters, self.comp("lil-buddies")):
            self.assertEqual(comp.group, "")

    def test_tiles_are_found_by_their_text(self):
        found = [e.slug for e in card_list(query="Replace 1 of your Starter Glyphs",
                                           filters={"game": "satanic-panic"}).entries]
        self.assertLessEqual({"luckys-lucky-wand-tile", "enslave-em-all-ball-tile"}, set(found))
        found = [e.slug for e in card_list(query="pay 2 less to buy Familiars", filters={}).entries]
        self.assertIn("familiar-discount-tile", found)

    def test_the_game_page_shows_lines_off_the_contents_lists_under_their_own_heading(self):
        page = self.client.get("/games/satanic-panic/").content.decode()
        self.assertIn("<h3>Not on a contents list</h3>", page)
        self.assertIn("Satan Starter Cards", page)
        page = self.client.get("/games/demoniac/").content.decode()
        self.assertNotIn("Base game", page)


class RulingKindTests(TestCase):
    """Conflicts are conflicts within a game; cross-game differences live in the glossary."""

    @classmethod
    def setUpTestData(cls):
        call_command("load_catalog", stdout=StringIO())

    def test_conflicts_and_open_questions_rest_on_their_own_rulebook(self):
        for ruling in Ruling.objects.exclude(kind="clarification").select_related("game"):
            own = [r for r in ruling.readings if ":" not in r["source"]
                   or r["source"] in ruling.game.sections]
            # A conflict sets two passages of one rulebook against each other; an
            # open question may rest on one passage that leaves a gap.
            needed = 2 if ruling.kind == "conflict" else 1
            with self.subTest(f"{ruling.game.slug}/{ruling.slug}"):
                self.assertGreaterEqual(len(own), needed, "a difference between games is no conflict")

    def test_cross_game_differences_and_trivial_slips_are_clarifications(self):
        for game, slug in (("rumble", "strongest-weakest-tie"), ("rumble", "death-what-you-keep-cross-game"),
                           ("anarchy", "strongest-tie-across-games"), ("anarchy", "game-end-across-games"),
                           ("satanic-panic", "legendary-devil-count"), ("demoniac", "attcking-typo")):
            with self.subTest(slug):
                ruling = Ruling.objects.get(game__slug=game, slug=slug)
                self.assertEqual((ruling.kind, ruling.readings, ruling.engine_reading),
                                 ("clarification", [], ""))
        for game, slug, other in (("rumble", "strongest-foe", "Anarchy"), ("anarchy", "strongest-foe", "Rumble"),
                                  ("rumble", "death", "Anarchy"), ("anarchy", "dead-wizard-token", "Satanic Panic")):
            self.assertIn(other, GlossaryTerm.objects.get(game__slug=game, slug=slug).differs)

    def test_the_krazztar_example_is_a_conflict_quoting_both_figures(self):
        ruling = Ruling.objects.get(game__slug="anarchy", slug="krazztar-example-hp")
        self.assertEqual(ruling.kind, "conflict")
        self.assertIn('"dealt 2 damage to each player"', ruling.readings[0]["reading"])
        self.assertIn('"you choose to pay 10 of your 20 HP"', ruling.readings[1]["reading"])
        self.assertNotIn("22", ruling.answer + ruling.engine_reading)

    def test_new_conflicts_and_open_questions(self):
        for game, slug in (("satanic-panic", "satan-dwt-worth-on-death"),
                           ("satanic-panic", "group-attack-kill-credit"),
                           ("satanic-panic", "dwt-from-outside-chosen-or-random"),
                           ("satanic-panic", "satan-and-unrefusable-cards"),
                           ("demoniac", "last-divinity-and-win-same-attack")):
            with self.subTest(slug):
                ruling = Ruling.objects.get(game__slug=game, slug=slug)
                self.assertIn(ruling.kind, ("conflict", "open-question"))
                self.assertGreaterEqual(len({r["source"] for r in ruling.readings}), 2)
                self.assertTrue(ruling.engine_reading)

    def test_entries_are_in_the_loaded_catalog(self):
        self.assertTrue(Entry.objects.filter(game__slug="satanic-panic", type="ability-tile",
                                             name__startswith="Replace 1 of your").exists())
