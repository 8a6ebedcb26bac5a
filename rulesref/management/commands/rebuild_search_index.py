"""manage.py rebuild_search_index [--full]"""
from django.core.management.base import BaseCommand

from rulesref.search.index import rebuild_search_index


class Command(BaseCommand):
    help = (
        "Bring the search index up to date with the catalog, rulings, rules and glossary "
        "(writes only what differs). load_catalog and import_catalog run it at their end."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--full", action="store_true",
            help="Drop every search document and rebuild the full-text index from scratch.",
        )

    def handle(self, *args, full: bool, **options):
        report = rebuild_search_index(full=full)
        for kind, counts in report.items() if options["verbosity"] >= 1 else ():
            self.stdout.write(
                f"{kind}: {counts['created']} created, {counts['updated']} updated, "
                f"{counts['deleted']} deleted"
            )
