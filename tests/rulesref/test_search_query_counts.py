"""Every search path runs the same number of queries with 5 matching rows of each
kind as with 200: the index ranks and cuts to the page, then only the shown
rows are fetched (pages and API; cards, rules, rulings, glossary and the
unified search; free words, field filters, sentences, the any-word and the
close-name fallbacks). Both databases run it (DATABASE_URL)."""
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsite.models import Entry, Game
from rulesref import numbering
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.index import rebuild_search_index
from tests.rulesref.search_catalog import build_search_catalog

pytestmark = pytest.mark.django_db

WORD = "quokka"  # in every added row, and nowhere in the search catalog
PATHS = [
    # the unified search, API and page: free words, a kind, a page, filters
    f"/api/search/?q={WORD}", f"/api/search/?q={WORD}&page=2&page_size=3",
    f"/api/search/?q={WORD}&kind=card", f"/api/search/?q={WORD}&kind=rule",
    f"/api/search/?q={WORD}&kind=ruling", f"/api/search/?q={WORD}&kind=term",
    f"/api/search/?q={WORD}+t:quality", f"/api/search/?q={WORD}&game=rumble",
    f"/search/?q={WORD}", f"/search/?q={WORD}&kind=ruling&page=1",
    f"/search/?q={WORD}+init>=0",
    # a sentence (question words dropped), the any-word ranking, the close names
    f"/api/search/?q=how+does+{WORD}+work", f"/search/?q=what+is+a+{WORD}",
    f"/api/search/?q={WORD}+zebra", f"/search/?q={WORD}+zebra",
    "/search/?q=tentakilr&exact=1", "/api/search/?q=tentakilr",
    # the card list, API and page: words, filters, an order, the close-name fallback
    f"/api/cards/?q={WORD}", f"/api/cards/?q={WORD}+t:quality+init>=0",
    f"/api/cards/?q={WORD}&order=-init", "/api/cards/?q=t:quality", "/api/cards/?q=tentakilr",
    f"/cards/?q={WORD}", f"/cards/?q={WORD}+g:dark&view=grid", "/cards/?q=tentakilr",
    # the rules reference's own lists
    f"/api/rules/?q={WORD}", f"/api/rulings/?q={WORD}", f"/api/glossary/?q={WORD}",
    f"/rulings/?q={WORD}",
]


def add_matching_rows(start: int, count: int) -> None:
    rumble = Game.objects.get(slug="rumble")
    Entry.objects.bulk_create([
        Entry(game=rumble, slug=f"{WORD}-{n}", name=f"{WORD.title()} Card {n}", kind="card",
              type="quality", glyph="dark", initiative=n % 20, copies=1,
              text=f"A {WORD} deals {n} damage.", position=1000 + n)
        for n in range(start, start + count)])
    Ruling.objects.bulk_create([
        Ruling(game=rumble, slug=f"{WORD}-ruling-{n}", question=f"Does {WORD} {n} count?",
               answer=f"Yes, the {WORD} counts.", source="Turn Order", position=1000 + n)
        for n in range(start, start + count)])
    Rule.objects.bulk_create([
        Rule(game=rumble, number=f"90.{n}", sort_key=numbering.sort_key(f"90.{n}"),
             title=f"{WORD.title()} rule {n}", text=f"The {WORD} moves {n} steps.",
             source="Turn Order")
        for n in range(start, start + count)])
    GlossaryTerm.objects.bulk_create([
        GlossaryTerm(game=rumble, slug=f"{WORD}-term-{n}", term=f"{WORD.title()} {n}",
                     definition=f"A {WORD} of kind {n}.", position=1000 + n)
        for n in range(start, start + count)])
    rebuild_search_index()


def query_counts() -> dict[str, int]:
    client, counts = Client(), {}
    for path in PATHS:
        client.get(path)  # per-process caches (the index's vocabulary) filled once
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        counts[path] = len(captured)
    return counts


def test_search_paths_run_as_many_queries_with_200_hits_as_with_5(settings):
    settings.API_ANON_THROTTLE_RATE = None
    build_search_catalog()
    add_matching_rows(0, 5)
    few = query_counts()
    add_matching_rows(5, 195)
    assert query_counts() == few
