"""Grimoire's rules engine.

Pure Python (no Django, no web), one package per game family:

- ``core``: shared result types (EngineError, Problem, Explanation), input
  checks and the seeded dice;
- ``odds``: exact odds (power rolls, Demoniac attacks);
- ``rule_refs``: the rulebook citation of every rule key;
- ``spellgames``: Rumble at Castle Tentakill and Anarchy at the Arena;
- ``deckbuilder``: Annihilageddon 3 - Satanic Panic;
- ``demoniac``: Demoniac;
- ``families``: one sandbox interface over the three (new, check, apply,
  legal actions, result).

``engine.web`` is the Django side (the ``engine`` app: models, migrations, the
checker API, pages and the sandbox service); nothing above imports it
(tests/engine/test_layout.py checks).
"""
