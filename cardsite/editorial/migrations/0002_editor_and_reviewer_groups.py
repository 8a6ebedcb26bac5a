"""The Editor and Reviewer groups (editorial/roles.py)."""
from django.db import migrations

from cardsite.editorial.roles import ensure_roles


def make_groups(apps, schema_editor):
    ensure_roles(apps)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["Editor", "Reviewer"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("editorial", "0001_initial"),
        ("cardsite", "0005_api_allowance"),
        ("rulesref", "0003_search_index"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(make_groups, remove_groups)]
