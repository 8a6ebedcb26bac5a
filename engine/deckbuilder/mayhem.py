"""Mayhems and Legendary Devils' GROUP ATTACKS, and effects applied by hand.

The rulebook says how these resolve but prints no Mayhem's text and no GROUP
ATTACK's text, so the engine runs the mechanics and the effect itself is
applied by hand (``apply`` actions, flagged), never invented:

- A Mayhem (6.14) entering the Line-Up suspends the refill until it is
  resolved. The active player reads it and says whether it is an ATTACK (most
  are, some are not: 6.14.3); for a catalog Mayhem whose keywords or text say
  it, that is no choice (``printed_attack``). For an ATTACK each player, clockwise from the
  active player, may avoid it with a DEFENSE (6.14.4); then its effect is
  applied to the others (6.14.5), it goes to the destroyed pile and the refill
  goes on (6.14.6). Its damage has no player as source: nobody gains the
  Standee if it kills (6.17.3).
- A GROUP ATTACK (6.3.4, 6.3.5) resolves when a Legendary Devil is flipped face
  up at End of Turn step 6: each player, in player order from the player about
  to take their turn, may defend; it resolves against the others. Reading: no
  player is its source either, so its kills earn no Standee.

``apply`` is one ability-language effect run on one player: ``{"type": "apply",
"player", "target", "effect": {"do": "damage", "amount": 2, "target": "self"}}``
(``apply_space``: amounts up to APPLY_MOST, or a card of a stack or the Satan's Taint
deck; Damned Wizard Tokens, Beelze-Butthole Tiles and Summoned Demons too, from the
state's own stacks and decks, refused when none is left or the target cannot take one).
It only applies text that is waiting to be applied (``state.by_hand_open``,
each ``{"text", "player", "targets", "applied"}``): during a Mayhem or GROUP
ATTACK the event's, on the players it hits, by its decider; else a text the
engine flagged this turn (Hellfire, a Demon's ONGOING, an unknown card's, a
Dead Wizard Token's), by the player whose card it is, on the players it may
touch (an ATTACK's: the foes), with the active player as the source. Each
kind of effect lands once per player and text (no second damage from the same
Hellfire); nothing waiting, nothing to apply.
"""
from __future__ import annotations

import re

from .. import abilities as language
from ..core import EngineError, Problem
from ..rule_refs import rule
from .abilities import (
    CHOSEN_TARGETS,
    ask_defense,
    defense_run,
    new_run,
    start,
    used_as_defense,
)
from .by_hand import open_text, waiting
from .cards import SATANS_TAINT
from .health import MAX_BEELZE_BUTTHOLES

APPLY_EFFECTS = ("damage", "heal", "draw", "discard", "gain-card", "gain-power",
                 "dead-wizard-tokens", "damned-wizard-tokens", "beelze-buttholes",
                 "summon-demons")
# The most an applied effect may give: the most any text the rulebook quotes gives for it
# (the text applied by hand is not printed, so its amount is the player's, within these).
APPLY_MOST = {
    "damage": 5,  # Lucky's Lucky Wand: "Deal 5 damage to target player"
    "heal": 1,  # Lil' Buddies: "Heal 1 HP"
    "draw": 2,  # Little Pot o' Gold: "Draw 2 cards"
    "discard": 3,  # PRIDE: "discard 3 cards"
    "gain-power": 2,  # Wild Magic: "+2 Power"
    "dead-wizard-tokens": 2,  # the Dead Wizard Tokens Ability Tile: "gain 2 Dead Wizard Tokens"
    # Any card's or token's text may give these (6.18.1, 6.19.4, 7.10.4); no text is quoted
    # with more than one Damned token or tile, nor more than 2 Demons (Terrible Temptation).
    "damned-wizard-tokens": 1,  # DWT 14, 20, 23: "a Damned Wizard Token" (7.10.4)
    "beelze-buttholes": 1,  # "give you a Beelze-Butthole Tile" (6.18.1)
    "summon-demons": 2,  # Terrible Temptation: "Summon either 1 or 2 Demons"
}


def apply_cards(state) -> list[str]:
    """The cards ``apply`` may gain: one of a stack (Burning Limp Wand, Little Pot o'
    Gold...), or the Satan's Taint deck's top card (6.20.2: gained through card and token
    effects)."""
    return sorted(state.supplies) + [SATANS_TAINT]


def apply_space(state) -> list[dict]:
    """Every effect ``apply`` may carry (what legal_actions offers, per target): each
    counted effect with an amount from 1 to its APPLY_MOST, and gaining a card of a stack."""
    counted = [{"do": do, "amount": n, "target": "self"} for do, most in APPLY_MOST.items()
               for n in range(1, most + 1)]
    return counted + [{"do": "gain-card", "card": name, "target": "self"}
                      for name in apply_cards(state)]


def _clockwise_from(state, name: str) -> list[str]:
    i = state.index_of(name)
    return [p.name for p in state.players[i:] + state.players[:i]]


# --- starting them ---------------------------------------------------------------
def reveal_mayhem(state, card: str) -> None:
    """Turn step 1: a Mayhem enters the Line-Up; the refill waits for it (6.14.2)."""
    me = state.current.name
    state.line_up.append(card)  # it enters the Line-Up, and leaves it once resolved
    state.table_event = {"kind": "mayhem", "card": card, "decider": me, "stage": "kind",
                         "order": [], "avoided": [], "attack": None}
    text, printed = _catalog_text(state, card), printed_attack(state, card)
    kind = ("whether it is an ATTACK and " if printed is None else
            f"it is {'' if printed else 'not '}an ATTACK, as its entry says; ")
    state.flag("satanic-panic.mayhem", card, f"{card} enters the Line-Up: refilling waits "
               f"until it is resolved. {me} reads it"
               + (f' (the catalog\'s text: "{text}"); {kind}what it does '
                  f"{'are' if printed is None else 'is'} applied by hand." if text else
                  f"; its text is not given by the rulebook, so {kind}what it does "
                  f"{'are' if printed is None else 'is'} applied by hand."))


def _catalog_text(state, card: str) -> str | None:
    """A catalog card's text (a Mayhem or Legendary Devil dealt as itself), else None."""
    known = state.card(card)
    return None if known.stand_in else known.text


_ATTACK_TEXT = re.compile(r"\bATTACK:")  # the ATTACK icon's text, as the rulebook quotes it


def printed_attack(state, card: str) -> bool | None:
    """Whether a catalog Mayhem dealt as itself is an ATTACK (6.14.3), as its entry says:
    the ATTACK keyword or an "ATTACK:" in its text; not one if its text or keywords are
    recorded without it. None (the reader says) for a stand-in or a Mayhem whose entry
    records neither."""
    for known in (state.catalog or {}).get("mayhems", ()):
        if known["name"] == card:
            text, keywords = known.get("text") or "", known.get("keywords") or []
            if "ATTACK" in keywords or _ATTACK_TEXT.search(text):
                return True
            return False if text or keywords else None
    return None


def flip_devil(state, devil: str, next_player: str) -> None:
    """End of Turn 6: the new Legendary Devil's GROUP ATTACK (6.3.4)."""
    order = _clockwise_from(state, next_player)
    state.table_event = {"kind": "group-attack", "card": devil, "decider": next_player,
                         "stage": "defense", "order": order, "avoided": [], "attack": True}
    state.flag("satanic-panic.legendary-devils", devil, f"6. {devil} is flipped face up: its "
               "GROUP ATTACK hits every player, in player order from "
               f"{next_player}; each may DEFEND. Its text is not given by the rulebook, so its "
               "effect is applied by hand.")
    _ask_next(state)


def declare(state, attack: bool) -> None:
    """The active player says whether the Mayhem is an ATTACK (its printed icon)."""
    event = state.table_event
    event["attack"] = attack
    event["order"] = _clockwise_from(state, event["decider"])
    if attack:
        event["stage"] = "defense"
        state.event("satanic-panic.mayhem-defense", f"{event['card']} is an ATTACK: each "
                    f"player, from {event['decider']} clockwise, may avoid it with a DEFENSE.")
        _ask_next(state)
    else:
        state.event("satanic-panic.mayhem-attack", f"{event['card']} is not an ATTACK: "
                    "nobody can avoid it.")
        _to_resolve(state)


def _ask_next(state) -> None:
    """Ask the next player in order whether they avoid the event's ATTACK: every player is
    asked, with a DEFENSE card or none (abilities.ask_defense); then it resolves."""
    event = state.table_event
    if event["order"]:
        ask_defense(state, event["order"][0], None, event["card"], event=True)
        return
    _to_resolve(state)


def answer_defense(state, name: str, defended: bool, card: str | None) -> None:
    event = state.table_event
    event["order"].pop(0)
    if defended:
        event["avoided"].append(name)
        run = defense_run(state, name, card)
        state.flag("satanic-panic.mayhem-avoided", card, f"{name} avoids {event['card']} with "
                   f"{card}: they take no part in it. " + (
                       f"{card}'s DEFENSE text is not given, so nothing else of it is run."
                       if run is None else f"{card}'s DEFENSE text is run for {name}; what "
                       "of it would touch an attacker does nothing (there is none)."))
        used_as_defense(state, name, card)
        if run is not None:
            _without_attacker(run)
            start(state, run)
            if state.pending or state.runs:
                return  # its own decision first; ask_next goes on after it (turn.apply)
    else:
        state.event("satanic-panic.attack-defense", f"{name} does not defend.")
    _ask_next(state)


def _without_attacker(run: dict) -> None:
    """A Mayhem's or GROUP ATTACK's DEFENSE text: what would touch the attacker does
    nothing (6.14.5); no one attacks, so an effect on a chosen foe or target goes."""
    kept = []
    for ability in run["abilities"]:
        effects = [e for e in ability.get("effects", ()) if e.get("target") not in CHOSEN_TARGETS]
        if effects or "bands" in ability:
            kept.append({**ability, "effects": effects} if "effects" in ability else ability)
    run["abilities"] = kept


def ask_next(state) -> None:
    """Go on asking for DEFENSEs once a DEFENSE text's own decision is answered."""
    event = state.table_event
    if event and event["stage"] == "defense" and not state.pending and not state.runs:
        _ask_next(state)


def hit(state, event: dict) -> list[str]:
    """The players the event resolves against, clockwise (from its decider)."""
    return [n for n in _clockwise_from(state, event["decider"]) if n not in event["avoided"]]


def _to_resolve(state) -> None:
    event = state.table_event
    event["stage"] = "resolve"
    names = ", ".join(hit(state, event)) or "nobody"
    quoted = _catalog_text(state, event["card"])
    text = f"{event['card']}: its effect on {names} " + (
        f'(the catalog\'s text: "{quoted}")' if quoted else "(text not given by the rulebook)")
    open_text(state, text, event["decider"], hit(state, event), event=True)
    state.flag("satanic-panic.resolving-order", event["card"], f"Apply by hand: {text}, "
               f"clockwise from {event['decider']}; then mark it resolved.")


def finish(state) -> dict:
    """The event is resolved: a Mayhem goes to the destroyed pile (6.14.6)."""
    event, state.table_event = state.table_event, None
    state.by_hand_open = [e for e in waiting(state) if not e["event"]]
    if event["kind"] == "mayhem":
        state.line_up.remove(event["card"])
        state.destroyed.append(event["card"])
        state.event("satanic-panic.mayhem-destroyed", f"{event['card']} is resolved and goes "
                    "to the destroyed pile; the top card of the main deck replaces it.")
    else:
        state.event("satanic-panic.legendary-devils", f"{event['card']}'s GROUP ATTACK is "
                    "resolved.")
    return event


# --- actions ---------------------------------------------------------------------
def event_actions(state) -> list[dict]:
    event = state.table_event
    who = event["decider"]
    if event["stage"] == "kind":
        printed = printed_attack(state, event["card"])
        return [{"type": "mayhem", "player": who, "attack": attack} for attack in (True, False)
                if printed is None or attack is printed]
    return apply_actions(state, who, hit(state, event)) + [{"type": "resolved", "player": who}]


def apply_actions(state, who: str, targets: list[str] | None = None) -> list[dict]:
    """The candidate ``apply`` moves of ``who``: each effect of the apply space on each
    player (of ``targets``), when a text of theirs waits (on a free table, outside a
    Mayhem: always); legal_actions keeps those apply_problems allows."""
    free = state.options.get("free") and not state.table_event
    if not free and not any(e["player"] == who for e in waiting(state)):
        return []  # the common case, kept cheap: nothing of theirs waits
    if targets is None:
        targets = [p.name for p in state.players]
    return [{"type": "apply", "player": who, "target": name, "effect": effect}
            for name in targets for effect in apply_space(state)]


def event_problems(state, action: dict) -> list[Problem]:
    event, kind = state.table_event, action["type"]
    key = "satanic-panic.mayhem" if event["kind"] == "mayhem" else "satanic-panic.legendary-devils"
    if kind == "mayhem" and event["stage"] == "kind" and isinstance(action.get("attack"), bool):
        printed = printed_attack(state, event["card"])
        if printed is None or action["attack"] is printed:
            return []
        return [Problem("mayhem-printed", f"{event['card']} is {'' if printed else 'not '}an "
                        "ATTACK, as its catalog entry says: "
                        + ("players may avoid it with a DEFENSE." if printed else
                           "nobody can avoid it."), rule("satanic-panic.mayhem-attack"))]
    if kind in ("apply", "resolved") and event["stage"] == "resolve":
        return apply_problems(state, action) if kind == "apply" else []
    return [Problem("event-resolving", f"{event['card']} is resolving: "
                    + ("say whether it is an ATTACK first." if event["stage"] == "kind" else
                       "apply its effect by hand, then mark it resolved."), rule(key))]


def _entry_for(state, action: dict) -> tuple[dict | None, list[Problem]]:
    """The waiting text ``action`` applies, or why none may."""
    key = "satanic-panic.resolving-order"
    effect, name = action["effect"], action.get("target")
    who = action.get("player") or state.actor()
    entries = [e for e in waiting(state) if e["event"] == bool(state.table_event)]
    if not entries:
        return None, [Problem("nothing-to-apply", "No card text is waiting to be applied by "
                              "hand: apply only carries out text the engine flagged (a "
                              "Mayhem's, a GROUP ATTACK's, Hellfire's, a Demon's, an unknown "
                              "card's).", rule(key))]
    mine = [e for e in entries if e["player"] == who]
    if not mine:
        owners = ", ".join(sorted({e["player"] for e in entries}))
        return None, [Problem("not-your-text", f"The text waiting to be applied is {owners}'s "
                              "card's: they apply it.", rule(key))]
    reach = [e for e in mine if e["targets"] is None or name in e["targets"]]
    if not reach:
        allowed = sorted({t for e in mine for t in e["targets"] or []})
        return None, [Problem("bad-target", f"{name!r} is not a player the waiting text "
                              f"applies to ({', '.join(allowed) or 'nobody'}).", rule(key))]
    fresh = [e for e in reach if [name, applied_kind(effect)] not in e["applied"]]
    if not fresh:
        return None, [Problem("already-applied", f"The waiting text's {applied_kind(effect)} "
                              f"on {name} was already applied.", rule(key))]
    return fresh[0], []


def applied_kind(effect: dict) -> str:
    """The kind of effect a waiting text gives each player once: its ``do``; a gain, of
    each card ('gain-card Burning Limp Wand')."""
    return f"gain-card {effect['card']}" if effect["do"] == "gain-card" else effect["do"]


def apply_problems(state, action: dict) -> list[Problem]:
    key = "satanic-panic.resolving-order"
    effect, name = action.get("effect"), action.get("target")
    try:
        language.validate([{"trigger": "resolved", "effects": [effect]}], path="effect")
    except EngineError as exc:
        return [Problem("bad-effect", exc.message, rule(key))]
    if effect["do"] not in APPLY_EFFECTS or effect.get("target", "self") != "self" or \
            "if" in effect or isinstance(effect.get("amount"), dict):
        return [Problem("bad-effect", "apply takes one of " + ", ".join(APPLY_EFFECTS)
                        + ", with a plain amount, on its target (target 'self').", rule(key))]
    if name not in [p.name for p in state.players]:
        return [Problem("bad-target", f"{name!r} is not a player.", rule(key))]
    _, problems = _entry_for(state, action)
    if problems and not (state.options.get("free") and not state.table_event):
        return problems
    if not _in_space(state, effect):
        most = ", ".join(f"{do} 1-{n}" for do, n in APPLY_MOST.items())
        return [Problem("bad-effect", f"apply carries an amount within the most a quoted card "
                        f"gives ({most}), or gains a card of a stack or deck (" + ", ".join(
                            apply_cards(state)) + "), on its target (target 'self').",
                        rule(key))]
    none_left = _none_left(state, effect, state.player(name))
    if none_left:
        return [none_left]
    if effect["do"] == "discard" and not state.player(name).hand:
        return [Problem("empty-hand", f"{name} has no card in hand.", rule("satanic-panic"
                                                                              ".discarding"))]
    if effect["do"] == "gain-power" and name != state.current.name:
        return [Problem("not-your-turn", "Power is only gained by the active player.",
                        rule("satanic-panic.buying"))]
    return []


def _in_space(state, effect: dict) -> bool:
    """``effect in apply_space(state)``, without building the space."""
    do = effect["do"]
    if do == "gain-card":
        return effect == {"do": do, "card": effect.get("card"), "target": "self"} and \
            effect["card"] in apply_cards(state)
    amount = effect.get("amount")
    return effect == {"do": do, "amount": amount, "target": "self"} and \
        amount in range(1, APPLY_MOST.get(do, 0) + 1)


def _none_left(state, effect: dict, player) -> Problem | None:
    """Why ``player`` cannot be given this Damned token, tile, Demon or Taint now."""
    do = effect["do"]
    if do == "beelze-buttholes" and player.satan:
        return Problem("satan-immune", "Satan cannot be affected by Beelze-Buttholes.",
                       rule("satanic-panic.satan-beelze"))
    if do == "beelze-buttholes" and player.beelze_buttholes >= MAX_BEELZE_BUTTHOLES:
        return Problem("most-beelze-buttholes", f"{player.name} already has "
                       f"{MAX_BEELZE_BUTTHOLES} Beelze-Buttholes, the most a player can have.",
                       rule("satanic-panic.beelze-butthole-limit"))
    if do == "damned-wizard-tokens" and not state.damned_wizard_token_stack:
        return Problem("none-left", "No Damned Wizard Token is left to gain.",
                       rule("satanic-panic.damned-none-left"))
    if do == "summon-demons" and len(state.demon_deck) < effect.get("amount", 1):
        return Problem("none-left", f"The Demon deck holds {len(state.demon_deck)} Demon(s): "
                       "Summoning reveals its top card.", rule("satanic-panic.summon"))
    if do == "gain-card" and effect["card"] == SATANS_TAINT and not state.taint_deck:
        return Problem("none-left", "The Satan's Taint deck is empty.",
                       rule("satanic-panic.taint-gained"))
    return None


def effect_label(effect: dict) -> str:
    """An applied effect as it happens to its player: 'takes 1 damage', 'draws 1 card(s)'."""
    n = effect.get("amount", 1)
    return {"damage": f"takes {n} damage", "heal": f"heals {n} HP",
            "draw": f"draws {n} card(s)", "discard": f"discards {n} card(s)",
            "gain-power": f"gains {n} Power",
            "dead-wizard-tokens": f"gains {n} Dead Wizard Token(s)",
            "damned-wizard-tokens": f"gains {n} Damned Wizard Token(s)",
            "beelze-buttholes": f"gains {n} Beelze-Butthole Tile(s)",
            "summon-demons": f"Summons {n} Demon(s)"}.get(
        effect["do"], f"gains {effect.get('card', 'a card')}")


def run_apply(state, action: dict) -> None:
    entry, _ = _entry_for(state, action)
    state.by_hand_open = waiting(state)  # plain texts of an older state become objects
    if entry is None:  # a free table's edit: no text asked for it
        state.flag("satanic-panic.resolving-order", "free table", f"Free table: "
                   f"{action['target']} {effect_label(action['effect'])}, applied by hand "
                   "without a waiting text.")
        start(state, new_run(action["target"], "free table (by hand)",
                             [{"trigger": "resolved", "effects": [action["effect"]]}],
                             source=state.current.name))
        return
    entry = next(e for e in state.by_hand_open if e == entry)
    entry["applied"].append([action["target"], applied_kind(action["effect"])])
    event = state.table_event
    source = None if event else state.current.name
    why = event["card"] if event else action["player"]
    state.event("satanic-panic.resolving-order", f"Applied by hand (for {why}): "
                f"{action['target']} {effect_label(action['effect'])}.")
    start(state, new_run(action["target"], f"{why} (by hand)",
                         [{"trigger": "resolved", "effects": [action["effect"]]}], source=source))
