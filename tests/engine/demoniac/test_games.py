"""Seeded Demoniac games played by random legal actions, never reaching an illegal state.

Every action is drawn from ``legal_actions()``. Uniformly random play seldom
wins, so the games played to the end use a random player that leans towards
useful actions (it still only ever picks an offered action).
"""
import json
import random
from collections import Counter

import pytest

from engine.bots import MAX_ACTIONS
from engine.demoniac import SPOTS, DemoniacState, attack_dice
from engine.demoniac.components import card_kind, card_symbol, stand_in_deck
from engine.families import family_for
from tests.engine.playouts import VARIANTS, play, variant_id

DECK = Counter(stand_in_deck())


def check_invariants(st, was_demoniac, last_player, last_hand_size):
    cards = Counter(st.deck) + Counter(st.discard)
    for p in st.players:
        cards += Counter(p.hand) + Counter(c for c in p.spots.values() if c)
    assert cards == DECK, "cards are conserved"
    assert 0 <= st.actions_left <= 3
    for p in st.players:
        assert set(p.spots) == set(SPOTS)
        assert p.demoniac or not was_demoniac[p.name], "becoming a demoniac is permanent"
        was_demoniac[p.name] = p.demoniac
    for s in SPOTS:
        assert st.exposed[s] == (st.divinities[s] is None)
    if st.attack:
        assert 1 <= len(st.attack["dice"]) <= 6
    for owed in st.pending:
        assert owed["count"] > 0 and st.player(owed["player"])
    if last_player is not None and st.current.name != last_player and not st.pending:
        assert last_hand_size <= 6, "hand limit respected at the end of a turn"


def leaning_choice(st, actions, rng):
    """A random legal action, most of the time among the useful ones."""
    if st.pending or rng.random() < 0.15:
        return rng.choice(actions)
    me = st.current
    if st.attack:
        misses = [i for i, f in enumerate(st.attack["dice"]) if f != "pentagram"]
        for a in actions:
            if a["type"] == "reroll" and a["dice"] == misses:
                return a
        ends = [a for a in actions if a["type"] == "end-attack"]
        return max(ends, key=lambda a: len(a["divinities"]))
    good = []
    counts = Counter(card_kind(c) for c in me.spots.values() if c)
    for a in actions:
        if a["type"] != "possess":
            continue
        old, new, spot = me.spots[a["spot"]], a["card"], a["spot"]
        kind = card_kind(new)
        fits_kind = (old and card_kind(old) == kind) or counts[kind] < me.victim[kind]
        right_symbol = card_symbol(new) == st.weaknesses[spot] or not st.exposed[spot]
        improves = old is None or (st.exposed[spot] and card_symbol(old) != st.weaknesses[spot])
        if fits_kind and right_symbol and improves:
            good.append(a)
    if good:
        return rng.choice(good)
    rolls = [a for a in actions if a["type"] == "roll" and a["target"] == "exorcist"]
    if rolls and st.actions_left == 3:
        return rolls[0]
    return next(a for a in actions if a["type"] == "end-turn")


def play_out(players, seed, chooser, max_steps):
    st = DemoniacState.new_game(players, seed=seed, relic=seed % 2 == 0)
    rng = random.Random(seed)
    was_demoniac = {p.name: False for p in st.players}
    for step in range(max_steps):
        if st.is_terminal():
            break
        actions = st.legal_actions()
        assert actions
        action = chooser(st, actions, rng)
        before = st.current
        if action["type"] == "roll":
            assert before.dice == attack_dice(before.possessions, before.demoniac)
        st.apply(action)  # raises EngineError if an offered action were illegal
        check_invariants(st, was_demoniac, before.name, len(before.hand))
        if step % 500 == 0:
            assert DemoniacState.from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == \
                st.to_dict()
    return st


@pytest.mark.parametrize("seed", range(50))
def test_seeded_games_reach_a_winner_through_legal_actions(seed):
    """Winning the Game: random legal play ends with a properly possessed victim's
    six-pentagram attack on a fully exposed exorcist."""
    st = play_out(2 + seed % 3, seed, leaning_choice, max_steps=20000)
    assert st.is_terminal()
    winner = st.player(st.winner)
    assert winner.demoniac and all(st.exposed.values())
    assert all(card_symbol(winner.spots[s]) == st.weaknesses[s] for s in SPOTS)


@pytest.mark.parametrize("seed", range(10))
def test_uniform_random_play_never_reaches_an_illegal_state(seed):
    """Every offered action is legal and the state stays consistent under any choice."""
    play_out(2 + seed % 3, seed, lambda st, actions, rng: rng.choice(actions), max_steps=3000)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v[0] == "demoniac"], ids=variant_id)
def test_the_greedy_bot_plays_forward_to_a_win(variant, monkeypatch):
    """engine.bots' greedy bot, valuing the road to the win (dice, the demoniac's flip,
    symbols matching exposed weaknesses, exposed weaknesses), wins every variant well
    inside the round limit, where uniform random play is stopped drawn."""
    monkeypatch.setattr(family_for("demoniac"), "catalog_source", None)  # stand-ins, no DB
    family, greedy = play(variant, seed=3, policy="greedy", max_actions=MAX_ACTIONS["demoniac"])
    assert greedy.finished and family.result(greedy.state)["winner"]
    _, rand = play(variant, seed=3, policy="random", max_actions=MAX_ACTIONS["demoniac"])
    assert rand.finished and len(greedy.actions) < len(rand.actions)


@pytest.mark.parametrize("variant", [("demoniac", 2, {}), ("demoniac", 3, {"relic": True}),
                                     ("demoniac", 4, {})], ids=variant_id)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_offered_actions_are_the_rulebooks_moves(variant, policy, monkeypatch):
    """At every decision of seeded games, legal_actions offers exactly the moves the
    rulebook allows, written from the state without the engine (tests/engine/demoniac/
    moves.py): nothing the rules forbid, and every move they allow (the hand limit's
    discards, re-rolls of any dice, ending the turn with actions left). Random play
    reaches the late game (every weakness exposed, six-dice attacks) by about turn 90."""
    from engine.bots import POLICY_FUNCTIONS
    from tests.engine.demoniac.moves import offered, rulebook_moves
    from tests.engine.playouts import new_table

    monkeypatch.setattr(family_for("demoniac"), "catalog_source", None)  # stand-ins
    family, state = new_table(*variant, 7)
    choose, rng, seen = POLICY_FUNCTIONS[policy], random.Random(7), Counter()
    for _ in range(1500):
        if family.is_terminal(state):
            break
        actions = family.legal_actions(state)
        assert offered(actions) == rulebook_moves(state), (state.turn, state.attack)
        seen["attack, all exposed" if state.attack and state.attack["all_exposed_at_start"]
             else "pending" if state.pending else "attack" if state.attack else "turn"] += 1
        family.apply(state, choose(family, state, actions, rng), checked=True)
    assert {"turn", "attack", "pending"} <= set(seen)
    if policy == "random":
        assert seen["attack, all exposed"], seen


# Uniform random play (engine.bots' "random": uniform over the offered actions) wins about
# 1 Demoniac game in 400 within the round limit (6 of 2,400 games: ``play(variant, seed,
# "random")`` for seeds 0-399 on each of the six variants; bench/demoniac_random.py says
# why: the five spots' symbols match the weaknesses about 1 turn in 200, and a re-roll of
# random dice shows six pentagrams about 1 attack in 64). These seeds are three of the six,
# picked because they win: they check that nothing but chance stands between uniform play
# and the rulebook's win, not that uniform play usually wins. A change to the deal, the
# chance or the order of legal_actions moves them: find others the same way.
@pytest.mark.parametrize("variant, seed", [(("demoniac", 3, {"relic": True}), 23),
                                           (("demoniac", 3, {}), 213),
                                           (("demoniac", 4, {"relic": True}), 226)],
                         ids=lambda v: variant_id(v) if isinstance(v, tuple) else str(v))
def test_uniform_random_play_can_win_within_the_round_limit(variant, seed, monkeypatch):
    """WINNING THE GAME through uniform random play, within the sandbox's round limit:
    a demoniac whose possessions match all five exposed weaknesses attacks with six
    pentagrams."""
    monkeypatch.setattr(family_for("demoniac"), "catalog_source", None)  # stand-ins
    family, out = play(variant, seed, "random", max_actions=MAX_ACTIONS["demoniac"])
    assert out.finished and not out.state.drawn
    assert family.result(out.state)["winner"] == out.state.winner
    st = out.state
    winner = st.player(st.winner)
    assert winner.demoniac and winner.dice == 6 and all(st.exposed.values())
    assert all(card_symbol(winner.spots[s]) == st.weaknesses[s] for s in SPOTS)
    assert st.turn <= len(st.players) * st.options["round_limit"]
