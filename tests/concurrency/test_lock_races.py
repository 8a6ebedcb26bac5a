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
IMPORT_ROUNDS = 20  # each is an upload, a preview and an import of the whole game

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

EDITOR = """
import django; django.setup()
from django.contrib.auth.models import Group, User
User.objects.get(username="racer").groups.add(Group.objects.get(name="Editor"))
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


def admin_post(site, opener, csrf, path, fields, files=None):
    """A form POST through the admin session (multipart when there are files)."""
    boundary = "----race-boundary"
    parts = []
    for name, value in {**fields, "csrfmiddlewaretoken": csrf}.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                     f"{value}\r\n".encode())
    for name, (filename, content) in (files or {}).items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                     f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'.encode()
                     + content + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    request = urllib.request.Request(site.base + path, data=body, headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Referer": site.base + "/admin/"})
    with opener.open(request, timeout=60) as response:
        return response.status, response.read().decode()


def test_an_import_that_adds_entries_applies_while_others_edit(site):
    """The file is the catalog as exported just before the upload plus a new entry;
    between the preview and the confirmation another editor changes entries the
    file has (as they were): the import applies, and their edits stay."""
    import threading

    request = Timed(site)
    site.manage(code=EDITOR)
    opener, csrf = admin_opener(site)
    for name in ("busy-a", "busy-b"):
        make_entry(request, name)
    stop, gate, edits = threading.Event(), threading.Lock(), [0]
    holding = False  # the test, not the editor, holds the gate (a Lock has no owner)

    def editor():
        while not stop.is_set():
            with gate:  # held by the test from the export to the preview
                edits[0] += 1
                request("PATCH", f"/api/cards/rumble/busy-{'ab'[edits[0] % 2]}/",
                        {"notes": f"edit {edits[0]}"})
            time.sleep(0.02)

    thread = threading.Thread(target=editor)
    thread.start()
    try:
        for n in range(IMPORT_ROUNDS):
            gate.acquire()
            holding = True
            document = request("GET", "/api/bulk/catalog.json", staff=False)[1]
            entries = document["games"][0]["entries"]
            entries.append({**entries[0], "slug": f"imported-{n}", "name": f"Imported {n}",
                            "aliases": []})
            status, page = admin_post(site, opener, csrf, "/admin/import/", {"game": ""},
                                      {"file": (f"round-{n}.json", json.dumps(document).encode())})
            shown = " ".join(re.sub(r"<[^>]+>", " ", page).split())
            assert status == 200 and "1 added · 0 changed" in shown, shown[-1500:]
            confirm = re.search(r'action="(/admin/import/\d+/confirm/)"', page).group(1)
            digest = re.search(r'name="digest" value="([^"]+)"', page).group(1)
            gate.release()
            holding = False
            time.sleep(0.2)  # edits of busy-a/b land between the preview and the confirmation
            done = edits[0]
            status, page = admin_post(site, opener, csrf, confirm, {"digest": digest})
            text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
            assert "Import applied" in text, text[text.find("Changed by"):][:500]
            assert request("GET", f"/api/cards/rumble/imported-{n}/", staff=False)[0] == 200
            notes = {request("GET", f"/api/cards/rumble/busy-{x}/", staff=False)[1]["notes"]
                     for x in "ab"}
            assert notes != {""} and done > 0, notes  # the edits were not reverted
    finally:
        stop.set()
        if holding:  # an assertion failed mid-round: let the editor finish
            gate.release()
        thread.join(30)
    request.check(f"import (the catalog + 1 new entry) vs PATCHes of entries it has: "
                  f"{IMPORT_ROUNDS} imports all applied, {edits[0]} PATCHes meanwhile")
