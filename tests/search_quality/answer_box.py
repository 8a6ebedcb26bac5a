"""How the answer box does on a question set: per game, how many questions get a
box, how many of those boxes are right and which are wrong.

A box is right when it says what the set expects: for a set with expected
answers (``answers``: question -> (kind, words a right answer contains)), the
box contains those words; otherwise its source is one of the question's
references (the rule, ruling or term that answers it). A box for a question no
rule answers (``unanswered``) is wrong unless it says that no rule does.
Used by test_questions.py (floors) and bench/answer_box.py (the figures)."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from rulesref.models import GlossaryTerm
from rulesref.search import links
from rulesref.search.unified import search_all

GAMES = ("rumble", "anarchy", "satanic-panic", "demoniac")


def answer_url(ref: str) -> str:
    if ref.startswith("term "):
        return links.term_url(ref.removeprefix("term "))
    if "/" in ref:
        game, slug = ref.split("/")
        return links.ruling_url(game, slug)
    game, number = ref.split(" ")
    return links.rule_url(game, number)


def game_of(refs) -> str | None:
    for ref in refs:
        if ref.startswith("term "):
            continue
        return ref.split("/")[0] if "/" in ref else ref.split(" ")[0]
    for ref in refs:
        term = GlossaryTerm.objects.filter(slug=ref.removeprefix("term ")).values_list(
            "game__slug", flat=True).first()
        if term:
            return term
    return None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))


def says(box: dict, expected: str) -> bool:
    """The box's text has every word of ``expected`` (a "yes"/"no" its first word)."""
    text = _words(box.get("text", ""))
    wanted = _words(expected)
    if wanted in (["yes"], ["no"]):
        return bool(text) and text[0] == wanted[0]
    return all(w in text for w in wanted)


@dataclass
class Tally:
    questions: int = 0
    top1: int = 0
    top3: int = 0
    shown: int = 0
    right: int = 0
    wrong: list = field(default_factory=list)
    silent: list = field(default_factory=list)

    def line(self, name: str) -> str:
        right = f"{self.right}/{self.shown} right ({self.right / self.shown:.0%})" \
            if self.shown else "no box"
        ranks = "" if name == "unanswered" else \
            f"top1 {self.top1}/{self.questions}  top3 {self.top3}/{self.questions}  "
        return (f"{name:16} {ranks}box {self.shown}/{self.questions} "
                f"({self.shown / max(self.questions, 1):.0%}), {right}, "
                f"{len(self.wrong)} wrong")


def measure(questions, answers=None, unanswered=()) -> dict[str, Tally]:
    """Per game (and "all"), the tallies of ``questions`` ((question, refs) pairs);
    ``unanswered`` questions are tallied under "unanswered"."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    for question, refs in questions:
        wanted = {answer_url(r) for r in refs}
        result = search_all(q=question, limit=3)
        box = result.answer
        for name in (game_of(refs) or "?", "all"):
            tally = tallies[name]
            tally.questions += 1
            tally.top1 += bool(result.hits) and result.hits[0]["url"] in wanted
            tally.top3 += bool(wanted & {hit["url"] for hit in result.hits})
            if box is None:
                tally.silent.append(question)
                continue
            tally.shown += 1
            if answers is not None and question in answers:
                ok = says(box, answers[question][1])
            else:
                ok = box["url"] in wanted
            if ok:
                tally.right += 1
            else:
                tally.wrong.append((question, box["url"], box.get("text", "")[:100]))
    for question in unanswered:
        box = search_all(q=question, limit=3).answer
        tally = tallies["unanswered"]
        tally.questions += 1
        if box is not None:
            tally.shown += 1
            if box.get("kind") == "none":
                tally.right += 1
            else:
                tally.wrong.append((question, box["url"], box.get("text", "")[:100]))
    return dict(tallies)


def report(name: str, tallies: dict[str, Tally], *, details: bool = True) -> str:
    lines = [f"{name}:"]
    for game in (*GAMES, "?", "all", "unanswered"):
        if game in tallies:
            lines.append("  " + tallies[game].line(game))
    if details:
        for game in (*GAMES, "?", "unanswered"):
            for question, url, text in tallies.get(game, Tally()).wrong:
                lines.append(f"    WRONG {question!r} -> {url} {text!r}")
    return "\n".join(lines)
