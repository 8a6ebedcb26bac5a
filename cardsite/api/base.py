"""What every API view shares: cached reads, staff-only writes, query checks."""
from __future__ import annotations

from rest_framework import serializers

from cardsite import games
from cardsite.api.caching import HttpCachingMixin
from cardsite.api.permissions import StaffWritesOrReadOnly
from cardsite.api.schema import labelled
from rulesref.search.syntax import LIMITS


class ApiView(HttpCachingMixin):
    """Mix into every API view (before the DRF class)."""

    permission_classes = [StaffWritesOrReadOnly]

    def query_params(self, serializer_class) -> dict:
        """The query string checked by a serializer (400 naming the bad parameter)."""
        params = serializer_class(data=self.request.query_params)
        params.is_valid(raise_exception=True)
        return {k: v for k, v in params.validated_data.items() if v not in (None, "")}


def choice(values, help_text):
    """An optional query parameter taking one of ``values`` (400 naming them)."""
    return serializers.ChoiceField(
        choices=labelled(values), required=False, help_text=help_text,
        error_messages={"invalid_choice": f'"{{input}}" is not one of: {", ".join(values)}.'},
    )


class GameParam(serializers.Serializer):
    game = choice(games.GAME_SLUGS, "Only this game.")


class SearchParam(serializers.Serializer):
    q = serializers.CharField(
        # No max_length: the parser checks the length with the other query limits
        # (a bad_query 400 with the position).
        required=False, allow_blank=True, trim_whitespace=True,
        help_text='Words to search for, in the search syntax: free words, "phrases", -word, or, '
        "parentheses (card fields such as t: or init>= apply to cards only); at most "
        f"{LIMITS.length} characters.",
    )
