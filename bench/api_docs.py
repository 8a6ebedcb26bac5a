"""The API's docs page and index: what a visit costs (figures, not a test).

Serves the site with gunicorn (2 workers, response cache off: the case of a first
visit after any catalog write), then prints:
- the schema's generation in a fresh process (what every uncached /api/schema/ cost
  before it was made once per process), median of 3;
- /healthz, /api/schema/ and /api/ over HTTP, median and p90 of 20, with ratios to
  /healthz;
- /api/docs/ in headless Chromium, 5 fresh visits: until its loading note shows, and
  until Swagger UI has drawn the operations.

    .venv/bin/python bench/api_docs.py
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_bench import bench_env, served  # noqa: E402

GENERATE = """
import time, django; django.setup()
from drf_spectacular.generators import SchemaGenerator
start = time.perf_counter(); SchemaGenerator().get_schema(request=None, public=True)
print(time.perf_counter() - start)
"""


def timed_get(url: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        urllib.request.urlopen(url, timeout=30).read()
        times.append(time.perf_counter() - start)
    return sorted(times)


def browser_visits(url: str, n: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright
    note, drawn = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for _ in range(n):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url, wait_until="commit")
            page.wait_for_selector(".docs-loading, .swagger-ui .opblock-tag", timeout=60000)
            note.append(time.perf_counter() - start)
            page.wait_for_selector(".swagger-ui .opblock-tag", timeout=60000)
            drawn.append(time.perf_counter() - start)
            context.close()
        browser.close()
    return sorted(note), sorted(drawn)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**bench_env(), "GRIMOIRE_VAR_DIR": tmp, "STATIC_ROOT": f"{tmp}/static",
               "RESPONSE_CACHE": "0", "SECURE_COOKIES": "0"}
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=ROOT, env=env, check=True)
        generation = sorted(float(subprocess.run(
            [sys.executable, "-c", GENERATE], cwd=ROOT, env=env, check=True,
            capture_output=True, text=True).stdout) for _ in range(3))
        print(f"schema generation, fresh process: median {generation[1] * 1000:.0f} ms "
              f"(min {generation[0] * 1000:.0f}, max {generation[2] * 1000:.0f})")
        with served(env) as base:
            floor = statistics.median(timed_get(base + "/healthz", 20))
            print(f"/healthz: median {floor * 1000:.1f} ms")
            for path in ("/api/schema/", "/api/"):
                times = timed_get(base + path, 20)
                median = statistics.median(times)
                print(f"{path}: median {median * 1000:.1f} ms, p90 {times[17] * 1000:.1f} ms, "
                      f"{median / floor:.0f}x /healthz")
            note, drawn = browser_visits(base + "/api/docs/", 5)
            print(f"/api/docs/ in Chromium: loading note after median {statistics.median(note):.2f} s, "
                  f"operations drawn after median {statistics.median(drawn):.2f} s "
                  f"(min {drawn[0]:.2f}, max {drawn[-1]:.2f})")


if __name__ == "__main__":
    main()
