"""The answer box on the question sets: per game, the share of questions with a
box, the share of boxes that are right, the wrong ones; and the top-3 score.

    .venv/bin/python -m pytest bench/answer_box.py -s -q [-k dec04] [--no-migrations]
    DATABASE_URL=postgres://... (same, on PostgreSQL)

Runs on the bundled catalog in pytest's test database (as the quality tests do).
``ANSWER_BOX_DETAILS=0`` leaves out the wrong boxes' questions (a blind set's
first run: its figures without reading its questions). Figures, not a test.
"""
import os

import pytest
from django.core.management import call_command

from tests.search_quality import answer_box
from tests.search_quality.heldout import HELDOUT
from tests.search_quality.heldout_dec03 import HELDOUT_DEC03
from tests.search_quality.heldout_dec03b import HELDOUT_DEC03B
from tests.search_quality.heldout_dec03c import HELDOUT_DEC03C
from tests.search_quality.heldout_dec03d import HELDOUT_DEC03D
from tests.search_quality.heldout_dec04 import ANSWERS_DEC04, HELDOUT_DEC04, UNANSWERED_DEC04
from tests.search_quality.questions import QUESTIONS

pytestmark = pytest.mark.django_db
SETS = {
    "tuned": (QUESTIONS, None, ()),
    "heldout": (HELDOUT, None, ()),
    "dec03": (HELDOUT_DEC03, None, ()),
    "dec03b": (HELDOUT_DEC03B, None, ()),
    "dec03c": (HELDOUT_DEC03C, None, ()),
    "dec03d": (HELDOUT_DEC03D, None, ()),
    "dec04": (HELDOUT_DEC04, ANSWERS_DEC04, UNANSWERED_DEC04),
}


@pytest.mark.parametrize("name", list(SETS))
def test_answer_box_figures(name):
    call_command("load_catalog", verbosity=0)
    questions, answers, unanswered = SETS[name]
    tallies = answer_box.measure(questions, answers, unanswered)
    print("\n" + answer_box.report(name, tallies,
                                   details=os.environ.get("ANSWER_BOX_DETAILS") != "0"))
