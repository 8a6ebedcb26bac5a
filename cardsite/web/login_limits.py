"""Two limits on wrong admin passwords, through django-axes.

Axes counts failures per lockout parameter (this username from this address;
this address across usernames) and compares the largest count with one
``AXES_FAILURE_LIMIT``. The address's count is always the largest, so a limit
per username needs the pair's own count: ``failure_limit`` answers the per-username
limit once that pair has reached it, else the (higher) per-address one. So five
wrong passwords lock one account out from an address, and twenty across any
usernames (password spraying) lock the address out.
"""
from __future__ import annotations

from axes.helpers import get_client_ip_address, get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def failure_limit(request, credentials=None) -> int:
    per_username = settings.AXES_USERNAME_FAILURE_LIMIT
    username = get_client_username(request, credentials)
    address = getattr(request, "axes_ip_address", None) or get_client_ip_address(request)
    pair = AccessAttempt.objects.filter(username=username, ip_address=address).aggregate(
        n=Sum("failures_since_start"))["n"] or 0
    return per_username if pair >= per_username else settings.AXES_ADDRESS_FAILURE_LIMIT
