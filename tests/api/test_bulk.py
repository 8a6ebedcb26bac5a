"""bulk/catalog.json: the import format, conditional downloads, a client round trip."""
import json
from io import StringIO

import pytest
from django.core.management import call_command

from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import validate_catalog
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/bulk/catalog.json"
MODELS = (Game, Component, Entry, RollBand, Rule, GlossaryTerm, Ruling)


def test_bulk_is_the_export_with_checksum_and_generation_time(api, catalog):
    response = api.get(URL)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    exported = catalog_export()
    assert body["games"] == exported["games"] and body["checksum"] == exported["checksum"]
    assert body["format"] == "grimoire-catalog" and body["version"] == 1
    assert body["generated"].endswith("+00:00")
    assert validate_catalog(body) == []
    assert response["ETag"] == f'W/"{body["checksum"]}"' and response["Last-Modified"]


def test_bulk_for_one_game(api, catalog):
    body = json.loads(api.get(URL, {"game": "demoniac"}).content)
    assert [g["slug"] for g in body["games"]] == ["demoniac"]
    assert_error(api.get(URL, {"game": "chess"}), 400, "invalid")


def test_conditional_downloads(api, catalog):
    first = api.get(URL)
    by_etag = api.get(URL, HTTP_IF_NONE_MATCH=first["ETag"])
    assert by_etag.status_code == 304 and by_etag.content == b""
    by_date = api.get(URL, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert by_date.status_code == 304

    entry = Entry.objects.get(slug="zapper")
    entry.name = "Zapper Prime"
    entry.save()  # an edit leaves a history row: the catalog changed
    changed = api.get(URL, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_client_round_trip_into_an_empty_database(api, catalog, tmp_path):
    """Download, import into an empty database with import_catalog, export: same games."""
    downloaded = json.loads(api.get(URL).content)
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(downloaded))
    for model in reversed(MODELS):
        model.objects.all().delete()
    assert Entry.objects.count() == 0 and Game.objects.count() == 0

    call_command("import_catalog", str(path), stdout=StringIO())
    again = catalog_export()
    assert again["games"] == downloaded["games"]
    assert again["checksum"] == downloaded["checksum"]
