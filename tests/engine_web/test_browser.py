"""The checker pages in headless Chromium: phones, dark theme, and no JavaScript needed."""
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_power_roll_chart_on_a_phone(live_server, browser, screenshot_dir, scheme):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    page.goto(live_server.url + "/engine/odds/power-roll/?dice=2&bands=1-4%2C5-9%2C10%2B")
    chart = page.locator("figure.chart svg")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] <= PHONE["width"] and box["height"] > 100
    assert page.locator("figure.chart rect.band-1").count() == 5
    assert no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"engine-power-roll-phone-{scheme}.png",
                    full_page=True)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(22, 21, 27)") == (scheme == "dark")
    context.close()


def test_spell_check_form_works_without_javascript(live_server, browser, screenshot_dir):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/engine/spells/check/")
    page.select_option("#id_c-0-type", "source")
    page.select_option("#id_c-1-type", "delivery")
    page.fill("#id_c-1-initiative", "14")
    page.click("text=Check the spell")
    expect(page.locator("#answer")).to_contain_text("Legal")
    expect(page.locator("#answer")).to_contain_text("14")
    assert no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / "engine-spell-check-phone.png", full_page=True)
    context.close()


def test_demoniac_bad_input_shows_message(live_server, browser):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    response = page.goto(live_server.url + "/engine/odds/demoniac/?dice=0&actions=3&hits=4")
    assert response.status == 400
    expect(page.locator("[role=alert]")).to_be_visible()
    expect(page.locator(".field-error")).to_contain_text("greater than or equal to 1")
    context.close()
