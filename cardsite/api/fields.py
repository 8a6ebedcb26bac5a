"""Serializer building blocks shared by the API's serializers."""
from __future__ import annotations

import json

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import connection, models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.urls import NoReverseMatch, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.utils import html

from cardsite.models import Entry, Game


def api_url(request, name: str, *args) -> str:
    path = reverse(f"api:{name}", args=args)
    return request.build_absolute_uri(path) if request is not None else path


def page_url(obj) -> str | None:
    """The object's HTML page, or None while the pages are not wired up."""
    try:
        return obj.get_absolute_url()
    except NoReverseMatch:
        return None


def _integer_validators(model_field) -> list:
    """The field's validators, with PostgreSQL's column range in place of the current
    database's (SQLite's is wider), so both databases accept the same numbers."""
    internal = model_field.get_internal_type()
    db_low, db_high = connection.ops.integer_field_range(internal)
    own = [
        v for v in model_field.validators
        if not (isinstance(v, MinValueValidator) and v.limit_value == db_low)
        and not (isinstance(v, MaxValueValidator) and v.limit_value == db_high)
    ]
    low, high = BaseDatabaseOperations.integer_field_ranges.get(internal, (None, None))
    if low is not None and not any(isinstance(v, MinValueValidator) for v in own):
        own.append(MinValueValidator(low))
    if high is not None and not any(isinstance(v, MaxValueValidator) for v in own):
        own.append(MaxValueValidator(high))
    return own


class TextOnly:
    """A text field that takes text only: DRF's CharField turns 12 into "12", which
    the schema (type: string) and the importer both call not text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(TextOnly, serializers.CharField):
    pass


class StrictSlugField(TextOnly, serializers.SlugField):
    pass


class ModelCleanSerializer(serializers.ModelSerializer):
    """Writes validated by the model itself (``full_clean``), as in the admin.

    The messages are the admin's: the model's bounded validators with their
    reasons, ``clean()``, and the unique constraints. DRF's own copies of those
    checks are turned off so they do not answer first with other words.
    """

    # Keys of validated data that are not model fields (nested or relation lists).
    extra_write_fields: tuple[str, ...] = ()

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField, models.TextField: StrictCharField,
        models.SlugField: StrictSlugField,
    }

    def build_standard_field(self, field_name, model_field):
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        if isinstance(model_field, models.IntegerField):
            # Keep the model's own validators (their messages give the reason)
            # instead of DRF's min_value/max_value with a generic message.
            kwargs.pop("min_value", None)
            kwargs.pop("max_value", None)
            kwargs["validators"] = _integer_validators(model_field)
        return field_class, kwargs

    def get_validators(self):
        return []  # unique constraints: full_clean reports them as the admin does

    def model_instance(self, attrs):
        """The instance as it would be saved (without touching the database)."""
        if self.instance is None:
            instance = self.Meta.model()
        else:
            instance = self.Meta.model.objects.filter(pk=self.instance.pk).first()
            if instance is None:
                raise NotFound(f"The {self.Meta.model._meta.verbose_name} was deleted meanwhile.")
        for key, value in attrs.items():
            if key not in self.extra_write_fields:
                setattr(instance, key, value)
        return instance

    def resolve(self, attrs):
        """Turn references (slugs) into objects before the model checks; may raise."""
        return attrs

    def full_clean_exclude(self) -> list[str]:
        # As the admin's form: fields that are not edited are not validated.
        return [f.name for f in self.Meta.model._meta.fields if not f.editable]

    def validate(self, attrs):
        attrs = self.resolve(super().validate(attrs))
        self.model_instance(attrs).full_clean(exclude=self.full_clean_exclude())
        return attrs


@extend_schema_field(OpenApiTypes.STR)
class ComponentSlugField(serializers.Field):
    """A component by its slug; resolved within the entry's game in validate()."""

    def to_representation(self, value):
        return value.slug

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError("Expected a component slug (text) or null.")
        return data


class FormListMixin:
    """A list field in a form or multipart body: repeated keys (``aliases=a&aliases=b``),
    or one value that is a JSON array (``aliases=["a", "b"]``). One value that is JSON
    of another shape (``{}``) is refused as not a list, not stored as a text."""

    def get_value(self, dictionary):
        if html.is_html_input(dictionary) and self.field_name in dictionary:
            values = dictionary.getlist(self.field_name)
            if len(values) == 1 and values[0].lstrip()[:1] in ("[", "{"):
                try:
                    return json.loads(values[0])
                except ValueError:
                    pass
        return super().get_value(dictionary)


class FormObjectList(serializers.ListSerializer):
    """A list of objects (an entry's ``bands``) in a form or multipart body: DRF reads
    only ``bands[0]low=...`` keys there, so a plain ``bands=...`` was dropped in
    silence. One value that is a JSON array is read as the list; any other plain value
    is handed on as it is, and refused as not a list of objects (a 400 naming it)."""

    def get_value(self, dictionary):
        if html.is_html_input(dictionary) and self.field_name in dictionary:
            values = dictionary.getlist(self.field_name)
            if len(values) == 1:
                try:
                    return json.loads(values[0])
                except ValueError:
                    pass
            return values
        return super().get_value(dictionary)


class RefListField(FormListMixin, serializers.ListField):
    """Catalog-format references: ``slug`` / ``7.3`` in the same game, or
    ``game/slug`` / ``game 7.3`` for another game's object."""

    child = serializers.CharField()


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


class StringList(FormListMixin, serializers.ListField):
    child = serializers.CharField()


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
