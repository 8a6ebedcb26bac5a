"""Lock waits: row locks on what a write means, deadlocks retried once, and
optional writes that give way to a long write instead of waiting for it.

SQLite has one writer at a time. A request's own write (an API change) waits
for the lock up to the busy timeout (settings: 20 s). The writes a read makes
on the side, the anonymous throttle's allowance and the shared response
cache, are optional: while an import holds the lock they wait 50 ms and are
then skipped, so reads keep answering (from WAL snapshots) instead of queuing
behind the import and failing with "database is locked". PostgreSQL locks
rows, not the database: nothing to do there.
"""
from __future__ import annotations

import time
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

BRIEF_WAIT_MS = 50


def is_lock_error(exc: BaseException) -> bool:
    return isinstance(exc, OperationalError) and "database is locked" in str(exc).lower()


def is_deadlock(exc: BaseException) -> bool:
    return isinstance(exc, OperationalError) and "deadlock detected" in str(exc).lower()


def is_contention(exc: BaseException) -> bool:
    """A lock wait that failed: SQLite's busy timeout, a PostgreSQL deadlock."""
    return is_lock_error(exc) or is_deadlock(exc)


def locked(queryset, *order: str, no_key: bool = False):
    """``SELECT ... FOR UPDATE`` of the queryset's own rows only, in a fixed order.

    The models' default ordering joins the game table (``game__position``), and
    FOR UPDATE without ``of`` locks every joined row: every write of one game
    then queued on the game's row and two writes on different objects deadlocked.
    Ordering by the model's own columns (the primary key unless given) keeps the
    lock order the same for every writer. ``no_key``: FOR NO KEY UPDATE, for rows
    that are referenced, not deleted (it does not block foreign-key checks)."""
    return queryset.order_by(*(order or ("pk",))).select_for_update(of=("self",), no_key=no_key)


def busy_timeout_s() -> float:
    return float(connection.settings_dict.get("OPTIONS", {}).get("timeout", 5))


def retried_on_deadlock(write):
    """Run ``write()`` in a transaction; a deadlock (or, on SQLite, a lock error
    that came before the busy timeout ran out, which waiting cannot cure) rolls it
    back and runs it once more. A second failure propagates: the API answers 503
    with Retry-After."""
    for attempt in (1, 2):
        started = time.monotonic()
        try:
            with transaction.atomic():
                return write()
        except OperationalError as exc:
            early_lock = (connection.vendor == "sqlite" and is_lock_error(exc)
                          and time.monotonic() - started < busy_timeout_s())
            if attempt == 2 or not (is_deadlock(exc) or early_lock) or connection.in_atomic_block:
                raise


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
        _set_busy_timeout(busy_timeout_s() * 1000)


def skipped_when_locked(write, default=None):
    """Run the optional ``write()``; ``default`` if the database is locked by another writer."""
    try:
        with brief_lock_wait():
            return write()
    except OperationalError as exc:
        if is_lock_error(exc):
            return default
        raise
