"""Engine web tests: a small catalog with spell cards, and an anonymous API client."""
import copy

import pytest
from rest_framework.test import APIClient

from cardsite.catalog_files.catalog_import import catalog_import
from tests.catalog_sample import sample_catalog


@pytest.fixture(autouse=True)
def generous_throttle(settings):
    settings.API_ANON_THROTTLE_RATE = "100000/min"


def _entry(template: dict, **values) -> dict:
    entry = copy.deepcopy(template)
    entry.update(bands=[], keywords=[], aliases=[], **values)
    return entry


@pytest.fixture
def spell_catalog(db):
    """The sample catalog plus made-up rumble cards: a Source, a Delivery whose
    initiative is unknown, and a card that is no spell component."""
    data = sample_catalog()
    rumble = data["games"][0]
    zapper = rumble["entries"][0]
    rumble["entries"] += [
        _entry(zapper, slug="fire-source", name="Fire Source", type="source", glyph="primal",
               initiative=None),
        _entry(zapper, slug="mystery-bolt", name="Mystery Bolt", type="delivery", glyph="dark",
               initiative=None),
        _entry(zapper, slug="gold-hoard", name="Gold Hoard", type="treasure", glyph=None,
               initiative=None),
    ]
    catalog_import(data=data)


@pytest.fixture
def api():
    return APIClient(enforce_csrf_checks=True)


def post(api, path, body):
    return api.post(f"/api/engine/{path}", body, format="json")


def assert_400(response, field, code=None):
    """A checker error: JSON 400 with exactly status, code, detail and field."""
    assert response.status_code == 400, response.content
    body = response.json()
    assert set(body) == {"status", "code", "detail", "field"}, body
    assert body["status"] == 400
    assert body["field"] == field, body
    assert body["detail"]
    if code is not None:
        assert body["code"] == code, body
    return body
