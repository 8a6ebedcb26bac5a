"""The site's settings with bench/floor_urls.py's lean views: bench/search_floor.py only."""
from cardsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"
