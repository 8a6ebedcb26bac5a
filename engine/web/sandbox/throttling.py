"""The sandbox throttles: the API's anonymous allowance, each with its own scope and rate.

Opening a table writes rows, so anonymous clients get a lower rate for it
(settings.SANDBOX_CREATE_RATE, e.g. "60/hour"; "off" disables it) than
for reading the API. The HTML sandbox and the JSON API both go through
``service.check_creation_throttle``, so one allowance covers both.
"""
from __future__ import annotations

from django.conf import settings

from cardsite.api.throttling import AnonymousClientThrottle


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
