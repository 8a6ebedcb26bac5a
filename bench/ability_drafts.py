"""The ability drafter (engine.drafting) against the abilities written by hand.

    .venv/bin/python bench/ability_drafts.py [--details]

For every bundled catalog entry (fixtures/*.json) whose abilities are written by hand,
drafts them from its printed text (its game, type and name given, "gain a ..." looked up
among the game's entries, as the submissions' worker does) and compares. Prints the
entries, the drafts equal to the hand-written abilities and those that differ (with
--details, one line each saying why), the effects drafted and left by hand, and the
wrong effects: a drafted effect, other than by-hand, that the hand-written abilities do
not have, equal, under the same trigger and Power Roll band. That last figure must be 0
(tests/engine/test_drafting.py asserts it).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.abilities import all_effects, describe  # noqa: E402
from engine.drafting import draft_abilities  # noqa: E402

FIXTURES = ROOT / "fixtures"


def drafted_entries():
    """(game, entry, draft) for every fixture entry with hand-written abilities. A
    Champion's Challenge is left out of them: the catalog has it from the rulebook's
    example (Krazztar's, anarchy 21.7), not from its quoted text, so nothing drafts it."""
    for path in sorted(FIXTURES.glob("*.json")):
        for game in json.loads(path.read_text(encoding="utf-8"))["games"]:
            names = {e["name"].lower(): e["name"] for e in game["entries"]}
            for entry in game["entries"]:
                entry = {**entry, "abilities": [a for a in entry.get("abilities") or ()
                                                if a["trigger"] != "challenge"]}
                if entry["abilities"]:
                    yield game["slug"], entry, draft_abilities(
                        entry.get("text"), game=game["slug"], type=entry.get("type"),
                        name=entry["name"], card_named=lambda words, n=names: n.get(
                            words.strip().lower()))


def placed(abilities):
    """Each effect with where it sits: (trigger, band or None, effect as JSON)."""
    for ability in abilities:
        for effect in ability.get("effects", []):
            yield ability["trigger"], None, json.dumps(effect, sort_keys=True)
        for band in ability.get("bands", []):
            for effect in band["effects"]:
                yield (ability["trigger"], (band["low"], band.get("high")),
                       json.dumps(effect, sort_keys=True))


def wrong_effects(draft, hand) -> list[str]:
    """The draft's effects, by-hand ones aside, that the hand-written abilities lack."""
    known = set(placed(hand))
    return [f"{trigger} {band or ''} {effect}".replace("  ", " ")
            for trigger, band, effect in placed(draft)
            if json.loads(effect)["do"] != "by-hand" and (trigger, band, effect) not in known]


def _without_by_hand_text(abilities):
    return json.dumps(abilities, sort_keys=True) if not abilities else json.dumps(
        [{**a, "effects": [{**e, "text": ""} if e["do"] == "by-hand" else e
                           for e in a.get("effects", [])]} for a in abilities], sort_keys=True)


def difference(entry, draft) -> str | None:
    """Why the draft differs from the hand-written abilities, in one line (None: equal)."""
    hand = entry["abilities"]
    if draft == hand:
        return None
    if not (entry.get("text") or "").strip():
        return "no printed text: nothing to draft from"
    ours, theirs = [a["trigger"] for a in draft], [a["trigger"] for a in hand]
    if ours != theirs:
        return f"triggers {', '.join(ours)} against {', '.join(theirs)} by hand"
    if _without_by_hand_text(draft) == _without_by_hand_text(hand):
        return "the by-hand effects' wording differs"
    scripted = [e for e in all_effects(hand) if e["do"] != "by-hand"
                and e not in list(all_effects(draft))]
    if scripted:
        return "left by hand: " + "; ".join(
            describe([{"trigger": "resolved", "effects": [e]}])[0] for e in scripted)
    return "drafted " + " ".join(describe(draft)) + " against " + " ".join(describe(hand))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--details", action="store_true", help="one line per differing entry")
    args = parser.parse_args()
    rows = list(drafted_entries())
    differ = [(game, entry, difference(entry, draft)) for game, entry, draft in rows
              if difference(entry, draft)]
    wrong = [(entry["slug"], w) for _, entry, draft in rows
             for w in wrong_effects(draft, entry["abilities"])]
    effects = [e for *_, draft in rows for e in all_effects(draft)]
    by_hand = sum(e["do"] == "by-hand" for e in effects)
    hand_scripted = sum(e["do"] != "by-hand" for _, entry, _ in rows
                        for e in all_effects(entry["abilities"]))
    print(f"entries with hand-written abilities: {len(rows)} "
          f"({sum(bool((e.get('text') or '').strip()) for _, e, _ in rows)} with printed text)")
    print(f"drafts equal: {len(rows) - len(differ)}")
    print(f"drafts differ: {len(differ)}")
    print(f"drafted effects: {len(effects) - by_hand} scripted (hand-written: {hand_scripted}), "
          f"{by_hand} by-hand")
    print(f"wrong effects: {len(wrong)}")
    if args.details:
        for game, entry, why in differ:
            print(f"  {game}/{entry['slug']}: {why}")
        for slug, effect in wrong:
            print(f"  WRONG {slug}: {effect}")


if __name__ == "__main__":
    main()
