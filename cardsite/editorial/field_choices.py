"""Entry fields that take one of a fixed list (its type, its glyph): the list a player picks
from on "Suggest a correction", and a typed value matched to it.

The site shows "Illusion" and "Wild magic"; the catalog stores ``illusion`` and
``wild-magic``. A value typed as shown, in any case, with spaces or dashes, in the
plural, or as one of the game's glossary aliases of the type ("Wild Card", which the
Rumble and Anarchy rulebooks also say) is matched to the stored value, so a suggestion
made through the form can be approved.
"""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError

from cardsite.catalog import games
from cardsite.models import Entry
from rulesref.models import GlossaryTerm

FIXED_FIELDS = ("type", "glyph")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _label(value: str) -> str:
    return value.replace("-", " ").capitalize()


def field_choices(entry: Entry) -> dict[str, list[tuple[str, str]]]:
    """``{field: [(stored value, label), ...]}`` for the entry's game; a type some entry
    already has is offered too, though the game's list lacks it."""
    game = entry.game.slug
    types = list(games.type_choices(game))
    used = (Entry.objects.filter(game_id=entry.game_id).exclude(type__isnull=True)
            .exclude(type="").values_list("type", flat=True).distinct())
    types += sorted(set(used) - set(types))
    found = {"type": [(t, _label(t)) for t in types],
             "glyph": [(g, _label(g)) for g in games.GAME_GLYPHS.get(game, ())]}
    return {field: values for field, values in found.items() if values}


def _aliases(entry: Entry, values: list[str]) -> dict[str, str]:
    """Each spelling's key -> its stored value: the value, and the glossary's aliases of
    the term that names it ("Wild Magic": "Wild Card", "Wild Magic card")."""
    found = {_key(v): v for v in values}
    for term, aliases in GlossaryTerm.objects.filter(game_id=entry.game_id).values_list(
            "term", "aliases"):
        value = found.get(_key(re.sub(r"\(.*?\)", "", term)))
        for alias in (aliases or []) if value else []:
            found.setdefault(_key(alias), value)
    return found


def matched_choice(entry: Entry, field: str, text: str) -> str | None:
    """The stored value ``text`` means (None: blank, unknown), or a ValidationError that
    lists the choices."""
    key = _key(text)
    if not key:
        return None
    choices = field_choices(entry).get(field, [])
    spellings = _aliases(entry, [v for v, _ in choices])
    for candidate in (key, key.removesuffix("s"), re.sub(r"-cards?$", "", key)):
        if candidate in spellings:
            return spellings[candidate]
    shown = ", ".join(label for _, label in choices)
    raise ValidationError({field: f"{text.strip()[:40]!r} is not a {field} of "
                                  f"{entry.game.short_name}: one of {shown}."})
