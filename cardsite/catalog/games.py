"""The four games Grimoire covers: stable slugs and what each game's entries show.

Kept in plain Python so validation, the engine adapters and the pages agree on
which games exist and which attributes apply to which game.
"""
from __future__ import annotations

from dataclasses import dataclass

GAME_SLUGS = ("rumble", "anarchy", "satanic-panic", "demoniac")

FAMILIES = ("spell", "deck-builder", "demoniac")

ENTRY_KINDS = ("card", "token", "tile", "standee", "character")

COMPONENT_KINDS = ("card", "token", "tile", "standee", "character", "die", "counter", "other")

GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")

RULING_KINDS = ("clarification", "conflict", "open-question")

# Numeric attributes every entry may carry; null in the database means unknown.
NUMERIC_ATTRIBUTES = ("initiative", "cost", "vp", "body", "mind", "strength", "copies")

# Every attribute an entry can carry, in the order the pages show them.
ATTRIBUTE_FIELDS = ("type", "glyph", "symbol", "initiative", "cost", "vp", "body", "mind",
                    "strength", "copies")

# Which attributes a game's entries can show, in the game's order. ``type``
# and ``copies`` (how many the box holds) apply to every entry.
GAME_ATTRIBUTES = {
    "rumble": ("type", "glyph", "initiative", "copies"),
    "anarchy": ("type", "glyph", "initiative", "vp", "copies"),
    "satanic-panic": ("type", "cost", "vp", "copies"),
    "demoniac": ("type", "symbol", "body", "mind", "strength", "copies"),
}


@dataclass(frozen=True)
class EntryType:
    """One type of entry in a game and the attributes it has besides type and copies.

    ``source`` is the rulebook section the applicability comes from; an
    attribute not listed does not apply to the type (not applicable, as
    opposed to unknown).
    """

    slug: str
    kind: str | None
    attributes: tuple[str, ...]
    source: str

    @property
    def label(self) -> str:
        return self.slug.replace("-", " ").capitalize()


_T = EntryType
GAME_TYPES: dict[str, tuple[EntryType, ...]] = {
    "rumble": (
        # "Each Spell Component has a magic type, represented by a word and a glyph";
        # "Deliveries all have an Initiative number".
        _T("source", "card", ("glyph",), "Magical Glyphs"),
        _T("quality", "card", ("glyph",), "Magical Glyphs"),
        _T("delivery", "card", ("glyph", "initiative"), "The Cards"),
        # Wild Magic has no Component type and is replaced when the spell is revealed;
        # in the Delivery slot it counts as Initiative 0.
        _T("wild-magic", "card", (), "Wild Magic"),
        _T("treasure", "card", (), "Treasures"),
        _T("dead-wizard", "card", (), "The Dead Wizard Deck"),
        _T("hero", "character", (), "Set Up"),
        _T("last-wizard-standing-token", "token", (), "Match Play"),
        _T("standee", "standee", (), "The Standee"),
    ),
    "anarchy": (
        _T("source", "card", ("glyph",), "Magical Glyphs"),
        _T("quality", "card", ("glyph",), "Magical Glyphs"),
        _T("delivery", "card", ("glyph", "initiative"), "The Cards"),
        _T("wild-magic", "card", (), "Wild Magic"),
        # Rally cards do not count as Components and carry no glyph.
        _T("rally", "card", (), "Rally"),
        _T("treasure", "card", (), "Treasures"),
        # "a Champion adds their glyph to a Wizard's Spell".
        _T("champion", "card", ("glyph",), "Champions"),
        _T("wizard", "character", (), "Setup"),
        # "These tokens contribute a glyph to your Power Rolls, but are worth -2 VP".
        _T("dead-wizard-token", "token", ("glyph", "vp"), "Dead Wizard Tokens"),
        # "Applause tokens are worth 2, 3, or 4 VP".
        _T("applause-token", "token", ("vp",), "Applause Tokens"),
        _T("standee", "standee", (), "Components"),
    ),
    "satanic-panic": (
        # Card parts include Victory Points and Cost; what can be bought is listed
        # under Gameplay (Line-Up, Legendary Devils, Familiar, Spellbook, Wild Magic).
        _T("starter", "card", ("vp",), "1. Oversized Wizards and Starting Decks"),
        # The Satan guide's Setup: "you start with 15 diabolical Satan Starter cards";
        # like a Wizard's starting deck they are dealt, not bought.
        _T("satan-starter", "card", ("vp",), "Setup"),
        _T("treasure", "card", ("cost", "vp"), "Types of Cards"),
        _T("creature", "card", ("cost", "vp"), "Types of Cards"),
        _T("wizard", "card", ("cost", "vp"), "Types of Cards"),
        _T("location", "card", ("cost", "vp"), "Types of Cards"),
        _T("spell", "card", ("cost", "vp"), "Types of Cards"),
        _T("familiar", "card", ("cost", "vp"), "Oversized Wizards, Familiars, and Spellbooks"),
        _T("spellbook", "card", ("cost", "vp"), "Oversized Wizards, Familiars, and Spellbooks"),
        _T("legendary-devil", "card", ("cost", "vp"), "Legendary Devils"),
        _T("wild-magic", "card", ("cost", "vp"), "Wild Magic"),
        # "Players may never buy or gain Mayhem cards": no cost, never in a deck.
        _T("mayhem", "card", (), "Mayhem"),
        # Demons and Satan's Taints "cannot be bought with Power".
        _T("demon", "card", ("vp",), "5. The Demon and Satan's Taint Decks"),
        _T("satans-taint", "card", ("vp",), "5. The Demon and Satan's Taint Decks"),
        # Gained, never bought; each subtracts 2 VP at the end.
        _T("burning-limp-wand", "card", ("vp",), "Burning Limp Wand"),
        # Satan does not buy cards; "Cards from your stack are each worth 1 VP".
        _T("satan-card", "card", ("vp",), "You Are Above the Mortal's Game"),
        _T("oversized-wizard", "character", (), "Contents"),
        _T("satan", "character", (), "Satanic Contents"),
        _T("dead-wizard-token", "token", ("vp",), "Dead Wizard Tokens"),
        _T("damned-wizard-token", "token", ("vp",), "Damned Wizard Tokens"),
        _T("penta-coin", "token", ("vp",), "Penta-Coins"),
        _T("ability-tile", "tile", (), "Ability Tile Cards"),
        _T("hot-hot-goo-tile", "tile", (), "Contents"),
        _T("beelze-butthole-tile", "tile", (), "Beelze-Butthole Tiles"),
        _T("standee", "standee", (), "Satan's Salute Standee"),
    ),
    "demoniac": (
        # "possession cards also have one of three evil symbols at the bottom".
        _T("body-possession", "card", ("symbol",), "POSSESSING YOUR VICTIM"),
        _T("mind-possession", "card", ("symbol",), "POSSESSING YOUR VICTIM"),
        _T("disturbance", "card", (), "creating disturbances"),
        # "the green circle holds their body strength, and the purple ... mind strength".
        _T("victim", "character", ("body", "mind"), "POSSESSING YOUR VICTIM"),
        _T("exorcist", "character", (), "THE EXORCIST"),
        _T("weakness", "card", ("symbol",), "SETUP"),
        # Divinity cards "have a number on their back, showing their strength".
        _T("divinity", "card", ("strength",), "THE EXORCIST"),
        # "the relic has a number on it. That represents its strength."
        _T("relic", None, ("strength",), "THE EVIL RELICS EXPANSION"),
    ),
}

# The glyphs each game prints (Rumble and Anarchy: "The five types of magic").
GAME_GLYPHS = {"rumble": GLYPHS, "anarchy": GLYPHS, "satanic-panic": (), "demoniac": ()}

# Symbols the rulebook names: Demoniac has "one of three evil symbols", naming only 666.
GAME_SYMBOLS = {"rumble": (), "anarchy": (), "satanic-panic": (), "demoniac": ("666",)}

# Keywords the rulebooks name (Rumble: "the keyword "Reaction"", Anarchy: "New
# Keyword: Rally", Satanic Panic's ONGOING, ATTACK, DEFENSE) plus the ones the
# bundled catalog already uses; the admin offers them as choices.
GAME_KEYWORDS = {
    "rumble": ("KEEP", "Creature", "Reaction", "Standee"),
    "anarchy": ("KEEP", "Creature", "Rally"),
    "satanic-panic": ("ATTACK", "DEFENSE", "GROUP ATTACK", "ONGOING", "Activate", "END OF GAME",
                      "UNAVOIDABLE"),
    "demoniac": (),
}


def entry_type(game: str, type_slug: str | None) -> EntryType | None:
    for t in GAME_TYPES.get(game, ()):
        if t.slug == type_slug:
            return t
    return None


def applicable_attributes(game: str, type_slug: str | None, kind: str | None = None) -> tuple[str, ...]:
    """The attributes an entry of this game, type and kind has, in the game's order.

    A known type gives its own list. An unknown (or unlisted) type could be any
    of the game's types of that kind, so every attribute one of them has applies.
    """
    order = GAME_ATTRIBUTES.get(game, ("type", "copies"))
    found = entry_type(game, type_slug)
    if found is not None:
        wanted = set(found.attributes)
    else:
        candidates = [t for t in GAME_TYPES.get(game, ()) if kind is None or t.kind == kind]
        wanted = {a for t in candidates for a in t.attributes} if candidates else set(order)
    return tuple(a for a in order if a in wanted or a in ("type", "copies"))


def not_applicable(game: str, type_slug: str | None, kind: str | None = None) -> list[str]:
    """The attribute fields that do not apply to such an entry (never "unknown")."""
    applies = applicable_attributes(game, type_slug, kind)
    return [name for name in ATTRIBUTE_FIELDS if name not in applies]


def type_choices(game: str) -> list[str]:
    return [t.slug for t in GAME_TYPES.get(game, ())]


# Bounds the admin, the importer and the API enforce, with the reason shown.
ATTRIBUTE_BOUNDS = {
    "initiative": (0, 99, "an initiative is a printed number from 0 up"),
    "cost": (0, 99, "a cost cannot be negative"),
    "vp": (-99, 99, "victory points are between -99 and 99"),
    "body": (0, 5, "a victim has five possession spots"),
    "mind": (0, 5, "a victim has five possession spots"),
    "strength": (0, 6, "an attack rolls at most six dice"),
    "copies": (0, 999, "copies cannot be negative"),
}
