"""The Content-Security-Policy in a real browser: every page works and Chromium
reports no blocked script, style or handler."""
import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from cardsite.catalog_files.catalog_import import catalog_import
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ["/", "/cards/", "/cards/rumble/zapper/", "/search/?q=zap", "/rulings/", "/glossary/",
         "/rules/rumble/", "/games/rumble/", "/engine/", "/engine/odds/power-roll/",
         "/engine/sandbox/", "/api/docs/", "/api/cards/?format=api", "/admin/login/"]


@pytest.fixture
def site(live_server, settings):
    settings.SANDBOX_CREATE_RATE = "off"
    catalog_import(data=pages_catalog(extra=3))
    return live_server.url


def watch_violations(page) -> list[str]:
    seen = []
    page.on("console", lambda message: seen.append(f"{page.url}: {message.text[:160]}")
            if "Content Security Policy" in message.text else None)
    return seen


def test_no_page_breaks_the_policy(site, page, screenshot_dir):
    violations = watch_violations(page)
    for path in PAGES:
        response = page.goto(site + path)
        assert response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
    page.goto(site + "/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Grimoire API")
    page.screenshot(path=screenshot_dir / "api-docs-csp.png")
    assert not violations, violations


def test_a_sandbox_table_plays_under_the_policy(site, page, screenshot_dir):
    violations = watch_violations(page)
    page.goto(site + "/engine/sandbox/")
    page.locator("form", has=page.locator("input[value=demoniac]")).first.locator(
        "button[type=submit]").click()
    page.wait_for_url("**/engine/sandbox/*/")
    page.screenshot(path=screenshot_dir / "sandbox-csp.png", full_page=True)
    assert not violations, violations


def test_the_admin_works_under_the_policy(site, page):
    User.objects.create_superuser("boss", password="pw-boss-12345")
    violations = watch_violations(page)
    page.goto(site + "/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw-boss-12345")
    page.click("input[type=submit]")
    page.goto(site + "/admin/cardsite/entry/add/")
    page.wait_for_load_state("networkidle")
    assert not violations, violations
