"""The moves the Demoniac rulebook allows at a decision, written from the state's fields
alone (not the engine's legal_actions), so the two can be compared.

Rulebook (HOW TO PLAY, PLAYING CARDS, ATTACKING THE EXORCIST, ATTACKING) and the
project's rulings (fixtures/demoniac.json):
- a discard owed (the six-card hand limit at the end of a turn, a divinity's effect):
  any card of that player's hand, nothing else;
- during an attack: re-roll any number of the dice (one action each, while actions
  are left), or end the attack; ending it against the exorcist before every weakness
  was exposed may name one divinity whose strength is at most the pentagrams showing
  ("which you can use to destroy one of the five divinity cards"), or none;
- otherwise, up to three actions: play a possession from the hand onto any of the five
  spots around your own victim (empty or replacing one), play a disturbance, roll one
  die per possession (+1 for a demoniac) at the exorcist, or at the relic when it is
  in play and not yours; and end the turn at any time.
"""
from __future__ import annotations

import json
from itertools import combinations

SPOTS = ("top", "middle", "left", "right", "bottom")


def _key(**action) -> str:
    return json.dumps(action, sort_keys=True)


def rulebook_moves(state) -> set[str]:
    """The allowed moves as JSON texts (sorted keys), as ``legal_actions`` would write them."""
    if state.pending:
        who = state.pending[0]["player"]
        return {_key(type="discard", player=who, card=c) for c in state.player(who).hand}
    me, out = state.current, set()
    if state.attack:
        n = len(state.attack["dice"])
        if state.actions_left:
            out |= {_key(type="reroll", player=me.name, dice=list(d))
                    for k in range(1, n + 1) for d in combinations(range(n), k)}
        hits = state.attack["dice"].count("pentagram")
        out.add(_key(type="end-attack", player=me.name, divinities=[]))
        if state.attack["target"] == "exorcist" and not state.attack["all_exposed_at_start"]:
            out |= {_key(type="end-attack", player=me.name, divinities=[s]) for s in SPOTS
                    if state.divinities[s] and state.divinities[s]["strength"] <= hits}
        return out
    out.add(_key(type="end-turn", player=me.name))
    if not state.actions_left:
        return out
    for card in me.hand:
        if card.split("/")[0] in ("body", "mind"):
            out |= {_key(type="possess", player=me.name, card=card, spot=s) for s in SPOTS}
        else:  # stand-in disturbances aim at nobody (no text)
            out.add(_key(type="disturb", player=me.name, card=card))
    dice = min(sum(1 for c in me.spots.values() if c) + me.demoniac, 6)
    if dice:
        out.add(_key(type="roll", player=me.name, target="exorcist"))
        if state.relic and state.relic["holder"] != me.name:
            out.add(_key(type="roll", player=me.name, target="relic"))
    return out


def offered(actions: list[dict]) -> set[str]:
    return {_key(**a) for a in actions}
