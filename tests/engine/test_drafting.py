"""The ability drafter: each pattern of what the language can say, the clauses that must
stay by hand, and the bundled catalog's hand-written abilities against the drafts (never
an effect the text does not say)."""
import pytest

from bench.ability_drafts import difference, drafted_entries, wrong_effects
from engine.abilities import by_hand, describe, validate
from engine.drafting import draft_abilities


def drafted(text, game="rumble", kind="source", **kw):
    return draft_abilities(text, game=game, type=kind, **kw)


def effects(text, **kw):
    (ability,) = drafted(text, **kw)
    assert ability["trigger"] == "resolved"
    return ability["effects"]


@pytest.mark.parametrize(("text", "effect"), [
    ("The strongest foe takes 3 damage.",
     {"do": "damage", "amount": 3, "target": "strongest-foe"}),
    ("Each foe takes 1 damage.", {"do": "damage", "amount": 1, "target": "each-foe"}),
    ("Deal 2 damage to the weakest foe.", {"do": "damage", "amount": 2, "target": "weakest-foe"}),
    ("Deal four damage to your left foe.", {"do": "damage", "amount": 4, "target": "foe-left"}),
    ("Deal 1 damage to the foe on your right.",
     {"do": "damage", "amount": 1, "target": "foe-right"}),
    ("Deal 5 damage to a foe of your choice.", {"do": "damage", "amount": 5, "target": "foe"}),
    ("Deal one die of damage to a random foe.",
     {"do": "damage", "amount": {"dice": 1}, "target": "random-foe"}),
    ("Deal 2 dice of damage to a foe with no Creatures in play.",
     {"do": "damage", "amount": {"dice": 2}, "target": "foe-without-creatures"}),
    ("Heal 2 HP.", {"do": "heal", "amount": 2}),
    ("Gain 3 Blood.", {"do": "gain-blood", "amount": 3}),
    ("Take the Standee.", {"do": "take-standee"}),
    ("Keep this card.", {"do": "keep"}),
    ("KEEP", {"do": "keep"}),
    ("Draw a card.", {"do": "draw", "amount": 1}),
    ("Draw 2 cards.", {"do": "draw", "amount": 2}),
    ("Discard 2 cards.", {"do": "discard", "amount": 2}),
    ("Gain an Applause token.", {"do": "applause", "amount": 1}),
])
def test_each_pattern_says_its_effect(text, effect):
    assert effects(text) == [effect]


def test_satanic_panic_patterns():
    sp = {"game": "satanic-panic", "kind": "starter"}
    assert effects("+2 Power.", **sp) == [{"do": "gain-power", "amount": 2}]
    assert effects("Gain a Dead Wizard Token.", **sp) == [{"do": "dead-wizard-tokens", "amount": 1}]
    assert effects("Destroy 2 Dead Wizard Tokens.", **sp) == [
        {"do": "destroy", "amount": 2, "what": "Dead Wizard Tokens"}]
    assert effects("Destroy a card in your hand or discard pile.", **sp) == [
        {"do": "destroy", "amount": 1, "what": "card in your hand or discard pile"}]


def test_a_named_card_is_gained_only_when_the_game_has_it():
    cards = {"little pot o' gold": "Little Pot o' Gold"}.get
    sp = {"game": "satanic-panic", "kind": "starter"}
    assert effects("Gain a little pot o' gold.", card_named=cards, **sp) == [
        {"do": "gain-card", "card": "Little Pot o' Gold"}]
    assert by_hand(drafted("Gain a Familiar.", card_named=cards, **sp)) == ["Gain a Familiar."]
    assert by_hand(drafted("Gain a Little Pot o' Gold.", **sp)) == [
        "Gain a Little Pot o' Gold."]  # no catalog to look in


def test_another_copy_needs_the_cards_own_name():
    text = "Discard a card, or 3 cards if you have another PRIDE."
    dwt = {"game": "satanic-panic", "kind": "dead-wizard-token"}
    assert effects(text, name="PRIDE", **dwt) == [{"do": "discard", "amount": 1, "otherwise": 3}]
    assert by_hand(drafted(text, name="GREED", **dwt)) == [text]
    assert by_hand(drafted(text, **dwt)) == [text]


def test_conditions_the_language_has():
    assert effects("Take the Standee. If you're taking it from a living foe, also deal 3 "
                   "damage to a different foe.") == [
        {"do": "take-standee"},
        {"do": "damage", "amount": 3, "target": "different-foe", "if": "taken-from-living-foe"}]
    assert effects("Standee: Then deal 2 damage to a different foe.") == [
        {"do": "damage", "amount": 2, "target": "different-foe", "if": "holds-standee"}]
    # "this way" points at the damage just before; without it the clause stays by hand
    text = "If you defeat them this way, gain 3 Blood."
    assert effects("Deal 5 damage to a foe. " + text)[-1] == {
        "do": "gain-blood", "amount": 3, "if": "defeated-this-way"}
    assert by_hand(drafted("Draw a card. " + text)) == [text]


def test_a_blood_cost_makes_its_effect_conditional():
    assert effects("Pay 2 Blood: Deal 4 damage to each foe.") == [
        {"do": "pay-blood", "amount": 2},
        {"do": "damage", "amount": 4, "target": "each-foe", "if": "paid-blood"}]
    assert effects("Pay 1 Blood: KEEP") == [{"do": "pay-blood", "amount": 1},
                                            {"do": "keep", "if": "paid-blood"}]
    for text in ("Pay X Blood: Deal X damage to the strongest foe.",
                 "Pay 2 Blood: Standee: Deal 2 damage to each foe."):
        assert by_hand(drafted(text)) == [text]


def test_power_roll_bands():
    (ability,) = drafted("1-4: Deal 1 damage to the strongest foe. 5-9: Deal 2 damage to the "
                         "strongest foe. KEEP 10+: Deal 4 damage to each foe. KEEP",
                         kind="delivery")
    assert ability == {"trigger": "resolved", "bands": [
        {"low": 1, "high": 4, "effects": [
            {"do": "damage", "amount": 1, "target": "strongest-foe"}]},
        {"low": 5, "high": 9, "effects": [
            {"do": "damage", "amount": 2, "target": "strongest-foe"}, {"do": "keep"}]},
        {"low": 10, "effects": [{"do": "damage", "amount": 4, "target": "each-foe"},
                                {"do": "keep"}]}]}
    # a band with no target (the card prints it elsewhere) is left to the player
    (ability,) = drafted("5-9: 2 damage. KEEP", kind="delivery")
    assert ability["bands"] == [{"low": 5, "high": 9, "effects": [
        {"do": "by-hand", "text": "2 damage."}, {"do": "keep"}]}]
    # bands out of order are not a table the parser is sure of
    abilities = drafted("5-9: Heal 1 HP. 1-4: Heal 2 HP.", kind="delivery")
    assert by_hand(abilities) == ["1-4: Heal 2 HP."]


@pytest.mark.parametrize("text", [
    "Deal 3 damage to each foe unless they discard a card.",
    "Deal 4 damage to the strongest foe instead.",
    "Do not deal damage to the strongest foe.",
    "Deal 2 damage to your left and right foes.",
    "Deal 2 damage to the strongest foe and the weakest foe.",
    "Deal 3 damage to each foe except the weakest foe.",
    "If you have 5 or more HP, deal 3 damage to a random foe.",
    "Deal 1 damage to each foe for each Dark glyph in your spell.",
    "Deal X damage to a random foe.",
    "The strongest foe takes 3 damage, or 5 if you are Satan.",
    "Draw a card and discard a card.",
    "You may stop negotiating at any time to draw a card.",
    "Gain 2 Dead Wizard Tokens from outside the game.",
])
def test_clauses_the_language_cannot_say_stay_by_hand(text):
    assert drafted(text) == [{"trigger": "resolved",
                              "effects": [{"do": "by-hand", "text": text}]}]


def test_a_parenthesis_after_an_effect_keeps_it_by_hand_with_it():
    text = "Draw a card. (Not if you have the Standee.)"
    assert by_hand(drafted(text)) == [text]


def test_labels_open_abilities_and_qualified_labels_stay_by_hand():
    sp = {"game": "satanic-panic", "kind": "starter"}
    assert drafted("+1 Power. ATTACK: Deal 5 damage to target player.", **sp) == [
        {"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 1}]},
        {"trigger": "attack", "effects": [
            {"do": "damage", "amount": 5, "target": "target-player"}]}]
    assert drafted("At the end of your turn, draw a card.", **sp) == [
        {"trigger": "end-of-turn", "effects": [{"do": "draw", "amount": 1}]}]
    assert drafted("Once per turn, ATTACK: Draw a card.", **sp) == [
        {"trigger": "attack", "effects": [
            {"do": "by-hand", "text": "Once per turn: draw a card."}]}]
    assert drafted("ONGOING: Draw a card.", **sp) == [
        {"trigger": "ongoing", "effects": [{"do": "by-hand", "text": "Draw a card."}]}]


def test_unlabelled_text_of_a_type_whose_timing_is_unknown_stays_by_hand():
    assert drafted("Draw a card.", game="satanic-panic", kind=None) == [
        {"trigger": "resolved", "effects": [{"do": "by-hand", "text": "Draw a card."}]}]
    assert drafted("Draw a card.", game="satanic-panic", kind="ability-tile") == [
        {"trigger": "ongoing", "effects": [{"do": "by-hand", "text": "Draw a card."}]}]
    # "Ability Tile Cards": the tile's cards replace a Starter or are set aside, at setup
    tile = {"game": "satanic-panic", "kind": "ability-tile"}
    assert drafted("Start with 3 Widgets set aside. You pay 1 less to buy Spells.", **tile) == [
        {"trigger": "setup", "effects": [
            {"do": "by-hand", "text": "Start with 3 Widgets set aside."}]},
        {"trigger": "ongoing", "effects": [
            {"do": "by-hand", "text": "You pay 1 less to buy Spells."}]}]
    assert drafted("Replace 2 of your Starter Fizzles with Widget.", **tile)[0]["trigger"] == "setup"
    assert drafted("Start with 3 Widgets set aside.", game="satanic-panic",
                   kind="familiar")[0]["trigger"] == "resolved"  # only a tile's
    assert drafted("Your foe(s) with the most Applause tokens takes 2 damage.",
                   game="anarchy", kind="champion") == [
        {"trigger": "rally", "effects": [
            {"do": "damage", "amount": 2, "target": "foes-most-applause"}]}]


def test_a_run_of_by_hand_sentences_is_one_flag_and_long_text_fits():
    assert by_hand(drafted("Look at the top card. Put it back.")) == [
        "Look at the top card. Put it back."]
    long = " ".join(["Look at the top card of the deck and put it back."] * 20)
    abilities = drafted(long)
    assert validate(abilities) and " ".join(by_hand(abilities)) == long
    assert drafted("") == [] and drafted(None) == [] and drafted("  ") == []


def test_every_hand_written_entry_drafts_valid_abilities_and_no_wrong_effect():
    """The bundled entries whose abilities are written by hand: every draft is valid and
    each effect it scripts (by-hand ones aside) is one of the hand-written abilities,
    equal, under the same trigger and band; most drafts equal them outright."""
    rows = list(drafted_entries())
    assert len(rows) >= 18
    for _, entry, draft in rows:
        validate(draft)
        assert wrong_effects(draft, entry["abilities"]) == [], entry["slug"]
        assert describe(draft) or not entry.get("text")
    equal = [entry["slug"] for _, entry, draft in rows if difference(entry, draft) is None]
    assert len(equal) >= 14, equal
