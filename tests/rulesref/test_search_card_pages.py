"""A page of card search results (cardsite.browse.selectors.card_list_page): free text
with at most a game and a kind is ranked without the FilterSet, its SQL compiled
once per shape (rulesref.search.cards.text_page); every page of it is the page the
FilterSet path gives, ids, count, close names and warnings alike."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.browse import selectors
from rulesref.search import cards, shapes
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db

QUERIES = ["bolt", "dark bolt", "tenta", "foe", "damage", '"of doom"', "name:bolt", "o:foe",
           "bolt o:foe", "tentakiler", "xyzzyq", "the", "Bolt of Doom", "filler", "!!! bolt"]
FILTERS = [{}, {"game": "rumble"}, {"kind": "card"}, {"game": "demoniac", "kind": "character"},
           {"game": "satanic-panic"}]


def _page(query, filters, page, per_page):
    result, entries = selectors.card_list_page(query=query, filters=filters, page=page,
                                               per_page=per_page)
    return ([e.pk for e in entries[entries.offset:entries.offset + per_page]], entries.offset,
            entries.total, result.fuzzy, result.warnings)


@pytest.fixture
def catalog():
    build_search_catalog()
    shapes._shapes.clear()


def test_text_pages_are_the_filtersets_pages(catalog, monkeypatch):
    asked = [(q, f, page, per_page) for q in QUERIES for f in FILTERS
             for page, per_page in ((1, 24), (1, 2), (2, 2), (99, 3))]
    fast = [_page(*a) for a in asked]
    monkeypatch.setattr(selectors, "text_page", lambda *args: None)
    slow = [_page(*a) for a in asked]
    for a, got, expected in zip(asked, fast, slow, strict=True):
        assert got == expected, a
    assert sum(1 for ids, *_ in fast if ids) > len(asked) // 3  # not a comparison of nothings
    assert any(fuzzy for *_, fuzzy, _ in fast)


def test_other_searches_go_through_the_filterset(catalog):
    for query, filters in (("bolt -dark", {}), ("bolt or zapper", {}), ("bolt order:name", {}),
                           ("t:delivery", {}), ("bolt", {"glyph": "dark"}), ("bolt", {"game": "chess"})):
        parsed = selectors.parse(query)
        columns = {"game__slug": filters["game"]} if "game" in filters else {}
        if filters.keys() <= {"game"} and filters.get("game") != "chess":
            assert cards.text_page(parsed, columns, 0, 10) is None, query


@pytest.mark.parametrize("query", ["bolt", "filler", "xyzzyq", "tentakiler"])
def test_a_text_page_is_a_constant_number_of_queries(catalog, query):
    selectors.card_list_page(query="warm", filters={}, page=1, per_page=24)
    counts = []
    for per_page in (1, 24):
        with CaptureQueriesContext(connection) as captured:
            selectors.card_list_page(query=query, filters={"game": "rumble"}, page=1, per_page=per_page)
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 4


@pytest.mark.parametrize("query", ["", "bolt", "tentakiler", "t:delivery", "xyzzyq", "bolt -dark"])
def test_card_count_is_card_lists_count(catalog, query):
    for filters in ({}, {"game": "rumble"}, {"glyph": "dark"}):
        expected = selectors.card_list(query=query, filters=filters).entries.count()
        assert selectors.card_count(query=query, filters=filters) == expected, (query, filters)
