"""How cheap can a search be here? The leanest full-text search against the real one.

    .venv/bin/python bench/search_floor.py [--entries 0] [--duration 5] [--per-class 300]

Serves the site with two extra views (bench/floor_urls.py, never in the product)
and measures, in one run with the same wrk settings as bench/search_mix.py and
the same distinct queries drawn at random per request:

- /healthz                the floor of every ratio (Django's whole middleware, no work)
- lean, all words         one FTS5 statement: the query's words AND-ed, bm25 top 20
                          with a snippet each, plus a COUNT; JSON by hand, no DRF, no
                          parsing, no name-first ranking, no question handling
- lean, any word          the same with the words OR-ed (a sentence's relaxed ranking)
- /api/search/?q=         the product

The lean views are a lower bound, not a design: they answer no question well.
What they cost over /healthz is what SQLite's FTS5 (or PostgreSQL's tsvector,
with BENCH_DATABASE_URL) and one query's round trip cost; the product's ratio
minus theirs is what parsing, understanding, ranking names first, the answer box,
the fallbacks and DRF cost. Figures, not a test.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared, served  # noqa: E402
from bench.search_mix import (  # noqa: E402
    database_entries,
    query_mix,
    rulebook_bigrams,
    rulebook_words,
    run_wrk,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0, help="synthetic entries (0: bundled)")
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--per-class", type=int, default=300)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=False)
    env.update(DJANGO_SETTINGS_MODULE="bench.floor_settings", RESPONSE_CACHE="0")
    mix = query_mix(database_entries(env), rulebook_words(), rulebook_bigrams(), args.per_class)
    queries = [q for klass in mix.values() for q in klass]
    targets = [("healthz (floor)", ["/healthz"])] + [
        (label, [path + quote(q) for q in queries]) for label, path in (
            ("lean, all words (bound)", "/bench/lean/?q="),
            ("lean, any word (bound)", "/bench/lean/?any=1&q="),
            ("/api/search/?q= (the product)", "/api/search/?q="))]
    rows = []
    with served(env) as base, tempfile.TemporaryDirectory() as tmp:
        for label, paths in targets:
            run_wrk(base, paths, 1, Path(tmp), args.clients)  # warm the workers
            rows.append((label, run_wrk(base, paths, args.duration, Path(tmp), args.clients)))
    database = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite"
    print(f"\n{database}, {args.entries or 'bundled'} entries, response cache off, "
          f"{len(queries)} distinct queries, wrk -c{args.clients} -d{args.duration}s\n")
    floor = rows[0][1]["rps"]
    print(f"{'target':34} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8} {'cost x':>7}")
    for label, r in rows:
        print(f"{label:34} {r['p50']:8.2f} {r['p99']:8.2f} {r['rps']:8.0f} {floor / r['rps']:7.2f}")


if __name__ == "__main__":
    main()
