"""The share of actions "applied by hand" in seeded random spell games (Rumble, Anarchy).

    .venv/bin/python bench/sandbox_by_hand.py [--games 20]

Plays the random-but-legal player of the JSON API test (tests/sandbox/players.py)
through the sandbox family, in-process and without a database: the dealt tables
get the bundled catalog's spell cards from fixtures/ (what the web app deals).
A by-hand action is one of the family's ``by_hand`` types (damage, heal, Blood,
keep_creature... typed in by the player rather than run from a card). Two
set-ups per game:

- free: a free table (``deal: false``), the player places the sample stand-ins
  (no abilities), as every table did before dealing;
- dealt: the Main Deck (catalog entries + stand-ins), the sandbox as it is: the
  catalog's scripted entries resolve themselves, the stand-ins (no printed text)
  are applied by hand.

Prints, per set-up, the by-hand share over all actions of all games, the cards
that played themselves (catalog entries / stand-ins), the ``flag`` events (what
the engine left to the player: an unscripted band, a Dead Wizard card, a
Champion's Rally...; the random player does not act on them) and the
scripted-entry coverage of the catalog. Figures, not a test.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.abilities import validate  # noqa: E402
from engine.families import family_for  # noqa: E402
from engine.spellgames.abilities import plays  # noqa: E402
from tests.sandbox.players import fixture_catalog, spell_player  # noqa: E402

PLAYERS = {"rumble": ["Alice", "Bob"], "anarchy": ["Alice", "Bob", "Cleo"]}  # as the API test
MAX_ACTIONS = 20_000


def play(game: str, options: dict, seed: int) -> tuple[int, int, int, int, int]:
    """(actions, by hand, catalog cards played, stand-ins played, flags) of one game."""
    family = family_for(game)
    state, _ = family.new(options, seed)
    rnd = random.Random(seed)
    actions = by_hand = catalog = stand_ins = flags = 0
    while not family.is_terminal(state) and actions < MAX_ACTIONS:
        action = spell_player(state, family.legal_actions(state), rnd)
        if action["type"] == "play_card":
            card = state["queue"][state["step"]]
            if card.get("stand_in"):
                stand_ins += 1
            else:
                catalog += 1
        state, events = family.apply(state, action)
        flags += sum(e["type"] == "flag" for e in events)
        actions += 1
        by_hand += action["type"] in family.by_hand
    return actions, by_hand, catalog, stand_ins, flags


def coverage(game: str) -> str:
    cards = fixture_catalog(game)
    entries = json.loads((ROOT / "fixtures" / f"{game}.json").read_text())["games"][0]["entries"]
    scripted = [e["name"] for e in entries if e.get("abilities")
                and plays(validate(e["abilities"]))]
    spell = [c["name"] for c in cards if c["type"] in ("source", "quality", "delivery")]
    return (f"{len(scripted)} scripted entr{'y' if len(scripted) == 1 else 'ies'} "
            f"({', '.join(scripted)}); {sum(n in scripted for n in spell)} of {len(spell)} "
            "Source/Quality/Delivery entries")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per set-up")
    args = parser.parse_args()
    for game in ("rumble", "anarchy"):
        family_for(game).catalog_source = fixture_catalog
        print(f"{game}: {coverage(game)}")
        for label, options in (("free", {"deal": False}), ("dealt", {})):
            totals = [0, 0, 0, 0, 0]
            for seed in range(args.games):
                for i, n in enumerate(play(game, {"wizards": PLAYERS[game], **options}, seed)):
                    totals[i] += n
            actions, by_hand, catalog, stand_ins, flags = totals
            print(f"  {label:26} {by_hand / actions:4.0%} by hand ({by_hand} of {actions} "
                  f"actions, {args.games} games); played themselves: {catalog} catalog "
                  f"card(s), {stand_ins} stand-in(s); {flags} flag(s) left to the player")


if __name__ == "__main__":
    main()
