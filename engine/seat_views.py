"""What one seat may see of a stored state: its own hand, the table, never others' secrets.

A player's view (boardgame.io's ``playerView``, OpenSpiel's information state)
of a family's stored state (``family.dump``): other seats' hands, face-down
cards and the order of every deck are taken out; what the table shows (spells
once revealed, discard piles, the Line-Up, HP, exposed weaknesses, divinities'
strengths) stays. The seed goes too: every shuffle and roll follows from it.
``seat`` None is a spectator: no hand at all. What is taken out is counted
under ``hidden`` (``{"deck.main": 112, "hands": {"Bob": 8}}``), so a client can
still draw the backs of the cards. The full state is the table owner's, and
everyone's once the game is over (the caller decides that, not this module).

Legal actions are filtered the same way: a seat is offered only its own moves
(an action naming another seat as ``wizard`` or ``player`` is not its to take),
and a spectator none.
"""
from __future__ import annotations

import copy

from .demoniac.components import SPOTS

HIDDEN_WEAKNESS = "face down"
HIDDEN_DIVINITY = "Divinity (face down)"


def seats(game: str, state: dict) -> list[str]:
    """The seats' names in playing order."""
    if game in ("rumble", "anarchy"):
        return [w["name"] for w in state["game"]["wizards"]]
    return [p["name"] for p in state["players"]]


def action_seat(action: dict) -> str | None:
    """The seat an action is taken by (``wizard`` or ``player``), None for a table step."""
    return action.get("wizard", action.get("player"))


def seat_may_take(action: dict, seat: str | None, actor: str | None) -> bool:
    """Whether ``seat`` may post ``action``: its own moves, and table steps (reveal, end of
    round) when nobody in particular, or this seat, decides."""
    if seat is None:
        return False
    named = action_seat(action)
    return named == seat if named is not None else actor in (None, seat)


def seat_actions(actions: list[dict], seat: str | None, actor: str | None) -> list[dict]:
    return [a for a in actions if seat_may_take(a, seat, actor)]


def seat_view(game: str, state: dict, seat: str | None) -> dict:
    """``state`` as ``seat`` sees it (a copy; ``state`` is not changed)."""
    view = copy.deepcopy(state)
    hidden: dict = {"hands": {}}
    if game in ("rumble", "anarchy"):
        _spell_view(view, seat, hidden)
    elif game == "satanic-panic":
        _panic_view(view, seat, hidden)
    else:
        _demoniac_view(view, seat, hidden)
    if "seed" in view:  # every shuffle and roll follows from it: it would deal every secret
        view["seed"] = None
    view["hidden"] = hidden
    view["seat"] = seat
    return view


def _hide(holder: dict, key: str, hidden: dict, label: str) -> None:
    """Replace a secret pile by an empty one, counting it."""
    pile = holder.get(key)
    if isinstance(pile, list) and pile:
        hidden[label] = len(pile)
        holder[key] = []


def _spell_view(view: dict, seat, hidden: dict) -> None:
    for wizard in view["game"]["wizards"]:
        name = wizard["name"]
        if name != seat and wizard.get("hand"):
            hidden["hands"][name] = len(wizard["hand"])
            wizard["hand"] = []
    deck = view.get("deck") or {}
    for pile in ("main", "treasure", "dead_wizard"):  # face down: their order is secret
        _hide(deck, pile, hidden, f"deck.{pile}")
    if view.get("phase") == "build":  # spells are built face down until the reveal
        for name, spell in view["spells"].items():
            if name != seat and spell:
                hidden.setdefault("spells", {})[name] = len(spell)
                view["spells"][name] = []


def _panic_view(view: dict, seat, hidden: dict) -> None:
    for player in view["players"]:
        name = player["name"]
        if player.get("deck"):
            hidden.setdefault("decks", {})[name] = len(player["deck"])
            # A player knows what their deck holds (everything they bought), not its order.
            player["deck"] = sorted(player["deck"]) if name == seat else []
        if name != seat and player.get("hand"):
            hidden["hands"][name] = len(player["hand"])
            player["hand"] = []
    for pile in ("main_deck", "demon_deck", "taint_deck", "satan_stack",
                 "dead_wizard_token_stack", "unused_dead_wizard_tokens",
                 "damned_wizard_token_stack"):
        _hide(view, pile, hidden, pile)
    devils = view.get("legendary_devils") or []
    if devils:  # only the top one is face up, and only when flipped
        hidden["legendary_devils"] = len(devils) - (1 if view.get("devil_face_up") else 0)
        view["legendary_devils"] = devils[:1] if view.get("devil_face_up") else []
    # Flags are the log's by-hand notes: the log keeps them; the state carries the open ones.
    view["flags"] = []
    pending = view.get("pending") or {}
    if pending.get("type") == "defense" and pending.get("player") != seat:
        # The DEFENSE cards an attacked player could use are cards of their hand: not even
        # how many (every attacked player is asked, holding one or none: I.T. Infernal
        # Technician's "no need to prove it").
        pending["options"] = []


def _demoniac_view(view: dict, seat, hidden: dict) -> None:
    for player in view["players"]:
        name = player["name"]
        if name != seat and player.get("hand"):
            hidden["hands"][name] = len(player["hand"])
            player["hand"] = []
    _hide(view, "deck", hidden, "deck")
    exposed = view.get("exposed") or {}
    for spot in SPOTS:
        if not exposed.get(spot) and view["weaknesses"].get(spot):
            view["weaknesses"][spot] = HIDDEN_WEAKNESS
    # Divinities lie number side up: their strength shows, which one each is only once
    # destroyed (the destroyed list keeps them).
    divinities = view.get("divinities") or {}
    for spot, divinity in divinities.items():
        if divinity:
            divinities[spot] = {"name": HIDDEN_DIVINITY, "strength": divinity["strength"]}
            hidden["divinities"] = hidden.get("divinities", 0) + 1
