"""/api/: the browsable API's front page, listing every endpoint."""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.base import ApiView

ENDPOINTS = {
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
    "schema": "api:schema",
    "docs": "api:docs",
    # The engine's checker endpoints (listed when they are wired).
    "engine_spells_check": "engine-api-spell-check",
    "engine_spells_order": "engine-api-spell-order",
    "engine_odds_power_roll": "engine-api-power-roll",
    "engine_odds_demoniac": "engine-api-demoniac",
}


class ApiRootView(ApiView, APIView):
    """Grimoire's JSON API: every card, ruling and rule of four card games.

    Anyone may read; writes need a staff user's token (`Authorization: Token <key>`).
    Lists are paginated (`count`, `next`, `previous`, `results`; `page_size` up to
    100). Every error is a JSON object `{status, code, detail}`. The OpenAPI schema
    is at `schema/`, its docs at `docs/`.
    """

    @extend_schema(exclude=True)
    def get(self, request):
        links = {}
        for key, name in ENDPOINTS.items():
            try:
                links[key] = request.build_absolute_uri(reverse(name))
            except NoReverseMatch:  # an endpoint that is not wired (yet)
                continue
        return Response(links)
