"""/search/ : one search over cards, rulings, rules and terms; and the suggestions
the search box's autocomplete asks for."""
from django.http import JsonResponse
from django.shortcuts import redirect, render

from cardsite.models import Game
from cardsite.pages.guard import search_page
from cardsite.selectors import card_autocomplete
from rulesref.search.syntax import QuerySyntaxError
from rulesref.search.unified import search_all

SEARCH_LIMIT = 50
SUGGEST_LIMIT = 10


@search_page()
def search(request):
    q = request.GET.get("q", "").strip()
    game = request.GET.get("game") or None
    games = list(Game.objects.only("slug", "short_name"))
    if game not in {g.slug for g in games}:
        game = None
    context = {"q": q, "game": game, "games": games, "hits": [], "warnings": []}
    if not q:
        return render(request, "search.html", context)
    try:
        result = search_all(q=q, game=game, limit=SEARCH_LIMIT)
    except QuerySyntaxError as error:
        context["error"] = syntax_error_context(q, error)
        return render(request, "search.html", context, status=400)
    hits = list(result.hits)
    # One answer and nothing to warn about: go straight to it, like a lookup.
    if len(hits) == 1 and not result.warnings:
        return redirect(hits[0]["url"])
    context.update(hits=hits, warnings=result.warnings, fuzzy=result.fuzzy,
                   kinds=_kind_counts(hits))
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


def _kind_counts(hits):
    counts = {}
    for hit in hits:
        counts[hit["kind"]] = counts.get(hit["kind"], 0) + 1
    return counts


@search_page(cost=1)
def suggest(request):
    """Card names for the search box's autocomplete: {"results": [{name, game_name, url}]}."""
    q = request.GET.get("q", "")
    items = card_autocomplete(q=q, limit=SUGGEST_LIMIT)
    return JsonResponse({"results": [
        {"name": i["name"], "game": i["game"], "game_name": i["game_name"], "url": i["url"]}
        for i in items
    ]})
