"""Test settings: the real settings module with test-only defaults for its env."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("GRIMOIRE_PLAIN_STATIC", "1")

from cardsite.settings import *  # noqa: E402,F403

# Tests run inside transactions that never commit, so the response cache's
# commit-time invalidation would never fire; tests/cardsite/test_response_cache.py
# turns it on where it is the subject.
RESPONSE_CACHE = False
# The same for the entries' kept JSON and rows (cardsite.browse.entry_memo): an edit
# would not retire them; tests/cardsite/test_entry_memo.py turns it on.
ENTRY_MEMO = False

# Tests create many tables from one address; tests/sandbox/test_limits.py lowers it.
SANDBOX_CREATE_RATE = "100000/hour"
# Several whole games per test; tests/sandbox/test_scale.py plays one at the production rate.
SANDBOX_ACTION_RATE = "100000/hour"
# A search's time budget (rulesref.search.budget) is 500 ms in production; the
# suite shares a loaded machine, so only the tests about the budget use it
# (tests/rulesref/test_search_hostile.py sets the production value).
SEARCH_TIME_BUDGET_MS = 5000

# Tasks run when they are enqueued, inside the test's transaction; the tests of the worker
# itself (tests/background) and the browser tests that need one run the database backend.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
