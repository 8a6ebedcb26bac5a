"""rulesref.search.unified.search_all: cards, rulings, rules and terms ranked together."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings

from cardsite.browse.selectors import card_autocomplete, card_list, card_named
from rulesref.search.models import SearchDocument
from rulesref.search.syntax import QuerySyntaxError
from rulesref.search.unified import search_all, snippet_html
from rulesref.selectors import rule_list, ruling_list, term_list
from tests.rulesref.search_catalog import QUERY_TEXT, build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db):
    return build_search_catalog()


def titles(q, **kwargs):
    return [(h["kind"], h["title"]) for h in search_all(q=q, **kwargs).hits]


def test_every_kind_is_searched_and_ranked_together(catalog):
    found = titles("initiative")
    # the glossary term is an exact name match, the rule's title starts with the word
    assert found[:2] == [("term", "Initiative"), ("rule", "rumble 1.2 Initiative ties")]
    assert set(titles("kumquat")) == {("ruling", "Does Tentakiller hit creatures?"),
                                      ("card", "Tentakiller")}
    assert ("rule", "rumble 1 Turn Order") in titles("components")


def test_exact_then_prefix_then_full_text(catalog):
    found = [t for k, t in titles("bolt") if k == "card"]
    assert found == ["Bolt", "Bolt of Doom", "Dark Bolt", "Zapper"]
    hits = search_all(q="bolt").hits
    assert hits[0]["title"] == "Bolt"
    assert hits[0]["score"] > hits[1]["score"] > hits[2]["score"]


def test_hits_carry_urls_games_and_marked_escaped_snippets(catalog):
    hits = search_all(q="kumquat").hits
    ruling = next(h for h in hits if h["kind"] == "ruling")
    assert ruling["url"].startswith("/rulings/") and ruling["url"].endswith("#tentakiller-creatures")
    assert ruling["game"] == "rumble"
    assert "<mark>kumquat</mark>" in ruling["snippet_html"]
    # SQLite's snippet keeps the tag text and it is escaped; ts_headline drops tags.
    assert "<b>" not in ruling["snippet_html"]
    assert "&amp;" in ruling["snippet_html"]
    card = next(h for h in hits if h["kind"] == "card")
    assert card["url"] == "/cards/rumble/tentakiller/"
    rule = search_all(q="fewer components").hits[0]
    assert rule["url"] == "/rules/rumble/1/"
    term = search_all(q="initiative").hits[0]
    assert term["url"] == "/glossary/initiative/"


def test_snippet_comes_from_the_body_when_the_match_is_there(catalog):
    # "creatures" is in the ruling's question (its title) and its answer (body):
    # the snippet shows the answer, not the title a second time.
    hit = next(h for h in search_all(q="creature kumquat").hits if h["kind"] == "ruling")
    assert "kumquat" in hit["snippet_html"] and "<mark>" in hit["snippet_html"]
    assert "Does Tentakiller" not in hit["snippet_html"]


def test_snippet_html_escapes_everything_but_the_marks():
    assert snippet_html("a <i>\ue000x\ue001</i> & b") == "a &lt;i&gt;<mark>x</mark>&lt;/i&gt; &amp; b"
    assert snippet_html("\ue000open") == "<mark>open</mark>"


def test_card_fields_narrow_to_cards(catalog):
    assert {k for k, _ in titles("t:delivery")} == {"card"}
    assert titles("init>=15") == [("card", "Tentakiller")]
    assert titles("creatures is:keep") == [("card", "Tentakiller")]


def test_game_filter_and_game_field(catalog):
    assert titles("linda", game="demoniac") == [("card", "Linda")]
    assert titles("linda", game="rumble") == []
    assert all(h["game"] == "rumble" for h in search_all(q="initiative game:rumble").hits)
    result = search_all(q="linda", game="atlantis")
    assert result.hits and "rumble" in result.warnings[0]


def test_misspelt_words_are_corrected_from_the_index(catalog):
    result = search_all(q="tentakilr")
    assert result.understood.corrections == {"tentakilr": "tentakiller"}
    assert result.hits[0]["title"] == "Tentakiller"
    uncorrected = search_all(q="tentakilr", correct=False)  # "search instead for"
    assert uncorrected.understood.corrections == {}


def test_a_short_word_is_not_corrected_to_one_two_letters_shorter():
    from rulesref.search.questions import _correct

    words = vocabulary_of("hard", "hazards", "initiative", "tentakiller", "steal", "steer")
    assert _correct("hazard", words) == "hazards"  # a letter left out
    assert _correct("initative", words) == "initiative"
    assert _correct("tentakilr", words) == "tentakiller"  # two letters, in a long word
    assert _correct("hazard", vocabulary_of("hard")) is None  # two letters of six
    # Exactly at the cutoff (4 of 5 letters, 0.8); a tie goes to the word last in order.
    assert _correct("steel", words) == "steer"
    assert _correct("tokin", vocabulary_of("token")) == "token"


def vocabulary_of(*documents: str):
    from collections import Counter

    from rulesref.search.questions import Vocabulary
    return Vocabulary.of(Counter(w for text in documents for w in set(text.split())), len(documents))


def test_a_rare_word_weighs_more_than_a_common_one(monkeypatch):
    from rulesref.search import questions
    from rulesref.search.backends import TextTerm

    words = vocabulary_of("attack card", "attack", "attack relic", "attack card")
    assert words.weight(("relic",)) > words.weight(("card",)) > words.weight(("attack",)) > 0
    assert words.weight(("unheard",)) > words.weight(("relic",))  # in no document
    assert words.weight(("attack", "relic")) == words.weight(("relic",))  # a run: its rarest
    monkeypatch.setattr(questions, "_last_vocabulary", words)
    weights = questions.term_weights([TextTerm(("attack",)), TextTerm(("relic",))])
    assert weights[1] > 2 * weights[0] and abs(sum(weights) - 1000) <= 1


def test_misspelt_names_fall_back(catalog):
    result = search_all(q="tentakilr", correct=False)
    assert result.fuzzy is True
    assert (result.hits[0]["kind"], result.hits[0]["title"]) == ("card", "Tentakiller")
    assert "<" not in result.hits[0]["snippet_html"].replace("<mark>", "").replace("</mark>", "")


def test_warnings_and_errors(catalog):
    result = search_all(q="g:fire initiative")
    assert "arcane" in result.warnings[0] and result.hits
    with pytest.raises(QuerySyntaxError) as caught:
        search_all(q="initiative (")
    assert caught.value.position == 11
    assert search_all(q="").hits == []
    assert search_all(q="initiative", limit=1).hits[0]["title"] == "Initiative"
    nothing = search_all(q="??? ...")  # no letters or digits: no hits, not every document
    assert nothing.hits == [] and nothing.total == 0 and "no letters or digits" in nothing.warnings[0]


def test_one_query_for_the_hits(catalog):
    search_all(q="zap")  # a running site has the catalog version and the games' names
    with CaptureQueriesContext(connection) as queries:
        hits = search_all(q="bolt or initiative").hits
    assert len(hits) >= 6
    # the catalog version (once per request: the games' names named in words are
    # kept per version), the ranking, the shown hits
    assert len(queries) == 3
    with CaptureQueriesContext(connection) as queries:
        search_all(q="bolt initiative")  # free words: the index's vocabulary for corrections
    # (its version: the highest id and the catalog version; once per version the
    # words), and with fewer than three hits
    # having both words, the any-word ranking, then the shown hits: a fixed bound
    # (on SQLite each ranking is two: the counts, then the index's best)
    assert len(queries) <= (9 if connection.vendor == "sqlite" else 7)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(q=QUERY_TEXT)
def test_random_queries_raise_only_syntax_errors(catalog, q):
    for search in (lambda: search_all(q=q, limit=5).hits,
                   lambda: list(ruling_list(q=q)[:5]),
                   lambda: list(rule_list(q=q)[:5]),
                   lambda: list(term_list(q=q)[:5])):
        try:
            search()
        except QuerySyntaxError as error:
            assert 0 <= error.position <= len(q)


@pytest.mark.parametrize("q", ["²", "ª", "ǅ", "a\u0301", "中文", "٣", "x²y", "name:²", "o:ª",
                               "t:²", "kw:²", "ǅǅǅǅ a", "ﬁre", "İstanbul", "ß", "the"])
def test_unusual_characters_reach_neither_tokenizer_as_syntax(catalog, q):
    result = card_list(query=q)
    list(result.entries)
    search_all(q=q)
    card_autocomplete(q=q)
    card_named(fuzzy=q)


def test_a_sentence_drops_its_question_words_and_a_game_named_in_words_scopes(catalog):
    result = search_all(q="what happens on an initiative tie in rumble")
    assert result.game == "rumble" and result.understood.game_words == "rumble"
    assert {"what", "on", "an", "in", "happens"} <= set(result.understood.dropped)
    assert result.hits and {h["game"] for h in result.hits} == {"rumble"}
    assert result.hits[0]["title"] == "rumble 1.2 Initiative ties"
    unscoped = search_all(q="what happens on an initiative tie in rumble", scope_by_words=False)
    assert unscoped.game is None


def test_contracted_and_punctuated_question_words_are_dropped(catalog):
    from rulesref.search.questions import is_stop_word

    assert all(map(is_stop_word, ["what's", "Who\u2019s", "don't", "can't", "won't", "I'm",
                                  "happens?", "work?", "it's,"]))
    assert not any(map(is_stop_word, ["wizard's", "initiative?", "let's"]))
    # typed without the apostrophe, or as chat: filler too, not words every hit must have
    assert all(map(is_stop_word, ["dont", "cant", "im", "thats", "u", "wat"]))
    assert search_all(q="im asking, wat is an initiative tie u know").understood.text == \
        "asking initiative tie"
    result = search_all(q="what's an initiative tie? in rumble")
    assert {"what's", "an"} <= set(result.understood.dropped)
    assert result.understood.text == "initiative tie"  # the "?" is not part of the word
    # A question of what a thing is: the rule, and the glossary's term with it.
    assert {h["title"] for h in result.hits[:2]} == {"rumble 1.2 Initiative ties", "Initiative"}
    quoted = search_all(q='what is an "initiative tie"?')
    assert quoted.warnings == [] and quoted.understood.text == '"initiative tie"'


def test_too_few_hits_with_every_word_rank_by_any_of_them(catalog):
    result = search_all(q="initiative kumquat zebra")  # no document has all three
    assert result.relaxed and result.hits
    assert {"Initiative", "Does Tentakiller hit creatures?"} <= {h["title"] for h in result.hits}


def test_player_words_find_the_rulebooks_words(catalog):
    from rulesref.search.questions import SYNONYMS

    assert (("hit", "points"),) == SYNONYMS[("hp",)]
    assert ("initiative",) in SYNONYMS[("goes", "first")]
    assert ("absorb",) in SYNONYMS[("block",)]  # "Creatures absorb damage"
    assert ("die",) in SYNONYMS[("dice",)]  # "roll one die for each"
    found = {h["title"] for h in search_all(q="who goes first").hits}
    assert "Initiative" in found  # "goes first" ~ initiative


def test_spelt_out_words_find_short_forms_and_phrases_find_the_rulebooks_words(catalog):
    from rulesref.models import Rule
    from rulesref.search.index import rebuild_search_index

    rumble = catalog["games"]["rumble"]
    Rule.objects.create(game=rumble, number="9", title="Scoring",
                        text="The last Wizard standing gains 1 VP.", source="Scoring")
    Rule.objects.create(game=rumble, number="9.1", title="Dead Wizard cards",
                        text="A Dead Wizard draws a card immediately.", source="Scoring")
    rebuild_search_index()
    # the rule says "VP", the player spells it out
    from rulesref.search.questions import SYNONYMS
    assert SYNONYMS[("victory", "points")] == (("vp",),)
    hit = search_all(q="last wizard standing victory points").hits[0]
    assert hit["title"] == "rumble 9 Scoring" and "<mark>VP</mark>" in hit["snippet_html"]
    # "straight away" is "immediately", "showing" is "revealed" or "face up"
    hit = search_all(q="dead wizard draws straight away").hits[0]
    assert hit["title"] == "rumble 9.1 Dead Wizard cards"
    assert "<mark>immediately</mark>" in hit["snippet_html"]


def test_a_misspelt_game_name_still_scopes(catalog):
    """A misspelling of a game's name that the index lacks scopes the search as the
    name would, shown as a correction; a word the index has is not taken for one."""
    result = search_all(q="how many players in demonaic")
    assert result.game == "demoniac" and result.understood.corrections == {"demonaic": "demoniac"}
    assert "demoniac" not in result.understood.text
    assert search_all(q="who goes first in tentakil").game == "rumble"
    assert search_all(q="initiative tie").game is None


def test_a_game_named_with_a_repeated_word_still_scopes():
    from rulesref.search.questions import _find_game, _game_names
    from rulesref.search.syntax import parse

    # the parser keeps one "the": "the game end in anarchy at arena"
    words = list(parse("when does the game end in anarchy at the arena").root.children)
    names = _game_names([("anarchy", "Anarchy", "Anarchy at the Arena")])
    slug, start, end = _find_game(words, names)
    assert slug == "anarchy"
    assert [w.value for w in words[start:end]] == ["anarchy", "at", "arena"]


def test_a_sentence_ranks_no_name_by_its_first_letters(catalog):
    # "initiative" typed as a name finds "Initiative ties" by its first word; in a
    # sentence the word is whole, and the rule ranks by its text like any other.
    typed = search_all(q="initiative")
    asked = search_all(q="what is initiative")
    assert typed.hits[1]["title"] == "rumble 1.2 Initiative ties" and typed.hits[1]["score"] >= 100
    assert asked.hits[0]["title"] == "Initiative"  # the exact name still comes first
    assert all(h["score"] < 100 for h in asked.hits[1:])


def test_the_vocabulary_follows_the_catalog(catalog):
    from cardsite.models import Entry
    from cardsite.web.response_cache import bump_catalog_version
    from rulesref.search.questions import vocabulary

    assert "zorbaxian" not in vocabulary()
    entry = Entry.objects.order_by("pk").first()
    entry.text = (entry.text or "") + " Zorbaxian."
    entry.save()  # the same document, rewritten: no new id
    bump_catalog_version()  # what the write's commit does, in every process
    assert "zorbaxian" in vocabulary()
    Entry.objects.create(game=entry.game, kind=entry.kind, name="Quibbleflux", slug="quibbleflux")
    assert "quibbleflux" in vocabulary()  # a new document: a new highest id


@pytest.mark.parametrize("q, definition, text", [
    ("what is a rally card", True, "rally"),  # "card": many texts say it, Rally is the term
    ("what's a familiar?", True, "familiar"),
    ("whats the last wizard standing", True, "last wizard standing"),
    ("whats the last wizard standing token", False, "last wizard standing token"),  # long
    ("what are wild magic cards", True, "wild magic"),
    ("what does ONGOING mean", True, "ONGOING"),
    ("what does wild magic do", True, "wild magic"),  # what it is for: its entry says
    ("what does wild magic do to my initiative", False, "wild magic initiative"),
    # the parser keeps one of two "do"s: the last word as said asks it
    ("what do rally cards do", True, "rally"),
    ("what do rally cards do to my initiative", False, "rally cards initiative"),
    ("what is a card", True, "card"),  # nothing but the kind word: it stays
    ("what happens when two spells tie on initiative", False, "two spells tie initiative"),
    ("what is the max hp in rumble at the start of a game", False, "max hp rumble start game"),
    ("rally card", False, "rally card"),
])
def test_a_question_of_what_a_thing_is_is_told_apart(q, definition, text):
    from rulesref.search.questions import understand
    from rulesref.search.syntax import parse

    understood = understand(parse(q), [], correct=False)
    assert understood.asks_definition is definition
    assert understood.text == text


@pytest.mark.parametrize("q, game, text", [
    ("what does blood mean in rumble", "rumble", "blood"),
    ("what does the standee do in castle tentakill", "rumble", "standee"),
    ("what do rally cards do in anarchy", "anarchy", "rally"),
])
def test_a_definition_question_naming_its_game_last_still_asks_what_a_thing_is(q, game, text):
    # The game's name is taken out of the words and leaves its "in" at the end.
    from rulesref.search.questions import understand
    from rulesref.search.syntax import parse

    games = [("rumble", "Rumble", "Rumble at Castle Tentakill"),
             ("anarchy", "Anarchy", "Anarchy at the Arena")]
    understood = understand(parse(q), games, correct=False)
    assert (understood.game, understood.asks_definition, understood.text) == (game, True, text)


def test_a_definition_question_ranks_the_glossary_term_with_rules_and_rulings(catalog):
    # The sample catalog's term "Initiative" and its rulings: a term is an answer too.
    result = search_all(q="what is initiative")
    assert "term" in {h["kind"] for h in result.hits[:3]}
    # The term of that name is the answer, with its definition and where it is from.
    assert result.answer["kind"] == "term" and result.answer["title"] == "Initiative"
    assert result.answer["text"] and result.answer["citation"].endswith("glossary")
    # Not a question of what a thing is: a term is no answer.
    assert (search_all(q="initiative").answer or {}).get("kind") != "term"


def test_words_in_parentheses_are_part_of_the_sentence():
    from rulesref.search.questions import understand
    from rulesref.search.syntax import parse

    games = [("anarchy", "Anarchy", "Anarchy at the Arena")]
    # An aside in parentheses: its stop words dropped, its game a scope, like the rest.
    understood = understand(parse("short match (for 5 players) tie"), games, correct=False)
    assert understood.text == "short match 5 players tie" and "for" in understood.dropped
    scoped = understand(parse("whats a rally card (anarchy)"), games, correct=False)
    assert scoped.game == "anarchy" and scoped.text == "rally"
    # An 'or' in parentheses stays syntax.
    assert understand(parse("damage (zapper or bolt)"), games, correct=False).text == \
        "damage (zapper or bolt)"


def test_a_sentence_ranks_by_its_rare_word(db, monkeypatch):
    """Of "spell alternative", too few documents have both words, and a few hundred
    have "spell": those with "alternative" alone come far ahead of where counting
    every word alike put them (bm25 weighs words by rarity; PostgreSQL's ranking
    is given weights: with them 64th, without 181st of 255)."""
    from django.core.management import call_command

    from rulesref.search.backends import PostgresBackend, tokens_of

    call_command("load_catalog", verbosity=0)
    rare = {pk for pk, *texts in SearchDocument.objects.values_list("id", "name", "body", "extra")
            if {"alternative"} <= set(tokens_of(" ".join(texts))) and "spell" not in tokens_of(" ".join(texts))}
    assert rare

    def place() -> int:
        result = search_all(q="spell alternative", limit=300)
        assert result.relaxed and result.total > 200
        return min(i for i, hit in enumerate(result.hits) if hit["id"] in rare)

    if connection.vendor != "postgresql":
        assert place() <= 2
        return
    weighed = place()
    monkeypatch.setattr(PostgresBackend, "weighs_rare_words", True)  # as it ranked before
    assert weighed < place() / 2


@pytest.mark.parametrize("q, title, text", [
    ("how many treasure cards come in epic spell wars rumble", "Treasure Cards", "25 Treasure"),
    ("How many Champion cards are in anarchy at the arena?", "Champion Cards", "15 Champion"),
    ("how many dead wizard tokens in satanic panic", "Dead Wizard Tokens", "42 Dead Wizard"),
    ("how many victims in demoniac", "Victims", "unknown: the rulebook does not say"),
    ("how many tresure cards in rumble", "Treasure Cards", "25"),  # corrected first
    ("how many treasure cards", None, None),  # Rumble's and Anarchy's: which?
    ("how many dice do i roll", None, None),  # a roll, not the box
    ("how many wizard tokens in satanic panic", None, None),  # no line of that whole name
    # the one line named by its last word ("Six-Sided Dice"); "cards" names many lines
    ("how many dice come in the anarchy at the arena box", "Six-Sided Dice", "6 Six-Sided"),
    ("how many cards come in the box in anarchy", None, None),
    ("treasure cards rumble", None, None),  # not a question of how many
])
def test_how_many_of_a_thing_the_box_holds(db, q, title, text):
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    answer = search_all(q=q).answer
    if title is None:
        assert answer is None or answer["kind"] != "component"
        return
    assert (answer["kind"], answer["title"]) == ("component", title)
    assert text in answer["text"] and answer["url"].startswith(f"/games/{answer['game']}/#")
    assert "rulebook" in answer["citation"]


def test_how_many_players_where_the_rulebook_gives_it(db):
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    answer = search_all(q="how many players can play demoniac?").answer
    assert (answer["kind"], answer["text"]) == ("game", "Demoniac is for 2 to 4 players.")
    assert answer["url"] == "/games/demoniac/" and answer["citation"] == "Demoniac rulebook"
    for q in ("how many players rumble",  # its rulebook gives no player count
              "how many players", "how many player cards in demoniac"):
        answer = search_all(q=q).answer
        assert answer is None or answer["kind"] not in ("game", "component"), q


@pytest.mark.parametrize("q, rule", [
    ("how many dice come in the anarchy at the arena box", "/rules/anarchy/1.4/"),
    # the count just before the thing: "8 Oversized Hero cards", not "8 Wild Magic cards"
    ("how many hero cards come in the castle tentakill box", "/rules/rumble/2.2/"),
    ("how many exorcists in demoniac", "/rules/demoniac/3.3/"),  # "one of the six exorcists"
    ("how many people can play demoniac", "/rules/demoniac/1.1/"),  # "for 2 to 4 players"
    # a stop word between ("332 game cards"), the count after the name ("... Tokens, 42"),
    # and a rule without the words asked ("come") still listed
    ("how many game cards come in satanic panic", "/rules/satanic-panic/1.1/"),
    ("how many dead wizard tokens come in satanic panic", "/rules/satanic-panic/1.3/"),
])
def test_a_box_count_puts_first_the_rule_that_lists_it(db, q, rule):
    """The answer box tells the contents line's count (or the game's player count); the
    first hit is the rule of the rulebook's contents (or setup) that lists that thing with
    its count, wherever the words asked ranked it ("dice" ranks the Power Roll's rules
    first)."""
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    result = search_all(q=q, limit=3)
    assert result.answer is not None and result.answer["kind"] in ("component", "game"), \
        result.answer
    assert result.hits[0]["url"] == rule, [hit["url"] for hit in result.hits]
    assert len(result.hits) == 3 and len({hit["url"] for hit in result.hits}) == 3
    # the search page's sections too: the rule heads its kind's, which keeps its size
    sections = search_all(q=q, per_kind=4).hits
    assert [hit["url"] for hit in sections if hit["kind"] == "rule"][0] == rule
    assert all(sum(hit["kind"] == kind for hit in sections) <= 4 for kind in ("rule", "ruling"))
