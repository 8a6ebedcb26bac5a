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
    extra: dict = {}  # the unified search's answer and the query as understood

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        results = response.data.pop("results")
        response.data["warnings"] = list(self.warnings)
        response.data["fuzzy"] = self.fuzzy
        response.data.update(self.extra)
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


class UnifiedSearchPagination(SearchPagination):
    """/api/search/: adds ``answer`` (the rule or ruling that clearly answers, or the
    glossary term a question of what a thing is asks for, as the page's answer box
    shows it, or null) and ``understood`` (the query as it ran)."""

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["answer"] = {
            "type": "object", "nullable": True,
            "description": "The answer box: one sentence that settles the question, with "
            "its source, or null when none does (the hits speak for themselves). For a "
            "question asking a number, yes or no, who or which, or an order, the sentence "
            "of a rule, ruling or glossary term among the first hits that gives it (a "
            "ruling's answer; a rule's or term's sentence, prefixed 'Yes.'/'No.' where it "
            "settles a yes/no question and with the figure asked first; for a question "
            "naming a number of players, the figure for that count from the rule's chart "
            "or its figure per player); for 'how many' of a thing the box holds or 'how many "
            "players', the catalog's fact; for 'what is X', the glossary term; for words "
            "that are no question, a rule or ruling scoring clearly above the next hit.",
            "properties": {
                **{k: {"type": "string"} for k in ("title", "game", "game_name", "text")},
                "kind": {"type": "string", "description": "The source: rule, ruling, term, "
                         "component (a line of the contents list) or game (its player "
                         "count)."},
                "url": {"type": "string", "description": "The source's page."},
                "citation": {"type": "string", "description": "Rule number, ruling or "
                             "rulebook section."},
                "answers": {"type": "string", "enum": ["number", "yes/no", "who/which",
                                                      "order", "definition", ""],
                            "description": "The kind of answer the question asked for "
                            "and this gives ('' for words that are no question)."},
                "answered": {"type": "string", "description": "The question as it was "
                             "understood and answered."},
            },
            "required": list(ANSWER_FIELDS),
        }
        schema["properties"]["understood"] = {
            "type": "object",
            "description": "The query as it ran: stop words dropped, misspellings "
            "corrected, the game named in words (or the game asked for) as its scope.",
            "properties": {
                "text": {"type": "string"},
                "game": {"type": "string", "nullable": True,
                         "description": "The search's scope: the game asked for or named."},
                "game_words": {"type": "string",
                               "description": "How the query named the game ('' if not)."},
                "dropped": {"type": "array", "items": {"type": "string"}},
                "corrections": {"type": "object", "additionalProperties": {"type": "string"},
                                "description": "Typed word -> the index's word."},
                "relaxed": {"type": "boolean",
                            "description": "Too few hits had every word (for a question, "
                            "too few rules, rulings or terms: a card having them only in its "
                            "rulings does not count): hits with some of them follow."},
            },
            "required": ["text", "game", "game_words", "dropped", "corrections", "relaxed"],
        }
        schema["required"] = [*schema["required"], "answer", "understood"]
        return schema


def paginated(view, items, serializer_class, *, result=None, represented: bool = False,
              **context) -> Response:
    """Paginate a queryset or list with the view's paginator and serialize the page.

    ``result``: a search result whose ``warnings`` and ``fuzzy`` go with the page.
    A serializer with ``plain_fields`` (every field a plain value the items already
    hold, as dicts) is read by key, with no serializer built per request.
    ``represented``: the items are already ``serializer_class``'s representations.
    """
    paginator = view.paginator
    if result is not None:
        paginator.warnings, paginator.fuzzy = list(result.warnings), bool(result.fuzzy)
        if isinstance(paginator, UnifiedSearchPagination):
            paginator.extra = unified_extras(result)
    page = paginator.paginate_queryset(items, view.request, view=view)
    if represented:
        return paginator.get_paginated_response(list(page))
    keys = getattr(serializer_class, "plain_fields", None)
    if keys:
        return paginator.get_paginated_response([{k: item[k] for k in keys} for item in page])
    serializer = serializer_class(page, many=True, context={**view.get_serializer_context(), **context})
    return paginator.get_paginated_response(serializer.data)


ANSWER_FIELDS = ("kind", "title", "url", "game", "game_name", "text", "citation", "answers",
                 "answered")


def unified_extras(result) -> dict:
    """``answer`` and ``understood`` of a rulesref.search.unified.UnifiedResult."""
    understood = result.understood
    return {
        "answer": {k: result.answer[k] for k in ANSWER_FIELDS} if result.answer else None,
        "understood": {
            "text": understood.text if understood else result.query.source,
            "game": result.game,
            "game_words": understood.game_words if understood else "",
            "dropped": list(understood.dropped) if understood else [],
            "corrections": dict(understood.corrections) if understood else {},
            "relaxed": bool(result.relaxed),
        },
    }
