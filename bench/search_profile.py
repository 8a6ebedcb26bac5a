"""Where a search request spends its time: cProfile over the search_mix queries.

    .venv/bin/python bench/search_profile.py [--entries 0|10000|100000] [--per-class 40]
        [--only /api/search/] [--top 25] [--warm 40] [--no-profile]

Runs each endpoint's queries in process (Django's test client, production
settings, response cache off) against the benchmark database of
bench/search_mix.py (PostgreSQL through BENCH_DATABASE_URL), and prints per
endpoint and class the mean CPU time per request (of this process: with
SQLite the database's work too, with PostgreSQL not the server's), its ratio
to /healthz in the same process, the SQL wall time and the queries, then the functions with the
most cumulative time. CPU time: on a busy machine steadier than wrk's figures. Figures, not a test.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def profile(args) -> None:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.search_mix import ENDPOINTS, query_mix, rulebook_bigrams, rulebook_words
    from cardsite.models import Entry

    entries = list(Entry.objects.values_list("game__slug", "slug", "name"))
    mix = query_mix(entries, rulebook_words(), rulebook_bigrams(), args.per_class)
    # A different draw, run first when --warm: a server that has been up a while has
    # compiled the SQL of most query shapes, and none of these queries repeats.
    warm = query_mix(entries, rulebook_words(), rulebook_bigrams(), args.warm, seed=8) \
        if args.warm else {}
    client = Client(HTTP_HOST="127.0.0.1")
    for _ in range(50):
        client.get("/healthz")
    # CPU time of this process (SQLite's work included, PostgreSQL's server not):
    # other work on a busy machine lengthens wall time, not this.
    started = time.process_time()
    for _ in range(500):
        client.get("/healthz")
    floor = (time.process_time() - started) / 500
    print(f"/healthz in process: {1000 * floor:.2f} ms CPU a request (the floor of the ratios)")
    for endpoint in ENDPOINTS:
        if args.only and not endpoint.startswith(args.only):
            continue
        client.get(endpoint + "warm")
        for queries in warm.values():  # other queries of the same kinds: compiled shapes
            for q in queries:
                client.get(endpoint + quote(q))
        profiler = cProfile.Profile()
        print(f"\n== {endpoint}  ({len(entries)} entries)")
        print(f"{'class':14} {'cpu ms/req':>10} {'x floor':>8} {'sql ms':>8} {'queries':>8}")
        for klass, queries in mix.items():
            spent = sql = count = 0.0
            for q in queries:
                with CaptureQueriesContext(connection) as captured:
                    started = time.process_time()
                    if args.profile:
                        profiler.enable()
                    response = client.get(endpoint + quote(q))
                    if args.profile:
                        profiler.disable()
                    spent += time.process_time() - started
                sql += sum(float(x["time"]) for x in captured.captured_queries)
                count += len(captured.captured_queries)
                if response.status_code >= 500:
                    print(f"  {response.status_code} for {q!r}")
            n = len(queries)
            print(f"{klass:14} {1000 * spent / n:10.2f} {spent / n / floor:8.1f} {1000 * sql / n:8.2f} "
                  f"{count / n:8.1f}")
        if not args.profile:
            continue
        for order, restriction, title in (
                ("cumulative", r"(cardsite|rulesref)/", "project functions, by cumulative time"),
                ("tottime", "", "all functions, by own time")):
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out).sort_stats(order)
            stats.print_stats(*([restriction] if restriction else []), args.top)
            lines = out.getvalue().splitlines()
            start = next(i for i, line in enumerate(lines) if "ncalls" in line)
            print(f"-- {title}")
            print("\n".join(line.replace(str(ROOT) + "/", "").replace(
                str(Path(sys.executable).parent.parent), ".venv") for line in lines[start:] if line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0)
    parser.add_argument("--per-class", type=int, default=40)
    parser.add_argument("--only")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--warm", type=int, default=0, metavar="PER_CLASS",
                        help="first run this many other queries per class, unmeasured")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--no-profile", dest="profile", action="store_false",
                        help="time only (the profiler slows Python code more than SQL)")
    args = parser.parse_args()
    if os.environ.get("SEARCH_PROFILE_CHILD"):
        return profile(args)
    from bench.http_bench import prepared

    env = prepared(args.entries, rebuild=args.rebuild)
    # DEBUG stays off (production settings); the query log is read through
    # CaptureQueriesContext, which turns it on for its block only.
    env.update(SEARCH_PROFILE_CHILD="1", RESPONSE_CACHE="0")
    subprocess.run([sys.executable, *sys.argv], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
