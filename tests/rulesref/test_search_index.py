"""The search index follows saves, deletes and imports; rebuilds write only differences."""
from io import StringIO

import pytest
from django.core.management import call_command

from cardsite.browse.selectors import card_list
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.index import rebuild_search_index
from rulesref.search.models import SearchDocument
from rulesref.search.unified import search_all
from tests.catalog_sample import sample_catalog
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db):
    return build_search_catalog()


def found(query):
    return [e.name for e in card_list(query=query).entries]


def hit_titles(query):
    return [h["title"] for h in search_all(q=query).hits]


def test_saving_an_entry_indexes_it(catalog):
    entry = Entry.objects.create(game=catalog["games"]["rumble"], slug="quux", name="Quuxblaster",
                                 kind="card", text="Melts a gargoyle.")
    assert found("quuxblaster") == ["Quuxblaster"]
    assert found("gargoyle") == ["Quuxblaster"]
    entry.name = "Plonkblaster"
    entry.save()
    assert found("plonk") == ["Plonkblaster"] and found("name:quux") == []
    entry.delete()
    assert found("plonk") == [] and not SearchDocument.objects.filter(name="Plonkblaster").exists()


def test_roll_bands_are_indexed_as_text(catalog):
    band = RollBand.objects.create(entry=catalog["zapper"], low=10, high=None, effect="Summon a walrus.")
    assert found("o:walrus") == ["Zapper"]
    band.delete()
    assert found("walrus") == []


def test_rulings_follow_their_links(catalog):
    ruling = Ruling.objects.create(game=catalog["games"]["rumble"], slug="walrus", source="x",
                                   question="Can a walrus cast?", answer="Only on Tuesdays.")
    assert found("tuesdays") == []
    ruling.entries.add(catalog["bolt"])
    assert found("tuesdays") == ["Bolt"] and "Bolt" in found("has:ruling")
    catalog["bolt"].rulings.remove(ruling)  # from the other side of the link
    assert found("tuesdays") == []
    ruling.entries.add(catalog["bolt"])
    ruling.answer = "Only on Fridays."
    ruling.save()
    assert found("fridays") == ["Bolt"] and found("tuesdays") == []
    ruling.entries.clear()
    assert found("fridays") == []
    ruling.entries.add(catalog["bolt"])
    ruling.delete()
    assert found("fridays") == [] and hit_titles("walrus") == []


def test_rules_and_terms_are_indexed_on_save(catalog):
    rumble = catalog["games"]["rumble"]
    rule = Rule.objects.create(game=rumble, number="2", title="Gargoyles", text="They sulk.",
                               source="x")
    GlossaryTerm.objects.create(game=rumble, slug="sulk", term="Sulk", definition="To gargoyle.")
    assert set(hit_titles("sulk")) == {"rumble 2 Gargoyles", "Sulk"}
    rule.delete()
    assert hit_titles("sulk") == ["Sulk"]


def test_a_rule_is_found_by_the_titles_of_its_sections(catalog):
    rumble = catalog["games"]["rumble"]
    Rule.objects.create(game=rumble, number="3", title="Gargoyles", text="")
    Rule.objects.create(game=rumble, number="3.1", title="", text="They sulk.")
    Rule.objects.create(game=rumble, number="3.1.1", title="", text="Quietly.")
    assert {"rumble 3.1 They sulk.", "rumble 3.1.1 Quietly."} <= set(hit_titles("gargoyles"))
    section = Rule.objects.get(game=rumble, number="3")
    section.title = "Grotesques"
    section.save()  # its rules are indexed again under the new title
    assert "rumble 3.1.1 Quietly." in hit_titles("grotesques")
    assert not {"rumble 3.1 They sulk.", "rumble 3.1.1 Quietly."} & set(hit_titles("gargoyles"))


def test_deleting_a_game_cascades_through_the_index(catalog):
    Game.objects.get(slug="rumble").delete()
    assert found("tentakiller") == []
    assert not SearchDocument.objects.filter(game__slug="rumble").exists()
    assert SearchDocument.objects.count() == 3  # the other games' cards


def test_rebuild_writes_only_differences(catalog):
    again = rebuild_search_index()
    assert all(counts == {"created": 0, "updated": 0, "deleted": 0} for counts in again.values())
    Entry.objects.filter(slug="bolt").update(text="Now with sprockets.")  # no signal
    assert found("sprockets") == []
    report = rebuild_search_index()
    assert report["card"] == {"created": 0, "updated": 1, "deleted": 0}
    assert found("sprockets") == ["Bolt"]


def test_full_rebuild_command(catalog):
    out = StringIO()
    call_command("rebuild_search_index", "--full", stdout=out)
    assert "card: 39 created" in out.getvalue()
    assert found("tentakiller") == ["Tentakiller"] and found("kumquat") == ["Tentakiller"]
    out = StringIO()
    call_command("rebuild_search_index", stdout=out)
    assert "card: 0 created, 0 updated, 0 deleted" in out.getvalue()


def test_import_rebuilds_the_index_once_and_dry_run_writes_nothing(db):
    catalog_import(data=sample_catalog(), dry_run=True)
    assert SearchDocument.objects.count() == 0
    catalog_import(data=sample_catalog())
    assert found("zappa") == ["Zapper"]  # an alias
    assert found("has:ruling") == ["Zapper", "Linda"]
    titles = set(hit_titles("initiative"))
    assert "Initiative" in titles  # and rule 1.2, untitled, shown by its first words:
    assert any(t.startswith("rumble 1.2 ") and len(t) > len("rumble 1.2 ") for t in titles)
    count = SearchDocument.objects.count()
    assert count == 3 + 4 + 2 + 2  # entries, rules, terms, rulings
    catalog_import(data=sample_catalog())
    assert SearchDocument.objects.count() == count
