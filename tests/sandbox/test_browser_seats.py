"""Each sandbox in Chromium, desktop (1280) and phone (390): the owner's page with the
seats' links, and a seat's page that shows its own hand and no other.

Screenshots go to test-output/screenshots/ (sandbox-<game>-<owner|seat>-<width>.png).
"""
import pytest

from engine.web.sandbox.service import sandbox_create, seat_links

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLES = [("rumble", {"wizards": ["Alice", "Bob"]}), ("anarchy", {"wizards": ["Alice", "Bob"]}),
          ("satanic-panic", {"players": 3, "satan": True}), ("demoniac", {"players": 3})]
DEVELOPER = ("Traceback", "spells[", "components[", "body/", "mind/")


@pytest.mark.parametrize(("game", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_the_owner_and_a_seat_see_their_own_table(live_server, browser, screenshot_dir, game,
                                                  options):
    sandbox = sandbox_create(game, options, seed=2)
    links = {link["seat"]: link["key"] for link in seat_links(sandbox)}
    seat = next(name for name in links if name)
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(f"{live_server.url}/engine/sandbox/{sandbox.id}/")
        assert page.locator("[data-testid=seat-links]").is_visible()
        page.screenshot(path=screenshot_dir / f"sandbox-{game}-owner-{width}.png",
                        full_page=True)
        page.goto(f"{live_server.url}/engine/sandbox/{links[seat]}/")
        text = page.locator("body").inner_text()
        assert f"You play {seat}" in text and "face down" in text
        assert not any(word in text for word in DEVELOPER), text
        assert not page.locator("[data-testid=seat-links]").count()
        # No horizontal scroll on a phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
        page.screenshot(path=screenshot_dir / f"sandbox-{game}-seat-{width}.png",
                        full_page=True)
        context.close()
