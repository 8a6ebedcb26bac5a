"""Bots for the sandbox's seats, and playouts: games played by bots through the families.

A bot sees what every player sees through ``engine.families``: the legal actions
and ``apply``; it never reaches into a core. Two policies:

- ``random``: uniform over its seat's legal actions (OpenSpiel's random bot).
- ``greedy``: a one-move look-ahead with the engine's own rules: each of its legal
  actions (at most ``GREEDY_WIDTH``, sampled) is applied to a copy and the result
  scored for its seat (``value``: a win, then hit points and the game's points for
  it against its foes'); ties are broken towards moves that finish something
  (``FORWARD``), then at random.

``playout`` plays a table until it is over, until a person's seat must decide, or
until a bound; every chance draw comes from the state's seed, every choice from the
given ``random.Random``, so a playout replays.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

POLICIES = ("random", "greedy")
GREEDY_WIDTH = {"spell": 24, "demoniac": 40}  # others: a copy of their state costs more
DEFAULT_WIDTH = 6
# Action types that close a step (a spell, a turn, a round): the greedy bot's tie-break.
FORWARD = ("ready", "reveal", "play_reaction", "replace_wild_magic", "power_roll", "play_card",
           "next", "end_round", "new_game", "end-attack", "end-turn", "resolved")
# Bounds within which every game finishes under the bots (tests/engine/test_playouts.py).
# Rumble: a six-wizard match played at random runs past 3,000 moves about once in a hundred
# (bench/playouts.py: 12 of 1,000 games; the three looked at end at 3,186-3,374).
MAX_ACTIONS = {"rumble": 6000, "anarchy": 3000, "satanic-panic": 6000, "demoniac": 6000}


def seat_of(family, state, action: dict) -> str | None:
    """Whose decision an action is: its player or wizard (the caster for an effect);
    None for the table's own steps (reveal, end of round)."""
    for key in ("player", "wizard", "source"):
        if isinstance(action.get(key), str):
            return action[key]
    if action.get("type") == "heal" and isinstance(action.get("target"), str):
        return action["target"]
    return family.actor(state) if action.get("type") not in ("reveal", "end_round",
                                                              "new_game") else None


def _spell_value(state: dict, seat: str) -> float:
    core = state["game"]
    me = next((w for w in core["wizards"] if w["name"] == seat), None)
    if me is None:
        return 0.0
    foes = [w for w in core["wizards"] if w["name"] != seat]
    value = 100.0 * me["last_wizard_standing_tokens"] + (me["hp"] if me["alive"] else -25)
    value += 3.0 * sum(me["applause"]) - 6.0 * len(me["dead_wizard_tokens"])
    value += 2.0 * len(me["creatures"]) + 0.2 * me["blood"]
    value -= sum(w["hp"] if w["alive"] else -25 for w in foes) / max(1, len(foes))
    value -= sum(3.0 * sum(w["applause"]) - 6.0 * len(w["dead_wizard_tokens"])
                 for w in foes) / max(1, len(foes))
    if state["phase"] == "build":  # more components, more damage
        value += 0.5 * len([c for c in state["spells"].get(seat, []) if c["type"] != "rally"])
    return value


def _panic_value(state, seat: str) -> float:
    me = next((p for p in state.players if p.name == seat), None)
    if me is None:
        return 0.0
    foes = [p for p in state.players if p.name != seat]
    owned = len(me.deck) + len(me.hand) + len(me.discard) + len(me.played) + len(me.ongoing)
    return me.hp + 2.0 * owned - 5.0 * len(me.dead_wizard_tokens) + state.power * 0.5 \
        - sum(p.hp for p in foes) / max(1, len(foes))


def _demoniac_standing(state, player) -> float:
    """How far a Demoniac player is along the road to the win (rulebook 7.6, 8.1, 11.2):
    dice, the demoniac's flip, the victim's body and mind filled until then, and
    possessions whose symbols match the exposed weaknesses spot by spot."""
    spots = player.spots
    value = 1.0 * sum(1 for c in spots.values() if c) + (6.0 if player.demoniac else 0.0)
    if not player.demoniac:
        kinds = [c.split("/")[0] for c in spots.values() if c]
        value += sum(0.7 * min(kinds.count(k), player.victim[k]) for k in ("body", "mind"))
    value += sum(2.0 for spot, card in spots.items() if card and state.exposed[spot]
                 and card.split("/")[1] == state.weaknesses[spot])
    if state.relic and state.relic["holder"] == player.name:
        value += 3.0
    return value + 0.1 * min(len(player.hand), 6)


def _demoniac_value(state, seat: str) -> float:
    me = state.player(seat)
    if me is None:
        return 0.0
    foes = [p for p in state.players if p.name != seat]
    value = _demoniac_standing(state, me) - sum(
        _demoniac_standing(state, p) for p in foes) / max(1, len(foes))
    # Every exposed weakness brings the final showdown nearer (6.5); the attacker picks it.
    value += 2.5 * sum(state.exposed.values())
    if state.attack and state.current is me:  # pentagrams showing: the hits so far (9.4)
        value += 0.3 * state.attack["dice"].count("pentagram")
    return value


VALUES: dict[str, Callable] = {"spell": _spell_value, "deckbuilder": _panic_value,
                               "demoniac": _demoniac_value}


def value(family, state, seat: str) -> float:
    """How good the state is for ``seat``: a finished game by its result, else the family's
    estimate (0 where there is none: the greedy bot then plays forward at random)."""
    if family.is_terminal(state):
        winner = (family.result(state) or {}).get("winner")
        return 10_000.0 if winner == seat else (-10_000.0 if winner else 0.0)
    estimate = VALUES.get(family.family)
    return estimate(state, seat) if estimate else 0.0


def random_policy(family, state, actions: list[dict], rng: random.Random) -> dict:
    return rng.choice(actions)


def greedy_policy(family, state, actions: list[dict], rng: random.Random) -> dict:
    seat = seat_of(family, state, actions[0])
    if len(actions) == 1:
        return actions[0]
    width = GREEDY_WIDTH.get(family.family, DEFAULT_WIDTH)
    pool = actions if len(actions) <= width else rng.sample(actions, width)
    dumped = family.dump(state)
    best, best_key = None, None
    for action in pool:
        after, _ = family.apply(family.load(dumped), action, checked=True)
        forward = action["type"] in FORWARD
        key = (value(family, after, seat) if seat else 0.0, forward, rng.random())
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


POLICY_FUNCTIONS = {"random": random_policy, "greedy": greedy_policy}


@dataclass
class Playout:
    state: object
    actions: list[dict] = field(default_factory=list)
    events: list[list[dict]] = field(default_factory=list)
    finished: bool = False
    stopped: str = ""  # "finished", "person" (a person's seat decides), "bound", "time"


def playout(family, state, *, bots: dict[str, str] | None = None, default: str | None = "random",
            rng: random.Random | None = None, max_actions: int = 1000,
            keep_events: bool = True, time_budget: float | None = None) -> Playout:
    """Play bots' moves until the game is over, a person must decide, ``max_actions`` or
    ``time_budget`` seconds (then ``stopped`` says "time": call again to go on).

    ``bots`` maps seats to a policy; a seat not in it plays ``default`` (None: the seat
    is a person's). The table's own steps (reveal, end of round) are taken when no
    person has a move pending.
    """
    bots, rng = bots or {}, rng or random.Random(0)
    out = Playout(state)
    deadline = None if time_budget is None else time.monotonic() + time_budget
    for _ in range(max_actions):
        if deadline is not None and time.monotonic() > deadline:
            out.stopped = "time"
            return out
        if family.is_terminal(out.state):
            out.finished, out.stopped = True, "finished"
            return out
        actions = family.legal_actions(out.state)
        if not actions:
            out.stopped = "stuck"
            return out
        by_seat: dict[str | None, list[dict]] = {}
        for action in actions:
            by_seat.setdefault(seat_of(family, out.state, action), []).append(action)
        policy_of = {seat: bots.get(seat, default) for seat in by_seat if seat is not None}
        persons = [seat for seat, policy in policy_of.items() if policy is None]
        movers = [seat for seat, policy in policy_of.items() if policy is not None]
        if movers:
            seat = movers[0] if len(movers) == 1 else rng.choice(movers)
            choose = POLICY_FUNCTIONS[policy_of[seat]]
        elif None in by_seat and not persons:
            seat, choose = None, random_policy
        else:
            out.stopped = "person"
            return out
        action = choose(family, out.state, by_seat[seat], rng)
        out.state, events = family.apply(out.state, action, checked=True)  # offered: legal
        out.actions.append(action)
        if keep_events:
            out.events.append(events)
    out.finished = family.is_terminal(out.state)
    out.stopped = "finished" if out.finished else "bound"
    return out
