"""/search/ : one search over cards, rulings, rules and terms; and the suggestions
the search box's autocomplete asks for."""
import re
from collections import namedtuple

from django.core.paginator import Paginator
from django.db.models import Value
from django.db.models.functions import Lower
from django.db.models.lookups import Exact
from django.http import JsonResponse
from django.shortcuts import redirect, render

from cardsite.browse.selectors import card_autocomplete
from cardsite.models import Entry, Game
from cardsite.pages.guard import search_page
from rulesref.search import shapes
from rulesref.search.backends import TextMatch, TextTerm, get_backend, tokens_of
from rulesref.search.compiler import ENTRIES
from rulesref.search.links import card_url
from rulesref.search.syntax import QuerySyntaxError
from rulesref.search.unified import page_of_hits, search_all

PAGE_SIZE = 20  # the API's page size: the page and /api/search/ count and page alike
SUGGEST_LIMIT = 10
SECTION_SIZES = {"card": 8, "rule": 5, "ruling": 5, "term": 4}
KIND_LABELS = {"card": "Cards", "rule": "Rules", "ruling": "Rulings", "term": "Glossary terms"}
ListedGame = namedtuple("ListedGame", "slug short_name")  # the game select and the scope chip
EXACT_NAME = re.compile(r'^!"([^"]+)"$')


def _exact_card_url(q: str) -> str | None:
    """The page of the card a query names exactly (or with Scryfall's !"name"), if
    only one does."""
    quoted = EXACT_NAME.match(q)
    name = (quoted.group(1) if quoted else q).replace("\x00", " ")  # no NUL to PostgreSQL
    tokens = tokens_of(name)
    if not tokens:
        return None
    # The name's words through the search index first: a case-insensitive name
    # comparison alone reads every entry (200 ms at 100k entries). LOWER() rather
    # than iexact: the name stays one unaltered parameter, so the SQL is compiled
    # once (rulesref.search.shapes).
    backend = get_backend()
    values = {"match": backend.expression(TextMatch((TextTerm(tokens, "name"),))),
              "name": name.strip()}
    cards = shapes.fetch(("exact-card",), values, lambda v: Entry.objects.filter(
        backend.match_q(v["match"], ENTRIES), Exact(Lower("name"), Lower(Value(v["name"])))
    ).values_list("game__slug", "slug")[:2])
    return card_url(*cards[0]) if len(cards) == 1 else None


@search_page()
def search(request):
    q = request.GET.get("q", "").strip()
    game = request.GET.get("game") or None
    kind = request.GET.get("kind") if request.GET.get("kind") in KIND_LABELS else None
    games = [ListedGame(*row) for row in shapes.fetch(("game-list",), {}, lambda _: (
        Game.objects.order_by("position", "slug").values_list("slug", "short_name")))]
    unscoped = game == "all"  # "all games": no scope, not even a game named in words
    slugs = {g.slug for g in games}
    if game not in slugs:
        game = None
    # The box on a game's pages searches that game first: unless the words name
    # another game, or the chip's "all games" took the scope off.
    home_game = request.GET.get("in") if request.GET.get("in") in slugs and not unscoped else None
    context = {"q": q, "game": game, "games": games, "hits": [], "warnings": [], "kind": kind,
               "home_game": home_game,
               "kind_label": KIND_LABELS.get(kind, "")}
    if not q:
        return render(request, "search.html", context)
    card = _exact_card_url(q)
    if card is not None and not kind:
        return redirect(card)
    exact = request.GET.get("exact") == "1"
    search = {"q": q, "game": game, "kind": kind, "scope_by_words": not unscoped,
              "correct": not exact, "default_game": home_game}
    try:
        if kind:
            result, ranked = page_of_hits(page=request.GET.get("page"), page_size=PAGE_SIZE,
                                          **search)
        else:
            result = search_all(**search, per_kind=max(SECTION_SIZES.values()))
    except QuerySyntaxError as error:
        context["error"] = syntax_error_context(q, error)
        return render(request, "search.html", context, status=400)
    hits = result.hits
    scope = next((g for g in games if g.slug == result.game), None)
    context.update(hits=hits, warnings=result.warnings, fuzzy=result.fuzzy, scope=scope,
                   understood=result.understood, relaxed=result.relaxed,
                   answer=None if kind else result.answer, total=result.total)
    if kind:
        context["page_obj"] = Paginator(ranked, PAGE_SIZE).get_page(request.GET.get("page"))
    else:
        # The section holding the best hit first ("what is a Legendary Devil?": the
        # glossary term), the others in the order of their best hits, then the rest.
        ranked = list(dict.fromkeys(h["kind"] for h in hits))
        kinds = ranked + [k for k in KIND_LABELS if k not in ranked]
        context["sections"] = [
            {"kind": k, "label": KIND_LABELS[k], "count": result.counts[k],
             "hits": [h for h in hits if h["kind"] == k][:SECTION_SIZES[k]]}
            for k in kinds if result.counts[k]]
    return render(request, "search.html", context)


def syntax_error_context(q: str, error: QuerySyntaxError) -> dict:
    """The message, and the query split at the position the parser stopped."""
    position = getattr(error, "position", None)
    if not isinstance(position, int) or not 0 <= position <= len(q):
        position = len(q)
    message = getattr(error, "message", None) or str(error)
    return {
        "message": message,
        "position": position,
        "before": q[:position],
        "at": q[position:position + 1] or " ",
        "after": q[position + 1:],
    }


@search_page(cost=1)
def suggest(request):
    """Card names for the search box's autocomplete: {"results": [{name, game_name, url}]}."""
    q = request.GET.get("q", "")
    items = card_autocomplete(q=q, limit=SUGGEST_LIMIT)
    return JsonResponse({"results": [
        {"name": i["name"], "game": i["game"], "game_name": i["game_name"], "url": i["url"]}
        for i in items
    ]})
