"""What every API view shares: cached reads, staff-only writes, query checks."""
from __future__ import annotations

from django.urls import path
from rest_framework import serializers

from cardsite.api.caching import HttpCachingMixin
from cardsite.api.permissions import StaffWritesOrReadOnly
from cardsite.api.schema import labelled
from cardsite.catalog import games
from rulesref.search.syntax import LIMITS


class ApiView(HttpCachingMixin):
    """Mix into every API view (before the DRF class)."""

    permission_classes = [StaffWritesOrReadOnly]

    def takes_ordering(self) -> bool:
        """Whether this request's answer can be sorted by ``order``/``ordering``
        (the card list's); elsewhere either is a 400, not silently ignored."""
        return False

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        refuse_empty_parameters(request.query_params)
        if not self.takes_ordering():
            refuse_ordering(request.query_params)

    def query_params(self, serializer_class) -> dict:
        """The query string checked by a serializer's fields (a 400 naming each bad
        parameter, as ``is_valid`` gives). The fields are built once per class
        (and process): a serializer deep-copies its fields for every instance, more
        work than checking two parameters. Our parameter serializers have no
        ``validate`` methods; a class that needs one gets the serializer's own path."""
        data = self.request.query_params
        if _has_validators(serializer_class):
            params = serializer_class(data=data)
            params.is_valid(raise_exception=True)
            validated = params.validated_data
        else:
            validated, errors = {}, {}
            for name, field in _param_fields(serializer_class):
                try:
                    validated[name] = field.run_validation(field.get_value(data))
                except serializers.ValidationError as error:
                    errors[name] = error.detail
                except serializers.SkipField:
                    pass
            if errors:
                raise serializers.ValidationError(errors)
        return {k: v for k, v in validated.items() if v not in (None, "")}


# Free text may be empty (everything); any other parameter with an empty value
# (``?game=``) is refused rather than read as "any": the schema says minLength 1.
EMPTY_ALLOWED = frozenset({"q"})


def refuse_empty_parameters(params) -> None:
    empty = {name: ["An empty value: leave the parameter out to mean any."]
             for name, values in params.lists()
             if name not in EMPTY_ALLOWED and any(not v.strip() for v in values)}
    if empty:
        raise serializers.ValidationError(empty)


ORDER_PARAMETERS = ("order", "ordering")


def refuse_ordering(params) -> None:
    sent = [name for name in ORDER_PARAMETERS if name in params]
    if sent:
        raise serializers.ValidationError({name: [
            "This answer has a fixed order and takes no ordering; only the card list "
            "(/api/cards/) is sorted by order or ordering."] for name in sent})


_PARAM_FIELDS: dict[type, list] = {}


def _param_fields(serializer_class) -> list:
    if serializer_class not in _PARAM_FIELDS:
        _PARAM_FIELDS[serializer_class] = [
            (name, field) for name, field in serializer_class().fields.items() if not field.read_only]
    return _PARAM_FIELDS[serializer_class]


_HAS_VALIDATORS: dict[type, bool] = {}


def _has_validators(serializer_class) -> bool:
    # A field's own validate_<name> method, not any name starting so: every
    # serializer has Field.validate_empty_values, which sent them all the slow way.
    if serializer_class not in _HAS_VALIDATORS:
        _HAS_VALIDATORS[serializer_class] = (
            serializer_class.validate is not serializers.Serializer.validate
            or any(callable(getattr(serializer_class, f"validate_{name}", None))
                   for name in serializer_class._declared_fields))
    return _HAS_VALIDATORS[serializer_class]


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


# Objects are addressed by game and key, so routes are listed, not built by a router.
LIST = {"get": "list", "post": "create"}
DETAIL = {"get": "retrieve", "put": "update", "patch": "partial_update", "delete": "destroy"}


def crud(prefix: str, viewset, name: str, key: str) -> list:
    """The list and detail routes of a viewset whose objects are keyed by game and ``key``."""
    return [
        path(f"{prefix}/", viewset.as_view(LIST), name=f"{name}-list"),
        path(f"{prefix}/<slug:game>/<{key}>/", viewset.as_view(DETAIL), name=f"{name}-detail"),
    ]
