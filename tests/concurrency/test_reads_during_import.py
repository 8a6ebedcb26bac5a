"""An import holds the database's write lock on SQLite; reads must keep answering.

A real server (gunicorn, 2 workers) over its own database; ``import_catalog``
runs in another process with a few thousand made-up entries while four threads
read anonymously (each read also spends the throttle's allowance and fills the
shared response cache: writes that must give way to the import's).
"""
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from tests.catalog_sample import sample_catalog
from tests.live_site import ROOT, live_site

READ_PATHS = ["/api/games/", "/api/cards/?q=zap", "/healthz", "/api/rules/", "/cards/",
              "/api/engine/odds/power-roll?dice=3&bands=1-4,5-9,10%2B"]


def big_catalog(entries: int) -> dict:
    data = sample_catalog()
    game = data["games"][0]
    for i in range(entries):
        game["entries"].append({**game["entries"][1], "slug": f"made-up-{i}",
                                "name": f"Made-up {i}", "text": f"Test text {i}."})
    return data


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with live_site(tmp_path_factory.mktemp("import-site")) as site:
        yield site


def test_reads_keep_answering_during_an_import(site, tmp_path):
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(big_catalog(600)))
    answers, stop = [], threading.Event()

    def reader(offset):
        n = offset
        while not stop.is_set():
            target = READ_PATHS[n % len(READ_PATHS)] + ("&" if "?" in READ_PATHS[n % len(READ_PATHS)] else "?") + f"r={n}"
            started = time.monotonic()
            status = site.request("GET", target, staff=False, timeout=60)[0]
            answers.append((status, time.monotonic() - started, target, importing.is_set()))
            n += 4

    importing = threading.Event()
    threads = [threading.Thread(target=reader, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    importing.set()
    started = time.monotonic()
    result = subprocess.run([sys.executable, "manage.py", "import_catalog", str(path)], cwd=ROOT,
                            env=site.env, capture_output=True, text=True)
    took = time.monotonic() - started
    importing.clear()
    time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join(60)
    assert result.returncode == 0, result.stderr
    during = [a for a in answers if a[3]]
    failed = [a for a in answers if a[0] != 200]
    slowest = max(a[1] for a in during)
    print(f"import {took:.1f} s; {len(during)} reads during it, slowest {slowest:.2f} s, "
          f"{len(failed)} failed")
    assert not failed, failed[:10]
    assert len(during) >= 20, "the import was too short to overlap the reads"
    assert site.request("GET", "/api/cards/rumble/made-up-599/", staff=False)[0] == 200


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's database-wide lock")
def test_reads_answer_at_once_while_a_writer_holds_the_lock(site):
    """The import's transaction, held open for 4 s: every anonymous read (each with its
    throttle and response-cache writes) still answers within a second."""
    site.request("GET", "/api/games/", staff=False)  # the cache table and version exist
    db = sqlite3.connect(os.path.join(site.env["GRIMOIRE_VAR_DIR"], "grimoire.sqlite3"),
                         isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    try:
        held_until = time.monotonic() + 4
        timings = []
        n = 0
        while time.monotonic() < held_until - 1:
            path = READ_PATHS[n % len(READ_PATHS)]
            started = time.monotonic()
            status = site.request("GET", path + ("&" if "?" in path else "?") + f"locked={n}",
                                  staff=False, timeout=30)[0]
            timings.append((status, round(time.monotonic() - started, 2), path))
            n += 1
    finally:
        db.execute("ROLLBACK")
        db.close()
    assert all(t[0] == 200 for t in timings), timings
    assert max(t[1] for t in timings) < 1, timings
    # A write waits for the lock (up to the busy timeout) and then goes through.
    assert site.request("PATCH", "/api/cards/rumble/zapper/", {"notes": "after"})[0] == 200
