"""The shared response cache: anonymous GETs hit, any catalog write invalidates."""
import pytest
from django.contrib.auth.models import User
from django.core.cache import caches

from cardsite.models import Entry, Game

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def cache_on(settings):
    settings.RESPONSE_CACHE = True
    caches["responses"].clear()


@pytest.fixture
def entry():
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")
    return Entry.objects.create(game=game, slug="zapper", name="Zapper", kind="card", initiative=3)


def test_second_anonymous_get_is_served_from_the_cache(client, entry, django_assert_max_num_queries):
    url = "/api/cards/rumble/zapper/"
    first = client.get(url)
    assert first.status_code == 200 and first["X-Cache"] == "miss"
    with django_assert_max_num_queries(3):
        second = client.get(url)
    assert second["X-Cache"] == "hit"
    assert second.json() == first.json()


@pytest.mark.django_db(transaction=True)
def test_a_catalog_write_retires_cached_responses(client, entry):
    url = "/cards/rumble/zapper/"
    assert client.get(url)["X-Cache"] == "miss"
    assert client.get(url)["X-Cache"] == "hit"
    entry.name = "Zapper Deluxe"
    entry.save()  # autocommit: the version bump runs at once
    response = client.get(url)
    assert response["X-Cache"] == "miss"
    assert b"Zapper Deluxe" in response.content


def test_authenticated_requests_and_errors_are_not_cached(client, entry):
    assert client.get("/api/cards/rumble/nope/").status_code == 404
    assert "X-Cache" not in client.get("/api/cards/rumble/nope/")
    client.force_login(User.objects.create_user("staff", is_staff=True))
    assert "X-Cache" not in client.get("/cards/rumble/zapper/")


def test_sandboxes_and_random_cards_are_never_cached(client, entry):
    assert "X-Cache" not in client.get("/engine/sandbox/")
    table = client.post("/api/engine/sandboxes/", {"game": "satanic-panic", "players": 2},
                        content_type="application/json").json()
    assert "X-Cache" not in client.get(table["url"])
    client.post(f"{table['url']}actions/", {"version": table["version"], "action": {
        "type": "end-turn", "player": "Wizard 1"}}, content_type="application/json")
    again = client.get(table["url"])  # a move later: the table as it is now, never cached
    assert "X-Cache" not in again and again.json()["version"] == table["version"] + 1
    assert "X-Cache" not in client.get(table["log_url"])
    response = client.get("/api/cards/random/")
    assert response.status_code == 200 and "X-Cache" not in response


def test_a_cached_response_still_answers_conditional_requests(client, entry):
    url = "/api/bulk/catalog.json"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["X-Cache"] == "hit"


def test_a_stored_response_is_one_write(client, entry, monkeypatch):
    """The URL's header list and the response: one transaction of upserts
    (cardsite.db_cache), not Django's COUNT, SELECT and INSERT per key."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cardsite import db_cache

    client.get("/api/cards/")  # the catalog version made
    monkeypatch.setattr(db_cache.DatabaseCache, "_writes", 1)  # not a write that counts
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/cards/rumble/zapper/")["X-Cache"] == "miss"
    writes = [q["sql"] for q in queries if "response_cache" in q["sql"] and any(
        word in q["sql"] for word in ("INSERT", "UPDATE", "COUNT"))]
    # both keys in one statement (the debug log's "2 times: INSERT ..."); no count
    # for culling, which is made on one write in CULL_CHECK_EVERY
    assert len(writes) == 1 and writes[0].startswith("2 times: INSERT") and "ON CONFLICT" in writes[0]
    assert client.get("/api/cards/rumble/zapper/")["X-Cache"] == "hit"


def test_the_catalog_version_is_read_once_a_request(client, entry):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get("/api/search/?q=warm")
    with CaptureQueriesContext(connection) as queries:
        client.get("/api/search/", {"q": "zapper deluxe"})  # the cache's prefix and the vocabulary
    reads = [q for q in queries if "catalog-version" in q["sql"]]
    assert len(reads) == 1


@pytest.mark.django_db(transaction=True)
def test_a_renamed_game_is_named_in_words_at_once(client, entry):
    entry.game.short_name = "Castle"
    assert client.get("/api/search/", {"q": "zapper castle"}).json()["understood"]["game"] is None
    entry.game.save()  # the version bump: the search's kept game names are read again
    assert client.get("/api/search/", {"q": "zapper castle"}).json()["understood"]["game"] == "rumble"


def test_culling_counts_the_table_on_a_sample_of_writes(monkeypatch):
    from cardsite import db_cache

    monkeypatch.setattr(db_cache.DatabaseCache, "_writes", 0)
    cache = db_cache.DatabaseCache("response_cache", {"OPTIONS": {"MAX_ENTRIES": 10,
                                                                  "CULL_FREQUENCY": 2}})
    for n in range(3 * db_cache.CULL_CHECK_EVERY):
        cache.set_many({f"k{n}": n, f"h{n}": [n]}, 60)
    assert cache.get_many(["k0", f"k{3 * db_cache.CULL_CHECK_EVERY - 1}"]) != {}
    from django.db import connection
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM response_cache")
        rows = cursor.fetchone()[0]
    # 120 rows without culling; a cull halves the table (CULL_FREQUENCY 2), and then
    # a check's 20 writes of two rows follow: at most 80
    assert rows <= 4 * db_cache.CULL_CHECK_EVERY
    assert cache.get(f"k{3 * db_cache.CULL_CHECK_EVERY - 1}") == 3 * db_cache.CULL_CHECK_EVERY - 1
