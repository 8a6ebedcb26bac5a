"""The public pages in headless Chromium: search, autocomplete, previews, anchors, phones.

Each test loads the small made-up catalog of tests/cardsite/test_pages_catalog.py
into the live server's database (no pre-existing database is used) and saves
screenshots to test-output/screenshots/.
"""
import re

import pytest
from playwright.sync_api import expect

from cardsite.catalog_files.catalog_import import catalog_import
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    catalog_import(data=pages_catalog(extra=3))
    return live_server.url


def test_search_from_the_home_page_lands_on_the_card(site, page, screenshot_dir):
    page.goto(site + "/")
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)
    page.fill("#q", "quuxwand")
    page.press("#q", "Enter")  # no suggestion chosen: Enter submits the search
    expect(page).to_have_url(site + "/cards/demoniac/quuxwand/")
    expect(page.locator("h1")).to_have_text("Quuxwand")


def test_search_results_link_to_the_card(site, page):
    page.goto(site + "/search/?q=zapp")  # "zapper" itself is a name: straight to the card
    page.locator("a.hit-title", has_text="Zapper").first.click()
    expect(page).to_have_url(site + "/cards/rumble/zapper/")


def test_autocomplete_suggests_names_and_opens_the_chosen_one(site, page):
    page.goto(site + "/")
    page.locator("#q").press_sequentially("tenta", delay=30)
    options = page.locator("#q ~ .ac-list [role=option]")
    expect(options.first).to_contain_text("Tentakiller")
    expect(page.locator("#q")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("ArrowDown")
    expect(options.first).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")
    expect(page).to_have_url(site + "/cards/rumble/tentakiller/")


def test_a_picked_suggestion_stays_picked_when_newer_ones_arrive(site, page):
    page.goto(site + "/")
    page.locator("#q").press_sequentially("tent", delay=30)
    options = page.locator("#q ~ .ac-list [role=option]")
    expect(options.first).to_contain_text("Tentakiller")
    page.keyboard.press("ArrowDown")
    expect(options.first).to_have_attribute("aria-selected", "true")
    options.first.evaluate("li => li.dataset.before = 'yes'")
    with page.expect_response(lambda r: "/search/suggest/" in r.url and "tenta" in r.url):
        page.keyboard.type("a")  # the answer for "tenta" comes after the pick
    expect(options.first).not_to_have_attribute("data-before", "yes")  # rendered anew
    expect(options.first).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")
    expect(page).to_have_url(site + "/cards/rumble/tentakiller/")


def test_hovering_a_card_link_shows_its_preview(site, page):
    page.goto(site + "/rules/rumble/")
    link = page.locator('#r2\\.1 a.card-link', has_text="Tentakiller")
    link.hover()
    preview = page.locator(".preview-pop")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("Tentakiller")
    expect(preview).to_contain_text("Deal 5 damage.")
    page.mouse.move(0, 0)
    expect(preview).to_be_hidden()
    # keyboard users get it on focus too
    link.focus()
    expect(preview).to_be_visible()


def test_a_rule_permalink_scrolls_to_its_rule(site, page, screenshot_dir):
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto(site + "/rules/rumble/#r2.1")
    rule = page.locator("#r2\\.1")
    expect(rule).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0  # it was below the fold: the page scrolled
    page.screenshot(path=screenshot_dir / "rules.png")
    # the permalink on a rule is an anchor to itself
    page.goto(site + "/rules/rumble/")
    page.evaluate("window.scrollTo(0, 0)")
    page.locator('#r2\\.2 a.permalink').click()
    expect(page).to_have_url(re.compile(r"#r2\.2$"))
    expect(page.locator("#r2\\.2")).to_be_in_viewport()


def test_card_page_fits_a_phone_without_horizontal_scroll(site, page, screenshot_dir):
    page.set_viewport_size({"width": 375, "height": 800})
    for url in ("/cards/rumble/tentakiller/", "/", "/rules/rumble/", "/cards/?view=grid",
                "/cards/", "/rulings/", "/glossary/initiative/", "/games/rumble/"):
        page.goto(site + url)
        widths = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], (url, widths)
    page.goto(site + "/cards/rumble/tentakiller/")
    page.screenshot(path=screenshot_dir / "card-phone.png", full_page=True)


def test_card_page_screenshot_in_dark_mode(site, page, screenshot_dir):
    page.emulate_media(color_scheme="dark")
    page.goto(site + "/cards/rumble/tentakiller/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 21, 27)"
    page.screenshot(path=screenshot_dir / "card.png", full_page=True)


def test_pages_read_without_javascript(site, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + "/search/?q=zapp")  # zapper itself is a name: straight to the card
    expect(page.locator("a.hit-title").first).to_be_visible()
    page.goto(site + "/rules/rumble/#r2.1")
    expect(page.locator("#r2\\.1")).to_contain_text("Tentakiller")
    context.close()
