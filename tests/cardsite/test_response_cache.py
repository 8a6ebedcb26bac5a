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
