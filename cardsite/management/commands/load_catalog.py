"""manage.py load_catalog: load the bundled data in fixtures/ (idempotent)."""
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardsite.catalog_files.catalog_format import CatalogFormatError
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.management.commands._catalog_io import merge_catalogs, read_catalog_file

FIXTURES_DIR = Path(settings.BASE_DIR) / "fixtures"


class Command(BaseCommand):
    help = "Load the four games' bundled data from fixtures/*.json. Running it twice changes nothing."

    def add_arguments(self, parser):
        parser.add_argument("--dir", type=Path, default=FIXTURES_DIR)

    def handle(self, *args, dir: Path, **options):
        files = sorted(dir.glob("*.json"))
        if not files:
            raise CommandError(f"No catalog files in {dir}.")
        data = merge_catalogs([read_catalog_file(f) for f in files])
        try:
            report = catalog_import(data=data)
        except CatalogFormatError as exc:
            raise CommandError(str(exc)) from exc
        if options["verbosity"] >= 1:
            self.stdout.write(f"Loaded {', '.join(f.name for f in files)}.\n" + report.summary())
