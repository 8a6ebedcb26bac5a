"""Misspelt names: a trigram shortlist from the database (FTS5 trigram table or
pg_trgm, both indexed), re-ranked in Python by edit similarity. Only runs when
full text finds nothing, on a shortlist of at most SHORTLIST rows."""
from __future__ import annotations

from rulesref.search.backends import get_backend
from rulesref.search.models import SearchDocument
from rulesref.search.ranking import name_similarity

SHORTLIST = 40
THRESHOLD = 0.6


def similar_documents(text: str, *, kind: str | None = None, game: str | None = None,
                      limit: int = 10, threshold: float = THRESHOLD
                      ) -> list[tuple[SearchDocument, float]]:
    """Documents whose names resemble ``text``, best first, with their similarity (0..1)."""
    documents = SearchDocument.objects.select_related("game").only(
        "id", "kind", "name", "game__slug", "entry_id", "ruling_id", "rule_id", "term_id")
    # The game is checked on the shortlist: a game condition in the query could make
    # SQLite walk the game's documents and probe the trigram index for each.
    shortlist = get_backend().similar_names(documents, text, kind,
                                            SHORTLIST * (4 if game else 1))
    scored = sorted(((doc, name_similarity(text, doc.name, threshold)) for doc in shortlist
                     if not game or doc.game.slug == game),
                    key=lambda pair: (-pair[1], pair[0].name))
    return [(doc, score) for doc, score in scored if score >= threshold][:limit]
