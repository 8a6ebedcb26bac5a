"""Page-number pagination: count, next, previous, results; page_size up to 100."""
from __future__ import annotations

from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response


class ApiPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class SearchPagination(ApiPagination):
    """Search results: adds ``warnings`` (the parts of q that were not understood
    and were ignored) and ``fuzzy`` (nothing matched the words: close names stand
    in for them). The view sets both before paginating."""

    warnings: list[str] = []
    fuzzy = False

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        results = response.data.pop("results")
        response.data["warnings"] = list(self.warnings)
        response.data["fuzzy"] = self.fuzzy
        response.data["results"] = results
        return response

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["warnings"] = {
            "type": "array",
            "items": {"type": "string"},
            "description": "Parts of q that were not understood and were ignored, "
            "each naming the valid fields or values.",
        }
        schema["properties"]["fuzzy"] = {
            "type": "boolean",
            "description": "True when nothing matched the words of q and the results are "
            "the closest names instead.",
        }
        schema["required"] = [*schema.get("required", []), "warnings", "fuzzy"]
        return schema


def paginated(view, items, serializer_class, *, result=None, **context) -> Response:
    """Paginate a queryset or list with the view's paginator and serialize the page.

    ``result``: a search result whose ``warnings`` and ``fuzzy`` go with the page.
    """
    paginator = view.paginator
    if result is not None:
        paginator.warnings, paginator.fuzzy = list(result.warnings), bool(result.fuzzy)
    page = paginator.paginate_queryset(items, view.request, view=view)
    serializer = serializer_class(page, many=True, context={**view.get_serializer_context(), **context})
    return paginator.get_paginated_response(serializer.data)
