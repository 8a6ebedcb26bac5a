"""bulk/catalog.json: the whole catalog in the format `import_catalog` reads.

The body is ``cardsite.catalog_files.catalog_export.catalog_export`` plus ``generated``, the
time of this answer. The ETag is the catalog's checksum (weak: ``generated``
differs between two answers with the same catalog) and Last-Modified the
latest change recorded in the edit history, so a client re-downloads only
after an edit (If-None-Match / If-Modified-Since -> 304).
"""
from __future__ import annotations

from datetime import UTC, datetime

from django.db.models import Max
from django.utils.cache import get_conditional_response
from django.utils.http import http_date, quote_etag
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.base import ApiView, choice
from cardsite.catalog.games import GAME_SLUGS
from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.images.models import EntryImage
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling

HISTORY_MODELS = (Game, Component, Entry, RollBand, Rule, GlossaryTerm, Ruling, EntryImage)


def catalog_last_modified() -> datetime | None:
    """When the catalog last changed: the newest edit-history row of any catalog model
    (imports, admin and API edits and deletions all leave one)."""
    times = [m.history.aggregate(t=Max("history_date"))["t"] for m in HISTORY_MODELS]
    times = [t for t in times if t is not None]
    return max(times).replace(microsecond=0) if times else None


class BulkParams(serializers.Serializer):
    game = choice(GAME_SLUGS, "Only this game.")


class BulkCatalogView(ApiView, APIView):
    """The whole catalog — games, components, entries, rules, glossary and rulings — in
    one file of the catalog format (fixtures/FORMAT.md) that `manage.py import_catalog`
    reads. `checksum` is the sha256 of the games, `generated` the time of this answer.
    Send the ETag back in `If-None-Match` (or the Last-Modified date in
    `If-Modified-Since`) to get 304 when nothing changed."""

    renderer_classes = [JSONRenderer]

    @extend_schema(
        summary="Download the whole catalog",
        parameters=[BulkParams],
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="A catalog file, format version 1."),
            304: OpenApiResponse(description="Not modified since the ETag or date sent."),
        },
    )
    def get(self, request):
        game = self.query_params(BulkParams).get("game")
        last_modified = catalog_last_modified()
        # If-Modified-Since alone can be answered before the export is built.
        early = get_conditional_response(
            request, last_modified=last_modified.timestamp() if last_modified else None
        )
        if early is not None and early.status_code == 304:
            return early
        data = catalog_export(game_slugs=[game] if game else None, request=request)
        data = {"generated": datetime.now(UTC).isoformat(timespec="seconds"), **data}
        headers = {"ETag": "W/" + quote_etag(data["checksum"] + (f"-{game}" if game else ""))}
        if last_modified:
            headers["Last-Modified"] = http_date(last_modified.timestamp())
        return Response(data, headers=headers)
