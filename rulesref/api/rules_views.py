"""rulings/, rules/ and glossary/: the rules reference, through rulesref.selectors."""
from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.exceptions import NotFound

from cardsite.api.base import ApiView, GameParam, SearchParam, choice
from cardsite.api.concurrency import LockedWritesMixin
from cardsite.catalog.games import RULING_KINDS
from cardsite.web.db_contention import locked
from rulesref import selectors
from rulesref.api.serializers import GlossaryTermSerializer, RuleSerializer, RulingSerializer
from rulesref.models import Rule
from rulesref.search.budget import within_budget


class RulingParams(GameParam, SearchParam):
    entry = serializers.RegexField(
        r"^([a-z0-9-]+/)?[a-z0-9-]+$", required=False, max_length=200,
        help_text='Only rulings about this entry: "game/slug" (or "slug" with game).',
    )
    kind = choice(RULING_KINDS, "Only this kind of ruling.")


class RuleParams(GameParam, SearchParam):
    number = serializers.RegexField(
        r"^[0-9]+(\.[0-9]+)*$", required=False, max_length=20,
        help_text='This rule and the rules below it ("7" gives 7, 7.1, 7.1.2 ...).',
    )


class GlossaryParams(GameParam, SearchParam):
    pass


def _write_schemas(noun: str) -> dict:
    return {
        "create": extend_schema(summary=f"Add a {noun} (staff token)"),
        "update": extend_schema(summary=f"Replace a {noun} (staff token)"),
        "partial_update": extend_schema(summary=f"Change some fields of a {noun} (staff token)"),
        "destroy": extend_schema(summary=f"Delete a {noun} (staff token)"),
    }


class RulesRefViewSet(ApiView, LockedWritesMixin, viewsets.ModelViewSet):
    """Shared lookup: objects are addressed by their game and a key within it."""

    lookup_field = "slug"
    params_class: type[serializers.Serializer]

    def get_object(self):
        game, key = self.kwargs["game"], self.kwargs[self.lookup_field]
        obj = self.get_queryset().filter(game__slug=game, **{self.lookup_field: key}).first()
        if obj is None:
            noun = self.get_queryset().model._meta.verbose_name
            raise NotFound(f"No {noun} {key!r} in game {game!r}.")
        self.check_object_permissions(self.request, obj)
        return obj

    def get_queryset(self):
        return self.related(self.serializer_class.Meta.model.objects.all())

    @within_budget
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        if self.action != "list":
            return queryset
        return self.related(self.select(self.query_params(self.params_class)))


@extend_schema_view(
    list=extend_schema(summary="Rulings: clarifications, conflicts and open questions",
                       parameters=[RulingParams]),
    retrieve=extend_schema(summary="One ruling"),
    **_write_schemas("ruling"),
)
class RulingViewSet(RulesRefViewSet):
    """Rulings (FAQ) of the four games. `kind` is `clarification` (the rulebook settles
    it), `conflict` (two passages disagree: both `readings` with their sections, and
    `engine_reading`, the one the rules engine follows) or `open-question` (the
    rulebooks leave it open: the readings and the engine's default). Each ruling links
    the entries and rules it concerns. Writes take `entry_refs` / `rule_refs`."""

    serializer_class = RulingSerializer
    params_class = RulingParams

    def related(self, rulings):
        return rulings.select_related("game").prefetch_related("entries__game", "rules__game")

    def select(self, params):
        entry = params.get("entry")
        if entry and "/" not in entry and params.get("game"):
            entry = f"{params['game']}/{entry}"
        return selectors.ruling_list(
            game=params.get("game"), entry=entry, kind=params.get("kind"), q=params.get("q", "")
        )


@extend_schema_view(
    list=extend_schema(summary="Numbered rules", parameters=[RuleParams]),
    retrieve=extend_schema(summary="One rule"),
    **_write_schemas("rule"),
)
class RuleViewSet(RulesRefViewSet):
    """The numbered rules reference of each game (`rumble 7.3`), in our words, each
    rule citing the rulebook section it comes from (`source`); `html` is the text
    with card names, glossary terms and rule numbers as links."""

    serializer_class = RuleSerializer
    params_class = RuleParams
    lookup_field = "number"

    def related(self, rules):
        return rules.select_related("game")

    def rows_to_lock(self, rule):
        # Deleting a rule deletes the rules below it, and saving one checks its
        # parent: lock the whole top-level family, parents first, so a PATCH of
        # 7.3 and a DELETE of 7 queue instead of deadlocking.
        top = rule.number.split(".")[0]
        return locked(Rule.objects.filter(
            Q(number=top) | Q(number__startswith=f"{top}."), game_id=rule.game_id,
        ), "sort_key")

    def select(self, params):
        rules = selectors.rule_list(game=params.get("game"), q=params.get("q", ""))
        number = params.get("number")
        if number:
            rules = rules.filter(Q(number=number) | Q(number__startswith=f"{number}."))
        return rules


@extend_schema_view(
    list=extend_schema(summary="Glossary terms", parameters=[GlossaryParams]),
    retrieve=extend_schema(summary="One game's meaning of a term"),
    **_write_schemas("glossary term"),
)
class GlossaryViewSet(RulesRefViewSet):
    """Glossary terms, one per game and meaning. The same word in several games has the
    same `slug` in each (`wild-magic`, `standee`, `creature`): `differs` says how the
    meanings differ. `rules` are the rules that define it."""

    serializer_class = GlossaryTermSerializer
    params_class = GlossaryParams

    def related(self, terms):
        return terms.select_related("game").prefetch_related("rules__game")

    def select(self, params):
        terms = selectors.term_list(q=params.get("q", ""))
        if params.get("game"):
            terms = terms.filter(game__slug=params["game"])
        return terms
