"""/ : the games, one search box, the latest rulings."""
from django.db.models import Count
from django.shortcuts import render

from cardsite.models import Game
from rulesref.models import Ruling

RECENT_RULINGS = 8


def home(request):
    games = Game.objects.annotate(
        entry_count=Count("entries", distinct=True),
    ).order_by("position", "slug")
    recent = Ruling.objects.select_related("game").order_by("-updated", "-pk")[:RECENT_RULINGS]
    return render(request, "home.html", {"games": games, "recent_rulings": recent})
