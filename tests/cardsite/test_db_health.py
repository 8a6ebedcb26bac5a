"""PostgreSQL's per-request health check: no SELECT 1 on a quiet kept connection, Django's
check (and a new connection) for one the server closed."""
import time

import pytest
from django.core.signals import request_started
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connection, connections

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="PostgreSQL's connections only")


def _start_request() -> None:
    # As a request's start does outside the test client (which leaves close_old_connections
    # out): the kept connection is marked unchecked, then the quiet ones checked.
    close_old_connections()
    request_started.send(sender=None)


@pytest.mark.django_db(transaction=True)
def test_a_quiet_kept_connection_is_not_sent_select_1(monkeypatch):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 2")
    assert connection.health_check_enabled  # CONN_HEALTH_CHECKS, as in production
    sent = []
    monkeypatch.setattr(connections[DEFAULT_DB_ALIAS], "is_usable",
                        lambda: sent.append(1) or True)
    for _ in range(2):  # whichever receiver of request_started runs first
        _start_request()
        request_started.disconnect(close_old_connections)
        request_started.connect(close_old_connections)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 3")
        assert cursor.fetchone() == (3,)
    assert sent == []


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_ended_is_checked_and_opened_again():
    import psycopg

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    settings = connection.settings_dict
    with psycopg.connect(host=settings["HOST"], port=settings["PORT"] or 5432,
                         user=settings["USER"], password=settings["PASSWORD"] or None,
                         dbname=settings["NAME"], autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not _readable(connection.connection):
        time.sleep(0.01)
    _start_request()
    assert connection.connection is None  # its SELECT 1 failed: closed
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def _readable(raw) -> bool:
    import select

    poller = select.poll()
    poller.register(raw.fileno(), select.POLLIN)
    return bool(poller.poll(0))
