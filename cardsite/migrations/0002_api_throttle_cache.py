"""The database cache table behind the API's anonymous throttle (settings.CACHES).

A table rather than process memory, so several app processes share the counts.
"""
from django.core.management import call_command
from django.db import migrations

TABLE = "api_throttle_cache"


def create_table(apps, schema_editor):
    call_command("createcachetable", TABLE, database=schema_editor.connection.alias, verbosity=0)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("cardsite", "0001_initial")]

    operations = [migrations.RunPython(create_table, drop_table)]
