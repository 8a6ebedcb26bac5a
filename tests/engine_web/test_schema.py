"""The checker endpoints in drf-spectacular's OpenAPI schema, with typed bodies."""
import pytest
from drf_spectacular.generators import SchemaGenerator

ENDPOINTS = {
    "/api/engine/spells/check": ("post", "SpellCheckRequest", "SpellCheckResponse"),
    "/api/engine/spells/order": ("post", "SpellOrderRequest", "SpellOrderResponse"),
    "/api/engine/odds/power-roll": ("get", None, "PowerRollResponse"),
    "/api/engine/odds/demoniac": ("get", None, "DemoniacResponse"),
    "/api/engine/satanic-panic/setup": ("post", "SatanicPanicSetupRequest",
                                        "SatanicPanicSetupResponse"),
    "/api/engine/satanic-panic/score": ("post", "SatanicPanicScoreRequest", "ScoreResponse"),
    "/api/engine/anarchy/score": ("post", "AnarchyScoreRequest", "ScoreResponse"),
    "/api/engine/rumble/score": ("post", "RumbleScoreRequest", "ScoreResponse"),
    "/api/engine/targets": ("post", "TargetsRequest", "TargetsResponse"),
}


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _ref(content):
    return content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_endpoint_documented_with_bodies_and_errors(schema, path):
    method, request_name, response_name = ENDPOINTS[path]
    operation = schema["paths"][path][method]
    assert "engine" in operation["tags"]
    assert operation["summary"]
    assert _ref(operation["responses"]["200"]["content"]) == response_name
    assert _ref(operation["responses"]["400"]["content"]) == "ErrorResponse"
    assert "401" not in operation["responses"]  # anyone may call a checker
    assert operation.get("security") in (None, [], [{}])
    if request_name:
        assert _ref(operation["requestBody"]["content"]) == request_name


def test_query_parameters_documented(schema):
    power = {p["name"]: p for p in schema["paths"]["/api/engine/odds/power-roll"]["get"][
        "parameters"]}
    assert power["dice"]["required"] is True
    assert power["dice"]["schema"]["minimum"] == 1
    assert not power["bands"].get("required", False)
    demoniac = {p["name"] for p in schema["paths"]["/api/engine/odds/demoniac"]["get"][
        "parameters"]}
    assert {"dice", "actions", "hits"} <= demoniac


def test_stable_fields_in_components(schema):
    components = schema["components"]["schemas"]
    check = components["SpellCheckResponse"]["properties"]
    assert {"legal", "errors", "component_count", "initiative", "name", "explanation"} <= set(check)
    component = components["ComponentRequest"]["properties"]
    assert {"type", "card", "name", "glyph", "initiative", "slot"} <= set(component)
    assert set(components["ErrorResponse"]["properties"]) == {"status", "code", "detail", "field"}
    order = components["SpellOrderRequest"]["properties"]
    assert {"game", "spells", "rolls", "seed"} <= set(order)
    setup = components["SatanicPanicSetupResponse"]["properties"]
    assert {"legendary_devils", "dead_wizard_tokens", "starting_deck", "line_up"} <= set(setup)
    score = components["ScoreResponse"]["properties"]
    assert {"ranking", "winner", "decided_by", "explanation"} <= set(score)


def test_examples_present(schema):
    check = schema["paths"]["/api/engine/spells/check"]["post"]
    assert check["requestBody"]["content"]["application/json"]["examples"]
    assert check["responses"]["400"]["content"]["application/json"]["examples"]


SANDBOX_ENDPOINTS = {
    "/api/engine/sandboxes/": ("post", "SandboxCreateRequest", "201"),
    "/api/engine/sandboxes/{sandbox_id}/": ("get", None, "200"),
    "/api/engine/sandboxes/{sandbox_id}/actions/": ("post", "SandboxActionRequest", "200"),
    "/api/engine/sandboxes/{sandbox_id}/undo/": ("post", "SandboxUndoRequest", "200"),
}


@pytest.mark.parametrize("path", SANDBOX_ENDPOINTS)
def test_sandbox_endpoints_documented(schema, path):
    method, request_name, success = SANDBOX_ENDPOINTS[path]
    operation = schema["paths"][path][method]
    assert "engine" in operation["tags"] and operation["summary"]
    assert _ref(operation["responses"][success]["content"]) == "SandboxTable"
    assert {"400", "404", "429"} <= set(operation["responses"])
    assert "401" not in operation["responses"]  # anyone may play
    if request_name:
        assert _ref(operation["requestBody"]["content"]) == request_name
    if path.endswith(("actions/", "undo/")):
        assert _ref(operation["responses"]["409"]["content"]) == "StaleVersion"


def test_sandbox_bodies_in_components(schema):
    components = schema["components"]["schemas"]
    table = components["SandboxTable"]["properties"]
    assert {"id", "version", "state", "legal_actions", "finished", "winner", "log_url",
            "by_hand", "actor"} <= set(table)
    assert {"game", "players", "seed", "options", "replay"} <= set(
        components["SandboxCreateRequest"]["properties"])
    assert {"message", "rule", "problems"} <= set(components["RefusedAction"]["properties"])
    assert "version" in components["StaleVersion"]["properties"]
    log = schema["paths"]["/api/engine/sandboxes/{sandbox_id}/log/"]["get"]
    assert _ref(log["responses"]["200"]["content"]) == "SandboxLog"
    assert {"seq", "action", "events", "by_hand"} <= set(components["LogEntry"]["properties"])
