"""A small made-up catalog for the page, linking and browser tests (no tests here).

Built on tests/catalog_sample.py, with what the pages need to show: a card with
roll bands, rules that name cards and cite other rules, a conflict ruling, a
word two games define differently. ``extra`` adds that many more entries,
rulings and rules, so query-count tests can compare a small and a big catalog.
"""
from tests.catalog_sample import sample_catalog

TENTAKILLER = {
    "slug": "tentakiller", "name": "Tentakiller", "kind": "card", "component": "delivery-cards",
    "type": "delivery", "glyph": "illusion", "symbol": None, "initiative": 16, "cost": None,
    "vp": None, "body": None, "mind": None, "strength": None, "copies": 1,
    "keywords": ["Creature"], "text": "Roll the dice & grab a <tentacle>.", "flavor": None,
    "aliases": ["Tentacle Killer"], "source": "Power Rolls", "notes": "",
    "bands": [
        {"low": 1, "high": 4, "effect": "Deal 1 damage.", "keep": False},
        {"low": 5, "high": 9, "effect": "Deal 3 damage.", "keep": False},
        {"low": 10, "high": None, "effect": "Deal 5 damage.", "keep": True},
    ],
}


def _entry(slug, name, **values):
    base = {k: None for k in ("type", "glyph", "symbol", "initiative", "cost", "vp", "body",
                              "mind", "strength", "copies", "text", "flavor", "component")}
    return {"slug": slug, "name": name, "kind": "card", "keywords": [], "aliases": [],
            "source": "Power Rolls", "notes": "", "bands": [], **base, **values}


def pages_catalog(extra: int = 0) -> dict:
    data = sample_catalog()
    rumble, demoniac = data["games"]
    rumble["entries"].append(TENTAKILLER)
    rumble["glossary"].append({"slug": "keep", "term": "KEEP", "definition": "Stays in play.",
                               "differs": "", "aliases": [], "rules": []})
    # a name nothing else mentions: a search for it has exactly one hit
    demoniac["entries"].append(_entry("quuxwand", "Quuxwand", type="relic", source="SETUP"))
    rumble["rules"] += [
        {"number": "2", "title": "Power Rolls", "text": "", "source": "Power Rolls"},
        {"number": "2.1", "title": "Rolling", "source": "Power Rolls",
         "text": "Tentakiller and Zapper roll one die per glyph; ties follow rule 1.2, "
                 "as in demoniac 1. See rule 9.9 <never>."},
        {"number": "2.1.1", "title": "", "source": "Power Rolls",
         "text": "A Tentacle Killer roll of 10+ keeps the card."},
        {"number": "2.2", "title": "Initiative", "source": "Power Rolls",
         "text": "Initiative decides; see rules 1.1 and 1.2."},
    ]
    rumble["rulings"].append({
        "slug": "zapper-first", "kind": "conflict", "question": "Does Zapper go first or last?",
        "answer": "Last: Zapper has Initiative 0 (rule 1.2).", "source": "Turn Order",
        "entries": ["zapper", "tentakiller"], "rules": ["1.2"],
        "readings": [{"source": "Turn Order", "reading": "Fewer components act first."},
                     {"source": "Power Rolls", "reading": "Zapper acts first."}],
        "engine_reading": "The engine follows Turn Order: Zapper acts last.",
    })
    for i in range(extra):
        rumble["entries"].append(_entry(f"filler-{i}", f"Filler {i}", type="source",
                                        glyph="dark", initiative=i % 20, text=f"Filler text {i}."))
        rumble["rules"].append({"number": f"2.{i + 3}", "title": f"Extra {i}", "source": "Power Rolls",
                                "text": f"Zapper and Filler {i} follow rule 1.1."})
        rumble["rulings"].append({
            "slug": f"extra-{i}", "kind": "clarification", "question": f"Extra question {i}?",
            "answer": "Zapper says no.", "source": "Turn Order",
            "entries": ["zapper", f"filler-{i}"], "rules": ["1.1"], "readings": [],
            "engine_reading": "",
        })
        demoniac["glossary"].append({"slug": f"extra-term-{i}", "term": f"Extra term {i}",
                                     "definition": "Used by Linda.", "differs": "",
                                     "aliases": [], "rules": []})
    return data
