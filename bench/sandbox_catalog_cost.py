"""What a dealt sandbox costs in-process, CPU time first: a new table, its first page and an
action, with the bytes its row stores, from a game of 5,000 synthetic cards.

    .venv/bin/python bench/sandbox_catalog_cost.py [--cards 5000] [--tables 100]
        [--pg postgres://postgres@127.0.0.1:5433/grimoire_bench]

Uses bench/sandbox_scale.py's databases (a Rumble holding ``--cards`` SYNTHETIC cards
besides its own: a SQLite file under bench/var/, and with --pg that PostgreSQL database).
Runs Django in a child process with the benchmark's settings (DEBUG off, throttles off)
and takes turns through the test client, no server: "New table" (the form post, a dealt
two-wizard Rumble match), the first GET of its page, a dealt table through the JSON API
and one of its legal actions (JSON API, seeded choice). Prints the median and p95 of the
process's CPU time (``time.process_time``: what the machine's other work does not
inflate) and of wall time per target (the move throttle off, or at BENCH_ACTION_RATE,
e.g. 2000/hour), and the median bytes of a table's stored state (``octet_length`` /
``length`` of the state column) and of what the row points to.
Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def inner(label: str, tables: int) -> None:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from engine.web.models import Sandbox

    client, rnd = Client(HTTP_HOST="localhost"), random.Random(5)
    made: list[str] = []
    api_tables: list[dict] = []

    def create():
        response = client.post("/engine/sandbox/new/", {
            "game": "rumble", "wizards": "Alice, Bob", "variant": "match"})
        assert response.status_code == 303, response.status_code
        made.append(response["Location"])

    def page():
        response = client.get(made[-1])
        assert response.status_code == 200 and b'data-testid="place"' in response.content

    def api_create():
        response = client.post("/api/engine/sandboxes/", {
            "game": "rumble", "players": ["Alice", "Bob"], "options": {"variant": "match"}},
            content_type="application/json")
        assert response.status_code == 201, response.content[:300]
        api_tables.append(response.json())

    def action():
        table = api_tables[-1]
        response = client.post(f"/api/engine/sandboxes/{table['id']}/actions/", {
            "version": table["version"], "action": rnd.choice(table["legal_actions"])},
            content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        api_tables[-1] = response.json()

    targets = {"new table (form post)": create, "its page, first view": page,
               "new table (JSON API)": api_create, "an action (JSON API)": action}
    for _ in range(5):  # warm up: the catalog read and parsed once per process
        for fn in targets.values():
            fn()
    cpu: dict[str, list[float]] = {name: [] for name in targets}
    wall: dict[str, list[float]] = {name: [] for name in targets}
    for _ in range(tables):
        for name, fn in targets.items():
            c0, w0 = time.process_time(), time.perf_counter()
            fn()
            cpu[name].append((time.process_time() - c0) * 1000)
            wall[name].append((time.perf_counter() - w0) * 1000)
    print(f"\n{label}: {tables} of each, in-process (test client), load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'target':26} {'CPU p50 ms':>10} {'p95':>7} {'wall p50 ms':>11} {'p95':>7}")
    for name in targets:
        print(f"{name:26} {statistics.median(cpu[name]):10.2f} "
              f"{statistics.quantiles(cpu[name], n=20)[-1]:7.2f} "
              f"{statistics.median(wall[name]):11.2f} "
              f"{statistics.quantiles(wall[name], n=20)[-1]:7.2f}")
    ids = [t["id"] for t in api_tables[-tables:]]
    length = "octet_length" if connection.vendor == "postgresql" else "length"
    table = Sandbox._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {length}(CAST(state AS text)) FROM {table} WHERE id IN ("
                       + ", ".join(["%s"] * len(ids)) + ")", ids)
        sizes = [row[0] for row in cursor.fetchall()]
    print(f"a table's stored state: median {statistics.median(sizes) / 1000:.1f} KB, "
          f"max {max(sizes) / 1000:.1f} KB")
    try:
        from engine.web.models import DealtCatalog
    except ImportError:
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*), SUM({length}(CAST(cards AS text))) "
                       f"FROM {DealtCatalog._meta.db_table}")
        count, total = cursor.fetchone()
    print(f"dealt catalogs stored once: {count} row(s), {(total or 0) / 1000:.1f} KB in all")
    print(json.dumps({"label": label, "sizes_median": statistics.median(sizes)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pg", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.inner, args.tables)
        return
    from bench.sandbox_scale import prepared

    runs = [("SQLite", None)] + ([("PostgreSQL", args.pg)] if args.pg else [])
    for label, url in runs:
        env = prepared(args.cards, url)
        env["SANDBOX_ACTION_RATE"] = os.environ.get("BENCH_ACTION_RATE", "off")
        # A database built before a migration of the sandboxes' tables gets it now.
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        subprocess.run([sys.executable, __file__, "--inner",
                        f"{label}: a dealt Rumble from {args.cards:,} synthetic cards",
                        "--tables", str(args.tables)], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
