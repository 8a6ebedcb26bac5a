"""Serializers of the rules reference: rules, glossary terms, rulings and search hits.

``null`` is "unknown", as in the database and the catalog file format. Writes
are validated by the models (cardsite.api.fields.ModelCleanSerializer), with
the admin's messages; ``entry_refs`` / ``rule_refs`` name other objects as the
catalog file does.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsite.api.fields import (
    GAME_FIELD,
    EntryRefSerializer,
    ModelCleanSerializer,
    ReadOnceFields,
    RefListField,
    StringList,
    UrlsMixin,
)
from cardsite.api.schema import text_pattern
from cardsite.models import Entry
from cardsite.web.db_contention import locked
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.numbering import NUMBER_RE


class RuleRefSerializer(UrlsMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Rule
        fields = ["game", "number", "title", "url", "page_url"]

    def api_args(self, obj):
        return ("rule-detail", obj.game.slug, obj.number)


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
    # For the schema: what Rule.clean() takes as a number.
    schema_fields = {"number": {"pattern": NUMBER_RE.pattern}}

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
    schema_closed = True  # (the schema's) Ruling.clean() takes these two keys, no other


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
    # For the schema: Ruling.clean() refuses a blank source though its column may be
    # blank. (Not "required": a PUT without it keeps the stored one; a POST without it
    # is a 400, which the schema cannot say per method.)
    schema_fields = {"source": {"minLength": 1, "pattern": text_pattern(blank=False),
                                "description": "Rulebook section cited; needed to create a ruling."}}
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
