"""Every read runs a fixed number of queries, whatever the number of results."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.models import Entry, Game
from rulesref.models import Ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def bigger_catalog(catalog):
    rumble = Game.objects.get(slug="rumble")
    zapper = Entry.objects.get(slug="zapper")
    for i in range(12):
        entry = Entry.objects.create(game=rumble, slug=f"test-card-{i}", name=f"Test Card {i}",
                                     kind="card", position=50 + i)
        ruling = Ruling.objects.create(game=rumble, slug=f"test-ruling-{i}", question=f"Q{i}?",
                                       answer="A.", source="Turn Order", position=50 + i)
        ruling.entries.set([entry, zapper])


def queries(api, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert api.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("url", [
    "/api/cards/?page_size={n}", "/api/rulings/?page_size={n}", "/api/rules/?page_size={n}",
    "/api/glossary/?page_size={n}", "/api/games/?page_size={n}", "/api/search/?q=test&page_size={n}",
])
def test_lists_run_a_fixed_number_of_queries(api, bigger_catalog, url):
    api.get(url.format(n=1))  # per-process caches (the search vocabulary) filled once
    assert queries(api, url.format(n=2)) == queries(api, url.format(n=12))


def test_entry_detail_does_not_query_per_ruling(api, bigger_catalog):
    many = queries(api, "/api/cards/rumble/zapper/")  # fourteen rulings
    Ruling.objects.filter(slug__startswith="test-ruling-").exclude(slug="test-ruling-0").delete()
    assert queries(api, "/api/cards/rumble/zapper/") == many
