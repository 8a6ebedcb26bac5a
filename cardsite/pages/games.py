"""/games/<game>/ : components with counts, coverage, the way to rules and glossary."""
from django.db.models import Count, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404, render

from cardsite.browse.selectors import game_coverage
from cardsite.catalog import abilities
from cardsite.models import Component, Entry, Game
from cardsite.pages.game_actions import game_actions
from rulesref.models import GlossaryTerm, Rule, Ruling


def _count_of(model):
    """How many ``model`` rows a game has, as a subquery (joining three
    one-to-many tables at once would multiply their rows)."""
    rows = model.objects.filter(game=OuterRef("pk")).order_by().values("game")
    return Coalesce(Subquery(rows.annotate(n=Count("pk")).values("n")), 0)


def game_page(request, game):
    game_obj = get_object_or_404(
        Game.objects.annotate(
            rule_count=_count_of(Rule), term_count=_count_of(GlossaryTerm),
            ruling_count=_count_of(Ruling),
        ),
        slug=game,
    )
    components = list(Component.objects.filter(game=game_obj).prefetch_related(
        Prefetch("entries", queryset=Entry.objects.only("pk", "slug", "name", "component_id"))
    ))
    groups = {}
    for component in components:
        groups.setdefault(component.group, []).append(component)
    loose = list(Entry.objects.filter(game=game_obj, component__isnull=True).only(
        "pk", "slug", "name", "kind", "game_id"))
    return render(request, "games/detail.html", {
        "game": game_obj,
        "groups": groups,
        "loose_entries": loose,
        "coverage": game_coverage(game=game_obj.slug),
        "ability_coverage": abilities.game_coverage(game_obj),
        "actions": game_actions(game_obj.slug),
    })
