"""The API's JSON of catalog entries, kept in each process while their game is unchanged
(cardsite.browse.entry_memo): a card search's page read its entries' rows and wrote
them again on every request, most of its time. Its URLs are absolute: kept per origin."""
from __future__ import annotations

from cardsite.api.serializers import EntrySerializer
from cardsite.browse.entry_memo import EntryMemo
from cardsite.browse.selectors import Fetch, page_entries

KEPT = EntryMemo(4096)  # entries' JSON (a few MB), by origin


def fetcher(view) -> Fetch:
    """The page's entries as the view's EntrySerializer writes them, by id."""

    def read(ids: list[int], columns: dict | None) -> list[tuple[int, str, dict]]:
        entries = list(page_entries(ids, columns).values())
        data = EntrySerializer(entries, many=True, context=view.get_serializer_context()).data
        return [(entry.pk, entry.game.slug, dict(item))
                for entry, item in zip(entries, data, strict=True)]

    return KEPT.fetcher(view.request.build_absolute_uri("/"), read)
