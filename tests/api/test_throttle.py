"""The anonymous throttle's allowance (cardsite.api.throttling), on a clock the test moves."""
import os

import pytest

from cardsite.api import throttling
from cardsite.models import ApiAllowance
from tests.api.assertions import assert_error

REDIS_URL = os.environ.get("TEST_REDIS_URL", "")


@pytest.fixture(params=["table", pytest.param("redis", marks=pytest.mark.skipif(
    not REDIS_URL, reason="TEST_REDIS_URL is not set (.ci/run starts a redis-server)"))])
def allowance_store(request, settings):
    """The allowances in the database table, or in Redis (REDIS_URL set)."""
    if request.param == "redis":
        from django.core.cache import caches

        settings.REDIS_URL = REDIS_URL
        settings.CACHES = {**settings.CACHES, "responses": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
        caches["responses"].clear()  # TEST_REDIS_URL names a database of the tests' own
    return request.param


@pytest.fixture
def clock(monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(throttling, "clock", lambda: now[0])
    return now


def _get(api):
    return api.get("/api/games/")


@pytest.mark.usefixtures("allowance_store")
def test_a_burst_up_to_the_limit_then_one_request_per_interval(api, catalog, settings, clock):
    settings.API_ANON_THROTTLE_RATE = "3/min"  # a request every 20 seconds, bursts of 3
    assert [_get(api).status_code for _ in range(4)] == [200, 200, 200, 429]
    clock[0] += 19
    assert _get(api).status_code == 429
    clock[0] += 1
    assert [_get(api).status_code for _ in range(2)] == [200, 429]
    clock[0] += 60
    assert [_get(api).status_code for _ in range(4)] == [200, 200, 200, 429]


@pytest.mark.usefixtures("allowance_store")
def test_retry_after_says_when_the_next_request_is_allowed(api, catalog, settings, clock):
    settings.API_ANON_THROTTLE_RATE = "3/min"
    for _ in range(3):
        _get(api)
    clock[0] += 5
    response = _get(api)
    assert_error(response, 429, "throttled")
    assert response["Retry-After"] == "15"
    clock[0] += 15
    assert _get(api).status_code == 200


def test_refused_requests_are_not_counted(api, catalog, settings, clock):
    settings.API_ANON_THROTTLE_RATE = "1/min"
    assert _get(api).status_code == 200
    for _ in range(50):  # hammering while refused does not push the allowance further out
        assert _get(api).status_code == 429
    clock[0] += 60
    assert _get(api).status_code == 200


def test_settled_allowances_are_pruned(api, catalog, settings, clock, monkeypatch):
    settings.API_ANON_THROTTLE_RATE = "60/min"
    _get(api)
    assert ApiAllowance.objects.count() == 1
    clock[0] += 10  # the first client's allowance is full again: its row can go
    monkeypatch.setattr(throttling, "PRUNE_CHANCE", 1.0)
    api.get("/api/games/", REMOTE_ADDR="192.0.2.7")
    assert ApiAllowance.objects.count() == 1  # only the new client's row is left


def test_throttle_off_writes_nothing(api, catalog, settings):
    settings.API_ANON_THROTTLE_RATE = "off"
    assert all(_get(api).status_code == 200 for _ in range(5))
    assert not ApiAllowance.objects.exists()
