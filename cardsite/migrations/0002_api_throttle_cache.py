"""The database cache table behind the API's anonymous throttle (settings.CACHES).

A table rather than process memory, so several app processes share the counts.
"""
from django.db import migrations

from cardsite.web.cache_tables import cache_table_operation


class Migration(migrations.Migration):
    dependencies = [("cardsite", "0001_initial")]

    operations = [cache_table_operation("api_throttle_cache")]
