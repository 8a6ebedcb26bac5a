"""PostgreSQL's search index keeps every word: the ``grimoire`` text search
configuration is English's with the Snowball stemmer and no stop-word list.

The English configuration drops 127 stop words, among them words a rules question
turns on ("own", "before", "after", "each", "most", "same", "other", "only"): "am
I my own foe" searched for "foe" alone. The search leaves out its own stop words
before a query reaches the database (rulesref.search.stopwords), as on SQLite,
whose index keeps every word. The index is rebuilt by touching each row (its
trigger computes the vector). Nothing to do on SQLite.
"""
from django.db import migrations

WEIGHTED = """
    setweight(to_tsvector('{config}', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('{config}', coalesce(NEW.tags, '')), 'B') ||
    setweight(to_tsvector('{config}', coalesce(NEW.body, '')), 'C') ||
    setweight(to_tsvector('{config}', coalesce(NEW.extra, '')), 'D')"""


def _vector_function(config: str) -> str:
    return f"""CREATE OR REPLACE FUNCTION rulesref_searchdocument_vector() RETURNS trigger AS $$
    BEGIN
        NEW.vector := {WEIGHTED.format(config=config)};
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql"""


FORWARD = [
    "CREATE TEXT SEARCH DICTIONARY grimoire_stem (TEMPLATE = snowball, LANGUAGE = english)",
    "CREATE TEXT SEARCH CONFIGURATION grimoire (COPY = english)",
    "ALTER TEXT SEARCH CONFIGURATION grimoire ALTER MAPPING FOR asciiword, asciihword, "
    "hword_asciipart, word, hword, hword_part WITH grimoire_stem",
    _vector_function("grimoire"),
    "UPDATE rulesref_searchdocument SET name = name",
]
BACKWARD = [
    _vector_function("english"),
    "UPDATE rulesref_searchdocument SET name = name",
    "DROP TEXT SEARCH CONFIGURATION IF EXISTS grimoire",
    "DROP TEXT SEARCH DICTIONARY IF EXISTS grimoire_stem",
]


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements:
                schema_editor.execute(statement, params=None)
    return run


class Migration(migrations.Migration):

    dependencies = [
        ("rulesref", "0003_search_index"),
    ]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD))]
