"""Play a card's abilities (the ability language, engine.abilities) in Satanic Panic.

Triggers: ``resolved`` runs when the card is played; ``attack`` then lets each
affected player avoid it with a DEFENSE (a pending decision) before its
effects hit them; ``activate`` becomes an action usable once later in the
turn; ``end-of-turn`` runs at End of Turn step 3 and ``end-of-game`` before
the tally; an ``ongoing`` ability is flagged for the player to apply while
the card is in play; a ``defense`` ability runs only when its holder uses the
card to avoid an ATTACK (6.2.8), for them, before the ATTACK goes on. Effects:
gain-power, draw, heal, damage, gain-card (of a stack, the Line-Up, or the Satan's
Taint deck's top card), discard, destroy, dead-wizard-tokens, damned-wizard-tokens,
beelze-buttholes, summon-demons. ``by-hand`` text, and whatever else
the language says that this game cannot hold, is flagged (never skipped) and
the player applies it with ``apply`` actions.

Choices are the player's: the card's target is the play action's ``target``
(legal_actions lists one item per candidate); which cards to discard or
destroy is a pending decision of the player concerned. A run that waits for a
decision stays on ``state.runs`` as plain data (a stack: a death in the
middle of a card can start a Dead Wizard Token's own run), so a stored state
resumes exactly where it stopped. Nothing here imports the state module: the
state is passed in.
"""
from __future__ import annotations

from .. import abilities as language
from ..core import roll_die
from .by_hand import foes_of, open_text
from .cards import SATANS_TAINT
from .health import heal
from .setup import LIL_BUDDIES

PLAYED_TRIGGERS = ("resolved", "attack", "activate", "end-of-turn", "end-of-game", "defense")
PLAYED_EFFECTS = ("gain-power", "draw", "heal", "damage", "gain-card", "discard", "destroy",
                  "dead-wizard-tokens", "damned-wizard-tokens", "beelze-buttholes",
                  "summon-demons")
PLAYED_TARGETS = ("target-player", "foe", "each-foe")
PLAYED_CONDITIONS = ("defeated-this-way", "owns-another")
CHOSEN_TARGETS = ("target-player", "foe")  # the play action's "target" names them
ON_PLAY = ("resolved", "attack", "activate", "ongoing")
MAIN_DECK_TOP = "the top card of the main deck"
# The Lil' Buddies tile: "Once per turn, ATTACK: Another player gains 1 of your Lil' Buddies."
LIL_BUDDIES_ATTACK = [{"trigger": "attack", "effects": [
    {"do": "gain-card", "card": LIL_BUDDIES, "target": "target-player"}]}]


def plays(abilities) -> bool:
    """True when this interpreter runs every part of these abilities."""
    return language.covered(abilities, triggers=PLAYED_TRIGGERS, effects=PLAYED_EFFECTS,
                            targets=PLAYED_TARGETS, conditions=PLAYED_CONDITIONS)


def deals(abilities) -> bool:
    """True when this interpreter plays every part of these abilities or flags it for the
    player (a ``by-hand`` text, an ONGOING ability): a catalog card a dealt table may use."""
    return language.covered(abilities, triggers=(*PLAYED_TRIGGERS, "ongoing"),
                            effects=(*PLAYED_EFFECTS, "by-hand"), targets=PLAYED_TARGETS,
                            conditions=PLAYED_CONDITIONS)


def has_defense(state, card: str) -> bool:
    """Every Familiar has a DEFENSE (6.1.3); another card has one when its definition says
    so (a catalog card's DEFENSE keyword or text, 6.2.1) or it has a ``defense`` ability."""
    spec = state.card(card)
    return spec.kind == "familiar" or spec.defense or bool(defense_abilities(spec.abilities))


def defense_abilities(abilities) -> list[dict]:
    """The DEFENSE text in the ability language: read only when the card is used to avoid
    an ATTACK (6.2.8), never when it is played."""
    return [a for a in abilities or () if a.get("trigger") == "defense"]


def defense_cards(state, player) -> list[str]:
    return sorted({c for c in player.hand if has_defense(state, c)})


def target_options(state, player, abilities) -> list[str] | None:
    """Whom the card's ``target`` may name (7.2: a player may be you, a foe may not),
    or None when no effect asks for a chosen target."""
    played = [a for a in abilities if a["trigger"] != "defense"]  # not read when played
    kinds = {e.get("target") for e in language.all_effects(played)} & set(CHOSEN_TARGETS)
    if not kinds:
        return None
    return [p.name for p in state.players if "target-player" in kinds or p is not player]


def new_run(player: str, card: str, abilities: list, *, target=None, source=...) -> dict:
    """A run of ``abilities`` for ``player`` (plain data, stored on ``state.runs``).
    ``source``: who deals its damage (kills earn the Standee); None for no one."""
    return {"player": player, "card": card, "target": target,
            "source": player if source is ... else source,
            "abilities": [dict(a) for a in abilities], "effects": [], "i": 0,
            "attack": False, "queue": [], "bound": None, "defeated": False}


def start(state, run: dict) -> None:
    """Push a run and play it as far as it goes without a player's decision."""
    state.runs.append(run)
    drive(state)


def drive(state) -> None:
    """Go on with the innermost run until it waits for a decision or all are done."""
    while state.runs and not state.pending:
        depth = len(state.runs)
        if _step(state, state.runs[-1], depth):
            state.runs.pop(depth - 1)


def ask_defense(state, name: str, attacker: str | None, card: str, **extra) -> None:
    """Ask an attacked player whether they avoid the ATTACK (6.2.2). Every attacked player
    is asked, with a DEFENSE card in hand or none: the table is not told who holds one
    (I.T. Infernal Technician: a foe with none need not prove it). ``options``: the
    DEFENSE cards of their hand, perhaps none (then declining is their only move); only
    their own view shows them (engine.seat_views)."""
    if attacker is not None:
        state.event("satanic-panic.attack-defense", f"{attacker} ATTACKS {name} with {card}; "
                    f"{name} may avoid it with a DEFENSE.")
    state.pending = {"type": "defense", "player": name, "attacker": attacker, "card": card,
                     "options": defense_cards(state, state.player(name)), **extra}


def answer_defense(state, defended: bool, defense: dict | None = None) -> None:
    """The attacked player's DEFENSE decision: avoid (skip them) or be hit now.
    ``defense``: the run of the DEFENSE text used (6.2.8), played before the ATTACK goes on."""
    run = state.runs[-1]
    if not defended:
        run["bound"], run["i"] = run.pop("offer"), 0
    else:
        run.pop("offer", None)
    if defense:
        state.runs.append(defense)
    drive(state)


def used_as_defense(state, player: str, card: str) -> None:
    """6.2.7: a card is used one way only. Where a used DEFENSE goes the rulebook does not
    say, so it stays in hand, marked: it may defend again, never be played."""
    state.player(player).used_as_defense.append(card)
    state.event("satanic-panic.one-way", f"{card} stays in {player}'s hand, used: it may "
                "defend again but cannot also be played.", card=card)


def defense_run(state, player: str, card: str) -> dict | None:
    """The run of ``card``'s DEFENSE text for ``player`` who used it, or None when it has
    none in the ability language. Nobody chose a target for it, so an effect on a chosen
    target (the attacker, say) is flagged for the player, not guessed."""
    abilities = defense_abilities(state.card(card).abilities)
    if not abilities:
        return None
    state.event("satanic-panic.defense-text", f"{player} uses {card}'s DEFENSE: its DEFENSE "
                "text is read.", card=card)
    return new_run(player, card, abilities)


# --- the stepper ---------------------------------------------------------------
def _step(state, run: dict, depth: int) -> bool:
    """Run effects until the run is done (True) or waits (False)."""
    while True:
        if run["attack"] and run["bound"] is None:
            if not run["queue"]:
                run["attack"], run["effects"], run["i"] = False, [], 0
                continue
            name = run["queue"].pop(0)
            if name != run["player"]:  # an ATTACK on oneself is nobody's to avoid
                ask_defense(state, name, run["player"], run["card"])
                run["offer"] = name
                return False
            run["bound"], run["i"] = name, 0
        if run["i"] < len(run["effects"]):
            effect = run["effects"][run["i"]]
            run["i"] += 1
            _effect(state, run, effect)
            if state.pending or len(state.runs) != depth:
                return False
            continue
        if run["attack"]:
            run["bound"] = None
            continue
        if not run["abilities"]:
            return True
        _begin(state, run, run["abilities"].pop(0))


def _begin(state, run: dict, ability: dict) -> None:
    trigger, card = ability["trigger"], run["card"]
    run["effects"], run["i"], run["defeated"] = [], 0, False
    if "bands" in ability:
        _by_hand(state, run, f"{card}: a Power Roll table is not a Satanic Panic ability")
        return
    if trigger == "activate" and run.get("on_play"):
        state.activations.append({"player": run["player"], "card": card})
        state.event("satanic-panic.activate", f"{card}'s Activate ability may be used once, "
                    f"at any time during {run['player']}'s turn.", card=card)
        return
    if trigger == "ongoing":
        for line in language.describe([ability]):
            _by_hand(state, run, f"{card} {line}", key="satanic-panic.ongoing")
        return
    run["effects"] = list(ability["effects"])
    if trigger == "attack":
        run["attack"], run["bound"] = True, None
        run["queue"] = _affected(state, run, ability["effects"])
        state.event("satanic-panic.attack-defense", f"{card}'s ATTACK: "
                    + (", ".join(run["queue"]) or "nobody") + " affected.", card=card)


def _clockwise_foes(state, name: str) -> list[str]:
    """Foes in clockwise order from ``name`` (6.10.1)."""
    i = state.index_of(name)
    order = state.players[i + 1:] + state.players[:i]
    return [p.name for p in order]


def _affected(state, run: dict, effects: list[dict]) -> list[str]:
    kinds = [e.get("target") for e in effects if e.get("target") in PLAYED_TARGETS]
    if kinds and kinds[0] in CHOSEN_TARGETS:
        if not run["target"]:
            _by_hand(state, run, f"{run['card']}'s ATTACK on a target nobody chose")
            return []
        return [run["target"]]
    return _clockwise_foes(state, run["player"])  # each foe; an ATTACK without a target too


def _targets(state, run: dict, kind: str | None) -> list[str] | None:
    """Who an effect touches; None when the language's target is not this game's."""
    if kind in (None, "self"):
        return [run["player"]]
    if run["bound"] is not None and kind in PLAYED_TARGETS:
        return [run["bound"]]
    if kind in CHOSEN_TARGETS:
        if not run["target"]:
            _by_hand(state, run, f"{run['card']}: its effect on a target nobody chose")
        return [run["target"]] if run["target"] else []
    if kind == "each-foe":
        return _clockwise_foes(state, run["player"])
    return None


def _amount(state, run: dict, raw) -> int | None:
    if isinstance(raw, dict) and "dice" in raw:
        faces = [roll_die(state.rng()) for _ in range(raw["dice"])]
        state.event("satanic-panic.resolving-order", f"{run['card']}: rolls {faces}.")
        return sum(faces)
    if isinstance(raw, dict):
        return None  # glyphs are a spell-game idea
    return raw


def _by_hand(state, run: dict, text: str, key: str = "satanic-panic.play-order") -> None:
    open_text(state, text, run["player"], foes_of(state, run["player"]) if run.get("attack")
              else None)
    state.flag(key, run["card"], f"apply by hand: {text}")


def _owns_another(state, player, card: str) -> bool:
    if card in player.dead_wizard_tokens:
        return player.dead_wizard_tokens.count(card) > 1
    return player.owned_cards().count(card) > 1


def _effect(state, run: dict, effect: dict) -> None:
    do, card = effect["do"], run["card"]
    condition = effect.get("if")
    if condition == "defeated-this-way" and not run["defeated"]:
        state.event("satanic-panic.resolving-order", f"{card}: not defeated this way, so "
                    f"'{language.describe([{'trigger': 'resolved', 'effects': [effect]}])[0]}' "
                    "does not happen.")
        return
    if condition not in (None, *PLAYED_CONDITIONS) or do not in PLAYED_EFFECTS:
        text = effect.get("text") or language.describe(
            [{"trigger": "resolved", "effects": [effect]}])[0]
        _by_hand(state, run, text)
        return
    who = _targets(state, run, effect.get("target"))
    amount = _amount(state, run, effect.get("amount", 1))
    if who is None or amount is None:
        _by_hand(state, run, f"{card}: {language.TARGETS.get(effect.get('target'), 'an amount')}"
                 " is not something Satanic Panic's engine can pick")
        return
    for name in who:
        RUNNERS[do](state, run, state.player(name), amount, effect)
        if state.pending or state.game_over:
            return


# --- effects -------------------------------------------------------------------
def _gain_power(state, run, player, amount, effect) -> None:
    if player is not state.current:
        state.event("satanic-panic.buying", f"{run['card']}: +{amount} Power is only of use "
                    f"on {player.name}'s own turn; nothing gained.")
        return
    state.power += amount
    state.event("satanic-panic.buying", f"{run['card']}: +{amount} Power ({state.power} in "
                "total).", card=run["card"])


def _draw(state, run, player, amount, effect) -> None:
    drawn = state.draw(player, amount)
    state.event("satanic-panic.play-order", f"{run['card']}: {player.name} draws {drawn} "
                "card(s).")


def _heal(state, run, player, amount, effect) -> None:
    healed = heal(player.hp, amount, player.max_hp)
    player.hp = healed["hp"]
    state.event("satanic-panic.healing", f"{run['card']}: {player.name} heals {amount} "
                f"(HP {player.hp} of {player.max_hp}).")


def _damage(state, run, player, amount, effect) -> None:
    source = state.player(run["source"]) if run["source"] else None
    state.event("satanic-panic.attack-defense" if run["attack"] else "satanic-panic.play-order",
                f"{run['card']} deals {amount} damage to {player.name}.")
    if state.damage(player, amount, source):
        run["defeated"] = True


def _gain_card(state, run, player, amount, effect) -> None:
    name = effect["card"]
    if name == SATANS_TAINT:  # the Satan's Taint deck's top card, never refused
        state.gain_taint(player, run["card"])
        return
    # Satan ignores standard cards (8.9.2) but, as nobody may refuse them, takes a Burning
    # Limp Wand or a Satan's Taint (ruling satan-and-unrefusable-cards).
    if player.satan and state.card(name).kind != "burning-limp-wand":
        state.event("satanic-panic.satan-ignores-standard-cards", f"{run['card']}: Satan is "
                    f"told to gain {name}, a standard card: ignored.")
        return
    if name == MAIN_DECK_TOP:
        state.gain_from_main_deck(player)
        return
    if name == LIL_BUDDIES:  # one of the ATTACKER's set aside (their tile), not a stack
        owner = state.player(run["player"])
        if LIL_BUDDIES not in owner.set_aside:
            state.event("satanic-panic.ability-tile-set-aside",
                        f"{owner.name} has no Lil' Buddies left set aside.", card=name)
            return
        owner.set_aside.remove(LIL_BUDDIES)
        player.discard.append(LIL_BUDDIES)
        state.event("satanic-panic.ability-tile-set-aside", f"{player.name} gains 1 of "
                    f"{owner.name}'s Lil' Buddies, into their discard pile "
                    f"({len(owner.set_aside)} left set aside).", card=name)
        return
    if state.card(name).kind == "mayhem":
        state.event("satanic-panic.mayhem-never-gained", f"{name} can never be gained.")
        return
    if state.gain_from_supply(player, name):
        where = "the stack"
    elif name in state.line_up:
        state.line_up.remove(name)
        player.discard.append(name)
        where = "the Line-Up"
    else:
        state.event("satanic-panic.gaining", f"{run['card']}: no {name} is available, so "
                    f"{player.name} simply does not gain one.")
        return
    state.event("satanic-panic.gaining", f"{run['card']}: {player.name} gains {name} from "
                f"{where}, into their discard pile.", card=name)
    state.offer_familiar_top(player, name)  # Adam or Steve, the Familiar-discount tile's


def _discard(state, run, player, amount, effect) -> None:
    count = amount
    if "otherwise" in effect and _owns_another(state, player, run["card"]):
        count = effect["otherwise"]
        state.event("satanic-panic.sins", f"{player.name} owns another {run['card']}: only "
                    f"that part resolves, discard {count}.")
    count = min(count, len(player.hand))
    if not count:
        state.event("satanic-panic.discarding", f"{run['card']}: {player.name} has no card "
                    "in hand to discard.")
        return
    state.pending = {"type": "discard", "player": player.name, "count": count,
                     "why": run["card"]}
    state.event("satanic-panic.discarding", f"{run['card']}: {player.name} chooses {count} "
                "card(s) to discard from their hand.")


def _destroy(state, run, player, amount, effect) -> None:
    what = effect.get("what", "")
    if "dead wizard token" in what.lower():
        state.destroy_tokens(player, amount, run["card"])
        return
    zones = [z for z in ("hand", "discard") if getattr(player, z)]
    if not zones:
        state.event("satanic-panic.destroying", f"{run['card']}: {player.name} has no card "
                    "in hand or discard pile to destroy.")
        return
    state.pending = {"type": "destroy", "player": player.name, "count": amount,
                     "why": run["card"], "zones": zones}
    state.event("satanic-panic.destroying", f"{run['card']}: {player.name} chooses "
                f"{amount} {what or 'card(s)'} to destroy from their hand or discard pile.")


def _dead_wizard_tokens(state, run, player, amount, effect) -> None:
    for _ in range(amount):
        state.gain_token(player, run["card"])
        if state.pending or state.game_over:
            return


def _damned_wizard_tokens(state, run, player, amount, effect) -> None:
    for _ in range(amount):
        state.gain_damned_token(player, run["card"])


def _beelze_buttholes(state, run, player, amount, effect) -> None:
    for _ in range(amount):
        state.gain_beelze_butthole(player, run["card"])


def _summon_demons(state, run, player, amount, effect) -> None:
    """Summon (6.19.4): the top Demon of the deck into play in front of ``player``."""
    summoned = sum(state.summon_demon(player) for _ in range(amount))
    state.event("satanic-panic.summon", f"{run['card']}: {player.name} Summons "
                f"{summoned} Demon(s)" + ("" if summoned == amount else
                                          " (the Demon deck is empty)") + ".")


RUNNERS = {"gain-power": _gain_power, "draw": _draw, "heal": _heal, "damage": _damage,
           "gain-card": _gain_card, "discard": _discard, "destroy": _destroy,
           "dead-wizard-tokens": _dead_wizard_tokens,
           "damned-wizard-tokens": _damned_wizard_tokens,
           "beelze-buttholes": _beelze_buttholes, "summon-demons": _summon_demons}
