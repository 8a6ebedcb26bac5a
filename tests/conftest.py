"""Shared test set-up: a real browser (Debian's chromium) for page tests."""
import os
import threading
from pathlib import Path

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread

# Playwright's sync API runs an event loop in the test thread; Django's ORM
# would refuse to run there otherwise (see shared/RECIPES.md).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
OUTPUT_DIR = Path(__file__).resolve().parent.parent / "test-output"


class OneRequestAtATimeServer(ThreadedWSGIServer):
    """The live server, serving one request at a time (connections still in threads,
    so a browser's keep-alive connection blocks nobody). On SQLite every request
    thread shares the test's in-memory connection: two requests at once (a page
    and the search box's suggestions) race on it, and a Python callback SQLite
    makes while another thread holds the GIL deadlocks the whole process."""

    def set_app(self, application):
        lock = threading.Lock()

        def one_at_a_time(environ, start_response):
            with lock:
                return application(environ, start_response)

        super().set_app(one_at_a_time)


LiveServerThread.server_class = OneRequestAtATimeServer


@pytest.fixture(autouse=True)
def generous_throttle(settings):
    """Tests make many requests from one address (API and search pages share the
    allowance); the throttle tests lower it again."""
    settings.API_ANON_THROTTLE_RATE = "100000/min"


@pytest.fixture(autouse=True)
def no_chance_housekeeping(monkeypatch):
    """The throttle's 1-in-1000 prune and the sandboxes' 1-in-100 expiry add a query
    at random, which made query-count tests fail about once a run; the tests of
    that housekeeping set the chance to 1."""
    from cardsite.api import throttling
    from engine.web.sandbox import service
    monkeypatch.setattr(throttling, "PRUNE_CHANCE", 0.0)
    monkeypatch.setattr(service, "EXPIRE_CHANCE", 0.0)


@pytest.fixture(autouse=True)
def catalog_versions_unseen(monkeypatch):
    """A new table is dealt from the catalog versions the process last saw (checked in
    its insert on PostgreSQL): each test starts with none seen, so its query counts do
    not depend on the tests before it."""
    from cardsite.web import response_cache
    monkeypatch.setattr(response_cache, "_seen", None)


@pytest.fixture(autouse=True)
def index_size_unseen(monkeypatch):
    """The index size a process last saw picks how a search is ranked (the same hits
    either way): each test starts unseen, so its query counts do not depend on the
    tests before it."""
    from rulesref.search import questions
    monkeypatch.setattr(questions, "_index_size", None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: the test command installs Debian's chromium.")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def screenshot_dir():
    path = OUTPUT_DIR / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def media(settings, tmp_path):
    """Images stored under a fresh directory (the filesystem default storage)."""
    root = tmp_path / "media"
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": root, "base_url": "/media/", "allow_overwrite": True}}}
    settings.MEDIA_ROOT = root
    settings.MEDIA_URL = "/media/"
    return root


# Tests that reach no database: the engine core's (free of Django) and the seeded
# playouts over it. The suite runs once per database; these give the same answer on
# both, so the PostgreSQL pass leaves them to the SQLite one (about three minutes).
DATABASE_FREE = ("tests/engine/", "tests/sandbox/test_seeded_games.py",
                 "tests/sandbox/test_every_game_finishes.py")


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return
    skip = pytest.mark.skip(reason="reaches no database: run on the SQLite pass")
    for item in items:
        uses_database = (item.get_closest_marker("django_db") is not None
                         or "_django_db_helper" in getattr(item, "fixturenames", ()))
        if item.nodeid.startswith(DATABASE_FREE) and not uses_database:
            item.add_marker(skip)
