"""rulesref.linking: card names, terms and rule numbers become links, once, on save and import."""
import pytest

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Entry, Game
from rulesref import linking
from rulesref.models import GlossaryTerm, Rule, Ruling
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    catalog_import(data=pages_catalog())


def rule(number, game="rumble"):
    return Rule.objects.get(game__slug=game, number=number)


def test_import_links_card_names_aliases_and_rule_numbers(catalog):
    html = rule("2.1").html
    assert ('<a class="card-link" href="/cards/rumble/tentakiller/" '
            'data-preview="/cards/rumble/tentakiller/preview/">Tentakiller</a>') in html
    assert '<a class="card-link" href="/cards/rumble/zapper/"' in html
    assert '<a class="rule-link" href="/rules/rumble/#r1.2">rule 1.2</a>' in html
    # another game's rule, by its game's slug
    assert '<a class="rule-link" href="/rules/demoniac/#r1">demoniac 1</a>' in html
    # a number that is not a rule stays text; everything else is escaped
    assert "rule 9.9 &lt;never&gt;." in html
    assert "<never>" not in html
    assert 'href="/cards/rumble/tentakiller/" data-preview="/cards/rumble/tentakiller/preview/">Tentacle Killer</a>' in rule("2.1.1").html


def test_rule_lists_link_each_number(catalog):
    html = rule("2.2").html
    assert '<a class="rule-link" href="/rules/rumble/#r1.1">see rules 1.1</a>' not in html
    assert '<a class="rule-link" href="/rules/rumble/#r1.1">rules 1.1</a>' in html
    assert '<a class="rule-link" href="/rules/rumble/#r1.2">1.2</a>' in html


def test_glossary_terms_link_to_their_meaning_in_this_game(catalog):
    html = rule("2.2").html
    assert html.startswith('<a class="term-link" href="/glossary/initiative/#rumble">Initiative</a> decides')
    # first occurrence only
    assert html.count("term-link") == 1


def test_mentions_are_the_entries_a_rule_names(catalog):
    assert set(rule("2.1").mentions.values_list("slug", flat=True)) == {"tentakiller", "zapper"}
    assert list(rule("1.1").mentions.all()) == []


def test_rulings_and_terms_get_linked_html(catalog):
    ruling = Ruling.objects.get(slug="zapper-first")
    assert '<a class="card-link" href="/cards/rumble/zapper/"' in ruling.answer_html
    assert '<a class="rule-link" href="/rules/rumble/#r1.2">rule 1.2</a>' in ruling.answer_html
    term = GlossaryTerm.objects.get(game__slug="rumble", slug="initiative")
    assert term.definition_html == "A number on a delivery."


def test_linker_escapes_and_keeps_text_between_links():
    linker = linking.Linker(game="rumble", names={}, terms={}, rules={"rumble": {"1"}})
    html, mentioned = linker.link('a <b>"x"</b> & rule 1\nnext')
    assert html == ('a &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; '
                    '<a class="rule-link" href="/rules/rumble/#r1">rule 1</a><br>\nnext')
    assert mentioned == set()


def test_longest_name_wins_and_words_inside_words_do_not_link(catalog):
    game = Game.objects.get(slug="rumble")
    Entry.objects.create(game=game, slug="zap", name="Zap", kind="card")
    linker = linking.build_linker(game)
    html, _ = linker.link("Zapper, Zap and Zapping.")
    assert html.count('class="card-link"') == 2
    assert '>Zapper</a>' in html and '>Zap</a> and Zapping.' in html


def test_saving_a_rule_relinks_it_without_history_noise(catalog):
    r = rule("1.1")
    history_before = Rule.history.count()
    r.text = "Tentakiller acts first."
    r.save()
    r.refresh_from_db()
    assert r.html.startswith('<a class="card-link" href="/cards/rumble/tentakiller/"')
    assert list(r.mentions.values_list("slug", flat=True)) == ["tentakiller"]
    assert Rule.history.count() == history_before + 1  # the edit itself, not the relink


def test_renaming_an_entry_relinks_every_text(catalog, django_capture_on_commit_callbacks):
    entry = Entry.objects.get(game__slug="rumble", slug="zapper")
    entry.name = "Zapinator"
    entry.aliases = []
    with django_capture_on_commit_callbacks(execute=True):
        entry.save()
    html = rule("2.1").html
    assert '<a class="card-link" href="/cards/rumble/zapper/"' not in html
    assert "Zapper roll" in html
    assert not rule("2.1").mentions.filter(slug="zapper").exists()


def test_a_new_rule_makes_references_to_it_links(catalog, django_capture_on_commit_callbacks):
    assert "rule 9.9 &lt;never&gt;" in rule("2.1").html
    game = Game.objects.get(slug="rumble")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        Rule.objects.create(game=game, number="9", title="Nine", source="Power Rolls")
        Rule.objects.create(game=game, number="9.9", title="", text="x", source="Power Rolls")
    assert len(callbacks) == 1  # one relink for the whole transaction
    assert '<a class="rule-link" href="/rules/rumble/#r9.9">rule 9.9</a>' in rule("2.1").html


def test_deleting_an_entry_unlinks_it(catalog, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        Entry.objects.get(game__slug="rumble", slug="tentakiller").delete()
    assert "card-link" not in rule("2.1.1").html


def test_deleting_a_game_relinks_once(catalog, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        Game.objects.get(slug="demoniac").delete()
    relinks = [c for c in callbacks if c is linking._relink_all]
    assert len(relinks) == 1
    relinks[0]()
    # rumble 2.1 cited "demoniac 1", which is gone
    assert "demoniac 1" in rule("2.1").html and "/rules/demoniac/" not in rule("2.1").html


def test_import_twice_changes_no_linked_text(catalog):
    before = {r.pk: r.html for r in Rule.objects.all()}
    assert linking.relink() == 0
    catalog_import(data=pages_catalog())
    assert {r.pk: r.html for r in Rule.objects.all()} == before


def test_dry_run_import_leaves_links_alone(catalog):
    data = pages_catalog()
    data["games"][0]["rules"][1]["text"] = "Zapper first."
    catalog_import(data=data, dry_run=True)
    assert "card-link" not in rule("1.1").html


def test_a_term_without_words_links_nowhere(catalog):
    game = Game.objects.get(slug="rumble")
    GlossaryTerm.objects.create(game=game, slug="zero", term="0", aliases=["+"],
                                definition="Nothing.")
    GlossaryTerm.objects.create(game=game, slug="hp", term="HP", definition="Hit points.")
    linker = linking.build_linker(game)
    html, _ = linker.link("Roll 0 + 10: lose 1 HP.")
    assert 'href="/glossary/zero/' not in html and "Roll 0 + 10" in html
    assert '<a class="term-link" href="/glossary/hp/#rumble">HP</a>' in html
