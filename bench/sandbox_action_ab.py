"""A sandbox action over HTTP against /healthz: a tree before a change and this one, runs
interleaved.

    .venv/bin/python bench/sandbox_action_ab.py --before DIR [--actions 300] [--runs 4]
        [--pg postgres://postgres@127.0.0.1:5433/grimoire_bench]

bench/playouts.py's action figure (one legal ``add_card`` posted through the JSON API to
each of ``--actions`` distinct dealt Rumble tables, three wizards, interleaved with GET
/healthz a tenth at a time; the ratio of medians in one run) for ``--before`` (a checkout
of the code before a change, e.g. ``git archive main`` unpacked) and this tree, each run
its own gunicorn (2 workers) on the same database, the throttle at bench/playouts.py's
rates; runs alternate before, after, after, before... Two servers at once were tried:
the first one started measured slower even when both served the same tree.
Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_bench import VAR, bench_env, free_port, wait_for  # noqa: E402
from bench.sandbox_http import Session, timed  # noqa: E402


@contextmanager
def serve(tree: Path, env: dict):
    port = free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "cardsite.wsgi", "--workers", "2",
         "-c", "python:cardsite.gunicorn_conf", "--bind", f"127.0.0.1:{port}",
         "--no-control-socket", "--log-level", "warning"],
        cwd=tree, env={**env, "PYTHONPATH": str(tree)}, start_new_session=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz", timeout=120)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def tables(s: Session, count: int, first_seed: int) -> list[dict]:
    made = []
    for n in range(count):
        response, body = s.request("POST", "/api/engine/sandboxes/", json_body={
            "game": "rumble", "players": ["Alice", "Bob", "Cleo"], "seed": first_seed + n})
        if response.status != 201:
            raise SystemExit(f"table refused ({response.status}): {body[:300]}")
        made.append(json.loads(body))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, type=Path)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--pg", default=None)
    parser.add_argument("--runs", type=int, default=4, help="runs a tree, interleaved")
    args = parser.parse_args()
    env = bench_env()
    env.update(SANDBOX_CREATE_RATE="100000/hour", SANDBOX_ACTION_RATE="1000000/hour")
    if args.pg:
        env["DATABASE_URL"] = args.pg
    VAR.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True)
    trees = {"before": args.before.resolve(), "after": ROOT}
    results = {name: [] for name in trees}
    for rep in range(args.runs):  # interleaved runs: before, after, after, before, ...
        for name in list(trees)[::-1] if rep % 2 else list(trees):
            with serve(trees[name], env) as port:
                results[name].append(run(Session(port), args.actions, args.rounds,
                                         5000 + 1000 * rep))
            r = results[name][-1]
            print(f"  {name:7} action {r['action']:.2f} ms, /healthz {r['floor']:.2f} ms, "
                  f"ratio {r['action'] / r['floor']:.2f}x, load {r['load']}", flush=True)
    vendor = "PostgreSQL" if args.pg else "SQLite"
    print(f"{vendor}, {args.actions} distinct dealt Rumble tables a run:")
    for name, runs in results.items():
        ratios = [r["action"] / r["floor"] for r in runs]
        print(f"  {name:7} ratios " + ", ".join(f"{x:.2f}" for x in ratios)
              + f" (median {statistics.median(ratios):.2f}x); action ms "
              + ", ".join(f"{r['action']:.2f}" for r in runs))


def run(s: Session, actions: int, rounds: int, first_seed: int) -> dict:
    """bench/playouts.py's action_ratio: a table each, interleaved with /healthz."""
    queue = iter(tables(s, actions, first_seed))
    load = [os.getloadavg()[0]]

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
    for _ in range(rounds):
        floor += timed(healthz, actions // rounds)
        action += timed(act, actions // rounds)
        load.append(os.getloadavg()[0])
    return {"floor": statistics.median(floor), "action": statistics.median(action),
            "load": f"{min(load):.1f}-{max(load):.1f}"}


if __name__ == "__main__":
    main()
