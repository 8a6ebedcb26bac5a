"""The card filters shared by the /cards/ page (``filterset.form``) and the API.

``q`` takes the search syntax (rulesref.search.syntax); the other filters are
plain form fields that combine with it. The FilterSet is applied inside
``cardsite.browse.selectors.card_list``, so pages and API share one filtering path.
"""
from __future__ import annotations

import copy

import django_filters
from django import forms
from django.db.models import F

from cardsite.catalog import games
from cardsite.models import Entry
from rulesref.search import cards as card_search
from rulesref.search import shapes
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


def one_of(choices) -> dict:
    """A choice filter's refusal naming the values it takes, as the API's other
    choice parameters say it (cardsite.api.base.choice): '"colour" is not one of: ...'."""
    return {"invalid_choice": f'"%(value)s" is not one of: {", ".join(v for v, _ in choices)}.'}


class WholeNumberFilter(django_filters.NumberFilter):
    """The counted attributes are whole numbers (the schema says integer): 1.5 is a 400."""

    field_class = forms.IntegerField


class EntryFilterSet(django_filters.FilterSet):
    q = django_filters.CharFilter(
        method="filter_q", label="Search",
        help_text='Names, text, types and rulings; e.g. t:delivery g:dark init>=14 "deal damage".',
    )
    game = django_filters.ChoiceFilter(field_name="game__slug", choices=_choices(games.GAME_SLUGS),
                                       error_messages=one_of(_choices(games.GAME_SLUGS)))
    kind = django_filters.ChoiceFilter(choices=_choices(games.ENTRY_KINDS),
                                       error_messages=one_of(_choices(games.ENTRY_KINDS)))
    type = django_filters.CharFilter(field_name="type", lookup_expr="iexact", label="Type")
    glyph = django_filters.ChoiceFilter(choices=_choices(games.GLYPHS),
                                        error_messages=one_of(_choices(games.GLYPHS)))
    initiative_min = WholeNumberFilter(field_name="initiative", lookup_expr="gte")
    initiative_max = WholeNumberFilter(field_name="initiative", lookup_expr="lte")
    cost_min = WholeNumberFilter(field_name="cost", lookup_expr="gte")
    cost_max = WholeNumberFilter(field_name="cost", lookup_expr="lte")
    vp_min = WholeNumberFilter(field_name="vp", lookup_expr="gte")
    vp_max = WholeNumberFilter(field_name="vp", lookup_expr="lte")
    # Declared last: it replaces the relevance order that ``q`` set.
    order = django_filters.ChoiceFilter(choices=ORDER_CHOICES, method="filter_order", label="Sort",
                                        error_messages=one_of(ORDER_CHOICES))

    class Meta:
        model = Entry
        fields = []

    def __init__(self, *args, fuzzy_ids: list[int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fuzzy_ids = fuzzy_ids  # close names standing in for the free text (card_list)
        self.warnings: list[str] = []
        self.query = parse("")
        self.compiled = None

    def get_form_class(self):
        # django-filter builds a new form class (every filter's form field) for each
        # FilterSet, three per card search; the fields are the same every time (no
        # filter's choices depend on the request), and each form copies them anyway.
        cls = type(self)
        if cls.__dict__.get("_form_class") is None:
            cls._form_class = super().get_form_class()
        return cls._form_class

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



class _CopiedShallow(dict):
    """Filters that each FilterSet copies one by one instead of deep-copying: a
    deep copy (each filter's choices, labels and form field) was a fifth of a card
    search's time. Our filters keep no per-request state of their own but the
    ``parent`` and ``model`` django-filter sets on each copy."""

    def __deepcopy__(self, memo):
        copies = {}
        for name, original in self.items():
            copies[name] = copy.copy(original)
            if original.method is not None:  # re-bound: the method must find this copy's parent
                copies[name].method = original.method
        return copies


EntryFilterSet.base_filters = _CopiedShallow(EntryFilterSet.base_filters)


def type_choices():
    """The distinct entry types, for a select box (one query, compiled once)."""
    rows = shapes.fetch(("entry-types",), {}, lambda _: Entry.objects.exclude(type=None).order_by(
        F("type").asc()).values_list("type", flat=True).distinct())
    return [(t, t.replace("-", " ").capitalize()) for (t,) in rows]
