"""Shared test set-up: a real browser (Debian's chromium) for page tests."""
import os
from pathlib import Path

import pytest

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


@pytest.fixture(autouse=True)
def generous_throttle(settings):
    """Tests make many requests from one address (API and search pages share the
    allowance); the throttle tests lower it again."""
    settings.API_ANON_THROTTLE_RATE = "100000/min"


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
