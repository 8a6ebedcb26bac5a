"""Catalog entries as sandbox cards (the Django side; the engine sees plain dicts)."""
from __future__ import annotations

import re
from functools import lru_cache

from django.urls import get_script_prefix, reverse

from cardsite.models import Entry
from cardsite.web.response_cache import EVERYTHING, versions
from engine.deckbuilder import cards
from engine.deckbuilder import catalog as panic_catalog
from engine.spellgames import deck
from engine.spellgames.games import COMPONENT_TYPES, GLYPHS
from engine.spellgames.rounds import ParsedCatalog, parse_catalog


def spell_cards(game: str) -> list[dict]:
    """The game's spell cards in the catalog, as ``engine.spellgames.rounds.parse_card`` input.

    Unknown values stay unknown (None): a Delivery without an initiative is
    shown, but the engine refuses to order a spell it cannot count.
    """
    entries = (Entry.objects.filter(game__slug=game, type__in=COMPONENT_TYPES)
               .prefetch_related("bands").order_by("type", "name"))
    return [_card(entry) for entry in entries]


def deck_cards(game: str) -> ParsedCatalog:
    """The cards a dealt table's Main Deck can hold, whatever the catalog's size: of
    each type, the first entries by name up to the rulebook's count of that type
    (engine.spellgames.deck deals those, in that order, and stand-ins for the rest;
    a Wild Magic or Rally entry stands for every copy). At most ~130 rows are read,
    not the whole catalog (80k entries took 5 s and were refused), and only once per
    process until the game's catalog changes: reading them was most of a new table's
    cost (50 ms at 5,000 cards in the game). They are kept parsed as the engine deals
    them (each table copies them: parsing ~120 cards was a third of a new table's time)."""
    current = versions()
    return _deck_cards(game, current.get(EVERYTHING, ""), current.get(game, ""))


@lru_cache(maxsize=8)
def _deck_cards(game: str, everything_version: str, game_version: str) -> ParsedCatalog:
    return parse_catalog(_read_deck_cards(game))


def _read_deck_cards(game: str) -> list[dict]:
    counts = deck.MAIN_DECK.get(game, {})
    cards = []
    for kind in sorted(counts):
        limit = 1 if kind in ("wild-magic", "rally") else counts[kind]
        entries = (Entry.objects.filter(game__slug=game, type=kind)
                   .prefetch_related("bands").order_by("name")[:limit])
        cards += [_card(entry) for entry in entries]
    return cards


# Demoniac's kinds of card a table deals from the catalog (engine.demoniac.state.dealt_cards),
# with how many the box holds (SETUP 3, Evil Relics 12.2) or a cap for the deck's disturbances.
DEMONIAC_KINDS = {"victim": ("victims", 4), "divinity": ("divinities", 12),
                  "exorcist": ("exorcists", 6), "relic": ("relics", 4),
                  "disturbance": ("disturbances", 18)}


def demoniac_cards(game: str) -> dict:
    """Demoniac's catalog cards as ``DemoniacState.new_game``'s ``catalog``: of each kind,
    the first entries by name (a few rows per table, whatever the catalog's size)."""
    out = {}
    for kind, (key, limit) in DEMONIAC_KINDS.items():
        entries = Entry.objects.filter(game__slug=game, type=kind).order_by("name")[:limit]
        out[key] = [{"name": e.name, "entry": e.slug, "abilities": e.abilities or [],
                     "text": e.text, "copies": e.copies, "strength": e.strength,
                     "body": e.body, "mind": e.mind} for e in entries]
    return out


def panic_cards(game: str) -> dict:
    """Satanic Panic's catalog cards as ``TurnState.new_game``'s ``catalog``
    (engine.deckbuilder.catalog): the first scripted entries by name of the main deck's
    types (up to its 106 cards), the Legendary Devils and the starters the engine names,
    and the first Mayhems by name (up to 26); the engine deals those whose abilities it
    plays or flags, and every Mayhem (applied by hand), a few rows per table."""
    scripted = Entry.objects.filter(game__slug=game).exclude(abilities=[]).exclude(
        abilities__isnull=True).order_by("name")
    kinds = {"main": scripted.filter(type__in=panic_catalog.MAIN_TYPES, cost__isnull=False)[
                 :cards.OTHER_MAIN_DECK_CARDS],
             "legendary_devils": scripted.filter(type="legendary-devil", cost__isnull=False)[
                 :cards.LEGENDARY_DEVIL_CARDS],
             "starters": scripted.filter(type__in=panic_catalog.STARTER_TYPES,
                                         name__in=list(cards.BUILTIN)),
             # Mayhems are applied by hand: any Mayhem entry, scripted or not.
             "mayhems": Entry.objects.filter(game__slug=game, type="mayhem").order_by("name")[
                 :cards.MAYHEM_CARDS]}
    return {key: [{"name": e.name, "entry": e.slug, "type": e.type, "cost": e.cost,
                   "vp": e.vp, "copies": e.copies, "text": e.text, "abilities": e.abilities,
                   "keywords": [str(k) for k in e.keywords or []]} for e in entries]
            for key, entries in kinds.items()}


def card_named(game: str, name: str, kind: str | None = None) -> dict | None:
    """The catalog card a free table's search field names: the entry of that name
    (any case), else the first whose name contains it; of ``kind`` when given."""
    entries = Entry.objects.filter(game__slug=game, type__in=[kind] if kind else COMPONENT_TYPES)
    name = name.strip()[:200]
    entry = (entries.filter(name__iexact=name).first()
             or entries.filter(name__icontains=name).order_by("name").first()) if name else None
    return _card(entry) if entry is not None else None


def _card(entry) -> dict:
    return {
        "type": entry.type, "name": entry.name, "entry": entry.slug,
        "glyph": entry.glyph if entry.glyph in GLYPHS else None,
        "initiative": entry.initiative, "text": entry.text, "stand_in": False,
        "creature": "creature" in [str(k).lower() for k in entry.keywords or []],
        "keywords": [str(k) for k in entry.keywords or []], "copies": entry.copies,
        "bands": [{"low": b.low, "high": b.high, "effect": b.effect, "keep": b.keep}
                  for b in entry.bands.all()],
        "abilities": entry.abilities or [],  # scripted: the round flow plays it
    }


def card_urls(game: str, cards, catalog=()) -> dict[str, str]:
    """Catalog pages by card name: a card of the table's dealt ``catalog`` (read from the
    database when the table was made) links by its entry's slug with no query; other
    names are looked up (stand-ins have no page)."""
    known = {c["name"]: c["entry"] for c in catalog if isinstance(c, dict) and c.get("entry")}
    urls, asked = {}, set()
    for card in cards:
        name = card.get("name")
        if name in known:
            urls[name] = card_url(game, known[name])
        elif name and not card.get("stand_in"):
            asked.add(name)
    urls.update(entry_urls(game, asked - urls.keys()))
    return urls


SLUG = re.compile(r"[-a-zA-Z0-9_]+")  # what the <slug:> converter takes, written as it is


@lru_cache(maxsize=16)
def _card_path(script_prefix: str) -> str:
    return reverse("card-detail", args=["game-spot", "slug-spot"])


def card_url(game: str, slug: str) -> str:
    """reverse("card-detail", args=[game, slug]), reversed once per process: a table's
    page links each catalog card it shows."""
    if not (SLUG.fullmatch(game) and SLUG.fullmatch(slug)):
        return reverse("card-detail", args=[game, slug])
    return _card_path(get_script_prefix()).replace("game-spot", game, 1).replace(
        "slug-spot", slug, 1)


def entry_urls(game: str, names) -> dict[str, str]:
    """Catalog pages for the names that have an entry in ``game`` (others: stand-ins)."""
    names = {n for n in names if n}
    if not names:
        return {}
    found = Entry.objects.filter(game__slug=game, name__in=names).select_related("game")
    return {e.name: e.get_absolute_url() for e in found}


def champions():
    """Anarchy's Champions in the catalog, for the new-table form."""
    return Entry.objects.filter(game__slug="anarchy", type="champion").order_by("name")


def champion_card(name: str) -> dict | None:
    """An Anarchy Champion's catalog abilities by name (its Rally plays itself)."""
    entry = Entry.objects.filter(game__slug="anarchy", type="champion", name=name).first()
    return {"abilities": entry.abilities or []} if entry else None
