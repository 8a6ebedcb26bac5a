"""A dealt sandbox from a big game over HTTP: new tables and their first page against the
/healthz floor, on SQLite and PostgreSQL in one run.

    .venv/bin/python bench/sandbox_scale.py [--cards 5000] [--requests 200]
        [--pg postgres://postgres@127.0.0.1:5433/grimoire_bench]

Builds (once per size) a database whose Rumble holds ``--cards`` SYNTHETIC cards besides
its own (bench/synthetic_catalog.py): a SQLite file under bench/var/sandbox-<cards>/ and,
with --pg (or BENCH_DATABASE_URL), that PostgreSQL database. Serves each with gunicorn
(2 workers) and takes turns, a tenth of the requests at a time, on one keep-alive
connection: GET /healthz; "New table" (the form post: a dealt two-wizard Rumble match,
each a distinct table, answered 303); the first GET of each of those tables' pages (the
owner's page: every hand, the seats' links); and a dealt table through the JSON API (201,
its state and legal actions). The creation throttle is off (SANDBOX_CREATE_RATE=off):
the figures are the views'. Prints median and p95 per target and the ratio of each
median to the floor's.

Then, with every throttle at its production default (SANDBOX_CREATE_RATE 60/hour,
SANDBOX_ACTION_RATE 2000/hour, the API's 600/min), a scripted client plays whole games
over HTTP on SQLite through the JSON API (Satanic Panic for 3, the longest, and
Demoniac for 2, tests/sandbox/players.py's seeded players choosing among the legal
actions each answer carries) and counts the answers: a 429 is a failure. Figures, not a
test.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import VAR, bench_env, served  # noqa: E402
from bench.sandbox_http import Session  # noqa: E402

ROUNDS = 10
GAME = "rumble"


def prepared(cards: int, database_url: str | None) -> dict:
    env = bench_env()
    env["SANDBOX_CREATE_RATE"] = "off"
    env.pop("DATABASE_URL", None)
    var = VAR / (f"sandbox-pg-{cards}" if database_url else f"sandbox-{cards}")
    var.mkdir(parents=True, exist_ok=True)
    env.update(GRIMOIRE_VAR_DIR=str(var), STATIC_ROOT=str(var / "static"))
    if database_url:
        env["DATABASE_URL"] = database_url
    marker = var / "built"
    if not marker.exists() or marker.read_text() != (database_url or ""):
        code = (f"import sys, django; sys.path.insert(0, {str(ROOT)!r}); django.setup();"
                f"from bench.synthetic_catalog import build; build({cards}, {GAME!r})")
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=ROOT, env=env, check=True)
        marker.write_text(database_url or "")
    return env


def measure(env: dict, requests: int) -> dict[str, list[float]]:
    with served(env) as base:
        s = Session(urlsplit(base).port)
        _, page = s.request("GET", "/engine/sandbox/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        made: list[str] = []

        def healthz():
            s.request("GET", "/healthz")

        def create():
            response, body = s.request("POST", "/engine/sandbox/new/", {
                "csrfmiddlewaretoken": token, "game": GAME, "wizards": "Alice, Bob",
                "variant": "match"})
            if response.status != 303:
                raise SystemExit(f"new table refused ({response.status}): {body[:300]}")
            made.append(response.getheader("Location"))

        def page():
            response, body = s.request("GET", made.pop(0))
            if response.status != 200 or 'data-testid="place"' not in body:
                raise SystemExit(f"table page ({response.status}) without a dealt hand")

        def api_create():
            response, body = s.request("POST", "/api/engine/sandboxes/", json_body={
                "game": GAME, "players": ["Alice", "Bob"], "options": {"variant": "match"}})

            def check():  # after the clock: parsing 43 KB is the client's time, not the site's
                if response.status != 201 or not json.loads(body)["state"].get("deal"):
                    raise SystemExit(f"API table refused ({response.status}): {body[:300]}")
            return check

        targets = {"healthz (floor)": healthz, "new table (form post)": create,
                   "its page, first view": page, "new table (JSON API)": api_create}
        for fn in targets.values():  # warm up (each page takes a table the create made)
            for _ in range(10):
                (fn() or (lambda: None))()
        times: dict[str, list[float]] = {name: [] for name in targets}
        for _ in range(ROUNDS):
            for name, fn in targets.items():
                for _ in range(max(1, requests // ROUNDS)):
                    started = time.perf_counter()
                    check = fn()
                    times[name].append((time.perf_counter() - started) * 1000)
                    if check:
                        check()
        create()
        size = len(s.request("GET", made.pop(0))[1].encode())
    return times, size


def whole_games(env: dict) -> None:
    import random

    from engine.families import family_for
    from tests.sandbox.players import demoniac_player, panic_player

    env = {k: v for k, v in env.items() if k not in (
        "SANDBOX_CREATE_RATE", "SANDBOX_ACTION_RATE", "API_ANON_THROTTLE_RATE")}
    games = [("satanic-panic", 3, {"satan": True}, panic_player),
             ("demoniac", 2, {}, demoniac_player)]
    # A fresh allowance, as for a client that has not played this hour (the earlier runs'
    # moves on this database came from the same address).
    subprocess.run([sys.executable, "-c", "import django; django.setup(); from cardsite.models "
                    "import ApiAllowance; ApiAllowance.objects.all().delete()"],
                   cwd=ROOT, env=env, check=True)
    with served(env) as base:
        s = Session(urlsplit(base).port)
        for game, players, options, player in games:
            statuses: dict[int, int] = {}
            response, body = s.request("POST", "/api/engine/sandboxes/", json_body={
                "game": game, "players": players, "seed": 3, "options": options})
            statuses[response.status] = statuses.get(response.status, 0) + 1
            table, rnd, family = json.loads(body), random.Random(3), family_for(game)
            started, moves = time.perf_counter(), 0
            while not table["finished"] and moves < 6000:
                action = player(family.load(table["state"]), table["legal_actions"], rnd)
                response, body = s.request(
                    "POST", f"/api/engine/sandboxes/{table['id']}/actions/",
                    json_body={"version": table["version"], "action": action})
                statuses[response.status] = statuses.get(response.status, 0) + 1
                if response.status != 200:
                    break
                table, moves = json.loads(body), moves + 1
            response, _ = s.request("GET", f"/api/engine/sandboxes/{table['id']}/log/")
            statuses[response.status] = statuses.get(response.status, 0) + 1
            print(f"{game}: {moves} moves over HTTP in {time.perf_counter() - started:.1f} s, "
                  f"finished: {table['finished']}, answers {dict(sorted(statuses.items()))} "
                  f"({statuses.get(429, 0)} 429s) at the production rates")


def report(label: str, times: dict[str, list[float]], size: int) -> None:
    floor = statistics.median(times["healthz (floor)"])
    print(f"\n{label}")
    print(f"{'target':26} {'median ms':>10} {'p95 ms':>8} {'ratio':>6}")
    for name, values in times.items():
        median = statistics.median(values)
        p95 = statistics.quantiles(values, n=20)[-1]
        print(f"{name:26} {median:10.2f} {p95:8.2f} {median / floor:6.2f}")
    if size:
        print(f"a table's page: {size:,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--pg", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--games-only", action="store_true", help="only the whole games")
    args = parser.parse_args()
    runs = [("SQLite", None)] + ([("PostgreSQL", args.pg)] if args.pg else [])
    if args.games_only:
        runs = []
    for label, url in runs:
        env = prepared(args.cards, url)
        times, size = measure(env, args.requests)
        report(f"{label}: a dealt Rumble table from a game of {args.cards:,} synthetic cards "
               f"and its own, {args.requests} requests each, gunicorn 2 workers", times, size)
    print("\nwhole games by a scripted client, SQLite, production throttles:")
    whole_games(prepared(args.cards, None))


if __name__ == "__main__":
    main()
