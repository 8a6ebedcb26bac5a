"""Throttling of anonymous API clients.

The rate comes from settings.API_ANON_THROTTLE_RATE (env API_ANON_THROTTLE_RATE,
e.g. "600/min"; "off" disables it) and is read per request, so tests can lower
it. Counts live in the database cache table (settings.CACHES["api-throttle"])
so that several app processes share them: nothing is kept in process memory.
Over the rate: 429 with Retry-After (seconds).
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import AnonRateThrottle

THROTTLE_CACHE_ALIAS = "api-throttle"


class AnonymousClientThrottle(AnonRateThrottle):
    scope = "anon"

    def __init__(self):
        # AnonRateThrottle reads its rate once at import; ours follows the setting.
        self.cache = caches[THROTTLE_CACHE_ALIAS]
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self):
        rate = getattr(settings, "API_ANON_THROTTLE_RATE", None)
        return None if not rate or rate.lower() == "off" else rate
