from django.apps import AppConfig


class BackgroundConfig(AppConfig):
    """Tasks that run off the request in a worker, and the progress they report."""

    name = "cardsite.background"
    label = "background"
    verbose_name = "Background tasks"
    default_auto_field = "django.db.models.BigAutoField"
