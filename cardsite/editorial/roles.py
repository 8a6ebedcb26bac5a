"""The Editor and Reviewer groups and their permissions (README, "Editing").

Editor: add/change/delete/view the catalog (games, components, entries, roll
bands, entry images), rules, glossary terms and rulings, and import/export; nothing on users,
groups or permissions. Reviewer: view the catalog and work the suggestion queue.
Created by migration editorial 0002; ``ensure_roles`` can be run again (tests
that flush the database do).
"""
from django.apps import apps as django_apps
from django.contrib.auth.management import create_permissions

CATALOG_MODELS = {
    "cardsite": ("game", "component", "entry", "rollband"),
    "rulesref": ("rule", "glossaryterm", "ruling"),
    "images": ("entryimage",),
}
EDITOR_EXTRA = [("editorial", "import_catalog"), ("editorial", "view_suggestion")]
REVIEWER = [("editorial", "review_suggestion"), ("editorial", "view_suggestion"),
            ("editorial", "change_suggestion")]


def ensure_roles(apps=django_apps):
    # Permissions are normally created after migrations run; make sure they exist now.
    for app_config in apps.get_app_configs():
        saved = getattr(app_config, "models_module", None)
        app_config.models_module = saved or True  # migration states leave it None
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = saved
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
