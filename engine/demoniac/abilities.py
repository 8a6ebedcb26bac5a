"""Play Demoniac cards' abilities (the ability language, engine.abilities).

The rulebook gives card effects no text beyond one divinity (Holy Spritz: "forces
opponents to discard three cards"), so an effect plays when an editor scripts it
on the card's catalog entry. Where each kind of card's ability runs:

- a disturbance's ``resolved`` abilities when it is played (creating disturbances
  10.2: "an immediate effect"); ``target-player`` / ``foe`` are the play's
  ``target`` (legal_actions offers one play per candidate: 10.3, "your ... targets");
- a divinity's ``resolved`` abilities when it is destroyed, on the attacker's
  opponents (7.13; the attacker is immune, 7.14);
- the exorcist's ``cross`` abilities once per holy cross left at the end of an
  attack on the exorcist (ATTACKING 9.5), ``self`` being the attacker;
- a relic's ``resolved`` abilities when a player takes control of it (12.7: "take
  effect immediately"); its ``ongoing`` power is flagged for the players to apply
  while it is held.

Effects: ``draw`` and ``discard`` (each player concerned chooses which cards, as
owed discards). ``self``, ``each-foe``, ``foe-left``, ``foe-right`` and
``random-foe`` are counted from the player whose card or attack it is. Anything
else (``by-hand`` text, a condition, an amount in dice, another effect or
target) is flagged in the log for the players to apply, never skipped.
"""
from __future__ import annotations

from .. import abilities as language

PLAYED_TRIGGERS = ("resolved", "cross")
PLAYED_EFFECTS = ("draw", "discard")
PLAYED_TARGETS = ("each-foe", "foe-left", "foe-right", "random-foe", "target-player", "foe")
CHOSEN_TARGETS = ("target-player", "foe")  # the disturb action's "target" names them
# Holy Spritz as the rulebook tells it (POSSESSING YOUR VICTIM 7.15).
HOLY_SPRITZ_ABILITIES = [{"trigger": "resolved", "effects": [
    {"do": "discard", "amount": 3, "target": "each-foe"}]}]


def plays(abilities) -> bool:
    """True when this interpreter runs every part of these abilities."""
    return language.covered(abilities, triggers=PLAYED_TRIGGERS, effects=PLAYED_EFFECTS,
                            targets=PLAYED_TARGETS, conditions=())


def chosen_target(abilities, trigger: str = "resolved") -> str | None:
    """The target kind its player picks (``target-player`` or ``foe``), if any effect has one."""
    for ability in abilities or []:
        if ability.get("trigger") == trigger:
            for effect in language.ability_effects(ability):
                if effect.get("target") in CHOSEN_TARGETS:
                    return effect["target"]
    return None


def target_options(state, owner: str, abilities) -> list[str] | None:
    """The players a card's chosen target may name (None: it names none)."""
    kind = chosen_target(abilities)
    if kind is None:
        return None
    names = [p.name for p in state.players]
    return names if kind == "target-player" else [n for n in names if n != owner]


def _targets(state, owner: str, target: str | None, chosen: str | None) -> list[str] | None:
    names = [p.name for p in state.players]
    at = names.index(owner)
    clockwise = [names[(at + k) % len(names)] for k in range(1, len(names))]
    if target in (None, "self"):
        return [owner]
    if target == "each-foe":
        return clockwise
    if target == "foe-left":  # turns pass to the left (6.6): the next player
        return clockwise[:1]
    if target == "foe-right":
        return clockwise[-1:]
    if target == "random-foe":
        return [state.rng().choice(clockwise)]
    if target in CHOSEN_TARGETS and chosen:
        return [chosen]
    return None


def run(state, abilities, trigger: str, owner: str, source: str, rule_key: str, *,
        chosen: str | None = None) -> int:
    """Run ``abilities``' effects for ``trigger`` on behalf of ``owner``; returns how many
    effects were flagged for the players to apply."""
    flagged = 0
    for ability in abilities or []:
        if ability.get("trigger") != trigger:
            if ability.get("trigger") not in PLAYED_TRIGGERS + ("ongoing",):  # never skipped
                flagged += 1
                state.flag(rule_key, f"{source}: “{language.describe([ability])[0]}” has a "
                           "trigger Demoniac does not have; it is applied by hand.",
                           card=source)
            continue
        for effect in language.ability_effects(ability):
            if not _apply(state, effect, owner, source, rule_key, chosen):
                flagged += 1
                text = effect.get("text") or language.describe(
                    [{"trigger": trigger, "effects": [effect]}])[0]
                state.flag(rule_key, f"{source}: “{text}” is applied by hand (the engine "
                           "cannot run it).", by_hand=text, card=source)
    return flagged


def _apply(state, effect: dict, owner: str, source: str, rule_key: str, chosen) -> bool:
    amount = effect.get("amount", 1)
    if (effect["do"] not in PLAYED_EFFECTS or effect.get("if")
            or not isinstance(amount, int) or isinstance(amount, bool)):
        return False
    names = _targets(state, owner, effect.get("target"), chosen)
    if names is None:
        return False
    for name in names:
        player = state.player(name)
        if effect["do"] == "draw":
            drawn = state._draw(player, amount)
            state.event(rule_key, f"{source}: {name} draws {drawn} card(s).", card=source)
        elif amount > 0:
            # What they already owe comes out of the same hand: a discard asked of a hand
            # that is spoken for takes what is left (all they have, holy-spritz-short-hand).
            owed = sum(p["count"] for p in state.pending if p["player"] == name)
            count = min(amount, len(player.hand) - owed)
            if count > 0:
                state.pending.append({"player": name, "count": count, "reason": source})
            state.event(rule_key, f"{source}: {name} discards {max(count, 0)} card(s) (all "
                        "they have if fewer than asked).", card=source)
    return True
