"""SQLite ranks a page of plain free text in the index first (unified._Ranking.
_index_first): the name-column matches and the best scored others, then only
those joined and sorted. Every page is the page the full ranking gives: hits,
scores, order, counts, with a game, a kind, an offset, equal scores."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulesref.search import unified
from rulesref.search.unified import search_all
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(connection.vendor != "sqlite", reason="FTS5 only")]

QUERIES = ["bolt", "bolt of", "dark bolt", "tenta", "foe", "damage", "initiative", "filler",
           "the", "zapper", '"of doom"', "bolt zebraquokka", "Bolt of Doom", "BOLT", "deal damage",
           # questions: headings last, answers first (a term too for "what is"), whole words
           "what is a bolt", "how do i deal damage", "what does filler mean", "what is initiative",
           "who goes first on initiative ties", "what happens to the foe", "can a bolt hit",
           # fewer than three hits with every word: the relaxed ranking, those first
           "can a bolt zap kumquat creatures", "doom ties zebraquokka", "bolt kumquat"]
SEARCHES = [{}, {"game": "rumble"}, {"kind": "card"}, {"kind": "rule"}, {"offset": 3},
            {"limit": 2}, {"limit": 1, "offset": 1}, {"game": "demoniac", "offset": 40},
            # the search page's sections: the best few of each kind, and each kind's count
            {"per_kind": 3, "limit": 50}, {"per_kind": 1, "limit": 50, "game": "rumble"},
            {"per_kind": 2, "limit": 50, "kind": "card"}]


def _answer(**search):
    result = search_all(**search)
    return ([(h["url"], h["score"]) for h in result.hits], result.total, result.relaxed,
            result.counts)


@pytest.fixture(autouse=True)
def index_first_at_any_size(monkeypatch):
    monkeypatch.setattr(unified, "INDEX_FIRST_FROM", 0)  # a small index skips it


@pytest.fixture
def catalog():
    from rulesref.models import Rule
    from rulesref.search.index import rebuild_search_index

    made = build_search_catalog()
    # A heading (a rule without text) whose title has the words: ranked last in a question.
    Rule.objects.create(game=made["games"]["rumble"], number="2", title="Bolt damage and ties",
                        text="", source="Damage")
    rebuild_search_index()


def test_index_first_pages_are_the_full_rankings_pages(catalog, monkeypatch):
    asked = [{"q": q, "limit": 5, **extra} for q in QUERIES for extra in SEARCHES]
    taken = []
    index_first = unified._Ranking._index_first

    def watched(self, compiled, first=()):
        found = index_first(self, compiled, first)
        taken.append((found is not None, self.question, bool(first)))
        return found

    monkeypatch.setattr(unified._Ranking, "_index_first", watched)
    fast = [_answer(**search) for search in asked]
    monkeypatch.setattr(unified._Ranking, "_index_first", lambda self, compiled, first=(): None)
    full = [_answer(**search) for search in asked]
    for search, got, expected in zip(asked, fast, full, strict=True):
        assert got == expected, search
    assert sum(took for took, *_ in taken) > len(asked) // 2  # most through the index first
    assert any(took and question for took, question, _ in taken)  # questions among them
    assert any(took and relaxed for took, _, relaxed in taken)  # and relaxed rankings
    assert sum(1 for hits, *_ in fast if hits) > len(asked) // 2


def test_a_page_past_the_end_keeps_its_count(catalog):
    hits, total, *_ = _answer(q="bolt", limit=5, offset=500)
    assert hits == [] and total == _answer(q="bolt", limit=50)[1] > 0


def test_an_index_first_ranking_is_two_queries_whatever_the_hits(catalog):
    counts = []
    for limit in (1, 40):
        with CaptureQueriesContext(connection) as captured:
            unified._Ranking(None, None, unified.get_backend(), limit).rows(
                unified.Compiler(unified.DOCUMENTS, unified.get_backend()).compile(
                    unified.parse("filler")))
        counts.append(len(captured))
    assert counts == [2, 2]


def test_a_small_index_is_ranked_in_one_statement(catalog, monkeypatch):
    monkeypatch.setattr(unified, "INDEX_FIRST_FROM", 10_000)
    taken = []
    index_first = unified._Ranking._index_first
    monkeypatch.setattr(unified._Ranking, "_index_first", lambda self, compiled, first=(): (
        taken.append(index_first(self, compiled, first)) or taken[-1]))
    search_all(q="damage")  # corrects its words: sees the index (about 40 documents)
    assert taken and taken[-1] is None
    assert unified.index_size() < 100
