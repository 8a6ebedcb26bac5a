"""Search speed on the real (bundled) catalog, uncached, over many distinct queries.

    .venv/bin/python bench/search_bench.py [--duration 10]

Serves var/grimoire.sqlite3 (``make serve`` or ``manage.py load_catalog`` fills
it; BENCH_DATABASE_URL for PostgreSQL) with gunicorn, RESPONSE_CACHE=0, and
runs wrk against each search target with a script that walks through the
players' questions of tests/search_quality plus keyword queries, one per
request, so no two consecutive requests ask the same thing. Prints median and
p99 latency and each ratio to the /healthz floor of the same run. Figures, not
a test.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.http_bench import ROOT, bench_env, served, to_ms  # noqa: E402
from tests.search_quality.questions import QUESTIONS  # noqa: E402

KEYWORDS = ["damage", "tentakiller", "initiative", "creature keep", "dead wizard", "blood",
            "wild magic", "mayhem", "legendary devil", "exorcist", "possession", "applause",
            "t:delivery", "is:creature", "kw:keep", "g:dark order:init", "cost>=8", "has:ruling"]
TARGETS = [("search page", "/search/?q="), ("search API", "/api/search/?q="),
           ("card search page", "/cards/?q="), ("card search API", "/api/cards/?q=")]


def walking_script(prefix: str, queries: list[str], workdir: Path) -> Path:
    paths = [prefix + quote(q) for q in queries]
    script = workdir / f"walk-{abs(hash(prefix))}.lua"
    script.write_text(
        f"local paths = {{{', '.join(json.dumps(p) for p in paths)}}}\n"
        "local i = 0\n"
        "request = function()\n  i = i % #paths + 1\n"
        "  return wrk.format('GET', paths[i])\nend\n")
    return script


def run(url: str, script: Path | None, duration: int) -> dict:
    cmd = ["wrk", "-t2", "-c16", f"-d{duration}s", "--latency", "--timeout", "5s"]
    if script:
        cmd += ["-s", str(script)]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    lat = dict(re.findall(r"^\s+(50|99)(?:\.0+)?%\s+(\S+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"p50": to_ms(lat["50"]), "p99": to_ms(lat["99"]),
            "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "non2xx": int(errors.group(1)) if errors else 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10)
    args = parser.parse_args()
    env = {**bench_env(), "GRIMOIRE_VAR_DIR": str(ROOT / "var"), "RESPONSE_CACHE": "0"}
    queries = [q for q, _ in QUESTIONS] + KEYWORDS
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)
    with served(env) as base, tempfile.TemporaryDirectory() as tmp:
        floor = run(base + "/healthz", None, args.duration)
        print(f"{'target':22} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8} {'p50/floor':>10} non-2xx")
        print(f"{'healthz (floor)':22} {floor['p50']:8.1f} {floor['p99']:8.1f} {floor['rps']:8.0f}"
              f" {1.0:10.2f} {floor['non2xx']}")
        for label, prefix in TARGETS:
            got = run(base + "/", walking_script(prefix, queries, Path(tmp)), args.duration)
            print(f"{label:22} {got['p50']:8.1f} {got['p99']:8.1f} {got['rps']:8.0f}"
                  f" {got['p50'] / floor['p50']:10.2f} {got['non2xx']}")
    print(f"({len(queries)} distinct queries per target, uncached)")


if __name__ == "__main__":
    main()
