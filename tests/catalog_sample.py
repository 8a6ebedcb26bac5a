"""A small, valid catalog document for tests (made-up test data, not game facts)."""
import copy

_SAMPLE = {
    "format": "grimoire-catalog",
    "version": 1,
    "games": [
        {
            "slug": "rumble", "name": "Sample Rumble", "short_name": "Rumble", "family": "spell",
            "rulebook": "rumble.txt", "summary": "", "players": None,
            "sections": ["Components", "Turn Order", "Power Rolls"],
            "components": [
                {"slug": "delivery-cards", "name": "Delivery Cards", "count": 40, "kind": "card",
                 "group": "Components", "breakdown": [], "source": "Components", "notes": ""},
                {"slug": "tokens", "name": "Tokens", "count": 30, "kind": "token",
                 "group": "Components", "breakdown": [{"label": "2", "count": 10}, {"label": "3", "count": 20}],
                 "source": "Components", "notes": ""},
            ],
            "entries": [
                {"slug": "zapper", "name": "Zapper", "kind": "card", "component": "delivery-cards",
                 "type": "delivery", "glyph": "illusion", "symbol": None, "initiative": 0,
                 "cost": None, "vp": None, "body": None, "mind": None, "strength": None,
                 "copies": None, "keywords": ["Creature", "KEEP"], "text": None, "flavor": None,
                 "aliases": ["Zappa"], "source": "Power Rolls", "notes": "",
                 "bands": [{"low": 1, "high": 4, "effect": "1 damage.", "keep": False},
                           {"low": 5, "high": None, "effect": "3 damage. KEEP", "keep": True}]},
                {"slug": "blank-card", "name": "Blank Card", "kind": "card", "component": None,
                 "type": None, "glyph": None, "symbol": None, "initiative": None, "cost": None,
                 "vp": None, "body": None, "mind": None, "strength": None, "copies": None,
                 "keywords": [], "text": "", "flavor": None, "aliases": [], "source": "",
                 "notes": "", "bands": []},
            ],
            "rules": [
                {"number": "1", "title": "Turn Order", "text": "", "source": "Turn Order"},
                {"number": "1.1", "title": "", "text": "Fewer components act first.", "source": "Turn Order"},
                {"number": "1.2", "title": "", "text": "Ties: higher initiative first.", "source": "Turn Order"},
            ],
            "glossary": [
                {"slug": "initiative", "term": "Initiative", "definition": "A number on a delivery.",
                 "differs": "", "aliases": [], "rules": ["1.2"]},
            ],
            "rulings": [
                {"slug": "zapper-zero", "kind": "clarification", "question": "Does Zapper act last?",
                 "answer": "Among three-card spells, yes.", "source": "Turn Order",
                 "entries": ["zapper"], "rules": ["1.2"], "readings": [], "engine_reading": ""},
            ],
        },
        {
            "slug": "demoniac", "name": "Sample Demoniac", "short_name": "Demoniac",
            "family": "demoniac", "rulebook": "demoniac.txt", "summary": "", "players": "2-4 Players",
            "sections": ["SETUP"],
            "components": [],
            "entries": [
                {"slug": "linda", "name": "Linda", "kind": "character", "component": None,
                 "type": "victim", "glyph": None, "symbol": None, "initiative": None, "cost": None,
                 "vp": None, "body": 4, "mind": 1, "strength": None, "copies": None,
                 "keywords": [], "text": None, "flavor": None, "aliases": [], "source": "SETUP",
                 "notes": "", "bands": []},
            ],
            "rules": [{"number": "1", "title": "Setup", "text": "Deal three.", "source": "SETUP"}],
            "glossary": [
                {"slug": "initiative", "term": "Initiative", "definition": "Not used here.",
                 "differs": "Spell games use it.", "aliases": [], "rules": []},
            ],
            "rulings": [
                {"slug": "split-hits", "kind": "open-question", "question": "Split hits?",
                 "answer": "No.", "source": "SETUP", "entries": ["linda", "rumble/zapper"],
                 "rules": ["1", "rumble 1.1"],
                 "readings": [{"source": "SETUP", "reading": "One divinity."},
                              {"source": "rumble: Turn Order", "reading": "Several."}],
                 "engine_reading": "One divinity per attack."},
            ],
        },
    ],
}


def sample_catalog():
    return copy.deepcopy(_SAMPLE)
