"""The spell-round table (rumble, anarchy): build, reveal, resolve, end the round.

The engine core has the rules (spell legality, turn order, power-roll dice,
bands, random foes, damage and death in ``combat``); this module is the
thin flow on top that the sandbox drives one action at a time. A round state
is a plain dict (JSON as stored) holding the core's ``SpellGame`` as a dict.

Chance: each roll uses ``make_rng(f"{seed}:{n}")`` with a counter ``n`` kept
in the state, so replaying the action log from the seed rolls the same dice.

Flow actions (``add_card``, ``ready``, ``reveal``, ``power_roll``, ``next``...)
belong to one wizard and are refused out of turn or out of phase. Effects a
card's text asks for (damage, healing, Blood, Creatures...) cannot be run from
card data; they are applied by hand with the core's actions, passed through
to ``combat`` and checked by its preflight.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from ..abilities import validate as validate_abilities
from ..core import EngineError, Problem, make_rng, roll_die
from .abilities import resolve_ability
from .combat import ACTION_TYPES as COMBAT_ACTIONS
from .combat import apply as combat_apply
from .combat import match_winner, note_acted
from .combat import preflight as combat_preflight
from .games import GLYPHS, SLOTS, cite, require_glyph
from .legality import (
    MAX_PLACED_CARDS,
    parse_component,
    parse_components,
    place_wild_magic,
    spell_check,
)
from .rolls import foes_from_left, power_roll_dice, roll_band, roll_random_foe
from .scoring import score_state
from .state import SpellGame, new_spell_game
from .turn_order import spell_order

FLOW_ACTIONS = ("add_card", "remove_card", "ready", "unready", "reveal", "replace_wild_magic",
                "power_roll", "random_foe", "play_card", "next", "end_round")
# Core actions the flow owns: the sandbox runs them itself at the right moment.
FLOW_OWNED_COMBAT = ("reveal_spell", "start_round", "end_round", "place_spell",
                     "resolve_component")
MANUAL_ACTIONS = tuple(a for a in COMBAT_ACTIONS if a not in FLOW_OWNED_COMBAT)
CARD_KEYS = ("type", "name", "glyph", "initiative", "slot")
MAX_BANDS = 8
DAMAGE_IN_TEXT = re.compile(r"(\d+)\s+damage", re.I)
# Stand-in roll table for cards drawn at random (Wild Magic replacements, test games).
STAND_IN_BANDS = [{"low": 1, "high": 4, "effect": "1 damage to a random foe", "keep": False},
                  {"low": 5, "high": 9, "effect": "2 damage to a random foe", "keep": False},
                  {"low": 10, "high": None, "effect": "4 damage to a random foe. KEEP",
                   "keep": True}]


# --- cards ------------------------------------------------------------------
def band_label(band: dict) -> str:
    low, high = band["low"], band.get("high")
    return f"{low}+" if high is None else (str(low) if low == high else f"{low}-{high}")


def _require_bands(raw, field: str) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_BANDS:
        raise EngineError(f"{field} must be a list of at most {MAX_BANDS} bands", field=field)
    bands = []
    for i, band in enumerate(raw):
        if not isinstance(band, dict):
            raise EngineError(f"{field}[{i}] must be an object", field=f"{field}[{i}]")
        low, high = band.get("low"), band.get("high")
        if isinstance(low, bool) or not isinstance(low, int) or not 1 <= low <= 36 or (
                high is not None and (isinstance(high, bool) or not isinstance(high, int)
                                      or not low <= high <= 36)):
            raise EngineError(f"{field}[{i}]: low 1-36, high at least low (or none)",
                              field=f"{field}[{i}]")
        bands.append({"low": low, "high": high, "effect": str(band.get("effect") or "")[:300],
                      "keep": bool(band.get("keep"))})
    return bands


def parse_card(raw, *, field: str = "card") -> dict:
    """A card placed in a spell: the core's component fields plus text and roll table."""
    comp = parse_component({k: raw.get(k) for k in CARD_KEYS} if isinstance(raw, dict) else raw,
                           field=field)
    text = raw.get("text")
    if text is not None and not isinstance(text, str):
        raise EngineError(f"{field}.text must be text", field=f"{field}.text")
    entry = raw.get("entry")
    return {**comp.to_dict(), "slot": comp.slot, "name": comp.name or _stand_in_name(comp),
            "text": (text or "")[:1000] or None,
            "bands": _require_bands(raw.get("bands"), f"{field}.bands"),
            "creature": bool(raw.get("creature")) or any(b.get("keep") for b in
                                                         raw.get("bands") or []
                                                         if isinstance(b, dict)),
            "entry": entry if isinstance(entry, str) else None,
            "reaction": bool(raw.get("reaction")) or "Reaction" in (raw.get("keywords") or []),
            "abilities": validate_abilities(raw.get("abilities") or [], f"{field}.abilities"),
            "stand_in": bool(raw.get("stand_in", entry is None))}


def _stand_in_name(comp) -> str:
    """ "Dark Delivery, initiative 14": a typed stand-in's name from its values."""
    if comp.type in ("wild-magic", "rally"):
        return "Wild Magic" if comp.type == "wild-magic" else "Rally"
    name = f"{(comp.glyph or 'Unknown-glyph').title()} {comp.type.title()}"
    if comp.initiative is not None:
        name += f", initiative {comp.initiative}"
    return name


def stand_in_card(kind: str, glyph: str | None, initiative: int | None = None) -> dict:
    """A generic card ("Dark Delivery, initiative 14") with the stand-in roll table."""
    return parse_card({"type": kind, "glyph": glyph, "initiative": initiative,
                       "bands": STAND_IN_BANDS, "stand_in": True,
                       "text": "Stand-in card: roll its table; apply the result by hand."})


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
              champion: dict | None = None, self_kill_applause: bool = False) -> dict:
    core = new_spell_game(game, wizards, variant=variant, self_kill_applause=self_kill_applause)
    if champion is not None and game != "anarchy":
        raise EngineError("only Anarchy has Champions", field="champion")
    if champion is not None:
        champion = {"name": str(champion.get("name") or "Champion")[:120],
                    "glyph": require_glyph(champion.get("glyph"), field="champion.glyph"),
                    "text": champion.get("text")}
    return {"family": "spell", "game": core.to_dict(), "seed": seed, "chance": 0, "round": 1,
            "phase": "build", "champion": champion, "spells": {w: [] for w in wizards},
            "ready": [], "order": [], "order_info": None, "turn": 0, "step": 0, "queue": [],
            "roll": None, "random_foe": None, "ability": None}


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
        return match_winner(core) is not None
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


def check(state: dict, action, core: SpellGame | None = None) -> list[Problem]:
    """Why ``action`` may not be taken now ([] when it may); changes nothing.

    Bad input (unknown type, unknown wizard, malformed card) raises EngineError.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise EngineError("an action is an object with a type", field="action.type")
    kind, game = action["type"], state["game"]["game"]
    core = core or _core(state)
    if kind in MANUAL_ACTIONS:
        if state["phase"] == "game-over" and kind != "new_game":
            return _p("game-over", "the game is over", cite(game, "end-of-game"))
        if kind == "new_game" and state["phase"] != "game-over":
            return _p("game-not-over", "the current game is still going",
                      cite(game, "end-of-game"))
        return combat_preflight(core, action)
    if kind not in FLOW_ACTIONS:
        raise EngineError(f"unknown action type {kind!r}", field="action.type",
                          code="unknown-action")
    phase = state["phase"]
    if kind in ("add_card", "remove_card", "ready", "unready"):
        return _build_problems(state, core, action, kind)
    if kind == "reveal":
        if phase != "build":
            return _p("wrong-phase", "spells are revealed once, after building",
                      cite(game, "turn-order.count"))
        waiting = [w for w in building(state) if w not in state["ready"]]
        if waiting:
            return _p("not-ready", "still building: " + ", ".join(waiting),
                      cite(game, "turn-order.count"))
        return []
    if kind == "end_round":
        if phase != "end":
            return _p("wrong-phase", "the round ends after every spell has resolved",
                      cite(game, "standee.end-of-round" if game == "rumble"
                           else "champion.challenge"))
        return []
    return _resolve_problems(state, core, action, kind)


def _build_problems(state: dict, core: SpellGame, action: dict, kind: str) -> list[Problem]:
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
        return [] if ready else _p("not-ready", f"{wizard} has not announced a spell",
                                   cite(game, "turn-order.count"))
    if ready:
        return _p("spell-announced", f"{wizard} has announced the spell; take it back first",
                  cite(game, "turn-order.count"))
    spell = state["spells"][wizard]
    if kind == "add_card":
        parse_card(action.get("card"))
        if len(spell) >= MAX_PLACED_CARDS:
            return _p("too-many-cards", "no more cards fit on the table",
                      cite(game, "spell.max-components"))
        return []
    if kind == "remove_card":
        index = action.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(spell):
            raise EngineError("index: no such card in the spell", field="index")
        return []
    verdict = spell_check(game, [component_of(c) for c in spell], wizard)
    return [Problem(e["code"], e["message"], e["rule"]) for e in verdict["errors"]]


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
    if kind == "replace_wild_magic":
        if card["type"] != "wild-magic":
            return _p("not-wild-magic", "the card being resolved is not Wild Magic",
                      cite(game, "wild-magic"))
        if action.get("card") is not None:
            new = parse_card(action["card"])
            if new["type"] != card["slot"]:
                return _p("wrong-type", f"Wild Magic in the {card['slot']} slot is replaced by "
                          f"a {card['slot']} card", cite(game, "wild-magic"))
        return []
    if card["type"] == "wild-magic":
        return _p("replace-wild-magic", "replace the Wild Magic first (the first card of its "
                  "slot's type from the Main Deck)", cite(game, "wild-magic"))
    if kind == "power_roll":
        if not card["bands"]:
            return _p("no-roll-table", f"{card['name']} has no roll table",
                      cite(game, "power-roll.dice"))
        if state["roll"] is not None:
            return _p("already-rolled", f"{card['name']}'s Power Roll is made once",
                      cite(game, "power-roll.dice"))
        if card.get("glyph") is None:
            return _p("glyph-unknown", f"{card['name']}'s glyph is unknown: the number of dice "
                      "cannot be counted", cite(game, "power-roll.dice"))
        return []
    if kind == "random_foe":
        return [] if _legal_foes(core, wizard) else _p(
            "no-foe", "no foe can be chosen", cite(game, "random-foe"))
    if kind == "play_card":
        return _play_problems(state, card, action)
    if scripted_ability(card) and not (state.get("ability") or {}).get("done"):
        return _p("play-card-first", f"{card['name']} is scripted: play it (play_card) first",
                  cite(game, "spell.name-order"))
    # next
    if card["bands"] and card.get("glyph") and state["roll"] is None:
        return _p("roll-first", f"make {card['name']}'s Power Roll first",
                  cite(game, "power-roll.dice"))
    return []


def scripted_ability(card: dict | None) -> dict | None:
    """The card's "when resolved" ability, if it is scripted."""
    return next((a for a in (card or {}).get("abilities") or [] if a["trigger"] == "resolved"),
                None)


def _play_problems(state: dict, card: dict, action: dict) -> list[Problem]:
    game = state["game"]["game"]
    ability = scripted_ability(card)
    if ability is None:
        return _p("not-scripted", f"{card['name']} is not scripted: apply it by hand",
                  cite(game, "components"))
    if (state.get("ability") or {}).get("done"):
        return _p("already-played", f"{card['name']} has resolved", cite(game, "spell.name-order"))
    if "bands" in ability and state["roll"] is None:
        return _p("roll-first", f"make {card['name']}'s Power Roll first",
                  cite(game, "power-roll.dice"))
    needs = _run_ability(state, card, ability, [])["needs"]
    if needs is None and "choice" in action:
        return _p("no-choice", "nothing to choose now", cite(game, "targets"))
    if needs is not None and action.get("choice") not in needs["options"]:
        return _p("choice-needed", f"{needs['prompt']}: choose one of {needs['options']!r}",
                  cite(game, "targets"))
    return []


def _run_ability(state: dict, card: dict, ability: dict, more: list) -> dict:
    """The ability replayed from its first choice, with the same dice every time."""
    pending = (state.get("ability") or {}).get("choices", [])
    wizard = caster(state)
    return resolve_ability(
        _core(state), wizard, ability, card={"name": card["name"], "glyph": card.get("glyph")},
        roll_total=(state["roll"] or {}).get("total"),
        spell_glyphs=[c.get("glyph") for c in state["spells"][wizard]],
        choices=pending + more, component=state["step"],
        seed=f"{state['seed']}:ability:{state['round']}:{state['turn']}:{state['step']}")


def component_of(card: dict) -> dict:
    """The core's component fields of a placed card (what spell_check reads)."""
    return {k: card[k] for k in CARD_KEYS if card.get(k) is not None}


def _legal_foes(core: SpellGame, wizard: str) -> list[str]:
    seating = [w.name for w in core.wizards]
    alive = [w.name for w in core.alive() if w.name != wizard]
    return foes_from_left(seating, wizard, alive)


# --- apply ------------------------------------------------------------------
def apply(state: dict, action: dict) -> tuple[dict, list[dict]]:
    """Run a legal action on a copy; returns (new state, events). Refuses illegal ones."""
    problems = check(state, action)
    if problems:
        raise EngineError(problems[0].message, field="action", code=problems[0].code)
    new = json.loads(json.dumps(state))  # the state is JSON: this is the fast deep copy
    events: list[dict] = []
    kind = action["type"]
    if kind in MANUAL_ACTIONS:
        _combat(new, action, events)
    else:
        HANDLERS[kind](new, action, events)
    return new, events


def _combat(state: dict, action: dict, events: list) -> None:
    outcome = combat_apply(_core(state), action, _rng(state))
    state["game"] = outcome.state.to_dict()
    events.extend(outcome.events)
    if outcome.state.over and state["phase"] != "game-over":
        state["phase"] = "game-over"
    elif action["type"] == "new_game":
        state["round"] += 1
        _start_build(state, events)


def _event(events: list, rule: str, kind: str, text: str, **extra) -> None:
    events.append({"type": kind, "rule": rule, "text": text, **extra})


def _add_card(state, action, events):
    card = parse_card(action["card"])
    state["spells"][action["wizard"]].append(card)
    _event(events, cite(state["game"]["game"], "spell.legal-spells"), "build",
           f"{action['wizard']} places a card face down", wizard=action["wizard"])


def _remove_card(state, action, events):
    state["spells"][action["wizard"]].pop(action["index"])
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
    _combat(state, {"type": "start_round"}, events)
    spells = [{"wizard": w, "components": [component_of(c) for c in state["spells"][w]]}
              for w in building(state)]
    state["chance"] += 1
    order = spell_order(game, spells, seed=f"{state['seed']}:{state['chance']}")
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


def _resolution_queue(spell: list[dict]) -> list[dict]:
    """Rally cards first (anarchy), then Source, Quality, Delivery: the order read."""
    rallies = [c for c in spell if c["type"] == "rally"]
    slotted = sorted((c for c in spell if c["type"] != "rally"),
                     key=lambda c: SLOTS.index(c["slot"]))
    return rallies + slotted


def _next_caster(state: dict, events: list) -> None:
    """Move on to the next spell whose wizard may cast it; end the spells when none is left."""
    game = state["game"]["game"]
    state["roll"], state["random_foe"], state["step"] = None, None, 0
    state["ability"] = None
    while True:
        state["turn"] += 1
        if state["turn"] >= len(state["order"]):
            state["phase"], state["queue"] = "end", []
            _event(events, cite(game, "spell.name-order"), "round",
                   "every spell has resolved: end the round")
            return
        wizard = state["order"][state["turn"]]
        if _core(state).wizard(wizard).alive:
            break
        _event(events, cite(game, "dead-wizard"), "skip",
               f"{wizard} is dead: the spell does not resolve", wizard=wizard)
    state["queue"] = _resolution_queue(state["spells"][wizard])
    _combat(state, {"type": "reveal_spell", "wizard": wizard}, events)
    # The core follows the casting component by component: Reactions and Blood costs.
    _combat(state, {"type": "place_spell", "wizard": wizard, "components": [
        {"name": c["name"], "reaction": c.get("reaction", False)} for c in state["queue"]]},
        events)
    _combat(state, {"type": "resolve_component", "wizard": wizard, "component": 0}, events)
    if any(c["type"] == "rally" for c in state["queue"]):
        _event(events, cite(game, "rally.not-counted"), "flag",
               "each Rally card resolves the Champion's Rally effect before the spell "
               "(not run by the engine: apply it by hand)")


def _replace_wild_magic(state, action, events):
    game = state["game"]["game"]
    old = current_card(state)
    if action.get("card") is not None:
        new = parse_card(action["card"])
    else:
        rng = _rng(state)
        glyph = rng.choice(GLYPHS)
        new = stand_in_card(old["slot"], glyph,
                            rng.randint(1, 20) if old["slot"] == "delivery" else None)
    new = {**new, "slot": old["slot"]}
    state["queue"][state["step"]] = new
    spell = state["spells"][caster(state)]
    spell[spell.index(old)] = new
    _event(events, cite(game, "wild-magic"), "wild-magic",
           f"Wild Magic is replaced by {new['name']} in the {old['slot'].title()} slot",
           wizard=caster(state), card=new["name"])


def _power_roll(state, action, events):
    game, wizard = state["game"]["game"], action["wizard"]
    card, core = current_card(state), _core(state)
    me = core.wizard(wizard)
    champion = state.get("champion") or {}
    comps = [component_of(c) for c in state["spells"][wizard]]
    dice = power_roll_dice(game, card["glyph"], comps,
                           [{"name": c.name, "glyph": c.glyph} for c in me.creatures],
                           champion.get("glyph") if game == "anarchy" else None,
                           me.dead_wizard_tokens if game == "anarchy" else ())
    rng = _rng(state)
    faces = [roll_die(rng) for _ in range(dice["dice"])]
    note_acted(core, wizard)  # rolled: too late for this component's Blood cost
    state["game"] = core.to_dict()
    total = sum(faces)
    band = roll_band(game, [band_label(b) for b in card["bands"]], total)["band"]
    row = next((b for b in card["bands"] if band_label(b) == band), None)
    state["roll"] = {"card": card["name"], "dice": faces, "total": total, "band": band,
                     "effect": row["effect"] if row else None, "keep": bool(row and row["keep"]),
                     "counted": dice["counted"]}
    for step in dice["explanation"]:
        _event(events, step["rule"], "dice", step["text"])
    _event(events, cite(game, "power-roll.bands"), "roll",
           f"{wizard} rolls {', '.join(map(str, faces))} = {total} for {card['name']}: "
           + (f"band {band}: {row['effect']}" if row else "no band covers it"),
           wizard=wizard, dice=faces, total=total, band=band)
    _event(events, cite(game, "power-roll.bands"), "flag",
           "the band's effect is card text the engine cannot run: apply it by hand")


def _random_foe(state, action, events):
    game, wizard = state["game"]["game"], action["wizard"]
    chosen = roll_random_foe(game, _legal_foes(_core(state), wizard), rng=_rng(state))
    state["random_foe"] = {"victim": chosen["victim"], "rolls": chosen["rolls"],
                           "faces": chosen["faces"]}
    for step in chosen["explanation"]:
        _event(events, step["rule"], "random-foe", step["text"], rolls=chosen["rolls"])


def _play_card(state, action, events):
    card = current_card(state)
    more = [action["choice"]] if "choice" in action else []
    played = _run_ability(state, card, scripted_ability(card), more)
    choices = (state.get("ability") or {}).get("choices", []) + more
    if not played["done"]:
        state["ability"] = {"choices": choices, "done": False}
        needs = played["needs"]
        _event(events, cite(state["game"]["game"], "targets"), "choice",
               f"{needs['who']} chooses: {needs['prompt']}", options=needs["options"])
        return
    state["ability"] = {"choices": choices, "done": True}
    state["game"] = played["state"].to_dict()
    events.extend(played["events"])
    if played["state"].over:
        state["phase"] = "game-over"


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
    if state["step"] >= len(state["queue"]):
        _next_caster(state, events)
    else:
        _combat(state, {"type": "resolve_component", "wizard": action["wizard"],
                        "component": state["step"]}, events)


def _end_round(state, action, events):
    # Anarchy: who completed the Champion's "End of round" Challenge (anarchy 20.6).
    winners = {"challenge_winners": action["challenge_winners"]} \
        if action.get("challenge_winners") is not None else {}
    _combat(state, {"type": "end_round", **winners}, events)
    if state["phase"] != "game-over":
        state["round"] += 1
        _start_build(state, events)


def _start_build(state: dict, events: list) -> None:
    state["phase"] = "build"
    state["spells"] = {w["name"]: [] for w in state["game"]["wizards"]}
    state.update(ready=[], order=[], order_info=None, turn=0, step=0, queue=[], roll=None,
                 random_foe=None)
    _event(events, cite(state["game"]["game"], "spell.legal-spells"), "round",
           f"round {state['round']}: build your spells")


HANDLERS = {"add_card": _add_card, "remove_card": _remove_card, "ready": _ready,
            "unready": _unready, "reveal": _reveal, "replace_wild_magic": _replace_wild_magic,
            "power_roll": _power_roll, "random_foe": _random_foe, "play_card": _play_card,
            "next": _next,
            "end_round": _end_round}


# --- legal actions ----------------------------------------------------------
def legal_actions(state: dict) -> list[dict]:
    """A representative set of legal actions (for buttons and random players).

    Cards to add and amounts of damage are open-ended; stand-in cards and the
    amount the rolled band names stand for them here.
    """
    if is_terminal(state):
        return []
    phase = state["phase"]
    candidates: list[dict] = []
    if phase == "build":
        for wizard in building(state):
            candidates += [{"type": kind, "wizard": wizard} for kind in ("ready", "unready")]
            candidates += [{"type": "remove_card", "wizard": wizard, "index": i}
                           for i in range(len(state["spells"][wizard]))]
            candidates += [{"type": "add_card", "wizard": wizard, "card": card}
                           for card in _sample_cards(state["game"]["game"])]
        candidates.append({"type": "reveal"})
    elif phase == "resolve":
        wizard = caster(state)
        candidates += [{"type": t, "wizard": wizard} for t in
                       ("replace_wild_magic", "power_roll", "random_foe", "next")]
        amount = damage_hint((state["roll"] or {}).get("effect")) or 1
        for foe in _legal_foes(_core(state), wizard):
            candidates.append({"type": "damage", "target": foe, "amount": amount,
                               "source": wizard})
        card = current_card(state)
        if scripted_ability(card) and not (state.get("ability") or {}).get("done"):
            needs = None if state["roll"] is None and "bands" in scripted_ability(card) else \
                _run_ability(state, card, scripted_ability(card), [])["needs"]
            candidates += [{"type": "play_card", "wizard": wizard, "choice": option}
                           for option in needs["options"]] if needs else [
                {"type": "play_card", "wizard": wizard}]
        if card and card["creature"] and card["type"] != "wild-magic":
            candidates.append({"type": "keep_creature", "wizard": wizard,
                               "creature": {"name": card["name"], "glyph": card.get("glyph")}})
    elif phase == "end":
        candidates.append({"type": "end_round"})
    elif phase == "game-over":
        candidates.append({"type": "new_game"})
    core = _core(state)
    return [a for a in candidates if not check(state, a, core)]
