"""HTTP caching for API reads: ETag, Cache-Control and 304 Not Modified.

The ETag is computed after rendering (so the JSON and the browsable HTML get
different ones) unless the view set one itself (bulk/catalog.json uses the
catalog checksum). A client that sends the ETag back in If-None-Match, or a
Last-Modified date in If-Modified-Since, gets 304 with no body.
"""
from __future__ import annotations

import hashlib
from functools import partial

from django.http import JsonResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import parse_http_date_safe, quote_etag

from cardsite.api.errors import error_body

READ_MAX_AGE = 60


def _finish_read(request, response):
    if response.status_code != 200:
        return None
    if not response.has_header("ETag"):
        response["ETag"] = quote_etag(hashlib.md5(response.content, usedforsecurity=False).hexdigest())
    if not response.has_header("Cache-Control"):
        if request.user.is_authenticated:
            # The browsable API shows the user's name and CSRF token.
            patch_cache_control(response, private=True, max_age=0)
        else:
            patch_cache_control(response, public=True, max_age=READ_MAX_AGE)
    last_modified = parse_http_date_safe(response.get("Last-Modified", ""))
    answer = get_conditional_response(
        request, etag=response["ETag"], last_modified=last_modified, response=response
    )
    if answer.status_code == 412:  # If-Match / If-Unmodified-Since failed: still JSON
        return JsonResponse(
            error_body(412, "precondition_failed", "The resource changed since the ETag or "
                       "date sent in If-Match / If-Unmodified-Since."), status=412,
        )
    return answer


class HttpCachingMixin:
    """For API views: cache headers and conditional GET on successful reads."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method in ("GET", "HEAD") and hasattr(response, "add_post_render_callback"):
            response.add_post_render_callback(partial(_finish_read, request))
        return response


def no_store(response):
    """For answers that differ on every request (cards/random)."""
    patch_cache_control(response, no_store=True)
    return response
