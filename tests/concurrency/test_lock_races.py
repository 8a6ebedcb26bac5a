"""Writes on different objects, or the same one, raced through gunicorn (2 workers).

Row locks lock only the object written (not its game's row), in one order, so
a ruling citing an entry while the entry is deleted, two edits of one game's
entries, two PATCHes of one entry and a suggestion's approval against an API
edit all end without a 5xx, a deadlock, a lost update (with If-Match) or a
deleted row coming back. Every request's status and time is kept: a 503 would
have to come after the configured lock wait (SQLITE_BUSY_TIMEOUT, 20 s).
"""
import http.cookiejar
import json
import re
import time
import urllib.parse
import urllib.request

import pytest

from tests.concurrency.test_write_races import race
from tests.live_site import live_site

ROUNDS = 50

SUGGESTIONS = """
import django, json; django.setup()
from django.contrib.auth.models import Group, User
from cardsite.editorial.models import Suggestion
from cardsite.models import Entry
User.objects.get(username="racer").groups.add(Group.objects.get(name="Reviewer"))
ids = []
for n in range({rounds}):
    entry = Entry.objects.get(game__slug="rumble", slug=f"sugg-{{n}}")
    ids.append(Suggestion.objects.create(
        target="entry", entry=entry, field="text", current_value="", proposed_value=f"Approved {{n}}.",
        source="Card photo").pk)
print(json.dumps(ids))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with live_site(tmp_path_factory.mktemp("lock-site")) as site:
        yield site


class Timed:
    """Every answer's status and time, for the must-show figures."""

    def __init__(self, site):
        self.site, self.answers = site, []

    def __call__(self, method, path, body=None, **kwargs):
        started = time.monotonic()
        status, parsed, headers = self.site.request(method, path, body, **kwargs)
        self.answers.append((status, time.monotonic() - started, parsed))
        return status, parsed, headers

    def check(self, label):
        errors = [(s, round(t, 2), b) for s, t, b in self.answers if s >= 500]
        deadlocks = [a for a in self.answers if "deadlock" in json.dumps(a[2] or "")]
        slowest = max(t for _, t, _ in self.answers)
        print(f"{label}: {len(self.answers)} requests, 5xx {len(errors)}, deadlocks "
              f"{len(deadlocks)}, slowest {slowest * 1000:.0f} ms")
        assert not errors and not deadlocks, errors[:5]


def make_entry(request, slug, **fields):
    status, body, _ = request("POST", "/api/cards/", {
        "game": "rumble", "slug": slug, "name": slug.replace("-", " ").title(), "kind": "card",
        **fields})
    assert status == 201, body


def test_ruling_citing_an_entry_racing_its_delete(site):
    """The deadlock of the issue: a ruling's write and an entry's delete in one game."""
    request = Timed(site)
    status, body, _ = request("POST", "/api/rulings/", {
        "game": "rumble", "slug": "cites-race", "question": "Q?", "answer": "A.",
        "source": "Turn Order", "entry_refs": ["zapper"]})
    assert status == 201, body
    outcomes = []
    for n in range(ROUNDS):
        slug = f"cited-{n}"
        make_entry(request, slug)
        patch, delete = race(
            lambda s=slug: request("PATCH", "/api/rulings/rumble/cites-race/",
                                   {"entry_refs": ["zapper", s]}),
            lambda s=slug: request("DELETE", f"/api/cards/rumble/{s}/"),
        )
        assert patch[0] in (200, 400, 409) and delete[0] == 204, (patch, delete)
        assert request("GET", f"/api/cards/rumble/{slug}/", staff=False)[0] == 404
        cited = request("GET", "/api/rulings/rumble/cites-race/", staff=False)[1]["entries"]
        assert slug not in json.dumps(cited), f"ruling still cites deleted {slug}"
        outcomes.append(patch[0])
    request.check(f"ruling PATCH vs entry DELETE, {ROUNDS} rounds "
                  f"(PATCH first {outcomes.count(200)}, entry gone {outcomes.count(400) + outcomes.count(409)})")


def test_writes_on_two_entries_of_one_game(site):
    request = Timed(site)
    for name in ("left", "right"):
        make_entry(request, f"cross-{name}")
    for n in range(ROUNDS):
        left, right = race(
            lambda n=n: request("PATCH", "/api/cards/rumble/cross-left/", {"notes": f"L{n}"}),
            lambda n=n: request("PATCH", "/api/cards/rumble/cross-right/", {"notes": f"R{n}"}),
        )
        assert left[0] == right[0] == 200, (left, right)
    assert request("GET", "/api/cards/rumble/cross-left/", staff=False)[1]["notes"] == f"L{ROUNDS - 1}"
    request.check(f"PATCH entry A vs PATCH entry B, {ROUNDS} rounds")


def test_patch_racing_patch_with_and_without_if_match(site):
    request = Timed(site)
    make_entry(request, "twice")
    url = "/api/cards/rumble/twice/"
    for n in range(ROUNDS):
        etag = request("GET", url, staff=False)[2]["ETag"]
        one, two = race(
            lambda n=n, e=etag: request("PATCH", url, {"notes": f"one {n}"}, headers={"If-Match": e}),
            lambda n=n, e=etag: request("PATCH", url, {"notes": f"two {n}"}, headers={"If-Match": e}),
        )
        # Exactly one wins; the other is refused: no lost update.
        assert sorted((one[0], two[0])) == [200, 412], (one, two)
        winner = f"one {n}" if one[0] == 200 else f"two {n}"
        assert request("GET", url, staff=False)[1]["notes"] == winner
        one, two = race(lambda n=n: request("PATCH", url, {"notes": f"three {n}"}),
                        lambda n=n: request("PATCH", url, {"text": f"Four {n}."}))
        assert one[0] == two[0] == 200, (one, two)
        now = request("GET", url, staff=False)[1]
        # Different fields: both land, whichever came second read the first's.
        assert now["notes"] == f"three {n}" and now["text"] == f"Four {n}.", now
    request.check(f"PATCH vs PATCH with If-Match ({ROUNDS} rounds: one 200 one 412 each) "
                  f"and without ({ROUNDS} rounds, fields kept)")


def admin_opener(site):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(site.base + "/admin/login/").read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = urllib.parse.urlencode({"username": "racer", "password": "pw-racer-1234",
                                   "csrfmiddlewaretoken": token, "next": "/admin/"}).encode()
    opener.open(urllib.request.Request(site.base + "/admin/login/", data=data,
                                       headers={"Referer": site.base + "/admin/login/"}))
    csrf = next(c.value for c in jar if c.name == "csrftoken")
    return opener, csrf


def test_suggestion_approval_racing_entry_edit_and_delete(site):
    request = Timed(site)
    for n in range(ROUNDS):
        make_entry(request, f"sugg-{n}")
    ids = json.loads(site.manage(code=SUGGESTIONS.format(rounds=ROUNDS)).strip().splitlines()[-1])
    opener, csrf = admin_opener(site)

    def approve(pk):
        started = time.monotonic()
        data = urllib.parse.urlencode({"action": "approve", "csrfmiddlewaretoken": csrf}).encode()
        req = urllib.request.Request(f"{site.base}/admin/suggestions/{pk}/", data=data,
                                     headers={"Referer": site.base + "/admin/"})
        try:
            with opener.open(req, timeout=30) as response:
                status = response.status
        except urllib.error.HTTPError as error:
            status = error.code
        request.answers.append((status, time.monotonic() - started, None))
        return status

    for n, pk in enumerate(ids):
        url = f"/api/cards/rumble/sugg-{n}/"
        if n % 2:  # approval vs an edit of another field: both kept
            approved, patch = race(lambda pk=pk: approve(pk),
                                   lambda url=url, n=n: request("PATCH", url, {"notes": f"N{n}"}))
            assert approved == 200 and patch[0] == 200, (approved, patch)
            now = request("GET", url, staff=False)[1]
            assert now["text"] == f"Approved {n}." and now["notes"] == f"N{n}", now
        else:  # approval vs delete: the entry stays deleted
            approved, delete = race(lambda pk=pk: approve(pk),
                                    lambda url=url: request("DELETE", url))
            assert approved in (200, 404) and delete[0] == 204, (approved, delete)
            assert request("GET", url, staff=False)[0] == 404, f"sugg-{n} came back"
    request.check(f"suggestion approval vs entry PATCH / DELETE, {ROUNDS} rounds")
