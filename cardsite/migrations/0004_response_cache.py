"""The database cache table behind the shared response cache (settings.CACHES)."""
from django.db import migrations

from cardsite.web.cache_tables import cache_table_operation


class Migration(migrations.Migration):
    dependencies = [("cardsite", "0003_list_indexes")]

    operations = [cache_table_operation("response_cache")]
