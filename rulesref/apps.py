from django.apps import AppConfig


class RulesrefConfig(AppConfig):
    name = "rulesref"
    verbose_name = "Rules reference"

    def ready(self):
        # Linked HTML of rules, rulings and terms is recomputed on save.
        from rulesref import linking

        linking.connect_signals()
        # The search index follows every save and delete (rulesref.search.signals).
        from rulesref.search import signals  # noqa: F401
