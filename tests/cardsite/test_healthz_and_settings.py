"""/healthz and the environment-driven settings."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def test_healthz_is_200_without_database_work(client):
    # No django_db mark: pytest-django makes any query in this test raise.
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"


def _manage(*args, **env):
    test_only = {"DEBUG", "SECRET_KEY", "DATABASE_URL", "SECURE_SSL_REDIRECT",
                 "GRIMOIRE_PLAIN_STATIC", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in test_only}
    base["DJANGO_SETTINGS_MODULE"] = "cardsite.settings"
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**base, **env},
        capture_output=True, text=True, timeout=120,
    )


def test_check_deploy_with_production_settings_is_clean(tmp_path):
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        SECRET_KEY="x" * 30 + "production-grade-secret-key-value-1234567890",
        ALLOWED_HOSTS="grimoire.example", GRIMOIRE_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_missing_secret_key_without_debug_is_refused(tmp_path):
    result = _manage("check", GRIMOIRE_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


@pytest.mark.parametrize("key", [
    "k", "x" * 60, "django-insecure-" + "abcdefghij" * 5,
    "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef",
])
def test_a_weak_secret_key_without_debug_is_refused(tmp_path, key):
    result = _manage("check", SECRET_KEY=key, GRIMOIRE_VAR_DIR=str(tmp_path))
    assert result.returncode != 0 and "SECRET_KEY is too weak" in result.stderr
    assert _manage("check", SECRET_KEY=key, DEBUG="1", GRIMOIRE_VAR_DIR=str(tmp_path)).returncode == 0


def test_the_readme_production_example_starts(tmp_path):
    """A key made as the README says passes; so do the test and CI settings (this suite)."""
    import secrets
    result = _manage("check", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="grimoire.example",
                     GRIMOIRE_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_sqlite_runs_in_wal_mode():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        mode = cursor.fetchone()[0]
    # The test database is in memory, where SQLite reports "memory"; a file uses WAL.
    assert mode in {"wal", "memory"}


def test_database_url_selects_postgresql():
    code = (
        "import os; os.environ.update(SECRET_KEY='k', DEBUG='1', DATABASE_URL='postgres://u:p@db.example:5433/g');"
        "from cardsite import settings as s; d = s.DATABASES['default'];"
        "print(d['ENGINE'], d['HOST'], d['PORT'], d['NAME'], d['CONN_MAX_AGE'])"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k != "DATABASE_URL"})
    assert out.stdout.split() == ["django.db.backends.postgresql", "db.example", "5433", "g", "60"]


def test_sqlite_file_uses_wal(tmp_path):
    code = (
        f"import django, os; os.environ.update(SECRET_KEY='k', DEBUG='1', GRIMOIRE_VAR_DIR={str(tmp_path)!r},"
        " DJANGO_SETTINGS_MODULE='cardsite.settings'); os.environ.pop('DATABASE_URL', None);"
        "django.setup(); from django.db import connection; c = connection.cursor();"
        "c.execute('PRAGMA journal_mode'); print(c.fetchone()[0])"
    )
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.stdout.strip() == "wal", out.stderr


def test_an_old_sqlite_fails_the_database_check(monkeypatch):
    from django.db import connection

    from cardsite import checks

    if connection.vendor != "sqlite":
        assert checks.sqlite_version() == []
        return
    assert checks.sqlite_version() == []
    monkeypatch.setattr(checks.sqlite3, "sqlite_version_info", (3, 34, 1))
    assert [error.id for error in checks.sqlite_version()] == ["cardsite.E001"]


class _Log:
    def __init__(self):
        self.warnings = []

    def warning(self, message, *args):
        self.warnings.append(message % args)


@pytest.mark.django_db
def test_a_gunicorn_worker_builds_the_search_vocabulary_before_serving(monkeypatch):
    from types import SimpleNamespace

    from django import db

    from cardsite.api.docs_views import api_schema
    from cardsite.gunicorn_conf import post_worker_init
    from rulesref.search import questions

    closed = []
    monkeypatch.setattr(db.connections, "close_all", lambda: closed.append(True))
    questions._vocabulary.cache_clear()
    api_schema.cache_clear()
    worker = SimpleNamespace(log=_Log())
    post_worker_init(worker)
    assert questions._vocabulary.cache_info().currsize == 1 and closed and not worker.log.warnings
    assert api_schema.cache_info().currsize == 1  # the OpenAPI schema too

    def unmigrated():
        raise db.DatabaseError("no such table: rulesref_searchdocument")

    monkeypatch.setattr(questions, "vocabulary", unmigrated)
    post_worker_init(worker)  # the worker still starts; its first search builds it
    assert worker.log.warnings == ["Search vocabulary not built at start: no such table: "
                                   "rulesref_searchdocument"] and len(closed) == 2
