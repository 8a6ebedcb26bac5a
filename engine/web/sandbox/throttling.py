"""The sandbox-creation throttle: the API's anonymous allowance, with its own scope and rate.

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
