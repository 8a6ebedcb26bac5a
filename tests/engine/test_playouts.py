"""Every game finishes, and its legal actions are exactly its legal moves (all four games).

The harness is ``tests/engine/playouts.py``; the bots and the bounds are
``engine.bots``. Satanic Panic and Demoniac are expected to fail here until their
sandbox work (issue 36) lands: they are marked xfail (not strict), so they show as
XPASS the day they pass.
"""
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.bots import MAX_ACTIONS
from engine.core import EngineError
from engine.families import family_for
from tests.engine.playouts import VARIANTS, nearby_actions, new_table, play, variant_id
from tests.sandbox.players import fixture_catalog

UNDER_WORK: set[str] = set()  # issue 36: legal_actions exactly the moves (all four now)
# Satanic Panic finishes under uniform random play since issue 36's stand-ins and
# dead-position (all 8 variants, seed 11). Demoniac's uniform play almost never lines up
# five symbols and six pentagrams: its games end at the sandbox's stated round limit
# (engine.demoniac.rules.ROUND_LIMIT, a draw that is ours, not the rulebook's); about one
# in 400 is won within it (bench/demoniac_random.py says why: the engine offers exactly
# the rulebook's moves, and chance is all; tests/engine/demoniac/test_games.py plays some
# of the seeds that win).
UNDER_WORK_PLAYOUTS: set[str] = set()
GAMES = ("rumble", "anarchy", "satanic-panic", "demoniac")


def _marked(game: str, *values, under=UNDER_WORK):
    marks = [pytest.mark.xfail(reason="issue 36: not yet", strict=False)] \
        if game in under else []
    return pytest.param(*values, marks=marks, id=variant_id(values[0]) if isinstance(
        values[0], tuple) else game)


@pytest.fixture(autouse=True)
def bundled_catalog(monkeypatch):
    """Spell tables deal the bundled catalog's cards (scripted and by-hand ones)."""
    for game in ("rumble", "anarchy"):
        monkeypatch.setattr(family_for(game), "catalog_source", fixture_catalog)
    for game in ("demoniac", "satanic-panic"):  # stand-ins, no DB (the bundled catalog
        monkeypatch.setattr(family_for(game), "catalog_source", None)  # deals none of SP's)


@pytest.mark.parametrize("variant", [_marked(v[0], v, under=UNDER_WORK_PLAYOUTS)
                                     for v in VARIANTS])
def test_random_play_finishes_within_the_bound(variant):
    """Seeded uniform random play over the offered actions ends with a result."""
    game = variant[0]
    family, out = play(variant, seed=11, policy="random", max_actions=MAX_ACTIONS[game])
    assert out.finished, f"{variant_id(variant)}: {out.stopped} after {len(out.actions)}"
    result = family.result(out.state)
    assert result is not None
    if game == "rumble":  # a match always has its winner; Anarchy may tie (23.4)
        assert result["winner"]
    if game == "demoniac":  # the rulebook has no draw: a winner, or our round limit's stop
        assert result["winner"] or result["reason"] == "round-limit"


@pytest.mark.parametrize("variant", [("rumble", 3, {}), ("anarchy", 4, {})], ids=variant_id)
def test_greedy_play_finishes_and_leans_forward(variant):
    """The greedy bot leans forward: its games finish, in fewer actions than random play's
    (the deck-builder's and Demoniac's greedy games are measured in bench/playouts.py)."""
    game = variant[0]
    _, greedy = play(variant, seed=5, policy="greedy", max_actions=MAX_ACTIONS[game])
    _, rand = play(variant, seed=5, policy="random", max_actions=MAX_ACTIONS[game])
    assert greedy.finished and rand.finished
    assert len(greedy.actions) < len(rand.actions)


def _probe(game: str, data, steps_max: int) -> None:
    variant = data.draw(st.sampled_from([v for v in VARIANTS if v[0] == game]))
    seed = data.draw(st.integers(0, 10_000))
    steps = data.draw(st.integers(0, steps_max))
    family, state = new_table(*variant, seed)
    _, out = play(variant, seed, "random", max_actions=steps)
    state = out.state
    if family.is_terminal(state):
        assert family.legal_actions(state) == []
        return
    legal = family.legal_actions(state)
    assert legal, "a live game offers a move"
    dumped = family.dump(state)
    for action in nearby_actions(family, state, legal):
        fresh = family.load(dumped)
        # offered => applies (an action naming an offered move with a field left to its
        # default, as the family's ``canonical`` says, is that move)
        same = family.canonical(fresh, action) if hasattr(family, "canonical") else action
        if action in legal or same in legal:
            assert family.check(fresh, action) == [], action
            family.apply(fresh, action)
            continue
        try:  # not offered => refused, with a reason and a rule
            problems = family.check(fresh, action)
        except EngineError as exc:
            assert exc.message
            continue
        assert problems, f"{variant_id(variant)} seed {seed} step {steps}: {action} is " \
            "allowed but not offered"
        assert all(p.message and p.rule for p in problems), problems


@pytest.mark.parametrize("game", [_marked(g, g) for g in GAMES])
# No shrinking: a failure names its variant, seed and step, which replay it.
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(data=st.data())
def test_offered_applies_and_not_offered_is_refused(game, data):
    """Over random reachable states: every offered move applies; every move one field
    away from an offered one (and the game's usual moves) that is not offered is
    refused with a reason and a rule, or is bad input."""
    _probe(game, data, steps_max=300 if game in ("rumble", "anarchy") else 100)
