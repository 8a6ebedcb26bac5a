"""Demoniac rules: dice, possession, demoniacs, divinities, winning, relics."""
import json
import random
from collections import Counter

import pytest

from engine.core import EngineError
from engine.demoniac import (
    DIE_FACES,
    SPOTS,
    DemoniacState,
    attack_dice,
    properly_possessed,
    roll_faces,
    winning_problems,
)
from engine.demoniac.components import LITTLE_LINDA

P, B, C = "pentagram", "blank", "cross"


def game(players=3, seed=1, **kw):
    return DemoniacState.new_game(players, seed=seed, **kw)


def possess_all(player, cards):
    player.spots = dict(zip(SPOTS, cards, strict=True))


def codes(st, action):
    return [p.code for p in st.check(action)]


# --- dice -----------------------------------------------------------------------

def test_die_has_3_pentagrams_2_blanks_1_cross():
    """Attacking: each die has three pentagrams, two blanks and a cross."""
    assert Counter(DIE_FACES) == {P: 3, B: 2, C: 1}


def test_one_die_per_possession_plus_one_for_a_demoniac_at_most_six():
    """Attacking: one die per possession, a bonus die as a demoniac, six in all."""
    assert attack_dice(4, False) == 4
    assert attack_dice(4, True) == 5
    assert attack_dice(5, True) == 6
    assert attack_dice(0, False) == 0


def test_seeded_rolls_replay():
    """Rolls use the injected random.Random."""
    assert roll_faces(6, random.Random(5)) == roll_faces(6, random.Random(5))
    a, b = game(seed=9), game(seed=9)
    for st in (a, b):
        possess_all(st.current, ["body/666"] * 3 + [None, None])
        st.apply({"player": st.actor(), "type": "roll", "target": "exorcist"})
    assert a.attack == b.attack


def test_rulebook_example_four_possession_demoniac_rerolls_to_power_4():
    """Attacking example: 4 possessions + demoniac = 5 dice; 3 pentagrams, a blank and a
    cross; re-roll the blank and the cross -> a pentagram and a blank: power 4, one
    action left."""
    st = game()
    me = st.current
    possess_all(me, ["body/666", "body/666", "body/666", "mind/666", None])
    me.demoniac = True
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, P, B, C]})
    assert len(st.attack["dice"]) == 5
    st.apply({"player": st.actor(), "type": "reroll", "dice": [3, 4], "faces": [P, B]})
    events = st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert any(e.get("hits") == 4 for e in events)
    assert st.actions_left == 1


def test_reroll_any_subset_each_as_an_action():
    """Attacking: re-roll any number of dice with another action."""
    st = game()
    possess_all(st.current, ["body/666"] * 3 + [None, None])
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [0]}) == ["no-attack"]
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [B, B, C]})
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": []}) == ["bad-dice"]
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [3]}) == ["bad-dice"]
    st.apply({"player": st.actor(), "type": "reroll", "dice": [0, 2], "faces": [P, P]})
    st.apply({"player": st.actor(), "type": "reroll", "dice": [1], "faces": [P]})
    assert st.attack["dice"] == [P, P, P] and st.actions_left == 0
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [0]}) == ["no-actions-left"]
    assert {a["type"] for a in st.legal_actions()} == {"end-attack"}


def test_crosses_trigger_the_exorcist_power_once_each_flagged():
    """Attacking: each cross left at the end triggers the exorcist's power (not given)."""
    st = game()
    possess_all(st.current, ["body/666"] * 4 + [None])
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [C, C, B, P]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    flag = st.flags[-1]
    assert flag["crosses"] == 2 and flag["flag"] == "not-run"


# --- cards, actions, hand -------------------------------------------------------

def test_hand_three_dealt_then_draw_three_at_turn_start():
    """Setup: three cards each; How to Play: draw three at the start of the turn."""
    st = game(players=4)
    assert len(st.current.hand) == 6
    assert all(len(p.hand) == 3 for p in st.players[1:])


def test_three_actions_per_turn():
    """How to Play: up to three actions a turn."""
    st = game()
    me = st.current
    me.hand = ["body/666"] * 4
    for spot in SPOTS[:3]:
        st.apply({"player": st.actor(), "type": "possess", "card": "body/666", "spot": spot})
    assert st.actions_left == 0
    assert codes(st, {"player": st.actor(), "type": "possess", "card": "body/666", "spot": "bottom"}) == [
        "no-actions-left"]
    assert st.legal_actions() == [{"type": "end-turn", "player": me.name}]


def test_discard_down_to_six_at_end_of_turn():
    """Attacking the Exorcist: end the turn by discarding down to six."""
    st = game()
    me = st.current
    me.hand = ["disturbance"] * 8
    st.apply({"player": st.actor(), "type": "end-turn"})
    assert st.actor() == me.name and st.pending[0]["count"] == 2
    st.apply({"type": "discard", "player": me.name, "card": "disturbance"})
    st.apply({"type": "discard", "player": me.name, "card": "disturbance"})
    assert len(me.hand) == 6 and st.current is not me
    assert len(st.current.hand) == 6  # 3 dealt + 3 drawn


def test_possession_in_an_empty_spot_or_replacing_one():
    """Possessing Your Victim: play into an empty spot or replace (old card discarded)."""
    st = game()
    me = st.current
    me.hand = ["body/666", "mind/symbol-2"]
    st.apply({"player": st.actor(), "type": "possess", "card": "body/666", "spot": "top"})
    st.apply({"player": st.actor(), "type": "possess", "card": "mind/symbol-2", "spot": "top"})
    assert me.spots["top"] == "mind/symbol-2" and st.discard[-1] == "body/666"
    assert codes(st, {"player": st.actor(), "type": "possess", "card": "disturbance", "spot": "top"}) == ["not-in-hand"]


def test_possession_spot_must_be_one_of_five():
    st = game()
    st.current.hand = ["body/666"]
    assert codes(st, {"player": st.actor(), "type": "possess", "card": "body/666", "spot": "center"}) == ["bad-spot"]


def test_disturbance_is_an_action_flagged_and_discarded():
    """Creating Disturbances: an action; its effect (not given) is flagged."""
    st = game()
    st.current.hand = ["disturbance"]
    st.apply({"player": st.actor(), "type": "disturb", "card": "disturbance"})
    assert st.actions_left == 2 and st.discard[-1] == "disturbance"
    assert st.flags[-1]["flag"] == "not-run"


def test_little_linda_becomes_a_demoniac_with_four_body_one_mind_permanently():
    """Possessing Your Victim: Little Linda, body 4 mind 1; permanent once flipped."""
    victims = [LITTLE_LINDA, {"name": "X", "body": 2, "mind": 3}]
    st = game(players=2, victims=victims)
    me = st.current
    assert me.victim["body"] == 4 and me.victim["mind"] == 1
    me.hand = ["body/666"] * 4 + ["mind/666", "mind/666"]
    for spot in ("top", "middle", "left"):
        st.apply({"player": st.actor(), "type": "possess", "card": "body/666", "spot": spot})
    assert not me.demoniac
    st.apply({"player": st.actor(), "type": "end-turn"})
    st.apply({"player": st.actor(), "type": "end-turn"})
    me.hand = ["body/666", "mind/666", "mind/666"]
    st.apply({"player": st.actor(), "type": "possess", "card": "mind/666", "spot": "right"})
    assert not me.demoniac
    st.apply({"player": st.actor(), "type": "possess", "card": "body/666", "spot": "bottom"})
    assert me.demoniac and me.dice == 6
    st.apply({"player": st.actor(), "type": "possess", "card": "mind/666", "spot": "top"})  # now 3 body 2 mind
    assert me.demoniac


def test_properly_possessed_reading_and_exact_option():
    """Ruling "Match exactly" (7.6: possessions that "match" the strengths, "a
    corresponding number" of each): equal counts; exact=False accepts at least as many."""
    spots = dict(zip(SPOTS, ["body/666", "body/666", "mind/666", "mind/666", "mind/666"],
                     strict=True))
    assert not properly_possessed(spots, {"body": 2, "mind": 2})
    assert properly_possessed(spots, {"body": 2, "mind": 2}, exact=False)
    assert properly_possessed(spots, {"body": 2, "mind": 3})


def test_a_victim_of_strength_four_flips_with_exactly_its_counts():
    """A victim whose strengths add up to less than five (a catalog card may) becomes a
    demoniac with exactly its body and mind possessions, not with one more of a kind."""
    st = game(players=2, victims=[{"name": "X", "body": 2, "mind": 2}, LITTLE_LINDA])
    me = st.current
    me.hand = ["body/666", "body/666", "body/666"]
    for spot in ("top", "middle", "left"):
        st.apply({"player": st.actor(), "type": "possess", "card": "body/666", "spot": spot})
    assert not me.demoniac  # three body: one too many
    st.apply({"player": st.actor(), "type": "end-turn"})
    st.apply({"player": st.actor(), "type": "end-turn"})
    me.hand = ["mind/666", "mind/666", "mind/666"]
    st.apply({"player": st.actor(), "type": "possess", "card": "mind/666", "spot": "top"})
    assert not me.demoniac  # two body, one mind
    st.apply({"player": st.actor(), "type": "possess", "card": "mind/666", "spot": "right"})
    assert me.demoniac and me.dice == 5  # two and two, the bottom spot empty
    assert game(players=2, exact_possession=False).options["exact_possession"] is False


# --- divinities and weaknesses ---------------------------------------------------

def spritz_game():
    st = game(players=3)
    spot = next(s for s in SPOTS if st.divinities[s]["name"] == "Holy Spritz")
    possess_all(st.current, ["body/666"] * 4 + [None])
    return st, spot


def test_holy_spritz_example_power_4_destroys_strength_3():
    """Possessing Your Victim example: power 4 destroys a strength-3 divinity, Holy
    Spritz; the opponents discard three cards, the attacker is immune; its weakness is
    exposed."""
    st, spot = spritz_game()
    me = st.current
    assert st.divinities[spot]["strength"] == 3
    hand_before = list(me.hand)
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, P, P]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": [spot]})
    assert st.divinities[spot] is None and st.exposed[spot]
    assert me.hand == hand_before
    assert [o["player"] for o in st.pending] == ["Player 2", "Player 3"]
    for _ in range(2 * 3):  # two opponents, three cards each
        who = st.actor()
        st.apply({"type": "discard", "player": who, "card": st.player(who).hand[0]})
    assert all(len(p.hand) == 0 for p in st.players[1:])
    assert st.actor() == me.name and st.actions_left == 2


def test_hits_below_strength_cannot_destroy():
    """A divinity falls to hits equal to or greater than its strength."""
    st, spot = spritz_game()
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, B, B]})
    assert codes(st, {"player": st.actor(), "type": "end-attack", "divinities": [spot]}) == ["too-strong"]
    assert not any(spot in a.get("divinities", []) for a in st.legal_actions())


def test_one_divinity_per_attack_unless_split_hits():
    """Reading: one divinity per attack; split_hits shares the hits out (option)."""
    weak = [s for s in SPOTS]
    st = game()
    for s in weak:
        st.divinities[s] = {"name": s, "strength": 2, "effect": ""}
    possess_all(st.current, ["body/666"] * 4 + [None])
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, P, P]})
    assert codes(st, {"player": st.actor(), "type": "end-attack", "divinities": ["top", "left"]}) == [
        "one-divinity-per-attack"]
    split = game(split_hits=True)
    for s in weak:
        split.divinities[s] = {"name": s, "strength": 2, "effect": ""}
    possess_all(split.current, ["body/666"] * 4 + [None])
    split.apply({"player": split.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, P, P]})
    split.apply({"player": split.actor(), "type": "end-attack", "divinities": ["top", "left"]})
    assert split.exposed["top"] and split.exposed["left"]


# --- winning --------------------------------------------------------------------

def ready_to_win(st):
    me = st.current
    for s in SPOTS:
        st.divinities[s] = None
        st.exposed[s] = True
    me.spots = {s: f"body/{st.weaknesses[s]}" for s in SPOTS}
    me.demoniac = True
    return me


def test_winning_attack_six_pentagrams_with_matching_symbols():
    """Winning the Game: all weaknesses exposed, symbols match by position, six hits."""
    st = game()
    me = ready_to_win(st)
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P] * 6})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.winner == me.name and st.is_terminal() and st.legal_actions() == []


def test_five_pentagrams_do_not_win():
    st = game()
    ready_to_win(st)
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P] * 5 + [B]})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.winner is None


def test_symbols_must_match_position_by_position():
    """The Exorcist: a 666 to the exorcist's left needs a 666 possession to your left."""
    weak = dict(zip(SPOTS, ["666", "symbol-2", "symbol-3", "666", "symbol-2"], strict=True))
    spots = {s: f"mind/{weak[s]}" for s in SPOTS}
    exposed = dict.fromkeys(SPOTS, True)
    assert winning_problems(spots, weak, exposed, 6) == []
    spots["left"], spots["right"] = spots["right"], spots["left"]
    assert [p.code for p in winning_problems(spots, weak, exposed, 6)] == ["symbols-differ"]
    hidden = dict(exposed, top=False)
    assert "weaknesses-hidden" in [p.code for p in winning_problems(spots, weak, hidden, 6)]


# --- relics ---------------------------------------------------------------------

def test_steal_the_relic_crosses_disregarded():
    """The Evil Relics Expansion: pentagrams >= strength steals it; crosses are ignored."""
    st = game(relic=True)
    me = st.current
    strength = st.relic["strength"]
    possess_all(me, ["body/666"] * 5)
    flags_before = len(st.flags)
    st.apply({"player": st.actor(), "type": "roll", "target": "relic", "faces": [P] * strength + [C] * (5 - strength)})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.relic["holder"] == me.name
    assert not any(f.get("crosses") for f in st.flags[flags_before:])
    assert codes(st, {"player": st.actor(), "type": "roll", "target": "relic"}) == ["own-relic"]


def test_steal_the_relic_from_another_player():
    st = game(relic=True)
    st.relic["holder"] = "Player 2"
    possess_all(st.current, ["body/666"] * 5)
    st.apply({"player": st.actor(), "type": "roll", "target": "relic", "faces": [B] * 5})
    st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.relic["holder"] == "Player 2"


def test_no_relic_without_the_expansion():
    st = game()
    possess_all(st.current, ["body/666"] * 5)
    assert codes(st, {"player": st.actor(), "type": "roll", "target": "relic"}) == ["no-relic"]


# --- state ------------------------------------------------------------------------

def test_demoniac_state_json_round_trip():
    st = game(players=4, relic=True)
    possess_all(st.current, ["body/666"] * 2 + [None] * 3)
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist"})
    again = DemoniacState.from_dict(json.loads(json.dumps(st.to_dict())))
    assert again.to_dict() == st.to_dict() and again.legal_actions() == st.legal_actions()


@pytest.mark.parametrize("players", [1, 5, "2", None])
def test_player_count_is_2_to_4(players):
    with pytest.raises(EngineError) as err:
        DemoniacState.new_game(players, seed=1)
    assert err.value.field == "players"


def test_illegal_action_raises_and_changes_nothing():
    st = game()
    before = st.to_dict()
    with pytest.raises(EngineError):
        st.apply({"player": st.actor(), "type": "roll", "target": "exorcist"})  # no possessions, no dice
    with pytest.raises(EngineError):
        st.apply({"player": st.actor(), "type": "end-attack", "divinities": []})
    assert st.to_dict() == before


def test_table_rolled_faces_are_checked_before_anything_changes():
    """Dice rolled at the table must match the dice count (the preflight catches it)."""
    st = game()
    possess_all(st.current, ["body/666"] * 3 + [None, None])
    assert codes(st, {"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P]}) == ["bad-faces"]
    assert codes(st, {"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, P, "six"]}) == [
        "bad-faces"]
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, B, B]})
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [1, 2], "faces": [P]}) == ["bad-faces"]


# --- the action space: exactly the offered moves ------------------------------------

def test_an_action_names_its_player_and_its_lists_as_offered():
    """HOW TO PLAY 4.3 / ATTACKING 9.6 / 7.13: a move not offered is refused with a reason:
    no player named, dice listed out of order, an attack ended without saying which
    divinities fall, a roll without a target, a discard nobody owes."""
    st = game()
    assert codes(st, {"type": "end-turn"}) == ["not-your-decision"]
    assert codes(st, {"player": "Player 2", "type": "end-turn"}) == ["not-your-decision"]
    assert codes(st, {"player": st.actor(), "type": "discard", "card": st.current.hand[0]}) \
        == ["no-discard-owed"]
    possess_all(st.current, ["body/666"] * 3 + [None, None])
    assert codes(st, {"player": st.actor(), "type": "roll"}) == ["bad-target"]
    st.apply({"player": st.actor(), "type": "roll", "target": "exorcist", "faces": [P, B, C]})
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [2, 1]}) == ["bad-dice"]
    assert codes(st, {"player": st.actor(), "type": "reroll", "dice": [1, 1]}) == ["bad-dice"]
    assert codes(st, {"player": st.actor(), "type": "end-attack"}) == ["bad-spot"]
    offered = st.legal_actions()
    assert {"player": st.actor(), "type": "reroll", "dice": [1, 2]} in offered
    assert {"player": st.actor(), "type": "end-attack", "divinities": []} in offered


def test_the_round_limit_stops_a_game_drawn_and_says_it_is_not_the_rulebooks():
    """ATTACKING THE EXORCIST 6.7: the game goes on until a win; the book has no draw and
    lets a game go on for ever, so the sandbox stops one, drawn, at a stated round limit."""
    from engine.families import family_for

    st = game(players=2, round_limit=2)
    while not st.is_terminal():
        offered = st.legal_actions()
        st.apply(next((a for a in offered if a["type"] == "end-turn"), offered[0]))
    assert st.drawn and st.winner is None and st.turn == 5  # two turns each
    assert st.legal_actions() == [] and st.actor() is None
    assert codes(st, {"player": "Player 1", "type": "end-turn"}) == ["game-over"]
    assert st.check({"player": "Player 1", "type": "end-turn"})[0].rule == "demoniac 6.7"
    assert "not the rulebook's" in st.log[-1]["text"]
    assert family_for("demoniac").result(st) == {
        "winner": None, "draw": True, "reason": "round-limit", "rule": "demoniac 6.7"}
    assert game().options["round_limit"] == 100
    with pytest.raises(EngineError):
        game(round_limit=-1)


# --- found by an audit against the rulebook --------------------------------------

def do(st, **action):
    return st.apply({"player": st.actor(), **action})


def test_a_short_hand_discards_what_it_has_and_owes_nothing_more():
    """Multiple crosses trigger the power multiple times (9.5); a discard asked of a hand
    already spoken for takes what is left (holy-spritz-short-hand), so the game never
    waits on a discard nobody can make."""
    own = {"exorcists": [{"name": "Father Test", "abilities": [{"trigger": "cross", "effects": [
        {"do": "discard", "amount": 1, "target": "self"}]}]}]}
    st = game(3, catalog=own)
    me = st.current
    possess_all(me, ["body/666"] * 3 + [None, None])
    me.hand = ["disturbance"]
    do(st, type="roll", target="exorcist", faces=[C, C, B])
    do(st, type="end-attack", divinities=[])
    assert [p["count"] for p in st.pending] == [1]
    do(st, type="discard", card="disturbance")
    assert st.pending == [] and st.actor() == me.name
    assert {"type": "end-turn", "player": me.name} in st.legal_actions()


def test_the_hits_resolve_before_the_crosses():
    """Our ruling crosses-and-order-at-attack-end (the rulebook gives no order): the
    divinity is destroyed, its effect run and its weakness exposed, then the exorcist's
    power triggers once per cross."""
    own = {"exorcists": [{"name": "Father Test", "abilities": [{"trigger": "cross", "effects": [
        {"do": "draw", "amount": 1, "target": "each-foe"}]}]}]}
    st = game(2, catalog=own)
    me, foe = st.players
    spot = next(s for s in SPOTS if st.divinities[s]["name"] == "Holy Spritz")
    possess_all(me, ["body/666"] * 5)
    me.demoniac, foe.hand = True, ["disturbance"]
    do(st, type="roll", target="exorcist", faces=[P, P, P, P, B, C])
    events = [e["text"] for e in do(st, type="end-attack", divinities=[spot])]
    destroyed = next(i for i, t in enumerate(events) if "destroys Holy Spritz" in t)
    exposed = next(i for i, t in enumerate(events) if "weakness under it is exposed" in t)
    crosses = next(i for i, t in enumerate(events) if "cross(es)" in t)
    assert destroyed < exposed < crosses
    # Spritz asked a discard of the one card held; the cross's draw came after it.
    assert [p["count"] for p in st.pending] == [1] and len(foe.hand) == 2


def test_a_disturbance_is_discarded_after_its_effect():
    """10.2: resolve the effect, then place the card in the discard pile: a draw that
    reshuffles the discards does not find the card being played."""
    draw = [{"trigger": "resolved", "effects": [{"do": "draw", "amount": 1, "target": "self"}]}]
    own = {"disturbances": [{"name": "Test Haste", "abilities": draw}]}
    st = game(2, catalog=own)
    me = st.current
    me.hand, st.deck, st.discard = ["disturbance/Test Haste"], [], []
    do(st, type="disturb", card="disturbance/Test Haste")
    assert me.hand == [] and st.discard == ["disturbance/Test Haste"]


def test_two_players_cannot_choose_the_same_victim():
    """3.2: each player chooses a victim; there is one card of each."""
    with pytest.raises(EngineError) as refused:
        game(3, victims=["Little Linda", "Little Linda", "Little Linda"])
    assert refused.value.field == "victims[1]" and "chosen twice" in str(refused.value)
