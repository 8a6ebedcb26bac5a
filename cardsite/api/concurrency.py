"""Writes that cannot race: row locks, and optimistic concurrency with ETag/If-Match.

An update or delete runs in one transaction that first locks the object's row
(``SELECT ... FOR UPDATE OF`` the object's table only, on PostgreSQL; on SQLite
the IMMEDIATE transaction already holds the database's write lock) and reads it
again under that lock. A deadlock all the same is retried once, then a 503.
So a PATCH racing a DELETE either finishes before the DELETE starts, or finds
the row gone and answers 404: the save never falls through to an INSERT that
brings a deleted row back, and the history records one delete, last.

Each object has a version, its ETag: a hash of the object as the write
serializer shows it. GET of one object sends it; a PUT, PATCH or DELETE that
sends it back in If-Match is refused with 412 when the object has changed since
(the sandboxes' stale-version check, for the catalog). Without If-Match the
write goes ahead (last writer wins), as before.
"""
from __future__ import annotations

import hashlib
import json

from django.utils.http import parse_etags, quote_etag
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from cardsite.api.errors import ApiError
from cardsite.web.db_contention import locked, retried_on_deadlock


class PreconditionFailed(ApiError):
    def __init__(self, current: str):
        super().__init__(
            "The object changed since the version sent in If-Match: GET it again, then "
            "repeat the change.", status_code=status.HTTP_412_PRECONDITION_FAILED,
            code="precondition_failed", etag=current,
        )


def object_version(data) -> str:
    """The ETag of a serialized object (stable across dict orders)."""
    canonical = json.dumps(data, sort_keys=True, default=str, separators=(",", ":"))
    return quote_etag(hashlib.sha256(canonical.encode()).hexdigest()[:32])


class LockedWritesMixin:
    """For ModelViewSets: PUT/PATCH/DELETE under a row lock, checked against If-Match."""

    def version_of(self, obj) -> str:
        return object_version(self.get_serializer(obj).data)

    def with_version(self, response: Response, obj) -> Response:
        # JSON only: the browsable HTML keeps its own ETag (cardsite.api.caching),
        # so a conditional GET never answers one format with the other's 304.
        renderer = getattr(self.request, "accepted_renderer", None)
        if renderer is None or renderer.format == "json":
            response["ETag"] = self.version_of(obj)
        return response

    def retrieve(self, request, *args, **kwargs):
        obj = self.get_object()
        return self.with_version(Response(self.get_serializer(obj).data), obj)

    def rows_to_lock(self, obj):
        """The rows a write of ``obj`` locks, in a fixed order; override where a
        delete cascades to rows another write would lock first."""
        return locked(type(obj).objects.filter(pk=obj.pk))

    def locked_object(self):
        """The object, read again after locking its row (404 when it is gone)."""
        obj = self.get_object()
        if obj.pk not in list(self.rows_to_lock(obj).values_list("pk", flat=True)):
            raise NotFound(f"The {type(obj)._meta.verbose_name} was deleted meanwhile.")
        return self.get_object()

    def check_if_match(self, obj) -> None:
        header = self.request.headers.get("If-Match")
        if not header:
            return
        current = self.version_of(obj)
        tags = parse_etags(header)
        if "*" not in tags and current not in tags and f"W/{current}" not in tags:
            raise PreconditionFailed(current)

    def update(self, request, *args, **kwargs):
        partial = kwargs.pop("partial", False)

        def write():
            instance = self.locked_object()
            self.check_if_match(instance)
            serializer = self.get_serializer(instance, data=request.data, partial=partial)
            serializer.is_valid(raise_exception=True)
            self.perform_update(serializer)
            return serializer

        serializer = retried_on_deadlock(write)
        # Read it back after the commit: the linked HTML (answer_html, html) is
        # written by queryset updates and on-commit hooks, not on this instance.
        try:
            fresh = self.get_object()
        except NotFound:  # deleted right after this write committed
            return Response(serializer.data)
        return self.with_version(Response(self.get_serializer(fresh).data), fresh)

    def destroy(self, request, *args, **kwargs):
        def write():
            instance = self.locked_object()
            self.check_if_match(instance)
            self.perform_destroy(instance)

        retried_on_deadlock(write)
        return Response(status=status.HTTP_204_NO_CONTENT)
