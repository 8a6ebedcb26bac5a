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


@pytest.fixture
def served_schema():
    return json.loads(Client().get("/api/schema/?format=json").content)


def test_ordering_is_documented_with_exactly_the_orders_taken(served_schema):
    from cardsite.browse.filters import ORDER_CHOICES
    parameters = {p["name"]: p for p in served_schema["paths"]["/api/cards/"]["get"]["parameters"]}
    for name in ("order", "ordering"):
        assert sorted(parameters[name]["schema"]["enum"]) == sorted(v for v, _ in ORDER_CHOICES), name
    assert "400" in parameters["ordering"]["description"]


def test_busy_and_throttled_answers_declare_retry_after(served_schema):
    for path, operations in served_schema["paths"].items():
        for method, operation in operations.items():
            for code in ("429", "503"):
                if code in operation["responses"]:
                    assert "Retry-After" in operation["responses"][code].get("headers", {}), (
                        path, method, code)
            # Every read may meet a search past its budget, every write a busy database.
            if not path.startswith("/api/engine/") or "sandboxes" in path:
                assert "503" in operation["responses"], (path, method)


def test_list_bodies_declare_their_lengths(served_schema, api):
    wizards = served_schema["components"]["schemas"]["AnarchyScoreRequest"]["properties"]["wizards"]
    assert (wizards["minItems"], wizards["maxItems"]) == (1, 6)
    answer = api.post("/api/engine/anarchy/score", {"wizards": []}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "wizards"


def _drf_char_field_takes(value: str, **kwargs) -> bool:
    from rest_framework import serializers
    try:
        serializers.CharField(**kwargs).run_validation(value)
        return True
    except serializers.ValidationError:
        return False


TEXTS = ["a", " a ", "\f", " ", "\u3000", "\x1c", "\x85", "\ufeff", "a\x00b", "\x00", "\t\nx", "é"]


def test_text_patterns_say_what_drf_char_fields_take():
    """The schema's pattern for a text field and the field itself agree on every value:
    none with a NUL, and no whitespace-only text where blank is refused."""
    import re

    from cardsite.api.schema import text_pattern
    for blank in (True, False):
        pattern = re.compile(text_pattern(blank=blank))
        for value in TEXTS:
            assert bool(pattern.search(value)) == _drf_char_field_takes(value, allow_blank=blank), (
                blank, value)


def test_request_texts_and_query_parameters_carry_the_pattern(served_schema):
    from cardsite.api.schema import NO_NUL, NOT_BLANK
    schemas = served_schema["components"]["schemas"]
    assert schemas["SandboxBotsRequest"]["properties"]["persons"]["items"]["pattern"] == NOT_BLANK
    assert schemas["EntryRequest"]["properties"]["name"]["pattern"] == NOT_BLANK
    named = {p["name"]: p["schema"] for p in served_schema["paths"]["/api/cards/named/"]["get"]["parameters"]}
    assert named["fuzzy"]["pattern"] == NOT_BLANK
    rulings = {p["name"]: p["schema"] for p in served_schema["paths"]["/api/rulings/"]["get"]["parameters"]}
    assert rulings["q"]["pattern"] == NO_NUL
    assert rulings["entry"]["pattern"].startswith("^([a-z0-9-]")  # its own pattern is kept


@pytest.mark.parametrize("url, params", [
    ("/api/cards/named/", {"fuzzy": "\f"}), ("/api/cards/named/", {"fuzzy": "zap\x00"}),
    ("/api/rulings/", {"q": "zap\x00"}), ("/api/cards/", {"q": "zap\x00"}),
])
def test_what_the_patterns_refuse_is_refused(api, catalog, url, params):
    assert_error(api.get(url, params), 400, "invalid")


def test_sandbox_bodies_refuse_unknown_keys_as_the_schema_says(served_schema, api):
    schemas = served_schema["components"]["schemas"]
    for name in ("SandboxCreateRequest", "SandboxActionRequest", "SandboxUndoRequest",
                 "SandboxBotsRequest"):
        assert schemas[name]["additionalProperties"] is False, name
    # schemathesis posted {"game", "players", "seed", "errors": {}} and got a table.
    answer = api.post("/api/engine/sandboxes/", {"game": "rumble", "players": ["Al", "Bo"],
                                                 "seed": 7, "errors": {}}, format="json")
    assert list(assert_error(answer, 400, "invalid")["errors"]) == ["errors"]
    table = api.post("/api/engine/sandboxes/", {"game": "rumble", "players": ["Al", "Bo"],
                                                "seed": 7}, format="json")
    assert table.status_code == 201
    bots = api.post(f"/api/engine/sandboxes/{table.json()['id']}/bots/",
                    {"version": 1, "z": 1}, format="json")
    assert list(assert_error(bots, 400, "invalid")["errors"]) == ["z"]


@pytest.mark.parametrize("kind, field", [("DWT", "dead_wizard_tokens"),
                                         ("DAM", "damned_wizard_tokens")])
def test_token_labels_in_the_schema_are_the_ones_scored(served_schema, api, kind, field):
    import re
    player = served_schema["components"]["schemas"]["SatanicPanicPlayerRequest"]["properties"]
    labels = re.compile(player[field]["oneOf"][1]["items"]["oneOf"][0]["pattern"])
    other = "DAM" if kind == "DWT" else "DWT"
    for label in [f"{kind} 11", f"{kind.lower()}-3", "11", f" {kind}#22 ", "", f"{other} 11",
                  f"{kind} ١١", "x", f"{kind}\u3000" + "3", "3\n"]:
        body = {"players": [{"name": "Ann", "card_vp": 3, field: [label]}]}
        answer = api.post("/api/engine/satanic-panic/score", body, format="json")
        assert (answer.status_code == 200) == bool(labels.search(label)), (label, answer.json())


def _component(served_schema, name):
    return served_schema["components"]["schemas"][name]


@pytest.mark.parametrize("slug", ["new-card", "a1", "A_b", "a--b", "-a", "a-", "ab_c", "Ab"])
def test_slug_patterns_are_the_catalogs(served_schema, staff_api, catalog, slug):
    """Django's SlugField says ^[-a-zA-Z0-9_]+$; the catalog takes lowercase words
    joined by single dashes: the schema says the latter, and the server agrees."""
    import re
    for name in ("EntryRequest", "GlossaryTermRequest", "RulingRequest"):
        pattern = _component(served_schema, name)["properties"]["slug"]["pattern"]
        assert pattern == r"^[a-z0-9]+(?:-[a-z0-9]+)*$", name
    answer = staff_api.post("/api/cards/", {"game": "rumble", "kind": "card", "name": "New",
                                            "slug": slug}, format="json")
    assert (answer.status_code == 201) == bool(re.search(pattern, slug)), answer.json()


@pytest.mark.parametrize("number", ["2", "1.3", "0", "1.", "1a", "01", "1.0", "1.2.3.4.5"])
def test_rule_numbers_in_the_schema_are_the_ones_taken(served_schema, staff_api, catalog, number):
    import re
    pattern = _component(served_schema, "RuleRequest")["properties"]["number"]["pattern"]
    answer = staff_api.post("/api/rules/", {"game": "rumble", "number": number,
                                            "source": "Turn Order"}, format="json")
    refused_as_number = answer.status_code == 400 and "number" in answer.json()["errors"]
    # (a well-formed number whose parent is missing is refused too: that is state)
    if bool(re.search(pattern, number)):
        assert answer.status_code == 201 or "must exist" in str(answer.json()), answer.json()
    else:
        assert refused_as_number, answer.json()


def test_a_rulings_source_is_not_blank(served_schema, staff_api, catalog):
    ruling = _component(served_schema, "RulingRequest")
    assert ruling["properties"]["source"]["minLength"] == 1
    # Not required: a PUT without it keeps the stored source (schemathesis found it).
    assert "source" not in ruling["required"]
    put = {"game": "rumble", "slug": "zapper-zero", "kind": "clarification", "question": "Q?",
           "answer": "A."}
    assert staff_api.put("/api/rulings/rumble/zapper-zero/", put, format="json").status_code == 200
    body = {"game": "rumble", "slug": "new-ruling", "kind": "clarification", "question": "Q?",
            "answer": "A."}
    for source in ({}, {"source": " "}):
        answer = staff_api.post("/api/rulings/", {**body, **source}, format="json")
        assert "source" in assert_error(answer, 400, "invalid")["errors"]
    assert staff_api.post("/api/rulings/", {**body, "source": "Turn Order"},
                          format="json").status_code == 201


def test_a_reading_takes_source_and_reading_only(served_schema, staff_api, catalog):
    assert _component(served_schema, "ReadingRequest")["additionalProperties"] is False
    reading = {"source": "Turn Order", "reading": "First.", "page": "3"}
    answer = staff_api.patch("/api/rulings/rumble/zapper-zero/", {"readings": [reading]},
                             format="json")
    assert "readings" in assert_error(answer, 400, "invalid")["errors"]


def test_a_new_sandbox_is_a_replay_alone_or_a_game_with_players(served_schema, api):
    """SandboxCreate.validate()'s rule, stated in the schema as oneOf: schemathesis posted
    {} and {"game", "players", "replay"} as schema-valid."""
    import jsonschema
    schema = dict(_component(served_schema, "SandboxCreateRequest"), properties={})
    schema.pop("additionalProperties")
    game = {"game": "rumble", "players": ["Al", "Bo"]}
    for body in [{}, {"replay": "AbCdEfGhIjKlMnOp"}, {"replay": "AbCdEfGhIjKlMnOp", "seed": 1},
                 game, {"game": "rumble"}, {**game, "replay": "AbCdEfGhIjKlMnOp"},
                 {**game, "seed": 3}]:
        answer = api.post("/api/engine/sandboxes/", body, format="json")
        valid = jsonschema.Draft7Validator(schema).is_valid(body)
        # (a replay of an id that is not there is a 404: state, not shape)
        assert (answer.status_code != 400) == valid, (body, answer.json())


def test_the_engines_query_texts_are_not_empty_either(served_schema, api):
    from cardsite.api.schema import NOT_BLANK
    parameters = served_schema["paths"]["/api/engine/odds/power-roll"]["get"]["parameters"]
    bands = next(p["schema"] for p in parameters if p["name"] == "bands")
    assert bands["minLength"] == 1 and bands["pattern"] == NOT_BLANK
    for value in ("", " "):
        answer = api.get("/api/engine/odds/power-roll", {"dice": 2, "bands": value})
        assert answer.status_code == 400 and answer.json()["field"] == "bands"


@pytest.mark.parametrize("form", ["multipart", None])
def test_bands_in_a_form_are_read_or_refused_never_dropped(staff_api, catalog, form):
    """A plain bands=... form value was dropped in silence (DRF reads only bands[0]low=...
    there): schemathesis saw an entry created from a form whose bands were text."""
    from cardsite.models import Entry
    base = {"game": "rumble", "kind": "card", "name": "Formed"}
    from urllib.parse import urlencode
    post = (lambda data: staff_api.post("/api/cards/", data, format="multipart")) if form else (
        lambda data: staff_api.post("/api/cards/", urlencode(data),
                                    content_type="application/x-www-form-urlencoded"))
    answer = post({**base, "slug": "formed-text", "bands": "not bands"})
    assert "bands" in assert_error(answer, 400, "invalid")["errors"]
    assert not Entry.objects.filter(slug="formed-text").exists()
    band = '[{"low": 1, "high": 4, "effect": "1 damage.", "keep": false}]'
    answer = post({**base, "slug": "formed-json", "bands": band})
    assert answer.status_code == 201, answer.json()
    assert [b["label"] for b in answer.json()["bands"]] == ["1-4"]
