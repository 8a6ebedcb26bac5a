"""The four games Grimoire covers: stable slugs and what each game's entries show.

Kept in plain Python so validation, the engine adapters and the pages agree on
which games exist and which attributes apply to which game.
"""
from __future__ import annotations

GAME_SLUGS = ("rumble", "anarchy", "satanic-panic", "demoniac")

FAMILIES = ("spell", "deck-builder", "demoniac")

ENTRY_KINDS = ("card", "token", "tile", "standee", "character")

COMPONENT_KINDS = ("card", "token", "tile", "standee", "character", "die", "counter", "other")

GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal")

RULING_KINDS = ("clarification", "conflict", "open-question")

# Numeric attributes every entry may carry; null in the database means unknown.
NUMERIC_ATTRIBUTES = ("initiative", "cost", "vp", "body", "mind", "strength", "copies")

# Which attributes a game's entries show (unknown ones are shown as unknown,
# attributes a game does not use are not shown at all).
GAME_ATTRIBUTES = {
    "spell": ("type", "glyph", "initiative", "copies"),
    "deck-builder": ("type", "cost", "vp", "copies"),
    "demoniac": ("type", "symbol", "body", "mind", "strength", "copies"),
}

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
