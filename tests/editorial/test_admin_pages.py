"""The editors' admin pages through Django's client: who may reach them, the upload
flow, export, worklists and bulk add."""
import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from cardsite.models import Component, Entry

pytestmark = pytest.mark.django_db

PAGES = ["/admin/import/", "/admin/coverage/", "/admin/suggestions/",
         "/admin/export/?game=rumble&format=csv"]


@pytest.mark.parametrize("url", PAGES)
def test_anonymous_visitors_are_sent_to_login(client, catalog, url):
    response = client.get(url)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("url", PAGES)
def test_non_staff_users_cannot_reach_them(client, catalog, url):
    client.force_login(User.objects.create_user("player", password="pw-player-1234"))
    response = client.get(url)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("url", ["/admin/import/", "/admin/suggestions/"])
def test_staff_without_the_permission_get_403(client, catalog, url):
    client.force_login(User.objects.create_user("staff", password="pw-staff-1234", is_staff=True))
    assert client.get(url).status_code == 403


def test_reviewer_has_the_queue_but_not_import(client, catalog, reviewer):
    client.force_login(reviewer)
    assert client.get("/admin/suggestions/").status_code == 200
    assert client.get("/admin/import/").status_code == 403
    assert client.get("/admin/auth/user/").status_code == 403


def test_editor_group_edits_catalog_and_imports_but_not_users(editor_client):
    assert editor_client.get("/admin/cardsite/entry/add/").status_code == 200
    assert editor_client.get("/admin/import/").status_code == 200
    assert editor_client.get("/admin/auth/user/").status_code == 403
    assert editor_client.get("/admin/auth/group/").status_code == 403


def upload(client, content: bytes, name: str, game="rumble", **extra):
    return client.post("/admin/import/", {
        "file": SimpleUploadedFile(name, content), "game": game, **extra})


def test_upload_with_an_error_shows_row_and_column_and_writes_nothing(editor_client, catalog):
    before = Entry.objects.count()
    page = upload(editor_client, b"name,type,initiative\nNew Delivery,delivery,fast\n", "e.csv")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<td class="num">2</td><td>initiative</td>' in html
    assert Entry.objects.count() == before


def test_upload_preview_then_confirm(editor_client, catalog, editor):
    page = upload(editor_client, b"name,type,glyph\nNew Source,source,dark\n", "new.csv")
    plan = page.context["plan"]
    assert plan.valid and page.context["pending"]
    assert "1 added" in page.content.decode()
    assert not Entry.objects.filter(slug="new-source").exists()
    pending = page.context["pending"]
    done = editor_client.post(f"/admin/import/{pending.pk}/confirm/", {"digest": plan.digest})
    # Applied in the background (the tests' tasks run at once): its progress page.
    assert done.status_code == 302 and done["Location"] == f"/admin/import/{pending.pk}/"
    shown = editor_client.get(done["Location"])
    assert "Import applied" in shown.content.decode() and "1 added" in shown.content.decode() \
        or "Entries: 1 created" in shown.content.decode()
    entry = Entry.objects.get(slug="new-source")
    assert entry.history.first().history_change_reason == "Import of new.csv by ed"
    state = editor_client.get(done["Location"], {"format": "json"}).json()
    assert state["status"] == "applied" and state["finished"]
    assert state["progress"]["done"] == state["progress"]["total"] == 1
    # A second click applies nothing again: the same page.
    again = editor_client.post(f"/admin/import/{pending.pk}/confirm/", {"digest": plan.digest})
    assert again["Location"] == done["Location"] and Entry.objects.filter(
        slug="new-source").count() == 1


def test_an_import_that_fails_writes_nothing_and_says_so(editor_client, catalog, monkeypatch):
    from cardsite.editorial import entries_write

    page = upload(editor_client, b"name,type,glyph\nNew Source,source,dark\n", "new.csv")
    before = Entry.objects.count()

    def broken():
        raise RuntimeError("disk full")
    monkeypatch.setattr(entries_write.linking, "relink", broken)  # after the rows are written
    done = editor_client.post(f"/admin/import/{page.context['pending'].pk}/confirm/",
                              {"digest": page.context["plan"].digest}, follow=True)
    assert "Import failed" in done.content.decode() and "nothing was written" in \
        done.content.decode()
    assert Entry.objects.count() == before and not Entry.objects.filter(slug="new-source").exists()


def test_ten_megabyte_upload_is_a_clear_error(editor_client, catalog):
    before = Entry.objects.count()
    page = upload(editor_client, b"a" * (10 * 1024 * 1024), "big.xlsx")
    assert page.status_code == 200
    assert "the limit is 5 MB" in page.content.decode()
    assert Entry.objects.count() == before


def test_export_csv_and_xlsx(editor_client, catalog):
    csv = editor_client.get("/admin/export/?game=rumble&format=csv")
    assert csv.status_code == 200 and b"tentakiller" in csv.content
    assert "attachment" in csv["Content-Disposition"]
    xlsx = editor_client.get("/admin/export/?game=rumble&format=xlsx&template=1")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


def test_worklist_counts_and_links_to_prefilled_forms(editor_client, catalog):
    page = editor_client.get("/admin/coverage/?game=rumble")
    html = page.content.decode()
    assert page.status_code == 200
    rows = {r["component"]: r for s in page.context["sections"] for r in s["rows"]}
    delivery = rows["delivery-cards"]
    assert delivery["type"] == "delivery"
    assert "type=delivery" in delivery["add_url"] and delivery["add_url"] in html.replace("&amp;", "&")
    form = editor_client.get(delivery["add_url"]).context["adminform"].form
    assert form.initial["type"] == "delivery"
    assert str(form.initial["component"]) == str(delivery["component_obj"].pk)


def test_bulk_add_creates_named_entries_with_the_reason(editor_client, catalog):
    component = Component.objects.get(game__slug="rumble", slug="delivery-cards")
    response = editor_client.post(f"/admin/coverage/add/{component.pk}/", {
        "names": "Alpha Blast\nBeta Beam\n", "type": "delivery", "kind": "card",
        "source": "The Cards", "reason": "Names from the box"})
    assert response.status_code == 302
    made = Entry.objects.filter(slug__in=["alpha-blast", "beta-beam"])
    assert made.count() == 2 and {e.component_id for e in made} == {component.pk}
    assert made[0].history.first().history_change_reason == "Names from the box"
    again = editor_client.post(f"/admin/coverage/add/{component.pk}/", {
        "names": "Alpha Blast", "type": "delivery", "kind": "card", "reason": "x"})
    assert again.status_code == 200 and "already exists" in again.content.decode()


def test_roles_hold_exactly_their_permissions(roles):
    from django.contrib.auth.models import Group

    editor = {p.codename for p in Group.objects.get(name="Editor").permissions.all()}
    reviewer = {p.codename for p in Group.objects.get(name="Reviewer").permissions.all()}
    assert {"change_entry", "add_ruling", "change_rule", "import_catalog"} <= editor
    assert not {p for p in editor if p.endswith(("_user", "_group", "_permission"))}
    assert "review_suggestion" in reviewer and "change_entry" not in reviewer
