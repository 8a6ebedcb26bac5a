"""Time the engine's exact odds in-process: power rolls of 1-12 dice and a
6-dice, 3-action Demoniac attack, cold (caches cleared before each call) and
warm (cached). Prints microseconds per call.

    python bench/engine_inprocess.py [--repeat N]
"""
from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import odds  # noqa: E402

BANDS = "1-4,5-9,10+"
CACHED = ("sum_counts", "_distribution_view", "_binomial", "_attack_table", "_attack_answer")


def clear_caches() -> None:
    for name in CACHED:
        getattr(odds, name).cache_clear()


def per_call_us(call, *, cold: bool, repeat: int) -> float:
    """Best of ``repeat`` timings, in microseconds per call."""
    if cold:  # one call per timing, each after clearing every cache
        times = timeit.repeat(call, setup=clear_caches, number=1, repeat=repeat)
        return min(times) * 1e6
    call()
    number = 1000
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="cold timings per case")
    args = parser.parse_args()
    cases = [(f"power-roll dice={n} bands={BANDS}",
              lambda n=n: odds.power_roll_odds(n, BANDS)) for n in range(1, 13)]
    cases.append(("demoniac dice=6 actions=3 hits=4",
                  lambda: odds.demoniac_attack_odds(6, 3, 4)))
    cases.append(("demoniac dice=6 actions=3 hits=6",
                  lambda: odds.demoniac_attack_odds(6, 3, 6)))
    print(f"{'case':<44} {'cold us/call':>13} {'warm us/call':>13}")
    for name, call in cases:
        cold = per_call_us(call, cold=True, repeat=args.repeat)
        warm = per_call_us(call, cold=False, repeat=args.repeat)
        print(f"{name:<44} {cold:>13.1f} {warm:>13.2f}")


if __name__ == "__main__":
    main()
