"""The search index: one document per card, ruling, rule and glossary term.

The index is its own table, apart from the catalog: ``SearchDocument`` holds the
searchable text in four weighted columns (name > tags > body > extra). The
database keeps the full-text structures in step with it (migration 0003):

* SQLite: FTS5 virtual tables ``rulesref_searchfts`` (porter/unicode61, for
  ranked full text) and ``rulesref_searchtrigram`` (trigram, for misspelt
  names), fed by triggers on ``rulesref_searchdocument``. They appear here as
  unmanaged models joined on ``rowid``, so queries stay in the ORM.
* PostgreSQL: the weighted ``vector`` tsvector column, set by a trigger, with a
  GIN index; a pg_trgm GIN index on ``name``.
"""
from __future__ import annotations

from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Lookup

from cardsite.models import Entry, Game

DOCUMENT_KINDS = ("card", "ruling", "rule", "term")

# A document's id is its object's id in its kind's block: a card's document id is
# its entry's id. So SQLite can join cards to the FTS table on rowid directly and
# narrow an FTS query to one kind with a rowid range, never through an index of
# the document table (whose use would make SQLite probe FTS once per row).
ID_BLOCK = 1 << 40
KIND_BLOCKS = {kind: n for n, kind in enumerate(DOCUMENT_KINDS)}


def document_id(kind: str, object_id: int) -> int:
    return KIND_BLOCKS[kind] * ID_BLOCK + object_id


def id_range(kind: str) -> tuple[int, int]:
    """The document ids of ``kind``: [low, high)."""
    low = KIND_BLOCKS[kind] * ID_BLOCK
    return low, low + ID_BLOCK


class SearchDocument(models.Model):
    id = models.BigIntegerField(primary_key=True)  # document_id(kind, object id)
    kind = models.CharField(max_length=10, choices=[(k, k) for k in DOCUMENT_KINDS])
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, null=True, related_name="search_document"
    )
    ruling = models.OneToOneField(
        "rulesref.Ruling", on_delete=models.CASCADE, null=True, related_name="search_document"
    )
    rule = models.OneToOneField(
        "rulesref.Rule", on_delete=models.CASCADE, null=True, related_name="search_document"
    )
    term = models.OneToOneField(
        "rulesref.GlossaryTerm", on_delete=models.CASCADE, null=True,
        related_name="search_document",
    )
    name = models.CharField(max_length=300)  # weight A: card name, question, rule title, term
    tags = models.TextField(blank=True)  # weight B: type, aliases, keywords, rule number
    body = models.TextField(blank=True)  # weight C: ability text, answer, rule text
    extra = models.TextField(blank=True)  # weight D: rulings on a card, readings
    # PostgreSQL only: computed by a database trigger from the four columns.
    vector = SearchVectorField(null=True, editable=False)

    class Meta:
        indexes = [models.Index(fields=["kind", "game"])]

    def __str__(self):
        return f"{self.kind}: {self.name}"


class FullTextColumnField(models.Field):
    """The FTS5 column named like its table: the left side of MATCH and of bm25()."""

    def db_type(self, connection):
        return None


@FullTextColumnField.register_lookup
class FullTextMatch(Lookup):
    lookup_name = "match"

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"{lhs} MATCH {rhs}", [*lhs_params, *rhs_params]


class SearchFullText(models.Model):
    """SQLite FTS5 table over SearchDocument (name, tags, body, extra)."""

    document = models.OneToOneField(
        SearchDocument, on_delete=models.DO_NOTHING, primary_key=True, db_column="rowid",
        related_name="fts",
    )
    table = FullTextColumnField(db_column="rulesref_searchfts")

    class Meta:
        managed = False
        db_table = "rulesref_searchfts"

    def __str__(self):
        return f"index row {self.pk}"


class SearchTrigram(models.Model):
    """SQLite FTS5 trigram table over SearchDocument.name, for misspelt names."""

    document = models.OneToOneField(
        SearchDocument, on_delete=models.DO_NOTHING, primary_key=True, db_column="rowid",
        related_name="trigram",
    )
    table = FullTextColumnField(db_column="rulesref_searchtrigram")

    class Meta:
        managed = False
        db_table = "rulesref_searchtrigram"

    def __str__(self):
        return f"index row {self.pk}"


class CardFullText(models.Model):
    """The same FTS5 table seen from Entry: a card's FTS rowid is its entry's id."""

    entry = models.OneToOneField(
        Entry, on_delete=models.DO_NOTHING, primary_key=True, db_column="rowid",
        related_name="card_fts", db_constraint=False,
    )
    table = FullTextColumnField(db_column="rulesref_searchfts")

    class Meta:
        managed = False
        db_table = "rulesref_searchfts"

    def __str__(self):
        return f"index row {self.pk}"
