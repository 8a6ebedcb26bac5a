"""The sandbox throttles: the API's anonymous allowance, each with its own scope and rate.

Opening a table writes rows, so anonymous clients get a lower rate for it
(settings.SANDBOX_CREATE_RATE, e.g. "60/hour"; "off" disables it) than
for reading the API. The HTML sandbox and the JSON API both go through
``service.check_creation_throttle``, so one allowance covers both.
"""
from __future__ import annotations

import threading

from django.conf import settings

from cardsite.api.throttling import AnonymousClientThrottle, spend

# Moves a process books at once for a client, when the rate is high enough to spare them:
# one write of the allowance table every MOVES_BOOKED moves, not one a move (a client far
# from its limit), and one a move near the limit (a chunk no longer fits: exact again).
MOVES_BOOKED = 20
CLIENTS_KEPT = 10_000
_booked: dict[str, int] = {}  # client key -> moves booked by this process, not yet taken
_booked_lock = threading.Lock()


def _take_booked(client: str) -> bool:
    with _booked_lock:
        left = _booked.get(client, 0)
        if left <= 0:
            return False
        _booked[client] = left - 1
        return True


def _book(client: str, moves: int) -> None:
    with _booked_lock:
        if len(_booked) >= CLIENTS_KEPT:
            _booked.clear()  # the moves booked are lost, never given twice
        _booked[client] = moves


class SandboxCreationThrottle(AnonymousClientThrottle):
    scope = "sandbox-create"

    def get_rate(self):
        rate = getattr(settings, "SANDBOX_CREATE_RATE", None)
        return None if not rate or rate.lower() == "off" else rate


class SandboxActionThrottle(AnonymousClientThrottle):
    """Moves and undos, HTML and JSON together (settings.SANDBOX_ACTION_RATE, by default
    2000/hour: a burst of 2,000 covers a whole game, the longest, Satanic Panic, takes
    about 900 moves, then one move every 1.8 s, faster than a person plays; a bot's
    flood is refused). Not the API's general allowance, which a game outruns."""

    scope = "sandbox-action"

    def get_rate(self):
        rate = getattr(settings, "SANDBOX_ACTION_RATE", None)
        return None if not rate or rate.lower() == "off" else rate

    def allow_request(self, request, view):
        """Moves are booked MOVES_BOOKED at a time in the allowance table (spent there at
        once, so a flood meets the limit as before: each process may at most run ahead by
        the moves it booked) and taken from the process's booking without a write; a
        rate under 100 times that books one move at a time."""
        if self.rate is None:
            return True
        client = self.get_cache_key(request, view)
        if client is None:
            return True
        booking = f"{self.rate}:{client}"  # a changed rate books afresh
        if _take_booked(booking):
            return True
        chunk = MOVES_BOOKED if self.num_requests >= 100 * MOVES_BOOKED else 1
        if chunk > 1 and spend(client, self.rate, chunk) is None:
            _book(booking, chunk - 1)
            return True
        self.retry_after = spend(client, self.rate, 1)
        return self.retry_after is None
