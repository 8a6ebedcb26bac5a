"""Satanic Panic: playing a card from hand, the effects the engine can run, DEFENSE.

A card with abilities (the ability language: Lucky's Lucky Wand, Little Pot
o' Gold, Enslave-'Em-All Ball, Lil' Buddies, or a catalog card) is played by
the interpreter (``abilities``). The rules the rulebook states for the others
are run here (Glyph +1 Power, Wild Magic, Burning Limp Wand, The Satanic
Shuffle, Terrible Temptation, Satan's Salute Standee, Hellfire's UNAVOIDABLE
ATTACK); every other card text is flagged for the player to apply by hand.
A card with a DEFENSE (every Familiar has one; a catalog card with the DEFENSE
keyword or a ``defense`` ability) lets its holder avoid an ATTACK. Every
attacked player is asked (a pending decision, on whoever's turn or none: a
GROUP ATTACK), holding one or not, so the question tells the table nothing of
their hand; one without may only decline. A DEFENSE text, when the ability
language gives it, is run for them then (6.2.8).
"""
from __future__ import annotations

from ..core import Problem
from ..rule_refs import rule
from .abilities import (
    ON_PLAY,
    answer_defense,
    defense_run,
    drive,
    new_run,
    start,
    target_options,
    used_as_defense,
)
from .by_hand import foes_of, open_text
from .cards import STANDEE
from .health import BURNING_LIMP_WAND_HP, pay_hp_problem
from .mayhem import answer_defense as answer_event_defense
from .state import PanicPlayer, TableState

WILD_MAGIC_POWER = 2
WILD_MAGIC_MODES = ("power", "foe-deck")
SATANIC_SHUFFLE_LOOK = 3
HELLFIRE = "Hellfire"


def _problem(code, message, key) -> list[Problem]:
    return [Problem(code, message, rule(key))]


def _target(state: TableState, name) -> PanicPlayer | None:
    return next((p for p in state.players if p.name == name), None)


def play_problems(state: TableState, action: dict) -> list[Problem]:
    """Read-only check of a play action by the active player."""
    me, card = state.current, action.get("card")
    if card not in me.hand:
        return _problem("not-in-hand", f"{card!r} is not in {me.name}'s hand.",
                        "satanic-panic.turn-sequence")
    if not me.playable(card):
        return _problem("used-as-defense", f"{card} was used as a DEFENSE: a card is used one "
                        "way only, so it cannot also be played.", "satanic-panic.one-way")
    return card_problems(state, me, card, action)


def card_choices(state: TableState, me: PanicPlayer, card: str) -> list[dict]:
    """The ways ``me`` may play ``card``, from hand or off a foe's deck (Wild Magic): the
    fields each way adds to the move ([{}]: the card asks for no choice)."""
    targets = target_options(state, me, state.card(card).abilities)
    if targets is not None:
        return [{"target": name} for name in targets]
    effect = state.card(card).effect
    if effect == "wild-magic":
        return [{"mode": "power"}] + [{"mode": "foe-deck", "target": p.name}
                                      for p in state.players if p is not me]
    if effect == "burning-limp-wand":
        return [{"pay_hp": False}, {"pay_hp": True}]
    if effect == "satanic-shuffle":
        return [{"choice": i} for i in shuffle_choices(state)]
    if effect == "terrible-temptation":
        return [{}] + [{"deal": {"player": p.name, "card": c, "demons": n}}
                       for p in state.players if p is not me and not p.satan
                       for c in sorted(set(state.line_up)) for n in (1, 2)]
    return [{}]


def card_problems(state: TableState, me: PanicPlayer, card: str, action: dict) -> list[Problem]:
    """Why ``me`` may not play ``card`` the way ``action`` says (its target, mode, HP
    payment, choice or deal): the same from hand or off a foe's deck."""
    spec = state.card(card)
    effect = spec.effect
    options = target_options(state, me, spec.abilities)
    if options is not None and action.get("target") not in options:
        return _problem("bad-target", f"{card} needs a target: one of {', '.join(options)}.",
                        "satanic-panic.targeting")
    if effect == "wild-magic":
        mode = action.get("mode")
        if mode not in WILD_MAGIC_MODES:
            return _problem("choose-mode", "Wild Magic: choose mode 'power' (+2 Power) or "
                            "'foe-deck' (play the top card of a foe's deck).",
                            "satanic-panic.wild-magic")
        if mode == "foe-deck":
            foe = _target(state, action.get("target"))
            if foe is None or foe is me:
                return _problem("bad-target", "Wild Magic needs a foe as target.",
                                "satanic-panic.wild-magic")
            if not (foe.deck or foe.discard):
                return _problem("no-card", f"{foe.name} has no card to play from.",
                                "satanic-panic.wild-magic")
    if effect == "burning-limp-wand" and action.get("pay_hp"):
        problem = pay_hp_problem(me.hp, BURNING_LIMP_WAND_HP, keep_one=True)
        if problem:
            return [problem]
    if effect == "satanic-shuffle" and not _shuffle_choice(state, action):
        return _problem("bad-choice", "Choose one of the top 3 Satan stack cards (0-2).",
                        "satanic-panic.satanic-shuffle")
    if effect == "terrible-temptation" and action.get("deal"):
        return _deal_problems(state, me, action["deal"])
    return []


def _deal_problems(state: TableState, me: PanicPlayer, deal) -> list[Problem]:
    key = "satanic-panic.terrible-temptation"
    if not isinstance(deal, dict):
        return _problem("bad-deal", "A deal is {player, card, demons}.", key)
    partner = _target(state, deal.get("player"))
    if partner is None or partner is me or partner.satan:
        return _problem("bad-deal", "The deal is made with another player.", key)
    if deal.get("card") not in state.line_up:
        return _problem("bad-deal", "The deal's card must be in the Line-Up.", key)
    if deal.get("demons") not in (1, 2):
        return _problem("bad-deal", "Satan Summons either 1 or 2 Demons.", key)
    return []


def play_card(state: TableState, action: dict) -> None:
    """Play a card from the active player's hand (the action was checked)."""
    me, card = state.current, action["card"]
    me.hand.remove(card)
    destroyed = resolve_card(state, me, card, action)
    if destroyed:
        return
    (me.ongoing if state.card(card).ongoing else me.played).append(card)


def resolve_card(state: TableState, me: PanicPlayer, card: str, action: dict) -> bool:
    """Run a card's effects for ``me``, as ``action`` chose to play it (from hand or off a
    foe's deck); True if the card was destroyed by them."""
    spec = state.card(card)
    if spec.abilities:
        start(state, new_run(me.name, card, [
            a for a in spec.abilities if a["trigger"] in ON_PLAY],
            target=action.get("target")) | {"on_play": True})
        return False
    if card == HELLFIRE:
        text = (f"{card}'s UNAVOIDABLE ATTACK (no DEFENSE is offered); its text is not given "
                "by the rulebook")
        open_text(state, text, me.name, foes_of(state, me.name))  # an ATTACK: on foes
        state.flag("satanic-panic.hellfire", card, f"apply by hand: {text}.")
        return False
    if spec.power:
        state.power += spec.power
        state.event("satanic-panic.buying", f"{me.name} plays {card}: +{spec.power} Power "
                    f"({state.power} in total).", card=card)
    elif spec.power == 0 and not spec.effect:
        state.event("satanic-panic.turn-sequence", f"{me.name} plays {card}: nothing happens.",
                    card=card)
    effect = spec.effect
    if not effect:
        if spec.power is None:
            open_text(state, f"{card}'s text (not given by the rulebook)", me.name)
            state.flag("satanic-panic.play-order", card, f"apply by hand: {card}'s text is "
                       "not given, so the engine does not run it.")
        return False
    return _RUNNERS[effect](state, me, card, action)


def _wild_magic(state, me, card, action) -> bool:
    if action["mode"] == "power":
        state.power += WILD_MAGIC_POWER
        state.event("satanic-panic.wild-magic", f"Wild Magic for +{WILD_MAGIC_POWER} Power "
                    f"({state.power} in total).")
        return False
    foe = _target(state, action["target"])
    top = state.take_top(foe)
    state.event("satanic-panic.wild-magic", f"Wild Magic: {me.name} plays the top card of "
                f"{foe.name}'s deck: {top}.", card=top)
    if card_choices(state, me, top) == [{}]:
        _play_off_foe_deck(state, me, foe, top, {})
        return False
    # It is played as from hand, with its own choices (a target, a payment...): the Wild
    # Magic's player makes them now that it is revealed (a pending ``foe-card``).
    state.pending = {"type": "foe-card", "player": me.name, "card": top, "foe": foe.name}
    state.event("satanic-panic.wild-magic", f"{me.name} chooses how {top} is played.",
                card=top)
    return False


def foe_card_problems(state: TableState, action: dict) -> list[Problem]:
    """While a card played off a foe's deck waits for its player's choices: only that
    card's ``foe-card`` moves, with the choices a play of it from hand would take."""
    pending = state.pending
    if action.get("type") != "foe-card" or action.get("card") != pending["card"]:
        return _problem("decision-pending", f"{pending['player']} must first choose how "
                        f"{pending['card']}, played off {pending['foe']}'s deck by Wild Magic, "
                        "is played.", "satanic-panic.wild-magic")
    return card_problems(state, state.player(pending["player"]), pending["card"], action)


def play_foe_card(state: TableState, action: dict) -> None:
    """The pending ``foe-card`` choice made: the card resolves as from hand."""
    pending, state.pending = state.pending, None
    _play_off_foe_deck(state, state.player(pending["player"]), state.player(pending["foe"]),
                       pending["card"], action)
    drive(state)


def _play_off_foe_deck(state, me, foe, card, action) -> None:
    """Resolve ``card`` for ``me`` as if played from hand; then it goes to the foe's discard
    pile, or stays in play in front of ``me``, its new owner, if ONGOING (6.12.3, 6.12.4,
    ruling wild-magic-foe-card). One its own effect destroyed (a Burning Limp Wand paid
    for, 6.13.2) has left the game (its stack, 6.13.7): it goes nowhere else."""
    if resolve_card(state, me, card, action):
        state.event("satanic-panic.burning-limp-wand", f"{card}, played off {foe.name}'s deck, "
                    "is destroyed: it does not go to their discard pile.", card=card)
    elif state.card(card).ongoing:
        me.ongoing.append(card)
        state.event("satanic-panic.wild-magic", f"{card} is ONGOING: {me.name} becomes its "
                    "owner and it stays in play in front of them.", card=card)
    else:
        foe.discard.append(card)
        state.event("satanic-panic.wild-magic", f"{card} goes to {foe.name}'s discard pile.",
                    card=card)


def resolve_defense(state: TableState, action: dict) -> None:
    """The attacked player's answer: a card's ATTACK (abilities) or a Mayhem's / GROUP
    ATTACK's (mayhem)."""
    pending, state.pending = state.pending, None
    defended = action["type"] == "defend"
    if pending.get("event"):
        answer_event_defense(state, pending["player"], defended, action.get("card"))
        return
    run = None
    if defended:
        run = defense_run(state, pending["player"], action["card"])
        if run is None:
            state.flag("satanic-panic.attack-defense", action["card"],
                       f"{pending['player']} avoids the ATTACK with {action['card']}; its "
                       "DEFENSE text is not given, so nothing else of it is run.")
        else:
            state.event("satanic-panic.attack-defense", f"{pending['player']} avoids the "
                        f"ATTACK with {action['card']}.", card=action["card"])
        used_as_defense(state, pending["player"], action["card"])
    else:
        state.event("satanic-panic.attack-defense", f"{pending['player']} does not defend.")
    answer_defense(state, defended, run)


def _burning_limp_wand(state, me, card, action) -> bool:
    if not action.get("pay_hp"):
        return False
    me.hp -= BURNING_LIMP_WAND_HP
    state.destroy_card(card)
    state.event("satanic-panic.burning-limp-wand", f"{me.name} pays {BURNING_LIMP_WAND_HP} HP "
                f"(now {me.hp}) to destroy the Burning Limp Wand; it goes back to its stack.")
    return True


def shuffle_choices(state: TableState) -> list[int]:
    """Which of the Satan stack's top cards may be gained: one of the top 3 (0-2), of as
    many as there are (the first when none is left: nothing is gained)."""
    return list(range(min(SATANIC_SHUFFLE_LOOK, max(1, len(state.satan_stack)))))


def _shuffle_choice(state: TableState, action: dict) -> bool:
    choice = action.get("choice", 0)
    return type(choice) is int and choice in shuffle_choices(state)


def satanic_shuffle(state: TableState, satan: PanicPlayer, choice: int, key: str) -> None:
    look = state.satan_stack[:SATANIC_SHUFFLE_LOOK]
    del state.satan_stack[:SATANIC_SHUFFLE_LOOK]
    if not look:
        state.event(key, "The Satan stack is empty: nothing to gain.")
        return
    gained = look.pop(min(choice, len(look) - 1))
    satan.discard.append(gained)
    state.satan_stack.extend(look)
    state.event(key, f"Satan looks at the top {len(look) + 1} Satan stack card(s), gains "
                f"{gained} and puts {len(look)} on the bottom.")


def _satanic_shuffle(state, me, card, action) -> bool:
    if not me.satan:
        state.flag("satanic-panic.satan-no-buying", card, "Only the Satan player uses the Satan "
                   "stack; this effect is not run for a wizard.")
        return False
    satanic_shuffle(state, me, action.get("choice", 0), "satanic-panic.satanic-shuffle")
    return False


def _terrible_temptation(state, me, card, action) -> bool:
    key = "satanic-panic.terrible-temptation"
    deal = action.get("deal")
    if not deal:
        drawn = state.draw(me, 1)
        state.event(key, f"No deal is closed: {me.name} stops negotiating and draws {drawn} card.")
        return False
    partner = state.player(deal["player"])
    state.line_up.remove(deal["card"])
    partner.deck.insert(0, deal["card"])
    summoned = sum(state.summon_demon(me) for _ in range(deal["demons"]))
    state.event(key, f"Deal closed: {partner.name} gains {deal['card']} from the Line-Up to the "
                f"top of their deck; {me.name} Summons {summoned} Demon(s).")
    return False


_RUNNERS = {
    "wild-magic": _wild_magic,
    "burning-limp-wand": _burning_limp_wand,
    "satanic-shuffle": _satanic_shuffle,
    "terrible-temptation": _terrible_temptation,
}


def activate_problems(state: TableState, action: dict) -> list[Problem]:
    me = state.current
    key = "satanic-panic.standee"
    if action.get("card") != STANDEE:
        return _problem("not-activatable", "Only Satan's Salute Standee can be activated here.",
                        key)
    if state.standee != me.name:
        return _problem("not-controlled", f"{me.name} does not control {STANDEE}.", key)
    if state.standee_used:
        return _problem("once-per-turn", f"{STANDEE} was already used this turn.", key)
    if me.satan:
        return [] if _shuffle_choice(state, action) else _problem(
            "bad-choice", "Choose one of the top 3 Satan stack cards (0-2).", key)
    zone = action.get("zone")
    if zone not in ("hand", "discard") or action.get("target") not in getattr(me, zone or "hand"):
        return _problem("bad-target", "Choose a card in your hand or discard pile to destroy.",
                        key)
    return []


def activate_standee(state: TableState, action: dict) -> None:
    me = state.current
    state.standee_used = True
    if me.satan:
        satanic_shuffle(state, me, action.get("choice", 0), "satanic-panic.satan-standee")
        return
    card = action["target"]
    getattr(me, action["zone"]).remove(card)
    state.destroy_card(card)
    state.event("satanic-panic.standee", f"{me.name} uses {STANDEE} to destroy {card} from "
                f"their {action['zone']}.")
