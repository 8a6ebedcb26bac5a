"""manage.py export_catalog FILE [--game SLUG ...] [--stamp]"""
import json
from datetime import UTC, datetime
from pathlib import Path

from django.core.management.base import BaseCommand

from cardsite.catalog_files.catalog_export import catalog_export


class Command(BaseCommand):
    help = "Write the whole catalog, rules, glossary and rulings to FILE ('-' for stdout)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--game", action="append", dest="games", help="Only this game (repeatable).")
        parser.add_argument(
            "--stamp", action="store_true",
            help="Add the generation time (off by default so equal catalogs give equal files).",
        )

    def handle(self, *args, file: str, games, stamp: bool, **options):
        data = catalog_export(game_slugs=games)
        if stamp:
            data = {"generated": datetime.now(UTC).isoformat(timespec="seconds"), **data}
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        if file == "-":
            self.stdout.write(text, ending="")
            return
        Path(file).write_text(text, encoding="utf-8")
        self.stderr.write(f"Wrote {len(data['games'])} game(s) to {file} (checksum {data['checksum'][:12]}).")
