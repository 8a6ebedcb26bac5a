"""games/ and cards/: the catalog, searched through the same selectors as the pages."""
from __future__ import annotations

import random

from django.db.models import (
    Count,
    IntegerField,
    OuterRef,
    Prefetch,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from cardsite.api import entry_json
from cardsite.api.base import ApiView, choice
from cardsite.api.caching import no_store
from cardsite.api.concurrency import LockedWritesMixin, object_version
from cardsite.api.errors import ApiError, ErrorSerializer
from cardsite.api.pagination import SearchPagination, paginated
from cardsite.api.serializers import (
    AutocompleteItemSerializer,
    AutocompleteSerializer,
    EntryDetailSerializer,
    EntryRefSerializer,
    EntrySerializer,
    GameSerializer,
)
from cardsite.browse import selectors
from cardsite.browse.filters import ORDER_CHOICES, EntryFilterSet
from cardsite.catalog.games import GAME_SLUGS
from cardsite.models import Component, Entry, Game
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.budget import within_budget

# Query parameters that belong to pagination and rendering, not to the FilterSet.
NOT_FILTERS = {"page", "page_size", "format"}


def _count_of(model):
    rows = model.objects.filter(game=OuterRef("pk")).order_by().values("game")
    return Coalesce(Subquery(rows.annotate(n=Count("pk")).values("n"), output_field=IntegerField()), 0)


def _coverage_by_component(game: str | None) -> dict:
    """(game id, component slug or None for entries outside any component)
    -> {"entries", "with_text", "with_image"}, from the shared selector."""
    return {
        (row["game_id"], row["component"]): {
            key: row[key] for key in ("entries", "with_text", "with_image")}
        for row in selectors.game_coverage(game=game)
    }


@extend_schema_view(
    list=extend_schema(summary="List the games"),
    retrieve=extend_schema(summary="One game"),
)
class GameViewSet(ApiView, viewsets.ReadOnlyModelViewSet):
    """The four games, each with its components (the rulebook's contents lists with the
    printed counts), how many entries of each component the catalog has and how many of
    those have their text (coverage), and the numbers of entries, rules, rulings and terms."""

    serializer_class = GameSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "game"

    def get_queryset(self):
        return Game.objects.annotate(
            n_entries=_count_of(Entry), n_rules=_count_of(Rule),
            n_rulings=_count_of(Ruling), n_terms=_count_of(GlossaryTerm),
        ).prefetch_related(Prefetch("components", Component.objects.order_by("position", "slug")))

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["coverage"] = _coverage_by_component(self.kwargs.get("game"))
        return context


class NamedParams(serializers.Serializer):
    fuzzy = serializers.CharField(
        max_length=200, help_text="A name, possibly misspelt or partial (\"tentakiler\")."
    )
    game = choice(GAME_SLUGS, "Only look in this game.")


class AutocompleteParams(serializers.Serializer):
    q = serializers.CharField(
        required=False, allow_blank=True, max_length=200,
        help_text="The start of a name (or any part of it); under 2 characters gives nothing.",
    )


def _card_filters(query_params) -> tuple[str, dict]:
    """Split the query string into q and the FilterSet's other filters.

    ``ordering`` is accepted as another name for the FilterSet's ``order``: an
    unknown value is a 400 naming the parameter sent and the values it takes, and
    ``ordering`` given with a different ``order`` is a 400 (neither is ignored).
    """
    filters = {k: v for k, v in query_params.items() if k not in NOT_FILTERS}
    query = filters.pop("q", "")
    sent_as = "order"
    if "ordering" in filters:
        ordering = filters.pop("ordering")
        if filters.setdefault("order", ordering) != ordering:
            raise serializers.ValidationError({"ordering": [
                f'"{ordering}" and order "{filters["order"]}" disagree: give one of them.']})
        sent_as = "ordering" if "order" not in query_params else "order"
    if not filters and "\x00" not in query:  # q alone: the form would check only for NUL
        return query, filters
    # The page drops an invalid filter value; the API says so (400), checked by
    # the same FilterSet's form before anything is queried.
    form = EntryFilterSet(data={**filters, "q": query}, queryset=Entry.objects.none()).form
    if not form.is_valid():
        raise serializers.ValidationError({
            sent_as if name == "order" else name: list(messages)
            for name, messages in form.errors.items()})
    return query, filters


@extend_schema_view(
    list=extend_schema(
        summary="Search the catalog",
        parameters=[OpenApiParameter(
            "ordering", str, description="Same as `order` (another name for it): a value not "
            "listed is a 400 naming the ones it takes, and so is `ordering` given with a "
            "different `order`.",
            enum=[value for value, _label in ORDER_CHOICES],
        )],
    ),
    retrieve=extend_schema(summary="One entry, with its rulings, roll bands and neighbours",
                           responses=EntryDetailSerializer),
    create=extend_schema(summary="Add an entry (staff token)"),
    update=extend_schema(summary="Replace an entry (staff token)"),
    partial_update=extend_schema(summary="Change some fields of an entry (staff token)"),
    destroy=extend_schema(summary="Delete an entry (staff token)"),
)
class CardViewSet(ApiView, LockedWritesMixin, viewsets.ModelViewSet):
    """Catalog entries: cards, tokens, tiles, standees and characters of the four games.

    `q` takes the search syntax of the /cards/ page (free words, `"phrases"`, `game:`,
    `t:`, `g:`, `init>=10`, `-term`, `or`, parentheses, `order:` ...): a term that is
    not understood is ignored and named in `warnings`; a query that cannot be parsed
    is a 400 with the `position` where parsing stopped. The other filters combine
    with `q`. `null` in a field means the rulebooks do not give that value.
    """

    serializer_class = EntrySerializer
    pagination_class = SearchPagination
    # The FilterSet is applied by cardsite.browse.selectors.card_list (the pages' path);
    # naming it here documents its parameters in the schema.
    filter_backends = [DjangoFilterBackend]
    filterset_class = EntryFilterSet

    def get_queryset(self):
        return Entry.objects.select_related("game", "component").prefetch_related("bands", "images")

    def takes_ordering(self) -> bool:
        return self.action in ("list", "random")

    @within_budget
    def list(self, request, *args, **kwargs):
        query, filters = _card_filters(request.query_params)
        page = request.query_params.get(self.paginator.page_query_param)
        # Only the requested page is fetched (its count from the same ranking query);
        # a page number that is not one is still DRF's 404.
        result, entries = selectors.card_list_page(
            query=query, filters=filters, page=page if str(page or "").isdigit() else 1,
            per_page=self.paginator.get_page_size(request), fetch=entry_json.fetcher(self))
        return paginated(self, entries, EntrySerializer, result=result, represented=True)

    def get_object(self):
        game, slug = self.kwargs["game"], self.kwargs["slug"]
        try:
            entry = selectors.card_detail(game=game, slug=slug)
        except Entry.DoesNotExist:
            raise NotFound(f"No entry {slug!r} in game {game!r}.") from None
        self.check_object_permissions(self.request, entry)
        return entry

    def retrieve(self, request, *args, **kwargs):
        entry = self.get_object()
        return self.with_version(Response(self.detail_data(entry)), entry)

    def version_of(self, entry) -> str:
        # The version of what GET shows (with rulings and neighbours), so that the
        # ETag also serves conditional GETs.
        return object_version(self.detail_data(entry))

    def detail_data(self, entry) -> dict:
        """An entry with rulings and neighbours; each ruling's entries fetched at once."""
        prefetch_related_objects([entry], "rulings__entries__game")
        context = {**self.get_serializer_context(), "neighbours": selectors.card_neighbours(entry)}
        return EntryDetailSerializer(entry, context=context).data

    @extend_schema(
        summary="The best match for a (misspelt) name",
        parameters=[NamedParams],
        responses={200: EntryDetailSerializer, 404: OpenApiResponse(
            ErrorSerializer, description="No close match; `suggestions` lists up to five near ones.",
        )},
    )
    @action(detail=False, methods=["get"], filter_backends=[], pagination_class=None)
    @within_budget
    def named(self, request):
        """The entry whose name best matches `fuzzy` (misspellings, partial names, aliases);
        404 with up to five `suggestions` when nothing is close enough."""
        params = self.query_params(NamedParams)
        entry, suggestions = selectors.card_named(fuzzy=params["fuzzy"], game=params.get("game"))
        if entry is None:
            refs = EntryRefSerializer(suggestions[:5], many=True, context=self.get_serializer_context())
            raise ApiError(
                f"No entry named like {params['fuzzy']!r}.", status_code=404, code="not_found",
                suggestions=refs.data,
            )
        return Response(self.detail_data(selectors.card_detail(game=entry.game.slug, slug=entry.slug)))

    @extend_schema(
        summary="Up to 20 names for a search box",
        parameters=[AutocompleteParams], responses=AutocompleteSerializer,
    )
    @action(detail=False, methods=["get"], filter_backends=[], pagination_class=None)
    @within_budget
    def autocomplete(self, request):
        """Up to 20 entries whose names match `q` (prefix first), for a search box;
        nothing for fewer than 2 characters."""
        q = self.query_params(AutocompleteParams).get("q", "").strip()
        results = selectors.card_autocomplete(q=q, limit=20) if len(q) >= 2 else []
        items = AutocompleteItemSerializer(results[:20], many=True, context=self.get_serializer_context())
        return Response({"count": len(items.data), "results": items.data})

    @extend_schema(
        summary="A random entry",
        parameters=[OpenApiParameter("q", str, description="Only among entries matching this query.")],
        responses=EntryDetailSerializer,
    )
    @action(detail=False, methods=["get"], pagination_class=None)
    @within_budget
    def random(self, request):
        """A random entry, among those matching `q` and the filters when given
        (404 when none match). Never cached."""
        query, filters = _card_filters(request.query_params)
        entries = selectors.card_list(query=query, filters=filters).entries
        total = entries.count()
        if not total:
            raise NotFound("No entry matches these filters.")
        picked = entries[random.randrange(total)]
        entry = selectors.card_detail(game=picked.game.slug, slug=picked.slug)
        return no_store(Response(self.detail_data(entry)))
