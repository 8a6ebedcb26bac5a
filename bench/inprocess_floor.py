"""CPU time per request against its floor, in process: steadier than wrk on a busy machine.

    .venv/bin/python bench/inprocess_floor.py [--entries 0] [--per-class 60] [--rounds 3]
        [--only card-page|CLASS] [--profile TARGET] [--top 30]

Runs requests through Django's own WSGI handler (production settings, response
cache off, bench/floor_settings.py so /bench/lean/ answers) against the benchmark
database of bench/http_bench.py (PostgreSQL through BENCH_DATABASE_URL), and
prints per target the CPU time a request costs: this process's (Python, and
SQLite's work) plus, on PostgreSQL, the server backend's own (read from
/proc/<pid>/stat of the connection's backend: planning, execution, ts_headline),
so the two databases are compared on the same terms. Each target is measured in
``--rounds`` interleaved rounds (a round: /healthz, then each target) and the
median round is kept, so a neighbour's burst on the machine spoils one round,
not a target. Every request of a target is distinct: each card page once a
round, each query of the search mix (bench/search_mix.py) once a round.

Prints per target: ms CPU a request, x /healthz, x its class's lean floor
(bench/floor_urls.py: the same class's floor, all kinds for /search/ and
/api/search/, cards for /cards/ and /api/cards/), queries a request.
``--profile TARGET`` (e.g. ``card-page`` or ``/search/?q=``) then profiles that
target's requests with cProfile. Figures, not a test.
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FLOOR_OF = {"rare-name": "words", "common-word": "words", "phrase": "phrase",
            "sentence": "sentence", "field-filter": "field", "misspelling": "misspelling"}
ENDPOINTS = {"/api/search/?q=": "all", "/search/?q=": "all",
             "/api/cards/?q=": "cards", "/cards/?q=": "cards"}
TICKS = os.sysconf("SC_CLK_TCK")


def backend_cpu(connection) -> callable:
    """A function giving the CPU seconds the database server spent for this
    connection so far (0 on SQLite, whose work is this process's)."""
    if connection.vendor != "postgresql":
        return lambda: 0.0
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    stat = Path(f"/proc/{pid}/stat")

    def read() -> float:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
    return read


def wsgi_get(handler, path: str) -> tuple[str, list, bytes]:
    """GET ``path`` (with its query string) from a WSGI ``handler``: status, headers, body."""
    target, _, query = path.partition("?")
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": target, "QUERY_STRING": query,
               "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1",
               "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
               "wsgi.input": io.BytesIO(), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
               "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False,
               "wsgi.version": (1, 0)}
    started = []
    body = handler(environ, lambda status, headers, *exc_info: started.append((status, headers)))
    data = b"".join(body)
    getattr(body, "close", lambda: None)()
    return started[0][0], started[0][1], data


def run(args) -> None:
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection

    from bench.search_mix import query_mix, rulebook_bigrams, rulebook_words
    from cardsite.models import Entry

    handler = WSGIHandler()

    def get(path: str) -> int:
        return int(wsgi_get(handler, path)[0].split()[0])

    entries = list(Entry.objects.values_list("game__slug", "slug", "name"))
    mix = query_mix(entries, rulebook_words(), rulebook_bigrams(), args.per_class)
    warm = query_mix(entries, rulebook_words(), rulebook_bigrams(), 20, seed=8)
    targets: dict[str, tuple[str, list[str], str | None]] = {}  # label -> (class, paths, floor)
    targets["/healthz"] = ("", ["/healthz"] * 200, None)
    if not args.only or args.only == "card-page":
        targets["card-page"] = ("card-page", [f"/cards/{g}/{s}/" for g, s, _ in entries], None)
    for klass, queries in mix.items():
        if args.only and args.only != klass:
            continue
        for scope in ("all", "cards"):
            targets[f"{klass} floor {scope}"] = (klass, [
                f"/bench/lean/?class={FLOOR_OF[klass]}&scope={scope}&q={quote(q)}"
                for q in queries], None)
        for endpoint, scope in ENDPOINTS.items():
            targets[f"{klass} {endpoint}"] = (klass, [endpoint + quote(q) for q in queries],
                                              f"{klass} floor {scope}")
    # Warm: every shape compiled, every process-wide memo made, as a server that
    # has been up a while (other queries of the same classes, one card page).
    for path in ["/healthz"] * 50 + [ps[0] for _, ps, _ in targets.values()]:
        get(path)
    for queries in warm.values():
        for q in queries:
            for endpoint in ENDPOINTS:
                get(endpoint + quote(q))
    server = backend_cpu(connection)
    rounds: dict[str, list[float]] = {label: [] for label in targets}
    server_part: dict[str, list[float]] = {label: [] for label in targets}
    queries_per: dict[str, float] = {}
    load_before = os.getloadavg()[0]
    executed = [0]

    def counted(execute, sql, params, many, context):
        executed[0] += 1
        return execute(sql, params, many, context)

    for first in [True] + [False] * (args.rounds - 1):
        for label, (_klass, paths, _floor) in targets.items():
            executed[0] = 0
            started, started_server = time.process_time(), server()
            with connection.execute_wrapper(counted) if first else contextlib.nullcontext():
                for path in paths:
                    status = get(path)
                    if status >= 500:
                        print(f"  {status} for {path}")
            on_server = server() - started_server
            spent = time.process_time() - started + on_server
            rounds[label].append(spent / len(paths))
            server_part[label].append(on_server / len(paths))
            if first:
                queries_per[label] = executed[0] / len(paths)
    load_after = os.getloadavg()[0]
    cost = {label: statistics.median(values) for label, values in rounds.items()}
    database = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    print(f"{database}, {len(entries)} entries, in process (WSGIHandler), response cache off, "
          f"median of {args.rounds} rounds; load average (1 min) {load_before:.2f} before, "
          f"{load_after:.2f} after ({os.cpu_count()} cores)")
    print(f"CPU: this process{' + the PostgreSQL backend' if database == 'PostgreSQL' else ''}\n")
    print(f"{'target':34} {'requests':>8} {'ms CPU':>7} {'x hz':>6} {'x floor':>7} {'queries':>7} {'server ms':>9}")
    hz = cost["/healthz"]
    for label, (_klass, paths, floor) in targets.items():
        x_floor = f"{cost[label] / cost[floor]:7.2f}" if floor else ""
        print(f"{label:34} {len(paths):8} {1000 * cost[label]:7.3f} {cost[label] / hz:6.2f} "
              f"{x_floor:>7} {queries_per.get(label, 0):7.1f} "
              f"{1000 * statistics.median(server_part[label]):9.3f}")
    summary: dict[str, list[float]] = {}
    for label, (_klass, _paths, floor) in targets.items():
        if floor:
            summary.setdefault(label.split(" ", 1)[1], []).append(cost[label] / cost[floor])
    if summary:
        print("\nx floor per endpoint: worst (median of classes)")
        for endpoint, ratios in summary.items():
            print(f"  {endpoint:18} {max(ratios):5.2f} ({statistics.median(ratios):.2f})")
    if args.profile:
        profiler = cProfile.Profile()
        for label, (_klass, paths, _floor) in targets.items():
            if args.profile in label:
                profiler.enable()
                for path in paths:
                    get(path)
                profiler.disable()
        for order in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.top)
            lines = out.getvalue().splitlines()
            start = next(i for i, line in enumerate(lines) if "ncalls" in line)
            print(f"\n-- {args.profile}: by {order}")
            print("\n".join(line.replace(str(ROOT) + "/", "").replace(
                str(Path(sys.executable).parent.parent), ".venv") for line in lines[start:] if line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=0)
    parser.add_argument("--per-class", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", help="card-page or one class of bench/search_mix.py")
    parser.add_argument("--profile", metavar="TARGET", help="profile the targets whose label has this")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    if os.environ.get("INPROCESS_FLOOR_CHILD"):
        return run(args)
    from bench.http_bench import VAR, bench_env, build_database

    env = bench_env()
    url = env.get("DATABASE_URL", "")
    var = VAR / ("pg" if url else str(args.entries))
    var.mkdir(parents=True, exist_ok=True)
    env.update(GRIMOIRE_VAR_DIR=str(var), STATIC_ROOT=str(var / "static"))
    marker = var / f"built-{args.entries}"
    if not marker.exists() or marker.read_text() != url:
        for stale in var.glob("built-*"):
            stale.unlink()
        build_database(args.entries, env)
        marker.write_text(url)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    # One server backend for the whole run, whose CPU is read (production's 60 s
    # would reconnect mid-run).
    env.update(INPROCESS_FLOOR_CHILD="1", CONN_MAX_AGE="86400", RESPONSE_CACHE="0",
               DJANGO_SETTINGS_MODULE="bench.floor_settings")
    subprocess.run([sys.executable, *sys.argv], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
