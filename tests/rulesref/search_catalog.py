"""A small made-up catalog for the search tests (test data, not game facts).

Thirty filler cards give bm25 enough rows: a term found in half of the rows
would score 0 and ranking tests would prove nothing.
"""
from hypothesis import strategies as st

from cardsite.catalog import games
from cardsite.models import Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.index import rebuild_search_index

FILLERS = 30

# Random queries for the "only QuerySyntaxError" property tests: any text, and
# runs of the syntax's own pieces (fields, operators, quotes, parentheses).
PIECES = [*'abcdeiknortz019 "()-:=<>!.,\'*^$%{}[]\\/_éß中\x00', "or ", "and ", "init", "t:",
          "g:", "is:", "kw:", "game:", "order:", "dir:", "has:", "cost", "vp", "o:", "name:"]
QUERY_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(PIECES), max_size=14).map("".join),
)


def _game(slug, short_name, family, position):
    return Game.objects.create(slug=slug, name=f"The {short_name} Game", short_name=short_name,
                               family=family, rulebook=f"{slug}.txt", position=position)


def add_fillers(game, count, start=0):
    Entry.objects.bulk_create([
        Entry(game=game, slug=f"filler-{n}", name=f"Filler {n}", kind="card", type="quality",
              glyph=games.GLYPHS[n % len(games.GLYPHS)], initiative=n % 10, copies=2,
              text=f"Ordinary words about wizards and spells, number {n}.", position=100 + n)
        for n in range(start, start + count)
    ])


def build_search_catalog() -> dict:
    rumble = _game("rumble", "Rumble", "spell", 0)
    panic = _game("satanic-panic", "Satanic Panic", "deck-builder", 2)
    demoniac = _game("demoniac", "Demoniac", "demoniac", 3)

    def card(game, slug, name, position, **values):
        values.setdefault("kind", "card")
        return Entry(game=game, slug=slug, name=name, position=position, **values)

    spell = {"copies": 1}
    entries = Entry.objects.bulk_create([
        card(rumble, "tentakiller", "Tentakiller", 1, type="delivery", glyph="illusion",
             initiative=16, keywords=["KEEP"], aliases=["Tentacle Killer"],
             text="Deal 3 damage to the foe on your left.", **spell),
        card(rumble, "bolt", "Bolt", 2, type="source", glyph="dark", initiative=3,
             text="A small spark.", **spell),
        card(rumble, "bolt-of-doom", "Bolt of Doom", 3, type="quality", glyph="arcane",
             initiative=5, text="Doom follows.", **spell),
        card(rumble, "dark-bolt", "Dark Bolt", 4, type="delivery", glyph="dark", initiative=14,
             text="Hits hard.", **spell),
        card(rumble, "zapper", "Zapper", 5, type="delivery", glyph="elemental", initiative=12,
             keywords=["Creature"], text="This bolt, that bolt, every bolt zaps.", **spell),
        card(rumble, "mystery-delivery", "Mystery Delivery", 6, type="delivery", glyph="primal",
             initiative=None, text=None, **spell),
        card(panic, "beelze-butthole", "Beelze-Butthole", 1, type="legendary-devil", cost=8, vp=3,
             copies=1, keywords=["ONGOING"], text="Each foe loses 2 HP."),
        card(panic, "familiar", "Familiar", 2, type="familiar", cost=6, vp=None, copies=5,
             text="Costs 6 Power."),
        card(demoniac, "linda", "Linda", 1, kind="character", type="victim", symbol="cross",
             body=4, mind=1, strength=None, copies=1, text=None),
    ])
    add_fillers(rumble, FILLERS)
    by_slug = {e.slug: e for e in entries}
    RollBand.objects.create(entry=by_slug["tentakiller"], low=1, high=4, effect="1 damage.")
    ruling = Ruling.objects.create(
        game=rumble, slug="tentakiller-creatures", question="Does Tentakiller hit creatures?",
        answer="Yes: a <b>creature</b> & its kumquat owner both take damage.",
        source="Power Rolls",
    )
    ruling.entries.add(by_slug["tentakiller"])
    Rule.objects.create(game=rumble, number="1", title="Turn Order",
                        text="Fewer components act first.", source="Turn Order")
    Rule.objects.create(game=rumble, number="1.2", title="Initiative ties",
                        text="Ties: higher initiative first; roll a die.", source="Turn Order")
    GlossaryTerm.objects.create(game=rumble, slug="initiative", term="Initiative",
                                definition="A number on a delivery.")
    rebuild_search_index()
    return {"games": {"rumble": rumble, "satanic-panic": panic, "demoniac": demoniac},
            "ruling": ruling, **by_slug}
