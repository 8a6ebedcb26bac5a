"""A 20k-row sheet applied in the background at 80k entries, its progress polled.

    .venv/bin/python bench/import_background.py [--entries 80000] [--rows 20000]

Uses the benchmark database of bench/http_bench.py (bench/var/<entries>/, built once;
BENCH_DATABASE_URL for PostgreSQL). Makes a CSV of ``--rows`` new SYNTHETIC Rumble
entries, previews it as the admin does (catalog_file_plan: timed), enqueues the apply
(cardsite.editorial.import_tasks.apply_import, the database backend), starts the real
worker (manage.py db_worker) and polls the import's state every 0.5 s from here, as the
progress page does, printing what it shows. The imported entries are removed again at
the end. Figures, not a test.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import prepared  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=80_000)
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    env = prepared(args.entries, rebuild=False)
    env["TASKS_BACKEND"] = "database"
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    from django.contrib.auth.models import User

    from cardsite.editorial.catalog_changes import catalog_file_plan
    from cardsite.editorial.import_tasks import apply_import, import_state
    from cardsite.editorial.models import PendingImport

    # A sheet is checked whole with the game's entries, and the synthetic ones break
    # Rumble's type rules: they move to the other games (the catalog keeps its size).
    from cardsite.models import Entry, Game

    others = list(Game.objects.exclude(slug="rumble").values_list("pk", flat=True))
    rumble_synthetic = Entry.objects.filter(game__slug="rumble", slug__startswith="synthetic-")
    for n, pk in enumerate(rumble_synthetic.values_list("pk", flat=True)):
        Entry.objects.filter(pk=pk).update(game_id=others[n % len(others)])
    prefix = f"Background {int(time.time())}"
    sheet = "name,type,glyph,text\n" + "".join(
        f"{prefix} {n} (synthetic),source,dark,SYNTHETIC benchmark row {n}\n"
        for n in range(args.rows))
    user, _ = User.objects.get_or_create(username="bench-importer",
                                         defaults={"is_staff": True, "is_superuser": True})
    before = Entry.objects.count()
    started = time.perf_counter()
    plan = catalog_file_plan(content=sheet.encode(), filename="bench.csv", game="rumble")
    preview_s = time.perf_counter() - started
    assert plan.valid, plan.problems[:3]
    pending = PendingImport.objects.create(
        user=user, filename="bench.csv", content=sheet.encode(), game="rumble",
        rows=[[r.number, r.cells] for r in plan.sheet_rows], preview=plan.fingerprints(),
        status=PendingImport.Status.QUEUED)
    result = apply_import.enqueue(pending.pk, None)
    PendingImport.objects.filter(pk=pending.pk).update(task_id=str(result.id))
    print(f"{before:,} entries; a sheet of {args.rows:,} new rows previewed in {preview_s:.1f} s "
          f"({plan.counts()['added']:,} added); enqueued")
    started = time.perf_counter()
    worker = subprocess.Popen([sys.executable, "manage.py", "db_worker", "--batch",
                               "--no-startup-delay", "--interval", "0"], cwd=ROOT, env=env)
    seen = []
    try:
        while True:
            state = import_state(PendingImport.objects.get(pk=pending.pk))
            shown = state["progress"] or {}
            line = (f"{time.perf_counter() - started:6.1f} s  {state['status']:8} "
                    f"{shown.get('done', '-')}/{shown.get('total', '-')} {shown.get('message', '')}")
            if not seen or line.split("s ", 1)[1] != seen[-1].split("s ", 1)[1]:
                print(line)
            seen.append(line)
            if state["finished"]:
                break
            time.sleep(0.5)
    finally:
        worker.wait(timeout=600)
    print(f"applied in {time.perf_counter() - started:.1f} s: {state['outcome']}")
    print(f"entries now {Entry.objects.count():,}; progress polls that moved: "
          f"{len({s.split('s ', 1)[1] for s in seen})}")
    from django.db import transaction

    with transaction.atomic():  # through the ORM: their bands, index rows and history go too
        Entry.objects.filter(name__startswith=prefix).delete()


if __name__ == "__main__":
    main()
