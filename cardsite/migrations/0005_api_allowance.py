"""The API throttle's allowance table; it replaces the throttle's database cache table."""
from django.db import migrations, models

from cardsite.web.cache_tables import drop_cache_table_operation


class Migration(migrations.Migration):

    dependencies = [
        ('cardsite', '0004_response_cache'),
    ]

    operations = [
        migrations.CreateModel(
            name='ApiAllowance',
            fields=[
                ('client', models.CharField(help_text="A hash of the client's address.", max_length=64, primary_key=True, serialize=False)),
                ('due', models.FloatField(db_index=True, help_text='Unix time.')),
            ],
        ),
        drop_cache_table_operation("api_throttle_cache"),
    ]
