"""What the response cache adds to a miss: the same distinct requests, cache off and on.

    .venv/bin/python bench/cache_miss.py [--entries 0] [--per-class 100] [--rounds 3]

In process (Django's test client through the whole middleware stack, production
settings, the bench database of bench/http_bench.py; PostgreSQL with
BENCH_DATABASE_URL), so the figure is CPU and database time per request, not
what other work on a shared machine does to wrk's (on SQLite, whose work is
in process, this process's CPU time by default). Every request is a first
sighting of its URL (the catalog versions are bumped before each round), asked
with the cache off and with it on, in alternating order; then asked again (on:
a hit) for the cost of a hit. Prints per endpoint and class the median time of a
miss off and on and their ratio (the target: at most 1.1), and of a hit.
Figures, not a test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared  # noqa: E402
from bench.search_mix import (  # noqa: E402
    ENDPOINTS,
    database_entries,
    query_mix,
    rulebook_bigrams,
    rulebook_words,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0)
    parser.add_argument("--per-class", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=("cpu", "wall"),
                        help="cpu: this process's CPU time (SQLite's work is in process; "
                             "the default on SQLite), wall: elapsed (PostgreSQL's default)")
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=False)
    entries = database_entries(env)
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.test import Client

    from cardsite.web import response_cache

    mix = query_mix(entries, rulebook_words(), rulebook_bigrams(), args.per_class)
    targets = [(f"{endpoint} {klass}", [endpoint + quote(q) for q in queries])
               for endpoint in ENDPOINTS for klass, queries in mix.items()]
    targets.append(("card pages", [f"/cards/{g}/{s}/" for g, s, _ in entries[:args.per_class]]))
    clock = args.clock or ("wall" if env.get("DATABASE_URL") else "cpu")
    now = time.process_time if clock == "cpu" else time.perf_counter
    client = Client(HTTP_HOST="127.0.0.1")
    for _label, paths in targets:  # warm every per-process memo and the database's pages
        settings.RESPONSE_CACHE = False
        for path in paths:
            client.get(path)

    def timed(path: str, cache: bool) -> tuple[float, str | None]:
        settings.RESPONSE_CACHE = cache
        start = now()
        response = client.get(path)
        return (now() - start) * 1000, response.get("X-Cache")

    database = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite"
    print(f"\n{database}, {len(entries)} entries, in process, median {clock} ms per request over "
          f"{args.rounds} rounds of {args.per_class} distinct URLs per row; "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print(f"{'target':36} {'miss off':>9} {'miss on':>9} {'on/off':>7} {'hit':>7}")
    ratios = []
    for label, paths in targets:
        off, on, hit = [], [], []
        for round_ in range(args.rounds):
            response_cache.bump_catalog_version()  # every URL a first sighting again
            if hasattr(response_cache, "doorkeeper"):
                response_cache.doorkeeper.clear()
            for i, path in enumerate(paths):
                order = (False, True) if (i + round_) % 2 else (True, False)
                for cache in order:
                    ms, state = timed(path, cache)
                    if cache and state not in ("miss", None):
                        raise SystemExit(f"{path}: expected a miss, got {state}")
                    (on if cache else off).append(ms)
                if round_ == args.rounds - 1:
                    for _ in range(3):  # until kept (a search: from its second request)
                        ms, state = timed(path, True)
                    hit.append(ms)
        ratio = statistics.median(on) / statistics.median(off)
        ratios.append(ratio)
        print(f"{label:36} {statistics.median(off):9.2f} {statistics.median(on):9.2f} "
              f"{ratio:7.2f} {statistics.median(hit):7.2f}")
    print(f"\nmiss on/off: median of rows {statistics.median(ratios):.3f}, worst {max(ratios):.3f}")


if __name__ == "__main__":
    main()
