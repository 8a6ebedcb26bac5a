"""What a list shows of each catalog entry, kept in each process while its game is unchanged.

A card search ranked its page in one query and then spent most of its time on the
page's entries: reading the rows (with their game, and for the API their component,
bands and images: twenty model instances and up to three more queries) and writing
each as JSON or as a row of HTML, the same few hundred entries again and again. An
``EntryMemo`` keeps each entry's written form with the catalog versions it was made
under (cardsite.web.response_cache: its game's and the global one, the two that an
edit of the entry, its bands, its images or its component bumps) and serves it only
while the shared tier still holds both, so an edit is seen by the next request of
every process, as with a cached page. The versions are read once per request, and
only when a kept form is asked for (the response cache has read them already when it
is on); forms made from rows are keyed with the versions known before the rows were
read, so a kept form is never older than its key.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.conf import settings

from cardsite.browse.selectors import Fetch
from cardsite.web.response_cache import EVERYTHING, versions, versions_known

# (ids, columns) -> [(id, its game's slug, its written form)] of those that exist.
Read = Callable[[list[int], dict | None], list[tuple[int, str, object]]]


class EntryMemo:
    """Written forms of entries by (id, variant): least recently used out first."""

    def __init__(self, kept: int):
        self.kept = kept
        # (id, variant) -> (game slug, the global version, the game's version, written form)
        self._forms: OrderedDict[tuple[int, str], tuple[str, str, str, object]] = OrderedDict()
        self._lock = threading.Lock()

    def fetcher(self, variant: str, read: Read) -> Fetch:
        """A ``selectors.card_list_page`` fetch: the kept forms still current, and
        ``read`` for the others (kept in turn). ``variant``: what else the form
        depends on (a URL's origin, the page's view)."""

        def fetch(ids: list[int], columns: dict | None) -> dict:
            if not settings.ENTRY_MEMO:
                return {pk: form for pk, _game, form in read(ids, columns)}
            found = {}
            # A filtered page (close names within a game) reads its rows. The versions
            # are read only to check kept forms: a page of entries none of which is
            # kept costs what it cost without the memo.
            if not columns and any((pk, variant) in self._forms for pk in ids):
                current = versions()
                with self._lock:
                    for pk in ids:
                        kept = self._forms.get((pk, variant))
                        if (kept and kept[1] == current.get(EVERYTHING, "")
                                and kept[2] == current.get(kept[0], "")):
                            self._forms.move_to_end((pk, variant))
                            found[pk] = kept[3]
            missing = [pk for pk in ids if pk not in found]
            if not missing:
                return found
            # Taken before the rows are read: never newer than they. Read once per process
            # (or per request where a kept form was asked for), not per miss.
            known = versions_known() or versions()
            made = read(missing, columns)
            with self._lock:
                for pk, game, form in made:
                    found[pk] = form
                    self._forms[(pk, variant)] = (game, known.get(EVERYTHING, ""),
                                                  known.get(game, ""), form)
                    self._forms.move_to_end((pk, variant))
                while len(self._forms) > self.kept:
                    self._forms.popitem(last=False)
            return found

        return fetch

    def clear(self) -> None:
        with self._lock:
            self._forms.clear()
