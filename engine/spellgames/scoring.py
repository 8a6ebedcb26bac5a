"""Who wins: Anarchy's Victory Points, Rumble's match and Quick Match Variant.

Every scorer answers {"ranking": [{"name", "vp", ...}], "winner", "decided_by",
"explanation"}; ``winner`` is None when the rulebook's tiebreaks run out
(``shared_by`` then names the wizards still tied).
"""
from __future__ import annotations

from ..core import EngineError, Explanation, require_int
from .games import (
    APPLAUSE_TOKENS_PER_VALUE,
    APPLAUSE_VALUES,
    DEAD_WIZARD_TOKEN_VP,
    DEAD_WIZARD_TOKENS_PER_WIZARD,
    LWS_TOKENS_TO_WIN,
    MAX_WIZARDS,
    QUICK_MATCH_GAMES,
    cite,
    require_list,
    require_name,
    require_unique_names,
)

MAX_TREASURES = 25  # each spell game has 25 Treasure cards


def _rank(rows: list[dict], keys: list[tuple[str, str]], why: Explanation,
          rules: dict[str, str]) -> tuple[str | None, str, list[str]]:
    """Sort rows by each key (highest first) and find the winner key by key.

    Returns (winner or None, decided_by, names still tied at the top).
    """
    rows.sort(key=lambda r: tuple(-r[k] for k, _ in keys))
    top = rows
    for key, label in keys:
        best = max(r[key] for r in top)
        top = [r for r in top if r[key] == best]
        names = ", ".join(r["name"] for r in top)
        if len(top) == 1:
            why.add(rules[key], f"{names} has the most {label} ({best})")
            return top[0]["name"], key.replace("_", "-"), []
        why.add(rules[key], f"{names} tie at {best} {label}")
    return None, "tie", [r["name"] for r in top]


def anarchy_score(wizards) -> dict:
    """POST anarchy/score: Applause VP minus 2 per Dead Wizard token; then tokens, treasures."""
    items = require_list(wizards, field="wizards", low=1, high=MAX_WIZARDS)
    rows, why = [], Explanation()
    for i, item in enumerate(items):
        field = f"wizards[{i}]"
        if not isinstance(item, dict):
            raise EngineError(f"{field} must be an object", field=field, code="type")
        name = require_name(item.get("name"), field=f"{field}.name")
        applause = require_list(item.get("applause", []), field=f"{field}.applause",
                                high=len(APPLAUSE_VALUES) * APPLAUSE_TOKENS_PER_VALUE)
        for j, value in enumerate(applause):
            if isinstance(value, bool) or value not in APPLAUSE_VALUES:
                raise EngineError(f"{field}.applause[{j}]: Applause tokens are worth 2, 3 or 4",
                                  field=f"{field}.applause[{j}]", code="range")
        tokens = require_int(item.get("dead_wizard_tokens", 0),
                             field=f"{field}.dead_wizard_tokens", low=0,
                             high=DEAD_WIZARD_TOKENS_PER_WIZARD * MAX_WIZARDS)
        treasures = require_int(item.get("treasures", 0), field=f"{field}.treasures", low=0,
                                high=MAX_TREASURES)
        vp = sum(applause) + DEAD_WIZARD_TOKEN_VP * tokens
        rows.append({"name": name, "vp": vp, "applause": list(applause),
                     "applause_vp": sum(applause),
                     "applause_tokens": len(applause), "dead_wizard_tokens": tokens,
                     "treasures": treasures})
        why.add(cite("anarchy", "end-of-game"),
                f"{name}: Applause {sum(applause)} - 2 x {tokens} Dead Wizard token(s) = {vp} VP")
    require_unique_names([r["name"] for r in rows], field="wizards")
    _check_supply(rows)
    winner, decided_by, shared = _rank(
        rows, [("vp", "VP"), ("applause_tokens", "Applause tokens"), ("treasures", "Treasures")],
        why, {"vp": cite("anarchy", "end-of-game"),
              "applause_tokens": cite("anarchy", "end-of-game.tiebreak"),
              "treasures": cite("anarchy", "end-of-game.tiebreak")})
    return {"ranking": rows, "winner": winner, "decided_by": decided_by,
            "explanation": why.as_list(), "shared_by": shared}


def _check_supply(rows: list[dict]) -> None:
    """The box holds 2 Dead Wizard tokens per wizard and 10 Applause tokens of each value."""
    tokens = sum(r["dead_wizard_tokens"] for r in rows)
    if tokens > DEAD_WIZARD_TOKENS_PER_WIZARD * len(rows):
        raise EngineError(f"wizards: {tokens} Dead Wizard tokens, but the game uses only "
                          f"{DEAD_WIZARD_TOKENS_PER_WIZARD} per wizard", field="wizards",
                          code="range")
    for value in APPLAUSE_VALUES:
        count = sum(r["applause"].count(value) for r in rows)
        if count > APPLAUSE_TOKENS_PER_VALUE:
            raise EngineError(f"wizards: {count} Applause tokens worth {value}, but the game "
                              f"has {APPLAUSE_TOKENS_PER_VALUE}", field="wizards", code="range")
    treasures = sum(r["treasures"] for r in rows)
    if treasures > MAX_TREASURES:
        raise EngineError(f"wizards: {treasures} Treasures, but the deck has {MAX_TREASURES}",
                          field="wizards", code="range")


def _game_results(wizards, games, *, most: int) -> tuple[list[str], list[dict]]:
    names = [require_name(n, field=f"wizards[{i}]") for i, n in
             enumerate(require_list(wizards, field="wizards", low=2, high=MAX_WIZARDS))]
    require_unique_names(names, field="wizards")
    results = []
    for i, raw in enumerate(require_list(games, field="games", high=most)):
        field = f"games[{i}]"
        if isinstance(raw, str):
            raw = {"last_standing": raw}
        if not isinstance(raw, dict):
            raise EngineError(f"{field} must be an object", field=field, code="type")
        last = raw.get("last_standing")
        if last not in names:
            raise EngineError(f"{field}.last_standing must be one of the wizards",
                              field=f"{field}.last_standing", code="unknown-wizard")
        kills = raw.get("kills") or {}
        if not isinstance(kills, dict):
            raise EngineError(f"{field}.kills must be an object of wizard: foes killed",
                              field=f"{field}.kills", code="type")
        for who, n in kills.items():
            if who not in names:
                raise EngineError(f"{field}.kills: {who!r} is not a wizard",
                                  field=f"{field}.kills", code="unknown-wizard")
            require_int(n, field=f"{field}.kills.{who}", low=0, high=len(names) - 1)
        if sum(kills.values()) > len(names) - 1:
            raise EngineError(f"{field}.kills: at most {len(names) - 1} foes can die in a game",
                              field=f"{field}.kills", code="range")
        results.append({"last_standing": last, "kills": dict(kills)})
    return names, results


def rumble_match_score(wizards, games) -> dict:
    """A Rumble match: the first wizard to earn two Last Wizard Standing tokens wins."""
    names, results = _game_results(wizards, games, most=MAX_WIZARDS + 1)
    tokens = dict.fromkeys(names, 0)
    why, winner = Explanation(), None
    for i, result in enumerate(results):
        if winner:
            raise EngineError(f"games[{i}]: {winner} had already won the match",
                              field=f"games[{i}]", code="match-over")
        tokens[result["last_standing"]] += 1
        why.add(cite("rumble", "end-of-game"), f"game {i + 1}: {result['last_standing']} is the "
                "Last Wizard Standing")
        if tokens[result["last_standing"]] >= LWS_TOKENS_TO_WIN:
            winner = result["last_standing"]
            why.add(cite("rumble", "match.winner"), f"{winner} has two tokens and wins the match")
    if not winner:
        why.add(cite("rumble", "match.winner"), "nobody has two tokens yet: the match goes on")
    ranking = sorted(({"name": n, "vp": t, "last_wizard_standing_tokens": t}
                      for n, t in tokens.items()), key=lambda r: -r["vp"])
    return {"ranking": ranking, "winner": winner,
            "decided_by": "last-wizard-standing-tokens" if winner else "undecided",
            "explanation": why.as_list(), "match_over": bool(winner), "shared_by": []}


def quick_match_score(wizards, games) -> dict:
    """Quick Match Variant: 1 point per foe killed, 1 for last standing, over three games.

    A tie goes to the tied wizard most recently Last Wizard Standing; when none
    of them ever was, the tie stands (the rulebook says no more).
    """
    names, results = _game_results(wizards, games, most=QUICK_MATCH_GAMES)
    points = dict.fromkeys(names, 0)
    last_time = dict.fromkeys(names, -1)
    why = Explanation()
    for i, result in enumerate(results):
        for who, n in result["kills"].items():
            points[who] += n
        points[result["last_standing"]] += 1
        last_time[result["last_standing"]] = i
        kills = ", ".join(f"{w} {n}" for w, n in result["kills"].items() if n) or "none"
        why.add(cite("rumble", "quick-match"), f"game {i + 1}: kills {kills}; "
                f"{result['last_standing']} last standing (+1)")
    over = len(results) == QUICK_MATCH_GAMES
    rows = [{"name": n, "vp": points[n], "last_standing_game": last_time[n] + 1 or None}
            for n in names]
    rows.sort(key=lambda r: (-r["vp"], -last_time[r["name"]]))
    best = rows[0]["vp"]
    tied = [r for r in rows if r["vp"] == best]
    winner, decided_by, shared = None, "undecided", []
    if not over:
        why.add(cite("rumble", "quick-match"),
                f"{len(results)} of {QUICK_MATCH_GAMES} games played: no winner yet")
    elif len(tied) == 1:
        winner, decided_by = tied[0]["name"], "points"
        why.add(cite("rumble", "quick-match"), f"{winner} has the most points ({best})")
    elif last_time[tied[0]["name"]] >= 0:
        winner, decided_by = tied[0]["name"], "most-recent-last-standing"
        why.add(cite("rumble", "quick-match"),
                f"{', '.join(r['name'] for r in tied)} tie at {best}: {winner} was most recently "
                "the Last Wizard Standing")
    else:
        decided_by, shared = "tie", [r["name"] for r in tied]
        why.add(cite("rumble", "quick-match"), f"{', '.join(shared)} tie at {best} and none was "
                "ever Last Wizard Standing: the rulebook breaks the tie no further")
    return {"ranking": rows, "winner": winner, "decided_by": decided_by,
            "explanation": why.as_list(), "match_over": over, "shared_by": shared}


def score_state(state) -> dict:
    """Score a SpellGame state with its game's rules (anarchy VP, rumble match)."""
    if state.game == "anarchy":
        score = anarchy_score([{"name": w.name, "applause": list(w.applause),
                               "dead_wizard_tokens": len(w.dead_wizard_tokens),
                               "treasures": len(w.treasures)} for w in state.wizards])
        if state.over:  # the last Dead Wizard token ended it mid-round
            score["explanation"].insert(0, {
                "rule": cite("anarchy", "end-of-game.nothing-resolves"),
                "text": "the game ended at once: no further Spell, Treasure effect or "
                        "Champion's Challenge resolves; Treasures count only to break a tie"})
        return score
    names = [w.name for w in state.wizards]
    if state.variant == "quick":
        return quick_match_score(names, state.results)
    return rumble_match_score(names, state.results)
