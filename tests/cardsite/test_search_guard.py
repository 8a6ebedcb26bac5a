"""Search pages share the API's anonymous allowance (at a higher cost) and answer
a search past its time budget with a 503 that says so (cardsite.pages.guard)."""
import pytest
from django.test import Client

from cardsite.api import throttling
from cardsite.pages.guard import SEARCH_PAGE_COST
from rulesref.search import budget
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db):
    build_search_catalog()


@pytest.fixture
def clock(monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(throttling, "clock", lambda: now[0])
    return now


def test_a_search_page_spends_more_of_the_allowance_than_a_card_page(catalog, settings, clock):
    settings.API_ANON_THROTTLE_RATE = f"{2 * SEARCH_PAGE_COST}/min"
    client = Client()
    assert [client.get("/search/?q=zap").status_code for _ in range(3)] == [200, 200, 429]
    refused = client.get("/cards/?q=bolt")
    assert refused.status_code == 429 and "Too many searches" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert client.get("/api/games/").status_code == 429  # the same allowance as the API
    clock[0] += 60
    assert [client.get("/cards/").status_code for _ in range(2 * SEARCH_PAGE_COST)] == \
        [200] * (2 * SEARCH_PAGE_COST)  # no query: a card page's cost
    assert client.get("/cards/").status_code == 429


def test_signed_in_users_are_not_throttled(catalog, settings, clock, django_user_model):
    settings.API_ANON_THROTTLE_RATE = "1/min"
    client = Client()
    client.force_login(django_user_model.objects.create_user("reader", password="pw-12345678"))
    assert {client.get("/search/?q=zap").status_code for _ in range(5)} == {200}


@pytest.mark.parametrize("url", ["/search/?q=zap", "/cards/?q=bolt", "/rulings/?q=bolt"])
def test_a_page_past_the_budget_is_a_503_that_says_so(catalog, settings, monkeypatch, url):
    settings.SEARCH_TIME_BUDGET_MS = 0
    monkeypatch.setattr(budget, "PROGRESS_STEPS", 1)
    response = Client().get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    assert "took longer than the 0 ms" in response.content.decode()


@pytest.mark.parametrize("url", ["/api/search/?q=bolt", "/api/cards/?q=bolt",
                                 "/api/rulings/?q=bolt", "/api/cards/random/?q=bolt"])
def test_an_api_search_past_the_budget_is_a_json_503(catalog, settings, monkeypatch, url):
    settings.SEARCH_TIME_BUDGET_MS = 0
    monkeypatch.setattr(budget, "PROGRESS_STEPS", 1)
    response = Client().get(url)
    assert response.status_code == 503 and response["Retry-After"] == "1"
    body = response.json()
    assert body["code"] == "search_timeout" and "took longer" in body["detail"]
