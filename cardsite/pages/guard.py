"""What a search page spends: the anonymous allowance it shares with the API, and
a time budget for its database work.

A search page costs SEARCH_PAGE_COST requests of the API's anonymous allowance
(cardsite.api.throttling: one per client, whichever way it comes in); over it,
a 429 page with Retry-After. Its queries run inside the search time budget
(rulesref.search.budget); past it, a 503 page that says so.
"""
from __future__ import annotations

import math
from functools import wraps

from django.shortcuts import render

from cardsite.api.throttling import AnonymousClientThrottle
from rulesref.search.budget import SearchTimeout, time_budget

SEARCH_PAGE_COST = 4  # a card page costs 1


def _refused(request, status: int, title: str, message: str, retry_after: int | None = None):
    response = render(request, "search_refused.html", {
        "title": title, "message": message, "q": request.GET.get("q", "")}, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def search_cost(request) -> int:
    """A page with a query costs a search; the same page without one, a card page."""
    return SEARCH_PAGE_COST if request.GET.get("q", "").strip() else 1


def search_page(cost=search_cost):
    """Decorate a page view that runs a search (``cost``: the requests it spends, or a
    function of the request giving them)."""
    def decorate(view):
        @wraps(view)
        def guarded(request, *args, **kwargs):
            throttle = AnonymousClientThrottle()
            throttle.cost = cost(request) if callable(cost) else cost
            if not throttle.allow_request(request, None):
                wait = math.ceil(throttle.wait() or 1)
                return _refused(request, 429, "Too many searches",
                                f"Too many searches from your address: try again in {wait} "
                                f"second{'s' if wait != 1 else ''}.", wait)
            try:
                with time_budget():
                    return view(request, *args, **kwargs)
            except SearchTimeout as timeout:
                return _refused(request, 503, "This search took too long", timeout.message, 1)
        return guarded
    return decorate
