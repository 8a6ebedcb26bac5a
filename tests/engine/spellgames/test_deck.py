"""Dealt spell rounds: the Main Deck, hands of eight, discards, Wild Magic from the deck,
Treasure and Dead Wizard decks, and Reactions run from a placed spell (engine core)."""
import random
from collections import Counter

import pytest

from engine.core import EngineError
from engine.families import family_for
from engine.spellgames import deck
from engine.spellgames import rounds as sr
from tests.engine.playouts import assert_exactly_the_legal_moves
from tests.sandbox.players import fixture_catalog, spell_player

NAMES = ["Ann", "Ben", "Cy"]


def dealt(game="rumble", seed=4, names=NAMES):
    return sr.new_state(game, names, seed, deal=True, catalog=fixture_catalog(game))


def every_card(state):
    cards = list(state["deck"]["main"]) + list(state["deck"]["discard"])
    for wizard in state["game"]["wizards"]:
        cards += wizard["hand"] + [c["card"] for c in wizard["creatures"] if c.get("card")]
    for spell in state["spells"].values():
        cards += [c["id"] for c in spell if c.get("id") and not c.get("discarded")
                  and c["id"] not in cards]
    return cards


@pytest.mark.parametrize(("game", "counts"), [
    ("rumble", {"source": 40, "quality": 40, "delivery": 40, "wild-magic": 8}),
    ("anarchy", {"source": 30, "quality": 30, "delivery": 30, "wild-magic": 8, "rally": 10})])
def test_the_main_deck_has_the_rulebooks_counts_with_the_catalog_cards(game, counts):
    events = []
    state = sr.new_state(game, NAMES, 4, deal=True, catalog=fixture_catalog(game),
                         events=events)
    cards = every_card(state)
    assert Counter(deck.card(state, c)["type"] for c in cards) == counts
    catalog = {c["name"] for c in fixture_catalog(game) if c["type"] in counts}
    dealt_names = {deck.card(state, c)["name"] for c in cards}
    assert catalog <= dealt_names  # every catalog entry of a spell type is in the deck
    assert len(state["deck"]["treasure"]) == 25
    assert len(state["deck"]["dead_wizard"]) == (25 if game == "rumble" else 0)
    assert any(e["rule"] == ("rumble 2.1" if game == "rumble" else "anarchy 1.1")
               for e in events)


def test_the_seed_shuffles_the_deck_and_deals_eight_each():
    one, again, other = dealt(seed=4), dealt(seed=4), dealt(seed=5)
    assert one == again and one["deck"]["main"] != other["deck"]["main"]
    assert [len(w["hand"]) for w in one["game"]["wizards"]] == [8, 8, 8]
    assert len(one["deck"]["main"]) == 128 - 24


def test_a_spell_is_built_from_the_hand_only():
    state = dealt()
    hand = state["game"]["wizards"][0]["hand"]
    adds = [a for a in sr.legal_actions(state) if a["type"] == "add_card" and a["wizard"] == "Ann"]
    assert sorted(a["card"] for a in adds) == sorted(hand)
    assert sr.check(state, {"type": "add_card", "wizard": "Ann",
                            "card": state["game"]["wizards"][1]["hand"][0]})[0].code == \
        "not-in-hand"
    with pytest.raises(EngineError):
        sr.check(state, {"type": "add_card", "wizard": "Ann",
                         "card": {"type": "source", "glyph": "dark"}})
    state, _ = sr.apply(state, adds[0])
    assert len(state["game"]["wizards"][0]["hand"]) == 7
    assert state["spells"]["Ann"][0]["id"] == adds[0]["card"]
    state, _ = sr.apply(state, {"type": "remove_card", "wizard": "Ann", "index": 0})
    assert sorted(state["game"]["wizards"][0]["hand"]) == sorted(hand)


def build_and_reveal(state, picks):
    """picks: {wizard: [card types]}: place the first hand card of each type, reveal."""
    for wizard, kinds in picks.items():
        for kind in kinds:
            hand = next(w["hand"] for w in state["game"]["wizards"] if w["name"] == wizard)
            card_id = next(c for c in hand if deck.card(state, c)["type"] == kind)
            state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card_id})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, events = sr.apply(state, {"type": "reveal"})
    return state, events


def test_resolved_spells_are_discarded_and_the_next_round_draws_back_to_eight():
    state, _ = build_and_reveal(dealt(), {"Ann": ["source"], "Ben": ["quality"], "Cy": ["source"]})
    rnd = random.Random(1)
    while state["phase"] == "resolve":
        state, _ = sr.apply(state, spell_player(state, sr.legal_actions(state), rnd))
    assert len(state["deck"]["discard"]) == 3 and state["phase"] in ("end", "game-over")
    state, events = sr.apply(state, {"type": "end_round"})
    assert [len(w["hand"]) for w in state["game"]["wizards"]] == [8, 8, 8]
    assert sum(e["type"] == "draw" and e["rule"] == "rumble 6.1" for e in events) == 3
    assert len(every_card(state)) == len(set(every_card(state))) == 128


def test_wild_magic_turns_over_main_deck_cards_until_the_slot_type():
    state = dealt(seed=9)
    # Put a Wild Magic card in Ann's hand (from the deck) and play it alone.
    wild = next(c for c in state["deck"]["main"] if deck.card(state, c)["type"] == "wild-magic")
    state["deck"]["main"].remove(wild)
    state["game"]["wizards"][0]["hand"].append(wild)
    for wizard in NAMES:
        hand = next(w["hand"] for w in state["game"]["wizards"] if w["name"] == wizard)
        card_id = wild if wizard == "Ann" else next(
            c for c in hand if deck.card(state, c)["type"] == "source")
        state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card_id})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    while sr.caster(state) != "Ann":
        state, _ = sr.apply(state, spell_player(state, sr.legal_actions(state), random.Random(2)))
    top = state["deck"]["main"]
    first = next(i for i, c in enumerate(top) if deck.card(state, c)["type"] == "source")
    turned, found = top[:first], top[first]
    assert sr.check(state, {"type": "replace_wild_magic", "wizard": "Ann",
                            "card": {"type": "source", "glyph": "dark"}})[0].code == \
        "deck-decides"
    discards = len(state["deck"]["discard"])
    state, events = sr.apply(state, {"type": "replace_wild_magic", "wizard": "Ann"})
    assert sr.current_card(state)["id"] == found
    assert state["deck"]["discard"][discards:] == turned + [wild]
    assert any(e["rule"] == "rumble 19.3" for e in events)


# A catalog card the engine cannot run (no ability language): resolved by hand.
PLAIN = {"type": "delivery", "name": "Plain Delivery", "glyph": "dark", "initiative": 20,
         "creature": True, "entry": "plain-delivery", "stand_in": False}


def by_hand_turn(seed=4):
    """A dealt rumble table where Ann's one-card spell, a by-hand Creature, is resolving."""
    catalog = fixture_catalog("rumble") + [PLAIN]
    state = sr.new_state("rumble", NAMES, seed, deal=True, catalog=catalog)
    ann = state["game"]["wizards"][0]
    ann["hand"][0] = f"999:e{len(catalog) - 1}"
    state, _ = sr.apply(state, {"type": "add_card", "wizard": "Ann", "card": ann["hand"][0]})
    for wizard in NAMES:
        if wizard != "Ann":
            add = next(a for a in sr.legal_actions(state)
                       if a["type"] == "add_card" and a["wizard"] == wizard)
            state, _ = sr.apply(state, add)
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    while sr.caster(state) != "Ann":  # the others' cards play themselves
        kinds = {a["type"]: a for a in sr.legal_actions(state)}
        state, _ = sr.apply(state, next(kinds[k] for k in (
            "play_reaction", "replace_wild_magic", "power_roll", "play_card", "next")
            if k in kinds))
    assert sr.current_card(state)["name"] == "Plain Delivery"
    return state


def test_a_slain_wizard_discards_the_hand_and_draws_dead_wizard_cards():
    state = by_hand_turn()
    hand = list(state["game"]["wizards"][1]["hand"])
    state, events = sr.apply(state, {"type": "damage", "target": "Ben", "amount": 25,
                                     "source": "Ann"})
    assert state["game"]["wizards"][1]["hand"] == []
    assert state["deck"]["discard"][-len(hand):] == sorted(hand)
    assert len(state["dead_wizard_cards"]["Ben"]) == 1
    assert len(state["deck"]["dead_wizard"]) == 24
    assert any(e["type"] == "dead-wizard-card" for e in events)


def test_a_by_hand_card_gets_one_declared_effect_and_free_edits_are_refused():
    """A card the engine cannot run: one effect applied by hand, then next; a dealt table
    takes no free-form edit (the issue's unlimited damage stream)."""
    state = by_hand_turn()
    first = {"type": "damage", "target": "Ben", "amount": 2, "source": "Ann"}
    assert first in sr.legal_actions(state)
    assert sr.check(state, {**first, "source": "Ben"})[0].code == "not-your-turn"
    assert sr.check(state, {**first, "amount": 26})[0].code == "amount"
    state, _ = sr.apply(state, first)
    again = sr.check(state, first)
    assert again[0].code == "effect-declared" and again[0].rule == "rumble 11.1"
    assert not any(a["type"] in sr.DECLARED_EFFECTS for a in sr.legal_actions(state))
    state, _ = sr.apply(state, {"type": "next", "wizard": "Ann"})
    refused = sr.check(state, first)
    assert refused and refused[0].rule


def test_a_treasure_comes_from_the_top_of_the_treasure_deck():
    state = by_hand_turn()
    top = state["deck"]["treasure"][0]
    state["deck"]["treasure"], state["deck"]["treasure_discard"] = [], []
    assert sr.check(state, {"type": "gain_treasure", "wizard": "Ann"})[0].code == "no-treasure"
    state = by_hand_turn()
    state, _ = sr.apply(state, {"type": "gain_treasure", "wizard": "Ann"})
    assert state["game"]["wizards"][0]["treasures"] == [top]
    assert len(state["deck"]["treasure"]) == 24


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_whole_dealt_games_keep_every_card(game):
    count = sum(deck.MAIN_DECK[game].values())
    for seed in range(3):
        state, rnd = dealt(game, seed), random.Random(seed)
        while not sr.is_terminal(state):
            assert len(every_card(state)) == len(set(every_card(state))) == count
            state, _ = sr.apply(state, spell_player(state, sr.legal_actions(state), rnd))


# --- Reactions run from the placed spell (rumble 23) --------------------------------
def card(kind, name, *abilities, glyph="dark", initiative=None):
    return {"type": kind, "name": name, "glyph": glyph, "initiative": initiative,
            "abilities": list(abilities)}


SELF_HARM = card("source", "Self-Harm Source", {"trigger": "resolved", "effects": [
    {"do": "damage", "amount": 20, "target": "self"}]})
REVENGE = card("quality", "Revenge Quality", {"trigger": "reaction", "effects": [
    {"do": "damage", "amount": 3, "target": "each-foe"}]})


def free_round(spells, seed=1):
    state = sr.new_state("rumble", list(spells), seed)
    for wizard, cards in spells.items():
        for c in cards:
            state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": c})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    return state


def test_a_reaction_runs_after_a_self_inflicted_death():
    """rumble 23.4: your own Source kills you; the Quality's Reaction still triggers."""
    state = free_round({"Ann": [SELF_HARM, REVENGE], "Ben": [card("source", "Dark Source")],
                        "Cy": [card("source", "Dark Source")]})
    while sr.caster(state) != "Ann":
        state, _ = sr.apply(state, {"type": "next", "wizard": sr.caster(state)})
    assert REVENGE["name"] in [c["name"] for c in state["queue"] if c["reaction"]]
    state, events = sr.apply(state, {"type": "play_card", "wizard": "Ann"})
    assert not state["game"]["wizards"][0]["alive"]
    assert [a["type"] for a in sr.legal_actions(state)] == ["play_reaction"]
    assert sr.check(state, {"type": "next", "wizard": "Ann"})[0].code == "reaction-first"
    state, events = sr.apply(state, {"type": "play_reaction", "wizard": "Ann"})
    assert [w["hp"] for w in state["game"]["wizards"]] == [0, 17, 17]
    assert not state["reactions"]


def test_a_reaction_in_a_waiting_spell_triggers_when_a_foe_kills_you():
    bomb = card("source", "Big Source", {"trigger": "resolved", "effects": [
        {"do": "damage", "amount": 20, "target": "foe-left"}]})
    state = free_round({"Ann": [bomb], "Ben": [card("source", "Dark Source"), REVENGE],
                        "Cy": [card("source", "Dark Source"), card("quality", "Dark Quality")]})
    assert state["order"][0] == "Ann"  # one component: first
    state, events = sr.apply(state, {"type": "play_card", "wizard": "Ann"})
    assert not any(e.get("about") == "unrecorded-reactions" for e in events)
    assert state["reactions"][0]["wizard"] == "Ben"
    state, _ = sr.apply(state, {"type": "play_reaction", "wizard": "Ben"})
    assert [w["hp"] for w in state["game"]["wizards"]] == [17, 0, 17]


def test_a_resolved_spells_reaction_does_not_trigger():
    late = card("source", "Late Source", {"trigger": "resolved", "effects": [
        {"do": "damage", "amount": 20, "target": "foe-right"}]})
    state = free_round({"Ann": [REVENGE], "Ben": [late, card("quality", "Dark Quality")],
                        "Cy": [card("source", "Dark Source"), card("quality", "Dark Quality")]})
    assert state["order"][0] == "Ann"
    state, _ = sr.apply(state, {"type": "next", "wizard": "Ann"})
    while sr.caster(state) != "Ben":
        state, _ = sr.apply(state, {"type": "next", "wizard": sr.caster(state)})
    state, _ = sr.apply(state, {"type": "play_card", "wizard": "Ben"})  # kills Ann
    assert not state["game"]["wizards"][0]["alive"] and not state["reactions"]


def test_a_card_is_kept_as_a_creature_once():
    """A by-hand KEEP keeps the card resolving, once (one card, one Creature)."""
    state = by_hand_turn()
    creature = {"name": "Plain Delivery", "glyph": "dark",
                "card": sr.current_card(state)["id"]}
    other = {**creature, "card": state["game"]["wizards"][0]["hand"][0]}
    assert sr.check(state, {"type": "keep_creature", "wizard": "Ann",
                            "creature": other})[0].code == "not-this-creature"
    state, _ = sr.apply(state, {"type": "keep_creature", "wizard": "Ann", "creature": creature})
    problems = sr.check(state, {"type": "keep_creature", "wizard": "Ann", "creature": creature})
    assert [p.code for p in problems] == ["no-keep"]


def test_a_reaction_left_waiting_when_the_game_ends_is_refused_as_it_is_not_offered():
    """The last foe falls while a Reaction waits: the game is over (rumble 22), nothing
    is offered but a new game, and check refuses the Reaction as legal_actions leaves it."""
    state = free_round({"Ann": [card("source", "Dark Source")],
                        "Ben": [card("source", "Dark Source"), REVENGE]})
    state, _ = sr.apply(state, {"type": "damage", "target": "Ben", "amount": 25,
                                "source": "Ann"})
    assert state["phase"] == "game-over" and state["reactions"]
    assert sr.legal_actions(state) == [{"type": "new_game"}]
    assert sr.check(state, {"type": "play_reaction", "wizard": "Ben"})[0].code == "game-over"


def test_a_hand_without_a_component_casts_nothing_and_plays_no_rally():
    """A Spell needs a Component and Rally cards are played only with one (anarchy's
    empty-spell): a wizard holding only Rally cards readies with nothing placed, is not
    offered a Rally, and casts nothing; the round goes on for the others."""
    state = dealt("anarchy", names=("Ann", "Ben"))
    rallies = [c for c in state["deck"]["main"] if deck.card_read(state, c)["type"] == "rally"]
    ann = state["game"]["wizards"][0]
    state["deck"]["main"] = [c for c in state["deck"]["main"] if c not in rallies[:2]] + ann["hand"]
    ann["hand"] = rallies[:2]
    assert [a for a in sr.legal_actions(state) if a.get("wizard") == "Ann"] == [
        {"type": "ready", "wizard": "Ann"}]
    refused = sr.check(state, {"type": "add_card", "wizard": "Ann", "card": rallies[0]})
    assert refused[0].code == "rally-without-spell"
    ben = next(c for c in state["game"]["wizards"][1]["hand"]
               if deck.card_read(state, c)["type"] in ("source", "quality", "delivery"))
    for action in ({"type": "add_card", "wizard": "Ben", "card": ben},
                   {"type": "ready", "wizard": "Ben"}, {"type": "ready", "wizard": "Ann"}):
        state, _ = sr.apply(state, action)
    state, events = sr.apply(state, {"type": "reveal"})
    assert state["order"] == ["Ben"] and state["phase"] == "resolve"
    assert any("Ann has no Component to cast" in e["text"] for e in events)


# --- kept Creatures attack again (rumble 17.8 / 17.12, anarchy 17.9 / 17.13) --------
def _with_kept_creature(game, seed=4):
    """A dealt round where Ann has a stand-in Creature kept from an earlier round and
    casts one card of its glyph (so its roll has two dice); Ben casts one card."""
    from engine.spellgames.state import Creature

    state = dealt(game, seed=seed, names=("Ann", "Ben"))
    read = lambda c: deck.card_read(state, c)  # noqa: E731
    spells = {w["name"]: next(c for c in w["hand"] if read(c)["type"] in ("source", "quality")
                              and read(c)["glyph"]) for w in state["game"]["wizards"]}
    glyph = read(spells["Ann"])["glyph"]
    pal = next(c for c in state["deck"]["main"]
               if read(c)["type"] == "delivery" and read(c)["glyph"] == glyph)
    state["deck"]["main"].remove(pal)
    core = sr._core(state)
    core.wizard("Ann").creatures.append(Creature(read(pal)["name"], glyph, pal))
    state["game"] = core.to_dict()
    for wizard, card in spells.items():
        state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    return state, pal


def _play_turn(state, wizard, faces):
    """Resolve ``wizard``'s turn, every Power Roll showing ``faces`` on each die."""
    events = []
    while sr.caster(state) == wizard and state["phase"] == "resolve":
        legal = sr.legal_actions(state)
        kinds = {}
        for a in legal:  # each kind's first: a Creature does not absorb (False first)
            kinds.setdefault(a["type"], a)
        if "power_roll" in kinds:
            n = sr._power_dice(state, sr._core(state), wizard)["dice"]
            action = {**kinds["power_roll"], "dice": [faces] * n}
        else:
            action = kinds.get("play_card") or kinds.get("random_foe") or kinds["next"]
        state, produced = sr.apply(state, action)
        events += produced
    return state, events


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
@pytest.mark.parametrize("stays", [True, False])
def test_a_kept_creature_attacks_again_and_stays_only_on_a_keep(game, stays):
    """A Creature kept into the next round must attack again on its wizard's Initiative,
    with its Power Roll (its glyph and the spell's counted); a KEEP result keeps it, any
    other sends it to the discard pile at the end of that turn."""
    state, pal = _with_kept_creature(game)
    bands = deck.card_read(state, pal)["bands"]
    keeps = {total for b in bands if b["keep"]
             for total in range(b["low"], (b["high"] or 12) + 1)}
    faces = next(f for f in range(1, 7) if (2 * f in keeps) is stays)  # two dice
    before = []
    while sr.caster(state) != "Ann":
        state, before = _play_turn(state, sr.caster(state), 3)
    assert [c.get("kept", False) for c in state["queue"]] == [False, True]
    assert any("attacks again" in e["text"] and e["rule"].endswith(("17.8", "17.9"))
               for e in before)
    assert state["queue"][1]["id"] == pal
    state, events = _play_turn(state, "Ann", faces)
    rolled = [e for e in events if e["type"] == "roll" and "dice" in e]
    assert len(rolled) == 2 and len(rolled[1]["dice"]) == 2  # the spell's card + itself
    ann = state["game"]["wizards"][0]
    assert ([c["card"] for c in ann["creatures"]] == [pal]) is stays
    assert (pal in state["deck"]["discard"]) is not stays


@pytest.mark.parametrize("game", ["rumble", "anarchy"])
@pytest.mark.parametrize("stays", [True, False])
def test_a_kept_creature_attacks_even_when_its_wizard_casts_nothing(game, stays):
    """A hand with no Component casts nothing, but a kept Creature must still attack again
    on its wizard's Initiative, its Power Roll never skipped, and stays only on a KEEP
    (rumble 17.8, 17.12 / anarchy 17.9, 17.13): the wizard takes a turn at Initiative 0
    with no Component, before the spells (fewer Components act first)."""
    from engine.spellgames.state import Creature

    state = dealt(game, seed=4, names=("Ann", "Ben"))
    read = lambda c: deck.card_read(state, c)  # noqa: E731

    dice = 2 if game == "anarchy" else 1  # anarchy: a Dead Wizard token of its glyph too

    def faces_for(card):  # a face that, on every die, KEEPs it (or not)
        keeps = {t for b in read(card)["bands"] if b["keep"]
                 for t in range(b["low"], (b["high"] or 6 * dice) + 1)}
        return next((f for f in range(1, 7) if (dice * f in keeps) is stays), None)

    pal = next(c for c in state["deck"]["main"] if read(c)["type"] == "delivery"
               and read(c)["glyph"] and read(c)["bands"] and faces_for(c))
    state["deck"]["main"].remove(pal)
    core = sr._core(state)
    ann = core.wizard("Ann")
    ann.creatures.append(Creature(read(pal)["name"], read(pal)["glyph"], pal))
    if game == "anarchy":
        ann.dead_wizard_tokens.append(read(pal)["glyph"])
    state["deck"]["main"] += ann.hand
    ann.hand = []  # nothing to cast: the Main Deck is out of reach this round
    state["game"] = core.to_dict()
    ben = next(c for c in sr._hand(state, "Ben") if read(c)["type"] in ("source", "quality"))
    for action in ({"type": "add_card", "wizard": "Ben", "card": ben},
                   {"type": "ready", "wizard": "Ben"}, {"type": "ready", "wizard": "Ann"}):
        state, _ = sr.apply(state, action)
    state, events = sr.apply(state, {"type": "reveal"})
    assert state["order"] == ["Ann", "Ben"] and sr.caster(state) == "Ann"
    assert [c["id"] for c in state["queue"]] == [pal] and state["queue"][0]["kept"]
    assert state["order_info"]["turns"][0]["component_count"] == 0
    assert {"type": "next", "wizard": "Ann"} not in sr.legal_actions(state)  # roll first
    assert_exactly_the_legal_moves(family_for(game), state)
    state, events = _play_turn(state, "Ann", faces_for(pal))
    assert [e for e in events if e["type"] == "roll" and "dice" in e]
    kept = [c["card"] for c in state["game"]["wizards"][0]["creatures"]]
    assert (kept == [pal]) is stays
    assert (pal in state["deck"]["discard"]) is not stays
    assert sr.caster(state) == "Ben"


def test_a_dealt_wild_magic_takes_the_slot_its_player_names():
    """Wild Magic may stand in for any Component type (rumble 19.1): from the hand it may be
    placed in a slot of choice (one variant per slot in legal_actions), so a Source plus
    a Wild Magic Delivery can be cast; a taken slot is refused; no slot: the first free."""
    state = dealt("rumble", names=("Ann", "Ben"))
    ann = state["game"]["wizards"][0]
    wild = next(c for c in state["deck"]["main"]
                if deck.card_read(state, c)["type"] == "wild-magic")
    source = next(c for c in ann["hand"] if deck.card_read(state, c)["type"] == "source")
    state["deck"]["main"].remove(wild)
    ann["hand"].append(wild)
    offered = [a.get("slot") for a in sr.legal_actions(state)
               if a.get("card") == wild and a["type"] == "add_card"]
    assert offered == [None, "source", "quality", "delivery"]
    state, _ = sr.apply(state, {"type": "add_card", "wizard": "Ann", "card": source})
    taken = {"type": "add_card", "wizard": "Ann", "card": wild, "slot": "source"}
    assert sr.check(state, taken)[0].code == "duplicate-source"
    assert taken not in sr.legal_actions(state)
    with pytest.raises(EngineError):
        sr.check(state, {**taken, "slot": "nowhere"})
    state, _ = sr.apply(state, {**taken, "slot": "delivery"})
    state, _ = sr.apply(state, {"type": "ready", "wizard": "Ann"})
    assert [(c["type"], c["slot"]) for c in state["spells"]["Ann"]] == [
        ("source", "source"), ("wild-magic", "delivery")]


def test_damage_to_each_foe_by_hand_lets_one_foes_creature_absorb_it():
    """A Creature negates the damage to its owner, not to the other players the same
    effect hits (rumble 17.4): a by-hand "each foe" damage is offered with each subset of
    the foes holding a Creature absorbing it."""
    boom = [{"type": "delivery", "name": "Test Boom", "glyph": "dark", "initiative": 9,
             "text": "Deal 3 damage to each foe.", "copies": 40}]
    state = sr.new_state("rumble", ["A", "B", "C"], 1, deal=True, catalog=boom)
    state["game"]["wizards"][1]["creatures"] = [{"name": "Pal", "glyph": "dark", "card": None}]
    for wizard in "ABC":
        card = next(c for c in sr._hand(state, wizard)
                    if deck.card_read(state, c)["name"] == "Test Boom")
        state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal", "rolls": {"A": 6, "B": 3, "C": 1}})
    each = [a for a in sr.legal_actions(state) if a["type"] == "damage_each"]
    assert [a.get("absorb") for a in each] == [None, ["B"]]
    assert sr.check(state, {**each[0], "absorb": ["C"]})[0].code == "no-creature"
    for bad in ([["B"]], [{"B": 1}], "B"):  # a clear refusal, never a crash
        with pytest.raises(EngineError):
            sr.check(state, {**each[0], "absorb": bad})
    state, _ = sr.apply(state, each[1])
    b, c = state["game"]["wizards"][1:]
    assert (b["hp"], b["creatures"], c["hp"]) == (20, [], 17)


# --- a Rally card turned over while Wild Magic is replaced (anarchy 18.3.4) ----------
KRAZZTAR = {"name": "Blood Lord Krazztar", "glyph": "elemental", "abilities": [{
    "trigger": "rally", "effects": [{"do": "damage", "amount": 2,
                                     "target": "foes-most-applause"}]}]}


def _wild_magic_flips_a_rally(champion=None):
    """Ann casts a Source and a Wild Magic Delivery; the Main Deck's top is a Rally card,
    then a Delivery. Ben casts one card, so he resolves first."""
    state = sr.new_state("anarchy", ["Ann", "Ben"], 4, deal=True,
                         catalog=fixture_catalog("anarchy"), champion=champion)
    read = lambda c: deck.card_read(state, c)  # noqa: E731
    main = state["deck"]["main"]
    wild = next(c for c in main if read(c)["type"] == "wild-magic")
    rally = next(c for c in main if read(c)["type"] == "rally")
    delivery = next(c for c in main if read(c)["type"] == "delivery")
    for c in (wild, rally, delivery):
        main.remove(c)
    main[:0] = [rally, delivery]
    ann = state["game"]["wizards"][0]
    ann["hand"].append(wild)
    source = next(c for c in ann["hand"] if read(c)["type"] == "source")
    ben = next(c for c in state["game"]["wizards"][1]["hand"]
               if read(c)["type"] in ("source", "quality"))
    for action in ({"type": "add_card", "wizard": "Ann", "card": source},
                   {"type": "add_card", "wizard": "Ann", "card": wild, "slot": "delivery"},
                   {"type": "ready", "wizard": "Ann"},
                   {"type": "add_card", "wizard": "Ben", "card": ben},
                   {"type": "ready", "wizard": "Ben"}, {"type": "reveal"}):
        state, _ = sr.apply(state, action)
    state, _ = _play_turn(state, "Ben", 3)
    assert sr.caster(state) == "Ann"
    state, events = sr.apply(state, {"type": "replace_wild_magic", "wizard": "Ann"})
    return state, events, rally, delivery


def test_a_rally_turned_over_for_wild_magic_is_played_before_the_spell():
    """A Rally card turned over during your turn must be played (anarchy 18.3.4, ruling
    wild-magic-reveal), with the spell's Rally cards before the Source (ruling
    rally-timing): a scripted Champion's Rally plays itself."""
    state, events, rally, delivery = _wild_magic_flips_a_rally(KRAZZTAR)
    assert [(c["type"], c.get("id")) for c in state["queue"]][0::2] == [
        ("rally", rally), ("delivery", delivery)]
    assert sr.current_card(state)["id"] == rally
    assert any(e["rule"] == "anarchy 18.3.4" and e["type"] == "rally" for e in events)
    assert rally not in state["deck"]["discard"]
    assert {"type": "play_card", "wizard": "Ann"} in sr.legal_actions(state)
    assert_exactly_the_legal_moves(family_for("anarchy"), state)
    state, _ = sr.apply(state, {"type": "play_card", "wizard": "Ann"})
    assert state["game"]["wizards"][1]["hp"] == 18  # Krazztar: 2 to the foe(s) most Applause
    state, _ = sr.apply(state, {"type": "next", "wizard": "Ann"})
    assert sr.current_card(state)["type"] == "source"
    state, _ = _play_turn(state, "Ann", 3)
    assert rally in state["deck"]["discard"]  # discarded with the spell


def test_a_rally_turned_over_for_wild_magic_is_applied_by_hand_when_not_scripted():
    state, events, rally, _ = _wild_magic_flips_a_rally(None)
    assert sr.current_card(state)["id"] == rally
    legal = sr.legal_actions(state)
    hit = {"type": "damage", "target": "Ben", "amount": 1, "source": "Ann"}
    assert hit in legal and sr.check(state, hit) == []
    assert_exactly_the_legal_moves(family_for("anarchy"), state)
    state, _ = sr.apply(state, hit)
    assert state["game"]["wizards"][1]["hp"] == 19


def test_two_wizards_casting_nothing_roll_off_for_their_creatures_turns():
    """Several wizards with kept Creatures and no Component tie at 0 components and
    Initiative 0: they roll off (given rolls are checked like any roll-off's)."""
    from engine.spellgames.state import Creature

    state = dealt("rumble", seed=4, names=("Ann", "Ben", "Cy"))
    core = sr._core(state)
    for name in ("Ann", "Ben"):
        me = core.wizard(name)
        me.creatures.append(Creature(f"{name}'s Pal", "dark", None))
        state["deck"]["main"] += me.hand
        me.hand = []
    state["game"] = core.to_dict()
    cy = next(c for c in sr._hand(state, "Cy")
              if deck.card_read(state, c)["type"] in ("source", "quality"))
    for action in ({"type": "add_card", "wizard": "Cy", "card": cy},
                   *({"type": "ready", "wizard": w} for w in ("Ann", "Ben", "Cy"))):
        state, _ = sr.apply(state, action)
    with pytest.raises(EngineError):
        sr.apply(state, {"type": "reveal", "rolls": {"Ann": 9}})
    state, events = sr.apply(state, {"type": "reveal", "rolls": {"Ann": 2, "Ben": 5}})
    assert state["order"] == ["Ben", "Ann", "Cy"]
    tie = state["order_info"]["ties"][0]
    assert tie["component_count"] == 0 and tie["rolls"] == [{"Ann": 2, "Ben": 5}]
    from engine.spellgames.games import cite

    assert any(e["rule"] == cite("rumble", "turn-order.roll-off") and "0 components"
               in e["text"] for e in events)
