"""The round's turn order: fewer components first, then higher initiative,
then die roll-offs among the tied (re-rolling ties among those still tied).

Roll-off dice come from the given ``rolls`` (one number or a list per wizard,
used in order) and, once those run out, from the seeded random source; the
answer lists every die used so the same order can be replayed.
"""
from __future__ import annotations

from collections.abc import Callable

from ..core import DIE_FACES, EngineError, Explanation, make_rng, require_int, roll_die
from .games import (
    MAX_WIZARDS,
    cite,
    require_game,
    require_list,
    require_name,
    require_unique_names,
)
from .legality import (
    legality_problems,
    parse_components,
    place_wild_magic,
    spell_cards,
    spell_initiative,
    spell_name,
)

MAX_ROLL_OFF_ROUNDS = 100  # a seeded die ties forever with probability 0; stop runaway input


def _parse_spells(game: str, spells) -> tuple[list[dict], list[dict]]:
    """Each wizard's announced count and initiative; problems that do not block ordering."""
    items = require_list(spells, field="spells", low=1, high=MAX_WIZARDS)
    entries, problems = [], []
    for i, item in enumerate(items):
        field = f"spells[{i}]"
        if not isinstance(item, dict):
            raise EngineError(f"{field} must be an object", field=field, code="type")
        wizard = require_name(item.get("wizard"), field=f"{field}.wizard")
        comps, _ = place_wild_magic(parse_components(item.get("components"),
                                                     field=f"{field}.components"))
        for problem in legality_problems(game, comps):
            # Extra cards go back to the hand before the count is announced, and
            # which ones is the player's choice: the engine cannot order such a spell.
            if problem.code in ("too-many-components", "empty-spell"):
                raise EngineError(f"{field}.components: {problem.message}",
                                  field=f"{field}.components", code=problem.code)
            problems.append({"wizard": wizard, **problem.as_dict()})
        initiative = spell_initiative(comps)
        if initiative is None:
            j = next(k for k, c in enumerate(comps) if c.type == "delivery" and
                     c.initiative is None)
            raise EngineError(f"{field}.components[{j}].initiative: a Delivery's initiative "
                              "is needed for turn order",
                              field=f"{field}.components[{j}].initiative", code="missing")
        entries.append({"wizard": wizard, "component_count": len(spell_cards(comps)),
                        "initiative": initiative, "name": spell_name(comps, wizard)[0]})
    require_unique_names([e["wizard"] for e in entries], field="spells")
    return entries, problems


def _parse_rolls(rolls, wizards: list[str]) -> dict[str, list[int]]:
    if rolls is None:
        return {}
    if not isinstance(rolls, dict):
        raise EngineError("rolls must be an object of wizard: die roll(s)", field="rolls",
                          code="type")
    parsed = {}
    for wizard, value in rolls.items():
        if wizard not in wizards:
            raise EngineError(f"rolls: {wizard!r} has no spell in this round",
                              field=f"rolls.{wizard}", code="unknown-wizard")
        values = value if isinstance(value, list | tuple) else [value]
        parsed[wizard] = [require_int(v, field=f"rolls.{wizard}", low=DIE_FACES[0],
                                      high=DIE_FACES[-1]) for v in values]
    return parsed


def _require_seed(seed):
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
        raise EngineError("seed must be a whole number or text", field="seed", code="type")
    return seed


class DieSupply:
    """Hands out each wizard's given rolls in order, then seeded rolls."""

    def __init__(self, given: dict[str, list[int]], seed):
        self.given = {w: list(v) for w, v in given.items()}
        self.rng = make_rng(seed)
        self.used: dict[str, list[int]] = {}
        self.from_seed: dict[str, int] = {}

    def roll(self, wizard: str) -> int:
        queue = self.given.get(wizard)
        if queue:
            value = queue.pop(0)
        else:
            value = roll_die(self.rng)
            self.from_seed[wizard] = self.from_seed.get(wizard, 0) + 1
        self.used.setdefault(wizard, []).append(value)
        return value

    def unused(self) -> dict[str, list[int]]:
        return {w: v for w, v in self.given.items() if v}


def roll_off(wizards: list[str], roll: Callable[[str], int],
             rounds: list[dict] | None = None) -> tuple[list[str], list[dict]]:
    """Order tied wizards by die, high roller first; those still tied roll again.

    ``rounds`` collects each round of dice ({wizard: roll}) in the order rolled.
    """
    rounds = [] if rounds is None else rounds
    if len(wizards) < 2:
        return list(wizards), rounds
    if len(rounds) >= MAX_ROLL_OFF_ROUNDS:
        raise EngineError("the roll-off did not settle: the given rolls tie forever",
                          field="rolls", code="endless-tie")
    dice = {w: roll(w) for w in wizards}
    rounds.append(dice)
    order: list[str] = []
    for value in sorted(set(dice.values()), reverse=True):
        still_tied = [w for w in wizards if dice[w] == value]
        order.extend(roll_off(still_tied, roll, rounds)[0])
    return order, rounds


def spell_order(game, spells, rolls=None, seed=None) -> dict:
    """POST spells/order: who resolves first this round, with every tie roll-off shown."""
    game = require_game(game)
    entries, problems = _parse_spells(game, spells)
    wizards = [e["wizard"] for e in entries]
    supply = DieSupply(_parse_rolls(rolls, wizards), _require_seed(seed))
    why = Explanation()
    if game == "anarchy":
        why.add(cite(game, "rally.not-counted"), "Rally cards are not counted as components")
    for entry in entries:
        why.add(cite(game, "turn-order.count"),
                f"{entry['wizard']}: {entry['component_count']} component(s), "
                f"initiative {entry['initiative']}")
    why.add(cite(game, "turn-order.count"),
            "fewer components act first: one, then two, then three")
    for problem in problems:
        why.add(problem["rule"], f"{problem['wizard']}: {problem['message']} (the placed cards "
                "are still counted; with two Deliveries the higher initiative is used)")

    groups: dict[tuple[int, int], list[str]] = {}
    for entry in sorted(entries, key=lambda e: (e["component_count"], -e["initiative"])):
        groups.setdefault((entry["component_count"], entry["initiative"]), []).append(
            entry["wizard"])
    counts = [e["component_count"] for e in entries]
    order, ties = [], []
    for (count, initiative), members in groups.items():
        if counts.count(count) > 1 and len(members) == 1:
            why.add(cite(game, "turn-order.initiative"),
                    f"{members[0]} acts by initiative {initiative} among the {count}-component "
                    "spells (higher first)")
        if len(members) > 1:
            settled, rounds = roll_off(members, supply.roll)
            ties.append({"wizards": members, "component_count": count,
                         "initiative": initiative, "rolls": rounds, "order": settled})
            shown = "; then ".join(", ".join(f"{w} {v}" for w, v in r.items()) for r in rounds)
            why.add(cite(game, "turn-order.roll-off"),
                    f"{', '.join(members)} tie at {count} component(s), initiative {initiative}: "
                    f"rolls {shown} (high roller first, ties re-roll) -> {', '.join(settled)}")
            members = settled
        order.extend(members)
    if supply.from_seed:
        why.add(cite(game, "turn-order.roll-off"),
                "rolls not given were taken from the " +
                ("seed " + repr(seed) if seed is not None else "system random source") +
                ": " + ", ".join(f"{w} x{n}" for w, n in supply.from_seed.items()))
    if supply.unused():
        why.add(cite(game, "turn-order.roll-off"),
                "given rolls not needed: " + ", ".join(f"{w} {v}" for w, v in
                                                        supply.unused().items()))
    by_wizard = {e["wizard"]: e for e in entries}
    return {
        "order": order,
        "ties": ties,
        "explanation": why.as_list(),
        "turns": [by_wizard[w] for w in order],
        "rolls_used": supply.used,
        "problems": problems,
    }
