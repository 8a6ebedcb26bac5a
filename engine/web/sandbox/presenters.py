"""What each family's table shows: plain dicts for the templates (no rules here).

The rules stay in the engine: the legal actions come from the core, labelled
for buttons; spell legality comes from ``spell_check``. Each action button
carries its action as JSON, so the page never builds an action the engine has
not listed (a forged one is refused by the same preflight).
"""
from __future__ import annotations

import json

from engine.core import EngineError
from engine.deckbuilder.abilities import plays
from engine.deckbuilder.buying import BuyTarget, buy_problems
from engine.deckbuilder.by_hand import waiting
from engine.deckbuilder.cards import STANDEE
from engine.deckbuilder.mayhem import APPLY_EFFECTS, apply_cards, effect_label, printed_attack
from engine.deckbuilder.setup import TILE_TEXTS
from engine.demoniac.components import SPOTS, card_kind, card_name, card_symbol
from engine.demoniac.rules import tally
from engine.families import family_for
from engine.seat_views import seat_may_take
from engine.spellgames import deck, rounds
from engine.spellgames.games import COMPONENT_TYPES, GLYPHS, MAX_HP, SLOTS
from engine.spellgames.legality import spell_check

from . import catalog_cards
from .wording import sentence


def button(label: str, action: dict, style: str = "", testid: str = "") -> dict:
    return {"label": label, "action": json.dumps(action), "style": style, "testid": testid}


def present(game: str, state) -> dict:
    family = family_for(game)
    view = PRESENTERS[family.family](game, state)
    for player in view.get("wizards") or view.get("players") or []:
        player.setdefault("controls", True)  # the owner's page: every seat's controls
        # Nothing hidden (for_seat counts what is): a key the template finds, not a
        # failed lookup per player.
        player.setdefault("hand_hidden", 0)
        player.setdefault("spell_hidden", 0)
    view["actor"] = family.actor(state)
    view["terminal"] = family.is_terminal(state)
    view["result"] = family.result(state)
    return view


# --- spell round ---------------------------------------------------------------
def _card_view(card: dict, urls: dict) -> dict:
    return {**card, "url": urls.get(card.get("name")),
            "bands_view": [{**b, "label": rounds.band_label(b)} for b in card["bands"]]}


def present_spell(game: str, state: dict) -> dict:
    core = state["game"]
    caster = rounds.caster(state)
    dealt = bool(state.get("deal"))
    hands = {w["name"]: [deck.card(state, c) for c in w["hand"]] for w in core["wizards"]} \
        if dealt else {}
    shown = [*(c for spell in state["spells"].values() for c in spell), *state["queue"],
             *(c for h in hands.values() for c in h)]
    urls = catalog_cards.card_urls(game, shown, state.get("catalog") or ())
    family = family_for(game)
    legal = family.legal_actions(state)
    # A hand's card may be placed when its add_card is a legal move (legal_actions is
    # exactly check's verdict on each: one computation, not one check per card).
    placeable = {(a["wizard"], a["card"]) for a in legal if a["type"] == "add_card"} \
        if dealt and state["phase"] == "build" else set()
    # A Wild Magic card may also go in a slot of its player's choice: one button per slot.
    slotted: dict = {}
    for a in legal if dealt else ():
        if a["type"] == "add_card" and "slot" in a:
            slotted.setdefault((a["wizard"], a["card"]), []).append(
                {"slot": a["slot"], "act": json.dumps(a)})
    wizards = []
    for w in core["wizards"]:
        spell = state["spells"].get(w["name"], [])
        verdict = None
        if state["phase"] == "build" and spell:
            try:
                verdict = spell_check(game, [rounds.component_of(c) for c in spell], w["name"])
            except EngineError as exc:
                verdict = {"legal": False, "errors": [{"message": exc.message, "rule": ""}]}
            if verdict["legal"] and verdict.get("initiative") is None and any(
                    c["type"] == "delivery" for c in spell):
                # Legal as a spell, but the reveal cannot order it: say so before it fails.
                verdict["warning"] = ("its Delivery has no initiative: the turn order needs "
                                      "one before the spells are revealed (take it back and "
                                      "place it again with its initiative)")
        wizards.append({**w, "hp_pct": round(100 * w["hp"] / MAX_HP),
                        "spell": [_card_view(c, urls) for c in spell], "check": verdict,
                        "ready": w["name"] in state["ready"], "is_caster": w["name"] == caster,
                        "is_standee": core.get("standee") == w["name"],
                        "applause_count": len(w["applause"]),
                        # A hand shows no roll table (sandbox_html.hand_items): its cards
                        # are not given _card_view's.
                        "hand": [{**c, "url": urls.get(c.get("name")), "place_act": json.dumps(
                            {"type": "add_card", "wizard": w["name"], "card": c["id"]}),
                            # Only a card that keeps the spell legal may be placed.
                            "placeable": (w["name"], c["id"]) in placeable,
                            "slots": slotted.get((w["name"], c["id"]), [])}
                            for c in hands.get(w["name"], [])],
                        "dead_wizard_drawn": (state.get("dead_wizard_cards") or {}).get(
                            w["name"], [])})
    queue = []
    for i, card in enumerate(state["queue"]):
        queue.append({**_card_view(card, urls), "status": "done" if i < state["step"] else
                      "current" if i == state["step"] else "todo"})
    roll = state["roll"]
    current = rounds.current_card(state)
    # Every Wild Magic is replaced as the spell is revealed, before anything resolves.
    wild_at = rounds.wild_index(state)
    wild = state["queue"][wild_at] if wild_at is not None else None
    acts = {t: json.dumps({"type": t}) for t in
            ("reveal", "end_round", "new_game", "damage", "damage_each", "heal", "gain_blood",
             "pay_blood", "take_standee", "keep_creature", "gain_treasure", "gain_applause")}
    if caster:
        acts.update({t: json.dumps({"type": t, "wizard": caster}) for t in
                     ("power_roll", "random_foe", "next", "replace_wild_magic")})
    for w in wizards:
        name = w["name"]
        w["acts"] = {t: json.dumps({"type": t, "wizard": name}) for t in
                     ("add_card", "ready", "unready")}
        for i, card in enumerate(w["spell"]):
            card["remove_act"] = json.dumps({"type": "remove_card", "wizard": name, "index": i})
        w["creatures"] = [{**c, "discard_act": json.dumps(
            {"type": "discard_creature", "wizard": name, "creature": i})}
            for i, c in enumerate(w["creatures"])]
    pending = (state.get("reactions") or [None])[0]
    reveal_problems = [{"message": sentence(p.message), "rule": p.rule} for p in family.check(
        state, {"type": "reveal"})] if state["phase"] == "build" else []
    return {
        "acts": acts, "dealt": dealt,
        # A dealt table takes effects by hand only for a card the engine cannot run.
        "by_hand_open": not dealt or any(a["type"] in rounds.MANUAL_ACTIONS for a in legal),
        "deck": {k: len(v) for k, v in state["deck"].items() if isinstance(v, list)}
        if dealt else None,
        "reaction": {**pending, "card": _card_view(pending["card"], urls)} if pending else None,
        "reaction_buttons": [button(f"Play {pending['card']['name']} (Reaction)" + (
            f": {a['choice']}" if "choice" in a else ""), a)
            for a in legal if a["type"] == "play_reaction"] if pending else [],
        "family": "spell", "phase": state["phase"], "round": state["round"], "core": core,
        "wizards": wizards, "caster": caster, "queue": queue, "roll": roll,
        "current": _card_view(current, urls) if current else None,
        # A free table picks catalog cards by name (a search field), never from a list
        # of the whole catalog (80k entries made a 75 MB page).
        "wild": _card_view(wild, urls) if wild else None,
        "replace_slot": wild["slot"] if wild and not dealt else None,
        "random_foe": state["random_foe"], "order": state["order"],
        "order_info": state["order_info"], "champion": state.get("champion"),
        "damage_hint": rounds.damage_hint((roll or {}).get("effect")),
        "catalog": not dealt,
        "glyphs": GLYPHS, "types": [t for t in COMPONENT_TYPES
                                    if game == "anarchy" or t != "rally"],
        "slots": SLOTS, "alive_names": [w["name"] for w in core["wizards"] if w["alive"]],
        "all_names": [w["name"] for w in core["wizards"]],
        "can_reveal": not reveal_problems,
        "reveal_problems": reveal_problems,
        **_by_hand_defaults(state, legal, caster, current, dealt),
        # A scripted card plays itself; a choice it needs is one button per option.
        "play_buttons": [button(f"Play {current['name']}" + (f": {a['choice']}" if "choice" in a
                                                             else ""), a)
                         for a in legal if a["type"] == "play_card"]
        if current else [],
    }


def _by_hand_defaults(state: dict, legal: list[dict], caster, current, dealt: bool) -> dict:
    """What the by-hand forms offer and pick first: the foe the rules point to (the random
    foe rolled, else the first foe the engine offers damage to), never the caster; on a
    dealt table a form only while the engine still offers its effect (not a second damage
    or KEEP for the same card)."""
    offered = {a["type"] for a in legal}
    foes = [a["target"] for a in legal if a["type"] == "damage"]
    living = [w["name"] for w in state["game"]["wizards"] if w["alive"] and w["name"] != caster]
    target = (state.get("random_foe") or {}).get("victim") or (foes or living or [None])[0]
    kept = bool(current) and any(c.get("name") == current.get("name") and c.get(
        "card") == current.get("id") for w in state["game"]["wizards"]
        if w["name"] == caster for c in w["creatures"])
    return {"damage_target": target, "damage_source": caster,
            "show_damage": not dealt or "damage" in offered,
            "show_keep": not kept and (not dealt or "keep_creature" in offered)}


# --- Satanic Panic -------------------------------------------------------------------
def _sp_card(state, name: str, urls: dict) -> dict:
    card = state.card(name)
    return {"name": name, "kind": card.kind, "cost": card.cost, "power": card.power,
            "vp": card.vp, "text": card.text, "note": card.note, "stand_in": card.stand_in,
            "catalog": bool(card.entry), "plays": bool(card.abilities) and plays(card.abilities),
            "url": urls.get(name)}


def _sp_label(state, action: dict) -> str:
    kind = action["type"]
    if kind in ("play", "foe-card"):
        text = f"Play {action['card']}"
        if kind == "foe-card":
            text += f" (off {state.pending['foe']}'s deck)"
        if action.get("mode") == "power":
            text += ": +2 Power"
        elif action.get("mode") == "foe-deck":
            text += f": top card of {action['target']}'s deck"
        elif "target" in action:
            text += (" at yourself" if action["target"] == action.get("player")
                     else f" at {action['target']}")
        if "pay_hp" in action:
            text += ": pay 4 HP to destroy it" if action["pay_hp"] else ""
        if "choice" in action:
            text += f": take card {action['choice'] + 1}"
        if action.get("deal"):
            d = action["deal"]
            text += f": deal {d['player']} gains {d['card']}, Summon {d['demons']}"
        return text
    if kind == "buy":
        target = BuyTarget(action["source"], action.get("card"), action.get("player"))
        name, cost, _ = buy_problems(state, action["player"], target)
        return f"Buy {name} ({cost})" + (", on top of your deck" if action.get("top") else "")
    if kind == "activate" and action["card"] != STANDEE:
        return f"Use {action['card']}'s Activate ability"
    if kind == "activate":
        return (f"Activate the Standee on {action['target']}" if "target" in action else
                f"Activate the Standee: take Satan stack card {action.get('choice', 0) + 1}")
    if kind == "tile":
        return f"Lil' Buddies tile: ATTACK {action['target']} (they gain 1 Lil' Buddies)"
    if kind == "defend":
        return f"{action['player']}: DEFEND with {action['card']}"
    if kind == "no-defense":
        return f"{action['player']}: No defense (take the ATTACK)"
    if kind == "familiar-top":
        return (f"{action['player']}: put {action['card']} on top of your deck" if action["top"]
                else f"{action['player']}: leave {action['card']} in your discard pile")
    if kind in ("discard", "destroy"):
        where = f" from {action['zone']}" if kind == "destroy" else ""
        return f"{action['player']}: {kind} {action['card']}{where}"
    if kind == "mayhem":
        return "It is an ATTACK" if action["attack"] else "It is not an ATTACK"
    if kind == "apply":
        return f"{action['target']} {effect_label(action['effect'])}"
    if kind == "resolved":
        card = state.table_event["card"] if state.table_event else "it"
        return f"{card} is resolved: go on"
    return "End turn"


def _sp_button(state, action: dict) -> dict:
    kind = action["type"]
    if kind == "no-defense":
        return button(_sp_label(state, action), action, testid="no-defense")
    if kind == "defend":
        return button(_sp_label(state, action), action, style="secondary", testid="defend")
    return button(_sp_label(state, action), action)


def present_panic(game: str, state) -> dict:
    names = set(state.line_up) | {n for p in state.players for n in p.hand + p.played + p.ongoing}
    if state.legendary_devils:
        names.add(state.legendary_devils[0])
    urls = catalog_cards.entry_urls(game, names)
    groups: dict[str, list] = {"play": [], "buy": [], "other": [], "apply": [], "end": []}
    for action in state.legal_actions():
        group = {"play": "play", "buy": "buy", "end-turn": "end", "apply": "apply"}.get(
            action["type"], "other")
        groups[group].append(_sp_button(state, action))
    # An ATTACK waits on a DEFENSE: declining is the default, first (the one button of a
    # player with no DEFENSE card); a DEFENSE card is a deliberate second choice.
    groups["other"].sort(key=lambda b: b["testid"] != "no-defense")
    event = state.table_event
    actor = state.actor()
    # Flagged text (a Mayhem's, Hellfire's, an unknown card's) is applied by hand: a form
    # for any amount, on the players it may touch.
    apply_form = None
    texts = [e for e in waiting(state) if e["event"] == bool(event)]
    mine = [e for e in texts if e["player"] == actor]
    if actor and not state.pending and mine and (not event or event["stage"] == "resolve"):
        reach = {t for e in mine for t in (e["targets"] or [p.name for p in state.players])}
        targets = [p.name for p in state.players if p.name in reach]
        # The first player it may touch who is not the one applying it: an ATTACK's foe.
        first = next((t for t in targets if t != actor), targets[0] if targets else None)
        apply_form = {"action": json.dumps({"type": "apply", "player": actor}),
                      "targets": targets, "default": first,
                      "effects": APPLY_EFFECTS, "supplies": apply_cards(state)}
    players = [{"name": p.name, "satan": p.satan, "hp": p.hp, "max_hp": p.max_hp,
                "hp_pct": round(100 * max(p.hp, 0) / max(p.max_hp, 1)),
                "deck": len(p.deck), "discard": len(p.discard),
                "hand": [_sp_card(state, c, urls) for c in p.hand],
                "played": [_sp_card(state, c, urls) for c in p.played],
                "ongoing": [_sp_card(state, c, urls) for c in p.ongoing],
                "familiar": p.familiar, "spellbook": p.spellbook,
                "dead_wizard_tokens": p.dead_wizard_tokens,
                "damned_wizard_tokens": p.damned_wizard_tokens, "penta_coins": p.penta_coins,
                "current": p is state.current, "standee": state.standee == p.name,
                "tile": TILE_TEXTS.get(p.ability_tile)}
               for p in state.players]
    devil = state.legendary_devils[0] if state.legendary_devils else None
    return {
        "family": "deckbuilder", "turn": state.turn, "power": state.power,
        "players": players, "current": state.current.name,
        "line_up": [_sp_card(state, c, urls) for c in state.line_up],
        "devil": _sp_card(state, devil, urls) if devil else None,
        "devil_face_up": state.devil_face_up, "devils_left": len(state.legendary_devils),
        "main_deck": len(state.main_deck), "dwt_left": len(state.dead_wizard_token_stack),
        "supplies": state.supplies, "pending": state.pending, "actions": groups,
        "flags": state.flags[-5:], "game_over": state.game_over,
        "event": event and {**event, "printed": printed_attack(state, event["card"])},
        "by_hand_open": texts, "apply_form": apply_form,
    }


# --- Demoniac ------------------------------------------------------------------------
def _dm_label(action: dict) -> str:
    kind = action["type"]
    if kind == "roll":
        return f"Attack the {action['target']}"
    if kind == "end-attack":
        spots = action.get("divinities") or []
        return ("End the attack: destroy the divinity at " + ", ".join(spots)) if spots \
            else "End the attack"
    if kind == "discard":
        return f"{action['player']}: discard {card_name(action['card'])}"
    if kind == "disturb":
        return f"Play {card_name(action['card'])}" + (
            f" at {action['target']}" if action.get("target") else "")
    return "End turn"


def _dm_card(card: str | None) -> dict | None:
    symbol = card_symbol(card) if card else None
    return {"card": card, "name": card_name(card), "kind": card_kind(card), "symbol": symbol,
            "mark": symbol.replace("-", " ") if symbol else None} if card else None


def _possess_spots(state, card: str, spots: list[str]) -> list[dict]:
    """The spots a possession may go to, best first: an empty spot whose exposed weakness
    the card's symbol matches, then any empty spot, then (said so) one it would replace."""
    me, symbol = state.current, card_symbol(card)

    def rank(spot: str) -> int:
        if me.spots[spot]:
            return 2
        return 0 if state.exposed[spot] and state.weaknesses[spot] == symbol else 1
    ordered = sorted(spots, key=lambda spot: (rank(spot), SPOTS.index(spot)))
    return [{"spot": spot, "label": f"{spot}: replaces your {card_name(me.spots[spot])} "
             "(discarded)" if me.spots[spot] else f"{spot} (empty)"
             + (", matches the exorcist's weakness" if rank(spot) == 0 else ""),
             "replaces": bool(me.spots[spot])} for spot in ordered]


def present_demoniac(game: str, state) -> dict:
    legal = state.legal_actions()
    possess: dict[str, list[str]] = {}
    buttons, reroll = [], False
    for action in legal:
        if action["type"] == "possess":
            possess.setdefault(action["card"], []).append(action["spot"])
        elif action["type"] == "reroll":
            reroll = True
        else:
            buttons.append(button(_dm_label(action), action))
    players = [{"name": p.name, "victim": p.victim, "demoniac": p.demoniac, "dice": p.dice,
                "hand": [_dm_card(c) for c in p.hand],
                "spots": [{"spot": s, **(_dm_card(p.spots[s]) or {"card": None})}
                          for s in SPOTS],
                "current": p is state.current}
               for p in state.players]
    # A standing divinity shows its strength only (number side up): which one it is shows
    # once destroyed.
    destroyed = {d["spot"]: d["name"] for d in state.destroyed_divinities if d.get("spot")}
    urls = catalog_cards.entry_urls(game, [p.victim["name"] for p in state.players]
                                    + list(destroyed.values()))
    attack = None
    if state.attack:
        attack = {**state.attack, "tally": tally(state.attack["dice"]),
                  "faces": list(enumerate(state.attack["dice"]))}
    return {
        "family": "demoniac", "turn": state.turn, "current": state.current.name,
        "actions_left": state.actions_left, "players": players, "exorcist": state.exorcist,
        "cross": [{"spot": s, "strength": (state.divinities[s] or {}).get("strength"),
                   "destroyed": destroyed.get(s), "url": urls.get(destroyed.get(s)),
                   "exposed": state.exposed[s],
                   "weakness": state.weaknesses[s] if state.exposed[s] else None} for s in SPOTS],
        "victim_urls": urls, "relic": state.relic, "attack": attack, "winner": state.winner,
        "possess": [{**_dm_card(c), "spots": _possess_spots(state, c, s), "base": json.dumps(
            {"type": "possess", "player": state.current.name, "card": c})}
            for c, s in possess.items()],
        "reroll": json.dumps({"type": "reroll", "player": state.current.name}) if reroll else None,
        "buttons": buttons, "pending": state.pending, "flags": state.flags[-5:],
        "destroyed": state.destroyed_divinities,
    }


def for_seat(view: dict, seat: str | None) -> dict:
    """The presented table as ``seat`` sees it (None: a spectator), in place: the other
    seats' hands and face-down spells leave, their controls too (the service refuses their
    moves anyway; engine.seat_views does the same to the API's state)."""
    view["seat"] = seat
    building = view.get("phase") == "build"
    for player in view.get("wizards") or view.get("players") or []:
        mine = player["name"] == seat
        player["controls"] = mine
        if not mine:
            player["hand_hidden"] = len(player.get("hand") or [])
            player["hand"] = []
            if building and player.get("spell"):
                player["spell_hidden"] = len(player["spell"])
                player["spell"], player["check"] = [], None
    pending = view.get("pending")
    if view.get("family") == "deckbuilder" and pending and pending.get("type") == "defense" \
            and pending.get("player") != seat:  # their DEFENSE cards are cards of their hand
        view["pending"] = {**pending, "options": []}
    for group in (view.get("actions") or {}).values():  # Satanic Panic's buttons
        group[:] = [b for b in group if seat_may_take(json.loads(b["action"]), seat,
                                                       view.get("actor"))]
    for key in ("buttons", "reaction_buttons", "play_buttons"):
        if key in view:
            view[key] = [b for b in view[key] if seat_may_take(json.loads(b["action"]), seat,
                                                               view.get("actor"))]
    return view


PRESENTERS = {"spell": present_spell, "deckbuilder": present_panic, "demoniac": present_demoniac}
