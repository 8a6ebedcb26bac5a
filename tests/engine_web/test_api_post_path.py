"""The checkers' short path for JSON POSTs answers exactly as DRF's full path does.

A UTF-8 JSON POST that passes skips DRF's request and response wrapping
(engine/web/api/views.py, CheckerPostView); a body declared in another charset
still takes DRF's path, so the two can be compared on the same input.
"""
import json

import pytest

from .conftest import assert_400

SPELL = {"game": "rumble", "components": [
    {"type": "source", "glyph": "illusion", "name": "Adh-Deezi's"},
    {"type": "delivery", "card": "zapper"}]}
BODIES = [
    ("spells/check", SPELL),
    ("spells/order", {"game": "rumble", "seed": 5, "spells": [
        {"wizard": "Ann", "components": SPELL["components"]},
        {"wizard": "Bo", "components": [{"type": "delivery", "initiative": 9}]}]}),
    ("satanic-panic/setup", {"players": 3, "seed": 2}),
    ("anarchy/score", {"wizards": [{"name": "Ann", "applause": [2, 4]}, {"name": "Bo"}]}),
]


def _post(api, path, body, charset="utf-8"):
    return api.generic("POST", f"/api/engine/{path}", json.dumps(body).encode(),
                       content_type=f"application/json; charset={charset}")


@pytest.mark.parametrize(("path", "body"), BODIES)
def test_short_path_answers_as_drf_does(api, spell_catalog, path, body):
    short = _post(api, path, body)
    full = _post(api, path, body, charset="latin-1")  # ASCII bodies read the same
    assert short.status_code == full.status_code == 200
    assert short.content == full.content
    for header in ("Content-Type", "Allow", "Vary"):
        assert short[header] == full[header], header
    assert short["Allow"] == "POST, OPTIONS"


def test_errors_on_the_short_path_keep_the_checker_shape(api, spell_catalog):
    bad = {**SPELL, "components": [{"type": "delivery", "card": "no-such-card"}]}
    for charset in ("utf-8", "latin-1"):
        assert_400(_post(api, "spells/check", bad, charset), "components[0].card", "unknown-card")
        assert_400(_post(api, "spells/check", {**SPELL, "colour": 1}, charset), "colour",
                   "unknown-field")


def test_empty_body_is_an_empty_object_and_nan_is_not_json(api, db):
    response = api.generic("POST", "/api/engine/spells/check", b"",
                           content_type="application/json")
    assert_400(response, "game", "required")
    response = api.generic("POST", "/api/engine/satanic-panic/setup", b'{"players": NaN}',
                           content_type="application/json")
    assert_400(response, "body", "parse-error")


def test_short_path_is_throttled_and_counts_each_request_once(api, spell_catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "3/min"
    assert_400(_post(api, "spells/check", {"game": "chess"}), "game")  # counted once
    assert _post(api, "spells/check", SPELL).status_code == 200
    assert _post(api, "anarchy/score", BODIES[3][1]).status_code == 200
    refused = _post(api, "spells/check", SPELL)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused.json()["status"] == 429


@pytest.mark.parametrize("charset", ["utf-8", "latin-1"])
def test_a_body_over_the_upload_limit_is_a_json_400(api, db, settings, charset):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = {**SPELL, "wizard": "x" * 2000}
    assert_400(_post(api, "spells/check", body, charset), "body", "too-large")


@pytest.mark.parametrize("charset", ["utf-8", "latin-1"])
def test_a_body_nested_past_the_parser_is_a_parse_error(api, db, charset):
    body = b'{"game": "rumble", "components": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    response = api.generic("POST", "/api/engine/spells/check", body,
                           content_type=f"application/json; charset={charset}")
    assert_400(response, "body", "parse-error")
