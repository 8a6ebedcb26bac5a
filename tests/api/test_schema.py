"""The OpenAPI schema, its offline docs page, and a bounded schemathesis run."""
import re
import time
from contextlib import contextmanager

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.django_db

OUR_PATHS = {
    "/api/games/", "/api/games/{game}/", "/api/cards/", "/api/cards/{game}/{slug}/",
    "/api/cards/named/", "/api/cards/autocomplete/", "/api/cards/random/", "/api/rulings/",
    "/api/rulings/{game}/{slug}/", "/api/rules/", "/api/rules/{game}/{number}/",
    "/api/glossary/", "/api/glossary/{game}/{slug}/", "/api/search/", "/api/bulk/catalog.json",
}
# The engine's endpoints (/api/engine/...) are tested by their owner.
ENGINE = re.compile(r"^/api/engine/")


@pytest.fixture
def schema(api):
    response = api.get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def our_operations(schema):
    for path, operations in schema["paths"].items():
        if ENGINE.match(path):
            continue
        for method, operation in operations.items():
            yield path, method, operation


def test_schema_is_valid_openapi_3(schema):
    assert schema["openapi"].startswith("3.")
    validate(schema)


def test_schema_has_every_endpoint(schema):
    assert OUR_PATHS <= set(schema["paths"])
    writes = {m for m in schema["paths"]["/api/cards/{game}/{slug}/"]}
    assert writes == {"get", "put", "patch", "delete"}
    assert "post" in schema["paths"]["/api/rulings/"]


def test_every_operation_parameter_and_response_is_described(schema):
    for path, method, operation in our_operations(schema):
        where = f"{method.upper()} {path}"
        assert operation.get("summary") and operation.get("description"), where
        for parameter in operation.get("parameters", []):
            assert parameter.get("description"), f"{where} ?{parameter['name']}"
        for code, response in operation["responses"].items():
            assert response.get("description"), f"{where} -> {code}"
        assert {"400", "404", "429"} <= set(operation["responses"]), where
        if method in ("post", "put", "patch", "delete"):
            assert {"401", "403"} <= set(operation["responses"]), where


def test_card_filters_come_from_the_filterset(schema):
    names = {p["name"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"q", "game", "kind", "type", "glyph", "initiative_min", "initiative_max", "cost_min",
            "cost_max", "vp_min", "vp_max", "order", "ordering", "page", "page_size"} <= names


def test_writes_need_a_token_in_the_schema(schema):
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_docs_page_is_served_offline(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    # Its start-up script is served by the docs view itself (no inline script: CSP).
    assert "/api/docs/?script=" in assets and "<script>" not in html
    assert assets and all(url.startswith(("/static/", "/api/docs/?script=")) for url in assets), assets
    assert "https://" not in html and "http://" not in html  # no CDN (a "cdn" substring check tripped on random CSRF tokens)
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and "/api/schema/" in script.content.decode()
    for url in assets:  # whitenoise serves each of them from this machine
        assert client.get(url).status_code == 200, url


# --- schemathesis --------------------------------------------------------------
MAX_EXAMPLES = 25      # per operation
TIME_LIMIT = 180.0     # seconds for each run
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@contextmanager
def connections_kept_open():
    """As Django's test client does: a raw WSGI call would otherwise close the
    database connection after each request, and the test's transaction with it."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in signals:
            signal.connect(close_old_connections)


def run_schemathesis(*, methods=None, headers=None) -> list[str]:
    """Generated requests to each operation, in process through the WSGI app; returns
    the failures (a 5xx, an undocumented status or content type, a body that breaks
    the schema), at most MAX_EXAMPLES per operation and TIME_LIMIT in all."""
    with connections_kept_open():
        return _run_schemathesis(methods=methods, headers=headers)


def _run_schemathesis(*, methods, headers) -> list[str]:
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    schema = schema.exclude(path_regex=ENGINE.pattern)
    deadline = time.monotonic() + TIME_LIMIT
    failures, operations = [], 0

    for result in schema.get_all_operations():
        operation = result.ok()
        if methods and operation.method.upper() not in methods:
            continue
        operations += 1

        @given(case=operation.as_strategy())
        @hypothesis_settings(
            max_examples=MAX_EXAMPLES, deadline=None, database=None, derandomize=True,
            phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
        )
        def run(case):
            if time.monotonic() < deadline:
                case.call_and_validate(headers=headers, checks=CHECKS)

        try:
            run()
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.label}: {str(exc)[:1500]}")
    assert operations, "no operation was tested"
    return failures


def test_schemathesis_anonymous(catalog):
    failures = run_schemathesis()
    assert not failures, "\n\n".join(failures)


def test_schemathesis_staff_writes(catalog, db):
    """Writes with a staff token: whatever the body, a validation error, never a 500."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    staff = User.objects.create_user("fuzzer", password="pw-fuzzer-1234", is_staff=True)
    headers = {"Authorization": f"Token {Token.objects.create(user=staff).key}"}
    failures = run_schemathesis(methods={"POST", "PUT", "PATCH", "DELETE"}, headers=headers)
    assert not failures, "\n\n".join(failures)
