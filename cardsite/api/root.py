"""/api/: the API's index: what it is, where its docs and schema are, and every endpoint.

The links of the main lists stay as they were (``cards``, ``rulings``, ...); ``endpoints``
maps every operation of the OpenAPI schema ("GET /api/cards/") to its summary, so the index is
never missing one (the schema is made once per process: cardsite.api.docs_views).
"""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.base import ApiView
from cardsite.api.docs_views import api_schema

LINKS = {
    "docs": "api:docs",
    "schema": "api:schema",
    "games": "api:game-list",
    "cards": "api:card-list",
    "cards_named": "api:card-named",
    "cards_autocomplete": "api:card-autocomplete",
    "cards_random": "api:card-random",
    "rulings": "api:ruling-list",
    "rules": "api:rule-list",
    "glossary": "api:term-list",
    "search": "api:search",
    "bulk_catalog": "api:bulk-catalog",
    "engine_spells_check": "engine-api-spell-check",
    "engine_spells_order": "engine-api-spell-order",
    "engine_odds_power_roll": "engine-api-power-roll",
    "engine_odds_demoniac": "engine-api-demoniac",
    "engine_sandboxes": "engine-api-sandboxes",
}
METHODS = ("get", "post", "put", "patch", "delete")
ABOUT = ("Cards, rulings, rules and the rules engine of four card games. Anyone reads; "
         "writes need a staff user's token (Authorization: Token <key>). Lists are paginated "
         "(count, next, previous, results; page_size up to 100); every error is a JSON object "
         "{status, code, detail}; null in a field means the rulebooks do not give it. The "
         "docs page describes every endpoint and body; the schema is OpenAPI 3.")


def api_endpoints() -> dict[str, str]:
    """Every operation of the schema, ``"GET /api/cards/": its summary``, in path order."""
    return {f"{method.upper()} {path}": operation.get("summary", "")
            for path, operations in sorted(api_schema()["paths"].items())
            for method, operation in operations.items() if method in METHODS}


class ApiRootView(ApiView, APIView):
    """Grimoire's JSON API: its docs, its schema and every endpoint.

    Anyone may read; writes need a staff user's token. The docs page (docs) describes
    every endpoint and body; the schema (schema) is OpenAPI 3.
    """

    def get_view_name(self):
        return "Grimoire API"

    @extend_schema(exclude=True)
    def get(self, request):
        body = {"about": ABOUT}
        for key, name in LINKS.items():
            try:
                body[key] = request.build_absolute_uri(reverse(name))
            except NoReverseMatch:  # an endpoint that is not wired
                continue
        body["endpoints"] = api_endpoints()
        return Response(body)
