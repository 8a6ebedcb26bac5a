from django.apps import AppConfig


class EditorialConfig(AppConfig):
    """Editors' tools: import with preview, export, worklists, player suggestions."""

    name = "cardsite.editorial"
    label = "editorial"  # keeps its tables, permissions and migrations
    verbose_name = "Editing"
    default_auto_field = "django.db.models.BigAutoField"
