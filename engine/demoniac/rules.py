"""Demoniac rules as pure functions: dice, possession, divinities, the winning attack.

Readings (recorded as rulings):
- A victim is properly possessed when it has exactly as many body and mind
  possessions as its body and mind strengths (the ruling "Match exactly": cards
  that "match" the strengths, "a corresponding number" of each; with strengths
  summing to 5, as Little Linda's 4 + 1, all five spots are filled and "at least"
  is the same); ``exact=False`` accepts at least as many.
- One attack destroys at most one divinity, one whose strength is at most the
  attack's hits (the rulebook's example compares the attack's whole power,
  4, with one divinity's strength, 3). ``split_hits=True`` lets the hits be
  shared out among several divinities whose strengths add up to at most the
  hits.
"""
from __future__ import annotations

import random
from collections import Counter

from ..core import Problem
from ..rule_refs import rule
from .components import SPOTS, card_kind, card_symbol

PENTAGRAM, BLANK, CROSS = "pentagram", "blank", "cross"
DIE_FACES = (PENTAGRAM, PENTAGRAM, PENTAGRAM, BLANK, BLANK, CROSS)
MAX_DICE = 6  # five possessions + the demoniac's bonus die
STARTING_HAND = 3
DRAW_PER_TURN = 3
ACTIONS_PER_TURN = 3
HAND_LIMIT = 6
WINNING_HITS = 6
# Not a rule: the rulebook ends a game only with a win (6.7) and lets it go on for ever
# (nothing forces an attack and the deck is reshuffled). A table stops, drawn, once every
# player has had this many turns; the log and the result say it is our bound, not the book's.
ROUND_LIMIT = 100


def attack_dice(possessions: int, demoniac: bool) -> int:
    """One die per possession, one more for a demoniac (at most six)."""
    return min(possessions + (1 if demoniac else 0), MAX_DICE)


def roll_faces(count: int, rng: random.Random) -> list[str]:
    return [rng.choice(DIE_FACES) for _ in range(count)]


def reroll_faces(dice: list[str], indices: list[int], rng: random.Random | None,
                 faces: list[str] | None = None) -> list[str]:
    """Re-roll the dice at ``indices`` (``faces``: the results, if rolled at the table)."""
    new = list(faces) if faces is not None else roll_faces(len(indices), rng)
    result = list(dice)
    for index, face in zip(indices, new, strict=True):
        result[index] = face
    return result


def faces_problems(faces, count: int) -> list[Problem]:
    """Dice results given by the table (``None``: the engine rolls) must fit the dice."""
    if faces is None:
        return []
    if (not isinstance(faces, list) or len(faces) != count
            or any(f not in (PENTAGRAM, BLANK, CROSS) for f in faces)):
        return [Problem("bad-faces", f"faces must list {count} results (pentagram, blank or "
                        "cross).", rule("demoniac.attack.faces"))]
    return []


def tally(dice: list[str]) -> dict[str, int]:
    counts = Counter(dice)
    return {PENTAGRAM: counts[PENTAGRAM], BLANK: counts[BLANK], CROSS: counts[CROSS]}


def possession_counts(spots: dict[str, str | None]) -> dict[str, int]:
    kinds = Counter(card_kind(c) for c in spots.values() if c)
    return {"body": kinds["body"], "mind": kinds["mind"]}


def properly_possessed(spots: dict, victim: dict, *, exact: bool = True) -> bool:
    counts = possession_counts(spots)
    if exact:
        return counts["body"] == victim["body"] and counts["mind"] == victim["mind"]
    return counts["body"] >= victim["body"] and counts["mind"] >= victim["mind"]


def destroyable_divinities(divinities: dict[str, dict | None], hits: int) -> list[str]:
    """Spots whose divinity an attack of ``hits`` can destroy (strength <= hits)."""
    return [s for s in SPOTS if divinities.get(s) and divinities[s]["strength"] <= hits]


def divinity_choice_problems(divinities: dict, chosen: list[str], hits: int, *,
                             split_hits: bool) -> list[Problem]:
    key = rule("demoniac.divinity")
    if len(set(chosen)) != len(chosen) or any(s not in SPOTS for s in chosen):
        return [Problem("bad-spot", f"Choose divinities by spot: {', '.join(SPOTS)}.", key)]
    if len(chosen) > 1 and not split_hits:
        return [Problem("one-divinity-per-attack", "One attack destroys one divinity "
                        "(split_hits lets hits be shared).", key)]
    if any(not divinities.get(s) for s in chosen):
        return [Problem("no-divinity", "That spot's divinity is already destroyed.", key)]
    needed = sum(divinities[s]["strength"] for s in chosen)
    if needed > hits:
        return [Problem("too-strong", f"{hits} hit(s) cannot destroy strength {needed}: a "
                        "divinity falls to hits equal to or greater than its strength.", key)]
    return []


def symbol_mismatches(spots: dict[str, str | None], weaknesses: dict[str, str]) -> list[str]:
    """Spots where the victim's possession symbol differs from the exorcist's weakness."""
    return [s for s in SPOTS if not spots.get(s) or card_symbol(spots[s]) != weaknesses[s]]


def winning_problems(spots: dict, weaknesses: dict, exposed: dict, hits: int) -> list[Problem]:
    """Why an attack does not defeat the exorcist ([] if it wins)."""
    key = rule("demoniac.winning")
    problems = []
    hidden = [s for s in SPOTS if not exposed[s]]
    if hidden:
        problems.append(Problem("weaknesses-hidden", "Not every weakness is exposed "
                                f"({', '.join(hidden)} still hidden).", key))
    else:
        wrong = symbol_mismatches(spots, weaknesses)
        if wrong:
            problems.append(Problem("symbols-differ", "The victim's possession symbols do not "
                                    f"match the weaknesses at {', '.join(wrong)}.",
                                    rule("demoniac.weakness")))
    if hits < WINNING_HITS:
        problems.append(Problem("needs-six", f"{hits} pentagram(s): the winning attack needs "
                                f"{WINNING_HITS}.", key))
    return problems
