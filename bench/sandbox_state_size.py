"""How many bytes of state a sandbox action answers with, per game: the owner's full state
and the acting seat's view (engine/seat_views.py) with its legal actions.

    .venv/bin/python bench/sandbox_state_size.py [--games 3]

Plays the seeded random-but-legal players of the API test (tests/sandbox/players.py)
through each family in-process, measuring the JSON of the stored state after
every action (``full``), of the same state as the family's core keeps it with
every by-hand note since turn 1 (``untrimmed``, what a state was before the
notes moved to the log alone), and of the acting seat's view plus its legal
actions (``seat``). Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.families import family_for  # noqa: E402
from engine.seat_views import seat_actions, seat_view  # noqa: E402
from tests.sandbox.players import demoniac_player, panic_player  # noqa: E402

GAMES = {"satanic-panic": ({"players": 3, "satan": True}, panic_player),
         "demoniac": ({"players": 4, "relic": True}, demoniac_player)}


def measure(game: str, seed: int) -> dict[str, list[int]]:
    options, player = GAMES[game]
    family, rnd = family_for(game), random.Random(seed)
    state, _ = family.new(options, seed)
    sizes: dict[str, list[int]] = {"full": [], "untrimmed": [], "seat": []}
    for _ in range(3000):
        if family.is_terminal(state):
            break
        actions = family.legal_actions(state)
        stored = family.dump(state)
        actor = family.actor(state)
        sizes["full"].append(len(json.dumps(stored)))
        sizes["untrimmed"].append(len(json.dumps({**stored, "flags": state.flags})))
        sizes["seat"].append(len(json.dumps(seat_view(game, stored, actor)))
                             + len(json.dumps(seat_actions(actions, actor, actor))))
        state, _ = family.apply(state, player(state, actions, rnd))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for game in GAMES:
        sizes: dict[str, list[int]] = {"full": [], "untrimmed": [], "seat": []}
        for seed in range(args.games):
            for key, values in measure(game, seed).items():
                sizes[key] += values
        print(f"{game}: {len(sizes['full'])} actions in {args.games} games")
        for key, values in sizes.items():
            print(f"  {key:9} median {statistics.median(values) / 1000:6.1f} KB, "
                  f"max {max(values) / 1000:6.1f} KB")


if __name__ == "__main__":
    main()
