"""Page-number pagination: count, next, previous, results; page_size up to 100."""
from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response


class ApiPagination(PageNumberPagination):
    """``page_size`` is a whole number of at least 1 (more than 100 gives 100);
    anything else is a 400, where DRF would silently fall back to 20."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None or raw == "":
            return self.page_size
        if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
            raise ValidationError({self.page_size_query_param: [
                f"A whole number from 1 to {self.max_page_size}, not {raw[:20]!r}."]})
        return min(int(raw), self.max_page_size)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1, "default": self.page_size}
                parameter["description"] = (
                    f"Results per page (default {self.page_size}); more than "
                    f"{self.max_page_size} gives {self.max_page_size}; not a whole number "
                    "of at least 1: a 400.")
        return parameters


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
