"""The search syntax compiled to the ORM, through cardsite.browse.selectors.card_list.

Runs the same on SQLite (FTS5) and PostgreSQL (tsvector): `DATABASE_URL=...`.
"""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings

from cardsite.browse.selectors import card_list
from rulesref.search.syntax import QuerySyntaxError
from tests.rulesref.search_catalog import QUERY_TEXT, add_fillers, build_search_catalog

pytestmark = pytest.mark.django_db

NAMED = {
    "tentakiller": "Tentakiller", "bolt": "Bolt", "doom": "Bolt of Doom", "dark": "Dark Bolt",
    "zapper": "Zapper", "mystery": "Mystery Delivery", "beelze": "Beelze-Butthole",
    "familiar": "Familiar", "linda": "Linda",
}


@pytest.fixture
def catalog(db):
    return build_search_catalog()


def names(query="", **filters):
    return [e.name for e in card_list(query=query, filters=filters).entries]


def named(query="", **filters):
    """The made-up named cards in the result (the fillers left out)."""
    return {n for n in names(query, **filters) if not n.startswith("Filler")}


def expect(*keys):
    return {NAMED[k] for k in keys}


FIELD_CASES = [
    # free words: names, prefixes, aliases, types, text, ruling text
    ("tentakiller", expect("tentakiller")),
    ("tenta", expect("tentakiller")),
    ("tentacle", expect("tentakiller")),
    ("kumquat", expect("tentakiller")),
    ("legendary", expect("beelze")),
    ('"foe on your left"', expect("tentakiller")),
    ("bolt", expect("bolt", "doom", "dark", "zapper")),
    ("bolt doom", expect("doom")),
    # type / t
    ("t:delivery", expect("tentakiller", "dark", "zapper", "mystery")),
    ("type:DELIVERY", expect("tentakiller", "dark", "zapper", "mystery")),
    ('t:"legendary devil"', expect("beelze")),
    ("t:devil", expect("beelze")),
    ("t:delivery -t:delivery", set()),
    # glyph / g, symbol, kind
    ("game:rumble g:dark", expect("bolt", "dark")),
    ("game:rumble glyph:illusion", expect("tentakiller")),
    ("symbol:CROSS", expect("linda")),
    ("kind:character", expect("linda")),
    # numbers; unknown never matches a comparison or its negation
    ("init>=14", expect("tentakiller", "dark")),
    ("init:14", expect("dark")),
    ("initiative=16", expect("tentakiller")),
    ("init>15", expect("tentakiller")),
    ("game:rumble init!=16 t:delivery", expect("dark", "zapper")),
    ("game:rumble -init>=14 t:delivery", expect("zapper")),
    ("t:delivery init<13", expect("zapper")),
    ("cost>=6", expect("beelze", "familiar")),
    ("cost<7", expect("familiar")),
    ("vp>0", expect("beelze")),
    ("vp<=100", expect("beelze")),
    ("copies>=5", expect("familiar")),
    ("body>=4", expect("linda")),
    ("mind=1", expect("linda")),
    ("strength>=0", set()),
    # keywords (any letter case), is:
    ("kw:keep", expect("tentakiller")),
    ("keyword:Ongoing", expect("beelze")),
    ("is:KEEP", expect("tentakiller")),
    ("is:creature", expect("zapper")),
    ("game:rumble -is:keep t:delivery", expect("dark", "zapper", "mystery")),
    # has:
    ("has:ruling", expect("tentakiller")),
    ("-has:text", expect("mystery", "linda")),
    # Linda (a victim) lacks a strength, which victims do not have: not unknown
    ("has:unknown", expect("mystery", "familiar")),
    # game: slug, short name, prefix
    ("game:demoniac", expect("linda")),
    ('game:"satanic panic"', expect("beelze", "familiar")),
    ("game:satanic", expect("beelze", "familiar")),
    ("game:Demoniac", expect("linda")),
    # text and name fields
    ("o:damage", expect("tentakiller")),
    ('o:"foe on your left"', expect("tentakiller")),
    ("o:tentakiller", set()),
    ("name:bolt", expect("bolt", "doom", "dark")),
    ("name:tent", expect("tentakiller")),
    # negation, or, parentheses
    ("game:rumble (is:keep or is:creature)", expect("tentakiller", "zapper")),
    ("t:delivery -(is:keep or is:creature)", expect("dark", "mystery")),
    ("g:illusion or kind:character", expect("tentakiller", "linda")),
    ("kumquat or doom", expect("doom", "tentakiller")),
    ("t:delivery -bolt", expect("tentakiller", "mystery")),
    ("t:delivery (bolt or kumquat)", expect("tentakiller", "dark", "zapper")),
    ('-"every bolt" t:delivery', expect("tentakiller", "dark", "mystery")),
]


@pytest.mark.parametrize(("query", "wanted"), FIELD_CASES, ids=[c[0] for c in FIELD_CASES])
def test_query_matches(catalog, query, wanted):
    result = card_list(query=query)
    assert result.warnings == []
    assert {e.name for e in result.entries if not e.name.startswith("Filler")} == wanted


def test_fillers_are_found_by_their_words(catalog):
    assert len(names("ordinary wizards")) == 30
    assert names('"number 7"') == ["Filler 7"]


@pytest.mark.parametrize(("query", "order"), [
    ("game:rumble -name:filler order:init",
     ["Bolt", "Bolt of Doom", "Zapper", "Dark Bolt", "Tentakiller", "Mystery Delivery"]),
    ("game:rumble -name:filler order:init dir:desc",
     ["Tentakiller", "Dark Bolt", "Zapper", "Bolt of Doom", "Bolt", "Mystery Delivery"]),
    ("game:rumble -name:filler order:name",
     ["Bolt", "Bolt of Doom", "Dark Bolt", "Mystery Delivery", "Tentakiller", "Zapper"]),
    ("game:rumble -name:filler dir:desc",
     ["Zapper", "Tentakiller", "Mystery Delivery", "Dark Bolt", "Bolt of Doom", "Bolt"]),
    ("game:satanic order:cost", ["Familiar", "Beelze-Butthole"]),
    ("-game:rumble order:vp", ["Beelze-Butthole", "Familiar", "Linda"]),
    ("-game:rumble order:vp dir:desc", ["Beelze-Butthole", "Familiar", "Linda"]),
    ("-name:filler order:game", [
        "Tentakiller", "Bolt", "Bolt of Doom", "Dark Bolt", "Zapper", "Mystery Delivery",
        "Beelze-Butthole", "Familiar", "Linda"]),
])
def test_order_and_direction(catalog, query, order):
    assert names(query) == order


def test_ranking_exact_name_then_prefix_then_full_text(catalog):
    # Bolt (exact), Bolt of Doom (name prefix), Dark Bolt (the word in the name),
    # Zapper (the word in its text only, three times).
    assert names("bolt") == ["Bolt", "Bolt of Doom", "Dark Bolt", "Zapper"]
    assert names("BOLT")[:2] == ["Bolt", "Bolt of Doom"]


def test_a_name_match_outranks_a_ruling_match(catalog):
    found = names("creature")
    assert found.index("Zapper") < found.index("Tentakiller")  # keyword vs ruling text


def test_the_filter_order_replaces_relevance(catalog):
    assert names("bolt", order="-init") == ["Dark Bolt", "Zapper", "Bolt of Doom", "Bolt"]
    assert names("bolt", order="name") == ["Bolt", "Bolt of Doom", "Dark Bolt", "Zapper"]


def test_filters_combine_with_the_query(catalog):
    assert set(names(game="rumble", initiative_min=14)) == expect("tentakiller", "dark")
    assert set(names("t:delivery", initiative_max=13)) == expect("zapper")
    assert set(names(cost_min=7)) == expect("beelze")
    assert set(names(vp_max=3, game="satanic-panic")) == expect("beelze")
    assert named(kind="character") == expect("linda")
    assert named(glyph="illusion") == expect("tentakiller")
    assert named(type="LEGENDARY-DEVIL") == expect("beelze")
    assert names(q="tenta") == ["Tentakiller"]


def test_filters_that_do_not_validate_are_warnings(catalog):
    result = card_list(query="tenta", filters={"initiative_min": "many", "glyph": "fire"})
    assert [e.name for e in result.entries] == ["Tentakiller"]
    assert any(w.startswith("initiative_min:") for w in result.warnings)
    assert any(w.startswith("glyph:") for w in result.warnings)


@pytest.mark.parametrize(("query", "wanted", "named_in_warning"), [
    ("g:fire t:delivery", expect("tentakiller", "dark", "zapper", "mystery"), "illusion"),
    ("foo:bar tenta", expect("tentakiller"), "glyph"),
    ("game:nowhere tenta", expect("tentakiller"), "satanic-panic"),
    ("is:flying or is:keep", expect("tentakiller"), "ongoing"),
    ("!!! tenta", expect("tentakiller"), "letters or digits"),
])
def test_warnings_name_the_valid_values_and_the_rest_runs(catalog, query, wanted, named_in_warning):
    result = card_list(query=query)
    assert {e.name for e in result.entries if not e.name.startswith("Filler")} == wanted
    assert len(result.warnings) == 1
    assert named_in_warning in result.warnings[0]


@pytest.mark.parametrize(("query", "position"), [
    ('"open', 0), ("(tenta", 0), ("tenta)", 5), ("()", 0), ("init>x", 5), ("init>", 5),
])
def test_unparsable_queries_raise_with_the_position(catalog, query, position):
    with pytest.raises(QuerySyntaxError) as caught:
        card_list(query=query)
    assert caught.value.position == position


def test_misspelt_names_fall_back_to_close_names(catalog):
    result = card_list(query="tentakilr")
    assert result.fuzzy is True
    assert [e.name for e in result.entries][0] == "Tentakiller"
    # the field terms still apply to the close names
    assert list(card_list(query="tentakilr game:demoniac").entries) == []


def test_stemmed_misspelling_and_no_fallback_when_text_matches(catalog):
    result = card_list(query="tentakiler")
    assert [e.name for e in result.entries][0] == "Tentakiller"
    assert card_list(query="tenta").fuzzy is False


def test_nothing_close_gives_nothing(catalog):
    result = card_list(query="xyzzyq")
    assert list(result.entries) == [] and result.fuzzy is False


def test_empty_query_lists_everything_in_catalog_order(catalog):
    listed = names()
    assert len(listed) == 39
    assert listed[:2] == ["Tentakiller", "Bolt"] and listed[-1] == "Linda"


def test_entries_come_with_game_component_and_bands(catalog):
    result = card_list(query="tentakiller")
    with CaptureQueriesContext(connection) as queries:
        entry = list(result.entries)[0]
        assert entry.game.slug == "rumble" and entry.component is None
        assert [b.effect for b in entry.bands.all()] == ["1 damage."]
        assert list(entry.images.all()) == []
    # the entries with game and component joined, then the bands, then the images
    assert len(queries) == 3


def _queries_to_show(query):
    with CaptureQueriesContext(connection) as queries:
        result = card_list(query=query, filters={"game": "rumble"})
        entries = result.entries
        total = entries.count()
        for entry in entries[:100]:
            entry.game.slug, list(entry.bands.all()), entry.component
    return len(queries), total


@pytest.mark.parametrize("query", ["", "ordinary", "t:quality init<10", "wizards -g:dark order:init",
                                   "filler or zap", "has:unknown"])
def test_query_count_does_not_grow_with_results(catalog, query):
    few = _queries_to_show(query)
    add_fillers(catalog["games"]["rumble"], 40, start=1000)
    from rulesref.search.index import rebuild_search_index

    rebuild_search_index()
    many = _queries_to_show(query)
    assert few[0] == many[0]
    if query != "has:unknown":
        assert many[1] > few[1]


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(q=QUERY_TEXT)
def test_random_queries_raise_only_syntax_errors(catalog, q):
    try:
        result = card_list(query=q)
        list(result.entries[:5])
        result.entries.count()
    except QuerySyntaxError as error:
        assert 0 <= error.position <= len(q)
