from django.apps import AppConfig


class ImagesConfig(AppConfig):
    """Card images: uploads checked by decoding, renditions made once, stored through STORAGES."""

    name = "cardsite.images"
    label = "images"
    verbose_name = "Images"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from cardsite.images.models import EntryImage
        from cardsite.web import response_cache

        # A new or replaced image changes card pages and API answers.
        response_cache.connect_model(EntryImage)
