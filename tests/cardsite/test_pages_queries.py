"""Each page runs a fixed number of SQL queries, however many results it shows."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.catalog_import import catalog_import
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db

# (url, query string, the most queries the page may run)
PAGES = [
    ("/", {}, 2),
    ("/search/", {"q": "zapper"}, 2),
    ("/search/suggest/", {"q": "fil"}, 1),
    ("/cards/", {}, 4),
    ("/cards/", {"q": "filler", "view": "grid", "order": "name"}, 5),
    ("/cards/rumble/zapper/", {}, 9),
    ("/cards/rumble/zapper/preview/", {}, 2),
    ("/games/rumble/", {}, 7),
    ("/rules/rumble/", {}, 3),
    ("/rules/rumble/2/", {}, 8),
    ("/rules/rumble/1.1/", {}, 10),
    ("/glossary/", {}, 2),
    ("/glossary/", {"game": "demoniac"}, 2),
    ("/glossary/initiative/", {}, 2),
    ("/rulings/", {}, 7),
    ("/rulings/", {"game": "rumble", "kind": "clarification", "q": "zapper"}, 7),
    ("/rulings/", {"entry": "rumble/zapper"}, 7),
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
    catalog_import(data=pages_catalog(extra=2))
    small = count_queries(client, url, params)
    catalog_import(data=pages_catalog(extra=40))
    with django_assert_max_num_queries(bound):
        big = count_queries(client, url, params)
    assert big == small
