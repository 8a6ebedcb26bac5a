from django.apps import AppConfig


class CardsiteConfig(AppConfig):
    name = "cardsite"
    verbose_name = "Catalog"

    def ready(self):
        # Any catalog write retires the cached anonymous responses.
        from cardsite import checks  # noqa: F401 (they register themselves)
        from cardsite.catalog import history  # noqa: F401
        from cardsite.web import db_health, response_cache

        response_cache.connect_signals()
        db_health.connect_signals()
