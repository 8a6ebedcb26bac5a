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


class ChangeReasonForm(forms.ModelForm):
    """Every admin form asks why; the reason goes into the object's history."""

    change_reason = forms.CharField(
        label="Change reason", max_length=100,
        help_text="Why, and from what source (e.g. “Text from the card photo”). Stored in history.",
        widget=forms.TextInput(attrs={"size": 60}),
    )


class ChangeReasonAdmin:
    """Mixin for SimpleHistoryAdmin: the form's change reason (and the editor) are
    recorded on the object's history record and on those of its inlines."""

    form = ChangeReasonForm

    def get_fieldsets(self, request, obj=None):
        fieldsets = list(super().get_fieldsets(request, obj))
        if not any("change_reason" in (opts.get("fields") or ()) for _, opts in fieldsets):
            fieldsets.append(("Why", {"fields": ("change_reason",)}))
        return fieldsets

    def save_model(self, request, obj, form, change):
        obj._change_reason = form.cleaned_data.get("change_reason")
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        from cardsite.catalog.history import recorded_as

        with recorded_as(form.cleaned_data.get("change_reason") or "Edited in the admin", request.user):
            super().save_related(request, form, formsets, change)
