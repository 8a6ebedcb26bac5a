"""Migration operations for Django database-cache tables (settings.CACHES)."""
from django.core.management import call_command
from django.db import migrations


def _create(table: str):
    def create(apps, schema_editor):
        call_command("createcachetable", table, database=schema_editor.connection.alias, verbosity=0)
    return create


def _drop(table: str):
    def drop(apps, schema_editor):
        schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(table)}")
    return drop


def cache_table_operation(table: str) -> migrations.RunPython:
    """Create ``table`` with createcachetable; reversing drops it."""
    return migrations.RunPython(_create(table), _drop(table))


def drop_cache_table_operation(table: str) -> migrations.RunPython:
    """Drop a cache table no longer in use; reversing creates it again."""
    return migrations.RunPython(_drop(table), _create(table))
