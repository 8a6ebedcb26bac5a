from django.apps import AppConfig


class CardsiteConfig(AppConfig):
    name = "cardsite"
    verbose_name = "Catalog"

    def ready(self):
        # Any catalog write retires the cached anonymous responses.
        from cardsite import checks, history, response_cache  # noqa: F401 (they register themselves)

        response_cache.connect_signals()
