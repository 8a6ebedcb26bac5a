"""A real site for concurrency tests: gunicorn (2 workers) over its own database.

The in-process test client runs one request at a time inside one transaction,
so races need real processes with their own connections: SQLite in a temporary
directory (WAL, as in production), or a temporary database on the PostgreSQL
server that DATABASE_URL names. The site holds the sample catalog and a staff
token. Reused from bench/http_bench.py: ``served`` (migrate, start, stop).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.http_bench import served

ROOT = Path(__file__).resolve().parent.parent

SEED = """
import django; django.setup()
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from cardsite.catalog_files.catalog_import import catalog_import
from tests.catalog_sample import sample_catalog
catalog_import(data=sample_catalog())
user = User.objects.create_user("racer", password="pw-racer-1234", is_staff=True)
print(Token.objects.create(user=user).key)
"""


@dataclass
class Site:
    base: str
    token: str
    env: dict

    def request(self, method: str, path: str, body=None, *, staff=True, headers=None,
                timeout: float = 30) -> tuple[int, dict | None, dict]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if staff:
            request.add_header("Authorization", f"Token {self.token}")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, raw, got = response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as error:
            status, raw, got = error.code, error.read(), dict(error.headers)
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return status, parsed, got

    def manage(self, *args: str, code: str | None = None) -> str:
        command = [sys.executable, "-c", code] if code else [sys.executable, "manage.py", *args]
        return subprocess.run(command, cwd=ROOT, env=self.env, check=True,
                              capture_output=True, text=True).stdout


def _site_env(tmp: Path) -> dict:
    env = {**os.environ, "SECRET_KEY": "live-test-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
           "DEBUG": "0", "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "GRIMOIRE_VAR_DIR": str(tmp), "GRIMOIRE_PLAIN_STATIC": "1",
           "DJANGO_SETTINGS_MODULE": "cardsite.settings", "PYTHONPATH": str(ROOT),
           "API_ANON_THROTTLE_RATE": "100000/min", "SECURE_COOKIES": "0",
           # No worker beside the site: a confirmed import is applied in its request.
           "TASKS_BACKEND": "immediate"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    # SQLite chosen by URL, as an operator would: it must keep WAL, IMMEDIATE and
    # the busy timeout (cardsite.settings gives every SQLite the same options).
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp}/grimoire.sqlite3")
    return env


@contextmanager
def _own_database(env: dict):
    """On PostgreSQL, a fresh database for the site, dropped afterwards."""
    url = env.get("DATABASE_URL")
    if not url.startswith("postgres"):
        yield
        return
    import psycopg

    name = f"grimoire_live_{uuid.uuid4().hex[:8]}"
    server = url.rsplit("/", 1)[0]
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = f"{server}/{name}"
    try:
        yield
    finally:
        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def live_site(tmp: Path):
    env = _site_env(tmp)
    with _own_database(env), served(env) as base:
        token = Site(base, "", env).manage(code=SEED).strip().splitlines()[-1]
        yield Site(base, token, env)
