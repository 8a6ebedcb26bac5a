"""Every game finishes: seeded playouts in process and over HTTP, and an action's HTTP cost.

    .venv/bin/python bench/playouts.py [--games 1000] [--http-games 20] [--actions 200]
                                       [--port 8401] [--skip-http] [--random-by-type]

1. In process: ``--games`` seeded random games per game (uniform over the offered
   actions, engine.bots), cycling through the game's variants and player counts
   (tests/engine/playouts.py VARIANTS), each within engine.bots.MAX_ACTIONS; and a
   tenth as many greedy games. Prints the share finished, actions per game (median,
   max) and playouts per second. Spell tables deal the bundled catalog (fixtures/);
   ``--panic-catalog``: Satanic Panic tables deal a test catalog (the bundled one has no
   Satanic Panic card a table deals). ``--random-by-type``: the random games choose
   uniformly among the offered action types, then among that type's actions (the
   alternative issue 29 allows; bench/demoniac_random.py), not the sandbox's policy.
2. Over HTTP (gunicorn, 2 workers, on ``--port``): ``--http-games`` tables per game
   created through the API and played to the end by POST .../bots/ (random policy),
   each call a bounded batch: the share finished and the calls it took.
3. A sandbox action over HTTP against the /healthz floor in the same run: ``--actions``
   distinct dealt Rumble tables, one legal action posted to each (JSON API), interleaved
   with GET /healthz; the ratio of medians.
Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_bench import VAR, bench_env, served  # noqa: E402
from bench.sandbox_http import Session, timed  # noqa: E402
from engine.bots import MAX_ACTIONS, POLICY_FUNCTIONS, playout  # noqa: E402
from engine.families import family_for  # noqa: E402
from tests.engine.playouts import VARIANTS, new_table, variant_id  # noqa: E402
from tests.sandbox.players import fixture_catalog  # noqa: E402

GAMES = ("rumble", "anarchy", "satanic-panic", "demoniac")


def in_process(game: str, count: int, policy: str) -> dict:
    variants = [v for v in VARIANTS if v[0] == game]
    actions, finished, won, unfinished = [], 0, 0, []
    start = time.perf_counter()
    for seed in range(count):
        variant = variants[seed % len(variants)]
        family, state = new_table(*variant, seed)
        out = playout(family, state, default=policy, rng=random.Random(seed),
                      max_actions=MAX_ACTIONS[game], keep_events=False)
        actions.append(len(out.actions))
        finished += out.finished
        won += bool(out.finished and (family.result(out.state) or {}).get("winner"))
        if not out.finished and len(unfinished) < 3:
            unfinished.append(f"{variant_id(variant)} seed {seed}")
    seconds = time.perf_counter() - start
    return {"games": count, "finished": finished, "won": won,
            "median": statistics.median(actions),
            "max": max(actions), "per_s": count / seconds, "actions_per_s": sum(actions) / seconds,
            "unfinished": unfinished}


def print_rows(title: str, rows: dict) -> None:
    print(f"\n{title}", flush=True)
    print(f"{'game':15} {'games':>6} {'finished':>9} {'won':>6} {'median':>7} {'max':>6} "
          f"{'games/s':>8} {'actions/s':>10}  unfinished (first 3)")
    for game, r in rows.items():  # won: with a winner (not drawn: Demoniac's round limit)
        print(f"{game:15} {r['games']:6d} {r['finished'] / r['games']:9.1%} "
              f"{r['won'] / r['games']:6.1%} {r['median']:7.0f} "
              f"{r['max']:6d} {r['per_s']:8.1f} {r['actions_per_s']:10.0f}  "
              + "; ".join(r["unfinished"]), flush=True)


def over_http(s: Session, game: str, count: int) -> dict:
    finished, calls, moves = 0, [], []
    start = time.perf_counter()
    for seed in range(count):
        players = ["Alice", "Bob", "Cleo"][:2 + seed % 2] if game in ("rumble", "anarchy") \
            else 2 + seed % 2
        response, body = s.request("POST", "/api/engine/sandboxes/", json_body={
            "game": game, "players": players, "seed": seed})
        if response.status != 201:
            raise SystemExit(f"{game}: table refused ({response.status}): {body[:300]}")
        table, n = json.loads(body), 0
        while not table["finished"] and n < 12:
            response, body = s.request("POST", f"/api/engine/sandboxes/{table['id']}/bots/",
                                       json_body={"version": table["version"],
                                                  "policy": "random"})
            n += 1
            if response.status != 200:
                break  # e.g. a stuck game: counted as unfinished
            table = json.loads(body)
        finished += table["finished"]
        calls.append(n)
        moves.append(table["version"] - 1)
    seconds = time.perf_counter() - start
    return {"games": count, "finished": finished, "calls": statistics.median(calls),
            "moves": statistics.median(moves), "seconds": seconds}


def action_ratio(s: Session, count: int) -> dict:
    tables = []
    for seed in range(count):
        response, body = s.request("POST", "/api/engine/sandboxes/", json_body={
            "game": "rumble", "players": ["Alice", "Bob", "Cleo"], "seed": 1000 + seed})
        if response.status != 201:
            raise SystemExit(f"table refused ({response.status}): {body[:300]}")
        tables.append(json.loads(body))
    queue = iter(tables)

    def act():
        table = next(queue)
        add = next(a for a in table["legal_actions"] if a["type"] == "add_card")
        response, body = s.request("POST", f"/api/engine/sandboxes/{table['id']}/actions/",
                                   json_body={"version": table["version"], "action": add})
        if response.status != 200:
            raise SystemExit(f"action refused ({response.status}): {body[:300]}")

    def healthz():
        s.request("GET", "/healthz")

    timed(healthz, 20)
    floor, action = [], []
    for _ in range(10):  # interleaved, a tenth at a time
        floor += timed(healthz, count // 10)
        action += timed(act, count // 10)
    return {"floor": statistics.median(floor), "action": statistics.median(action)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--http-games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--port", type=int, default=8401)
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--games-only", nargs="*", default=GAMES, help="games to play")
    parser.add_argument("--random-by-type", action="store_true",
                        help="in process, random play is uniform over the action types, then "
                             "within the type (bench/demoniac_random.py random_by_type)")
    parser.add_argument("--panic-catalog", action="store_true",
                        help="in process, Satanic Panic tables deal the catalog of "
                             "tests/engine/deckbuilder/test_catalog.py (30 main-deck cards, "
                             "two Legendary Devils and Satanic Wand, with the rulebook's "
                             "quoted abilities) "
                             "before stand-ins; the bundled catalog deals none")
    args = parser.parse_args()
    for game in ("rumble", "anarchy"):
        family_for(game).catalog_source = fixture_catalog
    if args.panic_catalog:
        from tests.engine.deckbuilder.test_catalog import CATALOG

        family_for("satanic-panic").catalog_source = lambda game: CATALOG
    games = [g for g in GAMES if g in args.games_only] if args.games else []
    random_policy = "random"
    if args.random_by_type:
        from bench.demoniac_random import random_by_type

        random_policy = "random-by-type"
        POLICY_FUNCTIONS[random_policy] = random_by_type
    rows = {game: in_process(game, args.games, random_policy) for game in games}
    print_rows(f"in process, {random_policy} play, bound per game {MAX_ACTIONS}", rows)
    # Greedy looks one move ahead through a copy of the state: cheap for the spell games'
    # dict states, seconds a game for the deck-builder's and Demoniac's (a few games).
    # Demoniac's greedy bot (a small state, 40 looks a move) plays a tenth as many.
    rows = {game: in_process(game, max(1, args.games // (10 if game in ("rumble", "anarchy",
                                                                     "demoniac") else 200)),
                             "greedy")
            for game in games}
    print_rows("in process, greedy play", rows)
    if args.skip_http:
        return
    env = bench_env()
    env.update(SANDBOX_CREATE_RATE="100000/hour", SANDBOX_ACTION_RATE="1000000/hour")
    VAR.mkdir(parents=True, exist_ok=True)
    if not (VAR / "static").exists():
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=ROOT, env=env, check=True)
    with served(env, args.port) as base:
        s = Session(urlsplit(base).port)
        print(f"\nover HTTP (gunicorn, 2 workers): {args.http_games} games per game, played "
              "by POST .../bots/ (random), stand-in catalog")
        print(f"{'game':15} {'finished':>9} {'calls (median)':>15} {'moves (median)':>15} "
              f"{'s/game':>7}")
        for game in [g for g in GAMES if g in args.games_only]:
            r = over_http(s, game, args.http_games)
            print(f"{game:15} {r['finished'] / r['games']:9.1%} {r['calls']:15.0f} "
                  f"{r['moves']:15.0f} {r['seconds'] / r['games']:7.2f}", flush=True)
        r = action_ratio(s, args.actions)
        print(f"\nsandbox action over HTTP (JSON API, {args.actions} distinct dealt Rumble tables) "
              f"median {r['action']:.2f} ms; /healthz floor {r['floor']:.2f} ms; "
              f"ratio {r['action'] / r['floor']:.2f}")


if __name__ == "__main__":
    main()
