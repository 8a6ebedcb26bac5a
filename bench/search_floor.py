"""The search against its lean floor, per query class, in one run per configuration.

    .venv/bin/python bench/search_floor.py [--entries 0] [--duration 3] [--per-class 1500]
        [--cache off|default|both] [--clients 16] [--only CLASS] [--pairs 1]

Serves the site with an extra view (bench/floor_urls.py, never in the product):
/bench/lean/, for each query class the least SQL that gives the class's top 20 (one
ranked statement and one COUNT, JSON by hand), over every kind of document (the
floor of /search/ and /api/search/) or over the cards (of /cards/ and /api/cards/):

  class (bench/search_mix.py)  floor
  rare-name, common-word       the words AND-ed (a word or a name's prefix each)
  phrase                       the words in a row
  sentence                     the words but stop words OR-ed
  field-filter                 one WHERE on the entries (and FTS for o: and words)
  misspelling                  each word corrected from the index's vocabulary, AND-ed

Per class it measures, one after the other: /healthz, the two floors, then
/api/search/, /search/, /api/cards/ and /cards/ with the class's queries, so a
product's ratios come from figures taken seconds apart. Every request is a
distinct query (each wrk thread walks its own part of a list of up to
--per-class queries: a query repeats only when a run outlasts its list, and the
"repeats" column says how many requests did), so with the response cache on
(the default configuration) these are the misses a player's new search pays.
Then every card page in turn against /healthz ("card-page": with the cache off
uncached, in the default configuration cached from each page's first request);
``--pairs N`` measures /healthz and the pages N times in turn and prints the
median ratio (on a shared machine the load drifts between two windows).
Prints, per endpoint and class, p50/p99, req/s, the cost ratio to /healthz and
to the class's floor (req/s over req/s, wrk -c16: throughput on 2 gunicorn
workers), and the median's ratio to the floor's. PostgreSQL through
BENCH_DATABASE_URL (bench/http_bench.py). Figures, not a test.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared, served, to_ms  # noqa: E402
from bench.search_mix import (  # noqa: E402
    database_entries,
    query_mix,
    rulebook_bigrams,
    rulebook_words,
)

FLOOR_OF = {"rare-name": "words", "common-word": "words", "phrase": "phrase",
            "sentence": "sentence", "field-filter": "field", "misspelling": "misspelling"}
# endpoint -> the floor's scope
ENDPOINTS = {"/api/search/?q=": "all", "/search/?q=": "all",
             "/api/cards/?q=": "cards", "/cards/?q=": "cards"}

# Each thread walks its own share of the list in order: distinct requests.
LUA = """
local paths = {}
local counter = 1
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  local threads = tonumber(args[2])
  position = math.floor((id - 1) * #paths / threads)
end
function request()
  position = position % #paths + 1
  return wrk.format("GET", paths[position])
end
"""


def run_wrk(base: str, paths: list[str], duration: int, workdir: Path, clients: int) -> dict:
    listing = workdir / "paths.txt"
    listing.write_text("\n".join(paths) + "\n")
    script = workdir / "walk.lua"
    script.write_text(LUA)
    threads = min(2, clients)
    cmd = ["wrk", f"-t{threads}", f"-c{clients}", f"-d{duration}s", "--latency", "--timeout", "5s",
           "-s", str(script), base, "--", str(listing), str(threads)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    lat = dict(re.findall(r"^\s+(50|99)(?:\.0+)?%\s+(\S+)", out, re.M))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    total = int(re.search(r"(\d+) requests in", out).group(1))
    return {"p50": to_ms(lat["50"]), "p99": to_ms(lat["99"]), "rps": rps, "requests": total,
            "non2xx": int(errors.group(1)) if errors else 0,
            "repeats": max(0, total - len(set(paths)))}


def measure(env: dict, entries, mix: dict, warm: dict, args, cache: str) -> tuple[list, list]:
    """[(class, label, floor label or None, result)] for one server (cache on or off),
    and the card pages' ratios to /healthz in --pairs interleaved pairs."""
    env = {**env, "RESPONSE_CACHE": "1" if cache == "default" else "0"}
    rows, pairs = [], []
    with served(env) as base, tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)

        def timed(paths, warm_paths):
            run_wrk(base, warm_paths, 1, work, args.clients)  # warm the workers, other queries
            return run_wrk(base, paths, args.duration, work, args.clients)

        for klass, queries in mix.items():
            if args.only and args.only != klass:
                continue
            rows.append((klass, "/healthz", None, timed(["/healthz"], ["/healthz"])))
            floors = {}
            for scope in ("all", "cards"):
                label = f"floor ({FLOOR_OF[klass]}, {scope})"
                floors[scope] = label

                def lean(qs, scope=scope, klass=klass):
                    return [f"/bench/lean/?class={FLOOR_OF[klass]}&scope={scope}&q={quote(q)}"
                            for q in qs]
                rows.append((klass, label, None, timed(lean(queries), lean(warm[klass]))))
            for endpoint, scope in ENDPOINTS.items():
                rows.append((klass, endpoint, floors[scope], timed(
                    [endpoint + quote(q) for q in queries], [endpoint + quote(q) for q in warm[klass]])))
        if not args.only or args.only == "card-page":
            pages = [f"/cards/{game}/{slug}/" for game, slug, _name in entries]
            rows.append(("card-page", "/healthz", None, timed(["/healthz"], ["/healthz"])))
            rows.append(("card-page", "card pages", None, timed(pages, pages)))
            for _ in range(args.pairs - 1):
                healthz = run_wrk(base, ["/healthz"], args.duration, work, args.clients)
                cards = run_wrk(base, pages, args.duration, work, args.clients)
                pairs.append(healthz["rps"] / cards["rps"])
    return rows, pairs


def report(title: str, rows, load: tuple[float, float], pairs=()) -> None:
    print(f"\n{title}\nload average (1 min) {load[0]:.2f} before, {load[1]:.2f} after "
          f"({os.cpu_count()} cores)\n")
    print(f"{'class':13} {'target':26} {'p50 ms':>7} {'p99 ms':>7} {'req/s':>7} {'x hz':>6} "
          f"{'x floor':>7} {'p50 x fl':>8}  non-2xx repeats")
    healthz, by_label = {}, {}
    for klass, label, _floor, r in rows:
        by_label[(klass, label)] = r
        if label == "/healthz":
            healthz[klass] = r
    summary = {}
    for klass, label, floor, r in rows:
        hz = healthz[klass]["rps"] / r["rps"] if r["rps"] else float("nan")
        fl = by_label[(klass, floor)] if floor else None
        x_floor = f"{fl['rps'] / r['rps']:7.2f}" if fl and r["rps"] else "       "
        p50_floor = f"{r['p50'] / fl['p50']:8.2f}" if fl else "        "
        print(f"{klass:13} {label:26} {r['p50']:7.2f} {r['p99']:7.2f} {r['rps']:7.0f} {hz:6.2f} "
              f"{x_floor} {p50_floor}  {r['non2xx']}/{r['requests']} {r['repeats']}")
        if fl:
            summary.setdefault(label, []).append((hz, fl["rps"] / r["rps"]))
    print("\nworst class per endpoint (x /healthz, x floor):")
    for label, ratios in summary.items():
        print(f"  {label:18} x healthz {max(h for h, _ in ratios):5.2f} (median "
              f"{statistics.median(h for h, _ in ratios):.2f}), x floor "
              f"{max(f for _, f in ratios):5.2f} (median {statistics.median(f for _, f in ratios):.2f})")
    if ("card-page", "card pages") in by_label:
        r = by_label[("card-page", "card pages")]
        ratio = healthz["card-page"]["rps"] / r["rps"]
        print(f"  {'card pages':18} x healthz {ratio:5.2f}")
        if pairs:
            ratios = sorted([ratio, *pairs])
            print(f"  {'card pages':18} x healthz in {len(ratios)} interleaved pairs: median "
                  f"{statistics.median(ratios):.2f} (from {ratios[0]:.2f} to {ratios[-1]:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0, help="synthetic entries (0: bundled)")
    parser.add_argument("--duration", type=int, default=3)
    parser.add_argument("--per-class", type=int, default=1500)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--cache", choices=("off", "default", "both"), default="both")
    parser.add_argument("--only", help="one class (rare-name, phrase, ..., card-page)")
    parser.add_argument("--pairs", type=int, default=1,
                        help="card pages: measure /healthz and the pages this many times in turn "
                             "(median ratio: a shared machine's load drifts between windows)")
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=False)
    env.update(DJANGO_SETTINGS_MODULE="bench.floor_settings")
    entries = database_entries(env)
    words, bigrams = rulebook_words(), rulebook_bigrams()
    mix = query_mix(entries, words, bigrams, args.per_class)
    warm = query_mix(entries, words, bigrams, 200, seed=8)
    sizes = ", ".join(f"{k} {len(v)}" for k, v in mix.items())
    database = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite"
    print(f"{database}, {len(entries)} entries; distinct queries per class: {sizes}")
    for cache in (("off", "default") if args.cache == "both" else (args.cache,)):
        before = os.getloadavg()[0]
        rows, pairs = measure(env, entries, mix, warm, args, cache)
        report(f"{database}, {len(entries)} entries, response cache {cache}, gunicorn 2 workers, "
               f"wrk -c{args.clients} -d{args.duration}s, a distinct query per request",
               rows, (before, os.getloadavg()[0]), pairs)


if __name__ == "__main__":
    main()
