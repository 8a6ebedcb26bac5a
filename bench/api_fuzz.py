"""schemathesis against the served API: gunicorn (2 workers, DEBUG off) over the bundled catalog.

    .venv/bin/python bench/api_fuzz.py [--who anon,staff] [--max-time 300] [--max-examples 20]

Each run starts from the bundled catalog (a staff run writes): SQLite under
bench/var/fuzz/, or BENCH_DATABASE_URL (a PostgreSQL database of its own: it is
flushed). ``--who staff`` sends a staff user's token with every request. The
throttles are off (the run probes the API, not the allowances). Prints, per run,
the cases generated, the responses by class (with gunicorn's 414s and the 503s),
and schemathesis' failures by code with their operations: ST201 "schema-violating
request accepted", ST202 "schema-valid request rejected" (see the README's
"Schema truth" for the ones that are schemathesis' false positives). Its JSON and
NDJSON reports stay under bench/var/fuzz/<db>-<who>/. Figures, not a test.
"""
from __future__ import annotations

import argparse
import base64
import collections
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import bench_env, served  # noqa: E402

VAR = ROOT / "bench" / "var" / "fuzz"
TOKEN = "f" * 40
MAKE_STAFF = (
    "from django.contrib.auth.models import User; from rest_framework.authtoken.models import Token;"
    "u = User.objects.create_user('fuzz-staff', password='pw-fuzz-staff-1234', is_staff=True);"
    f"Token.objects.create(user=u, key={TOKEN!r})"
)


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def fresh_catalog(env: dict) -> None:
    manage(env, "migrate", "-v0")
    manage(env, "flush", "--noinput")
    manage(env, "load_catalog")
    manage(env, "shell", "-c", MAKE_STAFF)
    # The HTML error pages (a probe's 404) link the hashed static files: without their
    # manifest they are 500s that production never answers.
    manage(env, "collectstatic", "--noinput", "-v0")


def summary(report_dir: Path) -> str:
    report = json.loads(next(report_dir.glob("json-*.json")).read_text())
    statuses: collections.Counter = collections.Counter()
    for line in next(report_dir.glob("ndjson-*.ndjson")).open():
        event = json.loads(line).get("ScenarioFinished")
        for interaction in (event or {}).get("recorder", {}).get("interactions", {}).values():
            code = (interaction.get("response") or {}).get("status_code")
            if code:
                statuses[f"{code // 100}xx"] += 1
                if code in (414, 503):
                    statuses[str(code)] += 1
    lines = [f"cases {report['test_cases']['generated']} in {report['running_time']:.0f} s; "
             f"responses {dict(sorted(statuses.items()))}; 5xx {statuses['5xx']}"]
    for failure in report["failures"]:
        lines.append(f"  {failure['code']} {failure['title']}: {failure['count']} "
                     f"({', '.join(failure['operations'])})")
    return "\n".join(lines)


def first_bodies(report_dir: Path, code: str, limit: int = 3) -> list[str]:
    """A few requests that failed ``code``, to read (the report keeps the request)."""
    found = []
    for line in next(report_dir.glob("ndjson-*.ndjson")).open():
        recorder = (json.loads(line).get("ScenarioFinished") or {}).get("recorder", {})
        for case_id, checks in recorder.get("checks", {}).items():
            if any(c["status"] == "failure" and c["failure_info"]["failure"]["code"] == code
                   for c in checks) and len(found) < limit:
                request = recorder.get("interactions", {}).get(case_id, {}).get("request", {})
                body = (request.get("body") or {}).get("$base64")
                text = base64.b64decode(body).decode("utf-8", "replace") if body else ""
                found.append(f"{request.get('method')} {request.get('uri', '')[:200]} {text[:200]}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--who", default="anon,staff")
    parser.add_argument("--max-time", type=int, default=300)
    parser.add_argument("--max-examples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    env = bench_env()
    env.update(GRIMOIRE_VAR_DIR=str(VAR), STATIC_ROOT=str(VAR / "static"), TASKS_BACKEND="immediate",
               LOG_LEVEL="ERROR",  # (each refused request is a warning)
               SANDBOX_CREATE_RATE="off", SANDBOX_ACTION_RATE="off")
    db = "pg" if env.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    for who in args.who.split(","):
        fresh_catalog(env)
        report_dir = VAR / f"{db}-{who}"
        report_dir.mkdir(parents=True, exist_ok=True)
        for old in report_dir.glob("*json*"):
            old.unlink()
        auth = ["-H", f"Authorization: Token {TOKEN}"] if who == "staff" else []
        with served(env) as base:
            subprocess.run(
                [str(Path(sys.executable).parent / "schemathesis"), "run",
                 f"{base}/api/schema/?format=json", "--checks", "all", "-n", str(args.max_examples),
                 "--max-time", str(args.max_time), "--seed", str(args.seed), "-w", "2",
                 "--request-timeout", "30", "--report", "json,ndjson", "--report-dir",
                 str(report_dir), *auth],
                cwd=report_dir, env=env, stdout=subprocess.DEVNULL, check=False)
        print(f"== {db} {who}: {summary(report_dir)}")
        for code in ("ST201", "ST202"):
            for request in first_bodies(report_dir, code):
                print(f"    {code} e.g. {request}")


if __name__ == "__main__":
    main()
