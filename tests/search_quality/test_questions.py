"""Players' questions against the bundled catalog: the rule or ruling that answers
each one is among the first three hits of the unified search for at least 85%
of them (tests/search_quality/questions.py), on either database; and for the
held-out set (heldout.py), which no tuning has seen."""
import pytest
from django.core.management import call_command

from rulesref.search.unified import search_all
from tests.search_quality.answer_box import answer_url, measure, report
from tests.search_quality.heldout import HELDOUT
from tests.search_quality.heldout_dec03 import HELDOUT_DEC03
from tests.search_quality.heldout_dec03b import HELDOUT_DEC03B
from tests.search_quality.heldout_dec03c import HELDOUT_DEC03C
from tests.search_quality.heldout_dec03d import HELDOUT_DEC03D
from tests.search_quality.heldout_dec04 import ANSWERS_DEC04, HELDOUT_DEC04, UNANSWERED_DEC04
from tests.search_quality.heldout_rulings_dec04 import HELDOUT_RULINGS_DEC04
from tests.search_quality.questions import QUESTIONS

pytestmark = pytest.mark.django_db
TARGET = 0.85


# The held-out set's floor guards against regressions and is not a target to tune
# to: when first run it stood at 35/40 on SQLite and 32/40 on PostgreSQL. The set
# of 2026-12-03 (heldout_dec03.py), written blind like it, first found 5 of its 40
# sentences refused as syntax ("rumble - i ...", "turn order: does ...", 26 words);
# once they parsed: 36/40 on SQLite. The fourth set (heldout_dec03b.py, 48 questions,
# blind) judged that day's ranking changes: 42/48 before them on SQLite; 43/48 after
# the glossary term counted as an answer to "what is X" (run blind); 46/48 after
# "card" left out of such questions and parentheses read as part of the sentence,
# changes made after its misses had been seen, so not a blind figure. PostgreSQL:
# 42/48. The fifth set (heldout_dec03c.py, 60 questions, blind) was first run on
# a41ff1a: 53/60 on SQLite, 47/60 on PostgreSQL. Then PostgreSQL's ranking weighed
# each term by its rarity (all five sets, PostgreSQL: 215 -> 224 of 258; SQLite's
# bm25: 231): tuned 61 -> 66, held-out 32 -> 31, 12-03 33 -> 34, fourth 42 -> 43,
# fifth 47 -> 50 (no longer a blind figure for PostgreSQL). The sixth set
# (heldout_dec03d.py, 48 questions, blind, 12 per game), first run on b53d139 after
# those changes: 42/48 on SQLite, 44/48 on PostgreSQL. The seventh set
# (heldout_rulings_dec04.py, 17 questions, each answered only by the ruling issue
# 34 added or changed), written before any search ran with it, first run on the
# rulings as landed: 17/17 on SQLite, 12/17 on PostgreSQL; its floor, 70%, sits
# just under PostgreSQL's first figure. The set of 2026-12-04 for issues 32 and 36
# (heldout_dec04.py, 80 questions, 20 per game, blind), first run on ddd39ac: 70/80
# on SQLite (rumble 17, anarchy 16, satanic-panic 19, demoniac 18), 62/80 on
# PostgreSQL (17, 13, 18, 14).
@pytest.mark.parametrize("name, questions, at_least, target", [
    ("search quality", QUESTIONS, 60, TARGET), ("held-out questions", HELDOUT, 40, 0.75),
    ("held-out questions of 2026-12-03", HELDOUT_DEC03, 40, 0.75),
    ("fourth held-out set (2026-12-03)", HELDOUT_DEC03B, 48, 0.75),
    ("fifth held-out set (2026-12-03)", HELDOUT_DEC03C, 60, 0.75),
    ("sixth held-out set (2026-12-03)", HELDOUT_DEC03D, 48, 0.75),
    ("issue 34's rulings (2026-12-04)", HELDOUT_RULINGS_DEC04, 17, 0.70),
    ("held-out set of 2026-12-04 (issue 32/36)", HELDOUT_DEC04, 80, 0.75)])
def test_the_answer_is_in_the_first_three_hits(capsys, name, questions, at_least, target):
    call_command("load_catalog", verbosity=0)
    missed = []
    for question, answers in questions:
        wanted = {answer_url(a) for a in answers}
        top = [hit["url"] for hit in search_all(q=question, limit=3).hits]
        if not wanted & set(top):
            missed.append((question, top))
    found = len(questions) - len(missed)
    share = found / len(questions)
    with capsys.disabled():
        print(f"\n{name}: {found}/{len(questions)} questions answered in the top 3 "
              f"({share:.0%})")
        for question, top in missed:
            print(f"  missed: {question!r} -> {top}")
    assert len(questions) >= at_least
    assert share >= target


# The answer box on the set of 2026-12-04 (heldout_dec04.py: 80 questions written
# blind with the kind and words of the answer a player wants, ANSWERS_DEC04, and 10
# that no rule answers, UNANSWERED_DEC04): a box is right when it has those words
# (a yes/no: its first word). Run once before the answer box was built (on ddd39ac):
# SQLite 34 boxes of 80, 21 right, 13 wrong, and 4 boxes for the 10 no rule answers;
# PostgreSQL 36, 23, 13 and 3. Run once after it: SQLite 24 boxes, 21 right, 3 wrong;
# PostgreSQL 23, 19, 4; no box for the 10 either. Top 3: 70/80 on SQLite, 62/80 on
# PostgreSQL, before and after (the ranking is unchanged). Floors a little under.
BOX_RIGHT_FLOOR = 0.8
BOX_SHOWN_FLOOR = 0.25


def test_the_answer_box_is_right_or_absent_on_the_set_of_2026_12_04(capsys):
    call_command("load_catalog", verbosity=0)
    tallies = measure(HELDOUT_DEC04, ANSWERS_DEC04, UNANSWERED_DEC04)
    with capsys.disabled():
        print("\n" + report("answer box, held-out set of 2026-12-04", tallies))
    every = tallies["all"]
    assert every.shown >= BOX_SHOWN_FLOOR * every.questions
    assert every.right >= BOX_RIGHT_FLOOR * every.shown
    # A question no rule answers gets no box (or one that says so).
    assert not tallies.get("unanswered") or not tallies["unanswered"].wrong
