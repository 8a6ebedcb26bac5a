"""The spell games' decks: the Main Deck, its discard pile, Treasures, Dead Wizard cards.

Counts come from the rulebooks' Components (rumble 2.1, 2.4 / anarchy 1.1, 1.2):
Rumble 40 Source, 40 Quality, 40 Delivery and 8 Wild Magic cards, 25 Treasure
and 25 Dead Wizard cards; Anarchy 30 Source, 30 Quality, 30 Delivery, 8 Wild
Magic and 10 Rally cards and 25 Treasure cards (no Dead Wizard deck: Anarchy
has Dead Wizard tokens). The Main Deck is the catalog's entries of each type
(an entry's ``copies`` when the catalog knows it, else one card: the rulebooks
print no per-card counts; a Wild Magic or Rally entry stands for every copy) and
stand-ins up to the count. The rulebooks name no single Treasure or Dead
Wizard card, so those decks are numbered stand-ins.

A stand-in is a card the catalog does not list: its type is known (the
count), its glyph and a Delivery's initiative are drawn from the seed for
play, and it carries the sandbox's stand-in roll table (``cards.STAND_IN_BANDS``),
scripted in the ability language so that it resolves by itself (it is marked
``stand_in``: nothing it does is a rulebook fact). Cards travel as short ids (``"12:e3"`` is
catalog card 3, ``"40:delivery/dark/14"`` a stand-in), so a state holding
128 cards stays small; ``card`` turns an id back into the card.

Pure functions over the round state (``rounds``' dict); chance comes from
the seed, so a replay deals the same cards.
"""
from __future__ import annotations

from functools import lru_cache

from ..core import make_rng
from .cards import parse_card, stand_in_card
from .games import GLYPHS, cite

MAIN_DECK = {
    "rumble": {"source": 40, "quality": 40, "delivery": 40, "wild-magic": 8},
    "anarchy": {"source": 30, "quality": 30, "delivery": 30, "wild-magic": 8, "rally": 10},
}
TREASURES = {"rumble": 25, "anarchy": 25}
DEAD_WIZARD_CARDS = {"rumble": 25}  # anarchy has Dead Wizard tokens instead
HAND_SIZE = 8
STAND_IN_INITIATIVES = (1, 20)  # stand-in Deliveries only: drawn, not a rulebook fact
STAND_IN_TEXT = ("Stand-in for a {kind} card the catalog does not list: its glyph{init} "
                 "drawn for play. Its text is not in the rulebooks: the sandbox's stand-in "
                 "roll table plays instead (damage to a random foe).")


def _ref_for_stand_in(kind: str, rng) -> str:
    if kind in ("wild-magic", "rally"):
        return kind
    glyph = rng.choice(GLYPHS)
    if kind == "delivery":
        return f"delivery/{glyph}/{rng.randint(*STAND_IN_INITIATIVES)}"
    return f"{kind}/{glyph}"


def build(game: str, catalog: list[dict], seed) -> tuple[dict, list[dict]]:
    """The decks of a new table, shuffled from the seed: (decks, events).

    ``catalog``: parsed cards (rounds.parse_card) of the game's catalog entries.
    """
    rng = make_rng(f"{seed}:deck")
    refs: list[str] = []
    notes = []
    for kind, count in MAIN_DECK[game].items():
        entries = [i for i, c in enumerate(catalog) if c["type"] == kind]
        if kind in ("wild-magic", "rally"):
            # One entry stands for every identical copy.
            refs += [f"e{entries[0]}" if entries else kind] * count
            notes.append(f"{kind.replace('-', ' ').title()}: {count}"
                         + (" (the catalog's entry)" if entries else " stand-ins"))
            continue
        if len(entries) > count:
            notes.append(f"{len(entries)} {kind} entries in the catalog, {count} cards in the "
                         f"rulebook: the first {count} by name are dealt")
            entries = entries[:count]
        listed = [f"e{i}" for i in entries for _ in range(catalog[i].get("copies") or 1)]
        refs += listed[:count]
        left = count - len(listed[:count])
        refs += [_ref_for_stand_in(kind, rng) for _ in range(left)]
        notes.append(f"{kind.title()}: {count - left} catalog card(s) and {left} stand-in(s), "
                     f"{count} in all")
    main = [f"{n}:{ref}" for n, ref in enumerate(refs, 1)]
    rng.shuffle(main)
    treasure = [f"Treasure {n}" for n in range(1, TREASURES[game] + 1)]
    rng.shuffle(treasure)
    dead = [f"Dead Wizard card {n}" for n in range(1, DEAD_WIZARD_CARDS.get(game, 0) + 1)]
    rng.shuffle(dead)
    decks = {"main": main, "discard": [], "treasure": treasure, "treasure_discard": [],
             "dead_wizard": dead, "dead_wizard_discard": [], "shuffles": 0}
    rule = cite(game, "components.main-deck")
    events = [{"type": "deck", "rule": rule, "text": f"Main Deck: {len(main)} cards; "
               + "; ".join(notes)},
              {"type": "deck", "rule": cite(game, "setup.shuffle"),
               "text": "the Main Deck, the Treasure deck (stand-ins: no Treasure is named in "
                       "the rulebook)" + (" and the Dead Wizard deck (stand-ins)"
                                          if dead else "") + " are shuffled from the seed"}]
    return decks, events


def card(state: dict, card_id: str) -> dict:
    """The card an id names (a copy: cards in spells are edited, e.g. their slot)."""
    ref = card_id.split(":", 1)[1]
    if ref.startswith("e"):
        found = dict(state["catalog"][int(ref[1:])])
    else:
        found = dict(_stand_in(ref))
    found["id"] = card_id
    return found


def card_read(state: dict, card_id: str) -> dict:
    """The card an id names, shared, not copied: to read only (``card`` gives one to place)."""
    ref = card_id.split(":", 1)[1]
    return state["catalog"][int(ref[1:])] if ref.startswith("e") else _stand_in(ref)


@lru_cache(maxsize=512)
def _stand_in(ref: str) -> dict:
    kind, *rest = ref.split("/")
    glyph = rest[0] if rest else None
    initiative = int(rest[1]) if len(rest) > 1 else None
    if kind in ("wild-magic", "rally"):
        return parse_card({"type": kind, "name": "Wild Magic" if kind == "wild-magic"
                           else "Rally", "stand_in": True})
    return stand_in_card(kind, glyph, initiative, text=STAND_IN_TEXT.format(
        kind=kind.title(), init=" and initiative are" if initiative else " is"))


def _reshuffle(state: dict, events: list) -> bool:
    """An empty Main Deck: its discard pile becomes the new deck (rumble 26.4)."""
    decks = state["deck"]
    if not decks["discard"]:
        return False
    decks["shuffles"] += 1
    rng = make_rng(f"{state['seed']}:reshuffle:{decks['shuffles']}")
    decks["main"], decks["discard"] = decks["discard"], []
    rng.shuffle(decks["main"])
    game = state["game"]["game"]
    events.append({"type": "deck", "rule": cite(game, "end-of-game.no-reshuffle")
                   if game == "rumble" else cite(game, "setup.shuffle"),
                   "text": f"the Main Deck ran out: the discard pile ({len(decks['main'])} "
                           "cards) is shuffled into a new Main Deck"})
    return True


def take_top(state: dict, events: list) -> str | None:
    """The top card of the Main Deck (reshuffling the discards when it is empty)."""
    decks = state["deck"]
    if not decks["main"] and not _reshuffle(state, events):
        return None
    return decks["main"].pop(0)


def draw_hands(state: dict, events: list) -> None:
    """Start of each round: each living wizard draws to eight cards (rumble 6.1 / anarchy
    4.1); the dead (Rumble) draw Dead Wizard cards instead (rumble 21.2)."""
    game = state["game"]["game"]
    for wizard in state["game"]["wizards"]:
        if not wizard["alive"]:
            continue
        drawn = 0
        while len(wizard["hand"]) < HAND_SIZE:
            top = take_top(state, events)
            if top is None:
                events.append({"type": "deck", "rule": cite(game, "round.draw"),
                               "text": "the Main Deck and its discard pile are empty: "
                                       f"{wizard['name']} draws no more"})
                break
            wizard["hand"].append(top)
            drawn += 1
        events.append({"type": "draw", "rule": cite(game, "round.draw"),
                       "text": f"{wizard['name']} draws {drawn} card(s) to a hand of "
                               f"{len(wizard['hand'])}", "wizard": wizard["name"]})


def discard(state: dict, card_ids, events: list | None = None, why: str = "") -> None:
    ids = [c for c in card_ids if c]
    if not ids:
        return
    state["deck"]["discard"].extend(ids)
    if events is not None and why:
        game = state["game"]["game"]
        events.append({"type": "discard", "rule": cite(game, "discard"),
                       "text": f"{len(ids)} card(s) to the discard pile: {why}"})


def held(core: dict) -> tuple[set[str], set[str]]:
    """(Main Deck card ids in hands and kept Creatures, Treasure names held)."""
    cards, treasures = set(), set()
    for wizard in core["wizards"]:
        cards.update(wizard["hand"])
        cards.update(c["card"] for c in wizard["creatures"] if c.get("card"))
        treasures.update(wizard["treasures"])
    return cards, treasures


def settle(state: dict, before: tuple[set[str], set[str]], events: list) -> None:
    """After a rule of the core changed the table: cards it discarded (a slain wizard's
    hand, a Creature that absorbed, the end of a game) go to their discard piles, and
    Dead Wizard cards follow the core's count (rumble 21.1-21.2, 26.3)."""
    cards, treasures = held(state["game"])
    lost = [c for c in sorted(before[0] - cards) if not _in_spell(state, c)]
    discard(state, lost, events, "discarded by the rules (death, a Creature, a new game)")
    state["deck"]["treasure_discard"].extend(sorted(before[1] - treasures))
    game = state["game"]["game"]
    if game != "rumble":
        return
    dead = state.setdefault("dead_wizard_cards", {})
    for wizard in state["game"]["wizards"]:
        mine = dead.setdefault(wizard["name"], [])
        if wizard["dead_wizard_cards"] == 0 and mine:
            state["deck"]["dead_wizard_discard"].extend(mine)
            mine.clear()
        while len(mine) < wizard["dead_wizard_cards"]:
            pile = state["deck"]["dead_wizard"]
            if not pile:
                pile.extend(state["deck"]["dead_wizard_discard"])
                state["deck"]["dead_wizard_discard"] = []
                make_rng(f"{state['seed']}:dead-wizard:{len(pile)}").shuffle(pile)
            if not pile:
                break
            mine.append(pile.pop(0))
            events.append({"type": "dead-wizard-card", "rule": cite(game, "dead-wizard"),
                           "text": f"{wizard['name']} draws {mine[-1]} (its effect: apply "
                                   "by hand)", "wizard": wizard["name"]})


def _in_spell(state: dict, card_id: str) -> bool:
    return any(c.get("id") == card_id for spell in state["spells"].values() for c in spell)


def draw_treasure(state: dict) -> str | None:
    decks = state["deck"]
    if not decks["treasure"] and decks["treasure_discard"]:
        decks["treasure"], decks["treasure_discard"] = decks["treasure_discard"], []
        make_rng(f"{state['seed']}:treasure:{len(decks['treasure'])}").shuffle(decks["treasure"])
    return decks["treasure"][0] if decks["treasure"] else None


def wild_magic_reveal(state: dict, slot: str, events: list) -> tuple[str | None, list[str]]:
    """Turn over Main Deck cards until one of ``slot``'s type shows (rumble 19.3 /
    anarchy 18.1.2): (that card's id or None, the other cards turned over)."""
    turned: list[str] = []
    seen = 0
    limit = sum(MAIN_DECK[state["game"]["game"]].values())
    while seen < limit:
        top = take_top(state, events)
        if top is None:
            break
        seen += 1
        if card(state, top)["type"] == slot:
            return top, turned
        turned.append(top)
    return None, turned

