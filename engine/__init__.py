"""Grimoire's rules engine: pure Python, no Django imports.

One module per game family (spells: rumble and anarchy; deckbuilder:
satanic-panic; demoniac), exact odds in `odds`, shared result types in `core`.
"""
