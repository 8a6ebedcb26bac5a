"""The public "Suggest a correction" page: no login; CSRF, a honeypot, size limits and
a per-client rate limit keep it from being a spam inlet. Never cached."""
from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from rest_framework.throttling import BaseThrottle

from cardsite.editorial.field_choices import field_choices, matched_choice
from cardsite.editorial.suggestions import (
    SuggestionRefused,
    fields_for,
    shown_value,
    suggestion_submit,
)
from cardsite.models import Entry
from rulesref.models import Rule, Ruling

LABELS = {"vp": "Victory points", "text": "Ability text"}


class SuggestionForm(forms.Form):
    field = forms.ChoiceField(label="What is wrong or missing")
    proposed_value = forms.CharField(
        label="The right value", max_length=4000, required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="As printed. Leave empty to say the value is not known.")
    source = forms.CharField(
        label="Where it comes from", max_length=1000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="A rulebook section, a link to a photo of the card, or the printed text.")
    contact = forms.CharField(label="Your e-mail or name (optional)", max_length=200, required=False,
                              help_text="Only editors see it, to ask you about the suggestion.")
    # Left empty by people (it is hidden from them); bots fill every field.
    website = forms.CharField(required=False, label="Leave this empty",
                              widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}))

    def __init__(self, *args, target_object, **kwargs):
        super().__init__(*args, **kwargs)
        self.target_object = target_object
        fields = fields_for(target_object)
        self.fields["field"].choices = [
            (f, LABELS.get(f, f.replace("_", " ").capitalize())) for f in fields]
        # Fields with a fixed list (type, glyph): offered as a list, a typed value matched.
        self.choices = {f: values for f, values in field_choices(target_object).items()
                        if f in fields} if isinstance(target_object, Entry) else {}

    def clean(self):
        data = super().clean()
        if data.get("website"):
            raise forms.ValidationError("This suggestion could not be accepted.")
        if data.get("field") in self.choices:
            try:
                data["proposed_value"] = matched_choice(
                    self.target_object, data["field"], data.get("proposed_value", "")) or ""
            except ValidationError as error:
                self.add_error("proposed_value", error.message_dict[data["field"]])
        return data


def _target(kind: str, game: str, key: str):
    if kind == "card":
        return get_object_or_404(Entry.objects.select_related("game"), game__slug=game, slug=key)
    if kind == "rule":
        return get_object_or_404(Rule.objects.select_related("game"), game__slug=game, number=key)
    if kind == "ruling":
        return get_object_or_404(Ruling.objects.select_related("game"), game__slug=game, slug=key)
    raise Http404("Nothing to suggest a correction for.")


@never_cache
def suggest(request, kind: str, game: str, key: str):
    target = _target(kind, game, key)
    form = SuggestionForm(request.POST or None, target_object=target)
    context = {"target": target, "kind": kind, "form": form, "choices": form.choices,
               "current": {f: shown_value(getattr(target, f)) for f in fields_for(target)}}
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            context["suggestion"] = suggestion_submit(
                target_object=target, field=data["field"], proposed_value=data["proposed_value"],
                source=data["source"], contact=data["contact"],
                address=BaseThrottle().get_ident(request))  # honours API_NUM_PROXIES
        except SuggestionRefused as refused:
            context["refused"] = refused
            status = 429
    elif request.method == "POST":
        status = 400
    response = TemplateResponse(request, "editorial/suggest.html", context, status=status)
    if status == 429:
        response["Retry-After"] = str(context["refused"].retry_after)
    return response
