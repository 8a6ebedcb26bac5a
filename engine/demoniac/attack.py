"""Demoniac attacks: rolling, re-rolling and resolving an attack on the exorcist or a relic.

An attack starts with a roll (one action), goes on with re-rolls (one action
each) and ends when the player says so (free). At its end the pentagrams are
the hits: against the exorcist each cross triggers the exorcist's power and
the hits may destroy a divinity (exposing its weakness) or, once every
weakness was exposed before the attack, win the game; against a relic the
hits steal it and crosses are disregarded.
"""
from __future__ import annotations

from itertools import combinations

from ..abilities import describe
from ..core import Problem
from ..rule_refs import rule
from .abilities import HOLY_SPRITZ_ABILITIES, run
from .components import SPOTS
from .rules import (
    CROSS,
    PENTAGRAM,
    destroyable_divinities,
    divinity_choice_problems,
    faces_problems,
    reroll_faces,
    roll_faces,
    tally,
    winning_problems,
)
from .table import DemoniacPlayer, DemoniacTable

TARGETS = ("exorcist", "relic")


def divinity_choices(state: DemoniacTable) -> list[tuple[str, ...]]:
    if state.attack["target"] != "exorcist" or state.attack["all_exposed_at_start"]:
        return [()]
    hits = tally(state.attack["dice"])[PENTAGRAM]
    spots = destroyable_divinities(state.divinities, hits)
    sizes = range(1, len(spots) + 1) if state.options.get("split_hits") else [1]
    return [()] + [c for k in sizes for c in combinations(spots, k)
                   if not divinity_choice_problems(state.divinities, list(c), hits,
                                                   split_hits=True)]


def roll_problems(state: DemoniacTable, target, faces=None) -> list[Problem]:
    me = state.current
    if target not in TARGETS:
        return [Problem("bad-target", "target is 'exorcist' or 'relic'.",
                        rule("demoniac.attack.dice"))]
    if me.dice < 1:
        return [Problem("no-dice", "No possessions: no dice to roll.",
                        rule("demoniac.attack.dice"))]
    if target == "relic":
        if not state.relic:
            return [Problem("no-relic", "The Evil Relics expansion is not in play.",
                            rule("demoniac.relic"))]
        if state.relic["holder"] == me.name:
            return [Problem("own-relic", "You already control the relic.",
                            rule("demoniac.relic.steal"))]
    return faces_problems(faces, me.dice)


def reroll_problems(state: DemoniacTable, action) -> list[Problem]:
    if not state.attack:
        return [Problem("no-attack", "Roll before re-rolling.", rule("demoniac.attack.reroll"))]
    idx, n = action.get("dice"), len(state.attack["dice"])
    if (not isinstance(idx, list) or not idx
            or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n
                   for i in idx) or idx != sorted(set(idx))):
        return [Problem("bad-dice", f"Re-roll a non-empty set of dice indices 0-{n - 1}, "
                        "listed once each in increasing order.", rule("demoniac.attack.reroll"))]
    return faces_problems(action.get("faces"), len(idx))


def end_attack_problems(state: DemoniacTable, action) -> list[Problem]:
    chosen = action.get("divinities")
    if not isinstance(chosen, list):
        return [Problem("bad-spot", "divinities is a list of spots ([] to destroy none).",
                        rule("demoniac.divinity"))]
    if not chosen:
        return []
    if state.attack["target"] != "exorcist" or state.attack["all_exposed_at_start"]:
        return [Problem("no-divinity", "This attack cannot destroy divinities.",
                        rule("demoniac.divinity"))]
    problems = divinity_choice_problems(state.divinities, chosen,
                                        tally(state.attack["dice"])[PENTAGRAM],
                                        split_hits=bool(state.options.get("split_hits")))
    if not problems and tuple(chosen) not in divinity_choices(state):
        problems = [Problem("bad-spot", "List the divinities' spots in the cross's order: "
                            f"{', '.join(SPOTS)}.", rule("demoniac.divinity"))]
    return problems


def roll(state: DemoniacTable, action) -> None:
    me, target = state.current, action.get("target", "exorcist")
    faces = action.get("faces")
    dice = list(faces) if faces is not None else roll_faces(me.dice, state.rng())
    state.attack = {"target": target, "dice": dice, "rolls": 1,
                   "all_exposed_at_start": all(state.exposed.values())}
    state.actions_left -= 1
    extra = " (a demoniac's bonus die included)" if me.demoniac else ""
    state.event("demoniac.attack.dice", f"{me.name} attacks the {target}: {len(dice)} dice"
                f"{extra}, one per possession; rolled {_faces_text(dice)}.", dice=list(dice))


def reroll(state: DemoniacTable, action) -> None:
    idx = action["dice"]
    faces = action.get("faces")
    rng = state.rng() if faces is None else None
    state.attack["dice"] = reroll_faces(state.attack["dice"], idx, rng, faces)
    state.attack["rolls"] += 1
    state.actions_left -= 1
    state.event("demoniac.attack.reroll", f"{state.current.name} re-rolls {len(idx)} "
                f"dice: now {_faces_text(state.attack['dice'])}.", dice=list(state.attack["dice"]))


def end_attack(state: DemoniacTable, action) -> None:
    me, attack = state.current, state.attack
    state.attack = None
    counts = tally(attack["dice"])
    hits = counts[PENTAGRAM]
    state.event("demoniac.attack.hits", f"{me.name} ends the attack with a power of {hits} "
                f"({hits} pentagram(s)).", hits=hits)
    if attack["target"] == "relic":
        _resolve_relic(state, me, hits, counts[CROSS])
        return
    # The hits first, then the crosses (our ruling crosses-and-order-at-attack-end: the
    # rulebook gives no order); a won game has nothing left for them to do.
    if attack["all_exposed_at_start"]:
        problems = winning_problems(me.spots, state.weaknesses, state.exposed, hits)
        if not problems:
            state.winner = me.name
            state.event("demoniac.winning", f"All weaknesses exposed, {me.name}'s possessions "
                        "match them spot by spot and the attack has six pentagrams: "
                        f"{me.name} defeats the exorcist and wins.")
            return
        state.event("demoniac.winning", "No win: " + " ".join(p.message for p in problems))
    for spot in action.get("divinities") or []:
        _destroy_divinity(state, me, spot, hits)
    if counts[CROSS]:
        _crosses(state, me, counts[CROSS])


def _destroy_divinity(state: DemoniacTable, me: DemoniacPlayer, spot: str, hits: int) -> None:
    divinity = state.divinities[spot]
    state.divinities[spot] = None
    state.destroyed_divinities.append({**divinity, "spot": spot, "by": me.name})
    state.event("demoniac.divinity", f"Power {hits} destroys {divinity['name']} (strength "
                f"{divinity['strength']}) at the {spot} spot; {me.name} is immune to its effect.")
    abilities = divinity.get("abilities") or (
        HOLY_SPRITZ_ABILITIES if divinity.get("effect") == "discard-3" else [])  # older states
    if abilities:  # on the attacker's opponents (7.13); the attacker is immune (7.14)
        run(state, abilities, "resolved", me.name, divinity["name"], "demoniac.divinity")
    else:
        state.flag("demoniac.divinity", f"{divinity['name']}'s holy effect on the opponents is "
                   "not given, so it is not run.")
    state.exposed[spot] = True
    state.event("demoniac.weakness", f"The weakness under it is exposed at the {spot} spot: "
                f"{state.weaknesses[spot]}.")


def _resolve_relic(state: DemoniacTable, me: DemoniacPlayer, hits: int, crosses: int) -> None:
    relic = state.relic
    if crosses:
        state.event("demoniac.relic.steal", f"{crosses} cross(es) are disregarded when "
                    "stealing the relic.")
    if hits >= relic["strength"]:
        old = relic["holder"]
        relic["holder"] = me.name
        state.event("demoniac.relic.steal", f"{hits} pentagram(s) >= strength "
                    f"{relic['strength']}: {me.name} steals {relic['name']} from {old}.")
        _relic_power(state, me, relic)
    else:
        state.event("demoniac.relic.steal", f"{hits} pentagram(s) < strength "
                    f"{relic['strength']}: the relic stays with {relic['holder']}.")


def _crosses(state: DemoniacTable, me: DemoniacPlayer, crosses: int) -> None:
    """Each cross left showing triggers the exorcist's power once (9.5)."""
    power = [a for a in state.exorcist_power if a.get("trigger") == "cross"]
    if not power:
        state.flag("demoniac.attack.crosses", f"{crosses} cross(es): {state.exorcist}'s "
                   f"power triggers {crosses} time(s); exorcist powers are not given, "
                   "so it is not run.", crosses=crosses)
        return
    state.event("demoniac.attack.crosses", f"{crosses} cross(es): {state.exorcist}'s power "
                f"triggers {crosses} time(s), against {me.name}.", crosses=crosses)
    for _ in range(crosses):
        run(state, power, "cross", me.name, state.exorcist, "demoniac.attack.crosses")


def _relic_power(state: DemoniacTable, me: DemoniacPlayer, relic: dict) -> None:
    """The relic's power takes effect at once and lasts while it is held (12.7)."""
    abilities = relic.get("abilities") or []
    run(state, abilities, "resolved", me.name, relic["name"], "demoniac.relic.power")
    lasting = [a for a in abilities if a.get("trigger") != "resolved"]
    if lasting:
        for text in describe(lasting):
            state.flag("demoniac.relic.power", f"{relic['name']} (held by {me.name}): “{text}” "
                       "is applied by hand while it is held.", by_hand=text, card=relic["name"])
    elif not abilities:
        state.flag("demoniac.relic.power", f"{relic['name']}'s power is not given, so it is "
                   "not run.")


def _faces_text(dice: list[str]) -> str:
    counts = tally(dice)
    return ", ".join(f"{n} {face}" for face, n in counts.items() if n)
