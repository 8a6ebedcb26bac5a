"""Staff writes that used to be 500s, and the rules every way in shares."""
import pytest

from cardsite.models import Entry
from rulesref.models import Ruling
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["post", "put", "patch"])
@pytest.mark.parametrize("readings", [True, 5, "x", {"source": "SETUP"}, [["SETUP", "x"]]])
def test_readings_of_the_wrong_shape_are_400s(staff_api, catalog, method, readings):
    body = {"game": "demoniac", "slug": "split-hits", "kind": "clarification", "question": "Q?",
            "answer": "A.", "source": "SETUP", "readings": readings}
    url = "/api/rulings/" if method == "post" else "/api/rulings/demoniac/split-hits/"
    if method == "post":
        body["slug"] = "new-one"
    errors = assert_error(getattr(staff_api, method)(url, body, format="json"), 400)["errors"]
    assert "readings" in errors


def test_json_nested_5000_deep_is_a_400(staff_api, catalog):
    body = '{"keywords": ' + "[" * 5000 + "]" * 5000 + "}"
    response = staff_api.generic("PATCH", "/api/cards/rumble/zapper/", body,
                                 content_type="application/json")
    assert_error(response, 400, "parse_error")


def test_ruling_patch_answers_with_the_new_answer_html(staff_api, catalog):
    response = staff_api.patch("/api/rulings/demoniac/split-hits/",
                               {"answer": "Now it is <b>different</b>."}, format="json")
    assert response.status_code == 200, response.json()
    assert "different" in response.json()["answer_html"]
    assert response.json()["answer_html"] == Ruling.objects.get(slug="split-hits").answer_html
    assert response["ETag"]


@pytest.mark.parametrize("body, field", [
    ({"slug": "aLsSrqv"}, "slug"),
    ({"glyph": ""}, "glyph"),
    ({"name": "x\x00y"}, "name"),
    ({"text": "x" * 10_001}, "text"),
    ({"source": "No Such Section"}, "source"),
    ({"bands": [{"low": 1, "high": 100, "effect": "x"}]}, "bands"),
    ({"bands": [{"low": 1, "high": 6, "effect": "x"}, {"low": 5, "high": None, "effect": "y"}]},
     "bands"),
    ({"keywords": ["k"] * 51}, "keywords"),
])
def test_what_the_importer_refuses_the_api_refuses(staff_api, catalog, body, field):
    errors = assert_error(staff_api.patch("/api/cards/rumble/zapper/", body, format="json"),
                          400)["errors"]
    assert field in errors, errors
    assert Entry.objects.get(slug="zapper").name == "Zapper"


def test_sources_of_another_game_are_cited_with_its_slug(staff_api, catalog):
    response = staff_api.patch("/api/cards/rumble/zapper/", {"source": "demoniac: SETUP"},
                               format="json")
    assert response.status_code == 200, response.json()


def test_admin_history_of_an_id_that_is_not_one_is_a_404(admin_client, catalog):
    assert admin_client.get("/admin/cardsite/entry/abc/history/").status_code == 404
    entry = Entry.objects.get(slug="zapper")
    assert admin_client.get(f"/admin/cardsite/entry/{entry.pk}/history/").status_code == 200
    assert admin_client.get(f"/admin/cardsite/entry/{entry.pk}/history/xyz/").status_code == 404
    assert admin_client.get("/admin/rulesref/rule/1.1/history/").status_code == 404
