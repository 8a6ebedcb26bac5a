"""What the answer box costs beside the ranking it comes from, in process.

    .venv/bin/python -m pytest bench/answer_cost.py -s -q [DATABASE_URL=postgres://...]

Every question of the question sets (distinct queries, ~390) is searched once as
the search page does (``search_all``, 20 hits), after a warm-up pass over other
queries; the answer box's own work (``unified._answer``: the kind, the subject's
weights, the sentences and rulings compared) is timed inside the same calls.
Prints the mean and the 95th percentile per query of the whole search and of the
answer. Figures, not a test.
"""
import statistics
import time

import pytest
from django.core.management import call_command

from bench.answer_box import BLIND, question_sets
from rulesref.search import unified

pytestmark = pytest.mark.django_db


def test_answer_cost(monkeypatch):
    call_command("load_catalog", verbosity=0)
    # the sets the tuning may see (a blind set's questions stay out of every run but its own)
    sets = [value for name, value in question_sets().items() if name not in BLIND]
    questions = list(dict.fromkeys(q for qs, _, _ in sets for q, _ in qs))
    for q in questions:  # warm: compiled SQL shapes, the vocabulary, the memos
        unified.search_all(q=q + " rules", limit=20)
    spent = []
    original = unified._answer

    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - started)

    monkeypatch.setattr(unified, "_answer", timed)
    totals = []
    for q in questions:
        started = time.perf_counter()
        unified.search_all(q=q, limit=20)
        totals.append(time.perf_counter() - started)

    def figures(values):
        values = sorted(values)
        return (f"mean {1000 * statistics.fmean(values):.2f} ms, "
                f"p95 {1000 * values[int(0.95 * len(values))]:.2f} ms")

    print(f"\n{len(questions)} distinct questions")
    print(f"  search_all (ranking, hits and answer): {figures(totals)}")
    print(f"  of which the answer box:               {figures(spent)}")
    print(f"  answer / search: {sum(spent) / sum(totals):.1%}")
