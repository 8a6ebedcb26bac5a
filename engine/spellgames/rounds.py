"""The spell-round table (rumble, anarchy): build, reveal, resolve, end the round.

The engine core has the rules (spell legality, turn order, power-roll dice,
bands, random foes, damage and death in ``combat``); this module is the
thin flow on top that the sandbox drives one action at a time. A round state
is a plain dict (JSON as stored) holding the core's ``SpellGame`` as a dict.

Chance: each roll uses ``make_rng(f"{seed}:{n}")`` with a counter ``n`` kept
in the state, so replaying the action log from the seed rolls the same dice.

Flow actions (``add_card``, ``ready``, ``reveal``, ``power_roll``, ``next``...)
belong to one wizard and are refused out of turn or out of phase. A card whose
text is in the ability language (and every stand-in) plays itself
(``play_card``). A card the engine cannot run is resolved by hand: on a dealt
table the caster declares one effect for it (``damage``, ``heal``, ...: the
core's actions, checked by its preflight), with its Blood cost and KEEP; free-form
edits at any time belong to a free table (``deal: false``).

``legal_actions`` is exactly the set of moves ``check`` allows (on a dealt
table; a free table also takes free-form edits it does not list). Chance
outcomes may be given instead of rolled: ``power_roll``'s ``dice``,
``random_foe``'s ``rolls`` and ``reveal``'s roll-off ``rolls`` (OpenSpiel's
chance outcomes); they are never listed.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from itertools import permutations

from ..abilities import validate as validate_abilities
from ..core import EngineError, Problem, make_rng, roll_die
from . import deck
from .abilities import JUDGED_CHALLENGE, resolve_ability
from .cards import CARD_KEYS, band_label, parse_card, stand_in_card
from .combat import ACTION_TYPES as COMBAT_ACTIONS
from .combat import apply as combat_apply
from .combat import match_over, note_acted
from .combat import preflight as combat_preflight
from .games import GLYPHS, MAX_BLOOD, MAX_HP, SLOTS, cite, require_glyph
from .legality import (
    MAX_PLACED_CARDS,
    legality_problems,
    parse_components,
    place_wild_magic,
)
from .rolls import foes_from_left, power_roll_dice, roll_band, roll_random_foe
from .scoring import score_state
from .state import SpellGame, new_spell_game
from .turn_order import DieSupply, _parse_rolls, roll_off, spell_order

FLOW_ACTIONS = ("add_card", "remove_card", "ready", "unready", "reveal", "replace_wild_magic",
                "power_roll", "random_foe", "play_card", "play_reaction", "next", "end_round")
# Core actions the flow owns: the sandbox runs them itself at the right moment.
FLOW_OWNED_COMBAT = ("reveal_spell", "start_round", "end_round", "place_spell",
                     "resolve_component")
MANUAL_ACTIONS = tuple(a for a in COMBAT_ACTIONS if a not in FLOW_OWNED_COMBAT)
# What a by-hand component's one declared effect may be (its Blood cost and KEEP aside).
DECLARED_EFFECTS = ("damage", "damage_each", "heal", "gain_blood", "gain_treasure",
                    "gain_applause", "take_standee")
DAMAGE_IN_TEXT = re.compile(r"(\d+)\s+damage", re.I)
@lru_cache(maxsize=2)
def _sample_cards_json(game: str) -> str:
    cards = [stand_in_card(kind, "dark", 10 if kind == "delivery" else None) for kind in SLOTS]
    cards.append(parse_card({"type": "wild-magic", "name": "Wild Magic"}))
    if game == "anarchy":
        cards.append(parse_card({"type": "rally", "name": "Rally"}))
    return json.dumps(cards)


def _sample_cards(game: str) -> list[dict]:
    """One stand-in per slot, Wild Magic (and Rally): the cards legal_actions offers."""
    return json.loads(_sample_cards_json(game))


def damage_hint(text: str | None) -> int | None:
    """The first "N damage" in an effect text: a default for the damage form only."""
    match = DAMAGE_IN_TEXT.search(text or "")
    return int(match.group(1)) if match else None


# --- state ------------------------------------------------------------------
def new_state(game: str, wizards: list[str], seed, *, variant: str = "match",
              champion: dict | None = None, self_kill_applause: bool = False,
              deal: bool = False, catalog=(), events: list | None = None) -> dict:
    """A new round table. ``deal``: cards come from a shuffled Main Deck (``catalog``'s
    cards plus stand-ins, engine.spellgames.deck) into hands of eight; without it
    (a free table) any card may be placed. ``events`` collects the setup's events."""
    core = new_spell_game(game, wizards, variant=variant, self_kill_applause=self_kill_applause)
    if champion is not None and game != "anarchy":
        raise EngineError("only Anarchy has Champions", field="champion")
    if champion is not None:
        champion = {"name": str(champion.get("name") or "Champion")[:120],
                    "glyph": require_glyph(champion.get("glyph"), field="champion.glyph"),
                    "text": champion.get("text"),
                    "abilities": validate_abilities(champion.get("abilities") or [],
                                                    "champion.abilities")}
    state = {"family": "spell", "game": core.to_dict(), "seed": seed, "chance": 0, "round": 1,
            "phase": "build", "champion": champion, "spells": {w: [] for w in wizards},
            "ready": [], "order": [], "order_info": None, "turn": 0, "step": 0, "queue": [],
            "roll": None, "random_foe": None, "ability": None, "reactions": [],
            "declared": None}
    events = events if events is not None else []
    if deal:
        _deal(state, catalog, events)
    _combat(state, {"type": "start_round"}, events)
    return state


MAX_CATALOG = 200


class ParsedCatalog(tuple):
    """A dealt table's catalog cards already through ``parse_card`` (``parse_catalog``):
    a caller that deals many tables from the same cards parses them once, and every table
    dealt from them shares them instead of parsing every card again."""


def parse_catalog(catalog) -> ParsedCatalog:
    """``catalog``'s cards as ``new_state(deal=True)`` would parse them."""
    if not isinstance(catalog, list | tuple) or len(catalog) > MAX_CATALOG:
        raise EngineError(f"catalog: a list of at most {MAX_CATALOG} cards", field="catalog")
    return ParsedCatalog(parse_card(c, field=f"catalog[{i}]") for i, c in enumerate(catalog))


def _deal(state: dict, catalog, events: list) -> None:
    """Shuffle the decks from the seed and draw the first hands (rumble 4.1, 6.1)."""
    game = state["game"]["game"]
    state["deal"] = True
    # A state's catalog cards are read-only (deck.card copies the card it draws; _copy
    # shares them between states): tables dealt from one ParsedCatalog share its cards.
    # Copying ~40 KB of JSON was a quarter of a new table's time.
    state["catalog"] = list(catalog if isinstance(catalog, ParsedCatalog)
                            else parse_catalog(catalog))
    state["deck"], setup = deck.build(game, state["catalog"], state["seed"])
    state["dead_wizard_cards"] = {w["name"]: [] for w in state["game"]["wizards"]} \
        if game == "rumble" else {}
    events.extend(setup)
    deck.draw_hands(state, events)


def _core(state: dict) -> SpellGame:
    return SpellGame.from_dict(state["game"])


def _rng(state: dict):
    state["chance"] += 1
    return make_rng(f"{state['seed']}:{state['chance']}")


def building(state: dict) -> list[str]:
    """The wizards who build a spell this round (rumble: the living)."""
    return [w["name"] for w in state["game"]["wizards"] if w["alive"]]


def caster(state: dict) -> str | None:
    if state["phase"] != "resolve":
        return None
    return state["order"][state["turn"]]


def current_card(state: dict) -> dict | None:
    if state["phase"] != "resolve" or state["step"] >= len(state["queue"]):
        return None
    return state["queue"][state["step"]]


def is_terminal(state: dict) -> bool:
    core = _core(state)
    if core.game == "rumble":
        return match_over(core)
    return core.over


def actor(state: dict) -> str | None:
    """Who moves the flow on: the caster, else None (any wizard / the table)."""
    return None if is_terminal(state) else caster(state)


def result(state: dict) -> dict | None:
    """The final score once the game (anarchy) or match (rumble) is over."""
    if not is_terminal(state):
        return None
    return score_state(_core(state))


# --- checks -----------------------------------------------------------------
def _p(code: str, message: str, rule: str) -> list[Problem]:
    return [Problem(code, message, rule)]


def _wizard(core: SpellGame, action: dict) -> str:
    name = action.get("wizard")
    core.wizard(name)  # raises EngineError for an unknown name
    return name


def check(state: dict, action, core: SpellGame | None = None, *,
          offered: bool = False) -> list[Problem]:
    """Why ``action`` may not be taken now ([] when it may); changes nothing.

    Bad input (unknown type, unknown wizard, malformed card) raises EngineError.
    ``offered``: one of ``_candidates``' own actions, whose free-table card is already a
    parsed card (``parse_card`` of it is itself), so it is not parsed again.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise EngineError("an action is an object with a type", field="action.type")
    kind, game = action["type"], state["game"]["game"]
    core = core or _core(state)
    if kind in MANUAL_ACTIONS:
        asked = action
        if kind == "gain_treasure" and state.get("deal") and action.get("treasure") is None:
            core.wizard(action.get("wizard"))
            if not state["deck"]["treasure"] and not state["deck"]["treasure_discard"]:
                return _p("no-treasure", "the Treasure deck is empty", cite(game, "treasures"))
            action = {**action, "treasure": "the top Treasure"}
        if state["phase"] == "game-over" and kind != "new_game":
            return _p("game-over", "the game is over", cite(game, "end-of-game"))
        if kind == "new_game" and state["phase"] != "game-over":
            return _p("game-not-over", "the current game is still going",
                      cite(game, "end-of-game"))
        problems = combat_preflight(core, _tied(state, action))  # bad input raises first
        if kind != "new_game" and state.get("deal"):
            return _by_hand_problems(state, core, asked) or problems
        return problems
    if kind not in FLOW_ACTIONS:
        raise EngineError(f"unknown action type {kind!r}", field="action.type",
                          code="unknown-action")
    phase = state["phase"]
    if kind == "play_reaction":
        return _reaction_problems(state, action)
    if state.get("reactions"):
        first = state["reactions"][0]
        return _p("reaction-first", f"{first['wizard']}'s {first['card']['name']} Reaction "
                  "resolves first (play_reaction)", cite(game, "reactions"))
    if kind in ("add_card", "remove_card", "ready", "unready"):
        return _build_problems(state, core, action, kind, offered)
    if kind == "reveal":
        if phase != "build":
            return _p("wrong-phase", "spells are revealed once, after building",
                      cite(game, "turn-order.count"))
        waiting = [w for w in building(state) if w not in state["ready"]]
        if waiting:
            return _p("not-ready", "still building: " + ", ".join(waiting),
                      cite(game, "turn-order.count"))
        _roll_off_rolls(state, action)  # bad what-if rolls raise
        return []
    if kind == "end_round":
        if phase != "end":
            return _p("wrong-phase", "the round ends after every spell has resolved",
                      cite(game, "standee.end-of-round" if game == "rumble"
                           else "champion.challenge"))
        if action.get("challenge_winners") is not None and not state.get("champion"):
            return _p("no-champion", "no Champion is in play: there is no Challenge to "
                      "complete", cite(game, "champion.challenge") if game == "anarchy"
                      else cite(game, "components"))
        if action.get("challenge_winners") is not None and judged_challenge(state) is not None:
            return _p("challenge-judged", f"{state['champion']['name']}'s Challenge is judged "
                      "by the rules at the end of the round (the Wizards holding the most "
                      "Applause tokens): end the round without naming its winners",
                      cite(game, "champion.challenge-example"))
        return []
    return _resolve_problems(state, core, action, kind)


def _build_problems(state: dict, core: SpellGame, action: dict, kind: str,
                    offered: bool = False) -> list[Problem]:
    game = state["game"]["game"]
    wizard = _wizard(core, action)
    if state["phase"] != "build":
        return _p("wrong-phase", "spells are built before they are revealed",
                  cite(game, "spell.legal-spells"))
    if wizard not in building(state):
        return _p("dead-wizard", f"{wizard} is dead until the next game",
                  cite(game, "dead-wizard" if game == "rumble" else "death"))
    ready = wizard in state["ready"]
    if kind == "unready":
        if not ready:
            return _p("not-ready", f"{wizard} has not announced a spell",
                      cite(game, "turn-order.count"))
        # At a dealt table "done placing" is final (the count is then called out); a
        # free table may take it back.
        return _p("spell-announced", f"{wizard} is done placing: the spell stands",
                  cite(game, "turn-order.count")) if state.get("deal") else []
    if ready:
        return _p("spell-announced", f"{wizard} has announced the spell; take it back first",
                  cite(game, "turn-order.count"))
    spell = state["spells"][wizard]
    if kind == "add_card":
        if state.get("deal"):
            card_id = action.get("card")
            if not isinstance(card_id, str):
                raise EngineError("card: the cards are dealt from the Main Deck; give the id of "
                                  "a card in your hand (legal_actions lists them)",
                                  field="card", code="not-in-hand")
            if card_id not in core.wizard(wizard).hand:
                return _p("not-in-hand", f"{card_id!r} is not in {wizard}'s hand",
                          cite(game, "round.draw"))
            new = _dealt_card(state, action)
            if "slot" in action and new["type"] != "wild-magic":
                return _p("slot-not-chosen", f"a {new['type']} card goes in its own slot: "
                          "only a Wild Magic card is placed in a slot of choice",
                          cite(game, "wild-magic"))
        else:
            new = action["card"] if offered else parse_card(action.get("card"))
        if len(spell) >= MAX_PLACED_CARDS:
            return _p("too-many-cards", "no more cards fit on the table",
                      cite(game, "spell.max-components"))
        return _add_problems(game, spell, new) or _rally_alone(state, wizard, new)
    if kind == "remove_card":
        index = action.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(spell):
            raise EngineError("index: no such card in the spell", field="index")
        return []
    # spell_check's errors, without its name, initiative and explanation (unused here).
    placed, _ = place_wild_magic(parse_components([component_of(c) for c in spell]))
    problems = legality_problems(game, placed)
    if [p.code for p in problems] == ["empty-spell"] and not _can_build(state, wizard):
        if spell:  # Rally cards alone: they are played only with a Spell (empty-spell)
            return _p("rally-without-spell", "Rally cards are played only with a Spell: with "
                      "no Component to cast, take them back and cast nothing",
                      cite(game, "spell.legal-spells"))
        return []  # nothing in hand can be a component: the wizard casts nothing
    return problems


def _rally_alone(state: dict, wizard: str, new: dict) -> list[Problem]:
    """A Rally card is played only with a Spell (empty-spell): not by a wizard who has no
    Component placed or in hand."""
    if new["type"] != "rally" or _can_build(state, wizard) or any(
            c["type"] != "rally" for c in state["spells"][wizard]):
        return []
    game = state["game"]["game"]
    return _p("rally-without-spell", "Rally cards are played only with a Spell, and "
              f"{wizard}'s hand has no Component to cast", cite(game, "spell.legal-spells"))


def _add_problems(game: str, spell: list[dict], new: dict) -> list[Problem]:
    """A card is added only if the spell stays legal (at most three components, one per
    slot; Wild Magic takes any free slot; Rally cards, Anarchy only, do not count)."""
    if new["type"] == "rally":
        return _p("rally-not-in-game", "Rumble at Castle Tentakill has no Rally cards",
                  cite(game, "components")) if game == "rumble" else []
    placed = [c for c in spell if c["type"] != "rally"]
    if len(placed) >= 3:
        return _p("too-many-components", "the spell has three components: no more may be "
                  "played", cite(game, "spell.max-components"))
    used = {c["slot"] for c in placed if c.get("slot")}
    if new.get("slot") in used:
        return _p(f"duplicate-{new['slot']}", f"the spell has a {new['slot'].title()}: at most "
                  "one of each type", cite(game, "spell.one-per-type"))
    return []


def _can_build(state: dict, wizard: str) -> bool:
    """Whether the wizard could place any component (a dealt hand may hold none: no cards
    left, or only Rally cards; the rulebooks do not say what then: nothing is cast)."""
    if not state.get("deal"):
        return True
    return any(deck.card_read(state, c)["type"] != "rally" for c in _hand(state, wizard))


def _resolve_problems(state: dict, core: SpellGame, action: dict, kind: str) -> list[Problem]:
    game = state["game"]["game"]
    wizard = _wizard(core, action)
    if state["phase"] != "resolve":
        return _p("wrong-phase", "spells resolve after they are revealed",
                  cite(game, "spell.name-order"))
    if wizard != caster(state):
        return _p("not-your-turn", f"it is {caster(state)}'s spell now",
                  cite(game, "turn-order.count"))
    if not core.wizard(wizard).alive:
        if kind == "next":
            return []
        return _p("caster-dead", f"{wizard} is dead: the rest of the spell does not resolve",
                  cite(game, "dead-wizard"))
    card = current_card(state)
    wild = wild_index(state)
    if kind == "replace_wild_magic":
        if wild is None:
            return _p("not-wild-magic", "the spell has no Wild Magic left to replace",
                      cite(game, "wild-magic"))
        card = state["queue"][wild]
        if action.get("card") is not None and state.get("deal"):
            return _p("deck-decides", "in a dealt game the Main Deck replaces the Wild Magic "
                      "(post replace_wild_magic without a card)", cite(game, "wild-magic"))
        if card.get("spent"):
            return _p("spent", "no card of the slot's type is left to turn over",
                      cite(game, "wild-magic"))
        if action.get("card") is not None:
            new = parse_card(action["card"])
            if new["type"] != card["slot"]:
                return _p("wrong-type", f"Wild Magic in the {card['slot']} slot is replaced by "
                          f"a {card['slot']} card", cite(game, "wild-magic"))
        return []
    if wild is not None:
        return _p("replace-wild-magic", "replace every Wild Magic card first: it is replaced "
                  "when the spell is revealed, before anything resolves (the first card of its "
                  "slot's type from the Main Deck)", cite(game, "wild-magic"))
    if card["type"] == "wild-magic" and kind == "next" and card.get("spent"):
        return []
    if kind == "power_roll":
        if not card["bands"]:
            return _p("no-roll-table", f"{card['name']} has no roll table",
                      cite(game, "power-roll.dice"))
        if state["roll"] is not None:
            return _p("already-rolled", f"{card['name']}'s Power Roll is made once",
                      cite(game, "power-roll.dice"))
        now = _ability_now(state, card)
        if now is not None and "effects" in now:  # e.g. Dreamy Djinny's damage
            return _p("text-before-roll", f"{card['name']}'s text before its table resolves "
                      "first (play_card), then the Power Roll", cite(game, "dreamy-djinny")
                      if game == "anarchy" else cite(game, "power-roll.dice"))
        if card.get("glyph") is None:
            return _p("glyph-unknown", f"{card['name']}'s glyph is unknown: the number of dice "
                      "cannot be counted", cite(game, "power-roll.dice"))
        _given_dice(action, _power_dice(state, core, wizard)["dice"])
        return []
    if kind == "random_foe":
        if _abilities(state, card):
            return _p("scripted", f"{card['name']} chooses its own targets (play_card)",
                      cite(game, "targets"))
        if state["random_foe"] is not None or (state.get("declared") or {}).get("effect"):
            return _p("random-foe-chosen", "the random foe is chosen once, before the "
                      "component's effect", cite(game, "targets.before-dice"))
        foes = _legal_foes(core, wizard)
        if not foes:
            return _p("no-foe", "no foe can be chosen", cite(game, "random-foe"))
        if action.get("rolls") is not None:
            roll_random_foe(game, foes, rolls=action["rolls"], seed=0)  # bad rolls raise
        return []
    if kind == "play_card":
        return _play_problems(state, card, action)
    if _ability_now(state, card):
        return _p("play-card-first", f"{card['name']} is scripted: play it (play_card) first",
                  cite(game, "spell.name-order"))
    # next
    if card["bands"] and card.get("glyph") and state["roll"] is None:
        return _p("roll-first", f"make {card['name']}'s Power Roll first",
                  cite(game, "power-roll.dice"))
    return []


def _tied(state: dict, action: dict) -> dict:
    """A Blood payment by the caster while a component resolves is that component's Blood
    cost, named or not (rumble 18.9-18.11): once, and only before it deals damage or rolls."""
    if action.get("type") == "pay_blood" and "component" not in action and \
            state["phase"] == "resolve" and action.get("wizard") == caster(state) and \
            current_card(state) is not None:
        return {**action, "component": state["step"]}
    return action


def _amounts(state: dict, card: dict, kind: str) -> list[int]:
    """The amounts a declared effect may have: the card's own "N damage" when its rolled
    band (or text) names one, else what could change anything (no wizard holds more than
    25 HP or 25 Blood)."""
    if kind in ("damage", "damage_each"):
        hint = damage_hint((state["roll"] or {}).get("effect") or card.get("text"))
        if hint:
            return [hint]
    return list(range(1, (MAX_BLOOD if kind == "gain_blood" else MAX_HP) + 1))


def _by_hand_problems(state: dict, core: SpellGame, action: dict) -> list[Problem]:
    """At a dealt table the core's actions are the effect of the component resolving, when
    the engine cannot run its text: one declared effect, its Blood cost and its KEEP."""
    game, kind = state["game"]["game"], action["type"]
    card, wizard = current_card(state), caster(state)
    rule = cite(game, "spell.name-order")
    if state["phase"] != "resolve" or state.get("reactions") or card is None or \
            not core.wizard(wizard).alive:
        return _p("free-table-only", f"{kind}: a dealt table changes only through the cards "
                  "being resolved and the rules; free-form edits belong to a free table "
                  "(deal: false)", rule)
    if card["type"] == "wild-magic" or wild_index(state) is not None:
        return _p("replace-wild-magic", "replace every Wild Magic card first",
                  cite(game, "wild-magic"))
    if _abilities(state, card):
        return _p("scripted", f"{card['name']} plays itself (play_card): its effects are not "
                  "applied by hand", rule)
    actor_field = {"damage": "source", "damage_each": "source", "heal": "target"}.get(
        kind, "wizard")
    if action.get(actor_field) != wizard:
        return _p("not-your-turn", f"{card['name']} is {wizard}'s: its effect is {wizard}'s "
                  f"({actor_field} {wizard})", cite(game, "turn-order.count"))
    if kind == "discard_creature":
        return _p("free-table-only", "a kept Creature leaves by absorbing damage (damage with "
                  "absorb) or by its own text", cite(game, "creature.absorb"))
    if card["bands"] and card.get("glyph") and state["roll"] is None and kind != "pay_blood":
        return _p("roll-first", f"make {card['name']}'s Power Roll first",
                  cite(game, "power-roll.dice"))
    declared = state.get("declared") or {}
    if kind == "pay_blood":
        return [] if action.get("amount", 0) >= 1 else _p(
            "no-payment", "a Blood payment is at least 1 Blood", cite(game, "blood.pay"))
    if kind == "keep_creature":
        creature = action.get("creature") or {}
        if not card["creature"] or declared.get("keep"):
            return _p("no-keep", f"{card['name']} is not a Creature to keep" if not
                      card["creature"] else f"{card['name']} is kept", cite(game, "creature.keep"))
        if creature != _creature_of(card):
            return _p("not-this-creature", f"the Creature kept is {card['name']}, the card "
                      "resolving", cite(game, "creature.keep"))
        return []
    if declared.get("effect"):
        return _p("effect-declared", f"{card['name']}'s effect has been applied (one declared "
                  "effect per component): next moves on", rule)
    if "amount" in action and action["amount"] not in _amounts(state, card, kind):
        allowed = _amounts(state, card, kind)
        return _p("amount", f"{kind}: the amount is {allowed[0]}" if len(allowed) == 1 else
                  f"{kind}: the amount is from 1 to {allowed[-1]}", cite(game, "damage"))
    if kind == "damage" and "creature" in action and action.get("absorb") is not True:
        return _p("creature-without-absorb", "creature names the Creature that absorbs the "
                  "damage: only with absorb: true", cite(game, "creature.absorb"))
    foes = _legal_foes(core, wizard)
    victim = (state["random_foe"] or {}).get("victim")
    if kind == "damage" and (action.get("target") not in foes or
                             victim and action["target"] != victim):
        return _p("not-a-foe", f"the damage goes to {victim}, the random foe" if victim else
                  "the damage goes to a living foe", cite(game, "targets"))
    if kind == "damage_each" and (sorted(action.get("targets") or []) != sorted(foes)
                                  or victim):
        return _p("each-foe", "damage to each foe names every living foe",
                  cite(game, "targets"))
    absorb = action.get("absorb") or []
    if kind == "damage_each" and (
            not isinstance(absorb, list) or not all(isinstance(f, str) for f in absorb)
            or len(set(absorb)) != len(absorb) or not set(absorb) <= set(foes)
            or any(not core.wizard(f).creatures for f in absorb)):
        return _p("no-creature", "absorb lists foes who discard one of their face-up "
                  "Creatures, each once (the others still take the damage)",
                  cite(game, "creature.absorb"))
    if kind == "damage_each" and any(i == 0 for i in (action.get("creatures") or {}).values()):
        return _p("first-creature", "creatures names only a foe discarding a Creature other "
                  "than their first (index 0 is the default: leave it out)",
                  cite(game, "creature.absorb"))
    if kind == "damage_each":
        problems = _death_order_problems(state, core, card, action)
        if problems:
            return problems
    if kind == "heal" and action.get("target") != wizard:
        return _p("heal-self", "a healing effect heals its caster", cite(game, "targets"))
    if kind == "take_standee" and core.standee == wizard:
        return _p("holds-standee", f"{wizard} holds the Standee", cite(game, "standee.slay"))
    if kind == "gain_treasure" and action.get("treasure") is not None:
        return _p("deck-decides", "the Treasure gained is the top of the Treasure deck",
                  cite(game, "treasures"))
    if kind == "gain_applause" and action.get("value") is not None:
        return _p("face-down", "an Applause token is drawn face down", cite(game, "applause"))
    return []


def _dying_at_once(state: dict, core: SpellGame, card: dict, targets: list[str],
                   absorb: list[str], amount) -> tuple[list[str], int]:
    """A Rally card's damage to several foes (anarchy): who it kills at once, and how many
    of them its player orders (20.5, ruling rally-order): those who die while Dead Wizard
    tokens last, when fewer are left than wizards dying (the game ends at the last, 23.1);
    0 when every order ends the same."""
    if state["game"]["game"] != "anarchy" or card["type"] != "rally" or \
            not isinstance(amount, int) or amount <= 0:
        return [], 0
    dying = [n for n in targets if n not in absorb and core.wizard(n).hp <= amount]
    left = core.dead_wizard_tokens_left
    return dying, (left if 0 < left < len(dying) else 0)


def _death_order_problems(state: dict, core: SpellGame, card: dict,
                          action: dict) -> list[Problem]:
    game = state["game"]["game"]
    dying, picks = _dying_at_once(state, core, card, action.get("targets") or [],
                                  action.get("absorb") or [], action.get("amount"))
    order = action.get("order")
    rule = cite(game, "champion.rally-order") if game == "anarchy" else cite(game, "damage")
    if not picks:
        return [] if order is None else _p(
            "no-death-order", "nothing to order: only a Champion's Rally killing several "
            "wizards at once, with fewer Dead Wizard tokens left than wizards dying, has its "
            "player choose who dies first", rule)
    if not isinstance(order, list) or len(order) != picks or len(set(order)) != picks \
            or not set(order) <= set(dying):
        return _p("death-order", f"the Rally kills {', '.join(dying)} at once and "
                  f"{picks} Dead Wizard token(s) are left: order names who dies first, "
                  f"{picks} of them in order", rule)
    return []


def _creature_of(card: dict) -> dict:
    creature = {"name": card["name"], "glyph": card.get("glyph")}
    if card.get("id"):
        creature["card"] = card["id"]
    return creature


def _power_dice(state: dict, core: SpellGame, wizard: str) -> dict:
    """The Power Roll's dice for the card resolving (power_roll_dice's answer)."""
    game, card = state["game"]["game"], current_card(state)
    me, champion = core.wizard(wizard), state.get("champion") or {}
    return power_roll_dice(game, card["glyph"], [component_of(c) for c in state["spells"][wizard]],
                           [{"name": c.name, "glyph": c.glyph} for c in me.creatures],
                           champion.get("glyph") if game == "anarchy" else None,
                           me.dead_wizard_tokens if game == "anarchy" else ())


def _given_dice(action: dict, count: int) -> list[int] | None:
    """What-if dice for a Power Roll: one face per die, or None to roll them."""
    dice = action.get("dice")
    if dice is None:
        return None
    if not isinstance(dice, list) or len(dice) != count or any(
            isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise EngineError(f"dice: {count} die face(s) from 1 to 6 (this Power Roll has "
                          f"{count} dice)", field="dice", code="range")
    return dice


def _roll_off_rolls(state: dict, action: dict) -> dict | None:
    rolls = action.get("rolls")
    if rolls is not None and (not isinstance(rolls, dict) or
                              not set(rolls) <= set(building(state))):
        raise EngineError("rolls: an object of wizard: roll-off die face(s)", field="rolls",
                          code="type")
    return rolls


def scripted_ability(card: dict | None) -> dict | None:
    """The card's first "when resolved" ability, if it is scripted."""
    return next((a for a in (card or {}).get("abilities") or [] if a["trigger"] == "resolved"),
                None)


def _abilities(state: dict, card: dict | None) -> list[dict]:
    """What the card resolving plays, in order: its "when resolved" abilities (text before
    a roll table, then the table), or for a Rally card the Champion's Rally (anarchy 20.4)."""
    if card and card["type"] == "rally":
        champion = state.get("champion") or {}
        return [a for a in champion.get("abilities") or [] if a["trigger"] == "rally"]
    return [a for a in (card or {}).get("abilities") or [] if a["trigger"] == "resolved"]


def _ability_now(state: dict, card: dict | None) -> dict | None:
    """The part still to play (None once every part has resolved, or for a by-hand card)."""
    abilities = _abilities(state, card)
    part = (state.get("ability") or {}).get("part", 0)
    return abilities[part] if part < len(abilities) else None


def _play_problems(state: dict, card: dict, action: dict) -> list[Problem]:
    game = state["game"]["game"]
    if not _abilities(state, card):
        return _p("not-scripted", f"{card['name']} is not scripted: apply it by hand",
                  cite(game, "components"))
    ability = _ability_now(state, card)
    if ability is None:
        return _p("already-played", f"{card['name']} has resolved", cite(game, "spell.name-order"))
    if "bands" in ability and state["roll"] is None:
        return _p("roll-first", f"make {card['name']}'s Power Roll first",
                  cite(game, "power-roll.dice"))
    needs = _run_ability(state, card, ability, [])["needs"]
    if needs is None and "choice" in action:
        return _p("no-choice", "nothing to choose now", cite(game, "targets"))
    if needs is not None and action.get("choice") not in needs["options"]:
        return _p("choice-needed", f"{needs['prompt']}: choose one of {needs['options']!r}",
                  needs.get("rule") or cite(game, "targets"))
    return []


def _run_ability(state: dict, card: dict, ability: dict, more: list) -> dict:
    """The ability replayed from its first choice, with the same dice every time."""
    pending = (state.get("ability") or {}).get("choices", [])
    wizard = caster(state)
    return _resolved(json.dumps({
        "game": state["game"], "caster": wizard, "ability": ability,
        "card": {"name": card["name"], "glyph": card.get("glyph"), "id": card.get("id")},
        "roll_total": (state["roll"] or {}).get("total"),
        "spell_glyphs": [c.get("glyph") for c in state["spells"][wizard]],
        "choices": pending + more, "component": state["step"],
        "seed": f"{state['seed']}:ability:{state['round']}:{state['turn']}:{state['step']}"
                + (f":{part}" if (part := (state.get("ability") or {}).get("part", 0)) else "")}))


@lru_cache(maxsize=16)
def _resolved(key: str) -> dict:
    """resolve_ability on its JSON arguments: legal_actions, check and apply ask the
    same question of one table several times; the answer is computed once. Callers
    must not change it (``_take_played`` copies what it keeps)."""
    args = json.loads(key)
    return resolve_ability(SpellGame.from_dict(args.pop("game")), args.pop("caster"),
                           args.pop("ability"), **args)


def component_of(card: dict) -> dict:
    """The core's component fields of a placed card (what the legality checks read)."""
    return {k: card[k] for k in CARD_KEYS if card.get(k) is not None}


def _legal_foes(core: SpellGame, wizard: str) -> list[str]:
    seating = [w.name for w in core.wizards]
    alive = [w.name for w in core.alive() if w.name != wizard]
    return foes_from_left(seating, wizard, alive)


# --- apply ------------------------------------------------------------------
def apply(state: dict, action: dict, *, checked: bool = False) -> tuple[dict, list[dict]]:
    """Run a legal action on a copy; returns (new state, events). Refuses illegal ones;
    ``checked``: the caller has just had ``check`` pass it on this state (or took it from
    ``legal_actions``), so it is not checked twice."""
    problems = [] if checked else check(state, action)
    if problems:
        raise EngineError(problems[0].message, field="action", code=problems[0].code)
    new = _copy(state)
    events: list[dict] = []
    kind = action["type"]
    if kind in MANUAL_ACTIONS:
        if kind == "gain_treasure" and new.get("deal") and action.get("treasure") is None:
            action = {**action, "treasure": deck.draw_treasure(new)}
            new["deck"]["treasure"].pop(0)  # the top card: drawn face up (rumble 20.1)
        if new["phase"] == "resolve" and kind in (*DECLARED_EFFECTS, "keep_creature"):
            declared = dict(new.get("declared") or {})
            declared["keep" if kind == "keep_creature" else "effect"] = True
            new["declared"] = declared
        card = current_card(new) if new["phase"] == "resolve" else None
        if kind == "keep_creature" and card is not None and card.get("kept"):
            card["stays"] = True  # already in play: kept again, not a second copy
            _event(events, cite(new["game"]["game"], "creature.keep"), "creature",
                   f"{card['name']} is kept again", wizard=action["wizard"])
            return new, events
        _combat(new, _tied(new, action), events)
    else:
        HANDLERS[kind](new, action, events)
    return new, events


def _copy(state: dict) -> dict:
    """A copy deep enough for the handlers: what they change is copied, the rest (cards'
    texts, abilities and bands, the catalog, what they replace whole) is shared. A full
    JSON round trip of a dealt table was most of an action's time."""
    new = dict(state)
    new["game"] = json.loads(json.dumps(state["game"]))
    new["spells"] = {w: [dict(c) for c in cards] for w, cards in state["spells"].items()}
    new["queue"] = [dict(c) for c in state["queue"]]
    new["ready"], new["order"] = list(state["ready"]), list(state["order"])
    new["reactions"] = [{**r, "choices": list(r["choices"])}
                        for r in state.get("reactions") or []]
    if "deck" in state:
        new["deck"] = {k: list(v) if isinstance(v, list) else v
                       for k, v in state["deck"].items()}
        new["dead_wizard_cards"] = {k: list(v) for k, v in state["dead_wizard_cards"].items()}
    return new


def _combat(state: dict, action: dict, events: list) -> None:
    before = deck.held(state["game"]) if state.get("deal") else None
    outcome = combat_apply(_core(state), action, _rng(state))
    state["game"] = outcome.state.to_dict()
    events.extend(outcome.events)
    _after_core(state, before, outcome.events, events)
    if outcome.state.over and state["phase"] != "game-over":
        state["phase"] = "game-over"
    elif action["type"] == "new_game":
        state["round"] += 1
        _start_build(state, events)


def _event(events: list, rule: str, kind: str, text: str, **extra) -> None:
    events.append({"type": kind, "rule": rule, "text": text, **extra})


def _after_core(state: dict, before, produced: list[dict], events: list) -> None:
    """What the flow does after the core changed the table: cards the rules discarded go
    to the discard piles (dealt tables) and Reactions that triggered wait to resolve."""
    if before is not None:
        deck.settle(state, before, events)
    _queue_reactions(state, produced, events)


def _hand(state: dict, wizard: str) -> list[str]:
    return next(w["hand"] for w in state["game"]["wizards"] if w["name"] == wizard)


def _dealt_card(state: dict, action: dict) -> dict:
    """The hand card an add_card places; a Wild Magic takes the slot named, if any (it may
    take the place of any Component type, rumble 19.1 / anarchy 18.1.1)."""
    card = deck.card(state, action["card"])
    slot = action.get("slot")
    if card["type"] == "wild-magic" and slot is not None:
        if slot not in SLOTS:
            raise EngineError(f"slot: one of {', '.join(SLOTS)}", field="slot", code="choice")
        card["slot"] = slot
    return card


def _add_card(state, action, events):
    if state.get("deal"):
        _hand(state, action["wizard"]).remove(action["card"])
        card = _dealt_card(state, action)
    else:
        card = parse_card(action["card"])
    state["spells"][action["wizard"]].append(card)
    _event(events, cite(state["game"]["game"], "spell.legal-spells"), "build",
           f"{action['wizard']} places a card face down", wizard=action["wizard"])


def _remove_card(state, action, events):
    card = state["spells"][action["wizard"]].pop(action["index"])
    if card.get("id"):
        _hand(state, action["wizard"]).append(card["id"])
    _event(events, cite(state["game"]["game"], "spell.legal-spells"), "build",
           f"{action['wizard']} takes a card back", wizard=action["wizard"])


def _ready(state, action, events):
    game, wizard = state["game"]["game"], action["wizard"]
    state["ready"].append(wizard)
    # The announced spell: each Wild Magic now stands in a slot (the first free one).
    spell = state["spells"][wizard]
    placed, _ = place_wild_magic(parse_components([component_of(c) for c in spell]))
    for card, comp in zip(spell, placed, strict=True):
        card["slot"] = comp.slot
    count = sum(1 for c in state["spells"][wizard] if c["type"] != "rally")
    _event(events, cite(game, "turn-order.count"), "ready",
           f"{wizard} is done placing cards: {count} component(s)", wizard=wizard)


def _unready(state, action, events):
    state["ready"].remove(action["wizard"])
    _event(events, cite(state["game"]["game"], "turn-order.count"), "build",
           f"{action['wizard']} takes the spell back up", wizard=action["wizard"])


def _reveal(state, action, events):
    game = state["game"]["game"]
    casting = [w for w in building(state) if state["spells"][w]]
    for wizard in building(state):
        if wizard not in casting:  # a hand without a Component (empty-spell)
            _event(events, cite(game, "spell.legal-spells"), "order",
                   f"{wizard} has no Component to cast and casts nothing this round")
    spells = [{"wizard": w, "components": [component_of(c) for c in state["spells"][w]]}
              for w in casting]
    state["chance"] += 1
    rolls = _roll_off_rolls(state, action) or {}
    core = _core(state)
    pals_only = [w for w in building(state) if w not in casting and core.wizard(w).creatures]
    seed = f"{state['seed']}:{state['chance']}"
    order = spell_order(game, spells, rolls={w: r for w, r in rolls.items()
                                             if w not in pals_only} or None,
                        seed=seed) if spells else {
        "order": [], "ties": [], "turns": [], "explanation": [], "rolls_used": {}}
    if pals_only:
        _creatures_turns(state, order, pals_only, rolls, seed)
    state["order"] = order["order"]
    state["order_info"] = {"ties": order["ties"], "turns": order["turns"],
                           "explanation": order["explanation"]}
    for step in order["explanation"]:
        _event(events, step["rule"], "order", step["text"])
    _event(events, cite(game, "turn-order.count"), "order",
           "turn order: " + ", ".join(order["order"]), order=order["order"],
           rolls=order["rolls_used"])
    state["phase"], state["turn"] = "resolve", -1
    _next_caster(state, events)


def _creatures_turns(state: dict, order: dict, wizards: list[str], rolls: dict,
                     seed: str) -> None:
    """Wizards who cast nothing but have kept Creatures still take a turn: a kept Creature
    must attack again when its wizard's Initiative comes up, its Power Roll never skipped,
    and stays only on a KEEP result (rumble 17.8, 17.12 / anarchy 17.9, 17.13). Their
    Initiative is 0 (rulings kept-creature-timing / kept-creature-initiative) and their
    spell has no Component: fewer Components act first (turn-order.count), so they act
    before every spell; several such wizards roll off like any Initiative tie."""
    game = state["game"]["game"]
    supply = DieSupply(_parse_rolls({w: r for w, r in rolls.items() if w in wizards},
                                    wizards), f"{seed}:creatures")
    settled, dice = roll_off(wizards, supply.roll)
    why = [{"rule": cite(game, "creature.attacks-again"),
            "text": f"{', '.join(wizards)}: no Component, but kept Creature(s) must attack "
                    "again: 0 components, initiative 0, before every spell (a reading: the "
                    "rulebook orders one, two and three Components)"}]
    if dice:
        order["ties"] = [{"wizards": wizards, "component_count": 0, "initiative": 0,
                          "rolls": dice, "order": settled}, *order["ties"]]
        why.append({"rule": cite(game, "turn-order.roll-off"),
                    "text": f"{', '.join(wizards)} tie at 0 components, initiative 0: rolls "
                    + "; then ".join(", ".join(f"{w} {v}" for w, v in r.items())
                                     for r in dice) + f" -> {', '.join(settled)}"})
    order["order"] = settled + order["order"]
    order["turns"] = [{"wizard": w, "component_count": 0, "initiative": 0,
                       "name": "no spell: kept Creatures only"} for w in settled] + order["turns"]
    order["explanation"] = why + order["explanation"]
    order["rolls_used"] = {**order["rolls_used"], **supply.used}


def _resolution_queue(spell: list[dict]) -> list[dict]:
    """Rally cards first (anarchy), then Source, Quality, Delivery: the order read."""
    rallies = [c for c in spell if c["type"] == "rally"]
    slotted = sorted((c for c in spell if c["type"] != "rally"),
                     key=lambda c: SLOTS.index(c["slot"]))
    return rallies + slotted


def _next_caster(state: dict, events: list) -> None:
    """Move on to the next spell whose wizard may cast it; end the spells when none is left."""
    game = state["game"]["game"]
    if 0 <= state["turn"] < len(state["order"]):
        _discard_unkept(state, state["order"][state["turn"]], events)
        _discard_spell(state, state["order"][state["turn"]], events)
    state["roll"], state["random_foe"], state["step"] = None, None, 0
    state["ability"], state["declared"] = None, None
    while True:
        state["turn"] += 1
        if state["turn"] >= len(state["order"]):
            state["phase"], state["queue"] = "end", []
            _event(events, cite(game, "spell.name-order"), "round",
                   "every spell has resolved: end the round")
            return
        wizard = state["order"][state["turn"]]
        if not state["spells"][wizard] and not _core(state).wizard(wizard).creatures:
            _event(events, cite(game, "turn-order.count"), "skip",
                   f"{wizard} placed no card: nothing to resolve", wizard=wizard)
            continue
        if _core(state).wizard(wizard).alive:
            break
        _event(events, cite(game, "dead-wizard"), "skip",
               f"{wizard} is dead: the spell does not resolve", wizard=wizard)
    kept = _kept_entries(state, wizard)
    state["queue"] = _resolution_queue(state["spells"][wizard]) + kept
    for entry in kept:
        _event(events, cite(game, "creature.attacks-again"), "creature",
               f"{wizard}'s kept Creature {entry['name']} attacks again after the spell: it "
               "must make its Power Roll", wizard=wizard)
    _combat(state, {"type": "reveal_spell", "wizard": wizard}, events)
    # The core follows the casting component by component: Reactions and Blood costs.
    _combat(state, {"type": "place_spell", "wizard": wizard, "components": [
        {"name": c["name"], "reaction": c.get("reaction", False)} for c in state["queue"]]},
        events)
    _combat(state, {"type": "resolve_component", "wizard": wizard, "component": 0}, events)
    if any(c["type"] == "rally" for c in state["queue"]) and not _abilities(
            state, {"type": "rally"}):
        _event(events, cite(game, "rally.not-counted"), "flag",
               "each Rally card resolves the Champion's Rally effect before the spell "
               "(not run by the engine: apply it by hand)")


def _kept_entries(state: dict, wizard: str) -> list[dict]:
    """The wizard's kept Creatures, to resolve again after the spell's components: each must
    attack again when its wizard's Initiative comes up (rumble 17.8 / anarchy 17.9), as a
    Delivery of the spell (kept-creature-timing) that adds nothing to its size. A dealt
    table knows the card; a free table's Creature has only its name and glyph, so its
    effect is declared by hand."""
    entries = []
    for creature in _core(state).wizard(wizard).creatures:
        card = deck.card(state, creature.card) if creature.card else parse_card(
            {"type": "delivery", "name": creature.name, "glyph": creature.glyph,
             "creature": True})
        entries.append({**card, "slot": "delivery", "kept": True})
    return entries


def _discard_unkept(state: dict, wizard: str, events: list) -> None:
    """A kept Creature that did not KEEP again this turn is discarded at its end (rumble
    17.12 / anarchy 17.13)."""
    unkept = [c for c in state["queue"] if c.get("kept") and not c.get("stays")]
    if not unkept:
        return
    core = _core(state)
    me = core.wizard(wizard)
    for entry in unkept:
        creature = next((c for c in me.creatures if (c.card or c.name) == (
            entry.get("id") or entry["name"])), None)
        if creature is None:  # gone already: it absorbed damage, or its wizard died
            continue
        me.creatures.remove(creature)
        _event(events, cite(state["game"]["game"], "creature.keep-again"), "creature",
               f"{creature.name} did not KEEP again: it is discarded at the end of "
               f"{wizard}'s turn", wizard=wizard)
        if state.get("deal") and creature.card:
            deck.discard(state, [creature.card], events, f"{wizard}'s Creature")
    state["game"] = core.to_dict()


def _discard_spell(state: dict, wizard: str, events: list) -> None:
    """A resolved spell goes to the discard pile, but for Creatures kept in play
    (rumble 25.8 / anarchy 21.8)."""
    if not state.get("deal"):
        return
    kept, _ = deck.held(state["game"])
    gone = []
    for card in state["spells"].get(wizard, []):
        if card.get("id") and not card.get("discarded") and card["id"] not in kept:
            card["discarded"] = True
            gone.append(card["id"])
    deck.discard(state, gone, events, f"{wizard}'s spell")


def _replace_from_deck(state: dict, old: dict, events: list) -> dict | None:
    """Wild Magic in a dealt game: the Main Deck is turned over until the slot's type shows;
    the Wild Magic card and the other cards turned over are discarded, but a Rally card
    turned over is played (_play_flipped_rallies)."""
    game = state["game"]["game"]
    found, turned = deck.wild_magic_reveal(state, old["slot"], events)
    rallies = [c for c in turned if deck.card(state, c)["type"] == "rally"]
    others = [c for c in turned if c not in rallies]
    deck.discard(state, others + [old.get("id")], events,
                 f"Wild Magic and {len(others)} card(s) turned over before a {old['slot']}")
    if rallies:
        _play_flipped_rallies(state, rallies, events)
    if found is None:
        _event(events, cite(game, "wild-magic"), "flag",
               f"no {old['slot']} card left in the Main Deck or its discard pile: the Wild "
               "Magic has nothing to become (apply by hand)")
        return None
    return deck.card(state, found)


def _play_flipped_rallies(state: dict, rallies: list[str], events: list) -> None:
    """A Rally card turned over from the Main Deck during your turn must be played (anarchy
    18.3.4; ruling wild-magic-reveal): turned over while a Wild Magic is replaced, it joins
    the spell's Rally cards, whose Champion's Rally resolves after the name is read and
    before the Source (ruling rally-timing). Nothing of the spell has resolved yet (every
    Wild Magic is replaced first), so it goes after the Rally cards already placed; it is
    discarded with the spell."""
    game, wizard = state["game"]["game"], caster(state)
    cards = [{**deck.card(state, c), "flipped": True} for c in rallies]
    at = next((i for i, c in enumerate(state["queue"]) if c["type"] != "rally"),
              len(state["queue"]))
    state["queue"][at:at] = cards
    state["spells"][wizard] += cards
    casting = state["game"]["casting"]
    casting["components"][at:at] = [
        {"name": c["name"], "reaction": False, "status": "waiting", "blood_paid": False,
         "acted": False, "blood_at_start": None} for c in cards]
    blood = _core(state).wizard(wizard).blood
    for i, comp in enumerate(casting["components"]):  # nothing has acted yet: step 0 resolves
        comp["status"], comp["blood_at_start"] = ("resolving", blood) if i == state["step"] \
            else ("waiting", None)
    _event(events, cite(game, "rally.flipped"), "rally",
           f"{len(cards)} Rally card(s) turned over: a Rally turned over during your turn must "
           "be played: it resolves the Champion's Rally with the spell's Rally cards, before "
           "the spell", wizard=wizard)
    if not _abilities(state, {"type": "rally"}):
        _event(events, cite(game, "rally.not-counted"), "flag",
               "each Rally card resolves the Champion's Rally effect before the spell "
               "(not run by the engine: apply it by hand)")


def wild_index(state: dict) -> int | None:
    """The caster's first Wild Magic card not yet replaced: every one is replaced when the
    spell is revealed, before its name is read (rumble 19.3-19.4 / anarchy 18.1.2-18.1.4),
    so nothing of the spell resolves while one is left."""
    if state["phase"] != "resolve":
        return None
    return next((i for i, c in enumerate(state["queue"])
                 if c["type"] == "wild-magic" and not c.get("spent")), None)


def _replace_wild_magic(state, action, events):
    game = state["game"]["game"]
    index = wild_index(state)
    old = state["queue"][index]
    if state.get("deal") and action.get("card") is None:
        new = _replace_from_deck(state, old, events)
        index = next(i for i, c in enumerate(state["queue"]) if c is old)  # Rallies played
        if new is None:  # nothing to become: the slot stays empty
            state["queue"][index] = {**old, "spent": True}
            return
    elif action.get("card") is not None:
        new = parse_card(action["card"])
    else:
        rng = _rng(state)
        glyph = rng.choice(GLYPHS)
        new = stand_in_card(old["slot"], glyph,
                            rng.randint(1, 20) if old["slot"] == "delivery" else None)
    new = {**new, "slot": old["slot"]}
    state["queue"][index] = new
    spell = state["spells"][caster(state)]
    spell[spell.index(old)] = new
    _event(events, cite(game, "wild-magic"), "wild-magic",
           f"Wild Magic is replaced by {new['name']} in the {old['slot'].title()} slot",
           wizard=caster(state), card=new["name"])


def _power_roll(state, action, events):
    game, wizard = state["game"]["game"], action["wizard"]
    card, core = current_card(state), _core(state)
    dice = _power_dice(state, core, wizard)
    rng = _rng(state)  # drawn even for given dice: the rolls after it stay the same
    faces = _given_dice(action, dice["dice"]) or [roll_die(rng) for _ in range(dice["dice"])]
    if "dice" in action:
        _event(events, cite(game, "power-roll.dice"), "chance",
               f"what if: the dice are given ({', '.join(map(str, faces))})")
    note_acted(core, wizard)  # rolled: too late for this component's Blood cost
    state["game"] = core.to_dict()
    total = sum(faces)
    band = roll_band(game, [band_label(b) for b in card["bands"]], total)["band"]
    row = next((b for b in card["bands"] if band_label(b) == band), None)
    state["roll"] = {"card": card["name"], "dice": faces, "total": total, "band": band,
                     "effect": row["effect"] if row else None, "keep": bool(row and row["keep"]),
                     "counted": dice["counted"]}
    if card.get("kept") and row and row["keep"]:
        card["stays"] = True  # rolled KEEP again
    for step in dice["explanation"]:
        _event(events, step["rule"], "dice", step["text"])
    _event(events, cite(game, "power-roll.bands"), "roll",
           f"{wizard} rolls {', '.join(map(str, faces))} = {total} for {card['name']}: "
           + (f"band {band}: {row['effect']}" if row else "no band covers it"),
           wizard=wizard, dice=faces, total=total, band=band)
    if "bands" in (_ability_now(state, card) or {}):
        _event(events, cite(game, "power-roll.bands"), "note",
               f"{card['name']} is scripted: playing it resolves the band")
    else:
        _event(events, cite(game, "power-roll.bands"), "flag",
               "the band's effect is card text the engine cannot run: apply it by hand")


def _random_foe(state, action, events):
    game, wizard = state["game"]["game"], action["wizard"]
    chosen = roll_random_foe(game, _legal_foes(_core(state), wizard), rolls=action.get("rolls"),
                             rng=_rng(state))
    state["random_foe"] = {"victim": chosen["victim"], "rolls": chosen["rolls"],
                           "faces": chosen["faces"]}
    for step in chosen["explanation"]:
        _event(events, step["rule"], "random-foe", step["text"], rolls=chosen["rolls"])


def _play_card(state, action, events):
    card = current_card(state)
    more = [action["choice"]] if "choice" in action else []
    played = _run_ability(state, card, _ability_now(state, card), more)
    part = (state.get("ability") or {}).get("part", 0)
    choices = (state.get("ability") or {}).get("choices", []) + more
    if not played["done"]:
        state["ability"] = {"choices": choices, "done": False, "part": part}
        needs = played["needs"]
        _event(events, needs.get("rule") or cite(state["game"]["game"], "targets"), "choice",
               f"{needs['who']} chooses: {needs['prompt']}", options=needs["options"])
        return
    part += 1
    state["ability"] = {"choices": [], "done": part >= len(_abilities(state, card)),
                        "part": part}
    if card.get("kept") and played["keep"]:
        card["stays"] = True
    _take_played(state, played, events)


def _take_played(state: dict, played: dict, events: list) -> None:
    """An ability's outcome becomes the table (the interpreter ran the core's actions)."""
    before = deck.held(state["game"]) if state.get("deal") else None
    state["game"] = played["state"].to_dict()
    events.extend(json.loads(json.dumps(played["events"])))  # the answer is shared (_resolved)
    if played["state"].over and state["phase"] != "game-over":
        state["phase"] = "game-over"
    _after_core(state, before, events[len(events) - len(played["events"]):], events)


# --- Reactions (rumble 23) ---------------------------------------------------
def reaction_ability(card: dict | None) -> dict | None:
    return next((a for a in (card or {}).get("abilities") or [] if a["trigger"] == "reaction"),
                None)


def _queue_reactions(state: dict, produced: list[dict], events: list) -> None:
    """A slain wizard's placed Reaction cards that have not started resolving trigger, even
    on a self-inflicted death (rumble 23.4); scripted ones wait in ``reactions`` to be
    played (play_reaction), the others are flagged to apply by hand."""
    if state["game"]["game"] != "rumble":
        return
    for event in produced:
        if event["type"] != "death":
            continue
        for card in _triggered(state, event["wizard"], produced, events):
            if reaction_ability(card):
                state.setdefault("reactions", []).append(
                    {"wizard": event["wizard"], "card": card, "choices": []})
                _event(events, cite("rumble", "reactions"), "reaction",
                       f"{event['wizard']}'s {card['name']}: its Reaction waits to be played",
                       wizard=event["wizard"], card=card["name"])
            else:
                _event(events, cite("rumble", "reactions"), "flag",
                       f"{event['wizard']}'s {card['name']} triggers its Reaction: not "
                       "scripted, apply it by hand", wizard=event["wizard"])


def _triggered(state: dict, victim: str, produced: list[dict], events: list) -> list[dict]:
    """The victim's Reaction cards that trigger on this death."""
    if not (state["phase"] == "resolve" and caster(state) == victim):
        # The flow knows the placed spells the core does not: drop its "check by hand".
        events[:] = [e for e in events if not (e.get("about") == "unrecorded-reactions"
                                               and e.get("wizard") == victim)]
    if state["phase"] == "resolve" and caster(state) == victim:
        # The core knows which components had started (its "reaction" events).
        return [state["queue"][e["component"]] for e in produced
                if e["type"] == "reaction" and e.get("wizard") == victim
                and e["component"] < len(state["queue"])]
    if state["phase"] == "resolve" and victim in state["order"] and \
            state["order"].index(victim) < state["turn"]:
        return []  # the spell has resolved
    waiting = [c for c in state["spells"].get(victim, []) if c.get("reaction")]
    if waiting:
        _event(events, cite("rumble", "reactions.placed"), "note",
               f"{victim}'s placed spell has not started resolving: "
               + ", ".join(c["name"] for c in waiting) + " trigger(s)", wizard=victim)
    return waiting


def _run_reaction(state: dict, more: list) -> dict:
    pending = state["reactions"][0]
    card = pending["card"]
    return _resolved(json.dumps({
        "game": state["game"], "caster": pending["wizard"], "ability": reaction_ability(card),
        "card": {"name": card["name"], "glyph": card.get("glyph"), "id": card.get("id")},
        "spell_glyphs": [c.get("glyph") for c in state["spells"].get(pending["wizard"], [])],
        "choices": pending["choices"] + more,
        "seed": f"{state['seed']}:reaction:{state['round']}:{state['chance']}:{card['name']}"}))


def _reaction_problems(state: dict, action: dict) -> list[Problem]:
    pending = (state.get("reactions") or [None])[0]
    if pending is None:
        return _p("no-reaction", "no Reaction is waiting", cite("rumble", "reactions"))
    if state["phase"] == "game-over":  # the last foe fell: nothing is left to react to
        return _p("game-over", "the game is over: a Reaction left waiting does not resolve",
                  cite("rumble", "end-of-game"))
    if action.get("wizard") != pending["wizard"]:
        return _p("not-your-reaction", f"{pending['wizard']}'s Reaction resolves first",
                  cite("rumble", "reactions"))
    needs = _run_reaction(state, [])["needs"]
    if needs is None and "choice" in action:
        return _p("no-choice", "nothing to choose now", cite("rumble", "targets"))
    if needs is not None and action.get("choice") not in needs["options"]:
        return _p("choice-needed", f"{needs['prompt']}: choose one of {needs['options']!r}",
                  cite("rumble", "targets"))
    return []


def _play_reaction(state, action, events):
    more = [action["choice"]] if "choice" in action else []
    played = _run_reaction(state, more)
    pending = state["reactions"][0]
    if not played["done"]:
        pending["choices"] += more
        needs = played["needs"]
        _event(events, cite("rumble", "targets"), "choice",
               f"{needs['who']} chooses: {needs['prompt']}", options=needs["options"])
        return
    state["reactions"].pop(0)
    _event(events, cite("rumble", "reactions"), "reaction",
           f"{pending['wizard']}'s {pending['card']['name']}: the Reaction resolves",
           wizard=pending["wizard"])
    _take_played(state, played, events)


def _next(state, action, events):
    game, card = state["game"]["game"], current_card(state)
    if not _core(state).wizard(action["wizard"]).alive:
        _next_caster(state, events)
        return
    if card is not None:
        _event(events, cite(game, "spell.name-order"), "resolved",
               f"{card['name']} has resolved", wizard=action["wizard"])
    state["step"] += 1
    state["roll"], state["random_foe"], state["ability"] = None, None, None
    state["declared"] = None
    if state["step"] >= len(state["queue"]):
        _next_caster(state, events)
    else:
        _combat(state, {"type": "resolve_component", "wizard": action["wizard"],
                        "component": state["step"]}, events)


def judged_challenge(state: dict) -> list[str] | None:
    """Who completes the Champion's Challenge when the rules can judge it (Krazztar's,
    anarchy 21.7: the Wizard(s) holding the most Applause tokens gain one), else None:
    its winners are named by hand. Ties: every Wizard tied for the most (as the Rally's
    "foe(s) with the most"); nobody when nobody holds one (ruling krazztar-challenge-ties)."""
    champion = state.get("champion") or {}
    challenges = [a for a in champion.get("abilities") or () if a["trigger"] == "challenge"]
    if len(challenges) != 1 or challenges[0].get("effects") != JUDGED_CHALLENGE:
        return None
    counts = {w["name"]: len(w["applause"]) for w in state["game"]["wizards"]}
    most = max(counts.values(), default=0)
    return [name for name, count in counts.items() if most and count == most]


def _end_round(state, action, events):
    # Anarchy: who completed the Champion's "End of round" Challenge (anarchy 20.6).
    judged = judged_challenge(state)
    if judged is not None:
        _event(events, cite("anarchy", "champion.challenge-example"), "note",
               f"{state['champion']['name']}'s Challenge: "
               + (f"{', '.join(judged)} hold(s) the most Applause tokens" if judged
                  else "nobody holds an Applause token"))
        winners = {"challenge_winners": judged}
    else:
        winners = {"challenge_winners": action["challenge_winners"]} \
            if action.get("challenge_winners") is not None else {}
    _combat(state, {"type": "end_round", **winners}, events)
    if state["phase"] != "game-over":
        state["round"] += 1
        _start_build(state, events)


def _start_build(state: dict, events: list) -> None:
    # In seat order, not the dict's: PostgreSQL's jsonb reorders a stored state's
    # keys ("Bob" before "Alice"), and a replay must discard in the same order.
    for wizard in [w["name"] for w in state["game"]["wizards"] if w["name"] in state["spells"]]:
        _discard_spell(state, wizard, events)
    if state.get("reactions"):
        _event(events, cite(state["game"]["game"], "end-of-game"), "note",
               "the game is over: the Reactions still waiting do not resolve")
        state["reactions"] = []
    state["phase"] = "build"
    state["spells"] = {w["name"]: [] for w in state["game"]["wizards"]}
    state.update(ready=[], order=[], order_info=None, turn=0, step=0, queue=[], roll=None,
                 random_foe=None, declared=None)
    _event(events, cite(state["game"]["game"], "spell.legal-spells"), "round",
           f"round {state['round']}: build your spells")
    _begin_round(state, events)


def _begin_round(state: dict, events: list) -> None:
    """Start of Each Round: hands are drawn to eight; each dead wizard draws a Dead Wizard
    card (rumble 21.2), a new Champion enters (anarchy 4.2)."""
    if state.get("deal"):
        deck.draw_hands(state, events)
    _combat(state, {"type": "start_round"}, events)


HANDLERS = {"add_card": _add_card, "remove_card": _remove_card, "ready": _ready,
            "unready": _unready, "reveal": _reveal, "replace_wild_magic": _replace_wild_magic,
            "power_roll": _power_roll, "random_foe": _random_foe, "play_card": _play_card,
            "play_reaction": _play_reaction,
            "next": _next,
            "end_round": _end_round}


# --- legal actions ----------------------------------------------------------
def canonical(action):
    """The move ``action`` names, as legal_actions writes it: a damage a Creature absorbs
    names the Creature (``creature`` 0 when left out: the first); ``absorb: false`` on a
    damage and ``absorb: []`` on a damage to each foe are no absorbing at all."""
    if not isinstance(action, dict):
        return action
    if action.get("type") == "damage" and action.get("absorb") is True \
            and "creature" not in action:
        return {**action, "creature": 0}
    if action.get("type") == "damage" and action.get("absorb") is False \
            and "creature" not in action:
        return {k: v for k, v in action.items() if k != "absorb"}
    if action.get("type") == "damage_each" and action.get("absorb") == []:
        return {k: v for k, v in action.items() if k != "absorb"}
    return action


def legal_actions(state: dict) -> list[dict]:
    """Every move ``check`` allows now, each once (chance outcomes aside: a Power Roll or a
    random foe is offered without its dice). On a dealt table this is the whole set;
    a free table also takes free-form edits it does not list."""
    if is_terminal(state):
        return []
    core = _core(state)
    if state["phase"] == "build" and state.get("deal") and not state.get("reactions"):
        return _legal_build(state, core)
    return [a for a in _candidates(state, core) if not check(state, a, core, offered=True)]


def _legal_build(state: dict, core: SpellGame) -> list[dict]:
    """A dealt table's build phase: the candidates ``check`` passes, its verdict on each
    ``add_card`` worked out once per wizard and kind of card (where the card may go):
    a move's answer checked some 24 hand cards one by one, a quarter of its time. A test
    holds it equal to checking every candidate."""
    game, legal, verdicts = state["game"]["game"], [], {}
    for action in _build_candidates(state):
        if action["type"] != "add_card":
            if not check(state, action, core, offered=True):
                legal.append(action)
            continue
        # _build_problems for a card of this wizard's hand, who is building and not ready:
        wizard = action["wizard"]
        spell = state["spells"][wizard]
        card = deck.card_read(state, action["card"])
        if "slot" in action:
            card = {**card, "slot": action["slot"]}
        key = (wizard, card["type"], card.get("slot"))
        if key not in verdicts:
            verdicts[key] = len(spell) < MAX_PLACED_CARDS and not _add_problems(
                game, spell, card) and not _rally_alone(state, wizard, card)
        if verdicts[key]:
            legal.append(action)
    return legal


def _candidates(state: dict, core: SpellGame) -> list[dict]:
    phase = state["phase"]
    if state.get("reactions") and phase != "game-over":
        first = state["reactions"][0]
        needs = _run_reaction(state, [])["needs"]
        return [{"type": "play_reaction", "wizard": first["wizard"], "choice": option}
                for option in needs["options"]] if needs else [
            {"type": "play_reaction", "wizard": first["wizard"]}]
    if phase == "build":
        return _build_candidates(state)
    if phase == "resolve":
        return _resolve_candidates(state, core)
    if phase == "end":
        return _end_candidates(state)
    return [{"type": "new_game"}] if phase == "game-over" else []


def _build_candidates(state: dict) -> list[dict]:
    candidates: list[dict] = [{"type": "reveal"}]
    for wizard in building(state):
        candidates += [{"type": kind, "wizard": wizard} for kind in ("ready", "unready")]
        if wizard in state["ready"]:
            continue
        candidates += [{"type": "remove_card", "wizard": wizard, "index": i}
                       for i in range(len(state["spells"][wizard]))]
        cards = dict.fromkeys(_hand(state, wizard)) if state.get("deal") else \
            _sample_cards(state["game"]["game"])
        candidates += [{"type": "add_card", "wizard": wizard, "card": card} for card in cards]
        if state.get("deal"):  # a Wild Magic may also be placed in a slot of choice
            candidates += [{"type": "add_card", "wizard": wizard, "card": card, "slot": slot}
                           for card in cards if deck.card_read(state, card)["type"] ==
                           "wild-magic" for slot in SLOTS]
    return candidates


def _resolve_candidates(state: dict, core: SpellGame) -> list[dict]:
    wizard, card = caster(state), current_card(state)
    candidates = [{"type": t, "wizard": wizard} for t in
                  ("replace_wild_magic", "power_roll", "random_foe", "next")]
    if card is None or card["type"] == "wild-magic" or wild_index(state) is not None:
        return candidates
    if _abilities(state, card):
        ability = _ability_now(state, card)
        if ability is not None and not (state["roll"] is None and "bands" in ability):
            needs = _run_ability(state, card, ability, [])["needs"]
            candidates += [{"type": "play_card", "wizard": wizard, "choice": option}
                           for option in needs["options"]] if needs else [
                {"type": "play_card", "wizard": wizard}]
        return candidates
    return candidates + _declared_candidates(state, core, wizard, card)


def _declared_candidates(state: dict, core: SpellGame, wizard: str, card: dict) -> list[dict]:
    """A by-hand component's moves: its Blood cost, KEEP, and one effect."""
    game, me = state["game"]["game"], core.wizard(wizard)
    candidates: list[dict] = []
    if game == "rumble":
        candidates += [{"type": "pay_blood", "wizard": wizard, "amount": n}
                       for n in range(1, me.blood + 1)]
    if card["creature"]:
        candidates.append({"type": "keep_creature", "wizard": wizard,
                           "creature": _creature_of(card)})
    if (state.get("declared") or {}).get("effect"):
        return candidates
    foes = _legal_foes(core, wizard)
    damage = _amounts(state, card, "damage")
    for foe in foes:
        pals = len(core.wizard(foe).creatures)
        for amount in damage:
            candidates.append({"type": "damage", "target": foe, "amount": amount,
                               "source": wizard})
            candidates += [{"type": "damage", "target": foe, "amount": amount, "source": wizard,
                            "absorb": True, "creature": i} for i in range(pals)]
    if len(foes) > 1:
        # each foe holding a face-up Creature may discard it instead (17.4): any of them
        pals = [f for f in foes if core.wizard(f).creatures]
        absorbing = [[]] + [[f for i, f in enumerate(pals) if mask >> i & 1]
                            for mask in range(1, 2 ** len(pals))]
        for amount in damage:
            for who, pals_used in [(w, p) for w in absorbing for p in _creature_picks(core, w)]:
                each = {"type": "damage_each", "targets": foes, "amount": amount,
                        "source": wizard, **({"absorb": who} if who else {}),
                        **({"creatures": pals_used} if pals_used else {})}
                dying, picks = _dying_at_once(state, core, card, foes, who, amount)
                candidates += [{**each, "order": list(order)} for order in
                               permutations(dying, picks)] if picks else [each]
    candidates += [{"type": "heal", "target": wizard, "amount": n}
                   for n in _amounts(state, card, "heal")]
    if game == "rumble":
        candidates += [{"type": "gain_blood", "wizard": wizard, "amount": n}
                       for n in _amounts(state, card, "gain_blood")]
        candidates.append({"type": "take_standee", "wizard": wizard})
    else:
        candidates.append({"type": "gain_applause", "wizard": wizard})
    candidates.append({"type": "gain_treasure", "wizard": wizard})
    return candidates


def _creature_picks(core: SpellGame, absorbing: list[str]) -> list[dict]:
    """Which Creature each absorbing foe discards (any of theirs, 17.4): damage_each's
    ``creatures``, naming only those who discard one other than their first."""
    picks: list[dict] = [{}]
    for foe in absorbing:
        count = len(core.wizard(foe).creatures)
        picks = [{**p, **({foe: i} if i else {})} for p in picks for i in range(count)]
    return picks


def _end_candidates(state: dict) -> list[dict]:
    candidates = [{"type": "end_round"}]
    if state.get("champion") and judged_challenge(state) is None:
        # who completed a Challenge the rules cannot judge: any of them
        names = [w["name"] for w in state["game"]["wizards"]]
        candidates += [{"type": "end_round", "challenge_winners": [
            n for i, n in enumerate(names) if mask >> i & 1]} for mask in range(1, 2 ** len(names))]
    return candidates
