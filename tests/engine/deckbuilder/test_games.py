"""Seeded Satanic Panic games played to the end by random legal actions.

Each step checks that the game never reaches an illegal state: cards are
conserved, HP stays between 1 and the maximum, the Line-Up holds at most 5
cards and no Mayhem but the one resolving, Power is never negative, and every offered action is
legal (apply would raise otherwise).
"""
import json
import random
from collections import Counter

import pytest

from engine.deckbuilder import TurnState
from engine.deckbuilder.cards import DEAD_WIZARD_TOKENS, main_deck_cards

MAIN_DECK = Counter(main_deck_cards())
SEEDS = range(50)
STALLED_SEEDS = {29, 34, 38, 49}  # uniform play destroyed what it needed (4 of 50)


def owned(st):
    return Counter(c for p in st.players for c in p.owned_cards())


def check_invariants(st, devils_total):
    cards = owned(st)
    if st.pending and st.pending["type"] == "foe-card":  # Wild Magic's card being played
        cards[st.pending["card"]] += 1
    every = cards + Counter(st.main_deck) + Counter(st.line_up) + Counter(st.destroyed)
    assert all(every[name] == n for name, n in MAIN_DECK.items()), "main-deck cards conserved"
    assert cards["Wild Magic"] + st.supplies["Wild Magic"] + st.destroyed.count("Wild Magic") == 16
    assert cards["Burning Limp Wand"] + st.supplies["Burning Limp Wand"] == 16
    tokens = sum(len(p.dead_wizard_tokens) for p in st.players)
    assert tokens + len(st.dead_wizard_token_stack) + len(st.unused_dead_wizard_tokens) == \
        DEAD_WIZARD_TOKENS
    devils = sum(n for c, n in cards.items() if st.card(c).kind == "legendary-devil")
    devils += sum(1 for c in st.destroyed if st.card(c).kind == "legendary-devil")
    assert devils + len(st.legendary_devils) == devils_total
    # A Mayhem is in the Line-Up only while it resolves (6.14.2).
    resolving = st.table_event and st.table_event["kind"] == "mayhem"
    assert len(st.line_up) <= 5 and st.line_up.count("Mayhem") == (1 if resolving else 0)
    assert st.power >= 0
    for p in st.players:
        assert 1 <= p.hp <= p.max_hp


STALL = 5000  # actions in which nothing that can end the game moved


def progress(st):
    """What moves a game towards its end: the piles that end it, HP, cards bought."""
    return (len(st.main_deck), len(st.dead_wizard_token_stack), len(st.legendary_devils),
            tuple(p.hp for p in st.players), tuple(len(p.owned_cards()) for p in st.players))


def play_out(players, satan, seed, max_steps=20000, stalls=None):
    """The finished game; or, with ``stalls`` (a list), None after STALL actions in which
    nothing moved (a uniformly random player can destroy the cards it needs: a legal
    position the rulebook gives no end for; the engine ends the plainest ones itself,
    engine/deckbuilder/turn.py dead_position)."""
    wizards = players - 1 if satan else players
    tiles = ["lucky-wand", "enslave-ball"][:wizards]
    st = TurnState.new_game(players, satan, seed=seed, ability_tiles=tiles)
    devils_total = len(st.legendary_devils)
    rng = random.Random(seed)
    last, moved = progress(st), 0
    for step in range(max_steps):
        if st.is_terminal():
            return st
        if stalls is not None and step % 100 == 0:
            now = progress(st)
            last, moved = (now, step) if now != last else (last, moved)
            if step - moved >= STALL:
                stalls.append(seed)
                return None
        actions = st.legal_actions()
        assert actions, "a live game always offers an action"
        action = rng.choice(actions)
        st.apply(action)  # raises EngineError if an offered action were illegal
        if action["type"] != "play" or step % 10 == 0:
            check_invariants(st, devils_total)
        if step % 1000 == 0:
            assert TurnState.from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == st.to_dict()
    raise AssertionError("game did not end")


def test_offered_actions_all_pass_the_preflight_check():
    """legal_actions and check agree (the sandbox and the checker share one check)."""
    st = TurnState.new_game(4, True, seed=3, ability_tiles=["lucky-wand"])
    rng = random.Random(3)
    for _ in range(400):
        if st.is_terminal():
            break
        actions = st.legal_actions()
        assert all(st.check(a) == [] for a in actions)
        st.apply(rng.choice(actions))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_legal_play_reaches_the_end_without_illegal_states(seed):
    """End of Game: every seeded random game ends on one of the three conditions."""
    players, satan = 2 + seed % 4, seed % 3 == 0
    stalls = []
    st = play_out(players, satan, seed, stalls=stalls)
    if st is None:  # uniform play starved itself; seeds 0-49: a few (no Satan), listed here
        assert seed in STALLED_SEEDS, f"seed {seed}: nothing moved for {STALL} actions"
        return
    assert st.end_reasons
    # "dead-position": every card that could make Power destroyed (the Standee, once a
    # turn): nothing can change any more.
    assert set(st.end_reasons) <= {"line-up", "dead-wizard-tokens", "legendary-devils",
                                   "dead-position"}
    result = st.result
    assert len(result["ranking"]) == players
    assert (result["winner"] is None) == (result["decided_by"] == "shared")


def test_same_seed_same_game():
    """Seeded randomness: one seed replays the same game."""
    a, b = play_out(3, True, 7), play_out(3, True, 7)
    assert a.to_dict() == b.to_dict()
