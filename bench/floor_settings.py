"""The site's settings with bench/floor_urls.py's lean views: bench/search_floor.py only."""
import json
import os

from cardsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"

# BENCH_DB_OPTIONS='{"server_side_binding": true, "prepare_threshold": 2}': the
# database's OPTIONS for an experiment (bench/inprocess_floor.py), never the product's.
if os.environ.get("BENCH_DB_OPTIONS"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(  # noqa: F405
        json.loads(os.environ["BENCH_DB_OPTIONS"]))
