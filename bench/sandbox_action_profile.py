"""Where a sandbox action POST spends its time, in process: statements, round trips, cProfile.

    .venv/bin/python bench/sandbox_action_profile.py [--tables 200] [--top 30 (0: no profile)]
        [--pg postgres://postgres@127.0.0.1:5433/grimoire_bench] [--dump FILE]

The request bench/playouts.py times over HTTP: one legal ``add_card`` posted (JSON API) to
each of ``--tables`` distinct dealt Rumble tables, made through the API first. Django
runs in a child process with the benchmark's settings (bench/http_bench.py: DEBUG off,
the move throttle on at a rate it never reaches, so its allowance write is measured).
Prints each statement an action runs (one table's, with the connection's health check),
the median CPU and wall time an action, then cProfile's top functions by cumulative
time over all of them. ``--dump FILE``: every answer's JSON (sorted keys) over seeded
games of all four games, to compare before/after a change (they must not differ).
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

DUMP_GAMES = (("rumble", {"players": ["Alice", "Bob", "Cleo"]}),
              ("anarchy", {"players": ["Alice", "Bob", "Cleo"]}),
              ("satanic-panic", {"players": 3}), ("demoniac", {"players": 2}))


def inner(tables: int, top: int, dump: str | None) -> None:
    import cProfile
    import pstats

    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    client = Client(HTTP_HOST="localhost")

    def create(seed, game="rumble", options=None):
        body = {"game": game, "seed": seed, **(options or {"players": ["Alice", "Bob", "Cleo"]})}
        response = client.post("/api/engine/sandboxes/", body, content_type="application/json")
        assert response.status_code == 201, response.content[:300]
        return response.json()

    def act(table, action):
        return client.post(f"/api/engine/sandboxes/{table['id']}/actions/", {
            "version": table["version"], "action": action}, content_type="application/json")

    if dump:
        with open(dump, "w") as out:
            for game, options in DUMP_GAMES:
                for seed in range(3):
                    table, rnd = create(500 + seed, game, options), random.Random(seed)
                    for _ in range(60):
                        if not table["legal_actions"]:
                            break
                        response = act(table, rnd.choice(table["legal_actions"]))
                        assert response.status_code == 200, response.content[:300]
                        table = response.json()
                        body = {k: v for k, v in table.items()  # the table's own id aside
                                if k not in ("id", "url", "log_url", "page_url")}
                        out.write(json.dumps(body, sort_keys=True) + "\n")
        print(f"answers written to {dump}")
        return

    made = [create(10_000 + n) for n in range(tables + 10)]
    for table in made[:10]:  # warm up
        act(table, next(a for a in table["legal_actions"] if a["type"] == "add_card"))
    made = made[10:]
    statements: list[str] = []

    def record(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    table = made.pop()
    with connection.execute_wrapper(record):
        act(table, next(a for a in table["legal_actions"] if a["type"] == "add_card"))
    print(f"{len(statements)} statements an action ({connection.vendor}):")
    for sql in statements:
        print("  ", sql[:150])
    cpu, wall = [], []
    profile = cProfile.Profile()
    for table in made:
        action = next(a for a in table["legal_actions"] if a["type"] == "add_card")
        c0, w0 = time.process_time(), time.perf_counter()
        if top:
            profile.enable()
        response = act(table, action)
        if top:
            profile.disable()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        assert response.status_code == 200, response.content[:300]
    print(f"{len(made)} actions: CPU median {statistics.median(cpu):.3f} ms, "
          f"wall median {statistics.median(wall):.3f} ms" + (" (cProfile on)" if top else ""))
    if not top:
        return
    pstats.Stats(profile).sort_stats("cumulative").print_stats(top)
    pstats.Stats(profile).sort_stats("tottime").print_stats(top)
    if os.environ.get("PROFILE_CALLEES"):
        pstats.Stats(profile).sort_stats("cumulative").print_callees(os.environ["PROFILE_CALLEES"])
    if os.environ.get("PROFILE_CALLERS"):
        pstats.Stats(profile).sort_stats("tottime").print_callers(os.environ["PROFILE_CALLERS"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--pg", default=None)
    parser.add_argument("--dump", default=None)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.tables, args.top, args.dump)
        return
    from bench.http_bench import VAR, bench_env

    env = bench_env()
    env.update(SANDBOX_CREATE_RATE="off", SANDBOX_ACTION_RATE="1000000/hour")
    if args.pg:
        env["DATABASE_URL"] = args.pg
    VAR.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, __file__, "--inner", "--tables", str(args.tables),
                    "--top", str(args.top)] + (["--dump", os.path.abspath(args.dump)]
                                                if args.dump else []),
                   cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
