"""The OpenAPI schema, its offline docs page, and a bounded schemathesis run."""
import json
import re
import time
from collections import Counter
from contextlib import contextmanager

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import validate_catalog
from cardsite.catalog_files.catalog_import import catalog_import

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
    # (and the loading note's links to the schema and the index)
    assert assets and all(url.startswith(("/static/", "/api/docs/?script=")) or url in (
        "/api/schema/", "/api/") for url in assets), assets
    assert "https://" not in html and "http://" not in html  # no CDN (a "cdn" substring check tripped on random CSRF tokens)
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and "/api/schema/" in script.content.decode()
    for url in assets:  # whitenoise serves each of them from this machine
        assert client.get(url).status_code == 200, url


# --- schemathesis --------------------------------------------------------------
# Every operation (the engine's too), with data that fits the schema (positive)
# and data that breaks it (negative: the server must refuse it with a 4xx).
EXAMPLES = {GenerationMode.POSITIVE: 15, GenerationMode.NEGATIVE: 8}  # per operation
TIME_LIMIT = 240.0     # seconds for each run
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
NEGATIVE_CHECKS = [*CHECKS, negative_data_rejection]


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


def run_schemathesis(*, methods=None, headers=None) -> tuple[list[str], Counter]:
    """Generated requests to each operation, in process through the WSGI app; returns
    the failures (a 5xx, an undocumented status or content type, a body that breaks
    the schema, invalid data accepted) and the requests made by mode and status
    class, at most EXAMPLES per operation and mode and TIME_LIMIT in all."""
    with connections_kept_open():
        return _run_schemathesis(methods=methods, headers=headers)


def _run_schemathesis(*, methods, headers):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    deadline = time.monotonic() + TIME_LIMIT
    failures, operations, counts = [], 0, Counter()

    for result in schema.get_all_operations():
        operation = result.ok()
        if methods and operation.method.upper() not in methods:
            continue
        operations += 1
        for mode, examples in EXAMPLES.items():
            checks = NEGATIVE_CHECKS if mode is GenerationMode.NEGATIVE else CHECKS
            run = _runner(operation, mode, examples, checks, headers, deadline, counts)
            try:
                run()
            except Exception as exc:  # collect every operation's failure, then report them all
                failures.append(f"{operation.label} [{mode.value}]: {str(exc)[:1500]}")
    assert operations, "no operation was tested"
    assert time.monotonic() < deadline, "the run hit its time limit: lower EXAMPLES"
    return failures, counts


def _runner(operation, mode, examples, checks, headers, deadline, counts):
    @given(case=operation.as_strategy(generation_mode=mode))
    @hypothesis_settings(
        max_examples=examples, deadline=None, database=None, derandomize=True,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    )
    def run(case):
        if time.monotonic() < deadline:
            response = case.call_and_validate(headers=headers, checks=checks)
            counts[mode.value, f"{response.status_code // 100}xx"] += 1
    return run


def report(label: str, counts: Counter) -> None:
    total = sum(counts.values())
    print(f"schemathesis {label}: {total} requests, " + ", ".join(
        f"{mode} {status}: {n}" for (mode, status), n in sorted(counts.items())))
    assert not any(status == "5xx" for _, status in counts)


def test_schemathesis_anonymous(catalog):
    failures, counts = run_schemathesis()
    report("anonymous", counts)
    assert not failures, "\n\n".join(failures)


def test_schemathesis_staff_writes(catalog, db):
    """Writes with a staff token: whatever the body, a validation error, never a 500;
    and whatever was accepted exports and imports again."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    staff = User.objects.create_user("fuzzer", password="pw-fuzzer-1234", is_staff=True)
    headers = {"Authorization": f"Token {Token.objects.create(user=staff).key}"}
    failures, counts = run_schemathesis(methods={"POST", "PUT", "PATCH", "DELETE"},
                                        headers=headers)
    report("staff writes", counts)
    assert not failures, "\n\n".join(failures)
    exported = catalog_export()
    assert validate_catalog(exported) == []
    catalog_import(data=exported, dry_run=True)


def test_the_served_schema_is_made_once_per_process_and_is_the_generators(client):
    from drf_spectacular.generators import SchemaGenerator

    from cardsite.api.docs_views import api_schema
    served = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert served == json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))
    assert api_schema() is api_schema()  # generated once
    for accept, content_type in (("application/vnd.oai.openapi+json", "application/vnd.oai.openapi+json"),
                                 ("application/json", "application/json"),
                                 ("*/*", "application/vnd.oai.openapi")):
        first, again = (client.get("/api/schema/", HTTP_ACCEPT=accept) for _ in range(2))
        assert first["Content-Type"].startswith(content_type)  # written once per format
        assert again["Content-Type"] == first["Content-Type"] and again.content == first.content


def test_the_docs_page_keeps_the_sites_csp_and_says_it_is_loading(client):
    response = client.get("/api/docs/")
    html = response.content.decode()
    assert "<style>" not in html and "/static/api/docs.css" in html  # no 'unsafe-inline'
    policy = dict(d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";"))
    assert "unsafe-inline" not in policy["style-src"]
    assert 'class="docs-loading"' in html and "Loading the API reference" in html
    assert html.count(" defer></script>") == 3  # the note is painted before the scripts run
