"""The answer box on the question sets: per game, the share of questions with a
box, the share of boxes that are right, the wrong ones; and the top-1 and top-3
scores.

    .venv/bin/python bench/answer_box.py [--set dec04b] [--set dec05] [--set dec05b] [--set dec06] [--set dec07] [--set dec08] [--set dec10] [--details] [--no-migrations]
    .venv/bin/python -m pytest bench/answer_box.py -s -q [-k dec04] [--no-migrations]
    DATABASE_URL=postgres://... (same, on PostgreSQL)

The set of 2026-12-06 (dec06, 92 questions + 8 no rule answers, blind), run once
before the round's change (63fdc80) and once after it, top1/top3/box/right(wrong):
SQLite 53/75/38/31(7) -> 53/75/41/34(7); PostgreSQL 49/68/38/30(8) -> 49/68/40/32(8);
per game after, SQLite: rumble 12/19/13/11(2), anarchy 17/20/7/6(1), satanic-panic
9/15/11/9(2), demoniac 15/21/10/8(2); PostgreSQL: 12/18/11/9(2), 12/15/7/4(3),
11/15/12/10(2), 14/20/10/9(1); one of its 8 no-rule questions gets a box on both.
The same change on the older sets: dec04b SQLite 55/74/49/45(4) -> 55/74/49/46(3),
PostgreSQL 52/73/51/45(6) -> 53/73/51/46(5); dec05 SQLite 36/51/29/28(1) -> 36/51/31/30(1),
PostgreSQL 40/53/31/30(1) -> 39/53/33/32(1); dec05b SQLite 19/27/16/13(3) -> 19/27/17/14(3),
PostgreSQL 18/30/18/14(4) -> 18/30/18/15(3).

The set dec07 (written 2026-12-06 02:52-02:55 UTC, 96 questions: rumble 25, anarchy 23,
satanic-panic 24, demoniac 24, + 8 no rule answers, blind), dec07 first run, on 2da4e79
before any change, top1/top3/box/right(wrong): SQLite 72/87/61/55(6), PostgreSQL
64/86/60/53(7); per game, SQLite: rumble 22/24/18/15(3), anarchy 14/20/9/9(0),
satanic-panic 18/22/16/14(2), demoniac 18/21/18/17(1); PostgreSQL: rumble 19/24/16/13(3),
anarchy 16/19/10/10(0), satanic-panic 14/22/17/14(3), demoniac 15/21/17/16(1); one of
its 8 no-rule questions gets a box on both, and that box is wrong (0/1).

The round of 2026-12-06 (7e8565f..40192e9: players' verbs, figures per player, worked
examples, duty vs permission, glossary sentences), its categories from an audit of the
blind sets' wrong boxes that reported categories, not questions; box/right(wrong) before
-> after, ranking unchanged: SQLite dec04b 49/46(3) -> 49/48(1), dec05 31/30(1) ->
34/32(2), dec05b 17/14(3) -> 18/15(3), dec06 41/34(7) -> 40/35(5); PostgreSQL dec04b
51/46(5) -> 51/48(3), dec05 33/32(1) -> 35/33(2), dec05b 18/15(3) -> 18/16(2), dec06
40/32(8) -> 40/35(5). Over the four blind sets, boxes right 124 -> 130 (SQLite) and
125 -> 132 (PostgreSQL), wrong 14 -> 11 and 17 -> 12.

The ranking round of 2026-12-06 (c3f0893..d220bf9: a sentence relaxed when too few rules,
rulings or terms have every word, cards not counting; chat and apostrophe-less filler;
player words and irregular forms; "or" in a question a word; digits and number words;
"what does X do"; "how do I X" and words naming a rule's heading in the box), from an
audit of the blind sets' top-3 misses that reported mechanisms, not questions; the
five blind sets were measured after each step in aggregate only. top1/top3/box/right
(wrong), 2da4e79 -> d220bf9: SQLite dec04b 55/74/49/48(1) -> 57/76/51/50(1), dec05
36/51/34/32(2) -> 38/54/35/33(2), dec05b 19/27/18/15(3) -> 19/28/17/14(3), dec06
53/75/40/35(5) -> 55/78/48/42(6), dec07 72/87/61/55(6) -> 73/88/61/55(6), all five
235/314/202/185(17) -> 242/324/212/194(18) of 388; PostgreSQL dec04b 53/73/51/48(3) ->
57/77/53/50(3), dec05 39/53/35/33(2) -> 39/55/35/33(2), dec05b 18/30/18/16(2) ->
19/31/18/16(2), dec06 49/68/40/35(5) -> 49/71/46/40(6), dec07 64/86/60/53(7) ->
64/87/61/53(8), all five 223/310/204/185(19) -> 228/321/213/192(21). The seven older
sets (386): SQLite 265/349/232/220(12) -> 279/354/254/238(16), PostgreSQL
258/337/227/213(14) -> 261/339/241/225(16). Tried and dropped (the blind sets said
no): untitled rules without "game N.N" as their name (top 3 -3), light verbs left out
of a sentence (top 1 -3), the relaxed ranking reordered by the share of the words a
hit has (tuned sets top 3 +4, blind -7 and 6 more wrong boxes).

The set dec08 (written 2026-12-06 06:17-06:21 UTC, 100 questions: rumble 25, anarchy 25,
satanic-panic 25, demoniac 25, + 9 no rule answers, blind), dec08 first run, on 1240a1d
before any change, top1/top3/box/right(wrong): SQLite 61/81/42/35(7), PostgreSQL
54/70/37/30(7); per game, SQLite: rumble 16/21/13/10(3), anarchy 18/21/9/8(1),
satanic-panic 13/20/9/8(1), demoniac 14/19/11/9(2); PostgreSQL: rumble 13/16/7/5(2),
anarchy 13/17/9/8(1), satanic-panic 14/17/11/8(3), demoniac 14/20/10/9(1); one of its 9
no-rule questions gets a box on SQLite, and that box is wrong (0/1), none on PostgreSQL.
After the round of 2026-12-06 evening (21c0a36..f00a84b), dec08 top1/top3/box/right
(wrong): SQLite 62/83/44/37(7), per game rumble 17/24/14/11(3), anarchy 18/21/10/9(1),
satanic-panic 14/20/9/8(1), demoniac 13/18/11/9(2); PostgreSQL 53/69/38/31(7), rumble
13/16/7/5(2), anarchy 13/17/10/9(1), satanic-panic 14/17/11/8(3), demoniac
13/19/10/9(1). All six blind sets (488): SQLite 303/405/256/231(25) ->
312/414/265/240(25), PostgreSQL 283/392/252/224(28) -> 287/395/261/233(28); the seven
older sets (386): SQLite 279/354/257/241(16) -> 282/357/271/253(18), PostgreSQL
261/339/243/227(16) -> 261/338/255/237(18).

The round of 2026-12-07 (stop 48: a game's slug no longer a word of every one of its
rules, "a demoniac" still a word, "die" finding "dying", "one" in a how-many question
read as "a", no yes/no ruling for a how-to question, no answer from a ruling asking of
not doing a thing to a question asking of doing it). Two sets written for it before any
search ran them, then tuned on: dec09 (50, Demoniac and Satanic Panic) first run
36/45/39/38(1) -> 39/48/41/40(1); dec09b (24, Anarchy, asked mid-game) 10/18/12/8(4) ->
13/22/11/10(1) (four references the first writing missed added after its first run).
All six blind sets (488), before -> after those changes: SQLite 312/414/265/240(25) ->
315/418/264/238(26), PostgreSQL 326/421/266/238(28) -> 325/421/267/238(29) (the blind
sets said "no worse", not "better": the slug change stays for what it fixes, a rules
search for "satan" or "panic" listing every Satanic Panic rule). Then the boxes were
found to depend on the process's hash seed (a share summed in a set's order came out
1.0000000000000002: 3 boxes of one game came and went between runs); summed exactly
(math.fsum), every set gives the same hits and boxes under six seeds. At the stop's
end (a22bfd3, also Krazztar's Challenge ruling and the Demoniac first-player answer):
SQLite 314/418/265/241(24), PostgreSQL 325/422/268/240(28); the older sets (460 with
dec09 and dec09b) SQLite 336/427/321/304(17).

The round of 2026-12-07 (stop 49). A set written for it by a helper from the rulebooks
before any search ran it, dec10 (84: 21 per game, + 8 no rule answers), first run on
1ff440e, top1/top3/box/right(wrong): SQLite 51/71/47/36(11), PostgreSQL 63/77/51/40(11);
five of those wrong boxes were right and the set's expected words were mended (then
41(6) and 45(6)). Its wrong boxes showed the mechanisms changed: "what does X do/mean"
with the game named last; a when/what question answered by a ruling's Yes or No; a
number of players asked settled by a limit on another count; "how many" told a figure
other than the one before the thing counted; "can I choose which" answered by another
ruling's No; then, from the tuning sets' questions with the right first hit and no box:
"do I keep / lose my X" read from what the first hit says of X, and a choice between
two words told by the sentence naming one. After (74c7eed..33e87c8): dec10 SQLite
51/71/45/44(1), per game rumble 15/18/13/12(1), anarchy 12/18/12/12(0), satanic-panic
12/18/11/11(0), demoniac 12/17/9/9(0); PostgreSQL 63/77/49/48(1). All six blind sets
(488): SQLite 314/418/265/241(24) -> 315/418/268/246(22), PostgreSQL 325/422/268/240(28)
-> 326/422/270/244(26); the older sets with dec10 (544) SQLite 366/348(18) ->
373/355(18) box/right(wrong).

The round of 2026-12-07, evening ("how many X" puts first a rule a few hits
down that states a figure of X when the top hit answers with none; the question word after
the situation it opens with; "how many of each"). A set written for it before any search
ran it, dec11 (100: 25 per game, + 8 no rule answers), first run on 988d66d
top1/top3/box/right(wrong): SQLite 62/78/39/29(10), PostgreSQL 67/87/37/29(8); a tuning
set since. The six blind sets (488), before -> after: SQLite 315/418/268/246(22) ->
320/419/271/249(22), PostgreSQL 326/422/270/244(26) -> 333/422/271/245(26). Then (3eb66d9,
5eeb015, 4495910) a contents line named by its last word, the rule listing a box's count
first, and the box's source first: SQLite 345/427/272/250(22), PostgreSQL
354/430/272/246(26); dec11 after all of them: SQLite 63/79/39/31(8), PostgreSQL
66/88/38/31(7). With contents rules found past a stop word or with the count after the
name (25caa2a): SQLite 347/429/272/250(22), PostgreSQL 356/432/272/246(26).

A seventh blind set, dec12 (100: 25 per game, + 8 no rule answers; written by a helper
from the rulebooks and fixtures alone, on the passages earlier sets touched least),
first run on e326666: SQLite 62/81/33/28(5), PostgreSQL 67/85/31/26(5); no box for
its 8 no-rule questions. Below the older blind sets (top 3 88% / 89%, box 56%): the
rules it reaches were seldom asked before. Then (5a489e5) SQLite's bm25 weighs a name
half its body: the seven blind sets (588) SQLite 409/510/305/278(27) ->
418/512/311/283(28), dec12 alone 62/81/33/28(5) -> 66/82/33/29(4); PostgreSQL
unchanged at 423/517/303/272(31).

Runs on the bundled catalog in pytest's test database (as the quality tests do).
Blind sets (BLIND: questions the engineers tuning the search must not see)
print only their figures per game; ``--details`` (or ``ANSWER_BOX_DETAILS=1``)
lists the wrong boxes' questions. For the other sets ``ANSWER_BOX_DETAILS=0``
leaves them out. The last lines add up the sets run, blind and older apart. Figures, not a test: a blind set gets no floor anywhere.
"""
import os
import sys

import pytest

pytestmark = pytest.mark.django_db
SET_NAMES = ["tuned", "heldout", "dec03", "dec03b", "dec03c", "dec03d", "dec04", "dec04b", "dec05", "dec05b", "dec06",
             "dec07", "dec08", "dec09", "dec09b", "dec10", "dec11", "dec12"]
# Sets whose questions stay unseen by whoever tunes the ranking (issue 36).
BLIND = {"dec04b", "dec05", "dec05b", "dec06", "dec07", "dec08", "dec12"}


def show_details(name: str) -> bool:
    wanted = os.environ.get("ANSWER_BOX_DETAILS")
    if name in BLIND:
        return wanted == "1"
    return wanted != "0"


def question_sets() -> dict:
    """name -> (questions, expected answers or None, questions no rule answers).
    Imported here, not at the top, so that ``python bench/answer_box.py`` can
    start pytest (which sets Django up) before anything imports the models."""
    from tests.search_quality.heldout import HELDOUT
    from tests.search_quality.heldout_dec03 import HELDOUT_DEC03
    from tests.search_quality.heldout_dec03b import HELDOUT_DEC03B
    from tests.search_quality.heldout_dec03c import HELDOUT_DEC03C
    from tests.search_quality.heldout_dec03d import HELDOUT_DEC03D
    from tests.search_quality.heldout_dec04 import (
        ANSWERS_DEC04,
        HELDOUT_DEC04,
        UNANSWERED_DEC04,
    )
    from tests.search_quality.heldout_dec04b import (
        ANSWERS_DEC04B,
        HELDOUT_DEC04B,
        UNANSWERED_DEC04B,
    )
    from tests.search_quality.heldout_dec05 import (
        ANSWERS_DEC05,
        HELDOUT_DEC05,
        UNANSWERED_DEC05,
    )
    from tests.search_quality.heldout_dec05b import (
        ANSWERS_DEC05B,
        HELDOUT_DEC05B,
        UNANSWERED_DEC05B,
    )
    from tests.search_quality.heldout_dec06 import (
        ANSWERS_DEC06,
        HELDOUT_DEC06,
        UNANSWERED_DEC06,
    )
    from tests.search_quality.heldout_dec07 import (
        ANSWERS_DEC07,
        HELDOUT_DEC07,
        UNANSWERED_DEC07,
    )
    from tests.search_quality.heldout_dec08 import (
        ANSWERS_DEC08,
        HELDOUT_DEC08,
        UNANSWERED_DEC08,
    )
    from tests.search_quality.heldout_dec09 import (
        ANSWERS_DEC09,
        HELDOUT_DEC09,
        UNANSWERED_DEC09,
    )
    from tests.search_quality.heldout_dec09b import (
        ANSWERS_DEC09B,
        HELDOUT_DEC09B,
        UNANSWERED_DEC09B,
    )
    from tests.search_quality.heldout_dec10 import (
        ANSWERS_DEC10,
        HELDOUT_DEC10,
        UNANSWERED_DEC10,
    )
    from tests.search_quality.heldout_dec11 import (
        ANSWERS_DEC11,
        HELDOUT_DEC11,
        UNANSWERED_DEC11,
    )
    from tests.search_quality.heldout_dec12 import (
        ANSWERS_DEC12,
        HELDOUT_DEC12,
        UNANSWERED_DEC12,
    )
    from tests.search_quality.questions import QUESTIONS
    return {
        "tuned": (QUESTIONS, None, ()),
        "heldout": (HELDOUT, None, ()),
        "dec03": (HELDOUT_DEC03, None, ()),
        "dec03b": (HELDOUT_DEC03B, None, ()),
        "dec03c": (HELDOUT_DEC03C, None, ()),
        "dec03d": (HELDOUT_DEC03D, None, ()),
        "dec04": (HELDOUT_DEC04, ANSWERS_DEC04, UNANSWERED_DEC04),
        "dec04b": (HELDOUT_DEC04B, ANSWERS_DEC04B, UNANSWERED_DEC04B),
        "dec05": (HELDOUT_DEC05, ANSWERS_DEC05, UNANSWERED_DEC05),
        "dec05b": (HELDOUT_DEC05B, ANSWERS_DEC05B, UNANSWERED_DEC05B),
        "dec06": (HELDOUT_DEC06, ANSWERS_DEC06, UNANSWERED_DEC06),
        "dec07": (HELDOUT_DEC07, ANSWERS_DEC07, UNANSWERED_DEC07),
        "dec08": (HELDOUT_DEC08, ANSWERS_DEC08, UNANSWERED_DEC08),
        "dec09": (HELDOUT_DEC09, ANSWERS_DEC09, UNANSWERED_DEC09),
        "dec09b": (HELDOUT_DEC09B, ANSWERS_DEC09B, UNANSWERED_DEC09B),
        "dec10": (HELDOUT_DEC10, ANSWERS_DEC10, UNANSWERED_DEC10),
        "dec11": (HELDOUT_DEC11, ANSWERS_DEC11, UNANSWERED_DEC11),
        "dec12": (HELDOUT_DEC12, ANSWERS_DEC12, UNANSWERED_DEC12),
    }


@pytest.mark.parametrize("name", SET_NAMES)
def test_answer_box_figures(name):
    from django.core.management import call_command

    from tests.search_quality import answer_box

    call_command("load_catalog", verbosity=0)
    questions, answers, unanswered = question_sets()[name]
    tallies = answer_box.measure(questions, answers, unanswered)
    print("\n" + answer_box.report(name, tallies, details=show_details(name)))
    group = TOTALS.setdefault("blind sets" if name in BLIND else "older sets", {})
    for game, tally in tallies.items():
        total = group.setdefault(game, answer_box.Tally())
        for count in ("questions", "top1", "top3", "shown", "right"):
            setattr(total, count, getattr(total, count) + getattr(tally, count))
        total.wrong += tally.wrong


# The sets run so far, added up: the blind sets are judged together (a change stays
# only if they do not get worse), never question by question.
TOTALS: dict[str, dict] = {}


def test_totals():
    from tests.search_quality import answer_box

    for group, tallies in TOTALS.items():
        print("\n" + answer_box.report(f"{group} together", tallies, details=False))


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=SET_NAMES, action="append",
                        help="a question set (repeatable; default: all)")
    parser.add_argument("--details", action="store_true",
                        help="list the wrong boxes' questions (blind sets too)")
    args, rest = parser.parse_known_args(argv)
    if args.details:
        os.environ["ANSWER_BOX_DETAILS"] = "1"
    names = args.set or SET_NAMES
    ids = [f"{__file__}::test_answer_box_figures[{name}]" for name in names]
    ids.append(f"{__file__}::test_totals")
    return pytest.main([*ids, "-s", "-q", "-p", "no:cacheprovider", *rest])


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main(sys.argv[1:]))
