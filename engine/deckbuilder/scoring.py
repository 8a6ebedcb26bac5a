"""Satanic Panic end-of-game scoring and tiebreaks (the satanic-panic/score endpoint).

VP = card VP + Dead Wizard Token penalties + Damned Wizard Token penalties
+ (-2 per Burning Limp Wand) + (Penta-Coins x 3, Satan's).

Readings (recorded as rulings):
- Dead Wizard Tokens are -3 each; DWT 11 and DWT 22 are -6 in total and DAM3
  is -10 in total (the token clarifications). Tokens given by label get those
  overrides; tokens given as a bare count are -3 each.
- Damned Wizard Tokens: the rulebook prints only DAM3's total. They are an
  "upgrade to the death penalty" and count as Dead Wizard Tokens, and "a total
  of -10" reads like DWT 11's "total of -6" (the -3 skull plus the token's own
  text), so each Damned token is -3 by default; ``damned_token_vp=0`` is the
  reading where only DAM3's printed total counts.
- Second tiebreak: the End of Game section says fewest Dead Wizard Tokens,
  the back cover fewest Dead AND Damned Wizard Tokens. Damned tokens count
  toward a player's Dead Wizard Token total, so the default counts both;
  ``tiebreak_tokens="dead"`` follows the End of Game wording.
"""
from __future__ import annotations

import re

from ..core import EngineError, Explanation, require_int
from ..rule_refs import rule

DEAD_WIZARD_TOKEN_VP = -3
BURNING_LIMP_WAND_VP = -2
PENTA_COIN_VP = 3
TOKEN_TOTALS = {("DWT", 11): -6, ("DWT", 22): -6, ("DAM", 3): -10}
TIEBREAK_READINGS = ("dead-and-damned", "dead")

# ASCII spaces and digits only: the API's schema states this pattern (engine.web.api.fields).
_LABEL = re.compile(r"^\s*(DWT|DAM)?[\s\-_#]*(\d+)\s*$", re.IGNORECASE | re.ASCII)


def _token_label(value, *, kind: str, field: str) -> tuple[str, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return kind, value
    match = _LABEL.match(value) if isinstance(value, str) else None
    if not match or (match.group(1) and match.group(1).upper() != kind):
        raise EngineError(f"{field}: {value!r} is not a {kind} token label (e.g. '{kind} 11')",
                          field=field)
    return kind, int(match.group(2))


def token_vp(label: str) -> int:
    """The VP of one Dead Wizard Token by its label: -3, or its printed total."""
    key = _token_label(label, kind="DWT", field="dead_wizard_tokens")
    return TOKEN_TOTALS.get(key, DEAD_WIZARD_TOKEN_VP)


def token_penalty(value, *, kind: str, field: str, base: int,
                  face_up: bool = True) -> tuple[int, int, list[str]]:
    """(count, VP, notes) for a token count or a list of token labels.

    ``face_up=False`` is Satan's case: Satan ignores a token's face-up effects, so
    DWT 11 and DWT 22 score the base -3 (ruling ``satan-dwt-worth-on-death``).
    """
    if isinstance(value, list):
        total, notes = 0, []
        for item in value:
            label = _token_label(item, kind=kind, field=field)
            special = label in TOKEN_TOTALS
            vp = TOKEN_TOTALS[label] if special and face_up else base
            if special:
                notes.append(f"{kind} {label[1]} is {vp} VP in total" if face_up else
                             f"{kind} {label[1]} counts only its {base} VP: Satan ignores "
                             "face-up effects")
            total += vp
        return len(value), total, notes
    count = require_int(value, field=field, low=0)
    return count, count * base, []


def _score_player(entry, index, *, penta_coin_vp, damned_token_vp) -> dict:
    where = f"players[{index}]"
    if not isinstance(entry, dict):
        raise EngineError(f"{where} must be an object", field=where, code="type")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise EngineError(f"{where}.name must be a non-empty name", field=f"{where}.name")
    card_vp = require_int(entry.get("card_vp"), field=f"{where}.card_vp")
    satan = entry.get("satan", False)
    if not isinstance(satan, bool):
        raise EngineError(f"{where}.satan must be true or false", field=f"{where}.satan",
                          code="type")
    dead, dead_vp, dead_notes = token_penalty(
        entry.get("dead_wizard_tokens", 0), kind="DWT", field=f"{where}.dead_wizard_tokens",
        base=DEAD_WIZARD_TOKEN_VP, face_up=not satan)
    damned, damned_vp, damned_notes = token_penalty(
        entry.get("damned_wizard_tokens", 0), kind="DAM",
        field=f"{where}.damned_wizard_tokens", base=damned_token_vp)
    wands = require_int(entry.get("burning_limp_wands", 0), field=f"{where}.burning_limp_wands",
                        low=0)
    devils = require_int(entry.get("legendary_devils", 0), field=f"{where}.legendary_devils",
                         low=0)
    coins = require_int(entry.get("penta_coins", 0) or 0, field=f"{where}.penta_coins", low=0)
    breakdown = {"card_vp": card_vp, "dead_wizard_tokens": dead_vp,
                 "damned_wizard_tokens": damned_vp,
                 "burning_limp_wands": wands * BURNING_LIMP_WAND_VP,
                 "penta_coins": coins * penta_coin_vp}
    return {"name": name.strip(), "vp": sum(breakdown.values()), "legendary_devils": devils,
            "dead_wizard_tokens": dead, "damned_wizard_tokens": damned,
            "burning_limp_wands": wands, "penta_coins": coins, "breakdown": breakdown,
            "notes": dead_notes + damned_notes}


def _narrow(group, key, best) -> list:
    target = best(key(p) for p in group)
    return [p for p in group if key(p) == target]


def satanic_panic_score(players, *, penta_coin_vp: int = PENTA_COIN_VP,
                        damned_token_vp: int = DEAD_WIZARD_TOKEN_VP,
                        tiebreak_tokens: str = "dead-and-damned") -> dict:
    """POST satanic-panic/score: totals, ranking, the winner and what decided it."""
    if not isinstance(players, list) or not players:
        raise EngineError("players must be a non-empty list", field="players", code="type")
    # The Satan guide lets a group move the Penta-Coin value "by a point or two".
    require_int(penta_coin_vp, field="penta_coin_vp", low=PENTA_COIN_VP - 2,
                high=PENTA_COIN_VP + 2)
    require_int(damned_token_vp, field="damned_token_vp", high=0)
    if tiebreak_tokens not in TIEBREAK_READINGS:
        raise EngineError(f"tiebreak_tokens must be one of {', '.join(TIEBREAK_READINGS)}",
                          field="tiebreak_tokens")
    scored = [_score_player(p, i, penta_coin_vp=penta_coin_vp, damned_token_vp=damned_token_vp)
              for i, p in enumerate(players)]
    names = [p["name"] for p in scored]
    if len(set(names)) != len(names):
        raise EngineError("player names must be unique", field="players", code="duplicate")

    ex = Explanation()
    for p in scored:
        b = p["breakdown"]
        ex.add(rule("satanic-panic.scoring"),
               f"{p['name']}: {b['card_vp']} card VP, {b['dead_wizard_tokens']} for "
               f"{p['dead_wizard_tokens']} Dead Wizard Token(s), {b['damned_wizard_tokens']} for "
               f"{p['damned_wizard_tokens']} Damned Wizard Token(s), {b['burning_limp_wands']} for "
               f"{p['burning_limp_wands']} Burning Limp Wand(s)"
               + (f", +{b['penta_coins']} for {p['penta_coins']} Penta-Coin(s)"
                  if p["penta_coins"] else "") + f" = {p['vp']} VP.")
        for note in p["notes"]:
            ex.add(rule("satanic-panic.satan-death" if "Satan ignores" in note
                        else "satanic-panic.token-exceptions"), f"{p['name']}: {note}.")
    if any(p["damned_wizard_tokens"] for p in scored):
        ex.add(rule("satanic-panic.damned-tokens"),
               f"Reading: each Damned Wizard Token scores {damned_token_vp} (DAM3: -10 in total); "
               "damned_token_vp=0 counts only DAM3's printed total.")
    if any(p["penta_coins"] for p in scored):
        ex.add(rule("satanic-panic.penta-coins"), f"Penta-Coins are worth {penta_coin_vp} VP each.")

    def tokens(p):
        return p["dead_wizard_tokens"] + (p["damned_wizard_tokens"]
                                          if tiebreak_tokens == "dead-and-damned" else 0)

    ranking = sorted(scored, key=lambda p: (-p["vp"], -p["legendary_devils"], tokens(p)))
    leaders = _narrow(scored, lambda p: p["vp"], max)
    decided_by = "vp"
    if len(leaders) > 1:
        decided_by = "legendary-devils"
        leaders = _narrow(leaders, lambda p: p["legendary_devils"], max)
        ex.add(rule("satanic-panic.tiebreak"),
               f"Tied on VP: the tied player with more Legendary Devils wins "
               f"({', '.join(p['name'] for p in leaders)} with {leaders[0]['legendary_devils']}).")
    if len(leaders) > 1:
        decided_by = "fewest-tokens"
        leaders = _narrow(leaders, tokens, min)
        what = ("Dead and Damned Wizard Tokens" if tiebreak_tokens == "dead-and-damned"
                else "Dead Wizard Tokens")
        ex.add(rule("satanic-panic.tiebreak"),
               f"Still tied: fewest {what} wins ({', '.join(p['name'] for p in leaders)} with "
               f"{tokens(leaders[0])}). Reading: the back cover's 'Dead and Damned' is the default "
               "(Damned tokens count as Dead Wizard Tokens); tiebreak_tokens='dead' follows the "
               "End of Game text.")
    winner = leaders[0]["name"] if len(leaders) == 1 else None
    if winner is None:
        decided_by = "shared"
        ex.add(rule("satanic-panic.tiebreak"),
               "Still tied after both tiebreaks: the rulebook gives no further tiebreak, so "
               f"{', '.join(p['name'] for p in leaders)} share the win.")
    else:
        ex.add(rule("satanic-panic.tiebreak" if decided_by != "vp" else "satanic-panic.scoring"),
               f"{winner} wins with {leaders[0]['vp']} VP.")
    return {
        "ranking": [{"name": p["name"], "vp": p["vp"], "legendary_devils": p["legendary_devils"],
                     "dead_wizard_tokens": p["dead_wizard_tokens"],
                     "damned_wizard_tokens": p["damned_wizard_tokens"],
                     "breakdown": p["breakdown"]} for p in ranking],
        "winner": winner,
        "tied": [p["name"] for p in leaders] if winner is None else [],
        "decided_by": decided_by,
        "explanation": ex.as_list(),
    }
