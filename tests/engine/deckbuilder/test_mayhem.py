"""Mayhems (6.14), GROUP ATTACKS (6.3.4-6.3.5), Hellfire and Demons: what the rulebook
states runs; the texts it does not print are applied by hand (apply actions)."""
from engine.deckbuilder import TurnState, buy_check
from engine.deckbuilder.setup import LINE_UP_SIZE
from tests.engine.deckbuilder import decline, first_devil_up

FAMILIAR = "Adam"


def game(players=3, satan=False, seed=1):
    st = first_devil_up(TurnState.new_game(players, satan, seed=seed))
    for p in st.players:
        p.hand = []
    return st


def reveal(st, *cards):
    """End Wizard 1's turn with one Line-Up slot empty and ``cards`` on the main deck."""
    st.line_up.pop()
    st.main_deck[:len(cards)] = list(cards)
    return st.apply({"type": "end-turn"})


def damage(who, to, amount):
    return {"type": "apply", "player": who, "target": to,
            "effect": {"do": "damage", "amount": amount, "target": "self"}}


def test_a_mayhem_resolving_when_revealed():
    st = game()
    w1, w2, w3 = st.players
    reveal(st, "Mayhem", "Glyph")
    w3.hand = [FAMILIAR]
    # Turn step 1 for Wizard 2: the Mayhem entered the Line-Up and the refill waits (6.14.2).
    assert st.current is w2 and st.table_event["card"] == "Mayhem"
    assert st.line_up[-1] == "Mayhem" and len(st.line_up) == LINE_UP_SIZE
    assert st.main_deck[0] == "Glyph" and st.actor() == w2.name
    assert st.legal_actions() == [{"type": "mayhem", "player": w2.name, "attack": True},
                                  {"type": "mayhem", "player": w2.name, "attack": False}]
    assert st.check({"type": "end-turn"})[0].code == "event-resolving"
    # An ATTACK: DEFENSE clockwise from the active player (6.14.4); only Wizard 3 has one,
    # but each is asked (6.2.2).
    st.apply({"type": "mayhem", "player": w2.name, "attack": True})
    decline(st, w2.name)
    assert st.actor() == w3.name and st.pending["type"] == "defense"
    st.apply({"type": "defend", "player": w3.name, "card": FAMILIAR})
    decline(st, w1.name)
    # Its text is not given: applied by hand to those who did not avoid it (6.14.5).
    targets = {a["target"] for a in st.legal_actions() if a["type"] == "apply"}
    assert targets == {w1.name, w2.name} and st.actor() == w2.name
    assert st.check(damage(w2.name, w3.name, 2))[0].code == "bad-target"
    st.apply(damage(w2.name, w1.name, 2))
    assert w1.hp == 18
    events = st.apply({"type": "resolved", "player": w2.name})
    # To the destroyed pile, then replaced by the top card of the main deck (6.14.6).
    assert st.destroyed[-1] == "Mayhem" and "Mayhem" not in st.line_up
    assert st.line_up[-1] == "Glyph" and st.table_event is None and st.actor() == w2.name
    assert [e["rule"] for e in events if "destroyed pile" in e["text"]] == ["satanic-panic 6.14.6"]


def test_mayhems_one_after_another_each_resolve_before_the_next_enters():
    st = game()
    reveal(st, "Mayhem", "Mayhem", "Glyph")
    for _ in range(2):
        assert st.line_up.count("Mayhem") == 1
        st.apply({"type": "mayhem", "attack": False})  # not an ATTACK: nobody avoids it
        assert {a["target"] for a in st.legal_actions() if a["type"] == "apply"} == {
            p.name for p in st.players}
        st.apply({"type": "resolved"})
    assert st.line_up[-1] == "Glyph" and st.destroyed.count("Mayhem") >= 2


def test_a_mayhem_that_kills_earns_nobody_the_standee():
    st = game()
    w1, w2, _ = st.players
    reveal(st, "Mayhem", "Glyph")
    w1.hp = 2
    st.apply({"type": "mayhem", "attack": False})
    events = st.apply(damage(w2.name, w1.name, 5))
    assert w1.dead_wizard_tokens and st.standee is None
    assert any(e["rule"] == "satanic-panic 6.17" and "nobody gains" in e["text"] for e in events)


def test_mayhems_in_the_opening_line_up_are_destroyed_unresolved():
    for seed in range(40):
        st = TurnState.new_game(2, False, seed=seed)
        if "Mayhem" in st.destroyed:
            break
    assert "Mayhem" in st.destroyed and "Mayhem" not in st.line_up
    assert st.table_event is None and len(st.line_up) == LINE_UP_SIZE


def test_a_mayhem_revealed_while_gaining_from_the_main_deck_is_destroyed():
    st = game()
    me = st.current
    st.main_deck[:2] = ["Mayhem", "Glyph"]
    line_up = list(st.line_up)
    assert st.gain_from_main_deck(me) is None
    assert st.destroyed[-1] == "Mayhem" and me.discard == [] and st.main_deck[0] == "Glyph"
    assert st.line_up == line_up and st.table_event is None  # no interaction, no replacement
    assert st.gain_from_main_deck(me) == "Glyph" and me.discard == ["Glyph"]


def test_a_mayhem_can_never_be_bought():
    st = game()
    st.line_up[0], st.power = "Mayhem", 20
    answer = buy_check(st, st.current.name, "Mayhem")
    assert not answer["legal"] and answer["problems"][0]["code"] == "never-bought"


def test_a_legendary_devils_group_attack_resolves_from_the_next_player():
    """End of Turn 6 and 6.3.5: flipped face up, its GROUP ATTACK hits every player in
    player order from the one about to take their turn; then that turn starts."""
    st = game()
    w1, w2, w3 = st.players
    st.power = 20
    st.apply({"type": "buy", "source": "legendary-devil"})
    devil = st.legendary_devils[0]
    events = st.apply({"type": "end-turn"})
    assert st.table_event["kind"] == "group-attack" and st.table_event["card"] == devil
    assert st.devil_face_up and st.current is w1 and st.actor() == w2.name
    assert any(e.get("flag") and e["card"] == devil for e in events)
    decline(st, w2.name, w3.name, w1.name)
    st.apply(damage(w2.name, w1.name, 1))
    assert w1.hp == 19
    st.apply({"type": "resolved", "player": w2.name})
    assert st.table_event is None and st.current is w2 and st.turn == 2


def test_the_first_legendary_devil_is_flipped_at_the_end_of_the_first_turn():
    """Setup never turns the stack's top face up, so Hell's Pulsating Asshole cannot be
    defeated on the first turn and its GROUP ATTACK resolves at End of Turn 6 of that
    turn (our ruling first-legendary-devil-reveal, 3.3.2 / 4.4.6 / 6.3.4)."""
    st = TurnState.new_game(3, False, seed=1)
    w1, w2, w3 = st.players
    devil = st.legendary_devils[0]
    assert devil == "Hell's Pulsating Asshole" and not st.devil_face_up
    st.power = 20
    refused = buy_check(st, w1.name, {"source": "legendary-devil"})
    assert not refused["legal"] and refused["problems"][0]["rule"] == "satanic-panic 6.3.2"
    assert not any(a.get("source") == "legendary-devil" for a in st.legal_actions())
    st.apply({"type": "end-turn"})
    assert st.table_event["kind"] == "group-attack" and st.table_event["card"] == devil
    assert st.devil_face_up and st.legendary_devils[0] == devil and st.actor() == w2.name
    for player in st.players:
        player.hand = []  # nobody holds a DEFENSE: the attack hits all, resolved by hand
    decline(st, w2.name, w3.name, w1.name)
    st.apply({"type": "resolved", "player": w2.name})
    assert st.current is w2 and st.table_event is None
    st.power = 20
    assert buy_check(st, w2.name, {"source": "legendary-devil"})["legal"]


def test_group_attack_defense_order_starts_with_the_next_player():
    st = game()
    w1, w2, w3 = st.players
    st.power = 20
    st.apply({"type": "buy", "source": "legendary-devil"})
    w2.hand, w3.hand = [FAMILIAR], [FAMILIAR]
    st.apply({"type": "end-turn"})
    assert st.actor() == w2.name
    st.apply({"type": "no-defense", "player": w2.name})
    assert st.actor() == w3.name
    st.apply({"type": "defend", "player": w3.name, "card": FAMILIAR})
    decline(st, w1.name)
    assert {a["target"] for a in st.legal_actions() if a["type"] == "apply"} == {w1.name, w2.name}


def test_hellfire_is_unavoidable_and_its_text_is_applied_by_hand():
    st = game(players=2, satan=True)
    satan, wizard = st.players
    satan.hand, wizard.hand, wizard.hp = ["Hellfire"], [FAMILIAR], 3
    events = st.apply({"type": "play", "card": "Hellfire"})
    assert st.pending is None  # UNAVOIDABLE: no DEFENSE is offered (8.17.3)
    assert [e["rule"] for e in events if e.get("flag")] == ["satanic-panic 8.17.3"]
    assert st.by_hand_open
    st.apply(damage(satan.name, wizard.name, 3))  # Satan is the source: the kill is Satan's
    assert st.standee == satan.name and satan.penta_coins == 1


def test_a_summoned_demon_is_ongoing_and_its_text_is_flagged():
    st = game(players=3, satan=True)
    satan = st.players[0]
    satan.hand = ["Terrible Temptation"]
    card = st.line_up[0]
    events = st.apply({"type": "play", "card": "Terrible Temptation",
                       "deal": {"player": "Wizard 1", "card": card, "demons": 2}})
    assert satan.ongoing == ["Demon", "Demon"]
    assert len([e for e in events if e.get("flag") and e["card"] == "Demon"]) == 2
