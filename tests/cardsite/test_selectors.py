"""cardsite.browse.selectors beyond card_list (which tests/rulesref/test_search_cards.py covers)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsite.browse.selectors import (
    card_autocomplete,
    card_detail,
    card_list,
    card_named,
    card_neighbours,
    card_page,
    game_coverage,
)
from cardsite.images.models import EntryImage
from cardsite.models import Component, Entry, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db):
    return build_search_catalog()


def test_card_detail_prefetches_what_the_page_shows(catalog):
    rule = Rule.objects.get(number="1.2")
    rule.mentions.add(catalog["tentakiller"])
    entry = card_detail(game="rumble", slug="tentakiller")
    with CaptureQueriesContext(connection) as queries:
        assert entry.game.slug == "rumble"
        assert [b.effect for b in entry.bands.all()] == ["1 damage."]
        ruling = entry.rulings.all()[0]
        assert ruling.slug == "tentakiller-creatures" and ruling.game.slug == "rumble"
        assert [r.citation for r in entry.mentioned_in_rules.all()] == ["rumble 1.2"]
    assert len(queries) == 0


@pytest.mark.parametrize("read", [card_detail, card_page])
@pytest.mark.parametrize(("game", "slug"), [("rumble", "nope"), ("demoniac", "tentakiller"),
                                            ("nowhere", "bolt")])
def test_card_detail_raises_does_not_exist(catalog, read, game, slug):
    with pytest.raises(Entry.DoesNotExist):
        read(game=game, slug=slug)


def test_card_neighbours_within_the_game(catalog):
    first, last = catalog["tentakiller"], catalog["linda"]
    assert card_neighbours(first) == (None, catalog["bolt"])
    assert card_neighbours(catalog["bolt"]) == (first, catalog["bolt-of-doom"])
    assert card_neighbours(last) == (None, None)
    familiar = catalog["familiar"]
    assert card_neighbours(familiar) == (catalog["beelze-butthole"], None)


def test_card_neighbours_when_many_entries_share_a_position(catalog):
    # More ties than the selector's window: the exact fallback query decides.
    game = catalog["bolt"].game
    tied = [Entry.objects.create(game=game, slug=f"tie-{i:02d}", name=f"Tie {i}", kind="card",
                                 position=500) for i in range(12)]
    after = Entry.objects.create(game=game, slug="after", name="After", kind="card", position=501)
    assert card_neighbours(tied[0])[1] == tied[1]
    assert card_neighbours(tied[11]) == (tied[10], after)
    assert card_neighbours(after)[0] == tied[11]
    assert card_neighbours(tied[0])[0].position < 500


def _fields(obj) -> list:
    return [getattr(obj, f.attname) for f in obj._meta.concrete_fields]


def _same_read(page, entry):
    """The card page's one statement gives what the ORM's prefetches and queries give."""
    read = page.entry
    assert _fields(read) == _fields(entry)
    assert _fields(read.game) == _fields(entry.game)
    assert (read.component and _fields(read.component)) == (entry.component and _fields(entry.component))
    for name in ("images", "bands", "mentioned_in_rules"):
        assert [_fields(o) for o in getattr(read, name).all()] == [
            _fields(o) for o in getattr(entry, name).all()], name
    assert [r.game.slug for r in read.mentioned_in_rules.all()] == [
        r.game.slug for r in entry.mentioned_in_rules.all()]
    assert [(_fields(r), r.game.slug, [(_fields(u), u.game.slug) for u in r.rules.all()])
            for r in read.rulings.all()] == [
        (_fields(r), r.game.slug, [(_fields(u), u.game.slug) for u in r.rules.all()])
        for r in entry.rulings.all()]
    before, after = card_neighbours(entry)
    assert (page.previous and page.previous.slug, page.next and page.next.slug) == (
        before and before.slug, after and after.slug)
    assert (page.previous and page.previous.name, page.next and page.next.name) == (
        before and before.name, after and after.name)
    terms = list(GlossaryTerm.objects.filter(game=entry.game).values_list("slug", "term", "aliases"))
    assert page.terms == (terms if entry.keywords else [])


def test_card_page_reads_what_the_orm_reads(catalog):
    rumble, panic = catalog["tentakiller"].game, catalog["familiar"].game
    tentakiller = catalog["tentakiller"]
    # A ruling about two entries citing rules of two games, one rule mentioning the
    # entry, an image of each face, a second band, glossary terms with aliases, ties.
    ruling = Ruling.objects.create(game=panic, slug="crossed", kind="conflict", question="Q?",
                                   answer="A.", source="Here", position=1)
    ruling.entries.add(tentakiller, catalog["familiar"])
    panic_rule = Rule.objects.create(game=panic, number="2", title="Panic", text="Panic.")
    ruling.rules.add(panic_rule, *Rule.objects.filter(game=rumble))
    panic_rule.mentions.add(tentakiller)
    for face in ("back", "front"):
        EntryImage.objects.create(entry=tentakiller, face=face, uploaded_at="2026-01-02T03:04:05Z",
                                  digest=face, width=10, height=14, renditions={"n": face})
    RollBand.objects.create(entry=tentakiller, low=10, high=None, effect="More.", position=9)
    GlossaryTerm.objects.create(game=rumble, slug="keep", term="Keep", aliases=["KEEP", "kept"])
    GlossaryTerm.objects.create(game=rumble, slug="z-keep", term="A keep", aliases=["keep"])
    for i in range(12):
        Entry.objects.create(game=rumble, slug=f"tie-{i:02d}", name=f"Tie {i}", kind="card",
                             keywords=["Keep"] if i % 2 else [], position=500)
    for game, slug in Entry.objects.values_list("game__slug", "slug"):
        _same_read(card_page(game=game, slug=slug), card_detail(game=game, slug=slug))
    with CaptureQueriesContext(connection) as queries:
        card_page(game="rumble", slug="tie-05")
    assert len(queries) == 1


def test_autocomplete_prefers_names_starting_with_the_text(catalog):
    assert [c["name"] for c in card_autocomplete(q="bol")] == ["Bolt", "Bolt of Doom", "Dark Bolt"]
    first = card_autocomplete(q="tenta")[0]
    assert first == {"name": "Tentakiller", "slug": "tentakiller", "game": "rumble",
                     "game_name": "Rumble", "kind": "card", "type": "delivery",
                     "url": "/cards/rumble/tentakiller/"}
    assert len(card_autocomplete(q="filler", limit=5)) == 5
    assert len(card_autocomplete(q="fil")) == 20
    assert card_autocomplete(q="  !! ") == [] and card_autocomplete(q="zzzz") == []


def test_autocomplete_is_one_query(catalog):
    with CaptureQueriesContext(connection) as queries:
        card_autocomplete(q="fi")
    assert len(queries) == 1


@pytest.mark.parametrize(("text", "game", "name"), [
    ("Tentakiller", None, "Tentakiller"),
    ("tentakiller", "rumble", "Tentakiller"),
    ("tentakiler", None, "Tentakiller"),
    ("tentakilr", None, "Tentakiller"),
    ("tentakillerr", None, "Tentakiller"),
    ("bolt", None, "Bolt"),
    ("bolt of", None, "Bolt of Doom"),
    ("beelze butthole", None, "Beelze-Butthole"),
    ("lnda", None, "Linda"),
])
def test_card_named_finds_misspellings(catalog, text, game, name):
    entry, _ = card_named(fuzzy=text, game=game)
    assert entry is not None and entry.name == name


def test_card_named_without_a_clear_answer_gives_suggestions(catalog):
    assert card_named(fuzzy="xyzzyq", game=None) == (None, [])
    assert card_named(fuzzy="   ", game=None) == (None, [])
    entry, suggestions = card_named(fuzzy="tentakiler", game="demoniac")
    assert entry is None
    entry, suggestions = card_named(fuzzy="fillr", game=None)
    assert entry is None and suggestions and all(s.name.startswith("Filler") for s in suggestions)


def test_game_coverage_counts_printed_present_and_with_text(catalog):
    rumble = catalog["games"]["rumble"]
    deliveries = Component.objects.create(game=rumble, slug="delivery-cards", name="Delivery Cards",
                                          count=40, kind="card", position=1)
    Entry.objects.filter(slug__in=["tentakiller", "dark-bolt", "mystery-delivery"]).update(
        component=deliveries)
    rows = game_coverage(game="rumble")
    attributes = rows[0].pop("attributes")
    assert rows[0] == {"game": "rumble", "game_id": rumble.pk, "component": "delivery-cards",
                       "component_name": "Delivery Cards", "kind": "card", "printed": 40,
                       "entries": 3, "with_text": 2, "with_image": 0}
    by_name = {a["name"]: (a["applies"], a["known"]) for a in attributes}
    assert by_name["initiative"][0] == 3  # all three are Deliveries: initiative applies
    assert rows[1]["component"] is None and rows[1]["entries"] == 33
    assert rows[1]["with_text"] == 33
    everything = game_coverage()
    assert [r["game"] for r in everything] == ["rumble", "rumble", "satanic-panic", "demoniac"]
    assert everything[-1]["with_text"] == 0  # Linda's text is unknown


def test_card_list_result_shape(catalog):
    result = card_list(query="tenta g:fire")
    assert result.query.root is not None and result.query.source == "tenta g:fire"
    assert result.warnings and result.fuzzy is False
    assert [e.name for e in result.entries] == ["Tentakiller"]


def test_each_filterset_has_filters_of_its_own():
    # The filters are copied one by one (not deep-copied): each copy must still
    # belong to its own FilterSet, and its method must find that FilterSet.
    from cardsite.browse.filters import EntryFilterSet
    from cardsite.models import Entry

    first = EntryFilterSet({"q": "a"}, queryset=Entry.objects.none())
    second = EntryFilterSet({"q": "b"}, queryset=Entry.objects.none())
    for name in first.filters:
        assert first.filters[name] is not second.filters[name]
        assert first.filters[name].parent is first and second.filters[name].parent is second
    assert first.filters["q"].filter.f is first.filters["q"]
    assert getattr(EntryFilterSet.base_filters["q"], "parent", None) is None
    assert first.form.fields is not second.form.fields
