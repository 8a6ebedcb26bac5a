"""PostgreSQL's per-request connection health check, without a round trip when it can tell.

With CONN_HEALTH_CHECKS (settings: a DATABASE_URL's connections live CONN_MAX_AGE
seconds), Django sends ``SELECT 1`` before a request's first statement on a kept
connection: a round trip on every request, as much as a new sandbox table's own write
on a busy machine. A connection the server closed or terminated (a restart, an idle
timeout, pg_terminate_backend) has said so on its socket: its FATAL message and end of
file make it readable. So at the start of a request a kept connection whose socket is
quiet (nothing to read, libpq's status good, no transaction open) is taken as checked;
one that has anything to say gets Django's check (``SELECT 1``; closed if that fails, and
opened again by the request's first statement). What neither sees, a peer gone without a
word, the first statement meets as ``SELECT 1`` would have.
"""
from __future__ import annotations

import select

from django.core.signals import request_started
from django.db import connections


def _quiet(raw) -> bool:
    """True if the server has sent nothing since its last answer on ``raw`` (a psycopg
    connection): no error, no notice, no end of file waiting to be read."""
    try:
        from psycopg import pq

        if (raw.closed or raw.broken or raw.pgconn.status != pq.ConnStatus.OK
                or raw.pgconn.transaction_status != pq.TransactionStatus.IDLE):
            return False
        poller = select.poll()
        poller.register(raw.fileno(), select.POLLIN | select.POLLPRI)
        return not poller.poll(0)
    except (AttributeError, ImportError, OSError, ValueError):
        return False  # another driver or platform: Django's own check


def _checked_when_quiet(**kwargs) -> None:
    """Django's check, done here for PostgreSQL's kept connections: skipped when the socket
    is quiet. Django's own is switched off on them until they are opened again (connect()
    reads CONN_HEALTH_CHECKS afresh), whichever request_started receiver runs first: the
    test client, for one, connects close_old_connections again after each request."""
    for conn in connections.all(initialized_only=True):
        if (conn.vendor != "postgresql" or conn.connection is None
                or not conn.settings_dict.get("CONN_HEALTH_CHECKS")
                or getattr(conn, "pool", None) or conn.in_atomic_block):
            continue
        conn.health_check_enabled = False
        if not _quiet(conn.connection) and not conn.is_usable():
            conn.close()


def connect_signals() -> None:
    request_started.connect(_checked_when_quiet, dispatch_uid="cardsite-db-health")
