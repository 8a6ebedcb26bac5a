"""SQL compiled once per shape (rulesref.search.shapes): a cached shape answers
exactly as a fresh build does, for other values; a shape whose values the ORM
alters is never cached."""
import pytest
from django.db import connection

from cardsite.models import Entry
from rulesref.search import shapes
from rulesref.search.unified import search_all
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    build_search_catalog()


def _urls(**search):
    result = search_all(**search)
    return [(hit["url"], hit["score"], hit["snippet_html"]) for hit in result.hits], result.counts


QUERIES = [
    {"q": "damage", "limit": 10},
    {"q": "initiative", "limit": 10},
    {"q": "foe", "limit": 5, "offset": 2},
    {"q": "how much damage does a creature deal", "limit": 10},
    {"q": "what is initiative", "limit": 10},
    {"q": "damage", "per_kind": 8, "limit": 50},
    {"q": "heal", "per_kind": 8, "limit": 50},
    {"q": "damage", "limit": 10, "game": "rumble"},
    {"q": "damage", "limit": 10, "game": "anarchy"},
    {"q": "damage", "limit": 10, "kind": "rule"},
    {"q": "foe", "limit": 10, "kind": "card"},
    {"q": "damage zebraquokka", "limit": 10},  # fewer than three with both: any word
    {"q": "tentakiler", "limit": 10},  # close names
    {"q": "tentakiler", "limit": 10, "game": "rumble"},
    {"q": "tentakiler", "limit": 10, "kind": "card"},
]


def test_cached_shapes_answer_as_fresh_builds(catalog):
    shapes._shapes.clear()
    first = [_urls(**search) for search in QUERIES]  # the early ones compile, later ones reuse
    assert any(cached for cached in shapes._shapes.values())
    for search, expected in zip(reversed(QUERIES), reversed(first), strict=True):
        shapes._shapes.clear()  # each alone: a fresh build
        assert _urls(**search) == expected, search
    # And reusing shapes compiled for other values gives the same again.
    assert [_urls(**search) for search in QUERIES] == first
    assert first[0] != first[1] and first[7] != first[8]
    assert all(first[i][0] for i in (12, 13, 14))  # the close names were found


def test_every_value_lands_in_its_place(catalog):
    def build(values):
        return (Entry.objects.filter(game__slug=values["game"], pk__in=list(values["ids"]))
                .values_list("slug", flat=True).query.sql_with_params())

    entries = list(Entry.objects.order_by("pk").values_list("game__slug", "pk", "slug"))
    shapes._shapes.clear()
    for game, pk, slug in entries[:6]:
        sql, params = shapes.sql_for(("test-entries",), {"game": game, "ids": (pk, pk + 10**6)},
                                     build)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            assert cursor.fetchall() == [(slug,)]
    assert len([k for k in shapes._shapes if k[1] == ("test-entries",)]) == 1


def test_a_value_the_orm_alters_is_not_cached(catalog):
    # istartswith escapes the value and adds a wildcard: the sentinel is not found as
    # given, so each call builds afresh with its own value.
    def build(values):
        return Entry.objects.filter(name__istartswith=values["name"]).values_list(
            "name", flat=True).query.sql_with_params()

    shapes._shapes.clear()
    sql, params = shapes.sql_for(("test-prefix",), {"name": "Spark"}, build)
    assert [k for k, v in shapes._shapes.items() if k[1] == ("test-prefix",) and v is None]
    assert any("Spark" in str(p) for p in params)
    sql, params = shapes.sql_for(("test-prefix",), {"name": "Tenta"}, build)
    assert any("Tenta" in str(p) for p in params) and not any("Spark" in str(p) for p in params)
