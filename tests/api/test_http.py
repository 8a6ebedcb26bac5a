"""HTTP behaviour of the whole API: JSON errors, caching, CORS, throttling."""
import pytest
from django.test import Client

from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


def test_root_lists_the_endpoints(api, catalog):
    body = api.get("/api/").json()
    assert body["cards"].endswith("/api/cards/") and body["bulk_catalog"].endswith("/api/bulk/catalog.json")
    assert {"games", "rulings", "rules", "glossary", "search", "schema", "docs"} <= set(body)


def test_browsable_api_is_on(client, catalog):
    response = client.get("/api/cards/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert b"Zapper" in response.content


@pytest.mark.parametrize("path", ["/api/nothing-here/", "/api/cards/rumble/zapper/extra/", "/api/engine-x"])
def test_unmatched_api_paths_are_json_404s(api, path):
    body = assert_error(api.get(path), 404, "not_found")
    assert path in body["detail"]
    assert_error(api.post(path, {}), 404, "not_found")


def test_missing_trailing_slash_redirects(api, catalog):
    response = api.get("/api/cards?game=rumble")
    assert response.status_code == 301 and response["Location"] == "/api/cards/?game=rumble"


def test_unexpected_exception_is_a_json_500(catalog, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("cardsite.browse.selectors.card_list", broken)
    client = Client(raise_request_exception=False)
    body = assert_error(client.get("/api/cards/"), 500, "server_error")
    assert "boom" not in body["detail"]  # no internals leak


def test_wrong_method_is_a_json_405(staff_api, catalog):
    assert_error(staff_api.post("/api/games/"), 405, "method_not_allowed")


def test_reads_carry_etag_and_cache_control(api, catalog):
    response = api.get("/api/cards/rumble/zapper/")
    assert response.status_code == 200 and response["ETag"]
    assert "public" in response["Cache-Control"] and "max-age=60" in response["Cache-Control"]
    again = api.get("/api/cards/rumble/zapper/", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == response["ETag"]


def test_head_answers_like_get_without_a_body(api, catalog):
    get, head = api.get("/api/games/rumble/"), api.head("/api/games/rumble/")
    assert head.status_code == 200 and head.content == b"" and head["ETag"] == get["ETag"]


def test_etag_changes_when_the_data_changes(api, catalog):
    from cardsite.models import Entry

    etag = api.get("/api/cards/rumble/zapper/")["ETag"]
    Entry.objects.filter(slug="zapper").update(name="Zapper II")
    response = api.get("/api/cards/rumble/zapper/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag


def test_errors_and_writes_are_not_marked_cacheable(api, staff_api, catalog):
    assert "public" not in api.get("/api/cards/rumble/nope/").get("Cache-Control", "")
    response = staff_api.get("/api/cards/rumble/zapper/")
    assert "private" in response["Cache-Control"]


def test_cors_is_open_for_reads(api, catalog):
    response = api.get("/api/cards/", HTTP_ORIGIN="https://example.org")
    assert response["Access-Control-Allow-Origin"] == "*"
    preflight = api.options("/api/cards/", HTTP_ORIGIN="https://example.org",
                            HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET")
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]


def test_anonymous_clients_are_throttled_with_retry_after(api, catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "3/min"
    for _ in range(3):
        assert api.get("/api/games/").status_code == 200
    response = api.get("/api/cards/")
    assert_error(response, 429, "throttled")
    assert 0 < int(response["Retry-After"]) <= 60


def test_throttle_counts_are_shared_through_the_database(api, catalog, settings):
    """Allowances live in a table, not in this process: another client object
    (as another app process would be) from the same address sees them."""
    from cardsite.models import ApiAllowance

    settings.API_ANON_THROTTLE_RATE = "2/min"
    api.get("/api/games/")
    api.get("/api/games/")
    assert ApiAllowance.objects.count() == 1
    assert_error(Client().get("/api/games/"), 429, "throttled")


def test_staff_tokens_are_not_throttled(staff_api, catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "1/min"
    assert all(staff_api.get("/api/games/").status_code == 200 for _ in range(3))


@pytest.mark.parametrize("url", [
    "/api/cards/?q=a%00b", "/api/cards/?type=a%00", "/api/rulings/?q=%00", "/api/rules/?q=x%00",
    "/api/glossary/?q=%00", "/api/search/?q=%00x", "/api/cards/named/?fuzzy=%00ab",
    "/api/cards/autocomplete/?q=ab%00", "/api/cards/random/?q=%00",
])
def test_null_characters_are_400s(api, catalog, url):
    """PostgreSQL cannot store or search NUL: refused up front, on every database."""
    body = assert_error(api.get(url), 400, "invalid")
    assert "Null characters" in body["detail"]


def test_a_newline_in_the_path_is_still_a_json_404(api):
    assert_error(api.get("/api/cards/rumble/a%0Ab/"), 404, "not_found")


@pytest.mark.parametrize("url", [
    "/api/", "/api/games/rumble/", "/api/cards/rumble/zapper/", "/api/rulings/",
    "/api/rules/rumble/1.1/", "/api/glossary/rumble/initiative/", "/api/search/?q=zapper",
    "/api/cards/autocomplete/?q=za",
])
def test_browsable_pages_render_for_a_staff_user_with_edit_forms(client, catalog, url):
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_user("staffer", password="pw-staffer-1234", is_staff=True))
    response = client.get(url, HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")


def test_x_forwarded_for_cannot_dodge_the_throttle(api, catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "2/min"
    for n in range(2):
        assert api.get("/api/games/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code == 200
    assert_error(api.get("/api/games/", HTTP_X_FORWARDED_FOR="10.0.0.9"), 429, "throttled")


def test_behind_a_proxy_each_forwarded_client_has_its_own_count(api, catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "1/min"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    assert api.get("/api/games/", HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 200
    assert api.get("/api/games/", HTTP_X_FORWARDED_FOR="192.0.2.2").status_code == 200
    assert_error(api.get("/api/games/", HTTP_X_FORWARDED_FOR="192.0.2.1"), 429, "throttled")


def test_failed_if_match_is_a_json_412(api, catalog):
    body = assert_error(api.get("/api/games/rumble/", HTTP_IF_MATCH='"not-the-etag"'), 412)
    assert body["code"] == "precondition_failed"


def test_root_is_an_index_of_every_endpoint_with_docs_and_schema(api):
    from cardsite.api.docs_views import api_schema
    body = api.get("/api/").json()
    assert body["docs"].endswith("/api/docs/") and body["schema"].endswith("/api/schema/")
    assert "staff user's token" in body["about"]
    assert body["engine_sandboxes"].endswith("/api/engine/sandboxes/")
    operations = {f"{m.upper()} {p}" for p, ops in api_schema()["paths"].items() for m in ops
                  if m in ("get", "post", "put", "patch", "delete")}
    assert set(body["endpoints"]) == operations and len(operations) > 40
    assert body["endpoints"]["POST /api/engine/sandboxes/{sandbox_id}/actions/"]
    assert body["endpoints"]["GET /api/cards/"] == "Search the catalog"
