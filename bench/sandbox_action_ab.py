"""A sandbox action over HTTP against /healthz: a tree before a change and this one, runs
interleaved.

    .venv/bin/python bench/sandbox_action_ab.py --before DIR [--actions 300] [--runs 4]
        [--pg postgres://postgres@127.0.0.1:5433/grimoire_bench [--setup SQL SQL]]

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
from bench.playouts import action_ratio  # noqa: E402
from bench.sandbox_http import Session  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, type=Path)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--pg", default=None)
    parser.add_argument("--setup", nargs=2, metavar=("BEFORE_SQL", "AFTER_SQL"),
                        help="PostgreSQL: statements run before each tree's run, e.g. a "
                             "column's setting a migration of the change alters (the "
                             "database is shared)")
    parser.add_argument("--runs", type=int, default=4, help="runs a tree, interleaved")
    args = parser.parse_args()
    env = bench_env()
    env.update(SANDBOX_CREATE_RATE="100000/hour", SANDBOX_ACTION_RATE="1000000/hour")
    if args.pg:
        env["DATABASE_URL"] = args.pg
    trees = {"before": args.before.resolve(), "after": ROOT}
    VAR.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True)
    results = {name: [] for name in trees}
    for rep in range(args.runs):  # interleaved runs: before, after, after, before, ...
        for name in list(trees)[::-1] if rep % 2 else list(trees):
            if args.setup and args.pg:
                import psycopg

                with psycopg.connect(args.pg, autocommit=True) as db:
                    db.execute(args.setup[0 if name == "before" else 1])
            with serve(trees[name], env) as port:
                results[name].append(run(Session(port), args.actions))
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


def run(s: Session, actions: int) -> dict:
    """bench/playouts.py's action_ratio (the same seeds each run), with the load average."""
    before = os.getloadavg()[0]
    result = action_ratio(s, actions)
    load = (before, os.getloadavg()[0])
    return {**result, "load": f"{min(load):.1f}-{max(load):.1f}"}


if __name__ == "__main__":
    main()
