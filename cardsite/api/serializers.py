"""Serializers of the catalog and rules models: what the API reads and writes.

``null`` is "unknown", as in the database and the catalog file format: a value
the rulebooks do not give is never sent as 0 or "". Writes are validated by
the models (see ModelCleanSerializer), with the admin's messages.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsite import games, validation
from cardsite.api.fields import (
    ComponentSlugField,
    FormListMixin,
    ModelCleanSerializer,
    RefListField,
    api_url,
    page_url,
)
from cardsite.db_contention import locked
from cardsite.images import links as image_links
from cardsite.models import Component, Entry, Game, RollBand
from engine import abilities as ability_language
from engine.core import EngineError
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search import links

GAME_FIELD = {"queryset": Game.objects.all(), "slug_field": "slug"}


class UrlsMixin(serializers.Serializer):
    """``url`` (this object in the API) and ``page_url`` (its HTML page, or null)."""

    url = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()

    def api_args(self, obj) -> tuple:
        raise NotImplementedError

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, obj) -> str:
        name, *args = self.api_args(obj)
        return api_url(self.context.get("request"), name, *args)

    @extend_schema_field({"type": "string", "nullable": True})
    def get_page_url(self, obj) -> str | None:
        return page_url(obj)


# --- references: a short form of an object inside another ----------------------

class EntryRefSerializer(UrlsMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Entry
        fields = ["game", "slug", "name", "kind", "url", "page_url"]

    def api_args(self, obj):
        return ("card-detail", obj.game.slug, obj.slug)


class RuleRefSerializer(UrlsMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Rule
        fields = ["game", "number", "title", "url", "page_url"]

    def api_args(self, obj):
        return ("rule-detail", obj.game.slug, obj.number)


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

    def full_clean_exclude(self):
        return [*super().full_clean_exclude(), "entry"]


class StringList(FormListMixin, serializers.ListField):
    child = serializers.CharField()


@extend_schema_field({k: v for k, v in ability_language.SCHEMA.items() if k != "$schema"})
class AbilitiesField(serializers.JSONField):
    """An entry's abilities in the ability language (fixtures/FORMAT.md, "Abilities")."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        try:
            return ability_language.validate(value)
        except EngineError as exc:
            raise serializers.ValidationError(exc.message, code="bad-ability") from exc


class ReadOnceFields(serializers.Serializer):
    """Reading without building the serializer's fields per instance: a
    ModelSerializer deep-copies and rebuilds its ~30 fields for every serializer
    (each request), more work than reading a page of entries. Here one instance
    per class (and process) builds them, and every read goes through the same
    fields' ``get_attribute`` and ``to_representation``, so the output is the
    same; method fields run on the reading serializer, with its context."""

    _read_fields: list | None = None

    @classmethod
    def read_fields(cls) -> list:
        if cls.__dict__.get("_read_fields") is None:
            cls._read_fields = [(name, f) for name, f in cls(context={}).fields.items()
                                if not f.write_only]
        return cls._read_fields

    def to_representation(self, instance):
        data = {}
        for name, f in self.read_fields():
            if isinstance(f, serializers.SerializerMethodField):
                data[name] = getattr(self, f.method_name)(instance)
                continue
            try:
                attribute = f.get_attribute(instance)
            except serializers.SkipField:
                continue
            data[name] = None if attribute is None else f.to_representation(attribute)
        return data


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


# --- rules, glossary, rulings ------------------------------------------------------

@dataclass(frozen=True)
class RefKind:
    """How a write-only list of catalog-format references becomes an m2m relation."""

    relation: str  # the model's m2m field
    model: type
    lookup: str  # the field a reference names within its game
    label: str
    form: str  # how to write one, for the error message

    def split(self, ref: str, default_game: str) -> tuple[str, str]:
        # "slug" / "game/slug" for entries, "7.3" / "game 7.3" for rules
        game, _, key = ref.strip().rpartition("/" if self.label == "entry" else " ")
        return game or default_game, key

    def resolve(self, refs: list[str], game) -> list:
        found, missing = [], []
        for ref in refs:
            game_slug, key = self.split(ref, game.slug)
            obj = self.model.objects.filter(game__slug=game_slug, **{self.lookup: key}).first()
            (found if obj else missing).append(obj or ref)
        if missing:
            raise serializers.ValidationError(
                [f"No {self.label} {ref!r} (write {self.form})." for ref in missing]
            )
        return found


ENTRY_REFS = RefKind("entries", Entry, "slug", "entry", '"slug" or "game/slug"')
RULE_REFS = RefKind("rules", Rule, "number", "rule", '"7.3" or "game 7.3"')


class RelatedRefsMixin:
    """Write-only ``entry_refs`` / ``rule_refs`` become the m2m relations."""

    ref_fields: dict[str, RefKind] = {}

    def resolve(self, attrs):
        attrs = super().resolve(attrs)
        game = attrs.get("game") or (self.instance.game if self.instance else None)
        errors = {}
        for field, kind in self.ref_fields.items():
            if field in attrs and game is not None:
                try:
                    attrs[field] = kind.resolve(attrs[field], game)
                except serializers.ValidationError as exc:
                    errors[field] = exc.detail
        if errors:
            raise serializers.ValidationError(errors)
        return attrs

    @transaction.atomic
    def create(self, validated_data):
        relations = {f: validated_data.pop(f) for f in self.ref_fields if f in validated_data}
        obj = super().create(validated_data)
        self._set_relations(obj, relations)
        return obj

    @transaction.atomic
    def update(self, instance, validated_data):
        relations = {f: validated_data.pop(f) for f in self.ref_fields if f in validated_data}
        obj = super().update(instance, validated_data)
        self._set_relations(obj, relations)
        return obj

    def _set_relations(self, obj, relations):
        for field, targets in relations.items():
            manager = getattr(obj, self.ref_fields[field].relation)
            # Lock the rows cited before and after (by key, FOR NO KEY UPDATE)
            # before touching the link rows: a delete of one of them locks it first
            # and then deletes its link rows, so taking them in the other order
            # (link rows, then the cited row's key check) could deadlock.
            touched = {t.pk for t in targets} | set(manager.values_list("pk", flat=True))
            list(locked(manager.model.objects.filter(pk__in=touched), no_key=True)
                 .values_list("pk", flat=True))
            manager.set(targets)


class RuleSerializer(UrlsMixin, ModelCleanSerializer):
    game = serializers.SlugRelatedField(**GAME_FIELD)
    parent = serializers.SerializerMethodField()
    html = serializers.CharField(read_only=True, help_text="The text with card names, terms and rule numbers as links.")
    citation = serializers.CharField(read_only=True, help_text='"rumble 7.3".')

    class Meta:
        model = Rule
        fields = ["game", "number", "title", "text", "html", "source", "parent", "citation", "url", "page_url"]

    def api_args(self, obj):
        return ("rule-detail", obj.game.slug, obj.number)

    @extend_schema_field({"type": "string", "nullable": True, "description": "The parent rule's number."})
    def get_parent(self, rule) -> str | None:
        head, _, _ = rule.number.rpartition(".")
        return head or None


class GlossaryTermSerializer(RelatedRefsMixin, UrlsMixin, ModelCleanSerializer):
    game = serializers.SlugRelatedField(**GAME_FIELD)
    aliases = StringList(required=False)
    rules = RuleRefSerializer(many=True, read_only=True)
    rule_refs = RefListField(
        write_only=True, required=False,
        help_text='Rules that define the term: "7.3" (this game) or "rumble 7.3".',
    )
    definition_html = serializers.CharField(read_only=True)
    ref_fields = {"rule_refs": RULE_REFS}
    extra_write_fields = ("rule_refs",)

    class Meta:
        model = GlossaryTerm
        fields = [
            "game", "slug", "term", "definition", "definition_html", "differs", "aliases",
            "rules", "rule_refs", "position", "url", "page_url",
        ]

    def api_args(self, obj):
        return ("term-detail", obj.game.slug, obj.slug)


class ReadingSerializer(serializers.Serializer):
    source = serializers.CharField(help_text="The rulebook section (\"<game>: <section>\" for another game's).")
    reading = serializers.CharField()


@extend_schema_field(ReadingSerializer(many=True))
class ReadingsField(serializers.JSONField):
    """Kept as JSON so that the model's clean() words a wrong shape, as in the admin;
    the values must be text (the search index and the pages read them as text)."""

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        for reading in data if isinstance(data, list) else []:
            values = reading.values() if isinstance(reading, dict) else []
            if any(not isinstance(v, str) or "\x00" in v for v in values):
                raise serializers.ValidationError(
                    'Each reading is {"source": section, "reading": text}, both text.'
                )
        return data


class RulingSerializer(RelatedRefsMixin, UrlsMixin, ModelCleanSerializer):
    """A ruling: ``clarification``, ``conflict`` (readings and the engine's) or ``open-question``."""

    game = serializers.SlugRelatedField(**GAME_FIELD)
    entries = EntryRefSerializer(many=True, read_only=True)
    rules = RuleRefSerializer(many=True, read_only=True)
    entry_refs = RefListField(
        write_only=True, required=False,
        help_text='Entries it concerns: "slug" (this game) or "game/slug".',
    )
    rule_refs = RefListField(
        write_only=True, required=False, help_text='Rules it concerns: "7.3" or "rumble 7.3".'
    )
    readings = ReadingsField(required=False)
    answer_html = serializers.CharField(read_only=True)
    ref_fields = {"entry_refs": ENTRY_REFS, "rule_refs": RULE_REFS}
    extra_write_fields = ("entry_refs", "rule_refs")

    class Meta:
        model = Ruling
        fields = [
            "game", "slug", "kind", "question", "answer", "answer_html", "source", "entries",
            "rules", "entry_refs", "rule_refs", "readings", "engine_reading", "position",
            "created", "updated", "url", "page_url",
        ]
        read_only_fields = ["created", "updated"]

    def api_args(self, obj):
        return ("ruling-detail", obj.game.slug, obj.slug)


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


# --- search ---------------------------------------------------------------------

class SearchHitSerializer(ReadOnceFields):
    kind = serializers.ChoiceField(choices=["card", "ruling", "rule", "term"])
    title = serializers.CharField()
    url = serializers.CharField(help_text="The hit's HTML page.")
    game = serializers.CharField()
    game_name = serializers.CharField()
    snippet_html = serializers.CharField(help_text="Escaped text with <mark> around the matches.")
    score = serializers.FloatField()

    # A hit (rulesref.search.unified) already holds these as plain str and float:
    # the API copies them by key (cardsite.api.pagination.paginated).
    plain_fields = ("kind", "title", "url", "game", "game_name", "snippet_html", "score")


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
