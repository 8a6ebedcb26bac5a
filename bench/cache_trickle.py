"""Reads while an editor works: the read rate with a trickle of PATCHes against without.

    .venv/bin/python bench/cache_trickle.py [--duration 5] [--every 0.5]

gunicorn (2 workers, cache on, the bundled catalog), wrk reading a mix of
every card page, every card in the API and the first pages of 200 common
searches, first alone and then while one client PATCHes a Rumble entry's notes
every --every seconds (a staff token made for the run). Every write retired the
whole cache; now it retires its game's pages and the searches. Prints both
rates and their ratio. Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared, served  # noqa: E402
from bench.search_mix import database_entries, rulebook_words, run_wrk  # noqa: E402

TOKEN = ("import django; django.setup(); from django.contrib.auth.models import User;"
         "from rest_framework.authtoken.models import Token;"
         "u, _ = User.objects.get_or_create(username='bench-editor', defaults={'is_staff': True});"
         "print(Token.objects.get_or_create(user=u)[0].key)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--every", type=float, default=0.5)
    args = parser.parse_args()
    env = {**prepared(0, rebuild=False), "RESPONSE_CACHE": "1"}
    entries = database_entries(env)
    token = subprocess.run([sys.executable, "-c", TOKEN], cwd=ROOT, env=env, check=True,
                           capture_output=True, text=True).stdout.strip()
    searches = [w for w, _ in rulebook_words().most_common(200)]
    paths = ([f"/cards/{g}/{s}/" for g, s, _ in entries]
             + [f"/api/cards/{g}/{s}/" for g, s, _ in entries]
             + [f"/search/?q={quote(w)}" for w in searches])
    rumble = [s for g, s, _ in entries if g == "rumble"]
    rates = {}
    with served(env) as base, tempfile.TemporaryDirectory() as tmp:
        run_wrk(base, paths, 2, Path(tmp), 16)  # warm: every page kept
        run_wrk(base, paths, 2, Path(tmp), 16)
        rates["no writes"] = run_wrk(base, paths, args.duration, Path(tmp), 16)
        stop, written = threading.Event(), [0]

        def editor():
            n = 0
            while not stop.is_set():
                slug = rumble[n % len(rumble)]
                request = urllib.request.Request(
                    f"{base}/api/cards/rumble/{slug}/", method="PATCH",
                    data=json.dumps({"notes": f"trickle {n}"}).encode(),
                    headers={"Content-Type": "application/json",
                             "Authorization": f"Token {token}"})
                try:
                    urllib.request.urlopen(request, timeout=10).read()
                    written[0] += 1
                except OSError:
                    pass
                n += 1
                stop.wait(args.every)

        thread = threading.Thread(target=editor)
        thread.start()
        time.sleep(args.every)
        rates["PATCH trickle"] = run_wrk(base, paths, args.duration, Path(tmp), 16)
        stop.set()
        thread.join()
    quiet, busy = rates["no writes"], rates["PATCH trickle"]
    print(f"\n{len(paths)} read URLs, wrk -c16 -d{args.duration}s; a PATCH every {args.every} s "
          f"({written[0]} written)\n")
    for label, r in rates.items():
        print(f"{label:16} {r['rps']:8.0f} req/s  p50 {r['p50']:7.2f} ms  p99 {r['p99']:7.2f} ms")
    print(f"\nreads during the trickle: {busy['rps'] / quiet['rps']:.0%} of their rate without")


if __name__ == "__main__":
    main()
