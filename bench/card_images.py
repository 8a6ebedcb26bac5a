"""Card images: the grid view against today's list, the first view's image bytes, and the
memory and time a hostile upload costs a worker.

    .venv/bin/python bench/card_images.py [--duration 10] [--skip-http] [--skip-memory]

1. HTTP (gunicorn, 2 workers, wrk -t2 -c16, the response cache off so every request
   renders): /healthz, the card list page of 60 (`view=list`, no images) and the grid
   of 60 (`view=grid`: two entries in three with an image, the rest proxies), in the
   same run; each as a ratio to /healthz. Its own SQLite database under
   bench/var/images/ (the bundled catalog) and its own media directory; the images are
   drawn here with Pillow.
2. The first view of the 60-card grid in headless Chromium, at 1280x800 (device pixel
   ratio 1 and 2) and on a 390x844 phone (ratio 3): the bytes of image responses until
   the network is idle (lazy loading leaves the rest for the scroll), then after
   scrolling to the end.
3. Memory: each hostile file of tests/images/pictures.py (and, for scale, a legitimate
   12-megapixel photo and a PNG at the pixel limit) goes through entry_image_save in a
   fresh Python process holding the file's bytes, as a worker does; the figure is that
   process's peak resident set during the call (Linux: VmHWM, reset through
   /proc/self/clear_refs just before) over its resident set before it, and the time.
Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.http_bench import VAR, bench_env, build_database, run_wrk, served  # noqa: E402

IMAGES_VAR = VAR / "images"
GRID = "/cards/?per_page=60&view=grid"
LIST = "/cards/?per_page=60&view=list"

SEED_IMAGES = """
import django; django.setup()
from cardsite.images.models import EntryImage
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.models import Entry
from tests.images import pictures
if EntryImage.objects.filter(face="front").count() < 40:
    for i, entry in enumerate(Entry.objects.order_by("game__position", "position", "slug")[:60]):
        if i % 3 == 2:
            continue  # a proxy
        picture = pictures.card_picture(745, 1040, seed=i, colour=(30 + 3 * i, 40, 120))
        entry_image_save(entry=entry, face="front", upload=pictures.encoded(picture, "JPEG", quality=92),
                         details=ImageDetails(status="scan", source="scan"))
print(EntryImage.objects.count(), "images")
"""

MEMORY_CASE = """
import sys, time, io
import django; django.setup()
from django.db import transaction
from cardsite.images.services import entry_image_save
from cardsite.images.uploads import ImageRejected
from cardsite.models import Entry
from tests.images import pictures
case, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()  # the worker holds the upload's bytes (read_limited) too
upload = io.BytesIO(data); upload.size = len(data)
entry = Entry.objects.order_by("pk").first()
def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])  # kB
open("/proc/self/clear_refs", "w").write("5")  # the peak (VmHWM) starts again from now
before = status("VmRSS")
# the file itself is in memory in this process: what the worker has after Django's upload
# handler wrote it to a temporary file is less; counted as it is here
start = time.perf_counter()
with transaction.atomic():  # measured, then rolled back: the benchmark's catalog stays as it is
    try:
        entry_image_save(entry=entry, face="back", upload=upload)
        outcome = "stored"
    except ImageRejected as rejected:
        outcome = rejected.code
    transaction.set_rollback(True)
elapsed = time.perf_counter() - start
after = status("VmHWM")
print(f"{len(data)}|{outcome}|{elapsed * 1000:.0f}|{(after - before) / 1024:.1f}|{after / 1024:.0f}")
"""


def environment() -> dict:
    env = bench_env()
    IMAGES_VAR.mkdir(parents=True, exist_ok=True)
    env.update(GRIMOIRE_VAR_DIR=str(IMAGES_VAR), STATIC_ROOT=str(IMAGES_VAR / "static"),
               MEDIA_ROOT=str(IMAGES_VAR / "media"), RESPONSE_CACHE="0",
               # what is measured is the pages' cost, not the search budget on a loaded machine
               SEARCH_TIME_BUDGET_MS="10000",
               PYTHONPATH=str(ROOT))
    if not (IMAGES_VAR / "built").exists():
        build_database(0, env)
        (IMAGES_VAR / "built").write_text("bundled catalog")
    return env


def http_figures(env: dict, duration: int) -> None:
    with served(env) as base:
        subprocess.run([sys.executable, "-c", SEED_IMAGES], cwd=ROOT, env=env, check=True)
        targets = {"healthz (floor)": "/healthz", "list page of 60": LIST, "grid page of 60": GRID}
        results = {name: [] for name in targets}
        with tempfile.TemporaryDirectory() as tmp:
            for path in targets.values():  # warm up
                run_wrk(base + path, "GET", None, 2, Path(tmp))
            for _ in range(2):  # two rounds, interleaved
                for name, path in targets.items():
                    results[name].append(run_wrk(base + path, "GET", None, duration, Path(tmp)))
        floor = statistics.median(r["rps"] for r in results["healthz (floor)"])
        print(f"\nHTTP, gunicorn 2 workers, wrk -t2 -c16 {duration}s x 2 rounds, response cache off")
        print(f"{'target':20} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'cost ratio':>10}")
        for name, runs in results.items():
            rps = statistics.median(r["rps"] for r in runs)
            p50 = statistics.median(r["p50"] for r in runs)
            p99 = statistics.median(r["p99"] for r in runs)
            bad = sum(r["non2xx"] for r in runs)
            print(f"{name:20} {rps:8.0f} {p50:8.2f} {p99:8.2f} {floor / rps:10.2f}"
                  + (f"  ({bad} non-2xx!)" if bad else ""))
        first_view(base)


def first_view(base: str) -> None:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    print("\nFirst view of the 60-card grid (image bytes; lazy loading leaves the rest)")
    print(f"{'screen':28} {'images':>7} {'KB':>8} {'after scrolling: images':>24} {'KB':>8}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for label, viewport, ratio in (("desktop 1280x800 @1x", (1280, 800), 1),
                                       ("desktop 1280x800 @2x", (1280, 800), 2),
                                       ("phone 390x844 @3x", (390, 844), 3)):
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                          device_scale_factor=ratio)
            page = context.new_page()
            sizes: dict[str, int] = {}

            def finished(request, sizes=sizes):
                if "/media/images/" in request.url:
                    sizes[request.url] = request.sizes()["responseBodySize"]
            page.on("requestfinished", finished)
            page.goto(base + GRID, wait_until="networkidle")
            first = dict(sizes)
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.wait_for_timeout(800)
            page.wait_for_load_state("networkidle")
            print(f"{label:28} {len(first):7} {sum(first.values()) / 1024:8.0f} "
                  f"{len(sizes):24} {sum(sizes.values()) / 1024:8.0f}")
            context.close()
        browser.close()


def memory_figures(env: dict) -> None:
    print("\nOne upload through entry_image_save in a fresh process: time, and its peak resident "
          "set during the call over the set before it")
    print(f"{'file':44} {'bytes':>10} {'outcome':>16} {'ms':>6} {'peak +MB':>9} {'peak MB':>8}")
    from tests.images import pictures

    cases = {
        "png-bomb-20000x20000": pictures.png_bomb,
        "truncated-jpeg": pictures.truncated_jpeg,
        "svg-with-script": lambda: pictures.SVG_WITH_SCRIPT,
        "html-named-jpg": lambda: pictures.HTML_AS_JPG,
        "30-mb-file": pictures.thirty_megabytes,
        "photo 4000x3000 JPEG (accepted)": lambda: pictures.encoded(
            pictures.card_picture(4000, 3000), "JPEG", quality=90),
        "PNG 4000x4000 RGBA, at its limit (accepted)": lambda: pictures.encoded(
            pictures.flat_picture(4000, 4000, "RGBA"), "PNG"),
        "JPEG 6000x4000, at the limit (accepted)": lambda: pictures.encoded(
            pictures.flat_picture(6000, 4000), "JPEG", quality=90),
    }
    with tempfile.TemporaryDirectory() as tmp:
        for case, make in cases.items():
            path = Path(tmp) / "upload"
            path.write_bytes(make())
            out = subprocess.run([sys.executable, "-c", MEMORY_CASE, case, str(path)], cwd=ROOT,
                                 env=env, capture_output=True, text=True, check=True).stdout.strip()
            size, outcome, ms, grew, peak = out.splitlines()[-1].split("|")
            print(f"{case:44} {int(size):10,} {outcome:>16} {ms:>6} {grew:>9} {peak:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    args = parser.parse_args()
    env = environment()
    if not args.skip_http:
        http_figures(env, args.duration)
    if not args.skip_memory:
        memory_env = {**env, "MEDIA_ROOT": tempfile.mkdtemp(prefix="grimoire-bench-media-")}
        memory_figures(memory_env)
    print(json.dumps({"var": str(IMAGES_VAR)}))


if __name__ == "__main__":
    main()
