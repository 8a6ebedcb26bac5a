"""``apply`` hands out what a waiting text may call for from the table's own stacks and
decks: Damned Wizard Tokens (6.16), Beelze-Butthole Tiles (6.18, at most 5, 4 max HP each:
ruling beelze-butthole-amount), Satan's Taints (6.20.3) and Summoned Demons (6.19.4); only
for a text waiting, by the player whose card it is; refused with its rule otherwise."""
import pytest

from engine.deckbuilder import TurnState
from engine.families import family_for
from tests.engine.deckbuilder import first_devil_up
from tests.engine.playouts import assert_exactly_the_legal_moves

TAINT = "Satan's Taint"
NEW = ({"do": "damned-wizard-tokens", "amount": 1, "target": "self"},
       {"do": "beelze-buttholes", "amount": 1, "target": "self"},
       {"do": "summon-demons", "amount": 1, "target": "self"},
       {"do": "summon-demons", "amount": 2, "target": "self"},
       {"do": "gain-card", "card": TAINT, "target": "self"})


def game(players=3, satan=False, seed=2):
    st = first_devil_up(TurnState.new_game(players, satan, seed=seed))
    for p in st.players:
        p.hand = []
    return st


def waiting_text(st):
    """The active player plays Satanic Wand, whose text is not given: flagged, theirs to
    apply, on any player."""
    st.current.hand = ["Satanic Wand"]
    st.apply({"type": "play", "card": "Satanic Wand"})
    (entry,) = st.by_hand_open
    assert entry["player"] == st.current.name and entry["targets"] is None


def apply(who, to, effect):
    return {"type": "apply", "player": who, "target": to, "effect": effect}


def offered(st):
    return [(a["target"], a["effect"]) for a in st.legal_actions() if a["type"] == "apply"]


def test_a_waiting_text_may_give_damned_tokens_tiles_taints_and_demons():
    st = game()
    me, foe, _ = st.players
    waiting_text(st)
    assert all((p.name, e) in offered(st) for p in st.players for e in NEW)
    damned = st.damned_wizard_token_stack[0]
    st.apply(apply(me.name, foe.name, NEW[0]))
    assert foe.damned_wizard_tokens == [damned]
    assert damned not in st.damned_wizard_token_stack
    # its face-up text is not given: flagged, the gainer's to apply by hand
    assert st.by_hand_open[-1]["player"] == foe.name and st.flags[-1]["card"] == damned
    foe.hp = 24
    st.apply(apply(me.name, foe.name, NEW[1]))
    assert foe.beelze_buttholes == 1 and foe.max_hp == 21 and foe.hp == 21
    demons = len(st.demon_deck)
    st.apply(apply(me.name, foe.name, NEW[3]))
    assert foe.ongoing == ["Demon", "Demon"] and len(st.demon_deck) == demons - 2
    taints = len(st.taint_deck)
    st.apply(apply(me.name, foe.name, NEW[4]))
    assert foe.discard[-1] == TAINT and len(st.taint_deck) == taints - 1
    # each kind once per player and text; a Taint and a Wand are two gains
    assert [p.code for p in st.check(apply(me.name, foe.name, NEW[4]))] == ["already-applied"]
    assert [p.code for p in st.check(apply(me.name, foe.name, NEW[2]))] == ["already-applied"]
    st.apply(apply(me.name, foe.name, {"do": "gain-card", "card": "Burning Limp Wand",
                                       "target": "self"}))
    assert foe.discard[-1] == "Burning Limp Wand"


def test_no_waiting_text_no_token_tile_taint_or_demon():
    st = game()
    me, foe, _ = st.players
    for effect in NEW:
        (problem,) = st.check(apply(me.name, foe.name, effect))
        assert problem.code == "nothing-to-apply" and problem.rule == "satanic-panic 6.10.1"
    waiting_text(st)
    st.active = 1  # as if it were another player's text: not theirs to apply
    (problem,) = st.check(apply(foe.name, me.name, NEW[1]))
    assert problem.code in ("not-your-text", "nothing-to-apply")


@pytest.mark.parametrize("setup, effect, code, ref", [
    (lambda st, p: setattr(p, "beelze_buttholes", 5), 1, "most-beelze-buttholes",
     "satanic-panic 6.18.3"),
    (lambda st, p: st.damned_wizard_token_stack.clear(), 0, "none-left",
     "satanic-panic 7.10.4"),
    (lambda st, p: st.demon_deck.clear(), 2, "none-left", "satanic-panic 6.19.4"),
    (lambda st, p: st.taint_deck.clear(), 4, "none-left", "satanic-panic 6.20.3"),
])
def test_none_left_or_no_room_is_refused_with_its_rule(setup, effect, code, ref):
    st = game()
    me, foe, _ = st.players
    waiting_text(st)
    setup(st, foe)
    (problem,) = st.check(apply(me.name, foe.name, NEW[effect]))
    assert problem.code == code and problem.rule == ref
    assert (foe.name, NEW[effect]) not in offered(st)
    assert assert_exactly_the_legal_moves(family_for("satanic-panic"), st) > 10


def test_two_demons_need_two_in_the_deck_and_the_fifth_tile_leaves_5_hp():
    st = game()
    me, foe, _ = st.players
    waiting_text(st)
    st.demon_deck[:] = ["Demon"]
    assert [p.code for p in st.check(apply(me.name, foe.name, NEW[3]))] == ["none-left"]
    assert st.check(apply(me.name, foe.name, NEW[2])) == []
    foe.beelze_buttholes, foe.hp = 4, 9
    st.apply(apply(me.name, foe.name, NEW[1]))
    assert foe.max_hp == 5 and foe.hp == 5  # 8.15.1


def test_satan_cannot_take_a_tile_but_takes_a_taint():
    """8.15.2: no Beelze-Butthole on Satan. A Satan's Taint cannot be refused (6.20.4), by
    Satan either (ruling satan-and-unrefusable-cards)."""
    st = game(satan=True)
    satan = next(p for p in st.players if p.satan)
    st.active = next(i for i, p in enumerate(st.players) if not p.satan)
    waiting_text(st)
    (problem,) = st.check(apply(st.current.name, satan.name, NEW[1]))
    assert problem.code == "satan-immune" and problem.rule == "satanic-panic 8.15.2"
    st.apply(apply(st.current.name, satan.name, NEW[4]))
    assert satan.discard[-1] == TAINT
    st.apply(apply(st.current.name, satan.name, {"do": "gain-card",
                                                 "card": "Burning Limp Wand",
                                                 "target": "self"}))
    assert satan.discard[-1] == "Burning Limp Wand"
    assert assert_exactly_the_legal_moves(family_for("satanic-panic"), st) > 10


def test_a_free_table_gives_them_without_a_text_and_says_so():
    st = TurnState.new_game(2, seed=1, free=True)
    me = st.current
    events = st.apply(apply(me.name, me.name, NEW[0]))
    assert me.damned_wizard_tokens
    assert any(e.get("flag") and e["text"].startswith("Free table:") for e in events)
