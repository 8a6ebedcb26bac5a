"""Exact odds: power-roll sums of six-sided dice and Demoniac attacks.

Everything is computed with integers and ``Fraction`` (no simulation) and
cached, so a call for up to 12 dice answers in microseconds. Answers carry
floats for display and the exact fractions as strings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from .core import EngineError, Explanation, require_int
from .rule_refs import rule

SIDES = 6
MAX_POWER_DICE = 30  # the product range is 1..12; more is accepted for odd combos
MAX_BANDS = 20
MAX_BAND_VALUE = SIDES * MAX_POWER_DICE
# Demoniac die faces (Attacking): 3 pentagrams, 2 blanks, 1 cross.
PENTAGRAM, BLANK, CROSS = Fraction(3, 6), Fraction(2, 6), Fraction(1, 6)
MAX_DEMONIAC_DICE = 12  # an attack rolls at most 6; headroom for card effects, bounded cost
MAX_DEMONIAC_ACTIONS = 10  # a turn has three; card effects may give more


def whole_number(value, *, field: str, low: int, high: int) -> int:
    """Like require_int, but also takes digit strings (query parameters)."""
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    return require_int(value, field=field, low=low, high=high)


@cache
def sum_counts(dice: int) -> tuple[int, ...]:
    """Ways to roll each sum with ``dice`` d6: index = sum (indices below ``dice`` are 0)."""
    if dice == 0:
        return (1,)
    prev = sum_counts(dice - 1)
    counts = [0] * (len(prev) + SIDES)
    for total, ways in enumerate(prev):
        if ways:
            for face in range(1, SIDES + 1):
                counts[total + face] += ways
    return tuple(counts)


def sum_distribution(dice: int) -> dict[int, Fraction]:
    """Exact P(sum = s) for s in dice..6*dice."""
    dice = require_int(dice, field="dice", low=1, high=MAX_POWER_DICE)
    total = SIDES ** dice
    return {s: Fraction(w, total) for s, w in enumerate(sum_counts(dice)) if w}


@dataclass(frozen=True)
class Band:
    """A roll-table band: low..high inclusive, high None for an open band ("10+")."""

    low: int
    high: int | None

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def contains(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)


_BAND_RE = re.compile(r"^(\d+)\s*(?:(\+)|[-–]\s*(\d+))?$")


def parse_band(text, *, field: str = "bands") -> Band:
    if not isinstance(text, str):
        raise EngineError(f"{field}: a band is text like 1-4, 5-9 or 10+ (got {text!r})",
                          field=field, code="bad-band")
    match = _BAND_RE.match(text.strip())
    if not match:
        raise EngineError(f"{field}: {text!r} is not a band; write 1-4, 7 or 10+",
                          field=field, code="bad-band")
    low = int(match.group(1))
    high = None if match.group(2) else int(match.group(3) or low)
    if low < 1 or low > MAX_BAND_VALUE or (high is not None and high > MAX_BAND_VALUE):
        raise EngineError(f"{field}: band {text!r} must lie within 1..{MAX_BAND_VALUE}",
                          field=field, code="bad-band")
    if high is not None and high < low:
        raise EngineError(f"{field}: band {text!r} runs backwards ({low} > {high})",
                          field=field, code="bad-band")
    return Band(low, high)


def parse_bands(bands, *, field: str = "bands") -> tuple[Band, ...]:
    """Bands from "1-4,5-9,10+" or a list of such strings; no overlaps allowed."""
    if bands is None:
        return ()
    if isinstance(bands, str):
        items = [b for b in bands.split(",") if b.strip()] if bands.strip() else []
    elif isinstance(bands, list | tuple):
        items = list(bands)
    else:
        raise EngineError(f"{field} must be text like 1-4,5-9,10+ or a list of bands",
                          field=field, code="type")
    if len(items) > MAX_BANDS:
        raise EngineError(f"{field}: at most {MAX_BANDS} bands", field=field, code="range")
    parsed = tuple(parse_band(item, field=field) for item in items)
    ordered = sorted(parsed, key=lambda b: b.low)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before.high is None or before.high >= after.low:
            raise EngineError(f"{field}: bands {before.label} and {after.label} overlap",
                              field=field, code="overlapping-bands")
    return parsed


def band_for_total(bands, total: int) -> Band | None:
    """The band a rolled total lands in, or None when no band covers it."""
    return next((b for b in parse_bands(bands) if b.contains(total)), None)


@lru_cache(maxsize=64)
def _distribution_view(dice: int) -> tuple[dict[str, float], dict[str, str]]:
    total = SIDES ** dice
    counts = sum_counts(dice)
    floats = {str(s): w / total for s, w in enumerate(counts) if w}
    exact = {str(s): str(Fraction(w, total)) for s, w in enumerate(counts) if w}
    return floats, exact


def _band_ways(counts: tuple[int, ...], band: Band) -> int:
    high = len(counts) - 1 if band.high is None else min(band.high, len(counts) - 1)
    return sum(counts[band.low:high + 1])


def power_roll_odds(dice, bands=None) -> dict:
    """GET odds/power-roll: exact distribution of the sum and each band's chance."""
    dice = whole_number(dice, field="dice", low=1, high=MAX_POWER_DICE)
    parsed = parse_bands(bands)
    counts, total = sum_counts(dice), SIDES ** dice
    floats, exact = _distribution_view(dice)
    why = Explanation()
    why.add(rule("rumble.power-roll.dice"),
            f"{dice} six-sided dice: sums {dice} to {SIDES * dice}, {total} equally likely rolls")
    band_rows, covered = [], 0
    for band in parsed:
        ways = _band_ways(counts, band)
        covered += ways
        band_rows.append({"band": band.label, "low": band.low, "high": band.high,
                          "probability": ways / total, "exact": str(Fraction(ways, total))})
        why.add(rule("rumble.power-roll.bands"),
                f"{band.label}: {ways} of {total} rolls = {Fraction(ways, total)}")
    answer = {
        "dice": dice,
        "distribution": dict(floats),
        "bands": band_rows,
        "distribution_exact": dict(exact),
        "mean": 3.5 * dice,
        "explanation": why.as_list(),
    }
    if parsed and covered != total:
        answer["uncovered"] = {"probability": (total - covered) / total,
                               "exact": str(Fraction(total - covered, total))}
    return answer


# --- Demoniac attacks -------------------------------------------------------

@cache
def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    return tuple(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=256)
def _attack_table(dice: int, actions: int, hits: int):
    """Best chance to end with >= hits pentagrams, by dynamic programming.

    State (actions left, pentagrams kept): keeping a pentagram is never worse,
    so a choice is how many of the other dice to re-roll. Returns the success
    chance, the best re-roll count per state, and the final-pentagram
    distribution (and when the target was reached) under the policy found.
    """
    # value[a][k]: success chance with a re-roll actions left and k pentagrams kept
    value = [[Fraction(int(k >= hits)) for k in range(dice + 1)]]
    best_rerolls: dict[tuple[int, int], int] = {}
    for left in range(1, actions):
        row = []
        for kept in range(dice + 1):
            if kept >= hits:
                row.append(Fraction(1))
                best_rerolls[(left, kept)] = 0
                continue
            options = []
            for rerolls in range(dice - kept + 1):
                chance = sum(p * value[-1][kept + j]
                             for j, p in enumerate(_binomial(rerolls, PENTAGRAM)))
                options.append((chance, rerolls))
            # ties go to re-rolling more dice: more hits and fewer crosses at no cost
            chance, rerolls = max(options)
            row.append(chance)
            best_rerolls[(left, kept)] = rerolls
        value.append(row)
    first = _binomial(dice, PENTAGRAM)
    success = sum(p * value[actions - 1][k] for k, p in enumerate(first))

    # Forward pass under the policy: where (actions used, pentagrams) ends up.
    finals: dict[tuple[int, int], Fraction] = {}  # (re-roll actions left, pentagrams)
    frontier = {k: p for k, p in enumerate(first)}
    left = actions - 1
    while frontier:
        nxt: dict[int, Fraction] = {}
        for kept, p in frontier.items():
            rerolls = best_rerolls.get((left, kept), 0) if left else 0
            if rerolls == 0:
                finals[(left, kept)] = finals.get((left, kept), 0) + p
                continue
            for j, q in enumerate(_binomial(rerolls, PENTAGRAM)):
                nxt[kept + j] = nxt.get(kept + j, 0) + p * q
        frontier, left = nxt, left - 1
    return success, best_rerolls, finals


def demoniac_attack_odds(dice, actions, hits) -> dict:
    """GET odds/demoniac: best-policy chance of at least ``hits`` pentagrams.

    The first action rolls every die; each further action may re-roll any of
    them. Non-pentagram dice are blank or cross (2:1), independently of the
    policy, which only looks at pentagrams, so expected crosses follow exactly.
    """
    dice = whole_number(dice, field="dice", low=1, high=MAX_DEMONIAC_DICE)
    actions = whole_number(actions, field="actions", low=1, high=MAX_DEMONIAC_ACTIONS)
    hits = whole_number(hits, field="hits", low=1, high=MAX_DEMONIAC_DICE)
    answer = _attack_answer(dice, actions, hits)
    # fresh containers each call: callers may change the answer, never the cache
    return {k: [dict(row) for row in v] if isinstance(v, list) else
            dict(v) if isinstance(v, dict) else v for k, v in answer.items()}


@lru_cache(maxsize=256)
def _attack_answer(dice: int, actions: int, hits: int) -> dict:
    success, best, finals = _attack_table(dice, actions, hits)
    hit_dist: dict[int, Fraction] = {}
    for (_, kept), p in finals.items():
        hit_dist[kept] = hit_dist.get(kept, 0) + p
    expected_hits = sum(k * p for k, p in hit_dist.items())
    cross_share = CROSS / (BLANK + CROSS)  # a non-pentagram die shows a cross 1 time in 3
    expected_crosses = (dice - expected_hits) * cross_share
    # With actions to spare after reaching the target, re-rolling only crosses
    # leaves one a cross with chance (1/6)^(actions left).
    crosses_rerolled = sum(p * (dice - kept) * cross_share * CROSS ** left
                           for (left, kept), p in finals.items())
    policy_rows = [{"actions_left": a, "pentagrams": k, "reroll": r}
                   for (a, k), r in sorted(best.items()) if k < hits]
    all_others = all(r["reroll"] == dice - r["pentagrams"] for r in policy_rows)

    why = Explanation()
    why.add(rule("demoniac.odds.dice"),
            f"{dice} dice, each 3 pentagrams, 2 blanks, 1 cross: a pentagram 1 time in 2")
    why.add(rule("demoniac.odds.actions"),
            f"{actions} action(s): the first rolls all dice, each later one may re-roll any")
    if hits > dice:
        why.add(rule("demoniac.odds.hits"),
                f"{hits} hits need more than {dice} dice: impossible")
    policy = ("roll all dice; while short of the target, re-roll every die that is not a "
              "pentagram; stop once the target is reached")
    if not all_others:  # never expected: re-rolling more non-pentagrams cannot hurt
        policy = "see policy_table"
    why.add(rule("demoniac.odds.hits"),
            f"best policy ({policy}): P(at least {hits} pentagrams) = {success}")
    why.add(rule("demoniac.odds.crosses"),
            f"expected crosses left at the end: {expected_crosses}")
    return {
        "probability": float(success),
        "exact": str(success),
        "policy": policy,
        "policy_table": policy_rows,
        "expected_crosses": float(expected_crosses),
        "expected_crosses_exact": str(expected_crosses),
        "expected_crosses_if_crosses_rerolled": float(crosses_rerolled),
        "expected_hits": float(expected_hits),
        "hits_distribution": {str(k): float(p) for k, p in sorted(hit_dist.items())},
        "dice": dice,
        "actions": actions,
        "hits": hits,
        "explanation": why.as_list(),
    }
