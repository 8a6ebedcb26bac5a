"""System checks for what the site needs of its database."""
from __future__ import annotations

import sqlite3

from django.core import checks
from django.db import connection

MIN_SQLITE = (3, 35)  # UPSERT with RETURNING (cardsite.api.throttling)


@checks.register(checks.Tags.database)
def sqlite_version(app_configs=None, **kwargs):
    if connection.vendor != "sqlite" or sqlite3.sqlite_version_info >= MIN_SQLITE:
        return []
    return [checks.Error(
        f"SQLite {sqlite3.sqlite_version} is too old: the API throttle needs "
        f"{'.'.join(map(str, MIN_SQLITE))} or later (INSERT ... RETURNING).",
        hint="Use a Python built against a newer SQLite, or PostgreSQL (DATABASE_URL).",
        id="cardsite.E001")]
