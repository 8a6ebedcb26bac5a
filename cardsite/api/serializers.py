"""Serializers of the catalog models: what the API reads and writes (the rules
reference's are in rulesref.api.serializers).

``null`` is "unknown", as in the database and the catalog file format: a value
the rulebooks do not give is never sent as 0 or "". Writes are validated by
the models (see ModelCleanSerializer), with the admin's messages.
"""
from __future__ import annotations

from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsite.api.fields import (
    GAME_FIELD,
    ComponentSlugField,
    EntryRefSerializer,
    FormObjectList,
    ModelCleanSerializer,
    ReadOnceFields,
    StringList,
    UrlsMixin,
    api_url,
)
from cardsite.catalog import games, validation
from cardsite.images import links as image_links
from cardsite.models import Component, Entry, Game, RollBand
from engine import abilities as ability_language
from engine.core import EngineError
from rulesref.api.serializers import RuleRefSerializer, RulingSerializer
from rulesref.search import links

# --- games -----------------------------------------------------------------------

class CoverageSerializer(serializers.Serializer):
    entries = serializers.IntegerField(help_text="Entries of this component in the catalog.")
    with_text = serializers.IntegerField(help_text="Of those, how many have their ability text.")
    with_image = serializers.IntegerField(help_text="Of those, how many have an image (front or "
                                                    "back); the others are drawn as proxies.")


class ComponentSerializer(serializers.ModelSerializer):
    count = serializers.IntegerField(
        allow_null=True, help_text="The count printed in the rulebook; null: not given (unknown)."
    )
    coverage = serializers.SerializerMethodField()

    class Meta:
        model = Component
        fields = ["slug", "name", "count", "kind", "group", "breakdown", "source", "notes", "coverage"]

    @extend_schema_field(CoverageSerializer)
    def get_coverage(self, component) -> dict:
        return coverage_of(self.context, component.game_id, component.slug)


def coverage_of(context, game_id, component_slug) -> dict:
    counts = context.get("coverage", {}).get((game_id, component_slug), {})
    return {key: counts.get(key, 0) for key in ("entries", "with_text", "with_image")}


class GameCountsSerializer(serializers.Serializer):
    components = serializers.IntegerField()
    entries = serializers.IntegerField()
    rules = serializers.IntegerField()
    rulings = serializers.IntegerField()
    terms = serializers.IntegerField()


class GameSerializer(UrlsMixin, serializers.ModelSerializer):
    components = ComponentSerializer(many=True, read_only=True)
    counts = serializers.SerializerMethodField()
    other_entries = serializers.SerializerMethodField()
    attributes = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            "slug", "name", "short_name", "family", "players", "summary", "rulebook",
            "attributes", "counts", "components", "other_entries", "url", "page_url",
        ]

    @extend_schema_field(CoverageSerializer(help_text="Coverage of the entries in no component."))
    def get_other_entries(self, game) -> dict:
        return coverage_of(self.context, game.pk, None)

    def api_args(self, obj):
        return ("game-detail", obj.slug)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_attributes(self, game) -> list[str]:
        return list(games.GAME_ATTRIBUTES.get(game.slug, ()))

    @extend_schema_field(GameCountsSerializer)
    def get_counts(self, game) -> dict:
        return {
            "components": len(game.components.all()),
            "entries": game.n_entries, "rules": game.n_rules,
            "rulings": game.n_rulings, "terms": game.n_terms,
        }


# --- entries ---------------------------------------------------------------------

class RollBandSerializer(ModelCleanSerializer):
    label = serializers.CharField(read_only=True, help_text='"1-4", "5", "10+".')

    class Meta:
        model = RollBand
        fields = ["low", "high", "label", "effect", "keep"]
        list_serializer_class = FormObjectList

    def full_clean_exclude(self):
        return [*super().full_clean_exclude(), "entry"]


@extend_schema_field({k: v for k, v in ability_language.SCHEMA.items() if k != "$schema"})
class AbilitiesField(serializers.JSONField):
    """An entry's abilities in the ability language (fixtures/FORMAT.md, "Abilities")."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        try:
            return ability_language.validate(value)
        except EngineError as exc:
            raise serializers.ValidationError(exc.message, code="bad-ability") from exc


class FaceUrisSerializer(serializers.Serializer):
    small = serializers.URLField(help_text="146 x 204, for thumbnails.")
    normal = serializers.URLField(help_text="488 x 680.")
    large = serializers.URLField(help_text="672 x 936.")
    original = serializers.URLField(help_text="The uploaded image re-encoded, without metadata.")


class ImageUrisSerializer(serializers.Serializer):
    front = FaceUrisSerializer(allow_null=True, help_text="null: no image of this face.")
    back = FaceUrisSerializer(allow_null=True, help_text="null: no image of this face.")


class EntrySerializer(ReadOnceFields, UrlsMixin, ModelCleanSerializer):
    """A catalog entry. Writes: ``bands``, when given, replace the entry's bands."""

    game = serializers.SlugRelatedField(**GAME_FIELD)
    component = ComponentSlugField(
        required=False, allow_null=True, help_text="Slug of the game's component it belongs to."
    )
    keywords = StringList(required=False)
    aliases = StringList(required=False)
    bands = RollBandSerializer(many=True, required=False)
    abilities = AbilitiesField(required=False, help_text="The card's effects as data; empty: "
                               "not scripted (applied by hand).")
    unknown = serializers.SerializerMethodField()
    not_applicable = serializers.SerializerMethodField()
    image_status = serializers.SerializerMethodField()
    image_uris = serializers.SerializerMethodField()
    extra_write_fields = ("bands",)

    class Meta:
        model = Entry
        fields = [
            "game", "slug", "name", "kind", "component", "type", "glyph", "symbol",
            "initiative", "cost", "vp", "body", "mind", "strength", "copies", "keywords",
            "text", "flavor", "aliases", "bands", "abilities", "source", "notes", "position",
            "unknown", "not_applicable", "image_status", "image_uris", "updated", "url",
            "page_url",
        ]
        read_only_fields = ["updated"]

    def api_args(self, obj):
        return ("card-detail", obj.game.slug, obj.slug)

    # URLs from templates reversed once: two reverse() per entry cost more than the rest.
    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, obj) -> str:
        path = links.url("api:card-detail", "/api/cards/{0}/{1}/", obj.game.slug, obj.slug)
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    @extend_schema_field({"type": "string", "nullable": True})
    def get_page_url(self, obj) -> str | None:
        return links.card_url(obj.game.slug, obj.slug)

    @extend_schema_field(StringList(
        help_text="Attributes that apply to this entry's type but that the rulebooks do not give."))
    def get_unknown(self, entry) -> list[str]:
        shown = games.applicable_attributes(entry.game.slug, entry.type, entry.kind)
        return [name for name in shown if getattr(entry, name) is None]

    @extend_schema_field(StringList(
        help_text="Attribute fields that do not apply to this entry's type (e.g. initiative on a "
                  "Rumble Source): their null means not applicable, not unknown."))
    def get_not_applicable(self, entry) -> list[str]:
        return games.not_applicable(entry.game.slug, entry.type, entry.kind)

    @extend_schema_field(serializers.ChoiceField(
        choices=["missing", "photo", "scan"],
        help_text="missing: no image (pages draw a proxy); photo: a player's photo; scan: flat, "
                  "high quality. The front's, else the back's."))
    def get_image_status(self, entry) -> str:
        return image_links.image_status(entry)

    @extend_schema_field(ImageUrisSerializer(
        help_text="Absolute URLs of each face's renditions (JPEG; cached forever: a URL names "
                  "its content), null for a face without an image."))
    def get_image_uris(self, entry) -> dict:
        return image_links.image_uris(entry, self.context.get("request"))

    def resolve(self, attrs):
        overlaps = validation.band_problems(
            [(band.get("low"), band.get("high")) for band in attrs.get("bands") or []]
        )
        if overlaps:
            raise serializers.ValidationError({"bands": [
                f"band {index + 1} {key}: {message}" for index, key, message in overlaps
            ]})
        if "component" in attrs and attrs["component"] is not None:
            game = attrs.get("game") or (self.instance.game if self.instance else None)
            component = Component.objects.filter(game=game, slug=attrs["component"]).first()
            if component is None:
                raise serializers.ValidationError(
                    {"component": f"No component {attrs['component']!r} in {game.slug if game else 'this game'}."}
                )
            attrs["component"] = component
        return attrs

    @transaction.atomic
    def create(self, validated_data):
        bands = validated_data.pop("bands", [])
        entry = super().create(validated_data)
        self._write_bands(entry, bands)
        return entry

    @transaction.atomic
    def update(self, instance, validated_data):
        bands = validated_data.pop("bands", None)
        entry = super().update(instance, validated_data)
        if bands is not None:
            entry.bands.all().delete()
            self._write_bands(entry, bands)
        return entry

    @staticmethod
    def _write_bands(entry, bands):
        for position, band in enumerate(bands):
            RollBand.objects.create(entry=entry, position=position, **band)


class NeighboursSerializer(serializers.Serializer):
    previous = EntryRefSerializer(allow_null=True)
    next = EntryRefSerializer(allow_null=True)


class EntryDetailSerializer(EntrySerializer):
    """One entry with its rulings, the rules that mention it and its neighbours."""

    def to_representation(self, instance):
        # DRF's own path: the nested serializers need this serializer's context.
        return serializers.ModelSerializer.to_representation(self, instance)

    rulings = RulingSerializer(many=True, read_only=True)
    mentioned_in_rules = RuleRefSerializer(many=True, read_only=True)
    neighbours = serializers.SerializerMethodField()

    class Meta(EntrySerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "rulings", "mentioned_in_rules", "neighbours"]

    @extend_schema_field(NeighboursSerializer)
    def get_neighbours(self, entry) -> dict:
        previous, following = self.context.get("neighbours", (None, None))
        context = {"request": self.context.get("request")}
        return {
            "previous": EntryRefSerializer(previous, context=context).data if previous else None,
            "next": EntryRefSerializer(following, context=context).data if following else None,
        }


class AutocompleteItemSerializer(serializers.Serializer):
    name = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    slug = serializers.CharField()
    kind = serializers.CharField()
    type = serializers.CharField(allow_null=True)
    url = serializers.CharField(help_text="The entry's HTML page.")
    api_url = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.URI)
    def get_api_url(self, item) -> str:
        return api_url(self.context.get("request"), "card-detail", item["game"], item["slug"])


class AutocompleteSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = AutocompleteItemSerializer(many=True)
