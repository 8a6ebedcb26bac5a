"""Time a sandbox action round trip in-process: load the row, validate with the
engine's preflight, apply, save with the version check (``sandbox_act``).

    .venv/bin/python bench/sandbox_action.py [--actions 300]

Uses the default SQLite set-up in a temporary directory (or BENCH_DATABASE_URL
for PostgreSQL), plays seeded random legal actions per game, and prints the
median and p95 milliseconds per round trip, and the engine's share (the same
load/check/apply/dump without the database). Figures, not a test; the HTTP
figure against the /healthz floor comes from bench/sandbox_http.py.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(tmp: str) -> None:
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
    if os.environ.get("BENCH_DATABASE_URL"):
        os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    else:  # the default SQLite set-up (WAL, synchronous=NORMAL), in a scratch directory
        os.environ.pop("DATABASE_URL", None)
        os.environ["GRIMOIRE_VAR_DIR"] = tmp
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", "engine", verbosity=0)


# (game, options, a steady choice among the legal actions)
def spell_choice(state, actions, rnd):
    return rnd.choice([{"type": "damage", "target": "Bob", "amount": 1, "source": "Alice"},
                       {"type": "heal", "target": "Bob", "amount": 1}])


def random_choice(state, actions, rnd):
    plays = [a for a in actions if a["type"] not in ("end-turn",)]
    return rnd.choice(plays) if plays and rnd.random() < 0.8 else actions[-1]


# A free table: the hand edits a dealt table refuses (one declared effect per card).
CASES = [("rumble", {"wizards": ["Alice", "Bob", "Cleo"], "deal": False}, spell_choice),
         ("satanic-panic", {"players": 4}, random_choice),
         ("demoniac", {"players": 4, "relic": True}, random_choice)]


def run(game, options, choose, count: int) -> tuple[list[float], list[float]]:
    from engine.families import family_for
    from engine.web.sandbox.service import sandbox_act, sandbox_create

    family = family_for(game)
    rnd = random.Random(1)
    sandbox = sandbox_create(game, options, seed=1)
    trips, engine = [], []
    for _ in range(count):
        state = family.load(sandbox.state)
        if family.is_terminal(state):
            sandbox = sandbox_create(game, options, seed=rnd.randrange(10**6))
            continue
        action = choose(state, family.legal_actions(state), rnd)
        start = time.perf_counter()
        loaded = family.load(sandbox.state)
        assert not family.check(loaded, action)
        family.dump(family.apply(loaded, action)[0])
        engine.append(time.perf_counter() - start)
        start = time.perf_counter()
        outcome = sandbox_act(sandbox.id, action, sandbox.version)
        trips.append(time.perf_counter() - start)
        sandbox = outcome.sandbox
    return trips, engine


def ms(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] * 1000 if q != 50 else \
        statistics.median(values) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(tmp)
        print(f"{'game':<15} {'round trip p50 ms':>18} {'p95 ms':>8} {'engine p50 ms':>14}")
        for game, options, choose in CASES:
            trips, engine = run(game, options, choose, args.actions)
            print(f"{game:<15} {ms(trips, 50):>18.2f} {ms(trips, 95):>8.2f} "
                  f"{ms(engine, 50):>14.2f}")


if __name__ == "__main__":
    main()
