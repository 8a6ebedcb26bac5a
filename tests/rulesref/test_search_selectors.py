"""rulesref.selectors: rulings, rules and glossary terms, filtered and searched."""
import pytest

from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.syntax import QuerySyntaxError
from rulesref.selectors import rule_list, ruling_list, term_list
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db):
    data = build_search_catalog()
    demoniac = data["games"]["demoniac"]
    other = Ruling.objects.create(game=demoniac, slug="split", kind="open-question", source="x",
                                  question="Can hits be split?", answer="The rulebook is silent.")
    other.entries.add(data["linda"])
    GlossaryTerm.objects.create(game=demoniac, slug="initiative", term="Initiative",
                                definition="Not used in this game.")
    return data


def slugs(queryset):
    return [obj.slug for obj in queryset]


def test_ruling_filters(catalog):
    assert slugs(ruling_list()) == ["tentakiller-creatures", "split"]
    assert slugs(ruling_list(game="demoniac")) == ["split"]
    assert slugs(ruling_list(kind="open-question")) == ["split"]
    assert slugs(ruling_list(entry="rumble/tentakiller")) == ["tentakiller-creatures"]
    assert slugs(ruling_list(entry="linda")) == ["split"]
    assert slugs(ruling_list(entry=catalog["linda"])) == ["split"]
    assert slugs(ruling_list(entry=catalog["tentakiller"].pk)) == ["tentakiller-creatures"]
    assert slugs(ruling_list(entry="demoniac/tentakiller")) == []


def test_ruling_search(catalog):
    assert slugs(ruling_list(q="kumquat")) == ["tentakiller-creatures"]
    assert slugs(ruling_list(q="split")) == ["split"]
    assert slugs(ruling_list(q="linda")) == ["split"]  # the names of its entries
    assert slugs(ruling_list(q="silent or kumquat", game="demoniac")) == ["split"]
    assert slugs(ruling_list(q="-kumquat")) == ["split"]
    with pytest.raises(QuerySyntaxError):
        ruling_list(q="(kumquat")


def test_rule_list(catalog):
    assert [r.number for r in rule_list(game="rumble")] == ["1", "1.2"]
    assert [r.number for r in rule_list(q="initiative")] == ["1.2"]
    assert {r.number for r in rule_list(q="components or initiative")} == {"1", "1.2"}
    assert list(rule_list(game="demoniac", q="initiative")) == []
    # 1.2 cites the section "Turn Order"; 1 is titled so and comes first
    assert [r.number for r in rule_list(q="turn order")] == ["1", "1.2"]
    assert Rule.objects.count() == 2


def test_term_list(catalog):
    terms = term_list()
    assert [(t.term, t.game.slug) for t in terms] == [("Initiative", "rumble"),
                                                      ("Initiative", "demoniac")]
    assert [t.game.slug for t in term_list(q="delivery")] == ["rumble"]
    assert len(term_list(q="initiative")) == 2
