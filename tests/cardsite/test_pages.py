"""The public pages through the Django test client: content, filters, errors, 404s."""
from fractions import Fraction

import pytest
from django.urls import reverse

from cardsite.catalog_files.catalog_import import catalog_import
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    catalog_import(data=pages_catalog())


def html(response):
    return response.content.decode()


# --- home --------------------------------------------------------------------

def test_home_has_games_search_box_and_recent_rulings(client, catalog):
    response = client.get("/")
    assert response.status_code == 200
    page = html(response)
    assert '<a href="/games/rumble/">Rumble</a>' in page
    assert '<a href="/games/demoniac/">Demoniac</a>' in page
    assert 'action="/search/"' in page and 'data-autocomplete="/search/suggest/"' in page
    assert "Does Zapper go first or last?" in page
    assert "/static/css/site.css" in page


def test_home_works_on_an_empty_database(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "load_catalog" in html(response)


# --- one entry ---------------------------------------------------------------

def test_card_page_shows_the_games_attributes_with_unknowns(client, catalog):
    response = client.get("/cards/rumble/tentakiller/")
    assert response.status_code == 200
    page = html(response)
    for label, value in (("Type", "Delivery"), ("Glyph", "Illusion"), ("Initiative", "16"),
                         ("Copies", "1")):
        assert f"<dt>{label}</dt><dd>{value}</dd>" in page
    # attributes rumble does not use are not shown at all
    assert "<dt>Cost</dt>" not in page and "<dt>Body</dt>" not in page
    # the ability text is escaped, never raw HTML
    assert "Roll the dice &amp; grab a &lt;tentacle&gt;." in page
    assert "Also written: Tentacle Killer" in page
    # a keyword links to its glossary meaning, or else to the cards that have it
    assert '<a class="keyword" href="/cards/?q=kw%3A%22Creature%22">Creature</a>' in page
    page = html(client.get("/cards/rumble/zapper/"))
    assert '<a class="keyword" href="/glossary/keep/#rumble">KEEP</a>' in page


def test_unknown_values_say_unknown(client, catalog):
    page = html(client.get("/cards/rumble/blank-card/"))
    assert '<dt>Type</dt><dd><span class="unknown">unknown</span></dd>' in page
    assert '<dt>Initiative</dt><dd><span class="unknown">unknown</span></dd>' in page
    page = html(client.get("/cards/rumble/zapper/"))
    assert "<dt>Initiative</dt><dd>0</dd>" in page  # 0 is a value, not unknown
    assert "unknown — the rulebooks do not quote it." in page


def test_demoniac_entries_show_their_own_attributes(client, catalog):
    page = html(client.get("/cards/demoniac/linda/"))
    assert "<dt>Body</dt><dd>4</dd>" in page and "<dt>Mind</dt><dd>1</dd>" in page
    assert "<dt>Initiative</dt>" not in page


def test_card_page_gives_the_exact_chance_of_each_band(client, catalog):
    response = client.get("/cards/rumble/tentakiller/")
    assert response.context["band_odds"][0]["chances"][0] == (1, Fraction(2, 3))
    # 1-4 with one die: 4 of 6; 10+ with two dice: 6 of 36; 5-9 with two dice: 24 of 36
    assert '<td class="num" title="2/3">66.7%</td>' in html(response)
    assert '<td class="num" title="1/6">16.7%</td>' in html(response)
    assert '<td class="num" title="0">0%</td>' in html(response)  # no 10+ on one die
    chances = {row["band"].label: dict(row["chances"]) for row in response.context["band_odds"]}
    assert chances["5-9"][2] == Fraction(24, 36) and chances["10+"][2] == Fraction(6, 36)
    assert all(sum(row[d] for row in chances.values()) == 1 for d in range(1, 7))


def test_card_page_lists_rulings_rules_and_neighbours(client, catalog):
    page = html(client.get("/cards/rumble/zapper/"))
    assert "Does Zapper act last?" in page and "Does Zapper go first or last?" in page
    # the demoniac ruling about this card is listed too, with its game
    assert "Split hits?" in page
    assert 'href="/rulings/?entry=rumble/zapper"' in page
    assert '<a href="/rules/rumble/#r2.1">rumble 2.1</a>' in page
    assert 'rel="next" href="/cards/rumble/blank-card/"' in page
    page = html(client.get("/cards/rumble/tentakiller/"))
    assert 'rel="prev" href="/cards/rumble/blank-card/"' in page
    assert 'rel="next"' not in page


def test_conflict_ruling_shows_readings_and_the_engines_reading(client, catalog):
    page = html(client.get("/cards/rumble/zapper/"))
    assert '<span class="badge badge-conflict">Rulebooks conflict</span>' in page
    # Readings are our paraphrases, so they are not marked up as quotations.
    assert "<li>Fewer components act first. <cite>(Turn Order)</cite></li>" in page
    assert "The engine follows Turn Order: Zapper acts last." in page


def test_card_preview_is_a_fragment(client, catalog):
    response = client.get("/cards/rumble/tentakiller/preview/")
    assert response.status_code == 200
    page = html(response)
    assert "<html" not in page and '<p class="preview-name">Tentakiller</p>' in page
    assert "<b>10+</b> Deal 5 damage." in page


# --- card list -----------------------------------------------------------------

def test_card_list_shows_filters_as_a_form_and_the_entries(client, catalog):
    response = client.get("/cards/")
    assert response.status_code == 200
    page = html(response)
    for name in ("game", "kind", "type", "glyph", "initiative_min", "initiative_max", "order"):
        assert f'name="{name}"' in page
    assert 'href="/cards/rumble/tentakiller/"' in page and 'href="/cards/demoniac/linda/"' in page
    assert '<label for="id_initiative_min">Initiative from</label>' in page
    assert '<option value="" selected>Best match</option>' in page
    assert '<option value="delivery">Delivery</option>' in page  # types come from the catalog


def test_card_list_filters_by_game_and_switches_to_grid(client, catalog):
    page = html(client.get("/cards/", {"game": "demoniac", "view": "grid"}))
    assert 'class="card-grid image-grid"' in page and 'class="proxy proxy-demoniac' in page
    assert 'href="/cards/demoniac/linda/"' in page
    assert 'href="/cards/rumble/zapper/"' not in page


def test_card_list_paginates(client):
    catalog_import(data=pages_catalog(extra=30))
    first = client.get("/cards/", {"game": "rumble", "order": "name"})
    assert first.context["page_obj"].paginator.count == 33
    assert len(first.context["page_obj"]) == 24
    assert 'rel="next" href="?game=rumble&amp;order=name&amp;page=2"' in html(first)
    second = client.get("/cards/", {"game": "rumble", "order": "name", "page": 2})
    assert len(second.context["page_obj"]) == 9
    # a page number past the end shows the last page, not an error
    assert client.get("/cards/", {"page": 999}).status_code == 200


def test_card_list_bad_filter_value_is_a_400_with_the_field_marked(client, catalog):
    response = client.get("/cards/", {"initiative_min": "lots"})
    assert response.status_code == 400
    assert "has-error" in html(response)


def test_an_empty_card_search_offers_the_spelling_the_index_has(client, catalog):
    # No close name stands in for these words, so nothing matches.
    page = html(client.get("/cards/", {"q": "grab tentacel"}))
    assert "No cards match grab tentacel" in page
    assert ('Did you mean <a href="?q=grab+tentacle"><code>grab tentacle</code></a>?'
            " 1 card match.") in page
    # a correction that finds nothing is not offered
    assert "Did you mean" not in html(client.get("/cards/", {"q": "grab tentacel g:primal"}))


# --- search ------------------------------------------------------------------

def test_search_without_query_shows_the_syntax_help(client, catalog):
    response = client.get("/search/")
    assert response.status_code == 200
    assert "Search syntax" in html(response)


def test_search_syntax_error_is_a_400_that_says_where(client, catalog):
    response = client.get("/search/", {"q": 'zapper "open'})
    assert response.status_code == 400
    page = html(response)
    assert "This query cannot be read" in page
    error = response.context["error"]
    assert error["before"] == "zapper " and error["at"] == '"'
    assert f"(at character {error['position'] + 1})" in page


def test_card_list_syntax_error_is_a_400_too(client, catalog):
    response = client.get("/cards/", {"q": "init>x"})
    assert response.status_code == 400
    assert "This query cannot be read" in html(response)


def test_search_warnings_are_shown_and_the_rest_runs(client, catalog):
    response = client.get("/search/", {"q": "zapper colour:red"})
    assert response.status_code == 200
    assert response.context["warnings"]
    assert "Part of the query was not understood" in html(response)


def test_search_finds_cards_and_rulings_together(client, catalog):
    response = client.get("/search/", {"q": '"zapper"'})  # zapper alone: straight to the card
    assert response.status_code == 200
    kinds = {hit["kind"] for hit in response.context["hits"]}
    assert {"card", "ruling"} <= kinds
    assert '<a class="hit-title card-link" href="/cards/rumble/zapper/"' in html(response)


def test_search_sections_follow_their_best_hits(client, catalog):
    # "what is keep": the glossary term KEEP is the best hit, so its section leads
    response = client.get("/search/", {"q": "what is keep"})
    sections = [section["kind"] for section in response.context["sections"]]
    assert response.context["hits"][0]["kind"] == "term" and sections[0] == "term"
    assert len(sections) > 1 and set(sections) <= {"card", "rule", "ruling", "term"}


def test_only_a_card_s_exact_name_goes_straight_to_it(client, catalog):
    for q in ("quuxwand", "QUUXWAND", '!"Quuxwand"'):
        response = client.get("/search/", {"q": q})
        assert response.status_code == 302
        assert response.url == "/cards/demoniac/quuxwand/"
    assert client.get("/search/", {"q": "quuxwan"}).status_code == 200  # one hit, a page


def test_search_by_game_keeps_to_that_game(client, catalog):
    # the only demoniac text naming Zapper is one ruling: a results page with it
    response = client.get("/search/", {"q": '"zapper"', "game": "demoniac"})
    assert response.status_code == 200
    assert [hit["url"] for hit in response.context["hits"]] == ["/rulings/?game=demoniac#split-hits"]


def test_the_box_on_a_games_pages_searches_that_game_first(client, catalog):
    # the header's box on a game's pages sends in=<game>; elsewhere it does not
    assert 'name="in" value="demoniac"' in html(client.get("/games/demoniac/"))
    assert 'name="in"' not in html(client.get("/"))
    everywhere = {hit["game"] for hit in client.get("/search/", {"q": '"zapper"'}).context["hits"]}
    assert "demoniac" in everywhere and len(everywhere) > 1
    first = client.get("/search/", {"q": '"zapper"', "in": "demoniac"})
    assert {hit["game"] for hit in first.context["hits"]} == {"demoniac"}
    assert first.context["scope"].slug == "demoniac"
    assert 'name="in" value="demoniac"' in html(first)  # the next search stays there
    # the chip's "all games" takes the scope off; a game named in the words wins
    unscoped = client.get("/search/", {"q": '"zapper"', "in": "demoniac", "game": "all"})
    assert {hit["game"] for hit in unscoped.context["hits"]} == everywhere
    named = client.get("/search/", {"q": '"zapper" in rumble', "in": "demoniac"})
    assert named.context["scope"].slug == "rumble"


def test_search_suggestions_are_json(client, catalog):
    response = client.get("/search/suggest/", {"q": "tenta"})
    assert response.status_code == 200
    results = response.json()["results"]
    assert results[0]["name"] == "Tentakiller"
    assert results[0]["url"] == "/cards/rumble/tentakiller/"
    assert client.get("/search/suggest/").json() == {"results": []}


# --- games, rules, glossary, rulings -------------------------------------------

def test_game_page_has_components_coverage_and_links(client, catalog):
    response = client.get("/games/rumble/")
    assert response.status_code == 200
    page = html(response)
    assert '<span class="count-big">40</span> <strong>Delivery Cards</strong>' in page
    assert "<li>10× 2</li>" in page and "<li>20× 3</li>" in page
    assert 'href="/rules/rumble/"' in page and 'href="/glossary/?game=rumble"' in page
    assert 'class="coverage"' in page


def test_rules_page_has_contents_anchors_permalinks_and_links(client, catalog):
    response = client.get("/rules/rumble/")
    assert response.status_code == 200
    page = html(response)
    assert '<a href="#r2"><span class="num">2</span> Power Rolls</a>' in page
    assert 'id="r1.2"' in page and 'href="#r1.2"' in page
    assert 'href="/rules/rumble/1.2/">permalink</a>' in page
    assert '<a class="rule-link" href="/rules/rumble/#r1.2">rule 1.2</a>' in page
    assert 'rel="next" href="/rules/demoniac/"' in page


def test_rule_page_shows_the_rule_with_its_children(client, catalog):
    response = client.get("/rules/rumble/2.1/")
    assert response.status_code == 200
    page = html(response)
    assert '<span class="num">rumble 2.1</span> Rolling' in page
    assert 'id="r2.1.1"' in page
    assert '<a href="/rules/rumble/#r2.1">in context</a>' in page
    assert 'rel="next" href="/rules/rumble/2.2/"' in page
    assert 'rel="prev" href="/rules/rumble/2/"' in page
    page = html(client.get("/rules/rumble/1.2/"))
    assert "Does Zapper act last?" in page  # rulings citing the rule
    assert 'href="/glossary/initiative/#rumble">Initiative</a>' in page  # terms it defines


def test_glossary_lists_words_with_their_games(client, catalog):
    response = client.get("/glossary/")
    assert response.status_code == 200
    page = html(response)
    assert '<a href="/glossary/initiative/">Initiative</a>' in page
    assert '<span class="badge">2 meanings</span>' in page
    demoniac = client.get("/glossary/", {"game": "demoniac"})
    assert [w["slug"] for ws in demoniac.context["letters"].values() for w in ws] == ["initiative"]
    assert "<h1>Glossary: Demoniac</h1>" in html(demoniac)


def test_glossary_term_shows_every_games_meaning_and_how_they_differ(client, catalog):
    response = client.get("/glossary/initiative/")
    assert response.status_code == 200
    page = html(response)
    assert 'id="rumble"' in page and 'id="demoniac"' in page
    assert "A number on a delivery." in page and "Not used here." in page
    assert "does not mean the same in each" in page
    assert "<strong>How the other games differ:</strong> Spell games use it." in page
    assert '<a href="#demoniac">Demoniac</a>' in page and '<a href="#rumble">Rumble</a>' in page


def test_rulings_filter_by_game_kind_and_entry(client, catalog):
    response = client.get("/rulings/")
    assert response.status_code == 200
    assert response.context["page_obj"].paginator.count == 3
    open_q = client.get("/rulings/", {"kind": "open-question"})
    assert [r.slug for r in open_q.context["page_obj"]] == ["split-hits"]
    assert '<span class="badge badge-open-question">Open question</span>' in html(open_q)
    assert "One divinity per attack." in html(open_q)
    rumble = client.get("/rulings/", {"game": "rumble"})
    assert {r.slug for r in rumble.context["page_obj"]} == {"zapper-zero", "zapper-first"}
    about = client.get("/rulings/", {"entry": "demoniac/linda"})
    assert [r.slug for r in about.context["page_obj"]] == ["split-hits"]
    page = html(about)
    assert 'About: <a class="card-link" href="/cards/rumble/zapper/"' in page
    assert '<a class="card-link" href="/cards/demoniac/linda/"' in page
    assert '<a href="/rules/rumble/#r1.1">rumble 1.1</a>' in page


def test_rulings_words_take_the_search_syntax(client, catalog):
    response = client.get("/rulings/", {"q": "zapper"})
    assert {r.slug for r in response.context["page_obj"]} >= {"zapper-zero", "zapper-first"}
    response = client.get("/rulings/", {"q": "(zapper"})
    assert response.status_code == 400
    assert "This query cannot be read" in html(response)


def test_rulings_bad_filter_is_a_400(client, catalog):
    response = client.get("/rulings/", {"kind": "rumour"})
    assert response.status_code == 400
    assert "has-error" in html(response)


# --- 404s --------------------------------------------------------------------

@pytest.mark.parametrize("url", [
    "/cards/rumble/no-such-card/", "/cards/nogame/zapper/", "/cards/rumble/no-such-card/preview/",
    "/games/nogame/", "/rules/nogame/", "/rules/rumble/99/", "/rules/rumble/not-a-number/",
    "/rules/nogame/1/", "/glossary/no-such-term/", "/no/such/page/",
])
def test_unknown_things_are_a_404_page(client, catalog, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "Not found" in html(response)
    assert 'action="/search/"' in html(response)


def test_url_names_the_models_use_resolve(catalog):
    assert reverse("game-detail", args=["rumble"]) == "/games/rumble/"
    assert reverse("card-detail", args=["rumble", "zapper"]) == "/cards/rumble/zapper/"
    assert reverse("rule-detail", args=["rumble", "1.2"]) == "/rules/rumble/1.2/"
    assert reverse("glossary-term", args=["initiative"]) == "/glossary/initiative/"
    assert reverse("ruling-list") == "/rulings/"
