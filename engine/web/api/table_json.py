"""A table's answer as DRF's JSON renderer writes it, its dealt catalog cards written once.

A dealt table's state carries the catalog cards it was dealt (~41 KB of a dealt Rumble
answer's 43 KB): the same cards for every table dealt from them, shared in each process
(engine.web.models.dealt_cards, engine.spellgames.rounds.ParsedCatalog) and never changed
by the engine. Encoding them again was a sixth of a new table's time through the API and
of every action's answer. The renderer writes the rest of the answer with a stand-in for
them and puts their JSON, encoded once by the same renderer, in its place: byte for byte
what DRF writes (compact answers only; an indented one is written whole).
"""
from __future__ import annotations

import json
import secrets
import threading

from rest_framework.renderers import JSONRenderer

SPLICED_FROM = 20  # cards: a free table's few are written as they are
KEPT = 8  # encoded catalogs kept per process (a few per game: one per version of its cards)
# A stand-in nobody can write in a name or an action: new in each process, never shown.
SPOT = f"catalog-{secrets.token_hex(16)}"
SPOT_JSON = json.dumps(SPOT).encode()

_encoded: list[tuple[list, bytes]] = []  # (cards, their JSON), newest last
_lock = threading.Lock()


class TableRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        state = data.get("state") if isinstance(data, dict) else None
        cards = state.get("catalog") if isinstance(state, dict) else None
        if (not isinstance(cards, list) or len(cards) < SPLICED_FROM
                or self.get_indent(accepted_media_type, renderer_context or {}) is not None):
            return super().render(data, accepted_media_type, renderer_context)
        # The same key order: "catalog" keeps its place in the state.
        rest = super().render({**data, "state": {**state, "catalog": SPOT}},
                              accepted_media_type, renderer_context)
        return rest.replace(SPOT_JSON, self._cards_json(cards), 1)

    def _cards_json(self, cards: list) -> bytes:
        for known, encoded in reversed(_encoded):
            # A table dealt in this process holds its own list of the shared cards: equal
            # at the cost of comparing references.
            if known is cards or known == cards:
                return encoded
        encoded = super().render(cards)
        with _lock:
            _encoded.append((cards, encoded))
            del _encoded[:-KEPT]
        return encoded
