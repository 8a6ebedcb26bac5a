"""Row locks lock what they mean; a deadlock is retried once, then a 503 with Retry-After.

The races themselves run through gunicorn (tests/concurrency/test_lock_races.py);
these pin the statements and the retry in process.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext

from cardsite.models import Entry
from cardsite.web import db_contention
from tests.api.assertions import assert_error

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_patch_locks_the_entry_row_only(staff_api, catalog):
    with CaptureQueriesContext(connection) as queries:
        assert staff_api.patch("/api/cards/rumble/zapper/", {"notes": "x"}, format="json").status_code == 200
    locks = [q["sql"] for q in queries if "FOR UPDATE" in q["sql"] or "FOR NO KEY" in q["sql"]]
    if connection.vendor == "postgresql":
        assert locks and all("JOIN" not in sql and "FOR UPDATE OF" in sql for sql in locks), locks
    else:  # SQLite has no row locks: its IMMEDIATE transaction holds the write lock
        assert not locks


@pytest.mark.django_db
def test_ruling_refs_lock_the_cited_rows_by_key(staff_api, catalog):
    with CaptureQueriesContext(connection) as queries:
        answer = staff_api.post("/api/rulings/", {
            "game": "rumble", "slug": "locks", "question": "Q?", "answer": "A.",
            "source": "Turn Order", "entry_refs": ["zapper"]}, format="json")
    assert answer.status_code == 201, answer.json()
    if connection.vendor == "postgresql":
        assert any("FOR NO KEY UPDATE OF" in q["sql"] for q in queries)


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_is_retried_once():
    calls = []

    def write():
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("deadlock detected")
        return "done"

    assert db_contention.retried_on_deadlock(write) == "done" and len(calls) == 2


@pytest.mark.django_db(transaction=True)
def test_a_second_deadlock_propagates_and_other_errors_are_not_retried():
    calls = []

    def deadlocked():
        calls.append(1)
        raise OperationalError("deadlock detected")

    with pytest.raises(OperationalError):
        db_contention.retried_on_deadlock(deadlocked)
    assert len(calls) == 2

    def broken():
        calls.append(1)
        raise OperationalError("no such table: x")

    with pytest.raises(OperationalError):
        db_contention.retried_on_deadlock(broken)
    assert len(calls) == 3


@pytest.mark.django_db
def test_a_deadlock_that_persists_is_503_with_retry_after(staff_api, catalog, monkeypatch):
    def deadlocked(self, serializer):
        raise OperationalError("deadlock detected")

    monkeypatch.setattr("cardsite.api.catalog_views.CardViewSet.perform_update", deadlocked)
    answer = staff_api.patch("/api/cards/rumble/zapper/", {"notes": "x"}, format="json")
    assert_error(answer, 503, "busy")
    assert answer["Retry-After"] == "1"
    assert Entry.objects.get(slug="zapper").notes != "x"


@pytest.mark.parametrize("url", ["", "sqlite:///{tmp}/chosen.sqlite3"])
def test_sqlite_has_one_configuration_however_it_is_chosen(tmp_path, url):
    """IMMEDIATE transactions, the busy timeout and WAL, with or without DATABASE_URL."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardsite.settings", "SECRET_KEY": "x" * 50,
           "DEBUG": "1", "GRIMOIRE_VAR_DIR": str(tmp_path),
           "DATABASE_URL": url.format(tmp=tmp_path)}
    code = ("import django; django.setup(); from django.db import connection as c; "
            "k = c.cursor(); print(c.settings_dict['OPTIONS']['transaction_mode'], "
            "k.execute('pragma journal_mode').fetchone()[0], "
            "k.execute('pragma busy_timeout').fetchone()[0])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == ["IMMEDIATE", "wal", "20000"]
