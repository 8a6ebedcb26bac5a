"""manage.py import_catalog FILE [--dry-run] [--prune]"""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cardsite.catalog_format import CatalogFormatError
from cardsite.catalog_import import catalog_import
from cardsite.management.commands._catalog_io import read_catalog_file


class Command(BaseCommand):
    help = (
        "Import a catalog file (fixtures/FORMAT.md). Everything is validated first; a broken "
        "file is reported field by field and changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="Report what would change; write nothing.")
        parser.add_argument(
            "--prune", action="store_true",
            help="Also delete objects of the file's games that the file does not contain.",
        )

    def handle(self, *args, file: Path, dry_run: bool, prune: bool, **options):
        data = read_catalog_file(file)
        try:
            report = catalog_import(data=data, dry_run=dry_run, prune=prune)
        except CatalogFormatError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        if options["verbosity"] >= 1:
            self.stdout.write(report.summary())
