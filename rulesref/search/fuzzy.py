"""Misspelt names: a trigram shortlist from the database (FTS5 trigram table or
pg_trgm, both indexed), re-ranked in Python by edit similarity. Only runs when
full text finds nothing, on a shortlist of at most SHORTLIST rows."""
from __future__ import annotations

from typing import NamedTuple

from rulesref.search.backends import get_backend, tokens_of
from rulesref.search.ranking import name_similarity

SHORTLIST = 40
THRESHOLD = 0.6
MAX_WORDS = 6


class Close(NamedTuple):
    """A document whose name resembles the text: a row of CLOSE_FIELDS."""

    pk: int
    kind: str
    name: str
    game_slug: str
    entry_id: int | None


def similar_documents(text: str, *, kind: str | None = None, game: str | None = None,
                      limit: int = 10, threshold: float = THRESHOLD
                      ) -> list[tuple[Close, float]]:
    """Documents whose names resemble ``text``, best first, with their similarity (0..1)."""
    # A misspelt name is a few words; a longer text is a sentence, which resembles
    # no name closely, and its trigram shortlist and difflib cost ~12 ms.
    if len(tokens_of(text)) > MAX_WORDS:
        return []
    # The game is checked on the shortlist: a game condition in the query could make
    # SQLite walk the game's documents and probe the trigram index for each.
    shortlist = map(Close._make, get_backend().similar_names(text, kind,
                                                             SHORTLIST * (4 if game else 1)))
    scored = sorted(((doc, name_similarity(text, doc.name, threshold)) for doc in shortlist
                     if not game or doc.game_slug == game),
                    key=lambda pair: (-pair[1], pair[0].name))
    return [(doc, score) for doc, score in scored if score >= threshold][:limit]
