"""Why uniform random Demoniac play wins so rarely: seeded random playouts, instrumented.

    .venv/bin/python bench/demoniac_random.py [--games 30] [--policy random|typed|greedy]
                                              [--round-limit 100]

Plays ``--games`` seeded games (2-4 players, with and without the Evil Relics, as
tests/engine/playouts.py VARIANTS cycles them) with the sandbox's stand-in cards, through
engine.families as the bots do, and counts along the road to a win (rulebook: WINNING
THE GAME): the turn a victim first becomes a demoniac, the turn the last weakness is
exposed, how often the victim at turn's start has a possession matching every weakness
(all exposed, six dice), attacks with six dice, six pentagrams at an attack's end, and
the shares of the offered and chosen action types, the actions a turn and re-rolls an
attack, the hand at a turn's start; and, at every decision, whether the offered actions
are the moves the rulebook allows (tests/engine/demoniac/moves.py, written from the
state without legal_actions). ``--policy``: ``random`` (the sandbox's: uniform over the
offered actions), ``typed`` (uniform over the action types, then within the type: the
alternative issue 29 allows), ``greedy``. Figures, not a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import POLICY_FUNCTIONS  # noqa: E402
from engine.demoniac.components import stand_in_deck  # noqa: E402
from engine.demoniac.rules import symbol_mismatches  # noqa: E402
from engine.families import family_for  # noqa: E402
from tests.engine.demoniac.moves import offered as offered_moves  # noqa: E402
from tests.engine.demoniac.moves import rulebook_moves  # noqa: E402
from tests.engine.playouts import VARIANTS, new_table  # noqa: E402


def random_by_type(family, state, actions: list[dict], rng: random.Random) -> dict:
    """The alternative issue 29 allows a random bot: uniform over the offered action TYPES,
    then uniform among that type's actions (measured here, not the sandbox's policy)."""
    by_type: dict[str, list[dict]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


POLICIES = {**POLICY_FUNCTIONS, "typed": random_by_type}


def one_game(variant, seed: int, policy: str, round_limit: int, check: bool = True) -> dict:
    family, state = new_table(*variant, seed)
    state.options["round_limit"] = round_limit
    choose = POLICIES[policy]
    rng = random.Random(seed)
    offered, chosen = Counter(), Counter()
    g = {"actions": 0, "turn_actions": [], "demoniac_turn": None, "exposed_turn": None,
         "matched_turns": 0, "ready_turns": 0, "six_dice_attacks": 0, "attacks": 0,
         "six_pentagrams": 0, "win_ready_attacks": 0, "rerolls_per_attack": [],
         "possess_replacing": 0, "possess": 0, "turns": 0, "won_turn": None,
         "mismatches": 0, "decisions": 0, "hand_disturbances": 0, "hand_cards": 0}
    turn, in_turn, last_demoniacs = state.turn, 0, 0
    while not family.is_terminal(state) and g["actions"] < 100_000:
        actions = family.legal_actions(state)
        g["decisions"] += 1
        if check and offered_moves(actions) != rulebook_moves(state):
            g["mismatches"] += 1
        for a in actions:
            offered[a["type"]] += 1
        action = choose(family, state, actions, rng)
        chosen[action["type"]] += 1
        me = state.current
        if action["type"] == "roll" and action["target"] == "exorcist":
            g["attacks"] += 1
            g["six_dice_attacks"] += me.dice >= 6
            ready = all(state.exposed.values()) and me.dice >= 6 \
                and not symbol_mismatches(me.spots, state.weaknesses)
            g["win_ready_attacks"] += ready
        if action["type"] == "possess":
            g["possess"] += 1
            g["possess_replacing"] += me.spots[action["spot"]] is not None
        if action["type"] == "end-attack" and state.attack["target"] == "exorcist":
            g["rerolls_per_attack"].append(state.attack["rolls"] - 1)
            g["six_pentagrams"] += state.attack["dice"].count("pentagram") >= 6
        family.apply(state, action, checked=True)
        g["actions"] += 1
        in_turn += 1
        if state.turn != turn or family.is_terminal(state):
            g["turn_actions"].append(in_turn)
            in_turn, turn = 0, state.turn
            g["turns"] += 1
            if not family.is_terminal(state):  # the hand of the player whose turn starts
                hand = state.current.hand
                g["hand_cards"] += len(hand)
                g["hand_disturbances"] += sum(c.split("/")[0] == "disturbance" for c in hand)
            demoniacs = sum(p.demoniac for p in state.players)
            if demoniacs and not last_demoniacs:
                g["demoniac_turn"] = state.turn
            last_demoniacs = demoniacs
            if all(state.exposed.values()) and g["exposed_turn"] is None:
                g["exposed_turn"] = state.turn
            if all(state.exposed.values()) and not family.is_terminal(state):
                p = state.current  # the player whose turn starts
                if not symbol_mismatches(p.spots, state.weaknesses):
                    g["matched_turns"] += 1
                    g["ready_turns"] += p.dice >= 6
    result = family.result(state) or {}
    g.update(won=bool(result.get("winner")), won_turn=state.turn if result.get("winner")
             else None, offered=offered, chosen=chosen,
             turns=state.turn, players=len(state.players))
    return g


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--policy", default="random", choices=sorted(POLICIES))
    parser.add_argument("--round-limit", type=int, default=100)
    parser.add_argument("--no-check", action="store_true",
                        help="skip comparing the offered actions with the rulebook's moves "
                             "(five times faster: for long games)")
    args = parser.parse_args()
    family_for("demoniac").catalog_source = None  # stand-ins
    variants = [v for v in VARIANTS if v[0] == "demoniac"]
    start = time.perf_counter()
    games = [one_game(variants[s % len(variants)], s, args.policy, args.round_limit,
                      check=not args.no_check) for s in range(args.games)]
    seconds = time.perf_counter() - start
    n = len(games)
    offered, chosen = Counter(), Counter()
    for g in games:
        offered.update(g["offered"])
        chosen.update(g["chosen"])
    turns = [g["turns"] for g in games]
    decisions = sum(chosen.values())
    print(f"{n} games, policy {args.policy}, round limit {args.round_limit}, {seconds:.1f} s")
    deck = Counter(stand_in_deck())
    print(f"stand-in deck: {sum(deck.values())} cards, " + ", ".join(
        f"{c} {k}" for c, k in sorted(deck.items())))
    if not args.no_check:
        print(f"offered actions against the rulebook's moves: "
              f"{sum(g['decisions'] for g in games)} decisions, "
              f"{sum(g['mismatches'] for g in games)} differ")
    won_turns = sorted(g["won_turn"] for g in games if g["won"])
    print(f"won {len(won_turns)} of {n} (at turns {won_turns}); actions median "
          f"{statistics.median(g['actions'] for g in games):.0f}, turns median "
          f"{statistics.median(turns):.0f}")
    print(f"a victim became a demoniac: {sum(g['demoniac_turn'] is not None for g in games)} "
          f"games (median turn {_median(g['demoniac_turn'] for g in games)})")
    print(f"all five weaknesses exposed: {sum(g['exposed_turn'] is not None for g in games)} "
          f"games (median turn {_median(g['exposed_turn'] for g in games)})")
    after = sum(g["turns"] - g["exposed_turn"] for g in games if g["exposed_turn"])
    print(f"turns after all were exposed: {after}; of them starting with every symbol matched "
          f"{sum(g['matched_turns'] for g in games)}, and with six dice too "
          f"{sum(g['ready_turns'] for g in games)}; won {len(won_turns)} "
          f"({len(won_turns) / max(1, after):.1e} a turn)")
    attacks = sum(g["attacks"] for g in games)
    print(f"attacks on the exorcist {attacks} ({attacks / max(1, sum(turns)):.2f} a turn); "
          f"with six dice {sum(g['six_dice_attacks'] for g in games)}; "
          f"rolled with everything ready to win {sum(g['win_ready_attacks'] for g in games)}; "
          f"ended on six pentagrams {sum(g['six_pentagrams'] for g in games)}")
    rerolls = Counter(r for g in games for r in g["rerolls_per_attack"])
    print(f"re-rolls an attack: {dict(sorted(rerolls.items()))}")
    per_turn = Counter(min(a, 12) for g in games for a in g["turn_actions"])
    print(f"decisions a turn (12 = 12+): {dict(sorted(per_turn.items()))}")
    cards = sum(g["hand_cards"] for g in games)
    print(f"hand at a turn's start (after the draw): {cards / sum(turns):.1f} cards, "
          f"{sum(g['hand_disturbances'] for g in games) / max(1, cards):.0%} stand-in "
          "disturbances (a third of the deck)")
    possess = sum(g["possess"] for g in games)
    print(f"possessions played {possess}, "
          f"{sum(g['possess_replacing'] for g in games) / max(1, possess):.0%} replacing one")
    print("action type: share of offered actions / share chosen")
    total = sum(offered.values())
    for kind in sorted(offered, key=lambda k: -offered[k]):
        print(f"  {kind:12} {offered[kind] / total:6.1%} {chosen[kind] / decisions:6.1%}")


def _median(values):
    values = [v for v in values if v is not None]
    return f"{statistics.median(values):.0f}" if values else "-"


if __name__ == "__main__":
    main()
