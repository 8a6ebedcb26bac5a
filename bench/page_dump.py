"""Every card page (and the pages sharing its parts) written to a directory, to diff before/after.

    .venv/bin/python bench/page_dump.py OUT_DIR [--only card]
    diff -r BEFORE_DIR AFTER_DIR

Requests go through Django's own WSGI handler with the benchmark's production
settings (DEBUG off, response cache off) against the benchmark database of
bench/http_bench.py (PostgreSQL through BENCH_DATABASE_URL), so a change meant to
leave the output alone can be checked byte for byte on both databases: every
card page, its hover preview and its API entry, every game's page, rule list,
rulings and their rule pages, the glossary and its terms. Figures, not a test.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def paths(only: str | None) -> list[str]:
    from cardsite.models import Entry, Game
    from rulesref.models import GlossaryTerm, Rule

    found = []
    for game, slug in Entry.objects.values_list("game__slug", "slug").order_by("game__slug", "slug"):
        found.append(f"/cards/{game}/{slug}/")
        if only != "card":
            found += [f"/cards/{game}/{slug}/preview/", f"/api/cards/{game}/{slug}/"]
    if only == "card":
        return found
    for game in Game.objects.values_list("slug", flat=True).order_by("slug"):
        found += [f"/games/{game}/", f"/rules/{game}/", f"/rulings/?game={game}"]
    found += ["/rulings/", "/glossary/"]
    found += [f"/glossary/{s}/" for s in GlossaryTerm.objects.values_list("slug", flat=True).order_by("slug")]
    found += [f"/rules/{g}/{n}/" for g, n in Rule.objects.values_list("game__slug", "number").order_by(
        "game__slug", "sort_key")[:400]]
    return found


def run(out: Path, only: str | None) -> None:
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler

    from bench.inprocess_floor import wsgi_get

    handler = WSGIHandler()
    out.mkdir(parents=True, exist_ok=True)
    statuses: dict[int, int] = {}
    for path in paths(only):
        status, headers, data = wsgi_get(handler, path)
        code = int(status.split()[0])
        statuses[code] = statuses.get(code, 0) + 1
        headers = "".join(f"{k}: {v}\n" for k, v in sorted(headers)
                          if k.lower() not in ("date", "content-security-policy"))
        name = path.strip("/").replace("/", "__").replace("?", "@") or "home"
        (out / name).write_bytes(f"{status}\n{headers}\n".encode() + data)
    print(f"{sum(statuses.values())} pages written to {out}: {statuses}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", choices=("card",))
    args = parser.parse_args()
    if os.environ.get("PAGE_DUMP_CHILD"):
        return run(args.out.resolve(), args.only)
    from bench.http_bench import prepared

    env = prepared(0, rebuild=False)
    env.update(PAGE_DUMP_CHILD="1", RESPONSE_CACHE="0")
    subprocess.run([sys.executable, *sys.argv], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
