"""Each page runs a fixed number of SQL queries, however many results it shows."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.web.response_cache import bump_catalog_version
from rulesref.search.questions import vocabulary
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db

# The search pages' time budget on PostgreSQL inside the test's transaction: a
# savepoint, the settings, their restore, the release (in production: one).
SEARCH_PAGES = {"/search/", "/search/suggest/", "/cards/", "/rulings/"}
BUDGET_QUERIES = 4
# (url, query string, the most queries the page may run; search pages also
# write the client's allowance: one more)
PAGES = [
    ("/", {}, 2),
    # (on SQLite the sections are ranked in the index first: the counts, then the best)
    ("/search/", {"q": "zap"}, 9),
    ("/search/suggest/", {"q": "fil"}, 2),
    ("/cards/", {}, 5),
    ("/cards/", {"q": "filler", "view": "grid", "order": "name"}, 6),
    ("/cards/rumble/zapper/", {}, 1),  # one statement: the entry, its relations, neighbours, terms
    ("/cards/rumble/zapper/preview/", {}, 3),  # + its images
    ("/games/rumble/", {}, 9),  # + coverage of scripted entries and of applicable fields
    ("/rules/rumble/", {}, 3),
    ("/rules/rumble/2/", {}, 8),
    ("/rules/rumble/1.1/", {}, 10),
    ("/glossary/", {}, 2),
    ("/glossary/", {"game": "demoniac"}, 2),
    ("/glossary/initiative/", {}, 2),
    ("/rulings/", {}, 8),
    ("/rulings/", {"game": "rumble", "kind": "clarification", "q": "zapper"}, 8),
    ("/rulings/", {"entry": "rumble/zapper"}, 8),
]


def count_queries(client, url, params):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, params)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


@pytest.mark.parametrize(("url", "params", "bound"), PAGES)
def test_query_count_does_not_grow_with_the_results(
    client, url, params, bound, django_assert_max_num_queries,
):
    # The index's vocabulary (spelling corrections) is built once per change of the
    # index, outside the search's budget: not per request, so not counted here.
    # A write's commit bumps the catalog version (the test's transaction never commits).
    catalog_import(data=pages_catalog(extra=2))
    bump_catalog_version()
    vocabulary()
    small = count_queries(client, url, params)
    catalog_import(data=pages_catalog(extra=40))
    bump_catalog_version()
    vocabulary()
    if url in SEARCH_PAGES and connection.vendor == "postgresql":
        bound += BUDGET_QUERIES
    with django_assert_max_num_queries(bound):
        big = count_queries(client, url, params)
    assert big == small
