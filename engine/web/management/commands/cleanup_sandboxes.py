"""Delete sandboxes nobody has touched for N days (their event logs go with them)."""
from django.core.management.base import BaseCommand, CommandError

from engine.web.sandbox.service import EXPIRE_DAYS, cleanup_sandboxes

DEFAULT_DAYS = EXPIRE_DAYS


class Command(BaseCommand):
    help = "Delete sandboxes not touched for --days days (default 7)."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=DEFAULT_DAYS,
                            help=f"age in days since the last action (default {DEFAULT_DAYS})")
        parser.add_argument("--dry-run", action="store_true",
                            help="only count what would be deleted")

    def handle(self, *args, days, dry_run, **options):
        if days < 0:
            raise CommandError("--days must be 0 or more")
        count = cleanup_sandboxes(days, dry_run=dry_run)
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"{verb} {count} sandbox(es) untouched for {days} day(s)")
