"""Optional writes that give way to a long write instead of waiting for it.

SQLite has one writer at a time. A request's own write (an API change) waits
for the lock up to the busy timeout (settings: 20 s). The writes a read makes
on the side, the anonymous throttle's allowance and the shared response
cache, are optional: while an import holds the lock they wait 50 ms and are
then skipped, so reads keep answering (from WAL snapshots) instead of queuing
behind the import and failing with "database is locked". PostgreSQL locks
rows, not the database: nothing to do there.
"""
from __future__ import annotations

from contextlib import contextmanager

from django.db import OperationalError, connection

BRIEF_WAIT_MS = 50


def is_lock_error(exc: BaseException) -> bool:
    return isinstance(exc, OperationalError) and "database is locked" in str(exc).lower()


def _set_busy_timeout(ms: int) -> None:
    # On the driver's connection: a setting, not one of the request's queries.
    connection.connection.execute(f"PRAGMA busy_timeout = {int(ms)}")


@contextmanager
def brief_lock_wait():
    """Within the block, SQLite waits at most BRIEF_WAIT_MS for the write lock."""
    if connection.vendor != "sqlite":
        yield
        return
    connection.ensure_connection()
    _set_busy_timeout(BRIEF_WAIT_MS)
    try:
        yield
    finally:
        timeout = connection.settings_dict.get("OPTIONS", {}).get("timeout", 5)
        _set_busy_timeout(timeout * 1000)


def skipped_when_locked(write, default=None):
    """Run the optional ``write()``; ``default`` if the database is locked by another writer."""
    try:
        with brief_lock_wait():
            return write()
    except OperationalError as exc:
        if is_lock_error(exc):
            return default
        raise
