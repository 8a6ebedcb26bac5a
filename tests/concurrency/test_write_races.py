"""PATCH racing DELETE against a real server (gunicorn, 2 workers, its own database).

Each round starts both requests at once from two threads. Whatever the order the
database gives them: no 5xx, a deleted object stays deleted, and its history
ends with exactly one deletion (one change record per PATCH that answered 200).
"""
import json
import threading

import pytest

from tests.live_site import live_site

ROUNDS = 30

HISTORY = """
import django, json; django.setup()
from cardsite.models import Entry
from rulesref.models import Rule
out = {}
for model, key in ((Entry, "slug"), (Rule, "number")):
    for row in model.history.order_by("history_id").values(key, "history_type"):
        out.setdefault(f"{model.__name__}:{row[key]}", []).append(row["history_type"])
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with live_site(tmp_path_factory.mktemp("race-site")) as site:
        yield site


def race(*calls):
    """Run the calls at the same moment; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        answers[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def history(site) -> dict:
    return json.loads(site.manage(code=HISTORY).strip().splitlines()[-1])


def assert_history_consistent(records: list[str], deleted: bool, patched: int, label: str):
    assert records[0] == "+" and records.count("+") == 1, (label, records)
    assert records.count("-") == (1 if deleted else 0), (label, records)
    if deleted:
        assert records[-1] == "-", (label, records)
    assert records.count("~") == patched, (label, records)


def test_entry_patch_racing_delete(site):
    outcomes = []
    for n in range(ROUNDS):
        slug = f"race-{n}"
        status, body, _ = site.request("POST", "/api/cards/", {
            "game": "rumble", "slug": slug, "name": f"Race {n}", "kind": "card",
            "bands": [{"low": 1, "high": 4, "effect": "Nothing."}],
        })
        assert status == 201, body
        url = f"/api/cards/rumble/{slug}/"
        patch, delete = race(
            lambda url=url, n=n: site.request("PATCH", url, {"name": f"Renamed {n}",
                                                            "bands": [{"low": 2, "effect": "x"}]}),
            lambda url=url: site.request("DELETE", url),
        )
        assert patch[0] in (200, 404), patch
        assert delete[0] == 204, delete
        assert site.request("GET", url, staff=False)[0] == 404, f"{slug} came back"
        outcomes.append(patch[0])
    records = history(site)
    for n, patched in enumerate(outcomes):
        assert_history_consistent(records[f"Entry:race-{n}"], True, patched == 200, f"race-{n}")
    print(f"entries: {ROUNDS} rounds, PATCH first {outcomes.count(200)}, DELETE first "
          f"{outcomes.count(404)}")


def test_rule_patch_racing_delete_of_its_parent(site):
    outcomes = []
    for n in range(ROUNDS):
        parent, child = str(50 + n), f"{50 + n}.1"
        for number in (parent, child):
            status, body, _ = site.request("POST", "/api/rules/", {
                "game": "rumble", "number": number, "title": "", "text": f"Rule {number}.",
                "source": "Turn Order",
            })
            assert status == 201, body
        patch, delete = race(
            lambda c=child: site.request("PATCH", f"/api/rules/rumble/{c}/", {"text": "Changed."}),
            lambda p=parent: site.request("DELETE", f"/api/rules/rumble/{p}/"),
        )
        assert patch[0] in (200, 404), patch
        assert delete[0] == 204, delete
        for number in (parent, child):  # the child goes with its parent, and stays gone
            assert site.request("GET", f"/api/rules/rumble/{number}/", staff=False)[0] == 404
        outcomes.append(patch[0])
    records = history(site)
    for n, patched in enumerate(outcomes):
        assert_history_consistent(records[f"Rule:{50 + n}"], True, 0, f"rule {50 + n}")
        assert_history_consistent(records[f"Rule:{50 + n}.1"], True, patched == 200,
                                  f"rule {50 + n}.1")
    print(f"rules: {ROUNDS} rounds, PATCH first {outcomes.count(200)}, DELETE first "
          f"{outcomes.count(404)}")


def test_rule_patch_racing_its_own_delete(site):
    outcomes = []
    for n in range(10):
        number = str(200 + n)
        assert site.request("POST", "/api/rules/", {
            "game": "rumble", "number": number, "text": "x", "source": "Turn Order",
        })[0] == 201
        url = f"/api/rules/rumble/{number}/"
        patch, delete = race(lambda url=url: site.request("PATCH", url, {"title": "T"}),
                             lambda url=url: site.request("DELETE", url))
        assert patch[0] in (200, 404) and delete[0] == 204, (patch, delete)
        assert site.request("GET", url, staff=False)[0] == 404
        outcomes.append(patch[0])
    records = history(site)
    for n, patched in enumerate(outcomes):
        assert_history_consistent(records[f"Rule:{200 + n}"], True, patched == 200, str(200 + n))


def test_stale_if_match_is_412_and_current_one_writes(site):
    url = "/api/cards/rumble/zapper/"
    status, _, headers = site.request("GET", url, staff=False)
    etag = headers["ETag"]
    assert status == 200 and etag
    status, body, headers = site.request("PATCH", url, {"notes": "one"},
                                         headers={"If-Match": etag})
    assert status == 200, body
    new_etag = headers["ETag"]
    assert new_etag != etag
    status, body, _ = site.request("PATCH", url, {"notes": "two"}, headers={"If-Match": etag})
    assert status == 412 and body["code"] == "precondition_failed" and body["etag"] == new_etag
    status, body, _ = site.request("DELETE", url, headers={"If-Match": etag})
    assert status == 412
    assert site.request("GET", url, staff=False)[1]["notes"] == "one"
