"""The checker pages under /engine/: answers, SVG charts, and bad input as a 400 page."""
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = ["/engine/", "/engine/spells/check/", "/engine/spells/order/",
         "/engine/odds/power-roll/", "/engine/odds/demoniac/", "/engine/satanic-panic/setup/",
         "/engine/satanic-panic/score/", "/engine/anarchy/score/"]


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=False)


def text(response) -> str:
    """The page's visible text, tags removed and spaces squeezed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def rows(prefix: str, count: int, filled: list[dict]) -> dict:
    """A formset's POST data: the management form and the filled rows."""
    data = {f"{prefix}-TOTAL_FORMS": str(count), f"{prefix}-INITIAL_FORMS": "0",
            f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": str(count)}
    for i, row in enumerate(filled):
        data.update({f"{prefix}-{i}-{k}": str(v) for k, v in row.items()})
    return data


@pytest.mark.parametrize("url", PAGES)
def test_pages_render_with_the_site_layout(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="viewport"' in html  # the site's base template, phone-ready
    assert "engine/engine.css" in html
    # No asset from another host (a bare "cdn" check failed on random CSRF tokens).
    assert not re.search(r'(src|href)="(https?:)?//', html)


def test_index_links_every_checker(client):
    html = client.get("/engine/").content.decode()
    for url in PAGES[1:]:
        assert f'href="{url}"' in html


# --- spell checker and turn order ------------------------------------------------------

def test_spell_check_page_legal_spell_with_catalog_card(client, spell_catalog):
    data = {"game": "rumble", "wizard": "", **rows("c", 4, [
        {"type": "source", "name": "Fire Source", "glyph": "primal"},
        {"card": "rumble/zapper"}])}
    response = client.post("/engine/spells/check/", data)
    assert response.status_code == 200
    page = text(response)
    assert "Legal" in page and "Fire Source Zapper" in page
    assert "Zapper from the catalog" in page
    assert "rumble/mystery-bolt" in response.content.decode()  # catalog cards to pick from


def test_spell_check_page_illegal_spell_shows_reasons(client):
    data = {"game": "rumble", **rows("c", 4, [
        {"type": "delivery", "initiative": 14}, {"type": "delivery", "initiative": 7}])}
    response = client.post("/engine/spells/check/", data)
    assert response.status_code == 200
    assert "Not legal" in text(response)
    assert "Delivery slot" in text(response)


def test_spell_check_page_unknown_initiative_said(client, spell_catalog):
    data = {"game": "rumble", **rows("c", 4, [{"card": "rumble/mystery-bolt"}])}
    page = text(client.post("/engine/spells/check/", data))
    assert "initiative is unknown in the catalog" in page
    assert "Initiative unknown" in page


@pytest.mark.parametrize("row, message", [
    ({"type": "delivery", "initiative": "abc"}, "Enter a whole number"),
    ({"type": "delivery", "initiative": "150"}, "less than or equal to 99"),
    ({"card": "rumble/no-such-card"}, "Select a valid choice"),
    ({"glyph": "dark"}, "Choose a catalog card or a type"),
])
def test_spell_check_page_bad_input_is_400_with_message(client, spell_catalog, row, message):
    response = client.post("/engine/spells/check/", {"game": "rumble", **rows("c", 4, [row])})
    assert response.status_code == 400
    assert message in text(response)
    assert "Some fields are not valid" in text(response)


def test_spell_check_page_card_of_other_game(client, spell_catalog):
    response = client.post("/engine/spells/check/",
                           {"game": "anarchy", **rows("c", 4, [{"card": "rumble/zapper"}])})
    assert response.status_code == 400
    assert "belongs to rumble, not anarchy" in text(response)


def test_spell_check_page_engine_error_names_the_row(client):
    response = client.post("/engine/spells/check/", {"game": "rumble", **rows("c", 4, [
        {}, {"type": "source", "slot": "delivery"}])})
    assert response.status_code == 400
    assert "Component 2: slot" in text(response)


def test_spell_check_page_tampered_post_is_400_not_500(client):
    response = client.post("/engine/spells/check/", {"game": "chess"})
    assert response.status_code == 400


def test_spell_order_page_prefilled_with_rulebook_example(client):
    html = client.get("/engine/spells/order/").content.decode()
    assert 'value="17"' in html and 'value="14"' in html


def test_spell_order_page_rulebook_example(client):
    data = {"game": "rumble", "seed": "", **rows("w", 6, [
        {"wizard": "Ann", "components": 2, "initiative": 9},
        {"wizard": "Bo", "components": 3, "initiative": 17},
        {"wizard": "Cy", "components": 3, "initiative": 14, "rolls": "2"},
        {"wizard": "Di", "components": 3, "initiative": 14, "rolls": "5"}])}
    response = client.post("/engine/spells/order/", data)
    assert response.status_code == 200
    order = re.findall(r"<li><strong>(\w+)</strong>", response.content.decode())
    assert order == ["Ann", "Bo", "Di", "Cy"]
    assert "Cy 2, Di 5" in text(response)


def test_spell_order_page_no_delivery_three_components(client):
    data = {"game": "anarchy", **rows("w", 6, [
        {"wizard": "Ann", "components": 3}, {"wizard": "Bo", "components": 3,
                                             "initiative": 1}])}
    order = re.findall(r"<li><strong>(\w+)</strong>", client.post(
        "/engine/spells/order/", data).content.decode())
    assert order == ["Bo", "Ann"]  # Wild Magic in the Delivery slot: initiative 0


@pytest.mark.parametrize("row, message", [
    ({"wizard": "Ann", "components": 2, "rolls": "7"}, "die rolls are numbers 1 to 6"),
    ({"wizard": "Ann", "components": 4}, "less than or equal to 3"),
    ({"components": 2}, "needed for this row"),
])
def test_spell_order_page_bad_input(client, row, message):
    response = client.post("/engine/spells/order/", {"game": "rumble", **rows("w", 6, [row])})
    assert response.status_code == 400
    assert message in text(response)


def test_spell_order_page_engine_error(client):
    data = {"game": "rumble", **rows("w", 6, [{"wizard": "Ann", "components": 1},
                                              {"wizard": "Ann", "components": 2}])}
    response = client.post("/engine/spells/order/", data)
    assert response.status_code == 400
    assert "appears twice" in text(response)


# --- odds pages -------------------------------------------------------------------------

def test_power_roll_page_chart(client):
    response = client.get("/engine/odds/power-roll/?dice=2&bands=1-4%2C5-9%2C10%2B")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and 'role="img"' in html
    bars = re.findall(r'<rect class="bar band-(\d)"', html)
    assert len(bars) == 11  # totals 2..12
    assert bars.count("0") == 3 and bars.count("1") == 5 and bars.count("2") == 3
    assert "7: 16.67% (1/6)" in html  # each bar's tooltip, exact
    page = text(response)
    assert "10+: 16.7%" in page and "5-9: 66.7%" in page


def test_power_roll_page_first_visit_shows_default_chart(client):
    html = client.get("/engine/odds/power-roll/").content.decode()
    assert html.count('<rect class="bar') == 11


@pytest.mark.parametrize("query, message", [
    ("dice=0", "greater than or equal to 1"),
    ("dice=x", "Enter a whole number"),
    ("dice=2&bands=9-3", "runs backwards"),
])
def test_power_roll_page_bad_input(client, query, message):
    response = client.get(f"/engine/odds/power-roll/?{query}")
    assert response.status_code == 400
    assert message in text(response)
    assert "<svg" not in response.content.decode()


def test_demoniac_page_chart_and_targets(client):
    response = client.get("/engine/odds/demoniac/?dice=5&actions=3&hits=4")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('<rect class="bar') == 6  # 0..5 pentagrams
    assert html.count('<rect class="bar band-0"') == 2  # 4 and 5 reach the target
    assert "87.9%" in text(response) and "7203/8192" in text(response)
    assert "Pentagrams needed" in html


def test_demoniac_page_bad_input(client):
    response = client.get("/engine/odds/demoniac/?dice=5&actions=0&hits=4")
    assert response.status_code == 400
    assert "greater than or equal to 1" in text(response)


# --- Satanic Panic and Anarchy pages ---------------------------------------------------

def test_satanic_panic_setup_page(client):
    response = client.post("/engine/satanic-panic/setup/", {"players": "4", "seed": "7"})
    assert response.status_code == 200
    page = text(response)
    assert "8 cards" in page and "20 in the stack" in page and "seed 7" in page


def test_satanic_panic_setup_page_bad_players(client):
    response = client.post("/engine/satanic-panic/setup/", {"players": "6"})
    assert response.status_code == 400
    assert "less than or equal to 5" in text(response)


def test_satanic_panic_score_page(client):
    data = {"tiebreak_tokens": "dead-and-damned", **rows("p", 5, [
        {"name": "Ann", "card_vp": 20, "legendary_devils": 1},
        {"name": "Bo", "card_vp": 20, "legendary_devils": 2},
        {"name": "Cy", "card_vp": 25, "dead_wizard_tokens": "DWT 11, 1"}])}
    response = client.post("/engine/satanic-panic/score/", data)
    assert response.status_code == 200
    page = text(response)
    assert "Bo wins" in page and "legendary devils" in page


def test_satanic_panic_score_page_bad_token_label(client):
    data = {"tiebreak_tokens": "dead", **rows("p", 5, [
        {"name": "Ann", "card_vp": 20, "dead_wizard_tokens": "XYZ"}])}
    response = client.post("/engine/satanic-panic/score/", data)
    assert response.status_code == 400
    assert "Player 1: dead wizard tokens" in text(response)


def test_anarchy_score_page(client):
    data = rows("w", 6, [{"name": "Ann", "applause": "2, 3", "dead_wizard_tokens": 1},
                         {"name": "Bo", "applause": "4"}])
    response = client.post("/engine/anarchy/score/", data)
    assert response.status_code == 200
    assert "Bo wins" in text(response)


def test_anarchy_score_page_bad_applause(client):
    response = client.post("/engine/anarchy/score/", rows("w", 6, [
        {"name": "Ann", "applause": "5"}]))
    assert response.status_code == 400
    assert "worth 2, 3 or 4" in text(response)


# --- building blocks ---------------------------------------------------------------------

def test_explanation_links_numbered_rules_only():
    from engine.web.pages.display import rule_url
    assert rule_url("rumble 7.3") == "/rules/rumble/7.3/"
    assert rule_url("satanic-panic 12") == "/rules/satanic-panic/12/"
    assert rule_url("rumble: Turn Order") is None  # not numbered yet: plain text


def test_bar_chart_geometry():
    from engine.web.pages.charts import HEIGHT, bar_chart
    chart = bar_chart([("1", 0.25), ("2", 0.5), ("3", 0.25)], title="t", description="d",
                      x_label="x")
    tallest = chart.bars[1]
    assert tallest.y == chart.ticks[-1]["y"] and tallest.y + tallest.height == chart.base_y
    assert chart.bars[0].height == tallest.height / 2
    assert chart.width == 320 and chart.base_y < HEIGHT  # few bars: a narrow, readable chart
    assert all(b.x + b.width <= chart.plot_right for b in chart.bars)
    wide = bar_chart([(str(i), 1 / 150) for i in range(150)], title="t", description="d",
                     x_label="x")
    assert wide.width == 640 and sum(b.label_shown for b in wide.bars) <= 17
