"""Players' questions against the bundled catalog: the rule or ruling that answers
each one is among the first three hits of the unified search for at least 85%
of them (tests/search_quality/questions.py), on either database."""
import pytest
from django.core.management import call_command

from rulesref.search import links
from rulesref.search.unified import search_all
from tests.search_quality.questions import QUESTIONS

pytestmark = pytest.mark.django_db
TARGET = 0.85


def answer_url(ref: str) -> str:
    if ref.startswith("term "):
        return links.term_url(ref.removeprefix("term "))
    if "/" in ref:
        game, slug = ref.split("/")
        return links.ruling_url(game, slug)
    game, number = ref.split(" ")
    return links.rule_url(game, number)


def test_the_answer_is_in_the_first_three_hits(capsys):
    call_command("load_catalog", verbosity=0)
    missed = []
    for question, answers in QUESTIONS:
        wanted = {answer_url(a) for a in answers}
        top = [hit["url"] for hit in search_all(q=question, limit=3).hits]
        if not wanted & set(top):
            missed.append((question, top))
    found = len(QUESTIONS) - len(missed)
    share = found / len(QUESTIONS)
    with capsys.disabled():
        print(f"\nsearch quality: {found}/{len(QUESTIONS)} questions answered in the top 3 "
              f"({share:.0%})")
        for question, top in missed:
            print(f"  missed: {question!r} -> {top}")
    assert len(QUESTIONS) >= 60
    assert share >= TARGET
