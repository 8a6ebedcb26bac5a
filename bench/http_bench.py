"""HTTP benchmark: gunicorn (2 workers) over a 100k-entry synthetic catalog, measured with wrk.

    .venv/bin/python bench/http_bench.py [--entries 100000] [--duration 10] [--rebuild]

Builds (once, or with --rebuild) a separate SQLite database under bench/var/
(or uses BENCH_DATABASE_URL for PostgreSQL), serves it with gunicorn, runs wrk
against each URL on loopback, and prints median and p99 latency and each
ratio to the /healthz floor measured in the same run. Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "bench" / "var"

# (label, method, path, JSON body or None)
TARGETS = [
    ("healthz (floor)", "GET", "/healthz", None),
    ("search API", "GET", "/api/search/?q=tentakill", None),
    ("search page", "GET", "/search/?q=tentakill", None),
    ("card search API", "GET", "/api/cards/?q=glyph:dark+init>=14+o:damage", None),
    ("card page", "GET", "/cards/rumble/tentakiller/", None),
    ("API card list", "GET", "/api/cards/?game=rumble&type=delivery", None),
    ("API card entry", "GET", "/api/cards/rumble/tentakiller/", None),
    ("engine power-roll odds", "GET", "/api/engine/odds/power-roll?dice=3&bands=1-4,5-9,10%2B", None),
    ("engine demoniac odds", "GET", "/api/engine/odds/demoniac?dice=6&actions=3&hits=4", None),
    ("engine spell check", "POST", "/api/engine/spells/check", {
        "game": "rumble", "components": [
            {"type": "source", "glyph": "illusion"}, {"type": "delivery", "card": "tentakiller"}]}),
    ("engine spell order", "POST", "/api/engine/spells/order", {
        "game": "rumble", "seed": 3, "spells": [
            {"wizard": "A", "components": [{"type": "source"}, {"type": "delivery", "initiative": 9}]},
            {"wizard": "B", "components": [{"type": "source"}, {"type": "quality"},
                                           {"type": "delivery", "card": "tentakiller"}]},
            {"wizard": "C", "components": [{"type": "source"}, {"type": "quality"},
                                           {"type": "delivery", "initiative": 16}]}]}),
    ("engine SP setup", "POST", "/api/engine/satanic-panic/setup",
     {"players": 4, "satan": True, "seed": 7}),
    ("engine SP score", "POST", "/api/engine/satanic-panic/score", {"players": [
        {"name": "Ann", "card_vp": 30, "dead_wizard_tokens": ["DWT 11"], "damned_wizard_tokens": 0,
         "burning_limp_wands": 1, "legendary_devils": 2},
        {"name": "Bo", "card_vp": 25, "dead_wizard_tokens": 0, "damned_wizard_tokens": 0,
         "burning_limp_wands": 0, "legendary_devils": 1}]}),
    ("engine anarchy score", "POST", "/api/engine/anarchy/score", {"wizards": [
        {"name": "Ann", "applause": [2, 3], "dead_wizard_tokens": 1, "treasures": 2},
        {"name": "Bo", "applause": [4], "dead_wizard_tokens": 0, "treasures": 0}]}),
    ("engine rumble score", "POST", "/api/engine/rumble/score", {
        "variant": "quick-match", "wizards": ["Ann", "Bo", "Cy"], "games": [
            {"last_standing": "Ann", "kills": {"Ann": 2}},
            {"last_standing": "Bo", "kills": {"Bo": 1, "Cy": 1}},
            {"last_standing": "Cy", "kills": {"Cy": 1, "Ann": 1}}]}),
]


def free_port() -> int:
    # BENCH_PORT: a port of one's own on a machine shared with other benchmarks.
    if os.environ.get("BENCH_PORT"):
        return int(os.environ["BENCH_PORT"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_env() -> dict:
    env = {**os.environ, "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
           "DEBUG": "0", "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "GRIMOIRE_VAR_DIR": str(VAR), "STATIC_ROOT": str(VAR / "static"),
           "DJANGO_SETTINGS_MODULE": "cardsite.settings",
           # The benchmark measures the views, not the anonymous throttle.
           "API_ANON_THROTTLE_RATE": os.environ.get("BENCH_THROTTLE", "off")}
    env.pop("DATABASE_URL", None)
    if os.environ.get("BENCH_DATABASE_URL"):
        env["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    return env


def build_database(entries: int, env: dict) -> None:
    code = (
        f"import sys, django; sys.path.insert(0, {str(ROOT)!r}); django.setup();"
        f"from bench.synthetic_catalog import build; build({entries})"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)


def wait_for(url: str, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"server did not answer {url}")


@contextmanager
def served(env: dict, port: int | None = None):
    """Migrate, start gunicorn (2 workers) on ``port`` (default: a free one), yield its base
    URL, stop it."""
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    port = port or free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "cardsite.wsgi", "--workers", "2",
         "-c", "python:cardsite.gunicorn_conf",
         "--bind", f"127.0.0.1:{port}", "--no-control-socket", "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/healthz", timeout=120)  # each worker builds the vocabulary first
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def to_ms(value: str) -> float:
    number, unit = re.match(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def run_wrk(url: str, method: str, body, duration: int, workdir: Path) -> dict:
    cmd = ["wrk", "-t2", "-c16", f"-d{duration}s", "--latency", "--timeout", "5s"]
    if method == "POST":
        script = workdir / "post.lua"
        script.write_text(
            'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
            f"wrk.body = {json.dumps(json.dumps(body))}\n"
        )
        cmd += ["-s", str(script)]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    lat = dict(re.findall(r"^\s+(50|99)(?:\.0+)?%\s+(\S+)", out, re.M))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"p50": to_ms(lat["50"]), "p99": to_ms(lat["99"]), "rps": rps,
            "non2xx": int(errors.group(1)) if errors else 0}


def check_answers(base: str) -> None:
    """Every target must answer 2xx before it is timed: a fast error is no figure."""
    for label, method, path, body in TARGETS:
        data = json.dumps(body).encode() if body else None
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=30).read()
        except urllib.error.HTTPError as exc:
            raise SystemExit(f"{label}: {path} answered {exc.code}: {exc.read()[:300]!r}") from exc


def prepared(entries: int, *, rebuild: bool) -> dict:
    """The benchmark's environment, with its database built once per size (or anew).

    SQLite: one database per size (bench/var/<entries>/), so the bundled catalog and
    100k entries can be measured in turn without rebuilding. PostgreSQL: the one
    database BENCH_DATABASE_URL names, rebuilt when the size (or the URL) changes."""
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install -y wrk")
    env = bench_env()
    url = env.get("DATABASE_URL", "")
    var = VAR / ("pg" if url else str(entries))
    var.mkdir(parents=True, exist_ok=True)
    env.update(GRIMOIRE_VAR_DIR=str(var), STATIC_ROOT=str(var / "static"))
    marker = var / f"built-{entries}"
    if rebuild or not marker.exists() or marker.read_text() != url:
        for stale in var.glob("built-*"):
            stale.unlink()
        build_database(entries, env)
        marker.write_text(url)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--only", help="run only targets whose label contains this")
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=args.rebuild)
    with served(env) as base:
        check_answers(base)
        results = []
        with tempfile.TemporaryDirectory() as tmp:
            for label, method, path, body in TARGETS:
                if args.only and args.only not in label and "floor" not in label:
                    continue
                run_wrk(base + path, method, body, 2, Path(tmp))  # warm up caches and workers
                results.append((label, path, run_wrk(base + path, method, body, args.duration, Path(tmp))))
        floor = results[0][2]["p50"]
        print(f"\n{args.entries} synthetic entries, gunicorn 2 workers, wrk -t2 -c16 -d{args.duration}s\n")
        print(f"{'target':26} {'median ms':>10} {'p99 ms':>8} {'req/s':>8} {'x floor':>8}  non-2xx")
        for label, _path, r in results:
            print(f"{label:26} {r['p50']:10.2f} {r['p99']:8.2f} {r['rps']:8.0f} "
                  f"{r['p50'] / floor:8.2f}  {r['non2xx']}")


if __name__ == "__main__":
    main()
