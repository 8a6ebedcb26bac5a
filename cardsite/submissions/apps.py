from django.apps import AppConfig


class SubmissionsConfig(AppConfig):
    """Missing cards sent by players from a photo, and their review."""

    name = "cardsite.submissions"
    label = "submissions"
    verbose_name = "Submissions"
    default_auto_field = "django.db.models.BigAutoField"
