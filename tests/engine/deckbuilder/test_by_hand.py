"""``apply`` carries out only text waiting to be applied, by the player whose card it is
(engine/deckbuilder/by_hand.py): no 99 Power on turn 1, no second damage from one Hellfire."""
from .test_mayhem import FAMILIAR, damage, game


def power(who, amount):
    return {"type": "apply", "player": who, "target": who,
            "effect": {"do": "gain-power", "amount": amount, "target": "self"}}


def test_apply_refuses_an_effect_no_waiting_text_gives():
    st = game()
    me = st.current.name
    assert [p.code for p in st.check(power(me, 99))] == ["nothing-to-apply"]
    assert [p.code for p in st.check(damage(me, st.players[1].name, 5))] == ["nothing-to-apply"]
    assert not [a for a in st.legal_actions() if a["type"] == "apply"]


def test_hellfire_is_applied_once_per_foe_by_satan_only_and_ends_with_the_turn():
    st = game(players=3, satan=True)
    satan = st.current
    foes = [p for p in st.players if p is not satan]
    satan.hand, foes[0].hand = ["Hellfire"], [FAMILIAR]
    st.apply({"type": "play", "card": "Hellfire"})
    (entry,) = st.by_hand_open
    assert entry["player"] == satan.name and entry["targets"] == [f.name for f in foes]
    # An ATTACK's effect lands on foes: not on Satan, and no Power for Satan from it.
    assert [p.code for p in st.check(damage(satan.name, satan.name, 2))] == ["bad-target"]
    assert [p.code for p in st.check(power(satan.name, 99))] == ["bad-target"]
    offered = [a for a in st.legal_actions() if a["type"] == "apply"]
    assert {a["target"] for a in offered} == {f.name for f in foes}
    hp = foes[0].hp
    st.apply(damage(satan.name, foes[0].name, 3))
    assert foes[0].hp == hp - 3
    assert [p.code for p in st.check(damage(satan.name, foes[0].name, 3))] == [
        "already-applied"]
    assert not [a for a in st.legal_actions() if a["type"] == "apply"
                and a["target"] == foes[0].name and a["effect"]["do"] == "damage"]
    st.apply(damage(satan.name, foes[1].name, 3))  # the other foe: once too
    st.apply({"type": "end-turn"})
    while st.pending or st.table_event:  # a Legendary Devil's GROUP ATTACK may come first
        st.apply(next(a for a in st.legal_actions() if a["type"] in (
            "no-defense", "resolved")))
    assert not [e for e in st.by_hand_open if not e["event"]]
    assert [p.code for p in st.check(damage(st.current.name, foes[0].name, 1))][0] in (
        "nothing-to-apply", "not-your-decision")


def test_another_players_waiting_text_is_theirs_to_apply():
    st = game(players=2, satan=True)
    satan, wizard = st.players
    satan.hand = ["Hellfire"]
    st.apply({"type": "play", "card": "Hellfire"})
    st.by_hand_open[0]["player"] = wizard.name  # as if the wizard's card had flagged it
    assert [p.code for p in st.check(damage(satan.name, wizard.name, 1))] == ["not-your-text"]


def test_a_free_table_applies_anything_and_says_so_in_the_log():
    from engine.deckbuilder import TurnState

    st = TurnState.new_game(2, seed=1, free=True)
    me = st.current
    events = st.apply(power(me.name, 2))
    assert st.power == 2
    assert any(e.get("flag") and e["text"].startswith("Free table:") for e in events)


def test_apply_amounts_stop_at_the_most_a_quoted_text_gives():
    """Hellfire's text is not printed: its damage is the player's, within Lucky's Lucky
    Wand's 5 (mayhem.APPLY_MOST); every amount offered applies, the next is refused."""
    st = game(players=2, satan=True)
    satan, wizard = st.players
    satan.hand = ["Hellfire"]
    st.apply({"type": "play", "card": "Hellfire"})
    offered = {a["effect"]["amount"] for a in st.legal_actions()
               if a["type"] == "apply" and a["effect"]["do"] == "damage"}
    assert offered == {1, 2, 3, 4, 5}
    problems = st.check(damage(satan.name, wizard.name, 6))
    assert [p.code for p in problems] == ["bad-effect"] and problems[0].rule == "satanic-panic 6.10.1"


def test_a_move_written_with_a_field_it_does_not_take_is_refused_with_its_rule():
    """legal_actions is exactly the moves (Turn Sequence, 4.3.3): a Glyph takes no pay_hp, end-turn no card;
    leaving out ``player`` names the player who decides now."""
    st = game()
    me = st.current
    me.hand = ["Glyph"]
    for action in ({"type": "play", "card": "Glyph", "pay_hp": False},
                   {"type": "end-turn", "card": "Glyph"}):
        problems = st.check(action)
        assert [p.code for p in problems] == ["not-a-move"], action
        assert problems[0].rule == "satanic-panic 4.3.3"
    assert st.check({"type": "play", "card": "Glyph"}) == []
    assert {"type": "play", "player": me.name, "card": "Glyph"} in st.legal_actions()
