"""search/: one ranked search over cards, rulings, rules and glossary terms."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers

from cardsite.api.base import ApiView, GameParam, choice
from cardsite.api.pagination import UnifiedSearchPagination, paginated
from rulesref.api.serializers import SearchHitSerializer
from rulesref.search.budget import within_budget
from rulesref.search.syntax import LIMITS
from rulesref.search.unified import KINDS, page_of_hits


class SearchParams(GameParam):
    # The length is checked by the parser with the other query limits (a bad_query
    # 400 with its position); max_length here would answer first, without one.
    q = serializers.CharField(help_text=f"What to look for (the search syntax; at most "
                              f"{LIMITS.length} characters).")


class SearchKindParams(SearchParams):
    kind = choice(KINDS, "Only hits of this kind (the search page's sections).")


class SearchView(ApiView, generics.GenericAPIView):
    """One search over cards, rulings, rules and glossary terms, ranked (name matches
    first), each hit with a `snippet_html` where the matched words are in `<mark>`.
    Questions typed as sentences work: `understood` says how the query ran (stop
    words dropped, corrections, the game named in words as the scope) and
    `answer` is the rule, ruling or glossary term that clearly answers, if one does
    (a term for "what is X", or for a figure or a yes/no its entry states). Terms that
    are not understood are named in `warnings`; a query that cannot be parsed is
    a 400 with the `position` where parsing stopped."""

    pagination_class = UnifiedSearchPagination
    serializer_class = SearchHitSerializer

    def get_queryset(self):
        return []  # hits come from search_all; the browsable API asks for a queryset

    @extend_schema(summary="Search everything", parameters=[SearchKindParams],
                   responses=SearchHitSerializer(many=True))
    @within_budget
    def get(self, request):
        params = self.query_params(SearchKindParams)
        # Only the requested page is ranked out of the index and built (the count
        # comes with it); a page number that is not one is DRF's 404, as before.
        page = request.query_params.get(self.paginator.page_query_param) or 1
        result, ranked = page_of_hits(
            page=page if str(page).isdigit() else 1, page_size=self.paginator.get_page_size(request),
            q=params["q"], game=params.get("game"), kind=params.get("kind"))
        return paginated(self, ranked, SearchHitSerializer, result=result)
