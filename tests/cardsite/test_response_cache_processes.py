"""An edit is seen by the next request of another app process, with the cache on.

Two real processes (tests/cardsite/cache_worker.py) share the test's database
and the shared tier (the database table; Redis when TEST_REDIS_URL is set):
one reads a card page until it is cached in its memory and in the shared tier,
the other renames the card; the reader's next request shows the new name.
"""
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from cardsite.models import Entry, Game

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "")

pytestmark = pytest.mark.django_db(transaction=True)


def database_url(tmp_path) -> str:
    if connection.vendor == "sqlite":  # the in-memory test database, copied to a file
        path = tmp_path / "shared.sqlite3"
        target = sqlite3.connect(path)
        connection.ensure_connection()
        connection.connection.backup(target)
        target.close()
        return f"sqlite:///{path}"
    s = connection.settings_dict
    return f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


class Worker:
    def __init__(self, env):
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("cache_worker.py"))], cwd=ROOT, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.ask(None) == {"ready": True}

    def ask(self, command):
        if command is not None:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


SHARED = ["table", pytest.param("redis", marks=pytest.mark.skipif(
    not REDIS_URL, reason="TEST_REDIS_URL is not set (.ci/run starts a redis-server)"))]


def workers(tmp_path, shared: str, **extra) -> tuple[Worker, Worker]:
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")
    Entry.objects.create(game=game, slug="zapper", name="Zapper", kind="card")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings",
           "DATABASE_URL": database_url(tmp_path), "PYTHONPATH": str(ROOT), **extra}
    env.pop("REDIS_URL", None)
    if shared == "redis":
        env["REDIS_URL"] = REDIS_URL
    return Worker(env), Worker(env)


@pytest.mark.parametrize("shared", SHARED)
def test_an_edit_is_seen_by_the_next_request_of_another_process(shared, tmp_path):
    reader, editor = workers(tmp_path, shared)
    try:
        url = "get /cards/rumble/zapper/"
        assert reader.ask(url)["cache"] == "miss"
        assert reader.ask(url)["cache"] == "hit"  # from its memory; the shared tier has it too
        assert editor.ask(url)["cache"] == "hit"  # the other process reads the shared copy
        assert editor.ask("rename rumble zapper Zapper Deluxe") == {"saved": True}
        again = reader.ask(url)
        assert again["status"] == 200 and again["cache"] == "miss"
        assert "Zapper Deluxe" in again["body"]
    finally:
        reader.close()
        editor.close()


@pytest.mark.parametrize("shared", SHARED)
@pytest.mark.parametrize("url", ["get /api/cards/?q=zapper", "get /cards/?q=zapper"])
def test_a_kept_entry_is_retired_by_another_process_edit(shared, url, tmp_path):
    """The response cache off: a card search's entries, kept by the reader
    (cardsite.browse.entry_memo), are read again once the editor renames one."""
    reader, editor = workers(tmp_path, shared, WORKER_RESPONSE_CACHE="0")
    try:
        assert reader.ask(url)["entry_reads"] == 1
        kept = reader.ask(url)
        assert kept["entry_reads"] == 0 and "Zapper" in kept["body"]
        assert editor.ask("rename rumble zapper Zapper Deluxe") == {"saved": True}
        again = reader.ask(url)
        assert again["entry_reads"] == 1 and "Zapper Deluxe" in again["body"]
    finally:
        reader.close()
        editor.close()
