"""HTTP figure for a sandbox action round trip against the /healthz floor.

    .venv/bin/python bench/sandbox_http.py [--actions 400]

Serves the benchmark database (bench/var, see http_bench.py) with gunicorn
(2 workers), opens a Rumble table, then posts N manual "heal" actions one after
another on a keep-alive connection — each one loads the row, checks, applies
and saves with the version check — and N GET /healthz the same way. Prints
median and p95 of both and the ratio. Figures, not a test.
"""
from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import VAR, bench_env, served  # noqa: E402


class Session:
    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response, data.decode("utf-8", "replace")


def timed(fn, count: int) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=400)
    args = parser.parse_args()
    env = bench_env()
    VAR.mkdir(parents=True, exist_ok=True)
    with served(env) as base:
        s = Session(urlsplit(base).port)
        _, page = s.request("GET", "/engine/sandbox/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        response, _ = s.request("POST", "/engine/sandbox/new/", {
            "csrfmiddlewaretoken": token, "game": "rumble", "wizards": "Alice, Bob", "seed": "7"})
        table = response.getheader("Location")
        _, page = s.request("GET", table)
        version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
        action = json.dumps({"type": "heal", "target": "Alice", "amount": 1})

        def act():
            nonlocal version
            response, body = s.request("POST", table + "act/", {
                "csrfmiddlewaretoken": token, "version": str(version), "action": action})
            if response.status not in (200, 303):
                raise SystemExit(f"action refused ({response.status}): {body[:300]}")
            version += 1

        timed(act, 20)
        timed(lambda: s.request("GET", "/healthz"), 20)
        actions = timed(act, args.actions)
        floor = timed(lambda: s.request("GET", "/healthz"), args.actions)

    def p95(values):
        return statistics.quantiles(values, n=20)[-1]

    print(f"\nsandbox action round trip over HTTP, {args.actions} sequential requests, gunicorn 2 workers")
    print(f"{'target':24} {'median ms':>10} {'p95 ms':>8}")
    print(f"{'healthz (floor)':24} {statistics.median(floor):10.2f} {p95(floor):8.2f}")
    print(f"{'sandbox action':24} {statistics.median(actions):10.2f} {p95(actions):8.2f}")
    print(f"ratio to the floor (median): {statistics.median(actions) / statistics.median(floor):.2f}")


if __name__ == "__main__":
    main()
