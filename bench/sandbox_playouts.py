"""Share of Satanic Panic and Demoniac games that finish under seeded random legal play.

    .venv/bin/python bench/sandbox_playouts.py [--games 20] [--uniform-games 10]

Every variant (Satanic Panic 2-5 players, with and without Satan; Demoniac 2-4, with
and without the Evil Relics) is played in-process from seeds 0..N-1 by two kinds of
player, each choosing only among the family's ``legal_actions``:

- ``lean``: the random-but-legal players of tests/sandbox/players.py (random among the
  kind of move that moves the game on: buy, attack, possess towards the weaknesses);
- ``uniform``: a uniformly random legal action, every time (OpenSpiel's random bot).

Prints per variant the share finished within the bound, actions per game (median,
max), games per second and who won (Satan's share where Satan plays). Figures, not a
test (tests/sandbox/test_every_game_finishes.py is the test).
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

from engine.families import family_for  # noqa: E402
from tests.sandbox.players import demoniac_player, panic_player  # noqa: E402

BOUND = {"satanic-panic": 6000, "demoniac": 6000}
VARIANTS = ([("satanic-panic", {"players": n, "satan": s}) for n in range(2, 6)
             for s in (False, True)]
            + [("demoniac", {"players": n, "relic": r}) for n in range(2, 5)
               for r in (False, True)])
LEANING = {"satanic-panic": panic_player, "demoniac": demoniac_player}


def uniform(state, actions, rnd):
    return rnd.choice(actions)


def play(game: str, options: dict, seed: int, player) -> tuple[bool, int, str | None]:
    family, rnd = family_for(game), random.Random(seed)
    state, _ = family.new(options, seed)
    count = 0
    while not family.is_terminal(state) and count < BOUND[game]:
        state, _ = family.apply(state, player(state, family.legal_actions(state), rnd))
        count += 1
    finished = family.is_terminal(state)
    return finished, count, (family.result(state) or {}).get("winner") if finished else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--uniform-games", type=int, default=10)
    args = parser.parse_args()
    totals: Counter = Counter()
    for kind, games in (("lean", args.games), ("uniform", args.uniform_games)):
        print(f"{kind} players, {games} seeds per variant, bound {BOUND} actions")
        for game, options in VARIANTS:
            player = LEANING[game] if kind == "lean" else uniform
            started = time.perf_counter()
            runs = [play(game, options, seed, player) for seed in range(games)]
            spent = time.perf_counter() - started
            done = [r for r in runs if r[0]]
            winners = Counter(r[2] for r in done)
            totals[(kind, game, "played")] += len(runs)
            totals[(kind, game, "finished")] += len(done)
            satan = (f", Satan won {winners.get('Satan', 0)}/{len(done)}"
                     if options.get("satan") else "")
            flags = "".join(f" {k}" for k in ("satan", "relic") if options.get(k))
            print(f"  {game} {options['players']}p{flags}: finished {len(done)}/{len(runs)}, "
                  f"actions median {statistics.median(r[1] for r in runs):.0f} max "
                  f"{max(r[1] for r in runs)}, {len(runs) / spent:.1f} games/s{satan}, "
                  f"shared wins {winners.get(None, 0)}")
    for (kind, game, what), n in sorted(totals.items()):
        if what == "finished":
            print(f"{kind} {game}: {n}/{totals[(kind, game, 'played')]} finished")


if __name__ == "__main__":
    main()
