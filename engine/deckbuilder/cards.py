"""Satanic Panic card definitions: the rulebook's named cards and generic stand-ins.

Definitions (what a card is) are apart from instances (a card name in a deck,
hand or pile). The rulebook lists counts but not the main deck's cards, the
Legendary Devils (bar two), the Satan stack or most costs and texts; where a
value is needed to play and the rulebook does not give it, a stand-in value is
used and the definition says so (``stand_in`` and ``note``). ``None`` means
the rulebook gives no value and the engine does not assume one.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

# Kinds that can never be bought, with the rule that says so.
NEVER_BOUGHT = {
    "mayhem": "satanic-panic.mayhem",
    "burning-limp-wand": "satanic-panic.burning-limp-wand",
    "demon": "satanic-panic.demon-taint-decks",
    "satans-taint": "satanic-panic.satans-taint",
}

# Contents list counts (rulebook "Contents" and "Satanic Contents").
MAYHEM_CARDS = 26
OTHER_MAIN_DECK_CARDS = 106  # "Treasure, Creature, Wizard, Location, and Spell Cards"
# "the Adam and Steve Familiar cards ... All 4 cards (2 copies of each) ARE shuffled into the
# main deck" (2. The Main Deck): named as the rulebook and the catalog name them.
MAIN_DECK_FAMILIARS = ("Adam", "Adam", "Steve", "Steve")
# Their names before they agreed with the catalog's: a table dealt then keeps playing them.
FORMER_NAMES = {"Adam (Familiar)": "Adam", "Steve (Familiar)": "Steve"}
LEGENDARY_DEVIL_CARDS = 15
WILD_MAGIC_CARDS = 16
BURNING_LIMP_WAND_CARDS = 16
DEMON_CARDS = 49
SATANS_TAINT_CARDS = 18
DEAD_WIZARD_TOKENS = 42
DAMNED_WIZARD_TOKENS = 10
BEELZE_BUTTHOLE_TILES = 15
LITTLE_POT_O_GOLD_CARDS = 5
SATAN_CARDS = 81  # tarot-sized, the 15 Satan starters included (reading)

# Dead Wizard Tokens whose text the rulebook quotes, in the ability language.
TOKEN_ABILITIES = {
    "PRIDE": [{"trigger": "resolved", "effects": [{"do": "discard", "amount": 1,
                                                   "otherwise": 3}]}],
}

SATANS_TAINT = "Satan's Taint"  # a gain-card of it takes the Satan's Taint deck's top card
TOP_DEVIL = "Hell's Pulsating Asshole"
BOTTOM_DEVIL = "Asmodeus"
STANDEE = "Satan's Salute Standee"


@dataclass(frozen=True)
class CardDef:
    name: str
    kind: str
    cost: int | None = None
    power: int | None = None  # Power gained when played; None: not given
    vp: int | None = None
    effect: str = ""  # key of an effect the engine runs; "" none known
    text: str | None = None  # ability text as the rulebook quotes it
    ongoing: bool = False
    stand_in: bool = False
    note: str = ""
    # The card's text in the ability language (engine.abilities); when given, the
    # interpreter (deckbuilder.abilities) plays the card and ``power``/``effect`` are unused.
    abilities: list = field(default_factory=list)
    entry: str | None = None  # the catalog entry (slug) a dealt catalog card is
    # A DEFENSE icon (6.2.1): the catalog entry's DEFENSE keyword or its text's "DEFENSE:".
    # (Familiars have one by rule, 6.1.3; a ``defense`` ability says so too.)
    defense: bool = False

    def as_dict(self) -> dict:
        data = asdict(self)
        if not data["defense"]:  # a stored state's definitions stay as they were before it
            del data["defense"]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> CardDef:
        return cls(**data)


def _stand_in(name, kind, note, **values) -> CardDef:
    return CardDef(name=name, kind=kind, stand_in=True, note=note, **values)


_NAMED = [
    CardDef("Glyph", "starter", power=1, note="Each Glyph gives +1 Power (Gameplay)."),
    CardDef("Fizzle", "starter", power=0, note="Does nothing when drawn or played."),
    CardDef("Satanic Wand", "starter", note="Text not given by the rulebook."),
    CardDef("Satanic Glyph", "starter",
            note="Text not given; it needs HP to use (Spending HP clarification)."),
    CardDef("Lucky's Lucky Wand", "starter", power=1,
            text="+1 Power. ATTACK: Deal 5 damage to target player. If you defeat "
                 "them this way, gain a Little Pot o' Gold.",
            abilities=[{"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 1}]},
                       {"trigger": "attack", "effects": [
                           {"do": "damage", "amount": 5, "target": "target-player"},
                           {"do": "gain-card", "card": "Little Pot o' Gold",
                            "if": "defeated-this-way"}]}]),
    CardDef("Enslave-'Em-All Ball", "starter", power=1,
            text="+1 Power. Draw a card. Activate: The next time you gain a Creature "
                 "this turn, put it on top of your deck.",
            abilities=[{"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 1},
                                                           {"do": "draw", "amount": 1}]},
                       {"trigger": "activate", "effects": [{"do": "by-hand", "text": (
                           "The next time you gain a Creature this turn, put it on top of "
                           "your deck.")}]}]),
    CardDef("Little Pot o' Gold", "starter", power=0, text="Draw 2 cards.",
            abilities=[{"trigger": "resolved", "effects": [{"do": "draw", "amount": 2}]}]),
    CardDef("Lil' Buddies", "starter", power=1,
            text="+1 Power. Heal 1 HP. At the end of your turn, return this to the player with "
                 "the corresponding Ability Tile and they draw a card. (That player sets it "
                 "aside with their other Lil' Buddies.)",
            abilities=[{"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 1},
                                                           {"do": "heal", "amount": 1}]},
                       {"trigger": "end-of-turn", "effects": [{"do": "by-hand", "text": (
                           "Return this to the player with the corresponding Ability Tile; "
                           "they draw a card and set it aside with their other Lil' "
                           "Buddies.")}]}]),
    CardDef("Wild Magic", "wild-magic", cost=3, power=None, effect="wild-magic",
            note="When played: +2 Power, or play the top card of a foe's deck."),
    CardDef("Burning Limp Wand", "burning-limp-wand", vp=-2, effect="burning-limp-wand",
            note="No card type; destroyable when played by paying 4 HP."),
    _stand_in("Mayhem", "mayhem", "One of the 26 Mayhems; its text is not given."),
    *(_stand_in(name, "familiar", "A Familiar shuffled into the main deck (2 copies): "
                "Familiars cost 6 and all have a DEFENSE ability; its text is not given.",
                cost=6) for name in ("Adam", "Steve", *FORMER_NAMES)),
    _stand_in(TOP_DEVIL, "legendary-devil",
              "Always on top of the stack; printed cost not given, stand-in 8 "
              "(Legendary Devils cost 8 to 12); VP a placeholder.", cost=8, vp=3),
    _stand_in(BOTTOM_DEVIL, "legendary-devil",
              "Always at the bottom of the stack; printed cost not given, stand-in 12 "
              "(Legendary Devils cost 8 to 12); VP a placeholder.", cost=12, vp=4),
    _stand_in("Demon", "demon", "One of the 49 Demons; ONGOING, text not given.", ongoing=True),
    _stand_in(SATANS_TAINT, "satans-taint", "One of the 18 Satan's Taints; text not given."),
    # The Satan player's starters (So You Want to Be Satan: Setup).
    CardDef("Hellfire", "satan-starter", note="An UNAVOIDABLE ATTACK; its text is not given."),
    CardDef("The Satanic Shuffle", "satan-starter", effect="satanic-shuffle",
            text="Look at the top 3 cards of the Satan stack. Gain 1 of them and put "
                 "the other 2 on the bottom of the Satan stack."),
    CardDef("Terrible Temptation", "satan-starter", effect="terrible-temptation",
            text="You may attempt to negotiate a deal with any player in which they gain "
                 "a card in the Line-Up to the top of their deck, and you Summon either 1 "
                 "or 2 Demons. You may stop negotiating at any time to draw a card."),
    CardDef("Digging Your Grave", "satan-starter",
            note="Text not given (it deals with Dead Wizard Tokens)."),
    _stand_in("Satan stack card", "satan-card",
              "One of the Satan stack's cards; each is worth 1 VP (How to Play as Satan).",
              vp=1),
]


# NOT FROM THE RULEBOOK: it prints no main-deck card's or Legendary Devil's VP (nor any
# distribution of them; checked again for issue 29), only what a point
# is worth elsewhere: a Satan stack card 1 VP, a Penta-Coin 3 VP (one kill), a Dead
# Wizard Token -3, a Burning Limp Wand -2. A stand-in scoring 0 let Satan win every
# game, so a stand-in is worth about 1 VP per 3 Power of its cost (rounded): the
# price of a point is one kill's worth of Power. A placeholder, named in the card.
def stand_in_vp(cost: int) -> int:
    return max(1, round(cost / 3))


def main_stand_in_name(cost: int) -> str:
    return f"Stand-in card (cost {cost}, +{cost // 2} Power, {stand_in_vp(cost)} VP)"


def _main_stand_in(cost: int) -> CardDef:
    # Power = half the cost and VP = a third are invented so the sandbox is playable and
    # its outcome depends on what is bought; the name says so.
    return _stand_in(main_stand_in_name(cost), "main",
                     "Generic main-deck stand-in: the rulebook does not list the main "
                     "deck's cards; cost, Power and VP are placeholders, not from the "
                     "rulebook (VP about 1 per 3 Power of cost).", cost=cost, power=cost // 2, vp=stand_in_vp(cost))


MAIN_STAND_IN_COSTS = (2, 3, 4, 5, 6, 7)
DEVIL_STAND_IN_COSTS = (8, 9, 10, 11, 12)


def _devil_stand_in(number: int) -> CardDef:
    cost = DEVIL_STAND_IN_COSTS[(number - 1) % len(DEVIL_STAND_IN_COSTS)]
    return _stand_in(f"Legendary Devil {number} (stand-in, cost {cost})", "legendary-devil",
                     "One of the 13 Legendary Devils the rulebook does not name; "
                     "cost is a placeholder in the printed 8-12 range, VP a placeholder "
                     "(about 1 per 3 Power of cost).", cost=cost, vp=stand_in_vp(cost))


ADDITIONAL_DEVILS = tuple(_devil_stand_in(n) for n in range(1, LEGENDARY_DEVIL_CARDS - 1))

BUILTIN: dict[str, CardDef] = {
    c.name: c for c in [*_NAMED, *(_main_stand_in(c) for c in MAIN_STAND_IN_COSTS),
                        *ADDITIONAL_DEVILS]
}


def familiar_def(owner: str) -> CardDef:
    return _stand_in(f"{owner}'s Familiar", "familiar",
                     "The player's own Familiar: always costs 6; text not given; VP a "
                     "placeholder.", cost=6, vp=stand_in_vp(6))


SPELLBOOK_STAND_IN_COST = 7


def spellbook_def(owner: str, cost: int | None = None) -> CardDef:
    cost = SPELLBOOK_STAND_IN_COST if cost is None else cost
    return _stand_in(f"{owner}'s Spellbook", "spellbook",
                     "The player's own Spellbook: ONGOING; printed cost not given "
                     f"(stand-in {SPELLBOOK_STAND_IN_COST} unless set); VP a placeholder.",
                     cost=cost, ongoing=True, vp=stand_in_vp(cost))


def main_deck_cards(mayhems: int = MAYHEM_CARDS, others: int = OTHER_MAIN_DECK_CARDS,
                    known: list[str] | tuple = (),
                    known_mayhems: list[str] | tuple = ()) -> list[str]:
    """The unshuffled main deck: the ``known_mayhems`` (catalog Mayhems, one name a copy)
    and stand-in Mayhems for the rest of the ``mayhems``, the ``known`` catalog cards and
    stand-ins for the rest of the ``others``, and Adam and Steve."""
    stand_ins = [main_stand_in_name(c) for c in MAIN_STAND_IN_COSTS]
    known = list(known)[:others]
    others_list = known + [stand_ins[i % len(stand_ins)] for i in range(others - len(known))]
    known_mayhems = list(known_mayhems)[:mayhems]
    return (known_mayhems + ["Mayhem"] * (mayhems - len(known_mayhems)) + others_list
            + list(MAIN_DECK_FAMILIARS))


def dead_wizard_token_ids() -> list[str]:
    # The rulebook refers to tokens by number (DWT 11, DWT 22...): stand-in labels 1-42.
    return [f"DWT {n}" for n in range(1, DEAD_WIZARD_TOKENS + 1)]


def damned_wizard_token_ids() -> list[str]:
    return [f"DAM{n}" for n in range(1, DAMNED_WIZARD_TOKENS + 1)]
