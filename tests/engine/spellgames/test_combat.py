"""Damage, healing, death, Creatures, Blood, Applause, the Standee, end of game."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError
from engine.spellgames import SpellGame, apply, new_spell_game, preflight


def run(state, *actions, seed=1):
    """Apply actions in turn; every one must succeed."""
    events = []
    for action in actions:
        result = apply(state, action, seed=seed)
        assert result.ok, result.problems
        state = result.state
        events += result.events
    return state, events


def hit(target, amount, source=None, **extra):
    return {"type": "damage", "target": target, "amount": amount, "source": source, **extra}


def codes(state, action):
    return [p.code for p in preflight(state, action)]


# --- setup, HP, healing -------------------------------------------------------

@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_wizards_start_with_20_hp(game):
    """Set Up / Setup: each Wizard starts each game with 20 Hit Points."""
    state = new_spell_game(game, ["A", "B"])
    assert [w.hp for w in state.wizards] == [20, 20]


def test_anarchy_setup_two_dead_wizard_tokens_per_wizard_and_30_applause():
    """Anarchy Setup: a pile of two Dead Wizard tokens per Wizard; Applause 10 x 2/3/4."""
    state = new_spell_game("anarchy", ["A", "B", "C"])
    assert state.dead_wizard_tokens_left == 6
    assert state.applause_pool == {"2": 10, "3": 10, "4": 10}


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_healing_caps_at_25(game):
    """Set Up / Setup: HP can be raised to a maximum of 25."""
    state, events = run(new_spell_game(game, ["A", "B"]), {"type": "heal", "target": "A",
                                                           "amount": 9})
    assert state.wizard("A").hp == 25
    assert "25 HP at most" in events[0]["text"]


def test_apply_never_changes_the_old_state():
    state = new_spell_game("rumble", ["A", "B"])
    before = state.to_dict()
    apply(state, hit("A", 5, "B"))
    assert state.to_dict() == before


def test_state_round_trips_through_json():
    state, _ = run(new_spell_game("anarchy", ["A", "B"]),
                   {"type": "keep_creature", "wizard": "A",
                    "creature": {"name": "Pal", "glyph": "dark"}},
                   hit("B", 20, "A"))
    data = json.loads(json.dumps(state.to_dict()))
    assert SpellGame.from_dict(data) == state


# --- Creatures ----------------------------------------------------------------

def with_creature(game="rumble"):
    state, _ = run(new_spell_game(game, ["A", "B", "C"]),
                   {"type": "keep_creature", "wizard": "A", "creature": {"name": "Pal"}})
    return state


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_creature_absorbs_all_of_one_instance_from_a_foe(game):
    """Creatures: discard a face-up Creature to negate one instance of damage from a foe,
    however big."""
    state, events = run(with_creature(game), hit("A", 19, "B", absorb=True))
    assert state.wizard("A").hp == 20 and state.wizard("A").creatures == []
    assert events[0]["type"] == "absorbed"


def test_creature_blocks_only_one_instance():
    """Creatures: 2 damage and then 2 more is two instances; one Creature blocks one."""
    state, _ = run(with_creature(), hit("A", 2, "B", absorb=True), hit("A", 2, "B"))
    assert state.wizard("A").hp == 18
    assert codes(state, hit("A", 2, "B", absorb=True)) == ["no-creature"]


def test_creature_cannot_absorb_self_inflicted_damage():
    """Creatures: cannot absorb self-inflicted damage."""
    assert codes(with_creature(), hit("A", 3, "A", absorb=True)) == ["not-from-foe"]


def test_zero_damage_does_not_kill_a_creature():
    """Creatures: zero damage does not kill a Creature."""
    state = with_creature()
    assert codes(state, hit("A", 0, "B", absorb=True)) == ["zero-damage"]
    state, _ = run(state, hit("A", 0, "B"))
    assert len(state.wizard("A").creatures) == 1


def test_refused_absorb_changes_nothing():
    state = with_creature()
    result = apply(state, hit("A", 3, "A", absorb=True))
    assert not result.ok and result.state is state and result.events == []


def test_damage_without_a_wizard_source_cannot_be_absorbed():
    """Reading: damage with no foe behind it (e.g. a Champion's Entrance) is not from a foe."""
    assert codes(with_creature("anarchy"), hit("A", 2, None, absorb=True)) == ["not-from-foe"]


# --- rumble death, Blood, Standee, end of game --------------------------------

def test_rumble_death_discards_hand_treasures_creatures_and_draws_dead_wizard_card():
    """The Dead Wizard Deck / Creatures: the slain discard hand, Treasures and Creatures, and
    draw a Dead Wizard card."""
    state = new_spell_game("rumble", ["A", "B", "C"])
    state.wizard("A").hand = ["x", "y"]
    state, events = run(state, {"type": "gain_treasure", "wizard": "A", "treasure": "Orb"},
                        {"type": "keep_creature", "wizard": "A", "creature": {"name": "Pal"}},
                        hit("A", 25, "B"))
    a = state.wizard("A")
    assert not a.alive and a.hp == 0
    assert (a.hand, a.treasures, a.creatures, a.dead_wizard_cards) == ([], [], [], 1)
    assert any(e["type"] == "flag" and "Reactions" in e["text"] for e in events)
    assert any(e["type"] == "flag" and "Dead Wizard card" in e["text"] for e in events)


def test_rumble_killer_gains_3_blood_capped_at_25():
    """Blood: gain 3 Blood for killing a foe; never more than 25."""
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "B"))
    assert state.wizard("B").blood == 3
    state.wizard("B").blood = 24
    state, _ = run(state, hit("C", 20, "B"))
    assert state.wizard("B").blood == 25


def test_rumble_no_blood_for_killing_yourself():
    """Blood: you get no Blood for killing yourself."""
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "A"))
    assert state.wizard("A").blood == 0 and state.game_kills == {}


def test_rumble_dead_wizards_cannot_be_damaged_or_healed():
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "B"))
    assert codes(state, hit("A", 1, "C")) == ["target-dead"]
    assert codes(state, {"type": "heal", "target": "A", "amount": 1}) == ["target-dead"]


def test_rumble_slaying_the_standee_holder_takes_it():
    """The Standee: if you slay a foe who has the Standee, you take it."""
    state, events = run(new_spell_game("rumble", ["A", "B", "C"]),
                        {"type": "take_standee", "wizard": "A"}, hit("A", 20, "B"))
    assert state.standee == "B"


def test_rumble_standee_gives_1_blood_at_end_of_round():
    """The Standee: its holder gains 1 Blood at the end of each round."""
    state, _ = run(new_spell_game("rumble", ["A", "B"]), {"type": "take_standee", "wizard": "A"},
                   {"type": "end_round"}, {"type": "end_round"})
    assert state.wizard("A").blood == 2


def test_rumble_dead_wizards_draw_a_dead_wizard_card_each_round():
    """The Dead Wizard Deck: each dead Wizard draws a card at the start of each round."""
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "B"),
                   {"type": "start_round"})
    assert state.wizard("A").dead_wizard_cards == 2
    assert state.wizard("B").dead_wizard_cards == 0


def test_rumble_last_wizard_standing_earns_token_and_round_ends_with_standee_blood():
    """End of a Game + The Standee: the last one alive earns the token; slaying the Standee
    holder to become Last Wizard Standing ends the round, so the Standee pays 1 Blood."""
    state, events = run(new_spell_game("rumble", ["A", "B"]),
                        {"type": "take_standee", "wizard": "A"}, hit("A", 20, "B"))
    assert state.over and state.last_standing == "B"
    assert state.wizard("B").last_wizard_standing_tokens == 1
    assert state.wizard("B").blood == 3 + 1
    assert codes(state, hit("B", 1, "A")) == ["game-over"]


def test_rumble_last_one_alive_is_last_wizard_standing():
    """End of a Game: when one Wizard is left alive, the game ends and he earns the token."""
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "B"),
                   hit("C", 20, "B"))
    assert state.over and state.last_standing == "B"


def test_rumble_wizard_who_kills_himself_and_his_last_foe_still_earns_the_token():
    """End of a Game: a Wizard who kills himself, leaving no Wizards alive, still earns the
    token (here damage to each wizard at once kills both the caster and his last foe)."""
    state, _ = run(new_spell_game("rumble", ["A", "B", "C"]), hit("A", 20, "B"))
    state.wizard("B").hp, state.wizard("C").hp = 4, 4
    state, events = run(state, {"type": "damage_each", "source": "C", "targets": ["C", "B"],
                                "amount": 5})
    assert [w.alive for w in state.wizards] == [False, False, False]
    assert state.over and state.last_standing == "C"
    assert state.wizard("C").last_wizard_standing_tokens == 1
    assert state.wizard("C").blood == 3  # for B; none for himself


def test_damage_each_lets_each_target_absorb_with_a_creature():
    """Creatures: the Creature negates the damage to its owner, not to other players."""
    state = with_creature()
    state, _ = run(state, {"type": "damage_each", "source": "B", "targets": ["A", "C"],
                           "amount": 6, "absorb": ["A"]})
    assert state.wizard("A").hp == 20 and state.wizard("C").hp == 14
    assert codes(state, {"type": "damage_each", "source": "B", "targets": ["A"], "amount": 1,
                         "absorb": ["A"]}) == ["no-creature"]


def test_anarchy_wizards_killed_at_once_take_dead_wizard_tokens_in_random_order():
    """Anarchy Champions: wizards killed at once collect Dead Wizard tokens at random."""
    orders = set()
    for seed in range(20):
        state = new_spell_game("anarchy", ["A", "B", "C"])
        state.dead_wizard_tokens_left = 1
        state = apply(state, {"type": "damage_each", "source": None, "targets": ["A", "B", "C"],
                              "amount": 20}, seed=seed).state
        assert state.over
        orders.add(next(w.name for w in state.wizards if w.dead_wizard_tokens))
    assert orders == {"A", "B", "C"}


def test_rumble_self_kill_of_the_last_two():
    """End of a Game: if the last living wizard kills himself, he is Last Wizard Standing."""
    state = new_spell_game("rumble", ["A", "B"])
    state.wizard("A").alive = False  # A died earlier this game
    state.deaths = ["A"]
    state, _ = run(state, hit("B", 20, "B"))
    assert state.over and state.last_standing == "B"
    assert state.wizard("B").last_wizard_standing_tokens == 1


def test_rumble_new_game_resets_hp_keeps_blood_and_returns_standee():
    """End of a Game / Blood / The Standee: Treasures, Creatures and hands are discarded,
    Blood is kept, the Standee goes back to the middle."""
    state, _ = run(new_spell_game("rumble", ["A", "B"]), {"type": "take_standee", "wizard": "B"},
                   {"type": "keep_creature", "wizard": "B", "creature": {"name": "Pal"}},
                   hit("A", 20, "B"))
    assert codes(new_spell_game("rumble", ["A", "B"]), {"type": "new_game"}) == ["game-not-over"]
    state, events = run(state, {"type": "new_game"})
    b = state.wizard("B")
    assert (b.hp, b.alive, b.creatures, b.blood) == (20, True, [], 4)
    assert state.standee is None and not state.over
    assert any("Dead Wizard" in e["text"] for e in events if e["type"] == "flag")


def test_rumble_match_ends_at_two_tokens():
    """Object of the Game: earn two Last Wizard Standing tokens to win the match."""
    state = new_spell_game("rumble", ["A", "B"])
    state, events = run(state, hit("A", 20, "B"), {"type": "new_game"}, hit("A", 20, "B"))
    assert any(e["type"] == "match-over" for e in events)
    assert codes(state, {"type": "new_game"}) == ["match-over"]


def test_quick_match_state_tracks_kills_per_game():
    """Quick Match Variant: results record each game's kills and last standing."""
    state = new_spell_game("rumble", ["A", "B", "C"], variant="quick")
    state, _ = run(state, hit("A", 20, "B"), hit("C", 20, "B"))
    assert state.results == [{"last_standing": "B", "kills": {"B": 2}}]


def test_a_quick_match_tied_after_three_games_is_over_and_shared():
    """Quick Match Variant: after 3 games compare scores; a tie the rulebook breaks no
    further is shared (quick-match-tie-without-lws): the match is over, no fourth game."""
    from engine.spellgames import rounds

    wizards = ["X", "B", "C", "D", "E", "F"]
    state = rounds.new_state("rumble", wizards, 3, variant="quick")
    core = rounds._core(state)
    core.results = [{"last_standing": "D", "kills": {"B": 2, "C": 2}}] * 2
    # the third game: B and C kill one each, the others fall by their own hand: B and C
    # tie at 5, neither ever last standing (D is, on 3)
    kills = [("E", "B"), ("F", "C"), ("X", "X"), ("B", "B"), ("C", "C")]
    core, events = run(core, *({"type": "damage", "target": victim, "amount": 20,
                                "source": killer} for victim, killer in kills))
    state = {**state, "game": core.to_dict(), "phase": "game-over"}
    assert rounds.is_terminal(state) and rounds.legal_actions(state) == []
    assert rounds.result(state)["shared_by"] == ["B", "C"]
    assert any(e["type"] == "match-over" and "share" in e["text"] for e in events)
    assert codes(core, {"type": "new_game"}) == ["match-over"]


def test_nobody_alive_without_a_self_kill_gives_the_token_to_the_caster_flagged():
    """Reading nobody-alive-without-self-kill: the rulebook covers only a wizard who kills
    himself (26.2); when a slain foe's Reaction kills everyone left, the wizard whose
    spell was resolving earns the token, and the table is told it is a reading."""
    state = new_spell_game("rumble", ["A", "C", "B"])
    state.casting = {"wizard": "A", "components": []}
    state.wizard("A").hp = state.wizard("C").hp = 2
    state, _ = run(state, hit("B", 20, "A"))
    state, events = run(state, {"type": "damage_each", "targets": ["A", "C"], "amount": 3,
                                "source": "B"})
    assert state.results[-1]["last_standing"] == "A"
    assert any(e["type"] == "flag" and "whose spell was resolving" in e["text"]
               for e in events)


def test_blood_payment_needs_enough_blood():
    """Blood: you cannot pay Blood you do not have."""
    state = new_spell_game("rumble", ["A", "B"])
    assert codes(state, {"type": "pay_blood", "wizard": "A", "amount": 1}) == ["not-enough-blood"]
    state, _ = run(state, {"type": "gain_blood", "wizard": "A", "amount": 30},
                   {"type": "pay_blood", "wizard": "A", "amount": 5})
    assert state.wizard("A").blood == 20


# --- anarchy death, Applause, Dead Wizard tokens, end of game ------------------

def test_anarchy_death_resets_hp_and_keeps_spell_treasures_and_creatures():
    """Anarchy Wizard Death: HP never below 0 and resets to 20 (1 HP and 3 damage -> 20, not
    18); discard the hand; keep Treasures and Creatures; gain a Dead Wizard token."""
    state = new_spell_game("anarchy", ["A", "B", "C"])
    state.wizard("A").hp = 1
    state.wizard("A").hand = ["card"]
    state, events = run(state, {"type": "gain_treasure", "wizard": "A", "treasure": "Orb"},
                        {"type": "keep_creature", "wizard": "A", "creature": {"name": "Pal"}},
                        hit("A", 3, "B", dead_wizard_token_glyph="dark"))
    a = state.wizard("A")
    assert (a.hp, a.alive, a.hand) == (20, True, [])
    assert a.treasures == ["Orb"] and [c.name for c in a.creatures] == ["Pal"]
    assert a.dead_wizard_tokens == ["dark"] and state.dead_wizard_tokens_left == 5
    assert any("unrevealed spell" in e["text"] for e in events)


def test_anarchy_killer_gains_an_applause_token():
    """Anarchy Quick Reference (When You Die): the player that killed you gains Applause."""
    state, events = run(new_spell_game("anarchy", ["A", "B", "C"]), hit("A", 20, "B"), seed=3)
    b = state.wizard("B")
    assert len(b.applause) == 1 and b.applause[0] in (2, 3, 4)
    assert sum(state.applause_pool.values()) == 29


def test_anarchy_applause_value_can_be_given():
    state, _ = run(new_spell_game("anarchy", ["A", "B"]), hit("A", 20, "B", applause_value=4))
    assert state.wizard("B").applause == [4] and state.applause_pool["4"] == 9


def test_anarchy_no_applause_for_killing_yourself_by_default():
    """Reading (open question): killing yourself earns no Applause unless the option is on."""
    state, _ = run(new_spell_game("anarchy", ["A", "B"]), hit("A", 20, "A"))
    assert state.wizard("A").applause == []
    state, _ = run(new_spell_game("anarchy", ["A", "B"], self_kill_applause=True),
                   hit("A", 20, "A"))
    assert len(state.wizard("A").applause) == 1


def test_anarchy_game_ends_when_the_last_dead_wizard_token_is_gone():
    """Anarchy End of Game: when Dead Wizard tokens run out (2 per wizard) the game ends at
    once."""
    state = new_spell_game("anarchy", ["A", "B"])
    for _ in range(3):
        state, _ = run(state, hit("A", 20, "B", applause_value=3))
    assert not state.over and state.dead_wizard_tokens_left == 1
    state, events = run(state, hit("B", 20, "A", applause_value=2))
    assert state.over
    over = next(e for e in events if e["type"] == "game-over")
    assert over["winner"] == "B"  # B: 9 - 2 = 7; A: 2 - 6 = -4
    assert codes(state, hit("A", 1, "B")) == ["game-over"]


def test_anarchy_has_no_blood_or_standee_effect():
    """Anarchy Specific Card Clarifications: the Arena Standee does nothing; no Blood."""
    state = new_spell_game("anarchy", ["A", "B"])
    assert codes(state, {"type": "take_standee", "wizard": "A"}) == ["not-in-game"]
    assert codes(state, {"type": "gain_blood", "wizard": "A", "amount": 1}) == ["not-in-game"]


def test_rumble_has_no_applause():
    state = new_spell_game("rumble", ["A", "B"])
    assert codes(state, {"type": "gain_applause", "wizard": "A"}) == ["not-in-game"]


def test_anarchy_applause_from_a_challenge():
    state, _ = run(new_spell_game("anarchy", ["A", "B"]),
                   {"type": "gain_applause", "wizard": "A", "value": 2})
    assert state.wizard("A").applause == [2]


@pytest.mark.parametrize("action,field", [
    ({"type": "explode"}, "action.type"),
    ({"type": "damage", "target": "Z", "amount": 1}, "wizard"),
    ({"type": "damage", "target": "A", "amount": -1}, "amount"),
    ({"type": "heal", "target": "A", "amount": "3"}, "amount"),
    ({"type": "gain_applause", "wizard": "A", "value": 5}, "applause_value"),
    ({"type": "damage_each", "targets": "A", "amount": 1}, "targets"),
    ({"type": "damage_each", "targets": ["A", "A"], "amount": 1}, "targets"),
    ({"type": "damage_each", "targets": ["A"], "amount": 1, "absorb": ["B"]}, "absorb"),
])
def test_bad_actions_raise_engine_error(action, field):
    with pytest.raises(EngineError) as err:
        apply(new_spell_game("anarchy", ["A", "B"]), action)
    assert err.value.field == field


def test_new_game_needs_two_to_six_unique_wizards():
    for wizards in (["A"], ["A", "A"], list("ABCDEFG")):
        with pytest.raises(EngineError):
            new_spell_game("rumble", wizards)


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 30)),
                max_size=40), st.sampled_from(["rumble", "anarchy"]))
def test_property_hp_and_blood_stay_in_bounds(hits, game):
    """HP stays within 0..25 and Blood within 0..25 whatever the damage."""
    names = ["A", "B", "C"]
    state = new_spell_game(game, names)
    for source, target, amount in hits:
        result = apply(state, hit(names[target], amount, names[source]), seed=amount)
        state = result.state
        for w in state.wizards:
            assert 0 <= w.hp <= 25 and 0 <= w.blood <= 25
        if game == "anarchy":
            dead_tokens = sum(len(w.dead_wizard_tokens) for w in state.wizards)
            assert dead_tokens + state.dead_wizard_tokens_left == 6


def test_legal_actions_follow_the_rules():
    """The Standee (rumble only) and End of a Game: legal actions pass preflight."""
    from engine.spellgames import legal_actions

    rumble = new_spell_game("rumble", ["A", "B"])
    kinds = {a["type"] for a in legal_actions(rumble)}
    assert {"take_standee", "reveal_spell", "end_round", "start_round"} <= kinds
    assert "new_game" not in kinds
    anarchy = new_spell_game("anarchy", ["A", "B"])
    assert "take_standee" not in {a["type"] for a in legal_actions(anarchy)}
    over, _ = run(rumble, hit("A", 20, "B"))
    assert [a["type"] for a in legal_actions(over)] == ["new_game"]
