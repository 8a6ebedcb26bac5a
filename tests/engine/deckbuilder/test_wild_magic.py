"""Wild Magic (6.12.2-6.12.4): the top card of a foe's deck is played as from hand, with
the same choices (a target, the attacked players' DEFENSE, an HP payment), made by the
Wild Magic's player once it is revealed (a pending ``foe-card``); it then goes to the foe's
discard pile, or stays in play in front of its new owner if ONGOING (ruling
wild-magic-foe-card)."""
import pytest

from engine.deckbuilder import TurnState
from engine.families import family_for
from tests.engine.deckbuilder import decline, first_devil_up
from tests.engine.playouts import assert_exactly_the_legal_moves

LUCKY, WAND, POT = "Lucky's Lucky Wand", "Burning Limp Wand", "Little Pot o' Gold"


def game(players=3, seed=2):
    st = first_devil_up(TurnState.new_game(players, False, seed=seed))
    for p in st.players:
        p.hand = []
    return st


def wild_magic(st, foe, top):
    """The active player plays Wild Magic on ``foe`` whose deck has ``top`` on top."""
    st.current.hand = ["Wild Magic"]
    foe.deck.insert(0, top)
    return st.apply({"type": "play", "card": "Wild Magic", "mode": "foe-deck",
                     "target": foe.name})


def test_luckys_lucky_wand_off_a_foes_deck_chooses_its_target_and_its_attack_resolves():
    st = game()
    me, foe, other = st.players
    events = wild_magic(st, foe, LUCKY)
    assert st.pending == {"type": "foe-card", "player": me.name, "card": LUCKY,
                          "foe": foe.name}
    assert st.actor() == me.name
    # target player: any player, even you (7.2), as when played from hand
    assert st.legal_actions() == [{"type": "foe-card", "player": me.name, "card": LUCKY,
                                   "target": p.name} for p in st.players]
    assert not any(e.get("flag") for e in events)
    st.apply({"type": "foe-card", "card": LUCKY, "target": other.name})
    # its ATTACK: the target decides whether they defend (6.2.2)
    assert st.pending["type"] == "defense" and st.actor() == other.name
    decline(st, other.name)
    assert other.hp == 15 and st.power == 1 and st.actor() == me.name
    assert foe.discard[-1] == LUCKY and LUCKY not in me.played + me.ongoing  # 6.12.3
    assert not st.flags


def test_luckys_lucky_wand_off_a_foes_deck_can_be_avoided_and_can_kill():
    st = game()
    me, foe, other = st.players
    foe.hand = ["Adam"]
    wild_magic(st, foe, LUCKY)
    st.apply({"type": "foe-card", "card": LUCKY, "target": foe.name})
    assert st.legal_actions() == [{"type": "defend", "player": foe.name, "card": "Adam"},
                                  {"type": "no-defense", "player": foe.name}]
    st.apply({"type": "defend", "player": foe.name, "card": "Adam"})
    assert foe.hp == 20 and st.power == 1
    # a kill by it gains its player a Little Pot o' Gold and the Standee
    other.hp = 3
    wild_magic(st, foe, LUCKY)
    st.apply({"type": "foe-card", "card": LUCKY, "target": other.name})
    decline(st, other.name)
    assert other.dead_wizard_tokens and st.standee == me.name and POT in me.discard


def test_a_burning_limp_wand_off_a_foes_deck_may_be_destroyed_for_4_hp():
    """6.13.2: whoever plays it may pay 4 HP (never down to 0) to destroy it; destroyed, it
    goes back to its stack (6.13.7), not to the foe's discard pile."""
    st = game()
    me, foe, _ = st.players
    stack = st.supplies[WAND]
    wild_magic(st, foe, WAND)
    assert st.legal_actions() == [
        {"type": "foe-card", "player": me.name, "card": WAND, "pay_hp": paid}
        for paid in (False, True)]
    st.apply({"type": "foe-card", "card": WAND, "pay_hp": True})
    assert me.hp == 16 and st.supplies[WAND] == stack + 1 and WAND not in foe.discard
    assert st.pending is None
    # unpaid, it goes to the foe's discard pile
    wild_magic(st, foe, WAND)
    st.apply({"type": "foe-card", "card": WAND, "pay_hp": False})
    assert foe.discard[-1] == WAND and me.hp == 16


def test_paying_for_a_foes_burning_limp_wand_is_refused_without_the_hp():
    st = game()
    me, foe, _ = st.players
    me.hp = 4
    wild_magic(st, foe, WAND)
    assert st.legal_actions() == [{"type": "foe-card", "player": me.name, "card": WAND,
                                   "pay_hp": False}]
    (problem,) = st.check({"type": "foe-card", "card": WAND, "pay_hp": True})
    assert problem.code == "hp-would-reach-zero" and problem.rule == "satanic-panic 6.13.2"


def test_other_moves_wait_for_the_foe_cards_choice_with_the_wild_magic_rule():
    st = game()
    me, foe, _ = st.players
    wild_magic(st, foe, LUCKY)
    me.hand = ["Glyph"]
    for action in ({"type": "end-turn"}, {"type": "play", "card": "Glyph"},
                   {"type": "foe-card", "card": "Glyph", "target": foe.name}):
        (problem,) = st.check(action)
        assert problem.code == "decision-pending" and problem.rule == "satanic-panic 6.12.2"
    (problem,) = st.check({"type": "foe-card", "card": LUCKY, "target": "Nobody"})
    assert problem.code == "bad-target" and problem.rule == "satanic-panic 7.2"
    (problem,) = st.check({"type": "foe-card", "card": LUCKY})
    assert problem.code == "bad-target"
    assert [p.code for p in st.check({"type": "foe-card", "card": LUCKY, "target": foe.name,
                                      "pay_hp": True})] == ["not-a-move"]
    assert [p.code for p in st.check({"type": "foe-card", "player": foe.name, "card": LUCKY,
                                      "target": foe.name})] == ["not-your-decision"]
    assert assert_exactly_the_legal_moves(family_for("satanic-panic"), st) > 5


def test_no_foe_card_move_without_one_waiting():
    st = game()
    (problem,) = st.check({"type": "foe-card", "card": LUCKY, "target": "Wizard 2"})
    assert problem.code == "no-foe-card" and problem.rule == "satanic-panic 6.12.2"


def test_wild_magic_off_a_foes_deck_chooses_its_own_mode():
    st = game()
    me, foe, other = st.players
    wild_magic(st, foe, "Wild Magic")
    assert st.legal_actions() == (
        [{"type": "foe-card", "player": me.name, "card": "Wild Magic", "mode": "power"}]
        + [{"type": "foe-card", "player": me.name, "card": "Wild Magic", "mode": "foe-deck",
            "target": p.name} for p in (foe, other)])
    other.deck.insert(0, "Glyph")
    st.apply({"type": "foe-card", "card": "Wild Magic", "mode": "foe-deck",
              "target": other.name})
    assert st.power == 1 and other.discard[-1] == "Glyph"
    assert foe.discard[-1] == "Wild Magic" and st.pending is None


def test_a_card_without_choices_resolves_at_once_and_an_ongoing_one_changes_owner():
    st = game()
    me, foe, _ = st.players
    wild_magic(st, foe, POT)
    assert st.pending is None and foe.discard[-1] == POT
    book = f"{foe.name}'s Spellbook"  # ONGOING (6.12.4)
    wild_magic(st, foe, book)
    assert st.pending is None and me.ongoing == [book] and book not in foe.discard


@pytest.mark.parametrize("top", [LUCKY, WAND, "Wild Magic", "Terrible Temptation",
                                 "The Satanic Shuffle", "Hellfire"])
def test_the_foe_cards_moves_are_exactly_the_legal_ones(top):
    """Property (tests/engine/playouts.py): each offered foe-card move applies; each near
    one not offered is refused with a reason and a rule."""
    st = first_devil_up(TurnState.new_game(3, True, seed=3))
    satan = next(p for p in st.players if p.satan)
    st.active = next(i for i, p in enumerate(st.players) if not p.satan)
    st.current.hp = 4  # the Wand's 4 HP cannot be paid: refused, not offered
    wild_magic(st, satan, top)
    assert st.pending is None or st.pending["type"] == "foe-card"
    assert assert_exactly_the_legal_moves(family_for("satanic-panic"), st) > 1
