"""The editors' tools in headless Chromium: import with preview, export round trip,
worklist links, the suggestion queue; screenshots at 1280 and 390 px wide."""
import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.editorial.models import Suggestion
from cardsite.models import Entry
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def site(live_server):
    catalog_import(data=pages_catalog())
    User.objects.create_superuser("chief", "chief@example.test", "pw-chief-12345")
    return live_server.url


def log_in(page, site):
    page.goto(site + "/admin/login/")
    page.fill("#id_username", "chief")
    page.fill("#id_password", "pw-chief-12345")
    page.click("input[type=submit]")
    expect(page.locator("#editing-tools")).to_be_visible()


def shoot(page, screenshot_dir, name):
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=screenshot_dir / f"{name}-{label}.png", full_page=True)
        # nothing wider than the screen: the page itself never scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"] + 1, (name, label)
    page.set_viewport_size(DESKTOP)


def upload(page, site, name, text, game="rumble"):
    page.goto(site + "/admin/import/")
    page.set_input_files("#id_file", files=[{"name": name, "mimeType": "text/csv",
                                             "buffer": text.encode("utf-8")}])
    page.select_option("#id_game", game)
    page.click("text=Check the file and preview")


def test_upload_an_error_fix_it_preview_and_confirm(site, page, screenshot_dir):
    log_in(page, site)
    before = Entry.objects.count()
    upload(page, site, "new.csv", "name,type,glyph,initiative\nMega Bolt,delivery,dark,soon\n"
                                  "Quiet Source,source,plaid,\n")
    problems = page.locator("tr.problem")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_contain_text("initiative")
    expect(problems.nth(0).locator("td").nth(0)).to_have_text("2")
    expect(problems.nth(1).locator("td").nth(1)).to_have_text("glyph")
    assert Entry.objects.count() == before

    upload(page, site, "new.csv", "name,type,glyph,initiative\nMega Bolt,delivery,dark,15\n"
                                  "Quiet Source,source,primal,\n")
    expect(page.locator(".counts")).to_contain_text("2 added")
    expect(page.locator(".added-list li")).to_have_count(2)
    shoot(page, screenshot_dir, "import-preview")
    assert Entry.objects.count() == before
    page.click("text=Apply these changes")
    expect(page.locator("h2")).to_have_text("new.csv: applied")
    expect(page.locator("section.panel")).to_contain_text("new.csv is imported")
    bolt = Entry.objects.get(slug="mega-bolt")
    assert (bolt.type, bolt.glyph, bolt.initiative) == ("delivery", "dark", 15)
    page.goto(site + f"/admin/cardsite/entry/{bolt.pk}/history/")
    expect(page.locator("#change-history")).to_contain_text("Import of new.csv by chief")


def test_export_edit_one_cell_import_changes_exactly_that_field(site, page):
    log_in(page, site)
    page.goto(site + "/admin/import/")
    with page.expect_download() as download:
        page.click("a[data-export='rumble-csv']")
    text = open(download.value.path(), encoding="utf-8-sig", newline="").read()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header = next(r for r in rows if not r[0].startswith("#"))
    for row in rows:
        if row[0] == "tentakiller":
            row[header.index("initiative")] = "19"
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    before = {e.slug: e for e in Entry.objects.all()}
    upload(page, site, "rumble-edited.csv", out.getvalue())
    expect(page.locator(".counts")).to_contain_text("0 added · 1 changed · 0 removed")
    diff = page.locator("table.diff tbody tr")
    expect(diff).to_have_count(1)
    expect(diff).to_contain_text("initiative")
    page.click("text=Apply these changes")
    expect(page.locator("h2")).to_have_text("rumble-edited.csv: applied")
    after = {e.slug: e for e in Entry.objects.all()}
    assert after.keys() == before.keys()
    fields = [f.attname for f in Entry._meta.concrete_fields if f.attname != "updated"]
    changed = {(slug, f) for slug in after for f in fields
               if getattr(after[slug], f) != getattr(before[slug], f)}
    assert changed == {("tentakiller", "initiative")}
    assert after["tentakiller"].initiative == 19


def test_worklist_add_link_opens_a_prefilled_form(site, page, screenshot_dir):
    log_in(page, site)
    page.goto(site + "/admin/coverage/?game=rumble")
    expect(page.locator("table.coverage").first).to_contain_text("Delivery Cards")
    shoot(page, screenshot_dir, "worklist")
    page.click("a[data-add='delivery-cards']")
    expect(page).to_have_url(re.compile(r"/admin/cardsite/entry/add/\?"))
    expect(page.locator("#id_type")).to_have_value("delivery")
    expect(page.locator("#id_game option:checked")).to_have_text("Rumble")
    expect(page.locator("#id_component")).not_to_have_value("")
    # fields that do not apply to the chosen type are hidden, and follow the type
    expect(page.locator(".form-row.field-initiative")).to_be_visible()
    expect(page.locator(".form-row.field-cost")).to_be_hidden()
    expect(page.locator(".form-row.field-body")).to_be_hidden()
    page.select_option("#id_type", "source")
    expect(page.locator(".form-row.field-initiative")).to_be_hidden()
    expect(page.locator(".form-row.field-glyph")).to_be_visible()
    expect(page.locator(".form-row.field-change_reason")).to_be_visible()
    shoot(page, screenshot_dir, "entry-form")


def test_anonymous_suggestion_is_reviewed_approved_and_shown(site, page, browser, screenshot_dir):
    visitor = browser.new_page()
    visitor.goto(site + "/cards/rumble/tentakiller/")
    visitor.click("text=Suggest a correction")
    visitor.select_option("#id_field", "initiative")
    visitor.fill("#id_proposed_value", "18")
    visitor.fill("#id_source", "Printed on the card: the ember says 18.")
    visitor.click("text=Send the suggestion")
    expect(visitor.locator(".notice.ok")).to_contain_text("waiting for an editor")
    # and a second one, which will be rejected
    visitor.goto(site + "/suggest/card/rumble/tentakiller/")
    visitor.select_option("#id_field", "text")
    visitor.fill("#id_proposed_value", "Deal <b>9</b> damage.")
    visitor.fill("#id_source", "I think so")
    visitor.click("text=Send the suggestion")
    expect(visitor.locator(".notice.ok")).to_be_visible()
    visitor.goto(site + "/cards/rumble/tentakiller/")
    expect(visitor.locator("dl.attributes")).not_to_contain_text("18")

    log_in(page, site)
    page.goto(site + "/admin/suggestions/")
    cards = page.locator("section.suggestion")
    expect(cards).to_have_count(2)
    shoot(page, screenshot_dir, "suggestion-queue")
    approve, reject = (Suggestion.objects.get(field="initiative"), Suggestion.objects.get(field="text"))
    page.locator(f"#s{reject.pk} input[name=reason]").fill("The rulebook quotes other text.")
    page.locator(f"#s{reject.pk} >> text=Reject").click()
    expect(page.locator(".messagelist")).to_contain_text("rejected; nothing changed")
    page.locator(f"#s{approve.pk} >> text=Approve and apply").click()
    expect(page.locator(".messagelist")).to_contain_text("approved")
    entry = Entry.objects.get(slug="tentakiller")
    assert entry.initiative == 18 and entry.text == "Roll the dice & grab a <tentacle>."

    visitor.goto(site + "/cards/rumble/tentakiller/")
    expect(visitor.locator("dl.attributes")).to_contain_text("18")
    expect(visitor.locator(".card-text")).not_to_contain_text("9 damage")
