"""/rules/<game>/ (the whole numbered reference) and /rules/<game>/<number>/ (one rule)."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from cardsite.models import Game
from rulesref.models import Rule
from rulesref.selectors import rule_list


def _neighbour_games(game: Game):
    games = list(Game.objects.only("slug", "short_name", "position"))
    index = next(i for i, g in enumerate(games) if g.pk == game.pk)
    previous = games[index - 1] if index > 0 else None
    following = games[index + 1] if index + 1 < len(games) else None
    return previous, following


def rule_list_page(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    rules = list(rule_list(game=game_obj.slug))
    previous, following = _neighbour_games(game_obj)
    return render(request, "rules/list.html", {
        "game": game_obj,
        "rules": rules,
        "sections": [r for r in rules if r.depth == 0],
        "previous_game": previous,
        "next_game": following,
    })


def rule_page(request, game, number):
    game_obj = get_object_or_404(Game, slug=game)
    rules = Rule.objects.filter(game=game_obj)
    rule = rules.filter(number=number).prefetch_related(
        "mentions", "terms", "rulings__game",
    ).first()
    if rule is None:
        raise Http404(f"No rule {game} {number}.")
    children = list(rules.filter(sort_key__startswith=rule.sort_key + ".").order_by("sort_key"))
    previous = rules.filter(sort_key__lt=rule.sort_key).order_by("-sort_key").first()
    following = rules.filter(sort_key__gt=rule.sort_key).exclude(
        sort_key__startswith=rule.sort_key + ".").order_by("sort_key").first()
    return render(request, "rules/detail.html", {
        "game": game_obj,
        "rule": rule,
        "children": children,
        "ancestors": _ancestors(rules, rule),
        "previous": previous,
        "next": following,
    })


def _ancestors(rules, rule):
    numbers, parts = [], rule.number.split(".")
    for i in range(1, len(parts)):
        numbers.append(".".join(parts[:i]))
    return list(rules.filter(number__in=numbers).order_by("sort_key")) if numbers else []
