"""Demoniac components: the five spots, symbols, and stand-ins for unlisted cards.

The rulebook gives no contents list. It names one victim (Little Linda, body 4,
mind 1), one divinity (Holy Spritz, strength 3 in its example, "opponents
discard three cards") and one evil symbol (666); it says there are six
exorcists, six weakness cards, three symbols and four relics. Everything else
here is a stand-in, flagged as such, so the sandbox can be played; the
catalog's values replace them through ``new_game`` options.

The five spots (the same names around the exorcist and around each victim):
the cards form an inverted cross with the victim (or exorcist) at the
crossing. An inverted cross has its long arm up, so there are two cards
above it, "top" (the far end) and "middle" (between the top and the victim),
one at each side of the crossing, "left" and "right", and one on the short
arm below, "bottom".
"""
from __future__ import annotations

SPOTS = ("top", "middle", "left", "right", "bottom")
KNOWN_SYMBOL = "666"
SYMBOLS = (KNOWN_SYMBOL, "symbol-2", "symbol-3")  # two names not given: stand-ins
POSSESSION_KINDS = ("body", "mind")
DISTURBANCE = "disturbance"

EXORCIST_COUNT = 6
WEAKNESS_CARDS = 6  # five dealt, one returned unseen
RELIC_COUNT = 4
# Holy Spritz's effect ("forces opponents to discard three cards", 7.15) is its abilities
# (engine.demoniac.abilities.HOLY_SPRITZ_ABILITIES), filled in by new_game.
HOLY_SPRITZ = {"name": "Holy Spritz", "strength": 3, "stand_in": False}

LITTLE_LINDA = {"name": "Little Linda", "body": 4, "mind": 1, "stand_in": False}
# Stand-in victims: body + mind = 5 like Little Linda (reading: one strength per spot).
STAND_IN_VICTIMS = [
    {"name": f"Victim {n} (stand-in, body {b}, mind {m})", "body": b, "mind": m, "stand_in": True}
    for n, (b, m) in enumerate(((3, 2), (2, 3), (1, 4)), start=1)
]
VICTIMS = [LITTLE_LINDA, *STAND_IN_VICTIMS]

# Stand-in divinities beside Holy Spritz (strength and effect not given).
STAND_IN_DIVINITY_STRENGTHS = (2, 2, 3, 4, 4, 5)
DIVINITIES = [HOLY_SPRITZ] + [
    {"name": f"Divinity {n} (stand-in, strength {s})", "strength": s, "stand_in": True}
    for n, s in enumerate(STAND_IN_DIVINITY_STRENGTHS, start=1)
]
EXORCISTS = [f"Exorcist {n} (stand-in)" for n in range(1, EXORCIST_COUNT + 1)]
# Six weakness cards over three symbols: two of each (reading; the split is not given).
WEAKNESS_SYMBOLS = [s for s in SYMBOLS for _ in range(WEAKNESS_CARDS // len(SYMBOLS))]
STAND_IN_RELIC_STRENGTHS = (3, 4, 4, 5)
RELICS = [{"name": f"Relic {n} (stand-in, strength {s})", "strength": s, "stand_in": True}
          for n, s in enumerate(STAND_IN_RELIC_STRENGTHS, start=1)]

# Stand-in deck: each possession kind in each symbol alike (the rulebook's two kinds and
# three symbols; it gives no counts), a third as many disturbances. Four players can
# hold 44 cards (five spots and a hand of six each): 36 cards starved a 4-player game
# (nobody drew again), so the deck holds 54.
STAND_IN_PER_POSSESSION = 6  # per kind and symbol: 6 x 2 x 3 = 36 possessions
STAND_IN_DISTURBANCES = 18


def possession(kind: str, symbol: str) -> str:
    """A possession card's id, e.g. 'body/666'."""
    return f"{kind}/{symbol}"


def card_kind(card: str) -> str:
    return card.split("/")[0]


def card_symbol(card: str) -> str | None:
    return card.split("/")[1] if "/" in card else None


def card_name(card: str) -> str:
    """A card as a player calls it: 'Body Possession (666)', 'Mind Possession (symbol 2, a
    stand-in name)', 'Disturbance' (the rulebook's names; the ids are the engine's)."""
    if card == DISTURBANCE:
        return "Disturbance (a stand-in: no text)"
    kind, symbol = card_kind(card), card_symbol(card)
    if kind == DISTURBANCE:  # a catalog disturbance: "disturbance/<its name>"
        return f"Disturbance: {symbol}"
    if kind not in POSSESSION_KINDS:
        return card
    mark = symbol if symbol == KNOWN_SYMBOL else f"{symbol.replace('-', ' ')}, a stand-in name"
    return f"{kind.title()} Possession ({mark})"


def stand_in_deck(disturbances: list[str] = ()) -> list[str]:
    """The deck: the stand-in possessions, then ``disturbances`` (catalog disturbances' ids,
    at most STAND_IN_DISTURBANCES) and stand-in disturbances for the rest."""
    known = list(disturbances)[:STAND_IN_DISTURBANCES]
    return ([possession(k, s) for k in POSSESSION_KINDS for s in SYMBOLS
             for _ in range(STAND_IN_PER_POSSESSION)]
            + known + [DISTURBANCE] * (STAND_IN_DISTURBANCES - len(known)))


def disturbance_id(name: str) -> str:
    return f"{DISTURBANCE}/{name}"
