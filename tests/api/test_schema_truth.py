"""The schema and the server agree: one error shape for every body, empty filter
values refused, list fields in forms parsed or refused, 412/413/414/429 documented."""
import json

import pytest
from django.test import Client

from cardsite.models import Entry
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", ["null", "[1]", "3", '"x"'])
def test_a_body_that_is_not_an_object_has_errors_as_an_object(api, body):
    answer = api.post("/api/engine/sandboxes/", data=body, content_type="application/json")
    errors = assert_error(answer, 400, "invalid")["errors"]
    assert isinstance(errors, dict) and list(errors) == ["non_field_errors"], errors


@pytest.mark.parametrize("url", ["/api/cards/?game=", "/api/rulings/?game=", "/api/rules/?game=",
                                 "/api/glossary/?game=%20", "/api/cards/?type=&q=zap",
                                 "/api/search/?q=zap&game="])
def test_an_empty_filter_value_is_refused(api, catalog, url):
    body = assert_error(api.get(url), 400, "invalid")
    name = url.split("?")[1].split("=")[0] if "q=zap&" not in url else "game"
    name = "type" if "type=" in url else name
    assert name in body["errors"], body


def test_empty_free_text_still_means_everything(api, catalog):
    assert api.get("/api/cards/?q=").status_code == 200


@pytest.mark.parametrize("sent, stored", [
    ('["Zap", "Zip"]', ["Zap", "Zip"]),  # one value: a JSON array
    (["Zap", "Zip"], ["Zap", "Zip"]),  # repeated keys
    ("Zap", ["Zap"]),
])
def test_multipart_list_fields_are_parsed(staff_api, catalog, sent, stored):
    answer = staff_api.patch("/api/cards/rumble/zapper/", {"aliases": sent}, format="multipart")
    assert answer.status_code == 200, answer.json()
    assert Entry.objects.get(slug="zapper").aliases == stored


@pytest.mark.parametrize("sent", ["{}", '{"a": 1}', "[1, [2]]"])
def test_multipart_list_fields_of_another_shape_are_refused(staff_api, catalog, sent):
    before = Entry.objects.get(slug="zapper").aliases
    answer = staff_api.patch("/api/cards/rumble/zapper/", {"aliases": sent}, format="multipart")
    assert "aliases" in assert_error(answer, 400, "invalid")["errors"]
    assert Entry.objects.get(slug="zapper").aliases == before


def test_transport_errors_are_documented_per_operation():
    schema = json.loads(Client().get("/api/schema/?format=json").content)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "414" in responses and "429" in responses, (path, method)
            if method in ("post", "put", "patch"):
                assert "413" in responses, (path, method)
            if method in ("put", "patch", "delete") and not path.startswith("/api/engine/"):
                assert "412" in responses, (path, method)
    game = next(p for p in schema["paths"]["/api/rulings/"]["get"]["parameters"] if p["name"] == "entry")
    assert game["schema"]["minLength"] == 1
