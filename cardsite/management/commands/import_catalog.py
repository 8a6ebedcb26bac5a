"""manage.py import_catalog FILE [--dry-run] [--prune] [--game SLUG]"""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cardsite.catalog.history import recorded_as
from cardsite.catalog_files.catalog_format import CatalogFormatError
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.editorial.catalog_changes import (
    catalog_file_apply,
    catalog_file_plan,
    describe_change,
)
from cardsite.management.commands._catalog_io import read_catalog_file

SHEETS = (".csv", ".xlsx")


class Command(BaseCommand):
    help = (
        "Import a catalog file (fixtures/FORMAT.md), or a CSV/XLSX sheet of one game's entries "
        "(--game). Everything is validated first; a broken file is reported field by field "
        "(a sheet: by row and column) and changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="Report what would change; write nothing.")
        parser.add_argument(
            "--prune", action="store_true",
            help="Also delete objects of the file's games that the file does not contain.",
        )
        parser.add_argument("--game", help="For a .csv/.xlsx sheet: the game of its entries.")

    def handle(self, *args, file: Path, dry_run: bool, prune: bool, game=None, **options):
        if file.suffix.lower() in SHEETS:
            return self.import_sheet(file, dry_run=dry_run, prune=prune, game=game,
                                     verbosity=options["verbosity"])
        data = read_catalog_file(file)
        try:
            with recorded_as(f"Import of {file.name} by the command line"):
                report = catalog_import(data=data, dry_run=dry_run, prune=prune)
        except CatalogFormatError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        if options["verbosity"] >= 1:
            self.stdout.write(report.summary())

    def import_sheet(self, file: Path, *, dry_run, prune, game, verbosity):
        try:
            content = file.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}") from exc
        plan = catalog_file_plan(content=content, filename=file.name, game=game, prune=prune)
        if not plan.valid:
            raise CommandError(f"{file}: {len(plan.problems)} problem(s), nothing written:\n"
                               + "\n".join(str(p) for p in plan.problems))
        if dry_run:
            self.stdout.write("Dry run (nothing written).")
            for change in plan.changes:
                self.stdout.write(describe_change(change))
            if not plan.changes:
                self.stdout.write("No changes.")
            return
        _, report = catalog_file_apply(content=content, filename=file.name, game=game, prune=prune)
        if verbosity >= 1:
            self.stdout.write(report.summary())
