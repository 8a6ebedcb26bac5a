"""Editors may upload, replace and revert images (cardsite/editorial/roles.py)."""
from django.db import migrations

from cardsite.editorial.roles import ensure_roles


def grant(apps, schema_editor):
    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("images", "0002_pending_game"),
        ("editorial", "0002_editor_and_reviewer_groups"),
    ]
    operations = [migrations.RunPython(grant, migrations.RunPython.noop)]
