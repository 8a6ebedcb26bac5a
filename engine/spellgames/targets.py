"""Who a spell component hits: strongest / weakest foe, the foe to the left or
right, a random foe, each foe (Targets: rumble 15 / anarchy 13).

The games differ on one point: when foes tie for strongest or weakest, in
Rumble the caster chooses one of them (rumble 15.4), in Anarchy every tied foe
is affected (anarchy 13.4.2). A wizard is never his own foe, and a wizard at
0 HP (slain in Rumble) is not a legal target. ``wizards`` sit clockwise: each
one's left is the next in the list.
"""
from __future__ import annotations

import random

from ..core import EngineError, Explanation, require_int
from .games import (
    MAX_HP,
    MAX_WIZARDS,
    cite,
    require_game,
    require_list,
    require_name,
    require_unique_names,
)
from .rolls import roll_random_foe

TARGETS = ("strongest-foe", "weakest-foe", "foe-left", "foe-right", "random-foe", "each-foe")


def parse_wizards(raw) -> list[dict]:
    """[{"name", "hp"}] clockwise, 2 to 6 wizards, unique names, 0 to 25 HP."""
    items = require_list(raw, field="wizards", low=2, high=MAX_WIZARDS)
    wizards = []
    for i, item in enumerate(items):
        field = f"wizards[{i}]"
        if not isinstance(item, dict):
            raise EngineError(f"{field} must be an object with name and hp", field=field,
                              code="type")
        wizards.append({"name": require_name(item.get("name"), field=f"{field}.name"),
                        "hp": require_int(item.get("hp"), field=f"{field}.hp", low=0,
                                          high=MAX_HP)})
    require_unique_names([w["name"] for w in wizards], field="wizards")
    return wizards


def _foes_clockwise(wizards: list[dict], caster: str) -> list[dict]:
    """Every other wizard, starting on the caster's left and going clockwise."""
    names = [w["name"] for w in wizards]
    start = names.index(caster)
    return wizards[start + 1:] + wizards[:start]


def choose_targets(game, caster, wizards, target, *, rolls=None, seed=None, choice=None,
                   exclude=(), rng: random.Random | None = None) -> dict:
    """The targets of one component: ``{"targets", "ties", "explanation", ...}``.

    ``exclude`` names foes the effect may not pick (e.g. "a different foe").
    For a Rumble tie the caster's pick is ``choice``; without it ``targets`` is
    empty, ``ties`` lists the candidates and ``choice_needed`` is true.
    """
    game = require_game(game)
    wizards = parse_wizards(wizards)
    caster = require_name(caster, field="caster")
    if caster not in {w["name"] for w in wizards}:
        raise EngineError(f"caster {caster!r} is not among the wizards", field="caster",
                          code="unknown-wizard")
    if target not in TARGETS:
        raise EngineError(f"target must be one of {', '.join(TARGETS)} (got {target!r})",
                          field="target", code="unknown-target")
    if choice is not None and target not in ("strongest-foe", "weakest-foe"):
        raise EngineError("choice applies only to a tie for strongest or weakest foe",
                          field="choice", code="no-choice")
    why = Explanation()
    why.add(cite(game, "targets.before-dice"), "targets are settled before any die is rolled")
    why.add(cite(game, "targets.not-own-foe"), f"{caster} is not their own foe")
    foes = _foes_clockwise(wizards, caster)
    dead = [f["name"] for f in foes if f["hp"] == 0]
    if dead:
        why.add(cite(game, "damage"), f"{', '.join(dead)} at 0 HP: not a legal target")
    excluded = [f["name"] for f in foes if f["name"] in set(exclude)]
    if excluded:
        why.add(cite(game, "targets"), f"{', '.join(excluded)} left out: the effect names a "
                "different foe")
    legal = [f for f in foes if f["hp"] > 0 and f["name"] not in set(exclude)]
    answer = {"target": target, "targets": [], "ties": [], "choice_needed": False}
    if not legal:
        why.add(cite(game, "targets"), "no legal foe: the effect has no target")
    elif target in ("strongest-foe", "weakest-foe"):
        _extreme(game, target, legal, choice, answer, why)
    elif target in ("foe-left", "foe-right"):
        foe = legal[0] if target == "foe-left" else legal[-1]
        answer["targets"] = [foe["name"]]
        why.add(cite(game, "targets"), f"{foe['name']} is the nearest legal foe on "
                f"{caster}'s {target.removeprefix('foe-')} (clockwise seating)")
    elif target == "each-foe":
        answer["targets"] = [f["name"] for f in legal]
        why.add(cite(game, "targets"), "each foe: " + ", ".join(answer["targets"]))
    else:
        rolled = roll_random_foe(game, [f["name"] for f in legal], rolls=rolls, rng=rng,
                                 seed=seed)
        answer["targets"] = [rolled["victim"]]
        answer.update(rolls=rolled["rolls"], faces=rolled["faces"], reroll=rolled["reroll"])
        why.steps.extend(rolled["explanation"])
    if choice is not None and not answer["ties"]:
        if choice not in answer["targets"]:
            raise EngineError(f"choice: {choice!r} is not a tied {target}", field="choice",
                              code="not-a-candidate")
    answer["explanation"] = why.as_list()
    return answer


def _extreme(game: str, target: str, legal: list[dict], choice, answer: dict,
             why: Explanation) -> None:
    """Strongest (most HP) or weakest (fewest HP) foe, with the game's tie rule."""
    pick = max if target == "strongest-foe" else min
    hp = pick(f["hp"] for f in legal)
    tied = [f["name"] for f in legal if f["hp"] == hp]
    word = "most" if target == "strongest-foe" else "fewest"
    why.add(cite(game, "targets.strongest"), f"{', '.join(tied)}: the {word} HP among the "
            f"foes ({hp})")
    if len(tied) == 1:
        answer["targets"] = tied
        return
    answer["ties"] = tied
    if game == "anarchy":
        if choice is not None:
            raise EngineError("choice: in Anarchy every tied foe is affected, nobody chooses",
                              field="choice", code="no-choice")
        answer["targets"] = tied
        why.add(cite(game, "targets.tie"), "a tie: every tied foe is affected")
        return
    if choice is None:
        answer["choice_needed"] = True
        why.add(cite(game, "targets.tie"), f"a tie: the caster chooses one of {', '.join(tied)} "
                "(give it as choice)")
        return
    if choice not in tied:
        raise EngineError(f"choice: {choice!r} is not one of the tied foes "
                          f"({', '.join(tied)})", field="choice", code="not-a-candidate")
    answer["targets"] = [choice]
    why.add(cite(game, "targets.tie"), f"a tie: the caster chooses {choice}")
