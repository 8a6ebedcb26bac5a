"""cards/: search and filters, one entry, named, autocomplete, random."""
import pytest

from cardsite.models import Entry, Game
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


@pytest.fixture
def many_cards(catalog):
    """Enough rumble cards to page through and filter (made-up test data)."""
    rumble = Game.objects.get(slug="rumble")
    glyphs = ["arcane", "dark", "elemental", "illusion", "primal"]
    for i in range(30):
        Entry.objects.create(
            game=rumble, slug=f"test-bolt-{i:02d}", name=f"Test Bolt {i:02d}", kind="card",
            type="source" if i % 2 else "quality", glyph=glyphs[i % 5], initiative=i,
            cost=None, vp=None, text=f"Deal {i} damage.", position=100 + i,
        )


def slugs(body):
    return [e["slug"] for e in body["results"]]


def test_list_is_paginated_with_warnings_key(api, many_cards):
    body = api.get("/api/cards/").json()
    assert list(body) == ["count", "next", "previous", "warnings", "fuzzy", "results"]
    assert body["count"] == 33 and len(body["results"]) == 20 and body["warnings"] == []
    assert body["fuzzy"] is False
    assert "page=2" in body["next"]
    second = api.get(body["next"]).json()
    assert len(second["results"]) == 13 and second["next"] is None


def test_page_size_is_capped_at_100(api, many_cards):
    assert len(api.get("/api/cards/?page_size=5").json()["results"]) == 5
    rumble = Game.objects.get(slug="rumble")
    Entry.objects.bulk_create(
        Entry(game=rumble, slug=f"test-filler-{i:03d}", name=f"Filler {i}", kind="token", position=500 + i)
        for i in range(80)
    )
    body = api.get("/api/cards/?page_size=1000").json()
    assert body["count"] == 113 and len(body["results"]) == 100


def test_the_list_goes_through_the_shared_selector(api, catalog, monkeypatch):
    """No second query path: cards/ asks cardsite.browse.selectors.card_list, as the page does."""
    from cardsite.browse import selectors

    calls = []
    real = selectors.card_list

    def spy(*, query="", filters=None, **options):
        calls.append((query, dict(filters)))
        return real(query=query, filters=filters, **options)

    monkeypatch.setattr(selectors, "card_list", spy)
    api.get("/api/cards/", {"q": "g:illusion", "game": "rumble", "ordering": "-init", "page": 1})
    assert calls == [("g:illusion", {"game": "rumble", "order": "-init"})]


def test_page_beyond_the_end_is_a_json_404(api, many_cards):
    assert_error(api.get("/api/cards/?page=99"), 404, "not_found")


def test_entry_fields_keep_unknown_as_null(api, catalog):
    zapper = next(e for e in api.get("/api/cards/?game=rumble").json()["results"] if e["slug"] == "zapper")
    assert zapper["initiative"] == 0 and zapper["text"] is None and zapper["copies"] is None
    assert zapper["component"] == "delivery-cards"
    assert "copies" in zapper["unknown"] and "initiative" not in zapper["unknown"]
    assert [b["label"] for b in zapper["bands"]] == ["1-4", "5+"]


@pytest.mark.parametrize("params, expected", [
    ("game=demoniac", {"linda"}),
    ("kind=character", {"linda"}),
    ("type=delivery", {"zapper"}),
    ("glyph=illusion", {"zapper", "test-bolt-03", "test-bolt-08", "test-bolt-13",
                        "test-bolt-18", "test-bolt-23", "test-bolt-28"}),
    ("initiative_min=27", {"test-bolt-27", "test-bolt-28", "test-bolt-29"}),
    ("initiative_max=1&game=rumble&type=quality", {"test-bolt-00"}),
])
def test_plain_filters(api, many_cards, params, expected):
    body = api.get(f"/api/cards/?{params}&page_size=100").json()
    assert set(slugs(body)) == expected


def test_cost_and_vp_ranges(api, catalog):
    game = Game.objects.create(slug="satanic-panic", name="SP", short_name="SP",
                               family="deck-builder", rulebook="sp.txt")
    for slug, cost, vp in [("cheap", 1, 0), ("mid", 4, 1), ("dear", 8, 3), ("unknown-cost", None, None)]:
        Entry.objects.create(game=game, slug=slug, name=slug.title(), kind="card", cost=cost, vp=vp)
    assert set(slugs(api.get("/api/cards/?cost_min=3&cost_max=5").json())) == {"mid"}
    assert set(slugs(api.get("/api/cards/?vp_min=1").json())) == {"mid", "dear"}
    assert set(slugs(api.get("/api/cards/?vp_max=0&game=satanic-panic").json())) == {"cheap"}


def test_ordering(api, many_cards):
    body = api.get("/api/cards/?game=rumble&type=source&ordering=-init").json()
    inits = [e["initiative"] for e in body["results"]]
    assert inits == sorted(inits, reverse=True) and inits[0] == 29


def test_q_uses_the_search_syntax(api, many_cards):
    body = api.get("/api/cards/", {"q": "g:dark init>=20", "page_size": 100}).json()
    assert set(slugs(body)) == {"test-bolt-21", "test-bolt-26"}
    assert body["warnings"] == []


def test_q_and_filters_combine(api, many_cards):
    body = api.get("/api/cards/", {"q": "g:dark", "initiative_max": 10}).json()
    assert set(slugs(body)) == {"test-bolt-01", "test-bolt-06"}


def test_unknown_field_is_a_warning_and_the_rest_runs(api, many_cards):
    body = api.get("/api/cards/", {"q": "colour:red g:dark init>=20"}).json()
    assert set(slugs(body)) == {"test-bolt-21", "test-bolt-26"}
    assert len(body["warnings"]) == 1 and "colour" in body["warnings"][0]
    assert "glyph" in body["warnings"][0]  # names the valid fields


def test_misspelt_words_fall_back_to_close_names(api, many_cards):
    body = api.get("/api/cards/", {"q": "zaper"}).json()
    assert body["fuzzy"] is True and slugs(body)[0] == "zapper"


@pytest.mark.parametrize("q, position", [('"open quote', 0), ("(g:dark", 0), ("init>x", 5)])
def test_unparsable_query_is_a_400_with_position(api, catalog, q, position):
    body = assert_error(api.get("/api/cards/", {"q": q}), 400, "bad_query")
    assert body["position"] == position


def test_detail_has_rulings_bands_and_neighbours(api, catalog):
    body = api.get("/api/cards/rumble/zapper/").json()
    assert body["name"] == "Zapper" and body["game"] == "rumble"
    assert {r["slug"] for r in body["rulings"]} == {"zapper-zero", "split-hits"}
    split = next(r for r in body["rulings"] if r["slug"] == "split-hits")
    assert split["kind"] == "open-question" and split["engine_reading"]
    assert [b["effect"] for b in body["bands"]] == ["1 damage.", "3 damage. KEEP"]
    assert body["bands"][1]["keep"] is True and body["bands"][1]["high"] is None
    assert set(body["neighbours"]) == {"previous", "next"}
    assert body["neighbours"]["next"]["slug"] == "blank-card"


def test_unknown_entry_is_a_json_404(api, catalog):
    body = assert_error(api.get("/api/cards/rumble/no-such-card/"), 404, "not_found")
    assert "no-such-card" in body["detail"]
    assert_error(api.get("/api/cards/chess/zapper/"), 404, "not_found")


def test_named_finds_a_misspelt_name(api, many_cards):
    body = api.get("/api/cards/named/", {"fuzzy": "zaper"}).json()
    assert body["slug"] == "zapper" and "rulings" in body


def test_named_respects_game(api, many_cards):
    assert_error(api.get("/api/cards/named/", {"fuzzy": "linda", "game": "rumble"}), 404)
    assert api.get("/api/cards/named/", {"fuzzy": "linda", "game": "demoniac"}).json()["slug"] == "linda"


def test_named_without_match_is_404_with_suggestions(api, many_cards):
    body = assert_error(api.get("/api/cards/named/", {"fuzzy": "qqqqqqqq"}), 404, "not_found")
    assert isinstance(body["suggestions"], list) and len(body["suggestions"]) <= 5


def test_named_sends_at_most_five_suggestions(api, many_cards, monkeypatch):
    near = list(Entry.objects.filter(slug__startswith="test-bolt")[:7])
    monkeypatch.setattr("cardsite.browse.selectors.card_named", lambda *, fuzzy, game=None: (None, near))
    body = assert_error(api.get("/api/cards/named/", {"fuzzy": "Test Bolt"}), 404, "not_found")
    assert [s["name"] for s in body["suggestions"]] == [e.name for e in near[:5]]
    assert body["suggestions"][0]["url"].endswith("/api/cards/rumble/test-bolt-00/")


def test_named_needs_fuzzy(api, catalog):
    body = assert_error(api.get("/api/cards/named/"), 400, "invalid")
    assert "fuzzy" in body["errors"]
    assert_error(api.get("/api/cards/named/", {"fuzzy": "x", "game": "chess"}), 400, "invalid")


def test_autocomplete(api, many_cards):
    body = api.get("/api/cards/autocomplete/", {"q": "test b"}).json()
    assert body["count"] == 20 and len(body["results"]) == 20
    assert all("Test Bolt" in r["name"] for r in body["results"])
    assert api.get("/api/cards/autocomplete/", {"q": "z"}).json() == {"count": 0, "results": []}
    assert api.get("/api/cards/autocomplete/").json() == {"count": 0, "results": []}
    names = [r["name"] for r in api.get("/api/cards/autocomplete/", {"q": "za"}).json()["results"]]
    assert names == ["Zapper"]


def test_random_is_an_entry_matching_the_filters_and_not_cached(api, many_cards):
    response = api.get("/api/cards/random/", {"game": "demoniac"})
    assert response.json()["slug"] == "linda"
    assert "no-store" in response["Cache-Control"]
    picked = {api.get("/api/cards/random/", {"q": "g:dark"}).json()["glyph"] for _ in range(5)}
    assert picked == {"dark"}
    assert_error(api.get("/api/cards/random/", {"q": "qqqqqqqq"}), 404)


@pytest.mark.parametrize("params, field", [
    ({"initiative_min": "high"}, "initiative_min"),
    ({"glyph": "plaid"}, "glyph"),
    ({"ordering": "colour"}, "ordering"),
    ({"order": "colour"}, "order"),
    ({"kind": "meeple"}, "kind"),
])
def test_invalid_filter_values_are_400s(api, catalog, params, field):
    body = assert_error(api.get("/api/cards/", params), 400, "invalid")
    assert field in body["errors"]


ORDERS = "name, -name, cost, -cost, init, -init, vp, -vp, game, -game"


@pytest.mark.parametrize("name", ["ordering", "order"])
@pytest.mark.parametrize("url", ["/api/cards/", "/api/cards/random/"])
def test_an_unknown_ordering_is_a_400_naming_the_orders(api, catalog, url, name):
    body = assert_error(api.get(url, {name: "bogus"}), 400, "invalid")
    assert body["errors"] == {name: [f'"bogus" is not one of: {ORDERS}.']}
    assert body["detail"] == f'{name}: "bogus" is not one of: {ORDERS}.'


def test_ordering_and_order_must_agree(api, many_cards):
    # Neither is dropped in silence: a bad or different one beside the other is a 400.
    for ordering in ("bogus", "-cost"):
        body = assert_error(api.get("/api/cards/", {"order": "name", "ordering": ordering}), 400)
        assert list(body["errors"]) == ["ordering"] and "disagree" in body["detail"]
    both = api.get("/api/cards/", {"order": "-init", "ordering": "-init", "type": "source"})
    inits = [e["initiative"] for e in both.json()["results"]]
    assert both.status_code == 200 and inits == sorted(inits, reverse=True)


@pytest.mark.parametrize("url", ["/api/rulings/", "/api/rules/", "/api/glossary/", "/api/games/",
                                 "/api/search/?q=zap", "/api/cards/named/?fuzzy=zapper",
                                 "/api/cards/autocomplete/?q=za"])
@pytest.mark.parametrize("name", ["ordering", "order"])
def test_an_ordering_where_the_order_is_fixed_is_a_400(api, catalog, url, name):
    sep = "&" if "?" in url else "?"
    body = assert_error(api.get(f"{url}{sep}{name}=-name"), 400, "invalid")
    assert list(body["errors"]) == [name] and "/api/cards/" in body["detail"]


def test_a_bad_choice_filter_names_the_values(api, catalog):
    body = assert_error(api.get("/api/cards/", {"glyph": "plaid"}), 400, "invalid")
    assert body["errors"] == {"glyph": ['"plaid" is not one of: arcane, dark, elemental, '
                                        'illusion, primal.']}


@pytest.mark.parametrize("junk", ["abc", "0", "-5", "1.5", "٣", ""])
def test_a_junk_page_size_is_a_400(api, catalog, junk):
    response = api.get(f"/api/cards/?page_size={junk}")
    # Empty too: a parameter is left out to mean the default, not sent empty.
    assert response.status_code == 400 and "page_size" in response.json()["errors"]


def test_public_reads_need_no_credentials_in_the_schema(api):
    schema = api.get("/api/schema/?format=json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            anonymous = {} in operation.get("security", [{}])
            # Reads are anonymous; so are the engine's checkers (POSTs that change nothing).
            expected = method in ("get", "head") or path.startswith("/api/engine/")
            assert anonymous == expected, (method, path)
    bodies = schema["components"]["schemas"]
    assert bodies["SpellCheckRequest"]["additionalProperties"] is False
    assert "additionalProperties" not in bodies["EntryRequest"]  # DRF ignores unknown keys
