"""/ : what a player comes for: one search box, the games (read them, play them), rulings."""
from django.db.models import Case, Count, F, Value, When, Window
from django.db.models.functions import RowNumber
from django.shortcuts import render

from cardsite.models import Game
from cardsite.pages.game_actions import game_actions, sandbox_url
from rulesref.models import Ruling

RECENT_RULINGS = 8


def rulings_to_show(limit: int = RECENT_RULINGS) -> list[Ruling]:
    """Answered rulings first (open questions and conflicts only fill what is left), the
    games taking turns, each game's newest first: one game's batch of open questions, or
    of anything, must not fill the list. One query, however many are answered."""
    newest = ("-updated", "-pk")
    unsettled = Case(When(kind="clarification", then=Value(0)), default=Value(1))
    rulings = (Ruling.objects.select_related("game")
               .annotate(unsettled=unsettled,
                         turn=Window(RowNumber(), partition_by=[F("game_id"), unsettled],
                                     order_by=newest))
               .filter(turn__lte=limit)
               .order_by("unsettled", "turn", "game__position", "game__slug"))
    return list(rulings[:limit])


def home(request):
    games = list(Game.objects.annotate(
        entry_count=Count("entries", distinct=True),
    ).order_by("position", "slug"))
    for game in games:
        game.actions = game_actions(game.slug)
    return render(request, "home.html", {
        "games": games, "recent_rulings": rulings_to_show(),
        "sandbox_url": sandbox_url(),
    })
