"""Add a missing card, in Chromium against a real site: gunicorn and a real background
worker (manage.py db_worker) over their own database, as `make serve` runs them. A player
sends a photo and the worker pre-fills the fields; a reviewer sees the abilities drafted
from the text and approves, the card page shows the image and fields, and a free sandbox
table plays the new card's abilities; the same photo again is offered as a duplicate before sending;
a rejected submission changes nothing. Screenshots of the form and the review page,
desktop and phone."""
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from bench.http_bench import served
from cardsite.submissions import machine
from tests.live_site import ROOT, Site, _own_database, _site_env
from tests.sandbox.test_browser import add_stand_in, click_and_wait, hp, new_table
from tests.submissions.test_submissions import card_photo

pytestmark = pytest.mark.browser

SEED = """
import django; django.setup()
from django.contrib.auth.models import Group, User
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.editorial.roles import ensure_roles
from tests.catalog_sample import sample_catalog
catalog_import(data=sample_catalog())
ensure_roles()
user = User.objects.create_user("reviewer", password="pw-review-1234", is_staff=True)
user.groups.add(Group.objects.get(name="Reviewer"))
editor = User.objects.create_user("editor", password="pw-editor-1234", is_staff=True)
editor.groups.add(Group.objects.get(name="Editor"))
print("ok")
"""
PHOTO = card_photo("MEGA ZORCH", seed=5)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not machine.ocr_available():
        pytest.skip("Tesseract is not installed: the worker could not pre-fill the fields")
    tmp = tmp_path_factory.mktemp("submit-site")
    env = {**_site_env(tmp), "SUBMISSION_RATE": "1000/hour", "MEDIA_ROOT": str(tmp / "media"),
           # The worker below takes the tasks: the live sites' default runs them in the request.
           "TASKS_BACKEND": "database"}
    with _own_database(env), served(env) as base:
        Site(base, "", env).manage(code=SEED)
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--no-startup-delay"],
            cwd=ROOT, env=env, start_new_session=True)
        try:
            yield base
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=20)


def send_photo(page, base, tmp_path, name="card.jpg"):
    path = tmp_path / name
    path.write_bytes(PHOTO)
    page.goto(base + "/cards/rumble/submit/")
    page.select_option("#id_component", "delivery-cards")
    page.set_input_files("#id_front", str(path))
    page.get_by_role("button", name="Upload and check").click()
    expect(page.locator("h1")).to_have_text("Check your card")


def wait_for_reading(page):
    expect(page.locator(".machine-status")).to_have_attribute(
        "data-status", "done", timeout=60_000)


def login(page, base, user="reviewer", password="pw-review-1234"):
    page.goto(base + "/admin/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()


def test_a_player_sends_a_card_the_worker_reads_and_a_reviewer_approves(site, browser, tmp_path,
                                                                        screenshot_dir):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(site + "/cards/rumble/submit/")
    page.screenshot(path=screenshot_dir / "submit-start-desktop.png", full_page=True)
    send_photo(page, site, tmp_path)
    wait_for_reading(page)
    name = page.locator("#id_name")
    expect(name).not_to_have_value("")  # pre-filled by the worker
    expect(page.locator('[data-field="name"] .machine-mark')).to_be_visible()
    page.screenshot(path=screenshot_dir / "submit-draft-desktop.png", full_page=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    phone_page = phone.new_page()
    phone_page.goto(page.url)
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 392
    phone_page.screenshot(path=screenshot_dir / "submit-draft-phone.png", full_page=True)
    name.fill("Mega Zorch")
    page.select_option("#id_type", "delivery")
    page.fill("#id_initiative", "12")
    page.fill("#id_text", "The strongest foe takes 3 damage.")  # a sentence the drafter says
    page.get_by_role("button", name="Send the card").click()
    expect(page.locator(".notice.ok")).to_contain_text("Waiting for review")
    # not public while pending
    page.goto(site + "/cards/?game=rumble")
    expect(page.locator("body")).not_to_contain_text("Mega Zorch")

    login(page, site)
    page.goto(site + "/admin/submissions/review/")
    page.get_by_role("link", name="Mega Zorch").click()
    expect(page.locator(".review-photos img")).to_be_visible()
    expect(page.locator(".drafted-lines")).to_have_text(
        "When resolved: deal 3 damage to the strongest foe.")
    page.screenshot(path=screenshot_dir / "submit-review-desktop.png", full_page=True)
    phone_page.goto(page.url.replace(site, site))
    login(phone_page, site)
    phone_page.goto(page.url)
    phone_page.screenshot(path=screenshot_dir / "submit-review-phone.png", full_page=True)
    page.locator(".review-approve").get_by_role("button", name="Approve").click()
    expect(page.locator("h1")).to_contain_text("Mega Zorch")
    expect(page.locator("body")).to_contain_text("The strongest foe takes 3 damage.")
    expect(page.locator(".entry-face picture img")).to_be_visible()
    expect(page.locator(".ability-lines")).to_contain_text("deal 3 damage to the strongest foe")
    expect(page.locator(".plays")).to_contain_text("Plays in the sandbox")
    phone.close()

    # A free table: Alice casts the new card from the catalog, and it resolves itself.
    new_table(page, site, "new-rumble", free=True, wizards="Alice, Bob", seed="7")
    alice = page.locator("[data-testid=wizard-alice]")
    alice.locator("input[name='catalog_card']").fill("Mega Zorch")
    click_and_wait(page, alice.locator("button", has_text=re.compile("^Add$")))
    expect(alice.locator(".card a", has_text="Mega Zorch")).to_be_visible()
    add_stand_in(page, "bob", "source", "arcane")
    for ready in ("[data-testid=wizard-alice] [data-testid=ready]",
                  "[data-testid=wizard-bob] [data-testid=ready]", "[data-testid=reveal]"):
        click_and_wait(page, page.locator(ready))
    expect(page.locator("[data-testid=phase]")).to_contain_text("Resolving Alice's spell")
    click_and_wait(page, page.locator("[data-testid=play-card]", has_text="Play Mega Zorch"))
    expect(page.locator("[data-testid=wizard-bob] [data-testid=hp]")).to_have_text("17")
    assert hp(page, "alice") == "20"
    expect(page.locator(".log")).to_contain_text("Bob takes 3 damage")
    page.screenshot(path=screenshot_dir / "submit-sandbox-desktop.png", full_page=True)
    context.close()


def test_the_same_photo_is_offered_as_a_duplicate_and_a_rejection_changes_nothing(
        site, browser, tmp_path):
    page = browser.new_page()
    send_photo(page, site, tmp_path, "again.jpg")
    expect(page.locator(".duplicates")).to_be_visible(timeout=30_000)
    expect(page.locator(".dup-list")).to_contain_text("the same photo")
    page.fill("#id_name", "Zorch Twice")
    page.get_by_role("button", name="Send the card").click()
    expect(page.locator(".notice.ok")).to_contain_text("Waiting for review")
    page.goto(site + "/cards/?game=rumble")
    before = page.locator(".result-count").inner_text()
    login(page, site)
    page.goto(site + "/admin/submissions/review/")
    page.get_by_role("link", name="Zorch Twice").click()
    page.fill("#reason", "The same card as Mega Zorch.")
    page.locator(".review-reject").get_by_role("button", name="Reject").click()
    page.goto(site + "/admin/submissions/review/?status=rejected")
    expect(page.locator("body")).to_contain_text("Zorch Twice")
    page.goto(site + "/cards/?game=rumble")
    assert page.locator(".result-count").inner_text() == before
    expect(page.locator("body")).not_to_contain_text("Zorch Twice")
    page.close()
    time.sleep(0)


def test_an_editor_uploads_a_front_and_the_worker_offers_its_text(site, browser, tmp_path,
                                                                  screenshot_dir):
    """Zapper's text is unknown in the sample: the worker reads the photo, the entry's form
    offers the text marked for checking, and nothing is stored until the editor saves."""
    from tests.ocr.cardfaces import CardSpec, photograph, render
    text = "The strongest foe takes 3 damage."
    path = tmp_path / "zapper.jpg"
    path.write_bytes(photograph(render(CardSpec("Zapper", "Delivery", 0, text), "dejavu-sans",
                                       seed=2), "light-gradient", seed=2))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, site, "editor", "pw-editor-1234")
    page.goto(site + "/admin/cardsite/entry/?q=zapper")
    page.get_by_role("link", name="Zapper").first.click()
    change_url = page.url
    page.set_input_files("#id_front_image", str(path))
    page.fill("#id_change_reason", "Front photo")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("The front photo")
    assert page.url == change_url  # back on the entry, not the list
    field = page.locator("#id_text")
    for _ in range(60):  # the worker polls every 0.2 s; a reading takes about a second
        # The form is built before the images panel is drawn: a reading finished between
        # the two shows in the panel first, so wait for the field itself.
        if "machine-read" in (field.get_attribute("class") or ""):
            break
        time.sleep(0.5)
        page.reload()
    expect(page.locator(".machine-reading")).to_contain_text("read by machine")
    expect(field).to_have_class(re.compile("machine-read"))
    assert "strongest foe takes 3 damage" in field.input_value()
    expect(page.locator(".form-row.field-text")).to_contain_text("Read by machine — check.")
    page.screenshot(path=screenshot_dir / "admin-entry-reading-desktop.png", full_page=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    phone_page = phone.new_page()
    login(phone_page, site, "editor", "pw-editor-1234")
    phone_page.goto(change_url)
    phone_page.screenshot(path=screenshot_dir / "admin-entry-reading-phone.png", full_page=True)
    phone.close()
    context.close()
