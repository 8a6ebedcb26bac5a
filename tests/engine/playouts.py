"""The shared "every game finishes" harness: the games and variants, seeded playouts, and
the action space around a state that the property tests probe.

Every family plugs in here: ``VARIANTS`` lists (game, players, options) for each
variant and player count; ``playout`` (engine.bots) plays them. ``nearby_actions``
is the action space probed by "not offered => refused": each legal action with one
field swapped for a value another legal action uses, or dropped, plus the game's
own extras (``EXTRA_ACTIONS``).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from engine.bots import playout
from engine.families import family_for
from engine.spellgames import rounds
from engine.spellgames.games import MAX_WIZARDS

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def fixture_entry(game: str, slug: str) -> dict:
    """A bundled catalog entry, read from its fixture file (no database)."""
    data = json.loads((FIXTURES / f"{game}.json").read_text(encoding="utf-8"))
    return next(e for e in data["games"][0]["entries"] if e["slug"] == slug)


def krazztar() -> dict:
    """Blood Lord Krazztar as a table's Champion: its quoted Rally, its Challenge (21.7)."""
    entry = fixture_entry("anarchy", "blood-lord-krazztar")
    return {"name": entry["name"], "glyph": entry["glyph"], "abilities": entry["abilities"]}


SPELL_PLAYERS = range(2, MAX_WIZARDS + 1)
VARIANTS = (
    [("rumble", n, {}) for n in SPELL_PLAYERS]
    + [("rumble", n, {"variant": "quick"}) for n in (2, 4, MAX_WIZARDS)]
    + [("anarchy", n, {}) for n in SPELL_PLAYERS]
    + [("anarchy", 3, {"champion": krazztar()})]
    + [("satanic-panic", n, {"satan": satan}) for n in range(2, 6) for satan in (False, True)]
    + [("demoniac", n, {"relic": relic}) for n in range(2, 5) for relic in (False, True)]
)


def variant_id(variant) -> str:
    game, players, options = variant
    flags = "-".join(k if v is True else f"{k}={v['name'] if isinstance(v, dict) else v}"
                     for k, v in sorted(options.items()) if v)
    return f"{game}-{players}" + (f"-{flags}" if flags else "")


def new_table(game: str, players: int, options: dict, seed: int):
    family = family_for(game)
    seats = [f"W{n}" for n in range(1, players + 1)] if family.family == "spell" else players
    return family, family.new(family.setup_options(seats, dict(options)), seed)[0]


def play(variant, seed: int, policy: str = "random", max_actions: int = 20_000):
    family, state = new_table(*variant, seed)
    return family, playout(family, state, default=policy, rng=random.Random(seed),
                           max_actions=max_actions, keep_events=False)


def _spell_extras(state: dict) -> list[dict]:
    """Moves a client might try that no legal action is one field away from."""
    names = [w["name"] for w in state["game"]["wizards"]]
    extras = [{"type": "reveal"}, {"type": "end_round"}, {"type": "new_game"}]
    for name in names:
        extras += [{"type": t, "wizard": name} for t in (
            "ready", "unready", "power_roll", "random_foe", "next", "replace_wild_magic",
            "play_card", "take_standee", "gain_treasure", "gain_applause", "play_reaction")]
        extras += [{"type": "damage", "target": name, "amount": a, "source": s}
                   for s in names for a in (1, 3, 25)]
        extras += [{"type": t, "wizard": name, "amount": a} for t in ("gain_blood", "pay_blood")
                   for a in (1, 2)]
        extras.append({"type": "heal", "target": name, "amount": 2})
        extras.append({"type": "discard_creature", "wizard": name, "creature": 0})
        extras.append({"type": "remove_card", "wizard": name, "index": 0})
        hands = [c for w in state["game"]["wizards"] for c in w["hand"]]
        extras += [{"type": "add_card", "wizard": name, "card": c} for c in hands[:24]]
    card = rounds.current_card(state)
    if card and card.get("creature"):
        extras += [{"type": "keep_creature", "wizard": n, "creature": {
            "name": card["name"], "glyph": card.get("glyph"), "card": card.get("id")}}
            for n in names]
    return extras


def _demoniac_extras(state) -> list[dict]:
    """Every Demoniac move type, by every player, with each card the game holds: moves out
    of turn, out of phase (a re-roll with no attack, a discard nobody owes) or by the wrong
    player."""
    from engine.demoniac.components import SPOTS, stand_in_deck

    cards = sorted(set(stand_in_deck()))
    extras = []
    for player in [p.name for p in state.players] + [None]:
        who = {"player": player} if player else {}
        extras += [{"type": t, **who} for t in ("end-turn", "possess", "disturb", "reroll")]
        extras += [{"type": "roll", "target": t, **who} for t in ("exorcist", "relic", "foe")]
        extras += [{"type": "reroll", "dice": d, **who} for d in ([0], [1, 0], [0, 0], [9])]
        extras += [{"type": "end-attack", "divinities": d, **who}
                   for d in ([], list(SPOTS[:2]), [SPOTS[1], SPOTS[0]], "top")]
        extras += [{"type": "discard", "card": c, **who} for c in cards]
        extras += [{"type": "disturb", "card": c, **who} for c in cards]
        extras += [{"type": "possess", "card": c, "spot": s, **who} for c in cards
                   for s in (*SPOTS, "centre")]
    return extras


def _panic_extras(state) -> list[dict]:
    """Satanic Panic moves a client might try: any player's turn moves, effects applied by
    hand that no waiting text gives (99 Power on turn 1), the table's own steps."""
    names = [p.name for p in state.players]
    cards = sorted({c for p in state.players for c in p.hand + p.discard[:3]})[:12]
    extras = []
    for name in names:
        extras += [{"type": t, "player": name} for t in (
            "end-turn", "resolved", "no-defense", "mayhem")]
        extras += [{"type": "mayhem", "player": name, "attack": True},
                   {"type": "buy", "player": name, "source": "wild-magic"},
                   {"type": "buy", "player": name, "source": "legendary-devil"},
                   {"type": "buy", "player": name, "source": "familiar"},
                   {"type": "familiar-top", "player": name, "card": "Adam", "top": True},
                   {"type": "activate", "player": name, "card": "Satan's Salute Standee",
                    "choice": 0}]
        extras += [{"type": t, "player": name, "card": c} for c in cards
                   for t in ("play", "discard", "defend")]
        extras += [{"type": "destroy", "player": name, "zone": "discard", "card": c}
                   for c in cards[:3]]
        extras += [{"type": "apply", "player": name, "target": other, "effect": effect}
                   for other in names for effect in (
                       {"do": "gain-power", "amount": 99, "target": "self"},
                       {"do": "damage", "amount": 1, "target": "self"},
                       {"do": "damage", "amount": 6, "target": "self"},
                       {"do": "dead-wizard-tokens", "amount": 1, "target": "self"},
                       {"do": "damned-wizard-tokens", "amount": 1, "target": "self"},
                       {"do": "beelze-buttholes", "amount": 1, "target": "self"},
                       {"do": "summon-demons", "amount": 3, "target": "self"},
                       {"do": "gain-card", "card": "Satan's Taint", "target": "self"},
                       {"do": "heal", "amount": 0, "target": "self"})]
    return extras


EXTRA_ACTIONS = {"spell": _spell_extras, "demoniac": _demoniac_extras,
                 "deckbuilder": _panic_extras}


def nearby_actions(family, state, legal: list[dict]) -> list[dict]:
    """The legal actions' neighbours: each with one field given another legal action's
    value for it, or without it; and the family's extras. Deduplicated."""
    values: dict[str, list] = {}
    for action in legal:
        for key, value in action.items():
            if key != "type" and value not in values.setdefault(key, []):
                values[key].append(value)
    seen, out = set(), []

    def add(action):
        key = json.dumps(action, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(action)

    for action in legal:
        add(action)
        for key in action:
            if key == "type":
                continue
            add({k: v for k, v in action.items() if k != key})
            for other in values[key][:12]:
                add({**action, key: other})
    for action in EXTRA_ACTIONS.get(family.family, lambda s: [])(state):
        add(action)
    return out


def assert_exactly_the_legal_moves(family, state) -> int:
    """The property of test_playouts on one (built) state: every offered move applies,
    every move near one that is not offered is refused with a reason and a rule, or is
    bad input. Returns how many moves were tried."""
    from engine.core import EngineError

    legal = family.legal_actions(state)
    tried = nearby_actions(family, state, legal)
    for action in tried:
        fresh = family.load(family.dump(state))
        same = family.canonical(fresh, action) if hasattr(family, "canonical") else action
        if action in legal or same in legal:
            assert family.check(fresh, action) == [], action
            family.apply(fresh, action)
            continue
        try:
            problems = family.check(fresh, action)
        except EngineError as exc:
            assert exc.message
            continue
        assert problems, f"{action} is allowed but not offered"
        assert all(p.message and p.rule for p in problems), problems
    return len(tried)
