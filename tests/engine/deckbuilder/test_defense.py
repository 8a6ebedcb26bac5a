"""A catalog card with a DEFENSE is offered as one (issue 29), Satanic Panic 6.2.

The Familiars all have a DEFENSE (6.1.3); a catalog card has one when its entry says so:
the DEFENSE keyword (its icon, 6.2.1), a ``defense`` ability or a text's "DEFENSE:".
The target of an ATTACK decides, on the attacker's turn (6.2.2, 6.2.6); a Mayhem ATTACK
asks the active player first, then clockwise (6.14.4); a GROUP ATTACK comes on no one's
turn (6.3.4-6.3.5). The DEFENSE text is read only when the card avoids an ATTACK (6.2.8).
Rumble and Anarchy have no DEFENSE (their rulebooks' word for avoiding damage is a
Creature's, tested with the spell games). Card names and texts here are the test's.
"""
import pytest

from engine.deckbuilder import TurnState
from engine.deckbuilder.cards import BUILTIN
from engine.deckbuilder.catalog import dealt
from tests.engine.deckbuilder import decline, decline_rest, first_devil_up

LUCKY = "Lucky's Lucky Wand"  # +1 Power; ATTACK: 5 damage to target player


def card(name, abilities, keywords=(), text="test text", cost=4):
    return {"name": name, "entry": name.lower().replace(" ", "-"), "type": "spell",
            "cost": cost, "vp": 1, "copies": 2, "text": text, "abilities": abilities,
            "keywords": list(keywords)}


POWER = [{"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 2}]}]
DRAWS = [*POWER, {"trigger": "defense", "effects": [{"do": "draw", "amount": 1}]}]
DISCARDS = [*POWER, {"trigger": "defense", "effects": [{"do": "discard", "amount": 1}]}]
HITS_ATTACKER = [*POWER, {"trigger": "defense", "effects": [
    {"do": "damage", "amount": 2, "target": "foe"}, {"do": "heal", "amount": 1}]}]
CATALOG = {"main": [
    card("Test Keyword Shield", POWER, keywords=["DEFENSE"]),
    card("Test Combo", POWER, keywords=["ATTACK/DEFENSE"]),
    card("Test Text Shield", POWER, text="+2 Power. DEFENSE: avoid it."),
    card("Test Drawing Shield", DRAWS),
    card("Test Discarding Shield", DISCARDS),
    card("Test Striking Shield", HITS_ATTACKER),
    card("Test Plain", POWER, text="+2 Power. No defense here."),
]}
SHIELDS = ["Test Keyword Shield", "Test Combo", "Test Text Shield", "Test Drawing Shield"]


def game(players=3, seed=2):
    st = first_devil_up(TurnState.new_game(players, False, seed=seed, catalog=CATALOG,
                                           ability_tiles=["lucky-wand", "enslave-ball"][:players]))
    for p in st.players:
        p.hand = []
    return st


def attack(st, foe):
    me = st.current
    me.hand = [LUCKY]
    st.apply({"type": "play", "card": LUCKY, "target": foe.name})


def test_the_catalog_says_which_cards_have_a_defense():
    """6.2.1: the DEFENSE icon, as the entry records it."""
    defs = dealt(CATALOG)["card_defs"]
    assert [n for n, d in defs.items() if d.get("defense")] == [
        "Test Keyword Shield", "Test Combo", "Test Text Shield", "Test Drawing Shield",
        "Test Discarding Shield", "Test Striking Shield"]
    assert not BUILTIN["Glyph"].defense


@pytest.mark.parametrize("shield", SHIELDS)
def test_the_target_avoids_an_attack_with_a_catalog_defense_on_the_attackers_turn(shield):
    """6.2.2 / 6.2.6: only the target decides, out of their own turn; avoiding keeps the
    ATTACK card's other abilities (6.2.5: the +1 Power)."""
    st = game()
    me, foe = st.players[0], st.players[1]
    foe.hand = [shield, "Glyph"]
    attack(st, foe)
    assert st.current is me and st.actor() == foe.name
    assert st.legal_actions() == [{"type": "defend", "player": foe.name, "card": shield},
                                  {"type": "no-defense", "player": foe.name}]
    st.apply({"type": "defend", "player": foe.name, "card": shield})
    assert foe.hp == 20 and st.power == 1 and st.actor() == me.name and not st.runs
    assert shield in foe.hand


def test_not_defending_takes_the_attack():
    st = game()
    foe = st.players[1]
    foe.hand = ["Test Keyword Shield"]
    attack(st, foe)
    st.apply({"type": "no-defense", "player": foe.name})
    assert foe.hp == 20 - 5


def test_a_card_without_a_defense_is_refused_with_the_rule():
    """Not offered => refused: a card with no DEFENSE icon (6.2.1), a card not in hand,
    a DEFENSE with no ATTACK waiting (6.2.2)."""
    st = game()
    foe = st.players[1]
    foe.hand = ["Test Keyword Shield", "Test Plain"]
    assert st.check({"type": "defend", "player": foe.name, "card": "Test Keyword Shield"}
                    )[0].code == "not-your-decision"
    assert st.check({"type": "defend", "card": "Test Keyword Shield"})[0].rule == \
        "satanic-panic 6.2.2"
    attack(st, foe)
    offered = {a.get("card") for a in st.legal_actions()}
    assert offered == {"Test Keyword Shield", None}
    plain = st.check({"type": "defend", "player": foe.name, "card": "Test Plain"})
    assert (plain[0].code, plain[0].rule) == ("no-defense-ability", "satanic-panic 6.2.1")
    missing = st.check({"type": "defend", "player": foe.name, "card": "Test Combo"})
    assert (missing[0].code, missing[0].rule) == ("not-in-hand", "satanic-panic 6.2.2")


def test_the_defense_text_is_read_when_the_card_avoids_an_attack():
    """6.2.8: the DEFENSE text happens for the defender when used, not when played."""
    st = game()
    me, foe = st.players[0], st.players[1]
    foe.hand, foe.deck = ["Test Drawing Shield"], ["Fizzle", "Glyph"]
    attack(st, foe)
    events = st.apply({"type": "defend", "player": foe.name, "card": "Test Drawing Shield"})
    assert foe.hand == ["Test Drawing Shield", "Fizzle"] and foe.hp == 20
    assert any(e["rule"] == "satanic-panic 6.2.8" for e in events)
    # Played on its owner's turn, only the text above the DEFENSE happens.
    me.hand, me.deck, power = ["Test Drawing Shield"], ["Glyph"], st.power
    assert [a for a in st.legal_actions() if a.get("card") == "Test Drawing Shield"] == [
        {"type": "play", "player": me.name, "card": "Test Drawing Shield"}]
    st.apply({"type": "play", "card": "Test Drawing Shield"})
    assert st.power == power + 2 and me.deck == ["Glyph"]


def test_a_defense_text_on_the_attacker_is_flagged_not_guessed():
    st = game()
    me, foe = st.players[0], st.players[1]
    foe.hand, foe.hp = ["Test Striking Shield"], 10
    attack(st, foe)
    events = st.apply({"type": "defend", "player": foe.name, "card": "Test Striking Shield"})
    assert me.hp == 20 and foe.hp == 11
    assert any(e.get("flag") and e["card"] == "Test Striking Shield" for e in events)


def test_a_mayhem_attack_asks_the_active_player_first_then_clockwise():
    """6.14.4: the active player is asked on their own turn, the others out of theirs; a
    DEFENSE text's own decision (a discard) comes before the next player is asked; what
    would touch the attacker does nothing (6.14.5)."""
    st = game()
    w1, w2, w3 = st.players
    st.line_up.pop()
    st.main_deck[:2] = ["Mayhem", "Glyph"]
    st.apply({"type": "end-turn"})
    w2.hand, w3.hand = ["Test Discarding Shield", "Fizzle"], ["Test Striking Shield"]
    w1.hand = ["Test Keyword Shield"]
    st.apply({"type": "mayhem", "player": w2.name, "attack": True})
    assert st.current is w2 and st.actor() == w2.name
    st.apply({"type": "defend", "player": w2.name, "card": "Test Discarding Shield"})
    assert st.pending["type"] == "discard" and st.actor() == w2.name
    st.apply({"type": "discard", "player": w2.name, "card": "Fizzle"})
    assert st.actor() == w3.name and st.pending["type"] == "defense"
    w3.hp = 10
    st.apply({"type": "defend", "player": w3.name, "card": "Test Striking Shield"})
    assert w3.hp == 11 and w1.hp == w2.hp == 20
    assert st.actor() == w1.name
    st.apply({"type": "no-defense", "player": w1.name})
    targets = {a["target"] for a in st.legal_actions() if a["type"] == "apply"}
    assert targets == {w1.name}


def test_a_group_attack_is_avoided_on_no_ones_turn():
    """6.3.4-6.3.5: each player holding a DEFENSE may defend, from the next player."""
    st = game()
    w1, w2, w3 = st.players
    st.power = 20
    st.apply({"type": "buy", "source": "legendary-devil"})
    w2.hand, w3.hand = ["Test Text Shield"], ["Test Combo"]
    st.apply({"type": "end-turn"})
    assert st.table_event["kind"] == "group-attack" and st.actor() == w2.name
    st.apply({"type": "defend", "player": w2.name, "card": "Test Text Shield"})
    assert st.actor() == w3.name
    st.apply({"type": "defend", "player": w3.name, "card": "Test Combo"})
    decline(st, w1.name)  # asked too, with no DEFENSE card (6.2.2)
    targets = {a["target"] for a in st.legal_actions() if a["type"] == "apply"}
    assert targets == {w1.name}


def test_only_the_defender_sees_which_defense_cards_they_could_use():
    """The options are cards of the attacked player's hand: another seat's view shows
    neither them nor how many there are (engine.seat_views)."""
    from engine.seat_views import seat_view

    st = game()
    me, foe = st.players[0], st.players[1]
    foe.hand = ["Test Keyword Shield", "Test Combo", "Glyph"]
    attack(st, foe)
    stored = st.to_dict()
    theirs = seat_view("satanic-panic", stored, foe.name)
    mine = seat_view("satanic-panic", stored, me.name)
    assert theirs["pending"]["options"] == ["Test Combo", "Test Keyword Shield"]
    assert mine["pending"]["options"] == [] and "defense_options" not in mine["hidden"]
    assert mine["pending"]["player"] == foe.name


def test_a_card_used_as_a_defense_is_not_also_played():
    """6.2.7: a card is used one way only. Used as a DEFENSE on a foe's turn, it stays in
    hand (where it goes the rulebook does not say) and may defend again, but its owner
    cannot play it on their turn; an unused copy of it can be, and a discarded copy is the
    used one (copies are alike). The mark goes with the hand at the end of the turn."""
    st = game()
    w1, w2, w3 = st.players
    w2.hand = ["Test Keyword Shield", "Test Keyword Shield", "Glyph"]
    attack(st, w2)
    events = st.apply({"type": "defend", "player": w2.name, "card": "Test Keyword Shield"})
    assert any(e["rule"] == "satanic-panic 6.2.7" for e in events)
    w1.hand = [LUCKY]  # a second ATTACK the same turn: the used card may defend again
    st.apply({"type": "play", "card": LUCKY, "target": w2.name})
    assert {"type": "defend", "player": w2.name, "card": "Test Keyword Shield"} in \
        st.legal_actions()
    st.apply({"type": "defend", "player": w2.name, "card": "Test Keyword Shield"})
    assert w2.used_as_defense == ["Test Keyword Shield"] * 2
    st.apply({"type": "end-turn"})
    assert st.current is w2
    w2.hand = ["Test Keyword Shield", "Test Keyword Shield", "Test Keyword Shield", "Glyph"]
    stored = TurnState.from_dict(st.to_dict())
    for table in (st, stored):  # the mark is kept with the stored table
        refused = table.check({"type": "play", "card": "Test Keyword Shield"})
        assert refused == [] and table.current.playable("Test Keyword Shield")
    w2.hand.remove("Test Keyword Shield")  # two left, both used
    refused = st.check({"type": "play", "card": "Test Keyword Shield"})
    assert (refused[0].code, refused[0].rule) == ("used-as-defense", "satanic-panic 6.2.7")
    assert "Test Keyword Shield" not in {a.get("card") for a in st.legal_actions()}
    st.apply({"type": "end-turn"})
    assert w2.used_as_defense == [] and w2.hand != []


def test_the_log_does_not_tell_the_table_who_holds_no_defense():
    """I.T. Infernal Technician's clarification: a foe with no DEFENSE need not prove it.
    The log, which every seat reads, says the same of a player with none as of one who
    declines: each is asked, each declines."""
    def logged(hand):
        st = game()
        foe = st.players[1]
        foe.hand = hand
        attack(st, foe)
        decline(st, foe.name)
        return [e["text"] for e in st.log if e["rule"] == "satanic-panic 6.2.2"]

    assert logged(["Glyph"]) == logged(["Test Keyword Shield"])
    assert "Wizard 2 does not defend." in logged(["Glyph"])


# --- every attacked player is asked: the decision does not tell who holds a DEFENSE ------
NONE_HAND, SHIELD_HAND = ["Glyph", "Glyph"], ["Test Keyword Shield", "Glyph"]


def _waiting_on_a_card_attack(foe_hand):
    st = game()
    st.players[1].hand = list(foe_hand)
    attack(st, st.players[1])
    return st, st.players[1].name


def _waiting_on_a_mayhem_attack(foe_hand):
    """A Mayhem ATTACK asks the active player first (6.14.4): Wizard 2 here."""
    st = game()
    st.line_up.pop()
    st.main_deck[:2] = ["Mayhem", "Glyph"]
    st.apply({"type": "end-turn"})
    for p in st.players:
        p.hand = ["Glyph", "Glyph"]
    st.current.hand = list(foe_hand)
    st.apply({"type": "mayhem", "player": st.current.name, "attack": True})
    return st, st.current.name


def _waiting_on_a_group_attack(foe_hand):
    """A GROUP ATTACK asks the player about to take their turn first (6.3.5)."""
    st = game()
    st.power = 20
    st.apply({"type": "buy", "source": "legendary-devil"})
    for p in st.players:
        p.hand = ["Glyph", "Glyph"]
    st.players[1].hand = list(foe_hand)
    st.apply({"type": "end-turn"})
    for p in st.players:  # End of Turn 5 drew Wizard 1 a new hand before the flip
        p.hand = ["Glyph", "Glyph"] if p is not st.players[1] else list(foe_hand)
    return st, st.players[1].name


WAITING = [_waiting_on_a_card_attack, _waiting_on_a_mayhem_attack, _waiting_on_a_group_attack]


@pytest.mark.parametrize("waiting", WAITING)
def test_every_attacked_player_is_asked_so_no_seat_learns_who_holds_a_defense(waiting):
    """6.2.2 / I.T. Infernal Technician: at the table every attacked player is asked
    whether they defend. What another seat (or a spectator) sees while the ATTACK waits,
    its state and its legal actions, is the same whether the attacked player holds a
    DEFENSE card or none; only the attacked player's own view differs (their hand, their
    options)."""
    from engine.families import family_for
    from engine.seat_views import seat_actions, seat_view

    family = family_for("satanic-panic")
    tables = {}
    for hand in (NONE_HAND, SHIELD_HAND):
        st, asked = waiting(hand)
        assert st.pending["type"] == "defense" and st.actor() == asked
        tables[tuple(hand)] = (st, family.dump(st))
    (bare, bare_dump), (armed, armed_dump) = tables.values()
    assert bare.pending["options"] == [] and armed.pending["options"] == ["Test Keyword Shield"]
    for seat in [p.name for p in bare.players if p.name != asked] + [None]:
        assert seat_view("satanic-panic", bare_dump, seat) == \
            seat_view("satanic-panic", armed_dump, seat)
        assert seat_actions(bare.legal_actions(), seat, bare.actor()) == \
            seat_actions(armed.legal_actions(), seat, armed.actor())
    own = [seat_view("satanic-panic", d, asked)["pending"]["options"]
           for d in (bare_dump, armed_dump)]
    assert own == [[], ["Test Keyword Shield"]]


@pytest.mark.parametrize("waiting", WAITING)
def test_a_player_without_a_defense_card_may_only_decline_and_the_decline_is_logged(waiting):
    st, asked = waiting(NONE_HAND)
    assert st.legal_actions() == [{"type": "no-defense", "player": asked}]
    plain = st.check({"type": "defend", "player": asked, "card": "Glyph"})
    assert (plain[0].code, plain[0].rule) == ("no-defense-ability", "satanic-panic 6.2.1")
    assert st.check({"type": "end-turn", "player": asked})[0].code == "decision-pending"
    events = st.apply({"type": "no-defense", "player": asked})
    assert [e["rule"] for e in events if e["text"] == f"{asked} does not defend."] == [
        "satanic-panic 6.2.2"]


def test_an_attack_on_each_foe_asks_them_one_at_a_time_clockwise():
    """6.2.2: a foe who does not avoid the ATTACK is affected at once, before the next one
    is asked (its text needs no interaction among the players)."""
    each_foe = card("Test Each Foe", [{"trigger": "attack", "effects": [
        {"do": "damage", "amount": 2, "target": "each-foe"}]}], keywords=["ATTACK"])
    st = first_devil_up(TurnState.new_game(3, False, seed=2, catalog={
        "main": [*CATALOG["main"], each_foe]}))
    me, w2, w3 = st.players
    me.hand, w2.hand, w3.hand = ["Test Each Foe"], ["Glyph"], ["Test Keyword Shield"]
    st.apply({"type": "play", "card": "Test Each Foe"})
    assert st.actor() == w2.name and w3.hp == 20
    decline(st, w2.name)
    assert w2.hp == 18 and st.actor() == w3.name and w3.hp == 20
    assert decline_rest(st) == [w3.name] and w3.hp == 18
