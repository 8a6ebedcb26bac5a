"""Damage, healing, death, Creatures, Blood, Applause, the Standee, end of game.

``preflight(state, action)`` is read-only and returns the Problems that make
an action illegal; ``apply(state, action, rng)`` runs it on a copy and returns
the new state with the events it caused (the old state is never changed, and
nothing changes when preflight finds a problem). ``place_spell`` and
``resolve_component`` follow the spell being cast, so a death knows which
Reactions have not started and a Blood cost knows whether its component has
already dealt damage or rolled. Card effects the engine cannot run (Dead
Wizard cards, Champion effects) are reported as ``flag`` events, never
silently skipped.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core import EngineError, Problem, make_rng, require_int
from .games import (
    APPLAUSE_VALUES,
    KILL_BLOOD,
    LWS_TOKENS_TO_WIN,
    MAX_BLOOD,
    MAX_HP,
    QUICK_MATCH_GAMES,
    STANDEE_BLOOD,
    STARTING_HP,
    cite,
    require_glyph,
)
from .state import Creature, SpellGame, Wizard

MAX_AMOUNT = 999

RUMBLE_ONLY = {"gain_blood", "pay_blood", "take_standee", "new_game"}
CASTING_ACTIONS = ("place_spell", "resolve_component")
COMPONENT_STATUSES = ("waiting", "resolving", "resolved")
ANARCHY_ONLY = {"gain_applause"}
ACTION_TYPES = ("damage", "damage_each", "heal", "gain_blood", "pay_blood", "take_standee", "keep_creature",
                "discard_creature", "gain_treasure", "gain_applause", "reveal_spell",
                "start_round", "end_round", "new_game", *CASTING_ACTIONS)
WIZARD_FIELD = {"damage": "target", "heal": "target"}  # others name "wizard"


@dataclass
class ActionResult:
    state: SpellGame
    events: list[dict] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict:
        return {"ok": self.ok, "state": self.state.to_dict(), "events": self.events,
                "problems": [p.as_dict() for p in self.problems]}


def _amount(action: dict) -> int:
    return require_int(action.get("amount"), field="amount", low=0, high=MAX_AMOUNT)


def _check_shape(state: SpellGame, action) -> str:
    """Bad input (EngineError), as opposed to a rule saying no (Problem)."""
    if not isinstance(action, dict) or action.get("type") not in ACTION_TYPES:
        raise EngineError(f"action.type must be one of {', '.join(ACTION_TYPES)}",
                          field="action.type", code="unknown-action")
    kind = action["type"]
    key = WIZARD_FIELD.get(kind, "wizard")
    if kind == "damage_each":
        for name in _targets(action) + _absorbers(action) + _death_order(action):
            state.wizard(name)
        _absorbing_creatures(action)
    elif kind not in ("start_round", "end_round", "new_game"):
        state.wizard(action.get(key))
    if kind == "damage" and action.get("absorb") is not None and \
            not isinstance(action["absorb"], bool):
        raise EngineError("absorb: true when a Creature absorbs the damage", field="absorb",
                          code="type")
    if kind in ("damage", "damage_each") and action.get("source") is not None:
        state.wizard(action["source"])
    if kind in ("damage", "damage_each", "heal", "gain_blood", "pay_blood"):
        _amount(action)
    if kind == "place_spell":
        _placed_components(action)
    if kind == "end_round":
        _challenge_winners(state, action)
    if kind == "resolve_component" or (kind == "pay_blood" and "component" in action):
        require_int(action.get("component"), field="component", low=0, high=99)
    return kind


def _placed_components(action: dict) -> list[dict]:
    """place_spell's components: [{"name", "reaction"?}] in resolution order."""
    raw = action.get("components")
    if not isinstance(raw, list) or not raw or len(raw) > 12:
        raise EngineError("components must list the spell's cards (1 to 12)",
                          field="components", code="type")
    placed = []
    for i, comp in enumerate(raw):
        if not isinstance(comp, dict) or not isinstance(comp.get("name"), str):
            raise EngineError(f"components[{i}] must be an object with a name",
                              field=f"components[{i}]", code="type")
        placed.append({"name": comp["name"][:120], "reaction": bool(comp.get("reaction")),
                       "status": "waiting", "blood_paid": False, "acted": False,
                       "blood_at_start": None})
    return placed


def _targets(action: dict) -> list[str]:
    targets = action.get("targets")
    if not isinstance(targets, list) or not targets or len(set(targets)) != len(targets):
        raise EngineError("targets must be a list of different wizards", field="targets",
                          code="type")
    return list(targets)


def _absorbers(action: dict) -> list[str]:
    absorb = action.get("absorb") or []
    if not isinstance(absorb, list) or not all(isinstance(a, str) for a in absorb) \
            or not set(absorb) <= set(_targets(action)):
        raise EngineError("absorb lists the targets who discard a Creature", field="absorb",
                          code="type")
    return list(absorb)


def _absorbing_creatures(action: dict) -> dict[str, int]:
    """damage_each's ``creatures``: which kept Creature (index) each absorbing foe discards
    (any of theirs, 17.4); an absorbing foe it does not name discards their first."""
    raw = action.get("creatures") or {}
    if not isinstance(raw, dict) or not set(raw) <= set(_absorbers(action)) or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i <= 99
            for i in raw.values()):
        raise EngineError("creatures maps an absorbing foe to the index of the kept Creature "
                          "they discard", field="creatures", code="type")
    return dict(raw)


def _death_order(action: dict) -> list[str]:
    """damage_each's ``order``: the wizards it kills at once, named in the order they die
    (a Champion's Rally: its player chooses, anarchy 20.5); the slain it does not name die
    after them, in ``targets`` order."""
    order = action.get("order")
    if order is None:
        return []
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order) \
            or len(set(order)) != len(order) or not set(order) <= set(_targets(action)):
        raise EngineError("order lists targets, each once, in the order they die",
                          field="order", code="type")
    return list(order)


def preflight(state: SpellGame, action: dict) -> list[Problem]:
    """Why the action may not be taken now; [] when it may. Changes nothing."""
    kind = _check_shape(state, action)
    game = state.game
    problems = []
    if kind in RUMBLE_ONLY and game != "rumble":
        problems.append(Problem("not-in-game", f"{kind}: only Rumble has this",
                                cite(game, "components")))
    if kind in ANARCHY_ONLY and game != "anarchy":
        problems.append(Problem("not-in-game", f"{kind}: only Anarchy has this",
                                cite(game, "components")))
    if state.over and kind != "new_game":
        problems.append(Problem("game-over", "the game is over", cite(game, "end-of-game")))
    if kind == "new_game" and game == "rumble":
        if not state.over:
            problems.append(Problem("game-not-over", "the current game is still going",
                                    cite(game, "end-of-game")))
        if match_over(state):
            problems.append(Problem("match-over", "the match is over",
                                    cite(game, "match.winner")))
    targets = [action["target"]] if kind in ("damage", "heal") else (
        _targets(action) if kind == "damage_each" else [])
    for target in map(state.wizard, targets):
        if game == "rumble" and not target.alive:  # anarchy wizards come straight back
            problems.append(Problem("target-dead", f"{target.name} is dead until the next game",
                                    cite(game, "dead-wizard")))
    if kind == "damage" and action.get("absorb"):
        problems += _absorb_problems(state, action, state.wizard(action["target"]))
    if kind == "damage_each":
        pals = _absorbing_creatures(action)
        for name in _absorbers(action):
            problems += _absorb_problems(state, {**action, "creature": pals.get(name, 0)},
                                         state.wizard(name))
    if kind == "pay_blood" and game == "rumble" and \
            _amount(action) > state.wizard(action["wizard"]).blood:
        problems.append(Problem("not-enough-blood", "you cannot pay Blood you do not have",
                                cite(game, "blood.pay")))
    if kind == "pay_blood" and game == "rumble" and "component" in action:
        problems += _blood_cost_problems(state, action)
    if kind == "resolve_component":
        problems += _resolve_component_problems(state, action)
    if kind == "keep_creature" and isinstance(action.get("creature"), dict):
        card = action["creature"].get("card")
        if isinstance(card, str) and any(c.card == card for w in state.wizards
                                         for c in w.creatures):
            # One card is one Creature: keeping it twice would put a second copy in play.
            problems.append(Problem("already-kept", f"{action['creature'].get('name')} is "
                                    "already kept", cite(game, "creature.keep")))
    if kind == "discard_creature":
        wizard = state.wizard(action["wizard"])
        index = require_int(action.get("creature", 0), field="creature", low=0, high=99)
        if index >= len(wizard.creatures):
            problems.append(Problem("no-creature", f"{wizard.name} has no such kept Creature",
                                    cite(game, "creature.keep")))
    return problems


def _casting_component(state: SpellGame, wizard: str, index: int) -> dict | None:
    casting = state.casting
    if not casting or casting["wizard"] != wizard or index >= len(casting["components"]):
        return None
    return casting["components"][index]


def _blood_cost_problems(state: SpellGame, action: dict) -> list[Problem]:
    """A component's Blood cost: paid as it activates, before it deals damage or rolls."""
    wizard, index = action["wizard"], action["component"]
    comp = _casting_component(state, wizard, index)
    rule = cite("rumble", "blood.activation")
    if comp is None or comp["status"] != "resolving":
        return [Problem("component-not-resolving", f"{wizard} is not resolving component "
                        f"{index}: a component's Blood cost is paid as it activates", rule)]
    problems = []
    if comp["blood_paid"]:
        problems.append(Problem("blood-paid", f"{comp['name']}'s Blood cost has been paid: "
                                "once per casting", cite("rumble", "blood.once")))
    if comp["acted"]:
        before = comp["blood_at_start"]
        own_kill = before is not None and before < _amount(action) <= \
            state.wizard(wizard).blood
        problems.append(Problem(
            "cost-after-acting",
            f"{comp['name']} has already dealt damage or rolled: its Blood cost had to be "
            "decided first" + (f" (with the {before} Blood held then it could not be paid; "
                               "Blood from this component's kill cannot pay it)"
                               if own_kill else ""), rule))
    return problems


def _resolve_component_problems(state: SpellGame, action: dict) -> list[Problem]:
    wizard, index = state.wizard(action["wizard"]).name, action["component"]
    comp = _casting_component(state, wizard, index)
    rule = cite(state.game, "reactions") if state.game == "rumble" else cite(
        state.game, "spell.name-order")
    if comp is None:
        return [Problem("no-component", f"{wizard} has placed no component {index}", rule)]
    if comp["status"] != "waiting":
        return [Problem("component-started", f"{comp['name']} has already started resolving",
                        rule)]
    return []


def legal_actions(state: SpellGame) -> list[dict]:
    """The actions open now that need no number from a card (for the sandbox's buttons).

    Damage, healing and Blood amounts come from the cards being resolved, so
    those actions are not enumerated here; preflight checks them when asked.
    """
    candidates = [{"type": "start_round"}, {"type": "end_round"}, {"type": "new_game"}]
    for wizard in state.wizards:
        candidates.append({"type": "take_standee", "wizard": wizard.name})
        if not wizard.spell_revealed:
            candidates.append({"type": "reveal_spell", "wizard": wizard.name})
        candidates += [{"type": "discard_creature", "wizard": wizard.name, "creature": i}
                       for i in range(len(wizard.creatures))]
    if state.casting:
        candidates += [{"type": "resolve_component", "wizard": state.casting["wizard"],
                        "component": i} for i, c in enumerate(state.casting["components"])
                       if c["status"] == "waiting"]
    return [a for a in candidates if not preflight(state, a)]


def _absorb_problems(state: SpellGame, action: dict, target: Wizard) -> list[Problem]:
    game, source = state.game, action.get("source")
    rule = cite(game, "creature.absorb")
    problems = []
    if not target.creatures:
        problems.append(Problem("no-creature", f"{target.name} has no face-up Creature", rule))
    if source is None or source == target.name:
        problems.append(Problem(
            "not-from-foe", "a Creature absorbs damage from a foe only, never self-inflicted "
            "damage (damage without a wizard source is treated as not from a foe)", rule))
    if _amount(action) == 0:
        problems.append(Problem("zero-damage", "zero damage needs no absorbing and does not "
                                "kill a Creature", rule))
    index = require_int(action.get("creature", 0), field="creature", low=0, high=99)
    if target.creatures and index >= len(target.creatures):
        problems.append(Problem("no-creature", "no kept Creature at that index", rule))
    return problems


def apply(state: SpellGame, action: dict, rng: random.Random | None = None,
          seed=None) -> ActionResult:
    """Run one action on a copy of the state; on a problem return the state unchanged."""
    problems = preflight(state, action)
    if problems:
        return ActionResult(state, [], problems)
    new = state.clone()
    events: list[dict] = []
    rng = rng or make_rng(seed)
    HANDLERS[action["type"]](new, action, events, rng)
    return ActionResult(new, events, [])


def _event(events: list, rule: str, kind: str, text: str, **extra) -> None:
    events.append({"type": kind, "rule": rule, "text": text, **extra})


def _hit(state: SpellGame, target: Wizard, amount: int, absorb: bool, creature: int,
         events: list) -> bool:
    """One instance of damage to one wizard; True when it brings him to 0 HP."""
    game = state.game
    if absorb:
        pal = target.creatures.pop(creature)
        _event(events, cite(game, "creature.absorb"), "absorbed",
               f"{target.name} discards {pal.name} to absorb all {amount} damage",
               wizard=target.name, creature=pal.name)
        return False
    target.hp = max(0, target.hp - amount)  # HP never goes negative (anarchy: Wizard Death)
    _event(events, cite(game, "damage"), "damage", f"{target.name} takes {amount} damage "
           f"({target.hp} HP left)", wizard=target.name, amount=amount)
    return target.hp == 0


def note_acted(state: SpellGame, wizard: str | None) -> None:
    """The resolving component of ``wizard`` has dealt damage or rolled: too late for its
    Blood cost (rumble 18.11)."""
    casting = state.casting
    if casting and wizard == casting["wizard"]:
        for comp in casting["components"]:
            if comp["status"] == "resolving":
                comp["acted"] = True


def _damage(state: SpellGame, action: dict, events: list, rng: random.Random) -> None:
    note_acted(state, action.get("source"))
    target = state.wizard(action["target"])
    if _hit(state, target, _amount(action), bool(action.get("absorb")),
            action.get("creature", 0), events):
        _deaths(state, [target], action, events, rng)


def _damage_each(state: SpellGame, action: dict, events: list, rng: random.Random) -> None:
    """The same damage to several wizards at once (e.g. "each foe", "each wizard")."""
    note_acted(state, action.get("source"))
    absorbers, pals = set(_absorbers(action)), _absorbing_creatures(action)
    slain = [w for w in map(state.wizard, _targets(action))
             if _hit(state, w, _amount(action), w.name in absorbers, pals.get(w.name, 0),
                     events)]
    order = _death_order(action)
    if order and len(slain) > 1:
        rank = {name: i for i, name in enumerate(order)}
        slain.sort(key=lambda w: rank.get(w.name, len(order)))  # stable: targets order
        _event(events, cite(state.game, "champion.rally-order") if state.game == "anarchy"
               else cite(state.game, "damage"), "note",
               "killed at once: they die in the order chosen: " +
               ", ".join(w.name for w in slain))
    _deaths(state, slain, action, events, rng, ordered=bool(order))


def _deaths(state: SpellGame, slain: list[Wizard], action: dict, events: list,
            rng: random.Random, ordered: bool = False) -> None:
    """Resolve the wizards brought to 0 HP by one action, then check the game's end."""
    source = action.get("source")
    if state.game == "anarchy" and len(slain) > 1 and not ordered:
        # Champions: wizards killed at once collect Dead Wizard tokens at random
        rng.shuffle(slain)
        _event(events, cite("anarchy", "champion.entrance"), "note",
               "killed at once: Dead Wizard tokens go in random order: " +
               ", ".join(w.name for w in slain))
    for victim in slain:
        killer = source if source not in (None, victim.name) else None
        if state.game == "rumble":
            _rumble_death(state, victim, killer, events)
        else:
            _anarchy_death(state, victim, killer, action, events, rng)
        if state.over:
            return
    if state.game == "rumble" and slain and len(state.alive()) <= 1:
        alive = state.alive()
        # Nobody left: the wizard whose own effect killed everyone still earns the token
        # (rumble 26.2); otherwise, as our reading nobody-alive-without-self-kill says,
        # the wizard whose spell was resolving, flagged for the table to agree on.
        if alive:
            last = alive[0].name
        elif source in {w.name for w in slain}:
            last = source
        else:
            last = (state.casting or {}).get("wizard") or state.deaths[-1]
            _event(events, cite("rumble", "end-of-game"), "flag",
                   f"Nobody is left alive and no wizard killed himself: the token goes to "
                   f"{last}, whose spell was resolving (a reading: agree on it at the table)")
        _finish_rumble_game(state, last, events)


def _rumble_death(state: SpellGame, victim: Wizard, killer: str | None, events: list) -> None:
    victim.alive = False
    victim.hand, victim.treasures, victim.creatures = [], [], []
    victim.dead_wizard_cards += 1
    state.deaths.append(victim.name)
    _event(events, cite("rumble", "dead-wizard"), "death",
           f"{victim.name} is slain: hand, Treasures and Creatures discarded; "
           "draws a Dead Wizard card", wizard=victim.name, killer=killer)
    _event(events, cite("rumble", "dead-wizard"), "flag",
           "Dead Wizard card drawn: a 'Resolve now' card resolves at once (not run by the engine)")
    _reactions(state, victim, killer, events)
    if killer:
        winner = state.wizard(killer)
        _gain_blood(state, winner, KILL_BLOOD, events, cite("rumble", "blood.kill"), "killing")
        state.game_kills[killer] = state.game_kills.get(killer, 0) + 1
        if state.standee == victim.name:
            state.standee = killer
            _event(events, cite("rumble", "standee.slay"), "standee",
                   f"{killer} takes the Standee from {victim.name}", wizard=killer)
    else:
        _event(events, cite("rumble", "blood.kill"), "note",
               "no Blood: nobody gets Blood for killing himself, and no foe dealt this damage")


def _reactions(state: SpellGame, victim: Wizard, killer: str | None, events: list) -> None:
    """Reactions in the victim's placed spell that have not started resolving trigger,
    even when the victim killed himself; started or resolved ones do not."""
    casting = state.casting
    if not casting or casting["wizard"] != victim.name:
        _event(events, cite("rumble", "reactions"), "flag",
               f"Reactions in {victim.name}'s placed spell that have not started resolving "
               "trigger (the spell is not recorded here: check by hand)", wizard=victim.name,
               about="unrecorded-reactions")
        return
    own = killer is None
    for index, comp in enumerate(casting["components"]):
        if not comp["reaction"]:
            continue
        if comp["status"] == "waiting":
            comp["status"] = "reaction"
            _event(events, cite("rumble", "reactions.self-inflicted" if own else "reactions"),
                   "reaction", f"{victim.name}'s {comp['name']} has not started resolving: "
                   "its Reaction triggers" + (" (no foe killed them: it triggers all the same)"
                                              if own else ""),
                   wizard=victim.name, component=index, card=comp["name"])
        else:
            _event(events, cite("rumble", "reactions.example"), "note",
                   f"{victim.name}'s {comp['name']} had started resolving: its Reaction does "
                   "not trigger", wizard=victim.name, component=index)


def _finish_rumble_game(state: SpellGame, last: str, events: list) -> None:
    state.over, state.last_standing = True, last
    state.wizard(last).last_wizard_standing_tokens += 1
    state.results.append({"last_standing": last, "kills": dict(state.game_kills)})
    _event(events, cite("rumble", "end-of-game"), "game-over",
           f"{last} is the Last Wizard Standing and earns a Last Wizard Standing token",
           wizard=last)
    _end_round(state, {}, events, None)  # the game's end also ends the round
    winner = match_winner(state)
    if winner:
        _event(events, cite("rumble", "match.winner"), "match-over", f"{winner} wins the match",
               wizard=winner)
    elif match_over(state):
        _event(events, cite("rumble", "match.winner"), "match-over", "The three games are "
               "played and the top score is tied: the tied wizards share the win")


def match_winner(state: SpellGame) -> str | None:
    """Rumble: the first to two LWS tokens; quick match: best score after three games
    (None for a tie the rulebook breaks no further: see match_over)."""
    if state.game != "rumble":
        return None
    if state.variant == "match":
        return next((w.name for w in state.wizards
                     if w.last_wizard_standing_tokens >= LWS_TOKENS_TO_WIN), None)
    if len(state.results) < QUICK_MATCH_GAMES:
        return None
    from .scoring import quick_match_score  # scoring imports nothing from here

    return quick_match_score([w.name for w in state.wizards], state.results)["winner"]


def match_over(state: SpellGame) -> bool:
    """Rumble's match is over: won, or a quick match's three games played, even when its
    score is a shared tie (quick-match-tie-without-lws)."""
    if state.variant == "quick":
        return len(state.results) >= QUICK_MATCH_GAMES
    return match_winner(state) is not None


def _anarchy_death(state: SpellGame, victim: Wizard, killer: str | None, action: dict,
                   events: list, rng: random.Random) -> None:
    game = "anarchy"
    if killer or (state.self_kill_applause and action.get("source") == victim.name):
        who = state.wizard(killer or victim.name)
        _gain_applause(state, who, action.get("applause_value"), events, rng,
                       cite(game, "death.applause"), f"killing {victim.name}")
        if killer:
            state.game_kills[killer] = state.game_kills.get(killer, 0) + 1
    elif action.get("source") == victim.name:
        _event(events, cite(game, "death.applause"), "note",
               "no Applause for killing yourself (reading: the killer is a foe)")
    victim.hand = []
    victim.hp = STARTING_HP
    state.deaths.append(victim.name)
    _event(events, cite(game, "death"), "death",
           f"{victim.name} is defeated: hand discarded, HP reset to {STARTING_HP}; keeps "
           + ("the unrevealed spell, " if not victim.spell_revealed else "the spell, ")
           + "Treasures and Creatures", wizard=victim.name, killer=killer)
    if state.dead_wizard_tokens_left > 0:
        glyph = require_glyph(action.get("dead_wizard_token_glyph"),
                              field="dead_wizard_token_glyph")
        victim.dead_wizard_tokens.append(glyph)
        state.dead_wizard_tokens_left -= 1
        _event(events, cite(game, "dead-wizard-token.glyph"), "dead-wizard-token",
               f"{victim.name} gains a Dead Wizard token ({glyph or 'glyph unknown'}, -2 VP); "
               f"{state.dead_wizard_tokens_left} left", wizard=victim.name)
    if state.dead_wizard_tokens_left == 0:
        from .scoring import score_state

        state.over = True
        result = score_state(state)
        _event(events, cite(game, "end-of-game"), "game-over",
               "the last Dead Wizard token is gone: the game ends at once (no more Spells, "
               f"Treasures or Challenge); winner: {result['winner'] or 'tie'}",
               winner=result["winner"])


def _gain_blood(state: SpellGame, wizard: Wizard, amount: int, events: list, rule: str,
                why: str) -> None:
    before = wizard.blood
    wizard.blood = min(MAX_BLOOD, wizard.blood + amount)
    capped = " (25 at most)" if wizard.blood - before < amount else ""
    _event(events, rule, "blood", f"{wizard.name} gains {wizard.blood - before} Blood for "
           f"{why}{capped}: {wizard.blood}", wizard=wizard.name)


def _gain_applause(state: SpellGame, wizard: Wizard, value, events: list, rng: random.Random,
                   rule: str, why: str) -> None:
    pool = state.applause_pool
    if value is None:
        tokens = [int(v) for v, n in sorted(pool.items()) for _ in range(n)]
        if not tokens:
            _event(events, rule, "flag", "no Applause tokens left to award")
            return
        value = rng.choice(tokens)  # drawn face down
    elif value not in APPLAUSE_VALUES or isinstance(value, bool):
        raise EngineError("applause_value must be 2, 3 or 4", field="applause_value",
                          code="range")
    elif pool.get(str(value), 0) == 0:
        raise EngineError(f"no Applause token worth {value} is left", field="applause_value",
                          code="range")
    pool[str(value)] -= 1
    wizard.applause.append(value)
    _event(events, rule, "applause", f"{wizard.name} gains an Applause token for {why} "
           "(kept face down)", wizard=wizard.name, value=value)


def _heal(state, action, events, rng):
    wizard, amount = state.wizard(action["target"]), _amount(action)
    before = wizard.hp
    wizard.hp = min(MAX_HP, wizard.hp + amount)
    _event(events, cite(state.game, "hp.max"), "heal",
           f"{wizard.name} heals {wizard.hp - before} of {amount} (25 HP at most): {wizard.hp}",
           wizard=wizard.name)


def _blood(state, action, events, rng):
    wizard, amount = state.wizard(action["wizard"]), _amount(action)
    if action["type"] == "gain_blood":
        _gain_blood(state, wizard, amount, events, cite("rumble", "blood.max"), "an effect")
    else:
        wizard.blood -= amount
        comp = _casting_component(state, wizard.name, action.get("component", -1)) \
            if "component" in action else None
        if comp is not None:
            comp["blood_paid"] = True
        _event(events, cite("rumble", "blood.pay"), "blood",
               f"{wizard.name} pays {amount} Blood" +
               (f" for {comp['name']}, before it deals damage or rolls" if comp else "") +
               f": {wizard.blood}", wizard=wizard.name)


def _take_standee(state, action, events, rng):
    state.standee = action["wizard"]
    _event(events, cite("rumble", "standee.end-of-round"), "standee",
           f"{action['wizard']} takes the Standee", wizard=action["wizard"])


def _keep_creature(state, action, events, rng):
    raw = action.get("creature")
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise EngineError("creature must be an object with a name", field="creature",
                          code="type")
    card = raw.get("card") if isinstance(raw.get("card"), str) else None
    creature = Creature(raw["name"], require_glyph(raw.get("glyph"), field="creature.glyph"),
                        card)
    state.wizard(action["wizard"]).creatures.append(creature)
    _event(events, cite(state.game, "creature.keep"), "creature",
           f"{action['wizard']} keeps {creature.name} face up", wizard=action["wizard"])


def _discard_creature(state, action, events, rng):
    wizard = state.wizard(action["wizard"])
    creature = wizard.creatures.pop(action.get("creature", 0))
    _event(events, cite(state.game, "creature.keep"), "creature",
           f"{wizard.name} discards {creature.name}", wizard=wizard.name)


def _gain_treasure(state, action, events, rng):
    treasure = action.get("treasure")
    if not isinstance(treasure, str) or not treasure.strip():
        raise EngineError("treasure must be a name", field="treasure", code="type")
    state.wizard(action["wizard"]).treasures.append(treasure.strip())
    _event(events, cite(state.game, "treasures"), "treasure",
           f"{action['wizard']} gains {treasure.strip()} face up", wizard=action["wizard"])


def _applause(state, action, events, rng):
    _gain_applause(state, state.wizard(action["wizard"]), action.get("value"), events, rng,
                   cite("anarchy", "applause"), "a Champion Challenge or effect")


def _reveal(state, action, events, rng):
    state.wizard(action["wizard"]).spell_revealed = True
    _event(events, cite(state.game, "spell.name-order"), "reveal",
           f"{action['wizard']} reveals the spell", wizard=action["wizard"])


def _place_spell(state, action, events, rng):
    components = _placed_components(action)
    state.casting = {"wizard": action["wizard"], "components": components}
    reactions = [c["name"] for c in components if c["reaction"]]
    _event(events, cite(state.game, "spell.name-order"), "casting",
           f"{action['wizard']} casts: {', '.join(c['name'] for c in components)}" +
           (f" (Reaction: {', '.join(reactions)})" if reactions else ""),
           wizard=action["wizard"])


def _resolve_component(state, action, events, rng):
    for comp in state.casting["components"]:
        if comp["status"] == "resolving":
            comp["status"] = "resolved"
    comp = state.casting["components"][action["component"]]
    comp["status"], comp["blood_at_start"] = "resolving", state.wizard(action["wizard"]).blood
    _event(events, cite(state.game, "spell.name-order"), "component",
           f"{action['wizard']} starts resolving {comp['name']}", wizard=action["wizard"],
           component=action["component"])


def _start_round(state, action, events, rng):
    if state.game == "anarchy":
        _event(events, cite("anarchy", "round.start"), "flag",
               "reveal a new Champion and resolve its Entrance (not run by the engine)")
        return
    for wizard in state.wizards:
        if not wizard.alive:
            wizard.dead_wizard_cards += 1
            _event(events, cite("rumble", "dead-wizard"), "flag",
                   f"{wizard.name} (dead) draws a Dead Wizard card (effects not run)",
                   wizard=wizard.name)


def _end_round(state, action, events, rng):
    state.casting = None
    for wizard in state.wizards:
        wizard.spell_revealed = False
    if state.game == "rumble" and state.standee:
        _gain_blood(state, state.wizard(state.standee), STANDEE_BLOOD, events,
                    cite("rumble", "standee.end-of-round"), "holding the Standee")
    if state.game == "anarchy":
        _champion_challenge(state, action, events, rng)


def _challenge_winners(state: SpellGame, action: dict) -> list[str] | None:
    raw = action.get("challenge_winners")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(set(map(str, raw))) != len(raw):
        raise EngineError("challenge_winners must list different wizards",
                          field="challenge_winners", code="type")
    return [state.wizard(name).name for name in raw]


def _champion_challenge(state: SpellGame, action: dict, events: list,
                        rng: random.Random | None) -> None:
    """Anarchy: who completed the 'End of round' Challenge gains an Applause token; with
    too few tokens left, each rolls a die and the highest rolls gain them first."""
    winners = _challenge_winners(state, action)
    if winners is None:
        _event(events, cite("anarchy", "champion.challenge"), "flag",
               "'End of round' Champion Challenge: name who completed it "
               "(challenge_winners) to award Applause; not judged by the engine")
        return
    left = sum(state.applause_pool.values())
    if len(winners) > left:
        rng = rng or make_rng(None)
        dice: dict[str, int] = {}
        while len(set(dice.values())) < len(winners):  # ties re-roll among the tied
            dice = {w: rng.randint(1, 6) for w in winners}
        winners.sort(key=lambda w: -dice[w])
        _event(events, cite("anarchy", "champion.challenge-tie"), "roll-off",
               f"{len(winners)} completed the Challenge, {left} Applause token(s) left: "
               + ", ".join(f"{w} rolls {dice[w]}" for w in winners)
               + " (highest first)", rolls=dice)
    for name in winners:
        if not sum(state.applause_pool.values()):
            _event(events, cite("anarchy", "champion.challenge-tie"), "note",
                   f"no Applause token left for {name}")
            continue
        _gain_applause(state, state.wizard(name), None, events, rng or make_rng(None),
                       cite("anarchy", "champion.challenge"), "completing the Champion's "
                       "Challenge")


def _new_game(state, action, events, rng):
    for wizard in state.wizards:
        wizard.hp, wizard.alive = STARTING_HP, True
        wizard.hand, wizard.treasures, wizard.creatures = [], [], []
        if wizard.dead_wizard_cards:
            _event(events, cite("rumble", "end-of-game"), "flag",
                   f"{wizard.name} gathers the bonuses of {wizard.dead_wizard_cards} Dead Wizard "
                   "card(s), then discards them (not run by the engine)", wizard=wizard.name)
        wizard.dead_wizard_cards = 0
    state.standee, state.deaths, state.game_kills = None, [], {}
    state.over, state.last_standing = False, None
    _event(events, cite("rumble", "standee.new-game"), "new-game",
           "new game: 20 HP each, Blood kept, the Standee back in the middle")


HANDLERS = {"damage": _damage, "damage_each": _damage_each, "heal": _heal, "gain_blood": _blood, "pay_blood": _blood,
            "take_standee": _take_standee, "keep_creature": _keep_creature,
            "discard_creature": _discard_creature, "gain_treasure": _gain_treasure,
            "gain_applause": _applause, "reveal_spell": _reveal, "start_round": _start_round,
            "end_round": _end_round, "new_game": _new_game, "place_spell": _place_spell,
            "resolve_component": _resolve_component}
