from django.apps import AppConfig


class ImagesConfig(AppConfig):
    """Card images: uploads checked by decoding, renditions made once, stored through STORAGES."""

    name = "cardsite.images"
    label = "images"
    verbose_name = "Images"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from cardsite import response_cache
        from cardsite.images.models import EntryImage

        # A new or replaced image changes card pages and API answers.
        response_cache.connect_model(EntryImage)
