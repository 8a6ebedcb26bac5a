"""Seeded random-but-legal games played to the end through the sandbox adapters.

Every chosen action comes from ``legal_actions`` and must pass the engine's
preflight; the game must end with a result, the state must stay within the
rules' bounds after every action, and the stored JSON must load back to the
same state. Runtime: a few seconds per family.
"""
import json
import random

import pytest

from engine.families import family_for
from engine.spellgames.games import MAX_BLOOD, MAX_HP
from tests.sandbox.players import demoniac_player, fixture_catalog, panic_player, spell_player

SPELL_GAMES = 40  # per spell game; dealt games run about three times as many actions
PANIC_GAMES = 100
DEMONIAC_GAMES = 200
MAX_ACTIONS = 20_000


@pytest.fixture(autouse=True)
def bundled_catalog(monkeypatch):
    """Spell tables deal the bundled catalog's cards, read without the database."""
    for game in ("rumble", "anarchy"):
        monkeypatch.setattr(family_for(game), "catalog_source", fixture_catalog)
    for game in ("demoniac", "satanic-panic"):  # stand-ins (the bundled catalog has no
        monkeypatch.setattr(family_for(game), "catalog_source", None)  # SP card to deal)


def play(game: str, options: dict, seed: int, player, invariant) -> tuple[object, int]:
    family = family_for(game)
    state, _ = family.new(options, seed)
    rnd = random.Random(seed)
    for count in range(MAX_ACTIONS):
        if family.is_terminal(state):
            return state, count
        actions = family.legal_actions(state)
        assert actions, f"{game} seed {seed}: no legal action in a live game"
        action = player(state, actions, rnd)
        assert family.check(state, action) == [], (game, seed, action)
        state, _ = family.apply(state, action)
        invariant(state)
    raise AssertionError(f"{game} seed {seed}: not over after {MAX_ACTIONS} actions")


def round_trips(game: str, state) -> None:
    family = family_for(game)
    dumped = json.dumps(family.dump(state), sort_keys=True)
    assert json.dumps(family.dump(family.load(json.loads(dumped))), sort_keys=True) == dumped


def spell_bounds(state: dict) -> None:
    for wizard in state["game"]["wizards"]:
        assert 0 <= wizard["hp"] <= MAX_HP
        assert 0 <= wizard["blood"] <= MAX_BLOOD
    assert state["phase"] in ("build", "resolve", "end", "game-over")
    assert len(state["ready"]) == len(set(state["ready"]))


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_spell_rounds_play_to_a_winner(game):
    """Spell games (Turn Order, Power Rolls, Dead Wizard, End of Game): play to the end."""
    winners = 0
    for seed in range(SPELL_GAMES):
        names = [f"W{n}" for n in range(random.Random(seed).randint(2, 4))]
        state, actions = play(game, {"wizards": names}, seed, spell_player, spell_bounds)
        result = family_for(game).result(state)
        assert result is not None and actions > 0
        winners += result["winner"] is not None
        round_trips(game, state)
    # Anarchy may end in a tie that even the tiebreak cannot split; rumble never does.
    assert winners == SPELL_GAMES if game == "rumble" else winners > SPELL_GAMES * 0.8


def panic_bounds(state) -> None:
    assert state.power >= 0
    assert len(state.line_up) <= 5
    for player in state.players:
        assert player.hp <= player.max_hp


def test_satanic_panic_turn_loop_plays_to_scoring():
    """Satanic Panic (Turn Sequence, Buying, ATTACK/DEFEND, End of Game): scored at the end."""
    for seed in range(PANIC_GAMES):
        rnd = random.Random(seed)
        options = {"players": rnd.randint(2, 5), "satan": rnd.random() < 0.3}
        state, _ = play("satanic-panic", options, seed, panic_player, panic_bounds)
        assert state.result and state.result["ranking"], seed
        assert state.end_reasons
        round_trips("satanic-panic", state)


def demoniac_bounds(state) -> None:
    assert 0 <= state.actions_left <= 3
    if state.attack:
        assert 1 <= len(state.attack["dice"]) <= 6


def test_demoniac_games_end_with_the_winning_attack():
    """Demoniac (Attacks, Re-rolls, Divinities, Winning): someone defeats the exorcist."""
    for seed in range(DEMONIAC_GAMES):
        rnd = random.Random(seed)
        options = {"players": rnd.randint(2, 4), "relic": rnd.random() < 0.5,
                   "split_hits": rnd.random() < 0.3}
        state, _ = play("demoniac", options, seed, demoniac_player, demoniac_bounds)
        assert state.winner and all(state.exposed.values())
        round_trips("demoniac", state)


def test_the_same_seed_and_actions_replay_the_same_game():
    """Chance is seeded: replaying a game's actions from its seed gives the same state."""
    family = family_for("rumble")
    state, _ = family.new({"wizards": ["A", "B", "C"]}, 11)
    rnd, actions = random.Random(11), []
    while not family.is_terminal(state) and len(actions) < 300:
        action = spell_player(state, family.legal_actions(state), rnd)
        actions.append(action)
        state, _ = family.apply(state, action)
    again, _ = family.new({"wizards": ["A", "B", "C"]}, 11)
    for action in actions:
        again, _ = family.apply(again, action)
    assert again == state
