"""Template context every page needs."""
from cardsite.catalog.games import GAME_SLUGS

# Pages about one game name it in the path (games/<game>/, rules/<game>/...,
# cards/<game>/<slug>/); the lists take it as ?game=.
LISTS_BY_GAME = {"card-list", "ruling-list"}


def search_scope(request) -> dict:
    """``search_in``: the game of the page, which the header's search box searches first."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return {}
    game = match.kwargs.get("game")
    if game is None and match.url_name in LISTS_BY_GAME:
        game = request.GET.get("game")
    return {"search_in": game} if game in GAME_SLUGS else {}
