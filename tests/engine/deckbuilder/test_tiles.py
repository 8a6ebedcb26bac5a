"""The Wizard Ability Tiles in play (Ability Tile Cards 6.21, Tile Clarifications 7.11)."""
from engine.deckbuilder import TurnState, buy_check
from tests.engine.deckbuilder import first_devil_up


def game(tiles, players=2, seed=5):
    return first_devil_up(TurnState.new_game(players, False, seed=seed, ability_tiles=tiles))


def test_the_dead_wizard_tokens_tile_gains_2_at_the_first_turn_and_destroys_2_at_the_end():
    """7.11.1: the 2 tokens come from those left out of the stack, not from the stack."""
    st = game(["dead-wizard-tokens"])
    me = st.players[0]
    stack = list(st.dead_wizard_token_stack)
    assert len(me.dead_wizard_tokens) == 2 and me.tile_first_turn_done
    assert st.dead_wizard_token_stack == stack  # the stack is untouched
    assert not set(me.dead_wizard_tokens) & set(stack)
    assert any(e["rule"] == "satanic-panic 7.11.1" for e in st.log)
    # Gained as on a death: a token's face-up effect acts now (6.15.4), by hand where the
    # rulebook does not give its text.
    for token in me.dead_wizard_tokens:
        assert any(f["card"] == token for f in st.flags) or any(
            e["text"] == f"{me.name} gains {token}." for e in st.log), token
    # Only once: the next turns gain nothing more.
    for _ in range(4):
        st.apply({"type": "end-turn"})
    assert len(me.dead_wizard_tokens) == 2
    me.dead_wizard_tokens.append("DWT 11")  # worth -6: the one to destroy
    rows = {r["name"]: r for r in st.final_tally()}
    assert len(rows[me.name]["dead_wizard_tokens"]) == 1
    assert "DWT 11" not in rows[me.name]["dead_wizard_tokens"]


def test_lil_buddies_are_set_aside_for_their_owner_only():
    st = game([None, "lil-buddies"])
    assert st.players[1].set_aside == ["Lil' Buddies"] * 7 and st.players[0].set_aside == []
    assert "Lil' Buddies" not in st.players[1].owned_cards()


def test_the_familiar_discount_tile_makes_familiars_cost_4():
    st = game(["familiar-discount"])
    me, other = st.players
    st.power = 4
    assert buy_check(st, me.name, {"source": "familiar"})["cost"] == 4
    assert buy_check(st, me.name, {"source": "familiar"})["legal"]
    st.line_up[0] = "Adam"
    st.card_defs["Adam"] = {**st.card("Adam").as_dict(), "cost": 5}
    assert buy_check(st, me.name, "Adam")["cost"] == 3  # main-deck Familiars too
    st.apply({"type": "end-turn"})
    assert buy_check(st, other.name, "Adam")["cost"] == 5


def test_the_familiar_discount_tile_may_put_a_bought_familiar_on_top_of_the_deck():
    """7.11.2: "When you gain a Familiar, you may put it on top of your deck", the
    Wizard's own and Adam or Steve from the Line-Up; only the tile's owner is offered it."""
    st = game(["familiar-discount"])
    me, other = st.players
    st.power, st.line_up[0] = 20, "Adam"
    own, adam = me.familiar, {"type": "buy", "player": me.name, "source": "line-up",
                              "card": "Adam", "top": True}
    offered = [a for a in st.legal_actions() if a.get("top")]
    assert offered == [adam, {"type": "buy", "player": me.name, "source": "familiar",
                              "top": True}]
    events = st.apply(offered[1])
    assert me.deck[0] == own and own not in me.discard
    assert any(e["rule"] == "satanic-panic 7.11.2" for e in events)
    st.apply(adam)
    assert me.deck[:2] == ["Adam", own]
    st.apply({"type": "end-turn"})
    st.power, st.line_up[0] = 20, "Steve"
    assert not any(a.get("top") for a in st.legal_actions())
    assert st.check({"type": "buy", "source": "line-up", "card": "Steve", "top": True})[0].code \
        == "not-a-move"


# --- PRIDE (Dead Wizard Tokens 6.15.6) ------------------------------------------

def pride_kill(owned=()):
    """Wizard 1 kills Wizard 2 with Lucky's Lucky Wand; the top Dead Wizard Token is PRIDE."""
    st = TurnState.new_game(2, False, seed=5, ability_tiles=["lucky-wand"])
    victim = st.players[1]
    victim.hand = ["Glyph", "Fizzle", "Fizzle", "Satanic Wand"]
    victim.hp = 3
    victim.dead_wizard_tokens = list(owned)
    st.dead_wizard_token_stack[0] = "PRIDE"
    st.current.hand = ["Lucky's Lucky Wand"]
    st.apply({"type": "play", "card": "Lucky's Lucky Wand", "target": victim.name})
    if st.pending and st.pending["type"] == "defense":
        st.apply({"type": "no-defense", "player": victim.name})
    return st, victim


def test_prides_discard_is_the_victims_decision():
    st, victim = pride_kill()
    assert victim.dead_wizard_tokens == ["PRIDE"]
    assert st.actor() == victim.name and st.pending["count"] == 1
    offered = st.legal_actions()
    assert {a["card"] for a in offered} == {"Glyph", "Fizzle", "Satanic Wand"}
    assert st.check({"type": "end-turn", "player": victim.name})[0].code == "decision-pending"
    st.apply({"type": "discard", "player": victim.name, "card": "Fizzle"})
    assert victim.hand == ["Glyph", "Fizzle", "Satanic Wand"] and victim.discard[-1] == "Fizzle"
    assert st.pending is None and st.actor() == st.players[0].name
    assert any(e["rule"] == "satanic-panic 6.15.6" for e in st.log)


def test_a_second_pride_discards_3():
    st, victim = pride_kill(owned=["PRIDE"])
    assert st.pending["count"] == 3
    for card in ["Glyph", "Fizzle", "Fizzle"]:
        st.apply({"type": "discard", "player": victim.name, "card": card})
    assert victim.hand == ["Satanic Wand"] and st.pending is None


def _gatherer_game(tiles, gains):
    """Wizard 1 holds a catalog card (the test's) that gains ``gains``, then gives +1 Power."""
    card = {"name": "Test Gatherer", "entry": "test-gatherer", "type": "spell", "cost": 4,
            "vp": 1, "copies": 1, "text": "test text", "keywords": [], "abilities": [
                {"trigger": "resolved", "effects": [{"do": "gain-card", "card": gains},
                                                    {"do": "gain-power", "amount": 1}]}]}
    st = first_devil_up(TurnState.new_game(2, False, seed=5, ability_tiles=tiles,
                                           catalog={"main": [card]}))
    st.players[0].hand = ["Test Gatherer"]
    return st


def test_a_familiar_gained_by_an_effect_may_go_on_top_of_the_tile_owners_deck():
    """7.11.2: "When you gain a Familiar, you may put it on top of your deck"; "This can be
    used when you gain Adam or Steve from the main deck." Gained by a card's effect, it
    lands in the discard pile and its owner chooses; the effect then goes on."""
    from engine.deckbuilder.abilities import MAIN_DECK_TOP

    for top in (True, False):
        st = _gatherer_game(["familiar-discount"], MAIN_DECK_TOP)
        me = st.players[0]
        st.main_deck[0] = "Adam"
        st.apply({"type": "play", "card": "Test Gatherer"})
        assert st.actor() == me.name and st.power == 0  # the effect waits for the choice
        assert st.legal_actions() == [
            {"type": "familiar-top", "player": me.name, "card": "Adam", "top": False},
            {"type": "familiar-top", "player": me.name, "card": "Adam", "top": True}]
        assert st.check({"type": "end-turn"})[0].code == "decision-pending"
        deck = list(me.deck)
        events = st.apply({"type": "familiar-top", "player": me.name, "card": "Adam",
                           "top": top})
        assert any(e["rule"] == "satanic-panic 7.11.2" for e in events)
        assert st.power == 1 and st.pending is None
        if top:
            assert me.deck == ["Adam", *deck] and "Adam" not in me.discard
        else:
            assert me.deck == deck and me.discard[-1] == "Adam"
        stored = TurnState.from_dict(st.to_dict())
        assert stored.player(me.name).deck == me.deck


def test_a_familiar_gained_from_the_line_up_by_an_effect_is_offered_too():
    st = _gatherer_game(["familiar-discount"], "Adam")
    st.line_up[0] = "Adam"
    st.apply({"type": "play", "card": "Test Gatherer"})
    assert st.pending == {"type": "familiar-top", "player": st.players[0].name, "card": "Adam"}


def test_without_the_tile_or_a_familiar_a_gained_card_goes_to_the_discard_pile():
    """Cards gained go to the discard pile unless instructed otherwise (4.1.8)."""
    from engine.deckbuilder.abilities import MAIN_DECK_TOP

    st = _gatherer_game([None, "familiar-discount"], MAIN_DECK_TOP)
    st.main_deck[0] = "Adam"
    st.apply({"type": "play", "card": "Test Gatherer"})
    assert st.pending is None and st.players[0].discard[-1] == "Adam" and st.power == 1
    st = _gatherer_game(["familiar-discount"], MAIN_DECK_TOP)
    st.main_deck[0] = "Glyph"
    st.apply({"type": "play", "card": "Test Gatherer"})
    assert st.pending is None and st.players[0].discard[-1] == "Glyph"
    refused = st.check({"type": "familiar-top", "card": "Glyph", "top": True})[0]
    assert (refused.code, refused.rule) == ("no-familiar-gained", "satanic-panic 7.11.2")
