"""Search under real use: thousands of distinct queries per endpoint, cache on and off.

    .venv/bin/python bench/search_mix.py [--entries 0|10000|100000] [--duration 5]
        [--cache off|on|both] [--per-class 300] [--clients 16] [--only TEXT]

One URL hammered by wrk measures the response cache, not the search. Here every
request picks a query at random from a generated mix (at least 1,500 distinct
queries per endpoint) in six classes:

- rare-name    a word or two of a real entry's name ("tentakill", "Zapgor Tentvex")
- common-word  the rulebooks' most frequent content words ("damage", "spell")
- phrase       a quoted two-word run from a rulebook ("\"random foe\"")
- sentence     a question as a player types it, built from rulebook words
- field-filter type:, glyph:, init>=, o:, kw:, has:, game: and their mixes
- misspelling  a rulebook word of six letters or more with one letter changed

Words are drawn with the rulebooks' own frequencies (../shared/rulebooks), names
from the served database, so at 100k entries most names are synthetic ones.
Targets: /api/cards/?q=, /cards/?q=, /api/search/?q=, /search/?q= per class, and
every card page. `--entries 0` is the bundled catalog alone; PostgreSQL through
BENCH_DATABASE_URL as in http_bench.py. Prints, per target and class, median and
p99 latency, req/s and the cost ratio floor req/s / target req/s, the floor being
/healthz measured in the same run with the same wrk settings. Figures, not a test.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared, served, to_ms  # noqa: E402

RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
ENDPOINTS = ("/api/cards/?q=", "/cards/?q=", "/api/search/?q=", "/search/?q=")
STOP = set("""a an and are as at be been but by can do does each for from has have he her his i if
in into is it its may more must no not of on one only or other so such than that the their them
then there these they this to up was were when which while who will with without you your""".split())
QUESTIONS = (
    "what happens when {a} {b}", "can i {a} a {b} card", "who goes first if {a}",
    "how many {a} do you get", "what does {a} do", "do i {a} when {b}", "{a} {b} rules",
    "how does {a} work in {game}", "max {a} {game}", "when do you {a} the {b}",
)
GAME_WORDS = ("rumble", "anarchy", "satanic panic", "demoniac", "castle tentakill", "arena")
FILTERS = (
    "type:{type}", "glyph:{glyph}", "init>={n}", "o:{word}", "kw:{kw}", "has:ruling",
    "game:{game} type:{type}", "glyph:{glyph} init>={n}", "type:{type} o:{word}",
    "game:{game} o:{word} -glyph:{glyph}", "{word} type:{type}", "glyph:{glyph} order:init",
)
TYPES = ("source", "quality", "delivery", "creature", "treasure", "spell", "wild-magic")
GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")
KEYWORDS = ("attack", "defense", "ongoing", "keep", "creature", "reaction")
GAME_SLUGS = ("rumble", "anarchy", "satanic-panic", "demoniac")


def rulebook_words() -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for book in sorted(RULEBOOKS.glob("*.txt")):
        counts.update(w for w in re.findall(r"[a-z]+", book.read_text().lower())
                      if len(w) > 2 and w not in STOP)
    if not counts:
        raise SystemExit(f"no rulebooks under {RULEBOOKS}: the word mix is drawn from them")
    return counts


def rulebook_bigrams() -> list[str]:
    pairs = set()
    for book in sorted(RULEBOOKS.glob("*.txt")):
        words = re.findall(r"[a-z]+", book.read_text().lower())
        pairs.update(f"{a} {b}" for a, b in zip(words, words[1:], strict=False)
                     if a not in STOP and b not in STOP and len(a) > 2 and len(b) > 2)
    return sorted(pairs)


def database_entries(env: dict) -> list[tuple[str, str, str]]:
    code = ("import json, django; django.setup(); from cardsite.models import Entry;"
            "print(json.dumps(list(Entry.objects.values_list('game__slug', 'slug', 'name'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    return [tuple(row) for row in json.loads(out)]


def misspell(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word) - 1)
    edit = rng.choice(("drop", "swap", "double", "change"))
    if edit == "drop":
        return word[:i] + word[i + 1:]
    if edit == "swap":
        return word[:i - 1] + word[i] + word[i - 1] + word[i + 1:]
    if edit == "double":
        return word[:i] + word[i] + word[i:]
    return word[:i] + rng.choice("aeioulnrst") + word[i + 1:]


def query_mix(entries, words: collections.Counter, bigrams, per_class: int, seed: int = 7):
    """{class: [distinct query, ...]}, each class per_class long (fewer only if the data runs out)."""
    rng = random.Random(seed)
    vocab, weights = zip(*words.most_common(), strict=True)
    common = [w for w, _ in words.most_common(60)]
    long_words = [w for w in vocab if len(w) >= 6]
    names = [name for _game, _slug, name in entries]

    def draw(make) -> list[str]:
        found: dict[str, None] = {}
        for _ in range(per_class * 50):
            if len(found) >= per_class:
                break
            found.setdefault(make(), None)
        return list(found)

    def word() -> str:
        return rng.choices(vocab, weights)[0]

    def rare_name() -> str:
        parts = re.findall(r"[A-Za-z']+", rng.choice(names))
        parts = [p for p in parts if p.lower() != "synthetic"] or parts or ["wizard"]
        start = rng.randrange(len(parts))
        if rng.random() < 0.3 and len(parts[start]) > 4:  # a few letters of a name, as typed
            return parts[start][:rng.randint(4, len(parts[start]))].lower()
        return " ".join(parts[start:start + rng.choice((1, 1, 2))])

    def common_word() -> str:
        picked = rng.sample(common, rng.choice((1, 1, 2)))
        return " ".join(picked) + rng.choice(("", "", " " + rng.choice(GAME_WORDS)))

    def filt() -> str:
        return rng.choice(FILTERS).format(type=rng.choice(TYPES), glyph=rng.choice(GLYPHS),
                                          n=rng.randint(0, 20), word=word(), kw=rng.choice(KEYWORDS),
                                          game=rng.choice(GAME_SLUGS))

    return {
        "rare-name": draw(rare_name),
        "common-word": draw(common_word),
        "phrase": draw(lambda: f'"{rng.choice(bigrams)}"'),
        "sentence": draw(lambda: rng.choice(QUESTIONS).format(a=word(), b=word(),
                                                              game=rng.choice(GAME_WORDS))),
        "field-filter": draw(filt),
        "misspelling": draw(lambda: misspell(rng.choice(long_words), rng)),
    }


LUA = """
local paths = {}
local counter = 1
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  math.randomseed(id * 7919)
end
function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
"""


def run_wrk(base: str, paths: list[str], duration: int, workdir: Path, clients: int) -> dict:
    listing = workdir / "paths.txt"
    listing.write_text("\n".join(paths) + "\n")
    script = workdir / "mix.lua"
    script.write_text(LUA)
    threads = min(2, clients)
    cmd = ["wrk", f"-t{threads}", f"-c{clients}", f"-d{duration}s", "--latency", "--timeout", "5s",
           "-s", str(script), base, "--", str(listing)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    lat = dict(re.findall(r"^\s+(50|99)(?:\.0+)?%\s+(\S+)", out, re.M))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    total = int(re.search(r"(\d+) requests in", out).group(1))
    return {"p50": to_ms(lat["50"]), "p99": to_ms(lat["99"]), "rps": rps, "requests": total,
            "non2xx": int(errors.group(1)) if errors else 0}


def targets(entries, mix) -> list[tuple[str, list[str]]]:
    rows = [("healthz (floor)", ["/healthz"])]
    for endpoint in ENDPOINTS:
        everything = []
        for klass, queries in mix.items():
            paths = [endpoint + quote(q) for q in queries]
            everything += paths
            rows.append((f"{endpoint} {klass}", paths))
        rows.append((f"{endpoint} all classes ({len(everything)} queries)", everything))
    rows.append((f"card pages (all {len(entries)})", [f"/cards/{g}/{s}/" for g, s, _ in entries]))
    return rows


def measure(env: dict, entries, mix, args, cache: str) -> list[tuple[str, int, dict]]:
    env = {**env, "RESPONSE_CACHE": "1" if cache == "on" else "0"}
    results = []
    with served(env) as base, tempfile.TemporaryDirectory() as tmp:
        for label, paths in targets(entries, mix):
            if args.only and args.only not in label and "floor" not in label:
                continue
            run_wrk(base, paths, 1, Path(tmp), args.clients)  # warm the workers
            results.append((label, len(set(paths)), run_wrk(base, paths, args.duration, Path(tmp),
                                                             args.clients)))
    return results


def report(title: str, results, load: tuple[float, float]) -> None:
    floor = results[0][2]["rps"]
    print(f"\n{title}\nload average (1 min) {load[0]:.2f} before, {load[1]:.2f} after "
          f"({os.cpu_count()} cores): other work on the machine slows every row alike\n")
    print(f"{'target':52} {'distinct':>8} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8} "
          f"{'cost x':>7}  non-2xx")
    for label, distinct, r in results:
        cost = f"{floor / r['rps']:7.2f}" if r["rps"] else "    n/a"  # none finished in time
        print(f"{label:52} {distinct:8d} {r['p50']:8.2f} {r['p99']:8.2f} {r['rps']:8.0f} "
              f"{cost}  {r['non2xx']}/{r['requests']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0, help="synthetic entries (0: bundled catalog)")
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--per-class", type=int, default=300)
    parser.add_argument("--cache", choices=("off", "on", "both"), default="both")
    parser.add_argument("--clients", type=int, default=16, help="wrk connections (1: single client)")
    parser.add_argument("--only", help="run only targets whose label contains this")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=args.rebuild)
    entries = database_entries(env)
    mix = query_mix(entries, rulebook_words(), rulebook_bigrams(), args.per_class)
    sizes = ", ".join(f"{k} {len(v)}" for k, v in mix.items())
    print(f"{len(entries)} entries; distinct queries per endpoint: {sum(map(len, mix.values()))} ({sizes})")
    database = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite"
    for cache in (("off", "on") if args.cache == "both" else (args.cache,)):
        before = os.getloadavg()[0]
        results = measure(env, entries, mix, args, cache)
        report(f"{database}, {len(entries)} entries, response cache {cache}, gunicorn 2 workers, "
               f"wrk -c{args.clients} -d{args.duration}s, a random query per request", results,
               (before, os.getloadavg()[0]))


if __name__ == "__main__":
    main()
