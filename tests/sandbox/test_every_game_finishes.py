"""Satanic Panic and Demoniac, every variant, finish under seeded random legal play, and the
stand-ins leave the outcome to the play (issue 36; shares issue 29's harness).

Each variant (Satanic Panic 2-5 players with and without Satan; Demoniac 2-4 with and
without the Evil Relics) is played from seeded tables by the random-but-legal players of
tests/sandbox/players.py, which pick only among ``legal_actions`` and lean towards moves
that end the game. Every action offered must pass the engine's check, and every game
must end within its bound with a result. bench/sandbox_playouts.py plays more seeds,
and plain uniform play too, and prints the shares.
"""
import random

import pytest

from engine.families import family_for
from tests.sandbox.players import demoniac_player, panic_player

# Bounds (actions per game): the longest seen over 50 seeds per variant was about 1,600
# (Satanic Panic, 5 players) and 500 (Demoniac, 4 players).
BOUND = {"satanic-panic": 4000, "demoniac": 3000}
VARIANTS = ([("satanic-panic", {"players": n, "satan": satan}, panic_player)
             for n in range(2, 6) for satan in (False, True)]
            + [("demoniac", {"players": n, "relic": relic}, demoniac_player)
               for n in range(2, 5) for relic in (False, True)])
SEEDS = (1, 2)


@pytest.fixture(autouse=True)
def stand_ins(monkeypatch):
    """Demoniac and Satanic Panic tables of stand-ins (no database here: the catalog's
    cards are tests/sandbox/test_demoniac_catalog.py's and test_panic_catalog.py's)."""
    for game in ("demoniac", "satanic-panic"):
        monkeypatch.setattr(family_for(game), "catalog_source", None)


def playout(game: str, options: dict, player, seed: int):
    """The finished state, the actions taken, and the fewest cards Demoniac's deck and
    discard pile held together at a turn's end (a starved deck draws nothing)."""
    family, rnd = family_for(game), random.Random(seed)
    state, _ = family.new(options, seed)
    fewest = None
    for count in range(BOUND[game]):
        if family.is_terminal(state):
            return state, count, fewest
        actions = family.legal_actions(state)
        action = player(state, actions, rnd)
        assert action in actions and family.check(state, action) == [], (game, seed, action)
        if game == "demoniac" and action["type"] == "end-turn":
            left = len(state.deck) + len(state.discard)
            fewest = left if fewest is None else min(fewest, left)
        state, _ = family.apply(state, action)
    raise AssertionError(f"{game} {options} seed {seed}: not over after {BOUND[game]} actions")


def _id(variant) -> str:
    game, options, _ = variant
    return f"{game}-{options['players']}" + "".join(f"-{k}" for k in ("satan", "relic")
                                                     if options.get(k))


@pytest.mark.parametrize("variant", VARIANTS, ids=[_id(v) for v in VARIANTS])
def test_every_variant_finishes_under_seeded_random_legal_play(variant):
    game, options, player = variant
    for seed in SEEDS:
        state, _, fewest = playout(game, options, player, seed)
        if game == "satanic-panic":
            assert state.result["ranking"] and state.end_reasons
        else:
            assert state.winner
            # 54 stand-ins: even four players (44 cards held at most) always draw again.
            assert options["players"] < 4 or fewest is None or fewest > 0


def test_satanic_panic_stand_ins_score_so_satan_does_not_always_win():
    """Stand-ins carry placeholder VP (about 1 per 3 Power of cost): with 0 VP, Satan (1 VP
    per stack card, 3 per Penta-Coin) won every game."""
    family = family_for("satanic-panic")
    state, _ = family.new({"players": 3, "satan": True}, 1)
    stand_ins = [state.card(c) for c in state.main_deck if state.card(c).kind == "main"]
    assert stand_ins and all(c.vp and c.vp >= 1 for c in stand_ins)
    assert {c.vp for c in stand_ins} == {1, 2}
    devils = [state.card(c) for c in state.legendary_devils]
    assert all(3 <= c.vp <= 4 for c in devils)
    winners = {playout("satanic-panic", {"players": 2, "satan": True}, panic_player,
                       seed)[0].result["winner"] for seed in range(8)}
    assert "Satan" in winners and winners - {"Satan", None}  # each side wins some
