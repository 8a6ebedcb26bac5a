"""Migration operations for Django database-cache tables (settings.CACHES)."""
from django.core.management import call_command
from django.db import migrations


def cache_table_operation(table: str) -> migrations.RunPython:
    """Create ``table`` with createcachetable; reversing drops it."""

    def create(apps, schema_editor):
        call_command("createcachetable", table, database=schema_editor.connection.alias, verbosity=0)

    def drop(apps, schema_editor):
        schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(table)}")

    return migrations.RunPython(create, drop)
