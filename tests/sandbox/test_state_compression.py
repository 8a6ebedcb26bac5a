"""PostgreSQL keeps a table's state compressed with lz4 (migration engine 0004): an
action reads and rewrites it, and pglz's compression was a third of the row's write."""
import pytest
from django.db import connection

from engine.web.models import Sandbox

pytestmark = [pytest.mark.django_db, pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite does not compress")]


def test_the_state_column_is_compressed_with_lz4():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                       "WHERE name = 'default_toast_compression'")
        if not cursor.fetchone()[0]:
            pytest.skip("this server was built without lz4")
        cursor.execute("SELECT attcompression FROM pg_attribute WHERE attrelid = %s::regclass "
                       "AND attname = 'state'", [Sandbox._meta.db_table])
        assert cursor.fetchone()[0] == "l"
