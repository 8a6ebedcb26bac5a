"""What the catalog says about an entry's scripted abilities (engine.abilities).

An entry "plays in the sandbox" when it has abilities and its game family's
interpreter runs every part of them; otherwise its text is "applied by hand".
The spell games, the deck-builder (Satanic Panic) and Demoniac have one each.
"""
from __future__ import annotations

from django.db.models import Q

from engine import abilities as ability_language
from engine.deckbuilder.abilities import plays as deckbuilder_plays
from engine.demoniac.abilities import plays as demoniac_plays
from engine.spellgames.abilities import plays as spell_plays

INTERPRETERS = {"spell": spell_plays, "deck-builder": deckbuilder_plays,
                "demoniac": demoniac_plays}


def plays(family: str, abilities) -> bool:
    check = INTERPRETERS.get(family)
    return bool(abilities) and check is not None and check(abilities)


def entry_status(entry, bands) -> dict:
    """For the card page: readable lines, whether it plays, and what stays by hand."""
    abilities = entry.abilities or []
    return {
        "lines": ability_language.describe(abilities),
        "plays": plays(entry.game.family, abilities),
        "by_hand": ability_language.by_hand(abilities),
        "relevant": bool(abilities or entry.text or bands),
    }


def game_coverage(game) -> dict:
    """Per game: entries with text or bands, how many are scripted, how many play."""
    from cardsite.models import Entry

    entries = Entry.objects.filter(game=game)
    with_text = entries.filter(Q(text__gt="") | Q(bands__isnull=False)).distinct().count()
    scripted = list(entries.exclude(abilities=[]).values_list("abilities", flat=True))
    playing = sum(plays(game.family, a) for a in scripted)
    return {"with_text": with_text, "scripted": len(scripted), "plays": playing,
            "by_hand": len(scripted) - playing}
