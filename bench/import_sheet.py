"""Time a 5,000-row spreadsheet import through the admin: upload + validation +
preview page, then the confirmed apply (one transaction, history for every
entry), then the same file again (nothing to change). Prints seconds per step.

The rows are SYNTHETIC Rumble entries (slug "synthetic-...", name suffix
"(synthetic)"), written to a database of its own under bench/var/import/ on
SQLite, or BENCH_DATABASE_URL; never to fixtures/.

    python bench/import_sheet.py [--rows 5000] [--format xlsx|csv]
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "bench" / "var" / "import"
sys.path.insert(0, str(ROOT))

TYPES = {"source": ("glyph",), "quality": ("glyph",), "delivery": ("glyph", "initiative")}
GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")


def synthetic_rows(count: int, seed: int = 5) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        kind = rng.choice(tuple(TYPES))
        rows.append({
            "slug": f"synthetic-{i:05d}", "name": f"Zap {i} (synthetic)", "kind": "card",
            "component": None, "type": kind, "glyph": rng.choice(GLYPHS), "symbol": None,
            "initiative": rng.randint(0, 20) if kind == "delivery" else None,
            "cost": None, "vp": None, "body": None, "mind": None, "strength": None,
            "copies": 1, "keywords": ["Creature"] if kind == "delivery" else [],
            "text": f"Deal {rng.randint(1, 5)} damage to a random foe. SYNTHETIC.",
            "flavor": None, "aliases": [], "source": "The Cards", "notes": "SYNTHETIC",
            "bands": [{"low": 1, "high": 4, "effect": "1 damage.", "keep": False},
                      {"low": 5, "high": None, "effect": "3 damage.", "keep": True}]
            if kind == "delivery" else [],
        })
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--format", choices=("xlsx", "csv"), default="xlsx")
    args = parser.parse_args()

    shutil.rmtree(VAR, ignore_errors=True)
    VAR.mkdir(parents=True)
    os.environ.update({
        "SECRET_KEY": "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz", "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver", "GRIMOIRE_VAR_DIR": str(VAR),
        "DJANGO_SETTINGS_MODULE": "cardsite.settings", "RESPONSE_CACHE": "0",
        "GRIMOIRE_PLAIN_STATIC": "1",  # the pages render without collectstatic
    })
    os.environ.pop("DATABASE_URL", None)
    if os.environ.get("BENCH_DATABASE_URL"):
        os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client then records each page's context
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from cardsite.editorial import catalog_sheets
    from cardsite.models import Entry

    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    Entry.objects.filter(slug__startswith="synthetic-").delete()
    user = User.objects.filter(username="bench").first() or User.objects.create_superuser(
        "bench", "bench@example.test", "bench-pw-0123456789")
    client = Client()
    client.force_login(user)
    writer = catalog_sheets.write_xlsx if args.format == "xlsx" else catalog_sheets.write_csv
    content = writer("rumble", "Rumble", synthetic_rows(args.rows))
    name = f"synthetic-{args.rows}.{args.format}"
    print(f"{args.rows} rows, {args.format}, {len(content) / 1048576:.2f} MB, "
          f"database {connection.vendor}")

    def upload():
        started = time.perf_counter()
        page = client.post("/admin/import/", {"file": SimpleUploadedFile(name, content),
                                              "game": "rumble"})
        return page, time.perf_counter() - started

    page, preview_s = upload()
    plan = page.context["plan"]
    assert page.status_code == 200 and plan.valid, plan.problems[:5]
    counts = plan.counts()
    print(f"upload + validate + preview page: {preview_s:.2f} s "
          f"({counts['added']} added, page {len(page.content) / 1048576:.2f} MB)")
    started = time.perf_counter()
    done = client.post(f"/admin/import/{page.context['pending'].pk}/confirm/",
                       {"digest": plan.digest})
    apply_s = time.perf_counter() - started
    assert done.status_code == 200, done.status_code
    made = Entry.objects.filter(slug__startswith="synthetic-").count()
    assert made == args.rows, made
    print(f"confirm (one transaction, history, search index): {apply_s:.2f} s")
    print(f"import total: {preview_s + apply_s:.2f} s (target: under 30 s)")
    page, again_s = upload()
    assert page.context["plan"].changes == []
    print(f"the same file again (nothing to change): {again_s:.2f} s")


if __name__ == "__main__":
    main()
