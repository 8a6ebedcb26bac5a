"""Shared set-ups for the sandbox tests: tables built through the service."""
from engine.web.sandbox.service import sandbox_act, sandbox_create

DARK_DELIVERY = {"type": "delivery", "name": "Dark Delivery", "glyph": "dark", "initiative": 14,
                 "bands": [{"low": 1, "high": 4, "effect": "1 damage"},
                           {"low": 5, "high": 9, "effect": "3 damage"},
                           {"low": 10, "high": None, "effect": "5 damage"}]}
ARCANE_SOURCE = {"type": "source", "name": "Arcane Source", "glyph": "arcane"}


def act(sandbox, action):
    """Act on the current version and return the outcome (``sandbox`` is refreshed)."""
    sandbox.refresh_from_db()
    outcome = sandbox_act(sandbox.id, action, sandbox.version)
    sandbox.refresh_from_db()
    return outcome


def spell_table(seed=5, game="rumble"):
    """Alice (Dark Delivery) and Bob (Arcane Source + Dark Delivery), revealed: Alice first."""
    sandbox = sandbox_create(game, {"wizards": ["Alice", "Bob"], "deal": False}, seed=seed)
    act(sandbox, {"type": "add_card", "wizard": "Alice", "card": DARK_DELIVERY})
    act(sandbox, {"type": "add_card", "wizard": "Bob", "card": ARCANE_SOURCE})
    act(sandbox, {"type": "add_card", "wizard": "Bob", "card": DARK_DELIVERY})
    act(sandbox, {"type": "ready", "wizard": "Alice"})
    act(sandbox, {"type": "ready", "wizard": "Bob"})
    act(sandbox, {"type": "reveal"})
    sandbox.refresh_from_db()
    return sandbox
