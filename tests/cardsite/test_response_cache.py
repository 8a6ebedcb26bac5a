"""The shared response cache: anonymous GETs hit, any catalog write invalidates."""
import pytest
from django.contrib.auth.models import User
from django.core.cache import caches

from cardsite.models import Entry, Game

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def cache_on(settings):
    from cardsite.web.response_cache import doorkeeper, local_tier

    settings.RESPONSE_CACHE = True
    caches["responses"].clear()
    local_tier.clear()
    doorkeeper.clear()


@pytest.fixture
def entry():
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")
    return Entry.objects.create(game=game, slug="zapper", name="Zapper", kind="card", initiative=3)


def shared_writes(queries) -> list[str]:
    return [q["sql"] for q in queries if "response_cache" in q["sql"] and "INSERT" in q["sql"]]


def test_a_search_is_kept_from_its_second_request(client, entry):
    """Asked once: answered as with the cache off, nothing read or written (most
    distinct searches are asked once). Asked again: made again and stored in the
    process's memory and the shared tier; then a hit, from memory (one read: the
    versions) or, in another process (here: the memory emptied), the shared tier."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cardsite.web.response_cache import local_tier

    client.get("/api/cards/")  # the catalog versions made
    url = "/api/cards/?q=zap"
    with CaptureQueriesContext(connection) as queries:
        first = client.get(url)
    assert first.status_code == 200 and first["X-Cache"] == "miss"
    assert [q for q in queries if "response_cache" in q["sql"]] == []
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url)
    assert second["X-Cache"] == "miss" and second.json() == first.json()
    assert len(shared_writes(queries)) == 1
    with CaptureQueriesContext(connection) as queries:
        third = client.get(url)
    assert third["X-Cache"] == "hit" and len(queries) == 1  # the versions, nothing else
    local_tier.clear()  # another process
    with CaptureQueriesContext(connection) as queries:
        fourth = client.get(url)
    assert fourth["X-Cache"] == "hit" and fourth.json() == first.json()
    assert shared_writes(queries) == []


def test_a_page_without_a_query_is_kept_from_its_first_request(client, entry):
    url = "/api/cards/rumble/zapper/"
    assert client.get(url)["X-Cache"] == "miss"
    assert client.get(url)["X-Cache"] == "hit"


def test_a_first_miss_costs_no_query_more_than_no_cache(client, entry, settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get("/api/search/?q=warm")
    settings.RESPONSE_CACHE = False
    with CaptureQueriesContext(connection) as off:
        client.get("/api/search/", {"q": "zapper"})
    settings.RESPONSE_CACHE = True
    with CaptureQueriesContext(connection) as on:
        assert client.get("/api/search/", {"q": "zap"})["X-Cache"] == "miss"
    assert len(on) == len(off)  # the same statements (the throttle's differ by the clock)


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
    (cardsite.web.db_cache), not Django's COUNT, SELECT and INSERT per key."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cardsite.web import db_cache

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
    reads = [q for q in queries if "catalog-version" in q["sql"]]  # every scope's, at once
    assert len(reads) == 1


@pytest.mark.django_db(transaction=True)
def test_a_renamed_game_is_named_in_words_at_once(client, entry):
    entry.game.short_name = "Castle"
    assert client.get("/api/search/", {"q": "zapper castle"}).json()["understood"]["game"] is None
    entry.game.save()  # the version bump: the search's kept game names are read again
    assert client.get("/api/search/", {"q": "zapper castle"}).json()["understood"]["game"] == "rumble"


def test_culling_counts_the_table_on_a_sample_of_writes(monkeypatch):
    from cardsite.web import db_cache

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


@pytest.fixture
def two_games(entry):
    anarchy = Game.objects.create(slug="anarchy", name="Anarchy", short_name="Anarchy",
                                  family="spell", rulebook="a.txt")
    other = Entry.objects.create(game=anarchy, slug="bolt", name="Bolt", kind="card")
    return entry, other


def cached(client, url) -> bool:
    """Asked until served from the cache (a search is kept from its second request)."""
    return any(client.get(url)["X-Cache"] == "hit" for _ in range(3))


@pytest.mark.django_db(transaction=True)
def test_an_entry_write_retires_its_game_and_the_searches_only(client, two_games):
    zapper, bolt = two_games
    pages = ["/cards/rumble/zapper/", "/cards/anarchy/bolt/", "/api/cards/anarchy/bolt/",
             "/games/anarchy/", "/search/?q=damage", "/api/cards/?q=zap"]
    assert all(cached(client, url) for url in pages)
    zapper.text = "Deal 3 damage."
    zapper.save()
    after = {url: client.get(url)["X-Cache"] for url in pages}
    assert after == {"/cards/rumble/zapper/": "miss", "/cards/anarchy/bolt/": "hit",
                     "/api/cards/anarchy/bolt/": "hit", "/games/anarchy/": "hit",
                     "/search/?q=damage": "miss", "/api/cards/?q=zap": "miss"}
    assert b"Deal 3 damage." in client.get("/cards/rumble/zapper/").content


@pytest.mark.django_db(transaction=True)
def test_a_ruling_write_retires_the_games_of_what_it_cites(client, two_games):
    from rulesref.models import Ruling

    zapper, bolt = two_games
    ruling = Ruling.objects.create(game=bolt.game, slug="zap-bolt", question="Q?",
                                   answer="Zapper and Bolt.", kind="faq", source="1.1")
    ruling.entries.set([zapper, bolt])
    assert cached(client, "/cards/rumble/zapper/") and cached(client, "/cards/anarchy/bolt/")
    ruling.answer = "Zapper first, then Bolt."
    ruling.save()
    zapper_page = client.get("/cards/rumble/zapper/")
    assert zapper_page["X-Cache"] == "miss" and b"Zapper first, then" in zapper_page.content
    assert client.get("/cards/anarchy/bolt/")["X-Cache"] == "miss"
    # an entry cited by another game's ruling: that game's pages show the entry too
    assert cached(client, "/cards/anarchy/bolt/")
    zapper.name = "Zapper Deluxe"
    zapper.save()
    assert client.get("/cards/anarchy/bolt/")["X-Cache"] == "miss"


@pytest.mark.django_db(transaction=True)
def test_a_game_write_or_a_delete_retires_everything(client, two_games):
    zapper, bolt = two_games
    assert cached(client, "/cards/anarchy/bolt/")
    zapper.game.name = "Rumble at Castle Tentakill"
    zapper.game.save()
    assert client.get("/cards/anarchy/bolt/")["X-Cache"] == "miss"
    assert cached(client, "/cards/anarchy/bolt/")
    Entry.objects.create(game=zapper.game, slug="gone", name="Gone", kind="card").delete()
    assert client.get("/cards/anarchy/bolt/")["X-Cache"] == "miss"


@pytest.mark.django_db(transaction=True)
def test_moving_an_entry_to_another_game_retires_both(client, two_games):
    zapper, bolt = two_games
    assert cached(client, "/cards/anarchy/bolt/")
    zapper.game = bolt.game
    zapper.save()
    assert client.get("/cards/anarchy/bolt/")["X-Cache"] == "miss"


def test_the_memory_tier_keeps_within_its_bytes():
    from cardsite.web.response_cache import LocalTier

    tier = LocalTier(max_bytes=3000)
    for n in range(10):
        tier.set(f"k{n}", "x" * 1000)
    assert tier.size <= 3000 and tier.get("k9") == "x" * 1000 and tier.get("k0") is None
    tier.set("huge", "x" * 5000)
    assert tier.get("huge") is None and tier.get("k9") is not None
