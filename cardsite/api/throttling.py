"""Throttling of anonymous API clients: one statement per request.

The rate comes from settings.API_ANON_THROTTLE_RATE (env API_ANON_THROTTLE_RATE,
e.g. "600/min"; "off" disables it) and is read per request, so tests can lower
it. Over the rate: 429 with Retry-After (seconds). Signed-in users and staff
tokens are not throttled.

The allowance is the generic cell rate algorithm: each client has one number,
``due``, the time its next request is due if it kept exactly to the rate. A
request pushes ``due`` on by one interval (period / limit) and is allowed while
``due`` stays within one period of now, so a client may burst up to the limit
and then goes at the rate. It is one conditional UPSERT in a table shared by
every app process (``ApiAllowance``); a refused request changes nothing, so it
is not counted. When SQLite's write lock is held by another writer (an import)
the request is let through uncounted after 50 ms (cardsite.web.db_contention). With
REDIS_URL set the allowance is a Redis key instead, updated by one Lua script. DRF's own throttles keep a list of timestamps per client in a
cache and took about six queries per request.
"""
from __future__ import annotations

import hashlib
import random
import time
from functools import cache

from django.conf import settings
from django.db import connection
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from cardsite.models import ApiAllowance
from cardsite.web.db_contention import skipped_when_locked
from cardsite.web.sql_names import column, table

PRUNE_CHANCE = 0.001  # about one request in a thousand also deletes settled allowances
clock = time.time  # tests move it


@cache
def _take_sql() -> str:
    allowance, client, due = table(ApiAllowance), column(ApiAllowance, "client"), \
        column(ApiAllowance, "due")
    # The next due time: from the stored one, or from now if that has passed.
    following = f"CASE WHEN {allowance}.{due} > %s THEN {allowance}.{due} ELSE %s END + %s"
    return (f"INSERT INTO {allowance} ({client}, {due}) VALUES (%s, %s) "
            f"ON CONFLICT ({client}) DO UPDATE SET {due} = {following} "
            f"WHERE {following} - %s <= %s RETURNING {due}")


@cache
def _due_sql() -> str:
    return (f"SELECT {column(ApiAllowance, 'due')} FROM {table(ApiAllowance)} "
            f"WHERE {column(ApiAllowance, 'client')} = %s")


@cache
def _prune_sql() -> str:
    return f"DELETE FROM {table(ApiAllowance)} WHERE {column(ApiAllowance, 'due')} < %s"


def take(client: str, now: float, interval: float, period: float) -> float | None:
    """Spend one request of ``client``'s allowance; None if that would go over the rate,
    else the new due time."""
    following = [now, now, interval]
    with connection.cursor() as cursor:
        cursor.execute(_take_sql(), [client, now + interval, *following, *following, now,
                                     period])
        row = cursor.fetchone()
        if random.random() < PRUNE_CHANCE:
            cursor.execute(_prune_sql(), [now])  # past due: the same as no row
    return None if row is None else row[0]


def due(client: str) -> float | None:
    with connection.cursor() as cursor:
        cursor.execute(_due_sql(), [client])
        row = cursor.fetchone()
    return None if row is None else row[0]


def client_address(request) -> str:
    """The client's address: X-Forwarded-For behind API_NUM_PROXIES, else the peer's."""
    return BaseThrottle().get_ident(request)


def client_key(scope: str, request) -> str:
    """A hash of the client's address, per scope (the allowance table's key)."""
    return hashlib.sha256(f"{scope}:{client_address(request)}".encode()).hexdigest()


def spend(client: str, rate: str | None, cost: int = 1) -> float | None:
    """Spend ``cost`` of ``client``'s requests at ``rate`` ("60/hour"; None or "off":
    no limit); None when allowed, else the seconds to wait. Other parts of the
    site share this allowance table through it."""
    if not rate or rate.lower() == "off":
        return None
    limit, period = SimpleRateThrottle.parse_rate(None, rate)
    interval, now = period / limit * cost, clock()
    redis = _redis()
    if redis is not None:
        key = f"allowance:{client}"
        taken = redis.eval(REDIS_TAKE, 1, key, repr(now), repr(interval), repr(period))
        stored = None if taken is not None else redis.get(key)
        stored = None if stored is None else float(stored)
    else:
        taken = skipped_when_locked(lambda: take(client, now, interval, period), "locked")
        stored = None if taken is not None else due(client)
    if taken is not None:
        return None
    return max(1.0, (stored or now) + interval - period - now)


# The same conditional update as _take_sql, atomic in Redis: the new due time, or
# nil when it would go over the rate. The key expires once it no longer limits.
REDIS_TAKE = """
local now, interval, period = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local due = tonumber(redis.call('GET', KEYS[1]))
local following = ((due and due > now) and due or now) + interval
if following - now > period then return nil end
redis.call('SET', KEYS[1], string.format('%.6f', following), 'PX',
           math.ceil((following - now) * 1000) + 1000)
return string.format('%.6f', following)
"""


def _redis():
    """The Redis client when REDIS_URL is set (the response cache's server), else None."""
    if not getattr(settings, "REDIS_URL", ""):
        return None
    from django.core.cache import caches

    return caches["responses"]._cache.get_client(write=True)


class AnonymousClientThrottle(SimpleRateThrottle):
    scope = "anon"
    # Requests one call spends: the HTML search pages (cardsite.pages.guard) share
    # this allowance and spend more than one.
    cost = 1

    def __init__(self):
        # DRF reads a throttle's rate once at import; ours follows the setting.
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.retry_after: float | None = None

    def get_rate(self):
        rate = getattr(settings, "API_ANON_THROTTLE_RATE", None)
        return None if not rate or rate.lower() == "off" else rate

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        return client_key(self.scope, request)

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        client = self.get_cache_key(request, view)
        if client is None:
            return True
        # Allowed again once the next due time comes within one period of now
        # (Retry-After is whole seconds, at least 1). While another process holds
        # SQLite's write lock (an import), the request goes through uncounted.
        self.retry_after = spend(client, self.rate, self.cost)
        return self.retry_after is None

    def wait(self):
        return self.retry_after
