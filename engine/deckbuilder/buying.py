"""Satanic Panic buying legality: a read-only preflight shared by the checker and sandbox.

A buy names a source: the Line-Up, the Legendary Devil stack (its face-up
top), the player's own Familiar (always 6) or Spellbook (its printed cost),
or the Wild Magic stack (3 each, any number). Mayhems, Burning Limp Wands,
Demons and Satan's Taints are never bought, and the Satan player never buys.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import EngineError, Explanation, Problem
from ..rule_refs import rule
from .cards import NEVER_BOUGHT
from .state import TableState

SOURCES = ("line-up", "legendary-devil", "familiar", "spellbook", "wild-magic")
FAMILIAR_COST = 6
WILD_MAGIC_COST = 3


@dataclass
class BuyTarget:
    source: str
    card: str | None = None
    owner: str | None = None  # for a Familiar or Spellbook: whose


def parse_target(state: TableState, buyer: str, card) -> BuyTarget:
    """A card name or {"source", "card"?, "owner"?} as a BuyTarget."""
    if isinstance(card, dict):
        source = card.get("source")
        if source not in SOURCES and source not in NEVER_BOUGHT:
            raise EngineError(f"card.source must be one of {', '.join(SOURCES)}",
                              field="card.source")
        return BuyTarget(source, card.get("card"), card.get("owner") or buyer)
    if not isinstance(card, str) or not card:
        raise EngineError("card must be a card name or an object with a source",
                          field="card", code="type")
    for p in state.players:
        if card in (p.familiar, f"{p.name}'s Familiar"):
            return BuyTarget("familiar", card, p.name)
        if card in (p.spellbook, f"{p.name}'s Spellbook"):
            return BuyTarget("spellbook", card, p.name)
    kind = state.card(card).kind
    if card == "Wild Magic":
        return BuyTarget("wild-magic", card)
    if kind == "legendary-devil":
        return BuyTarget("legendary-devil", card)
    if kind in NEVER_BOUGHT:
        return BuyTarget(kind, card)
    return BuyTarget("line-up", card)


def familiar_cost(buyer) -> int:
    """6; 2 less with the Familiar-discount Ability Tile (Tile Clarifications)."""
    return FAMILIAR_COST - (2 if getattr(buyer, "ability_tile", None) == "familiar-discount"
                            else 0)


def _own_card_problems(state, buyer, target, kind):
    """Familiar or Spellbook: only your own, and only while it is still under your Wizard."""
    owner = next((p for p in state.players if p.name == target.owner), None)
    if owner is None:
        return None, [Problem("unknown-owner", f"No player is called {target.owner!r}.",
                              rule("satanic-panic.familiar-spellbook"))]
    if owner is not buyer:
        return None, [Problem("not-your-own", f"Only {owner.name} may buy {owner.name}'s {kind}.",
                              rule("satanic-panic.familiar-spellbook"))]
    name = owner.familiar if kind == "Familiar" else owner.spellbook
    if name is None:
        return None, [Problem("already-bought", f"Your {kind} is no longer under your Wizard.",
                              rule("satanic-panic.familiar-spellbook"))]
    cost = familiar_cost(owner) if kind == "Familiar" else state.card(name).cost
    return name, ([] if cost is not None else
                  [Problem("cost-unknown", f"{name}'s printed cost is not known.",
                           rule("satanic-panic.familiar-spellbook"))])


def buy_problems(state: TableState, buyer_name: str, target: BuyTarget):
    """(card name or None, cost or None, problems): changes nothing."""
    buyer = next((p for p in state.players if p.name == buyer_name), None)
    if buyer is None:
        raise EngineError(f"no player is called {buyer_name!r}", field="player")
    problems: list[Problem] = []
    if state.game_over:
        problems.append(Problem("game-over", "The game is over.", rule("satanic-panic.end-of-game")))
    if buyer is not state.current:
        problems.append(Problem("not-your-turn", f"Only the active player ({state.current.name}) "
                                "buys, during their turn.", rule("satanic-panic.turn-sequence")))
    if state.pending:
        problems.append(Problem("decision-pending", "A player still has to decide on a DEFENSE.",
                                rule("satanic-panic.attack-defense")))
    if buyer.satan:
        problems.append(Problem("satan-never-buys", "The Satan player never buys cards.",
                                rule("satanic-panic.satan-no-buying")))
    name, cost = target.card, None
    if target.source in NEVER_BOUGHT:
        problems.append(Problem("never-bought", f"{name or target.source} can never be bought.",
                                rule(NEVER_BOUGHT[target.source])))
        return name, None, problems
    if target.source == "wild-magic":
        name, cost = "Wild Magic", WILD_MAGIC_COST
        if state.supplies.get("Wild Magic", 0) < 1:
            problems.append(Problem("stack-empty", "The Wild Magic stack is empty.",
                                    rule("satanic-panic.wild-magic")))
    elif target.source == "line-up":
        if name not in state.line_up:
            problems.append(Problem("not-in-line-up", f"{name} is not in the Line-Up.",
                                    rule("satanic-panic.buying")))
        else:
            cost = state.card(name).cost
            if state.card(name).kind in NEVER_BOUGHT:
                problems.append(Problem("never-bought", f"{name} can never be bought.",
                                        rule(NEVER_BOUGHT[state.card(name).kind])))
            elif cost is None:
                problems.append(Problem("cost-unknown", f"{name}'s cost is not known.",
                                        rule("satanic-panic.buying")))
            elif state.card(name).kind == "familiar":  # Adam and Steve: the tile applies too
                cost = max(0, cost - (FAMILIAR_COST - familiar_cost(buyer)))
    elif target.source == "legendary-devil":
        if not state.legendary_devils:
            problems.append(Problem("stack-empty", "The Legendary Devil stack is empty.",
                                    rule("satanic-panic.legendary-devils")))
        elif not state.devil_face_up:
            problems.append(Problem("one-legendary-devil-per-turn", "The top Legendary Devil "
                                    "is face down until this turn is over: the next one after a "
                                    "defeat, and the first until the end of the first turn.",
                                    rule("satanic-panic.devil-face-down")))
        else:
            top = state.legendary_devils[0]
            if name and name != top:
                problems.append(Problem("not-on-top", f"{name} is not the face-up Legendary Devil "
                                        f"({top}).", rule("satanic-panic.legendary-devils")))
            name, cost = top, state.card(top).cost
    else:
        kind = "Familiar" if target.source == "familiar" else "Spellbook"
        name, own_problems = _own_card_problems(state, buyer, target, kind)
        problems += own_problems
        if name and not own_problems:
            cost = familiar_cost(buyer) if kind == "Familiar" else state.card(name).cost
    if cost is not None and cost > state.power and buyer is state.current:
        problems.append(Problem("not-enough-power", f"{name} costs {cost}; you have "
                                f"{state.power} Power.", rule("satanic-panic.buying")))
    return name, cost, problems


def buy_check(state, player: str, card) -> dict:
    """Can ``player`` buy ``card`` now? {"legal", "problems", "card", "cost", "power", ...}."""
    if isinstance(state, dict):  # a stored sandbox state: buying reads only the table
        state = TableState.from_dict(state)
    if not isinstance(player, str):
        raise EngineError("player must be a player's name", field="player", code="type")
    target = parse_target(state, player, card)
    name, cost, problems = buy_problems(state, player, target)
    ex = Explanation()
    for p in problems:
        ex.add(p.rule, p.message)
    if not problems:
        why = {"wild-magic": "Wild Magic costs 3 each and any number may be bought",
               "familiar": "your own Familiar always costs 6",
               "spellbook": "your own Spellbook at its printed cost",
               "legendary-devil": "the face-up Legendary Devil, one per turn",
               "line-up": "a Line-Up card"}[target.source]
        ex.add(rule("satanic-panic.buying"),
               f"{player} can buy {name} ({why}): cost {cost} <= {state.power} Power.")
    return {"legal": not problems, "problems": [p.as_dict() for p in problems], "card": name,
            "source": target.source, "cost": cost, "power": state.power,
            "explanation": ex.as_list()}
