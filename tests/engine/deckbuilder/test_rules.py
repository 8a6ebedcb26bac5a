"""Satanic Panic rules: buying, HP, death, the turn and end of turn, end of game."""
import json

import pytest

from engine.core import EngineError
from engine.deckbuilder import TurnState, buy_check, gain_beelze_butthole, heal, max_hp
from engine.deckbuilder.cards import STANDEE
from engine.deckbuilder.health import hp_after_death, pay_hp_problem
from tests.engine.deckbuilder import decline, first_devil_up

HIVE = "The Hive"


def game(players=3, satan=False, seed=1, **kw):
    return first_devil_up(TurnState.new_game(
        players, satan, seed=seed, card_defs={HIVE: {"cost": 4, "kind": "main"}}, **kw))


def play(st, card, **extra):
    return st.apply({"type": "play", "card": card, **extra})


def codes(result):
    return [p["code"] for p in result["problems"]]


# --- buying -------------------------------------------------------------------

def test_sample_turn_four_glyphs_buy_a_cost_4_card():
    """Sample Turn Sequence: 4 Glyphs and 1 Fizzle give 4 Power, enough for The Hive."""
    st = game()
    me = st.current
    me.hand = ["Glyph"] * 4 + ["Fizzle"]
    st.line_up[0] = HIVE
    for _ in range(4):
        play(st, "Glyph")
    play(st, "Fizzle")
    assert st.power == 4
    assert buy_check(st, me.name, HIVE)["legal"]
    st.apply({"type": "buy", "source": "line-up", "card": HIVE})
    assert HIVE in me.discard and HIVE not in st.line_up and st.power == 0
    st.apply({"type": "end-turn"})
    assert st.current is not me


def test_buy_any_cards_whose_total_cost_fits_the_power():
    """Gameplay: combined cost <= Power; leftover Power stays for more buys."""
    st = game()
    st.power = 4
    st.line_up[:2] = ["Stand-in card (cost 2, +1 Power, 1 VP)"] * 2
    for _ in range(2):
        st.apply({"type": "buy", "source": "line-up", "card": "Stand-in card (cost 2, +1 Power, 1 VP)"})
    assert st.power == 0
    assert codes(buy_check(st, st.current.name, "Wild Magic")) == ["not-enough-power"]


def test_familiar_costs_6_and_only_your_own():
    """Oversized Wizards, Familiars, and Spellbooks: your own Familiar, always 6."""
    st = game()
    me, other = st.players[0], st.players[1]
    st.power = 5
    assert codes(buy_check(st, me.name, {"source": "familiar"})) == ["not-enough-power"]
    st.power = 6
    ok = buy_check(st, me.name, {"source": "familiar"})
    assert ok["legal"] and ok["cost"] == 6
    assert "not-your-own" in codes(buy_check(st, me.name, f"{other.name}'s Familiar"))
    assert "not-your-own" in codes(buy_check(st, me.name, {"source": "familiar",
                                                           "owner": other.name}))
    st.apply({"type": "buy", "source": "familiar"})
    assert f"{me.name}'s Familiar" in me.discard
    st.power = 6
    assert codes(buy_check(st, me.name, {"source": "familiar"})) == ["already-bought"]


def test_spellbook_only_your_own_at_its_printed_cost():
    """Familiars and Spellbooks: your Spellbook at its own cost."""
    st = game(spellbook_costs={"Wizard 1": 9})
    st.power = 8
    assert codes(buy_check(st, "Wizard 1", {"source": "spellbook"})) == ["not-enough-power"]
    st.power = 9
    assert buy_check(st, "Wizard 1", {"source": "spellbook"})["cost"] == 9
    assert "not-your-own" in codes(buy_check(st, "Wizard 1", "Wizard 2's Spellbook"))


def test_wild_magic_costs_3_and_any_number_may_be_bought():
    """Wild Magic: 3 Power each, as many as you can pay for."""
    st = game()
    st.power = 9
    for _ in range(3):
        assert buy_check(st, st.current.name, "Wild Magic")["cost"] == 3
        st.apply({"type": "buy", "source": "wild-magic"})
    assert st.current.discard.count("Wild Magic") == 3 and st.supplies["Wild Magic"] == 13
    assert codes(buy_check(st, st.current.name, "Wild Magic")) == ["not-enough-power"]


def test_one_legendary_devil_per_turn():
    """Legendary Devils: the next one stays face down until the turn is over."""
    st = game()
    first = st.legendary_devils[0]
    st.power = 40
    st.apply({"type": "buy", "source": "legendary-devil"})
    assert first in st.current.discard and not st.devil_face_up
    assert codes(buy_check(st, st.current.name, {"source": "legendary-devil"})) == [
        "one-legendary-devil-per-turn"]
    events = st.apply({"type": "end-turn"})
    assert st.devil_face_up
    assert any(e.get("flag") == "not-run" and "GROUP ATTACK" in e["text"] for e in events)
    decline(st, "Wizard 2", "Wizard 3", "Wizard 1")  # each is asked, from the next player
    st.power = 40
    assert buy_check(st, st.current.name, {"source": "legendary-devil"})["legal"]


@pytest.mark.parametrize("card", ["Mayhem", "Burning Limp Wand", "Demon", "Satan's Taint"])
def test_mayhems_wands_demons_and_taints_are_never_bought(card):
    """Mayhem, Burning Limp Wand, Demon and Satan's Taint sections: never bought."""
    st = game()
    st.power = 99
    result = buy_check(st, st.current.name, card)
    assert not result["legal"] and "never-bought" in codes(result)


def test_satan_never_buys():
    """You Are Above the Mortal's Game: Satan does not buy."""
    st = game(satan=True)
    assert st.current.satan
    st.power = 99
    assert "satan-never-buys" in codes(buy_check(st, "Satan", "Wild Magic"))
    assert not [a for a in st.legal_actions() if a["type"] == "buy"]


def test_only_the_active_player_buys_and_state_dicts_are_accepted():
    """Turn Sequence: buying is an action of your turn; buy_check takes a stored state."""
    st = game()
    st.power = 9
    assert "not-your-turn" in codes(buy_check(st.to_dict(), "Wizard 2", "Wild Magic"))
    assert buy_check(st.to_dict(), "Wizard 1", "Wild Magic")["legal"]
    with pytest.raises(EngineError) as err:
        buy_check(st, "Nobody", "Wild Magic")
    assert err.value.field == "player"


def test_a_card_not_in_the_line_up_cannot_be_bought():
    st = game()
    st.power = 99
    assert codes(buy_check(st, "Wizard 1", HIVE)) == ["not-in-line-up"]


# --- HP -------------------------------------------------------------------------

def test_max_hp_25_each_beelze_butthole_covers_4():
    """Beelze-Butthole Tiles: five tiles leave 5 HP, so each covers 4; Satan immune."""
    assert [max_hp(tiles=n) for n in range(6)] == [25, 21, 17, 13, 9, 5]
    assert max_hp(tiles=5, satan=True) == 25
    sixth = gain_beelze_butthole(5, 5)
    assert not sixth["gained"] and sixth["tiles"] == 5
    assert gain_beelze_butthole(0, 24)["hp"] == 21
    assert not gain_beelze_butthole(0, 20, satan=True)["gained"]


def test_healing_past_25_still_counts_as_healed():
    """Specific Card Clarifications (Healing): stops at 25 but counts as healing."""
    out = heal(24, 5, 25)
    assert out["hp"] == 25 and out["healed"] and out["gained"] == 1
    assert heal(25, 3, 25)["healed"]


def test_paying_hp():
    """Spending HP: only HP you have; a Burning Limp Wand may not take you to 0."""
    assert pay_hp_problem(3, 4).code == "not-enough-hp"
    assert pay_hp_problem(4, 4) is None
    assert pay_hp_problem(4, 4, keep_one=True).code == "hp-would-reach-zero"
    assert pay_hp_problem(5, 4, keep_one=True) is None


def test_burning_limp_wand_destroyed_for_4_hp_goes_back_to_its_stack():
    """Burning Limp Wand: destroyed when played by paying 4 HP, back on its stack."""
    st = game()
    me = st.current
    me.hand = ["Burning Limp Wand", "Burning Limp Wand"]
    st.supplies["Burning Limp Wand"] = 14
    me.hp = 5
    play(st, "Burning Limp Wand", pay_hp=True)
    assert me.hp == 1 and st.supplies["Burning Limp Wand"] == 15
    with pytest.raises(EngineError) as err:
        play(st, "Burning Limp Wand", pay_hp=True)
    assert err.value.code == "not-enough-hp"
    me.hp = 4
    with pytest.raises(EngineError) as err:
        play(st, "Burning Limp Wand", pay_hp=True)
    assert err.value.code == "hp-would-reach-zero"
    play(st, "Burning Limp Wand", pay_hp=False)
    assert me.played == ["Burning Limp Wand"]


# --- death ----------------------------------------------------------------------

def lucky_game(**kw):
    st = game(ability_tiles=["lucky-wand"], **kw)
    while not st.current.name.startswith("Wizard 1"):
        st.apply({"type": "end-turn"})
    st.current.hand = ["Lucky's Lucky Wand"]
    return st


def test_death_gives_a_dead_wizard_token_hp_20_and_the_standee():
    """Dead Wizard Tokens / Satan's Salute Standee: die below 1 HP, random DWT, 20 HP;
    the killer gains the standee (and, by Lucky's Lucky Wand, a Little Pot o' Gold)."""
    st = lucky_game()
    target = st.player("Wizard 2")
    target.hand = []
    target.hp = 5
    top_token = st.dead_wizard_token_stack[0]
    play(st, "Lucky's Lucky Wand", target="Wizard 2")
    decline(st, "Wizard 2")
    assert target.dead_wizard_tokens == [top_token]
    assert target.hp == 20
    assert st.standee == "Wizard 1"
    assert "Little Pot o' Gold" in st.current.discard
    assert any(f["card"] == top_token for f in st.flags)


def test_no_standee_for_killing_yourself():
    """Satan's Salute Standee: not gained for killing yourself."""
    st = lucky_game()
    st.current.hp = 3
    play(st, "Lucky's Lucky Wand", target="Wizard 1")
    assert st.current.hp == 20 and len(st.current.dead_wizard_tokens) == 1
    assert st.standee is None


def test_no_standee_when_a_mayhem_kills_and_demons_die_with_their_owner():
    """Standee: nobody gains it from a Mayhem kill. Demon: destroyed when the owner dies."""
    st = game()
    victim = st.player("Wizard 2")
    victim.ongoing = ["Demon", "Wizard 2's Spellbook"]
    st.damage(victim, 30, None)
    assert st.standee is None
    assert victim.ongoing == ["Wizard 2's Spellbook"] and st.demons_destroyed == ["Demon"]


def test_reset_hp_never_above_a_lowered_maximum():
    """Reading: with 5 Beelze-Buttholes the reset is 5 HP, not 20."""
    assert hp_after_death(5) == 5 and hp_after_death(25) == 20
    st = game()
    victim = st.player("Wizard 2")
    victim.beelze_buttholes = 5
    st.damage(victim, 99, None)
    assert victim.hp == 5


def test_satan_kill_gives_a_penta_coin_and_satan_death():
    """Penta-Coins: Satan gains one per kill. Death as Satan: Demons discarded, DWT
    (effect ignored), killer gets the standee, HP 20."""
    st = game(players=3, satan=True)
    satan, wizard = st.player("Satan"), st.player("Wizard 1")
    st.damage(wizard, 25, satan)
    assert satan.penta_coins == 1 and st.standee == "Satan"
    satan.ongoing = ["Demon", "Demon"]
    st.damage(satan, 25, wizard)
    assert satan.hp == 20 and satan.ongoing == [] and st.demon_discard == ["Demon", "Demon"]
    assert len(satan.dead_wizard_tokens) == 1 and st.standee == "Wizard 1"
    assert not [f for f in st.flags if f["card"] == satan.dead_wizard_tokens[0]]


def test_defense_decision_belongs_to_the_target():
    """ATTACKS and DEFENSES: the target may avoid the ATTACK with a DEFENSE card."""
    st = lucky_game()
    target = st.player("Wizard 2")
    target.hand = ["Wizard 2's Familiar"]
    target.hp = 5
    play(st, "Lucky's Lucky Wand", target="Wizard 2")
    assert st.actor() == "Wizard 2"
    assert {a["type"] for a in st.legal_actions()} == {"defend", "no-defense"}
    with pytest.raises(EngineError):
        st.apply({"type": "end-turn"})
    st.apply({"type": "defend", "player": "Wizard 2", "card": "Wizard 2's Familiar"})
    assert target.hp == 5 and st.actor() == "Wizard 1"


# --- the turn -------------------------------------------------------------------

def test_end_of_turn_steps():
    """End of Turn 1-7: hand and played cards to discard, Power lost, draw 5, next player."""
    st = game()
    me = st.current
    me.hand = ["Glyph", "Glyph", "Fizzle"]
    me.deck = ["Glyph"] * 7
    me.discard = []
    play(st, "Glyph")
    events = st.apply({"type": "end-turn"})
    assert sorted(me.discard) == ["Fizzle", "Glyph", "Glyph"]
    assert me.played == [] and st.power == 0 and len(me.hand) == 5 and len(me.deck) == 2
    assert [e["text"][:2] for e in events if e["text"][:1].isdigit()] == [
        "1.", "2.", "3.", "4.", "5.", "6.", "7."]
    assert st.current.name == "Wizard 2"


def test_shuffle_only_when_a_card_is_needed():
    """Shuffling Your Deck: an empty deck is not refilled until a card is needed."""
    st = game()
    me = st.current
    me.hand = ["Little Pot o' Gold", "Glyph"]
    me.deck = []
    me.discard = ["Fizzle", "Fizzle", "Glyph"]
    play(st, "Glyph")
    assert me.deck == [] and len(me.discard) == 3
    events = play(st, "Little Pot o' Gold")
    assert any("shuffled" in e["text"] for e in events)
    assert len(me.hand) == 2 and len(me.deck) == 1 and me.discard == []


def test_wild_magic_for_power_or_a_foes_top_card():
    """Wild Magic: +2 Power, or play the top card of a foe's deck (it goes to their discard)."""
    st = game()
    me, foe = st.current, st.player("Wizard 2")
    me.hand = ["Wild Magic", "Wild Magic"]
    play(st, "Wild Magic", mode="power")
    assert st.power == 2
    foe.deck = ["Glyph", "Fizzle"]
    play(st, "Wild Magic", mode="foe-deck", target="Wizard 2")
    assert st.power == 3 and foe.discard[-1] == "Glyph" and foe.deck == ["Fizzle"]
    with pytest.raises(EngineError):
        play(st, "Wild Magic")


def test_standee_destroys_a_card_once_per_turn():
    """Satan's Salute Standee: once per turn destroy a card in hand or discard pile."""
    st = game()
    st.standee = st.current.name
    st.current.hand = ["Fizzle", "Fizzle"]
    st.apply({"type": "activate", "card": STANDEE, "zone": "hand", "target": "Fizzle"})
    assert st.current.hand == ["Fizzle"] and "Fizzle" in st.destroyed
    with pytest.raises(EngineError) as err:
        st.apply({"type": "activate", "card": STANDEE, "zone": "hand", "target": "Fizzle"})
    assert err.value.code == "once-per-turn"


def test_satan_with_the_standee_gains_any_of_the_top_three():
    """Satan guide, Satan's Salute Standee: Satan looks at the top 3 Satan stack cards and
    gains 1 of them, any of the 3 (as The Satanic Shuffle offers); a fourth is refused."""
    st = game(players=3, satan=True)
    satan = st.current
    st.standee, st.satan_stack = satan.name, ["a", "b", "c", "d"]
    offered = [a for a in st.legal_actions() if a.get("card") == STANDEE]
    assert [a["choice"] for a in offered] == [0, 1, 2]
    for bad in (3, 1.0, True, "1"):
        assert st.check({**offered[0], "choice": bad})[0].code == "bad-choice"
    st.apply(offered[2])
    assert "c" in satan.discard and st.satan_stack == ["d", "a", "b"]


def test_satanic_shuffle_and_terrible_temptation():
    """Satan guide: The Satanic Shuffle (gain 1 of the top 3, 2 to the bottom) and
    Terrible Temptation (a deal: a Line-Up card on top of a deck for 1 or 2 Demons)."""
    st = game(players=3, satan=True)
    satan = st.current
    st.satan_stack = ["a", "b", "c", "d"]
    satan.hand = ["The Satanic Shuffle", "Terrible Temptation"]
    play(st, "The Satanic Shuffle", choice=1)
    assert "b" in satan.discard and st.satan_stack == ["d", "a", "c"]
    card = st.line_up[0]
    play(st, "Terrible Temptation", deal={"player": "Wizard 1", "card": card, "demons": 2})
    assert st.player("Wizard 1").deck[0] == card and satan.ongoing.count("Demon") == 2


def test_terrible_temptation_without_a_deal_draws_a_card():
    st = game(players=3, satan=True)
    satan = st.current
    satan.hand = ["Terrible Temptation"]
    play(st, "Terrible Temptation")
    assert len(satan.hand) == 1


def test_unknown_card_text_is_flagged_not_skipped():
    """Effects the engine cannot run are flagged."""
    st = game()
    st.current.hand = ["Satanic Wand"]
    events = play(st, "Satanic Wand")
    assert events[-1]["flag"] == "not-run" and st.power == 0


# --- end of game ----------------------------------------------------------------

@pytest.mark.parametrize("reason", ["legendary-devils", "dead-wizard-tokens", "line-up"])
def test_game_ends_at_end_of_turn_on_each_condition(reason):
    """End of Game: checked during the end of turn."""
    st = game()
    if reason == "legendary-devils":
        st.legendary_devils = []
    elif reason == "dead-wizard-tokens":
        st.dead_wizard_token_stack = []
    else:
        st.main_deck = []
        st.line_up.pop()
    assert not st.is_terminal()
    st.apply({"type": "end-turn"})
    assert st.is_terminal() and reason in st.end_reasons
    assert st.result["winner"] or st.result["tied"]
    assert st.legal_actions() == []


def test_the_game_ends_before_a_new_legendary_devil_is_revealed():
    """End of Game (5.1) is checked during the end of turn; the ruling end-of-game-timing
    (a conflict) reads it as after End of Turn step 5: the devil bought this turn leaves
    the next one face down and its GROUP ATTACK never resolves."""
    from pathlib import Path

    from engine.rule_refs import rule

    fixture = json.loads((Path(__file__).parents[3] / "fixtures/satanic-panic.json").read_text())
    (ruling,) = [r for r in fixture["games"][0]["rulings"] if r["slug"] == "end-of-game-timing"]
    assert ruling["kind"] == "conflict" and "instead of revealing a new Legendary Devil" in \
        ruling["engine_reading"]
    st = game()
    st.power = 20
    st.apply({"type": "buy", "source": "legendary-devil"})
    st.dead_wizard_token_stack = []  # an end condition holds at this end of turn
    devil = st.legendary_devils[0]
    events = st.apply({"type": "end-turn"})
    assert st.is_terminal() and "dead-wizard-tokens" in st.end_reasons
    assert st.table_event is None and not st.devil_face_up
    assert not any(e.get("card") == devil and e.get("flag") for e in events)
    steps = [e["text"][:2] for e in events if e["rule"] == rule("satanic-panic.end-of-turn")]
    assert steps[-1] == "5." and "6." not in steps


def test_immediate_end_option_from_the_satan_guide():
    """Satan guide End of Game 'ends immediately' as the end_timing option."""
    st = game(end_timing="immediate")
    st.power = 99
    st.legendary_devils = st.legendary_devils[:1]
    st.apply({"type": "buy", "source": "legendary-devil"})
    assert st.is_terminal()


def test_turn_state_json_round_trip():
    """State is JSON: to_dict / from_dict give the same game."""
    st = game(players=4, satan=True)
    st.apply({"type": "end-turn"})
    data = json.loads(json.dumps(st.to_dict()))
    again = TurnState.from_dict(data)
    assert again.to_dict() == st.to_dict()
    assert again.legal_actions() == st.legal_actions()


def test_illegal_actions_raise_and_change_nothing():
    st = game()
    before = st.to_dict()
    with pytest.raises(EngineError) as err:
        st.apply({"type": "play", "card": "Asmodeus"})
    assert err.value.field == "action" and st.to_dict() == before


def test_sandbox_table_matches_the_setup_endpoint_for_a_seed():
    """The sandbox starts from the same seeded setup as satanic-panic/setup."""
    from engine.deckbuilder import satanic_panic_setup

    st = TurnState.new_game(4, True, seed=5)
    table = satanic_panic_setup(4, True, seed=5)
    assert st.line_up == table["line_up"]
    assert st.legendary_devils == table["legendary_devils"]["stack"]
    assert len(st.dead_wizard_token_stack) == table["dead_wizard_tokens"]
    assert all(len(p.hand) == 5 for p in st.players)
