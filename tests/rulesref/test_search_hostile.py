"""Hostile queries against every endpoint that parses a search query: never a 5xx,
never more than a second, a 400 naming the limit (with its position on the API)."""
import time
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.search import budget
from rulesref.search.syntax import LIMITS
from tests.rulesref.search_catalog import PIECES, build_search_catalog

pytestmark = pytest.mark.django_db

PAGES = ["/search/?q=", "/cards/?q=", "/rulings/?q=", "/search/?game=rumble&q="]
API = ["/api/search/?q=", "/api/cards/?q=", "/api/cards/random/?q=", "/api/rulings/?q=",
       "/api/rules/?q=", "/api/glossary/?q=", "/api/cards/?glyph=dark&order=-init&q="]
ENDPOINTS = PAGES + API
SECOND = 1.0

# The inputs of issue 14, and the same shapes just inside the limits.
TABLE = {
    "has:ruling x300": " ".join(["has:ruling"] * 300),
    "t:x x125": " ".join(["t:x"] * 125),
    "a* x433": " ".join(["a*"] * 433),
    "a* x166": " ".join(["a*"] * 166),
    "490 - before a word": "-" * 490 + "a",
    "320 nested parentheses": "(" * 320 + "a" + ")" * 320,
    "1000 -a": " ".join(["-a"] * 1000),
    "has:ruling x40": " ".join(["has:ruling"] * 40),
    "distinct types at the term limit": " ".join(f"t:a{i}" for i in range(LIMITS.terms)),
    "negated groups": " ".join(f"-(has:ruling -t:b{i})" for i in range(LIMITS.terms // 2)),
    "lookups at the limit": " ".join(f"-(has:ruling -t:b{i})" for i in range(LIMITS.lookups // 2)),
    "or of keywords": " or ".join(f"kw:k{i}" for i in range(LIMITS.terms)),
    "or of prefixes": " or ".join(f"a{i}*" for i in range(LIMITS.prefix_terms)),
    "negated words": " ".join(f"-w{i}" for i in range(LIMITS.terms)),
    "nested at the depth limit": "(" * (LIMITS.depth - 1) + "-a or b" + ")" * (LIMITS.depth - 1),
    "numbers": " ".join(f"init>{i} cost!={i}" for i in range(LIMITS.terms // 2)),
}
# Runs of the syntax's pieces long enough to cross every limit.
HOSTILE = st.one_of(
    st.lists(st.sampled_from([*PIECES, "-", "(", ")", "a* ", "-a ", "has:ruling ", "t:x "]),
             max_size=300).map("".join),
    st.tuples(st.sampled_from(["-", "(", "-(", "a ", "t:x ", "has:ruling ", "o:x ", "a or "]),
              st.integers(1, 600)).map(lambda pair: pair[0] * pair[1]),
)


@pytest.fixture
def catalog(db, settings):
    settings.SEARCH_TIME_BUDGET_MS = budget.DEFAULT_BUDGET_MS  # production's, not the suite's
    build_search_catalog()
    Client().get("/search/?q=warm")  # URL conf, templates: the first request's own cost


def timed(client, url):
    start = time.monotonic()
    response = client.get(url)
    return response, time.monotonic() - start


def check(client, q):
    for endpoint in ENDPOINTS:
        response, seconds = timed(client, endpoint + quote(q))
        if response.status_code == 503 or seconds >= SECOND:
            # Once more: the machine is shared, and a query that is slow in itself
            # is slow twice, while another process's burst is not.
            response, seconds = timed(client, endpoint + quote(q))
        assert response.status_code < 500, (endpoint, q[:80], response.content[:300])
        assert seconds < SECOND, (endpoint, q[:80], seconds)
        if response.status_code == 400 and endpoint.startswith("/api/"):
            body = response.json()
            assert body["code"] in ("bad_query", "invalid"), body  # invalid: a blank q
            assert body["code"] == "invalid" or isinstance(body["position"], int), body


@pytest.mark.parametrize("name", TABLE)
def test_the_table_of_hostile_queries(catalog, name):
    check(Client(), TABLE[name])


def test_over_a_limit_the_api_and_the_pages_say_which_and_where(catalog):
    client = Client()
    q = "-" * 490 + "a"
    body = client.get("/api/search/?q=" + quote(q)).json()
    assert body["status"] == 400 and body["position"] == LIMITS.depth
    assert "nested" in body["detail"] and str(LIMITS.depth) in body["detail"]
    long = client.get("/api/cards/?q=" + "x" * 600).json()
    assert long["code"] == "bad_query" and long["position"] == LIMITS.length
    assert "500 characters" in long["detail"]
    for page in PAGES:
        response = client.get(page + quote(" ".join(["t:x"] * 125)))
        assert response.status_code == 400
        html = response.content.decode()
        assert "Too many terms" in html and f"at character {4 * LIMITS.terms + 1}" in html


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=HOSTILE)
def test_generated_hostile_queries(catalog, q):
    check(Client(), q)
