"""Question-shaped search in headless Chromium, on the bundled catalog: an answer
box for a sentence, the game chip, an empty card search, sections and pages.
Screenshots (desktop and phone) go to test-output/screenshots/."""
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SENTENCE = "what is the max hp in rumble"


@pytest.fixture
def site(live_server):
    call_command("load_catalog", verbosity=0)
    return live_server.url


def test_a_sentence_shows_an_answer_and_a_removable_game_chip(site, page, screenshot_dir):
    page.goto(site + "/")
    page.fill("#q", SENTENCE)
    page.press("#q", "Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q=what"))  # a results page, no redirect
    answer = page.locator(".answer-box")
    expect(answer).to_contain_text("Maximum HP")
    expect(answer.locator(".citation")).to_contain_text("4.5")
    chip = page.locator(".scope-chip")
    expect(chip).to_contain_text("Rumble at Castle Tentakill only")
    games = {g.inner_text() for g in page.locator(".hit-game").all()}
    assert games == {"Rumble at Castle Tentakill"}
    page.screenshot(path=screenshot_dir / "search-sentence-desktop.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "search-sentence-phone.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    chip.locator("a", has_text="all games").click()
    expect(page.locator(".scope-chip")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"game=all"))
    assert len({g.inner_text() for g in page.locator(".hit-game").all()}) > 1


def test_a_question_of_what_a_thing_is_answers_with_the_glossary(site, page, screenshot_dir):
    page.goto(site + "/search/?q=what+is+a+rally+card")
    answer = page.locator(".answer-box")
    expect(answer.locator("h2 a")).to_have_text("Rally")
    expect(answer.locator("h2 a")).to_have_attribute("href", "/glossary/rally/")
    expect(answer.locator(".citation")).to_contain_text("glossary")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "search-definition-phone.png", full_page=True)


def test_how_many_of_a_thing_the_box_holds_answers_from_the_contents_list(site, page,
                                                                        screenshot_dir):
    page.goto(site + "/search/?q=how+many+penta+coins+are+there")
    answer = page.locator(".answer-box")
    expect(answer.locator(".answer-text")).to_have_text("The box holds 40 Penta-Coins.")
    expect(answer.locator(".citation")).to_contain_text("Satanic Contents")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "search-count-phone.png", full_page=True)
    answer.locator("h2 a").click()  # to its line of the game's contents list
    expect(page).to_have_url(re.compile(r"/games/satanic-panic/#penta-coins$"))
    expect(page.locator("#penta-coins")).to_contain_text("40")


# One question per kind of answer (issue 32): the sentence, its kind and its source.
KINDS = [
    ("yes-no", "can my creature block damage I deal to myself", "No.", "yes/no"),
    ("yes-no-rule", "can I buy a mayhem card", "No. Players can never buy", "yes/no"),
    ("number", "how much blood do i get for killing someone", "3 Blood", "number"),
    ("per-count", "how many legendary devils with 3 players", "With 3 players:", "number"),
    ("who", "who gets satans salute standee", "kill", "who/which"),
    ("order", "who goes first in demoniac", "The most evil player", "order"),
]


@pytest.mark.parametrize(("name", "q", "text", "kind"), KINDS, ids=[k[0] for k in KINDS])
def test_each_kind_of_answer_in_the_box(site, page, screenshot_dir, name, q, text, kind):
    page.goto(site + "/search/?q=" + q.replace(" ", "+"))
    answer = page.locator(".answer-box")
    expect(answer.locator(".answer-text")).to_contain_text(text)
    expect(answer.locator(".answer-kind")).to_have_text(f"Answer · {kind}")
    expect(answer.locator("h2 a")).to_have_attribute("href", re.compile(r"^/(rules|rulings)/"))
    page.screenshot(path=screenshot_dir / f"answer-{name}-desktop.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / f"answer-{name}-phone.png")


def test_empty_card_search_and_sections_with_pages(site, page, screenshot_dir):
    page.goto(site + "/cards/?q=glyph%3Adark")
    message = page.locator(".empty-result")
    expect(message).to_contain_text("No cards match glyph:dark")
    page.screenshot(path=screenshot_dir / "cards-empty.png", full_page=True)
    page.goto(site + "/search/?q=damage")
    cards = page.locator(".hit-section-card")
    expect(cards.locator("h2")).to_contain_text("Cards")
    assert cards.locator(".hit").count() > 0
    page.locator(".hit-section-rule .more a").click()  # the biggest section
    expect(page).to_have_url(re.compile(r"kind=rule"))
    first_page = page.locator(".hits .hit-title").all_inner_texts()
    page.locator(".pagination a[rel=next]").click()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.locator(".pagination")).to_contain_text("Page 2 of")
    second_page = page.locator(".hits .hit-title").all_inner_texts()
    assert second_page and not set(first_page) & set(second_page)
    assert {b.inner_text().lower() for b in page.locator(".hits .badge").all()} == {"rule"}


def test_the_header_box_on_a_games_page_searches_that_game(site, page, screenshot_dir):
    page.goto(site + "/games/anarchy/")
    expect(page.locator("#site-q")).to_have_attribute("placeholder", "Search this game…")
    page.fill("#site-q", "what happens when a wizard dies")
    page.press("#site-q", "Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q=what.*in=anarchy"))
    expect(page.locator(".scope-chip")).to_contain_text("Anarchy at the Arena only")
    assert {g.inner_text() for g in page.locator(".hit-game").all()} == {"Anarchy at the Arena"}
    page.screenshot(path=screenshot_dir / "search-from-game-page-desktop.png", full_page=True)
    page.fill("#q", "what happens when a wizard dies in demoniac")  # the words name a game
    page.press("#q", "Enter")
    expect(page.locator(".scope-chip")).to_contain_text("Demoniac")
