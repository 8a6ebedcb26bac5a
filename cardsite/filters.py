"""The card filters shared by the /cards/ page (``filterset.form``) and the API.

``q`` takes the search syntax (rulesref.search.syntax); the other filters are
plain form fields that combine with it. The FilterSet is applied inside
``cardsite.selectors.card_list``, so pages and API share one filtering path.
"""
from __future__ import annotations

import django_filters
from django.db.models import F

from cardsite import games
from cardsite.models import Entry
from rulesref.search import cards as card_search
from rulesref.search.syntax import parse

ORDER_CHOICES = [
    ("name", "Name"), ("-name", "Name, Z to A"),
    ("cost", "Cost, low to high"), ("-cost", "Cost, high to low"),
    ("init", "Initiative, low to high"), ("-init", "Initiative, high to low"),
    ("vp", "Victory points, low to high"), ("-vp", "Victory points, high to low"),
    ("game", "Game"), ("-game", "Game, reversed"),
]


def _choices(values):
    return [(v, v.replace("-", " ").capitalize()) for v in values]


class EntryFilterSet(django_filters.FilterSet):
    q = django_filters.CharFilter(
        method="filter_q", label="Search",
        help_text='Names, text, types and rulings; e.g. t:delivery g:dark init>=14 "deal damage".',
    )
    game = django_filters.ChoiceFilter(field_name="game__slug", choices=_choices(games.GAME_SLUGS))
    kind = django_filters.ChoiceFilter(choices=_choices(games.ENTRY_KINDS))
    type = django_filters.CharFilter(field_name="type", lookup_expr="iexact", label="Type")
    glyph = django_filters.ChoiceFilter(choices=_choices(games.GLYPHS))
    initiative_min = django_filters.NumberFilter(field_name="initiative", lookup_expr="gte")
    initiative_max = django_filters.NumberFilter(field_name="initiative", lookup_expr="lte")
    cost_min = django_filters.NumberFilter(field_name="cost", lookup_expr="gte")
    cost_max = django_filters.NumberFilter(field_name="cost", lookup_expr="lte")
    vp_min = django_filters.NumberFilter(field_name="vp", lookup_expr="gte")
    vp_max = django_filters.NumberFilter(field_name="vp", lookup_expr="lte")
    # Declared last: it replaces the relevance order that ``q`` set.
    order = django_filters.ChoiceFilter(choices=ORDER_CHOICES, method="filter_order", label="Sort")

    class Meta:
        model = Entry
        fields = []

    def __init__(self, *args, fuzzy_ids: list[int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fuzzy_ids = fuzzy_ids  # close names standing in for the free text (card_list)
        self.warnings: list[str] = []
        self.query = parse("")
        self.compiled = None

    def filter_q(self, queryset, name, value):
        # QuerySyntaxError propagates: the caller answers it with a 400 and the position.
        self.query = parse(value)
        searched = card_search.search_entries(queryset, self.query, fuzzy_ids=self.fuzzy_ids)
        self.warnings.extend(searched.warnings)
        self.compiled = searched.compiled
        return searched.queryset

    def filter_order(self, queryset, name, value):
        key = value.lstrip("-")
        return queryset.order_by(*card_search.order_expressions(key, descending=value.startswith("-")))



def type_choices(queryset=None):
    """The distinct entry types, for a select box (one query)."""
    rows = (Entry.objects.all() if queryset is None else queryset).exclude(type=None)
    rows = rows.order_by(F("type").asc())
    return [(t, t.replace("-", " ").capitalize()) for t in rows.values_list("type", flat=True).distinct()]
