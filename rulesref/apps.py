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

        _connect_response_cache()
        # A search's database settings on PostgreSQL are put back once its request
        # has been answered (rulesref.search.budget).
        from django.core.signals import request_finished, request_started

        from rulesref.search import budget

        request_started.connect(budget.search_request_started, dispatch_uid="search-budget-started")
        request_finished.connect(budget.restore_session_settings,
                                 dispatch_uid="search-budget-finished")


def _connect_response_cache() -> None:
    """Writes of rules, rulings and terms retire the cached pages that show them."""
    from cardsite.models import Entry
    from cardsite.web import response_cache
    from rulesref.models import GlossaryTerm, Rule, Ruling

    # A rule's number is linked from other games' rules.
    response_cache.connect_model(Rule, whole_site=True)
    response_cache.connect_model(GlossaryTerm)
    response_cache.connect_model(Ruling, games_of=lambda ruling: {
        ruling.game_id,
        *ruling.entries.values_list("game_id", flat=True),
        *ruling.rules.values_list("game_id", flat=True)})
    # Card pages show the rulings citing them.
    response_cache.also_shown(Entry, lambda entry: Ruling.objects.filter(
        entries=entry).values_list("game_id", flat=True))
    for through in (Ruling.entries.through, Ruling.rules.through, GlossaryTerm.rules.through):
        response_cache.connect_links(through)
