"""A newcomer's first hour in headless Chromium, on the bundled catalog (what `make serve`
loads): from the home page each game's sandbox is one click away and opens on a table
that can be played, with no developer message; a mistyped URL is the site's 404 page;
a fixed-list field of "Suggest a correction" is picked from its list. Screenshots of the
home page, a game page and the 404 page, desktop (1280) and phone (390), go to
test-output/screenshots/first-hour-*.png.
"""
import re
from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.editorial.models import Suggestion
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ("rumble", "anarchy", "satanic-panic", "demoniac")
# What a player must never read: a field path, a traceback, Python or JavaScript values.
DEVELOPER_TEXT = re.compile(
    r"\w\[\d+\]\.\w|Traceback|Exception|KeyError|TypeError|\bNone\b|\bundefined\b|\bNaN\b"
    r"|\{['\"]|object Object")
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def bundled_site(live_server, settings):
    settings.SANDBOX_CREATE_RATE = "off"
    call_command("load_catalog", stdout=StringIO())
    return live_server.url


def test_from_home_each_game_is_one_click_from_a_playable_table(bundled_site, page,
                                                                screenshot_dir):
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(bundled_site + "/")
        expect(page.locator(".site-nav a", has_text="Play")).to_have_attribute(
            "href", "/engine/sandbox/")
        page.screenshot(path=screenshot_dir / f"first-hour-home-{size}.png", full_page=True)
        page.goto(bundled_site + "/games/rumble/")
        expect(page.locator("[data-testid=play-rumble]")).to_have_text("Play a game")
        page.screenshot(path=screenshot_dir / f"first-hour-game-{size}.png", full_page=True)
        page.goto(bundled_site + "/cardz/tentakiller/")
        page.screenshot(path=screenshot_dir / f"first-hour-404-{size}.png", full_page=True)

    page.set_viewport_size(SIZES["desktop"])
    for game in GAMES:
        page.goto(bundled_site + "/")
        page.locator(f"[data-testid=play-{game}]").click()  # the one click
        page.wait_for_url(re.compile(r"/engine/sandbox/[\w-]+/$"))
        expect(page.locator("[data-testid=version]")).to_have_text("1")
        moves = page.locator("#table form[data-sandbox] button[type=submit]")
        expect(moves.first).to_be_visible()  # a move to make: the table is playable
        assert page.locator("[data-testid=message]").count() == 0  # no error on arrival
        text = page.locator("main").inner_text()
        assert not DEVELOPER_TEXT.search(text), (game, DEVELOPER_TEXT.search(text)[0])
        page.screenshot(path=screenshot_dir / f"first-hour-play-{game}.png", full_page=True)


def test_a_mistyped_url_shows_the_sites_404(live_server, page):
    response = page.goto(live_server.url + "/cardz/tentakiller/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    expect(page.locator(".site-header .brand")).to_have_text("Grimoire")  # the site's frame
    expect(page.locator("#q")).to_be_focused()  # search straight away
    page.fill("#q", "tentakiller")
    page.press("#q", "Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q=tentakiller"))


def test_a_glyph_is_picked_from_the_list_and_the_suggestion_can_be_approved(live_server, page):
    catalog_import(data=pages_catalog())
    page.goto(live_server.url + "/suggest/card/rumble/tentakiller/")
    text_box = page.locator("textarea[name=proposed_value]")
    expect(text_box).to_be_visible()
    page.select_option("select[name=field]", "glyph")
    expect(text_box).to_be_hidden()
    page.select_option("#choice-glyph", label="Dark")
    page.fill("textarea[name=source]", "The printed card")
    page.locator("form.suggest-form button[type=submit]").click()
    expect(page.locator(".notice.ok")).to_contain_text("Thank you")
    assert Suggestion.objects.get().proposed_value == "dark"
