"""Admin form fields: lists of short texts edited as one comma-separated line."""
from __future__ import annotations

from django import forms


class StringListField(forms.CharField):
    """["ATTACK", "ONGOING"] shown and typed as "ATTACK, ONGOING"."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", "Comma-separated.")
        super().__init__(*args, **kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return ", ".join(value)
        return value

    def to_python(self, value):
        if isinstance(value, list):
            return value
        text = super().to_python(value) or ""
        return [part.strip() for part in text.split(",") if part.strip()]

    def has_changed(self, initial, data):
        return (initial or []) != self.to_python(data)
