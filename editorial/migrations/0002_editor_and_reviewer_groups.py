"""The Editor and Reviewer groups (README, "Editing").

Editor: add/change/delete/view the catalog (games, components, entries, roll
bands), rules, glossary terms and rulings, and import/export; nothing on users,
groups or permissions. Reviewer: view the catalog and work the suggestion queue.
"""
from django.contrib.auth.management import create_permissions
from django.db import migrations

CATALOG_MODELS = {
    "cardsite": ("game", "component", "entry", "rollband"),
    "rulesref": ("rule", "glossaryterm", "ruling"),
}
EDITOR_EXTRA = [("editorial", "import_catalog"), ("editorial", "view_suggestion")]
REVIEWER = [("editorial", "review_suggestion"), ("editorial", "view_suggestion"),
            ("editorial", "change_suggestion")]


def make_groups(apps, schema_editor):
    # Permissions are normally created after migrations run; make sure they exist now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")

    def perms(pairs):
        found = []
        for app, codename in pairs:
            found.extend(Permission.objects.filter(content_type__app_label=app, codename=codename))
        return found

    catalog = [(app, f"{action}_{model}") for app, models in CATALOG_MODELS.items()
               for model in models for action in ("add", "change", "delete", "view")]
    viewing = [(app, f"view_{model}") for app, models in CATALOG_MODELS.items() for model in models]
    editor, _ = Group.objects.get_or_create(name="Editor")
    editor.permissions.set(perms(catalog + EDITOR_EXTRA))
    reviewer, _ = Group.objects.get_or_create(name="Reviewer")
    reviewer.permissions.set(perms(viewing + REVIEWER))


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
