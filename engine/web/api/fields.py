"""Strict JSON fields for checker requests: a number must be a JSON number.

DRF's fields coerce ("5" becomes 5, 1 becomes True); a checker answers a
wrong type with a 400 naming the field instead, as the engine does.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"invalid": "must be a whole number (a JSON number, not text)."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "must be true or false."}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    default_error_messages = {"invalid": "must be text."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictChoiceField(serializers.ChoiceField):
    """A choice among strings or numbers, without DRF's str()-matching ("2" is not 2)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not any(
                type(data) is type(choice) and data == choice for choice in self.choices):
            choices = ", ".join(str(choice) for choice in self.choices)
            raise serializers.ValidationError(f"{data!r} is not one of: {choices}.",
                                              code="invalid_choice")
        return data


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}],
                      "description": "Replays the same dice and shuffles."})
class SeedField(serializers.Field):
    default_error_messages = {"invalid": "must be a whole number or text."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | str):
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


@extend_schema_field({"oneOf": [{"type": "integer", "minimum": 1, "maximum": 6},
                                {"type": "array", "items": {"type": "integer", "minimum": 1,
                                                            "maximum": 6}}]})
class DieRollsField(serializers.Field):
    """One die roll or a list of them (used in order, for repeated roll-offs)."""

    default_error_messages = {"invalid": "must be a die roll 1-6 or a list of them."}

    def to_internal_value(self, data):
        values = data if isinstance(data, list) else [data]
        if not values or len(values) > 100 or any(
                isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in values):
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


@extend_schema_field({"oneOf": [
    {"type": "integer", "minimum": 0},
    {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
     "description": 'Token labels such as "DWT 11" (labelled tokens may score differently).'},
]})
class TokensField(serializers.Field):
    """A token count, or the list of token labels (the engine reads the labels)."""

    default_error_messages = {"invalid": "must be a count or a list of token labels."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | list):
            self.fail("invalid")
        if isinstance(data, int) and data < 0:
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


def _labels_of(kind: str) -> dict:
    """TokensField's schema for one kind of token: the labels the engine reads
    (engine.deckbuilder.scoring._LABEL: 'DWT 11', 'dwt-11', '11'), so that a label
    it refuses is not schema-valid."""
    letters = "".join(f"[{c}{c.lower()}]" for c in kind)
    space = r" \t\n\r\f\v"
    return {"oneOf": [
        {"type": "integer", "minimum": 0},
        {"type": "array", "items": {"oneOf": [
            {"type": "string", "pattern": rf"^[{space}]*({letters})?[{space}_#-]*[0-9]+[{space}]*$"},
            {"type": "integer"}]},
         "description": f'Token labels such as "{kind} 11" (labelled tokens may score differently).'},
    ]}


@extend_schema_field(_labels_of("DWT"))
class DeadWizardTokensField(TokensField):
    """Dead Wizard Tokens: a count or labels such as "DWT 11"."""


@extend_schema_field(_labels_of("DAM"))
class DamnedWizardTokensField(TokensField):
    """Damned Wizard Tokens: a count or labels such as "DAM 3"."""


__all__ = ["DamnedWizardTokensField", "DeadWizardTokensField", "DieRollsField", "SeedField",
           "StrictBooleanField", "StrictCharField", "StrictChoiceField", "StrictIntegerField",
           "TokensField"]
