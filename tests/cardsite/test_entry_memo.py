"""The entries' JSON and rows kept per process (cardsite.browse.entry_memo): the same
answers as without them, fewer queries, and an edit seen at the next request.

tests.settings turns the memo off for the suite (its edits never commit, so they never
bump the catalog versions); here it is on, and a commit's bump is made by hand. The
same across two real processes: tests/cardsite/test_response_cache_processes.py."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.api.entry_json import KEPT
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Entry
from cardsite.pages.cards import ROWS
from cardsite.web.response_cache import bump, bump_catalog_version
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db

SEARCHES = ["/api/cards/?q=filler", "/api/cards/?q=filler&page=2&page_size=5",
            "/api/cards/?q=filer", "/api/cards/?q=filer&game=rumble", "/api/cards/",
            "/api/cards/?game=rumble&order=name", "/cards/?q=filler", "/cards/?q=filler&view=grid",
            "/cards/?q=filer&game=rumble", "/cards/?q=filler&page=2&per_page=24"]


@pytest.fixture(autouse=True)
def catalog(settings):
    catalog_import(data=pages_catalog(extra=30))
    bump_catalog_version()
    KEPT.clear()
    ROWS.clear()
    yield
    KEPT.clear()
    ROWS.clear()


def answers(client, settings, memo: bool) -> list[bytes]:
    settings.ENTRY_MEMO = memo
    out = []
    for url in SEARCHES:
        response = client.get(url)
        assert response.status_code == 200, url
        out.append(response.content)
    return out


def entry_reads(client, url) -> tuple[int, int]:
    """(the queries a GET runs, those that read the page's entries by id)."""
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries), sum('"cardsite_entry"."id" IN (' in q["sql"] for q in queries)


def test_the_same_answers_with_and_without_it(client, settings):
    plain = answers(client, settings, memo=False)
    assert answers(client, settings, memo=True) == plain  # filling the memo
    assert answers(client, settings, memo=True) == plain  # served from it
    assert b"Filler" in plain[0] and b'"fuzzy":true' in plain[2] and b"Filler" in plain[-1]


@pytest.mark.parametrize("url", ["/api/cards/?q=filler", "/cards/?q=filler",
                                 "/cards/?q=filler&view=grid"])
def test_a_kept_page_reads_the_versions_instead_of_its_rows(client, settings, url):
    """The response cache is off: the same search again runs again, its entries kept."""
    settings.ENTRY_MEMO = True
    client.get("/api/cards/?q=quuxwand")  # the process's own memos (the index's words...)
    cold, cold_rows = entry_reads(client, url)
    warm, warm_rows = entry_reads(client, url)
    assert cold_rows == 1 and warm_rows == 0 and warm <= cold
    bump({"demoniac"})  # nothing of Rumble changed: its entries stay kept
    assert entry_reads(client, url) == (warm, 0)
    bump({"rumble"})  # read again
    assert entry_reads(client, url)[1] == 1
    assert entry_reads(client, url) == (warm, 0)


def test_an_edit_is_seen_once_its_commit_bumps_the_versions(client, settings):
    settings.ENTRY_MEMO = True
    for url in ("/api/cards/?q=filler+7", "/cards/?q=filler+7"):
        assert b"Filler 7" in client.get(url).content
    entry = Entry.objects.get(slug="filler-7")
    entry.name = "Filler Seven Renamed"
    entry.save()
    bump({"rumble"})  # what the save's commit does (the test's transaction never commits)
    for url in ("/api/cards/?q=filler+7", "/cards/?q=filler+7"):
        body = client.get(url).content
        assert b"Filler Seven Renamed" in body and b"Filler 7<" not in body


def test_urls_are_kept_per_origin(client, settings):
    settings.ENTRY_MEMO = True
    settings.ALLOWED_HOSTS = ["testserver", "cards.example"]
    assert client.get("/api/cards/?q=filler").json()["results"][0]["url"].startswith(
        "http://testserver/")
    other = client.get("/api/cards/?q=filler", HTTP_HOST="cards.example").json()
    assert other["results"][0]["url"].startswith("http://cards.example/")


def test_the_least_recently_used_go_first(client, settings, monkeypatch):
    settings.ENTRY_MEMO = True
    monkeypatch.setattr(KEPT, "kept", 5)
    first = client.get("/api/cards/?q=filler").json()
    assert len(KEPT._forms) == 5
    assert client.get("/api/cards/?q=filler").json() == first
