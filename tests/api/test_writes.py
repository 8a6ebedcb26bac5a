"""Writes: only with a staff user's token, validated by the models as in the admin."""
import pytest
from django.core.exceptions import ValidationError

from cardsite.models import Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db

NEW_ENTRY = {
    "game": "rumble", "slug": "test-fizzle", "name": "Test Fizzle", "kind": "card",
    "component": "delivery-cards", "type": "delivery", "glyph": "arcane", "initiative": 7,
    "keywords": ["ATTACK"], "text": None,
    "bands": [{"low": 1, "high": 4, "effect": "Nothing."}, {"low": 5, "high": None, "effect": "2 damage.", "keep": True}],
}


def model_messages(obj, **exclude) -> dict:
    """What the model's own validation (the admin's) says about ``obj``."""
    with pytest.raises(ValidationError) as info:
        obj.full_clean(exclude=[f.name for f in type(obj)._meta.fields if not f.editable])
    return info.value.message_dict


@pytest.mark.parametrize("method, url", [
    ("post", "/api/cards/"), ("patch", "/api/cards/rumble/zapper/"),
    ("delete", "/api/cards/rumble/zapper/"), ("post", "/api/rulings/"),
    ("put", "/api/rules/rumble/1.1/"), ("delete", "/api/glossary/rumble/initiative/"),
])
def test_anonymous_writes_are_401(api, catalog, method, url):
    body = assert_error(getattr(api, method)(url, {}, format="json"), 401, "not_authenticated")
    assert "Token" in body["detail"] or body["detail"]
    assert Entry.objects.filter(slug="zapper").exists()


def test_non_staff_token_is_403(user_api, catalog):
    assert_error(user_api.delete("/api/cards/rumble/zapper/"), 403, "permission_denied")
    assert Entry.objects.filter(slug="zapper").exists()


def test_staff_creates_updates_and_deletes_an_entry(staff_api, catalog):
    response = staff_api.post("/api/cards/", NEW_ENTRY, format="json")
    assert response.status_code == 201, response.json()
    entry = Entry.objects.get(slug="test-fizzle")
    assert entry.component.slug == "delivery-cards" and entry.text is None
    assert [(b.label, b.keep) for b in entry.bands.all()] == [("1-4", False), ("5+", True)]
    assert response.json()["url"].endswith("/api/cards/rumble/test-fizzle/")
    assert entry.history.first().history_user.username == "editor"

    response = staff_api.patch("/api/cards/rumble/test-fizzle/", {"initiative": 9}, format="json")
    assert response.status_code == 200 and response.json()["initiative"] == 9
    assert Entry.objects.get(slug="test-fizzle").bands.count() == 2  # untouched without "bands"

    response = staff_api.patch("/api/cards/rumble/test-fizzle/", {"bands": []}, format="json")
    assert response.status_code == 200 and RollBand.objects.filter(entry=entry).count() == 0

    assert staff_api.delete("/api/cards/rumble/test-fizzle/").status_code == 204
    assert not Entry.objects.filter(slug="test-fizzle").exists()


def test_entry_validation_has_the_admins_messages(staff_api, catalog):
    rumble = Game.objects.get(slug="rumble")
    expected = model_messages(Entry(game=rumble, slug="x", name="X", kind="card", initiative=150))
    body = assert_error(staff_api.post("/api/cards/", {**NEW_ENTRY, "initiative": 150}, format="json"),
                        400, "invalid")
    assert body["errors"]["initiative"] == expected["initiative"]
    assert "an initiative is a printed number" in body["detail"]

    demoniac = Game.objects.get(slug="demoniac")
    expected = model_messages(Entry(game=demoniac, slug="x", name="X", kind="character", body=4, mind=3))
    body = assert_error(staff_api.patch("/api/cards/demoniac/linda/", {"mind": 3}, format="json"), 400)
    assert body["errors"]["mind"] == expected["mind"]
    assert Entry.objects.get(slug="linda").mind == 1


def test_duplicate_slug_and_bad_component_are_refused(staff_api, catalog):
    body = assert_error(staff_api.post("/api/cards/", {**NEW_ENTRY, "slug": "zapper"}, format="json"), 400)
    rumble = Game.objects.get(slug="rumble")
    expected = model_messages(Entry(game=rumble, slug="zapper", name="Z", kind="card"))
    assert body["errors"]["__all__"] == expected["__all__"] or body["errors"].get("non_field_errors") == expected["__all__"]
    body = assert_error(staff_api.post("/api/cards/", {**NEW_ENTRY, "component": "nope"}, format="json"), 400)
    assert "nope" in body["errors"]["component"][0]
    body = assert_error(staff_api.post("/api/cards/", {**NEW_ENTRY, "bands": [{"low": 5, "high": 2, "effect": "x"}]},
                                       format="json"), 400)
    assert body["errors"]["bands"]["0"]["high"] == ["The band's upper end is below its lower end."]
    assert not Entry.objects.filter(slug="test-fizzle").exists()


def test_staff_writes_rulings_with_refs_and_model_checks(staff_api, catalog):
    ruling = {
        "game": "rumble", "slug": "test-conflict", "kind": "conflict", "question": "Which?",
        "answer": "This one.", "source": "Turn Order", "entry_refs": ["zapper", "demoniac/linda"],
        "rule_refs": ["1.1", "demoniac 1"],
    }
    body = assert_error(staff_api.post("/api/rulings/", ruling, format="json"), 400, "invalid")
    rumble = Game.objects.get(slug="rumble")
    expected = model_messages(Ruling(game=rumble, slug="t", kind="conflict", question="q", answer="a",
                                     source="Turn Order"))
    assert body["errors"]["readings"] == expected["readings"]
    assert body["errors"]["engine_reading"] == expected["engine_reading"]

    ruling.update(readings=[{"source": "Turn Order", "reading": "A."}, {"source": "Power Rolls", "reading": "B."}],
                  engine_reading="A, because it is written first.")
    response = staff_api.post("/api/rulings/", ruling, format="json")
    assert response.status_code == 201, response.json()
    saved = Ruling.objects.get(slug="test-conflict")
    assert {e.slug for e in saved.entries.all()} == {"zapper", "linda"}
    assert {r.citation for r in saved.rules.all()} == {"rumble 1.1", "demoniac 1"}
    assert {e["slug"] for e in response.json()["entries"]} == {"zapper", "linda"}

    body = assert_error(staff_api.patch("/api/rulings/rumble/test-conflict/", {"entry_refs": ["nope"]},
                                        format="json"), 400)
    assert "nope" in body["errors"]["entry_refs"][0]
    assert staff_api.delete("/api/rulings/rumble/test-conflict/").status_code == 204


def test_staff_writes_rules_with_model_checks(staff_api, catalog):
    body = assert_error(staff_api.post("/api/rules/", {"game": "rumble", "number": "4.2", "source": "Turn Order"},
                                       format="json"), 400)
    assert body["errors"]["number"] == ["Rule 4 must exist before 4.2."]
    body = assert_error(staff_api.post("/api/rules/", {"game": "rumble", "number": "2", "source": ""},
                                       format="json"), 400)
    assert "source" in body["errors"]
    response = staff_api.post("/api/rules/", {"game": "rumble", "number": "1.3", "title": "",
                                              "text": "Then roll.", "source": "Power Rolls"}, format="json")
    assert response.status_code == 201, response.json()
    assert Rule.objects.get(game__slug="rumble", number="1.3").parent.number == "1"
    response = staff_api.put("/api/rules/rumble/1.3/", {"game": "rumble", "number": "1.3", "title": "Rolls",
                                                        "text": "Roll.", "source": "Power Rolls"}, format="json")
    assert response.status_code == 200 and Rule.objects.get(number="1.3").title == "Rolls"


def test_staff_writes_glossary_terms(staff_api, catalog):
    response = staff_api.post("/api/glossary/", {
        "game": "rumble", "slug": "test-term", "term": "Test Term", "definition": "A word.",
        "rule_refs": ["1", "1.1"],
    }, format="json")
    assert response.status_code == 201, response.json()
    term = GlossaryTerm.objects.get(slug="test-term")
    assert sorted(r.number for r in term.rules.all()) == ["1", "1.1"]
    body = assert_error(staff_api.patch("/api/glossary/rumble/test-term/", {"definition": ""}, format="json"), 400)
    assert "definition" in body["errors"]
    assert staff_api.delete("/api/glossary/rumble/test-term/").status_code == 204


@pytest.mark.parametrize("body, field", [
    ({"position": 10**12}, "position"),
    ({"bands": [{"low": 40000, "high": None, "effect": "x"}]}, "bands"),
    ({"keywords": ["a\x00"]}, "keywords"),
])
def test_out_of_range_and_nul_values_are_400s_on_every_database(staff_api, catalog, body, field):
    """SQLite would store what PostgreSQL refuses: both answer the same 400."""
    errors = assert_error(staff_api.patch("/api/cards/rumble/zapper/", body, format="json"), 400)["errors"]
    assert field in errors


def test_readings_must_be_text(staff_api, catalog):
    body = assert_error(staff_api.patch("/api/rulings/demoniac/split-hits/", {
        "readings": [{"source": "SETUP", "reading": 3}]}, format="json"), 400)
    assert "both text" in body["errors"]["readings"][0]


def test_a_body_over_the_upload_limit_is_a_json_413_and_writes_nothing(staff_api, catalog,
                                                                       settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = staff_api.post("/api/cards/", {**NEW_ENTRY, "text": "x" * 2000}, format="json")
    assert_error(response, 413, "too_large")
    assert not Entry.objects.filter(slug="test-fizzle").exists()
