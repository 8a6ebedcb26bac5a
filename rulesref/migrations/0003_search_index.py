"""The search index (rulesref.search.models): a document table, then per vendor
the full-text machinery that the database keeps in step with it.

SQLite: two FTS5 tables with external content (ranked full text; trigrams for
misspelt names) fed by triggers. PostgreSQL: a trigger that sets the weighted
tsvector (A name, B tags, C body, D extra), a GIN index on it, and pg_trgm with
a GIN trigram index on the name.
"""
import django.contrib.postgres.search
import django.db.models.deletion
from django.db import migrations, models

import rulesref.search.models

SQLITE_FORWARD = [
    """CREATE VIRTUAL TABLE rulesref_searchfts USING fts5(
        name, tags, body, extra,
        content='rulesref_searchdocument', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')""",
    """CREATE VIRTUAL TABLE rulesref_searchtrigram USING fts5(
        name, content='rulesref_searchdocument', content_rowid='id', tokenize='trigram')""",
    """CREATE TRIGGER rulesref_searchdocument_ai AFTER INSERT ON rulesref_searchdocument BEGIN
        INSERT INTO rulesref_searchfts(rowid, name, tags, body, extra)
            VALUES (new.id, new.name, new.tags, new.body, new.extra);
        INSERT INTO rulesref_searchtrigram(rowid, name) VALUES (new.id, new.name);
    END""",
    """CREATE TRIGGER rulesref_searchdocument_ad AFTER DELETE ON rulesref_searchdocument BEGIN
        INSERT INTO rulesref_searchfts(rulesref_searchfts, rowid, name, tags, body, extra)
            VALUES ('delete', old.id, old.name, old.tags, old.body, old.extra);
        INSERT INTO rulesref_searchtrigram(rulesref_searchtrigram, rowid, name)
            VALUES ('delete', old.id, old.name);
    END""",
    """CREATE TRIGGER rulesref_searchdocument_au AFTER UPDATE ON rulesref_searchdocument BEGIN
        INSERT INTO rulesref_searchfts(rulesref_searchfts, rowid, name, tags, body, extra)
            VALUES ('delete', old.id, old.name, old.tags, old.body, old.extra);
        INSERT INTO rulesref_searchtrigram(rulesref_searchtrigram, rowid, name)
            VALUES ('delete', old.id, old.name);
        INSERT INTO rulesref_searchfts(rowid, name, tags, body, extra)
            VALUES (new.id, new.name, new.tags, new.body, new.extra);
        INSERT INTO rulesref_searchtrigram(rowid, name) VALUES (new.id, new.name);
    END""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS rulesref_searchdocument_ai",
    "DROP TRIGGER IF EXISTS rulesref_searchdocument_ad",
    "DROP TRIGGER IF EXISTS rulesref_searchdocument_au",
    "DROP TABLE IF EXISTS rulesref_searchfts",
    "DROP TABLE IF EXISTS rulesref_searchtrigram",
]

POSTGRES_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    """CREATE FUNCTION rulesref_searchdocument_vector() RETURNS trigger AS $$
    BEGIN
        NEW.vector :=
            setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(NEW.tags, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(NEW.body, '')), 'C') ||
            setweight(to_tsvector('english', coalesce(NEW.extra, '')), 'D');
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER rulesref_searchdocument_vector BEFORE INSERT OR UPDATE
        ON rulesref_searchdocument FOR EACH ROW EXECUTE FUNCTION rulesref_searchdocument_vector()""",
    "CREATE INDEX rulesref_searchdocument_vector_gin ON rulesref_searchdocument USING gin (vector)",
    """CREATE INDEX rulesref_searchdocument_name_trgm ON rulesref_searchdocument
        USING gin (name gin_trgm_ops)""",
]
POSTGRES_BACKWARD = [
    "DROP INDEX IF EXISTS rulesref_searchdocument_name_trgm",
    "DROP INDEX IF EXISTS rulesref_searchdocument_vector_gin",
    "DROP TRIGGER IF EXISTS rulesref_searchdocument_vector ON rulesref_searchdocument",
    "DROP FUNCTION IF EXISTS rulesref_searchdocument_vector()",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement, params=None)
    return run


class Migration(migrations.Migration):

    dependencies = [
        ("cardsite", "0001_initial"),
        ("rulesref", "0002_linked_html"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchDocument",
            fields=[
                ("id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("kind", models.CharField(choices=[("card", "card"), ("ruling", "ruling"), ("rule", "rule"), ("term", "term")], max_length=10)),
                ("name", models.CharField(max_length=300)),
                ("tags", models.TextField(blank=True)),
                ("body", models.TextField(blank=True)),
                ("extra", models.TextField(blank=True)),
                ("vector", django.contrib.postgres.search.SearchVectorField(editable=False, null=True)),
                ("entry", models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="search_document", to="cardsite.entry")),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="cardsite.game")),
                ("rule", models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="search_document", to="rulesref.rule")),
                ("ruling", models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="search_document", to="rulesref.ruling")),
                ("term", models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="search_document", to="rulesref.glossaryterm")),
            ],
            options={
                "indexes": [models.Index(fields=["kind", "game"], name="rulesref_se_kind_f42bb0_idx")],
            },
        ),
        migrations.CreateModel(
            name="SearchFullText",
            fields=[
                ("document", models.OneToOneField(db_column="rowid", on_delete=django.db.models.deletion.DO_NOTHING, primary_key=True, related_name="fts", serialize=False, to="rulesref.searchdocument")),
                ("table", rulesref.search.models.FullTextColumnField(db_column="rulesref_searchfts")),
            ],
            options={"db_table": "rulesref_searchfts", "managed": False},
        ),
        migrations.CreateModel(
            name="SearchTrigram",
            fields=[
                ("document", models.OneToOneField(db_column="rowid", on_delete=django.db.models.deletion.DO_NOTHING, primary_key=True, related_name="trigram", serialize=False, to="rulesref.searchdocument")),
                ("table", rulesref.search.models.FullTextColumnField(db_column="rulesref_searchtrigram")),
            ],
            options={"db_table": "rulesref_searchtrigram", "managed": False},
        ),
        migrations.CreateModel(
            name="CardFullText",
            fields=[
                ("entry", models.OneToOneField(db_column="rowid", db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, primary_key=True, related_name="card_fts", serialize=False, to="cardsite.entry")),
                ("table", rulesref.search.models.FullTextColumnField(db_column="rulesref_searchfts")),
            ],
            options={"db_table": "rulesref_searchfts", "managed": False},
        ),
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}),
        ),
    ]
