"""The public "Add a missing card" pages: no login; CSRF, a honeypot, size limits, a
per-client rate and quotas of waiting photos. Step one takes the photo (and whatever the
sender already typed); step two, at a secret address only the sender holds, shows the
machine's draft as it arrives (polled as JSON), the near duplicates, and the fields to
check before sending. Never cached; nothing of it is public."""
from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from cardsite.api.throttling import client_address
from cardsite.catalog import games
from cardsite.images.uploads import ImageRejected
from cardsite.models import Game
from cardsite.submissions import machine, matching, photos
from cardsite.submissions.models import Submission
from cardsite.submissions.services import Refused, submission_send, submission_start


def _game(slug: str) -> Game:
    return get_object_or_404(Game, slug=slug)


def _components(game: Game):
    return [c for c in game.components.order_by("position", "slug") if c.kind in games.ENTRY_KINDS]


class CardFields(forms.Form):
    name = forms.CharField(max_length=200, required=False, label="Name, as printed")
    type = forms.ChoiceField(required=False)
    initiative = forms.CharField(max_length=3, required=False)
    cost = forms.CharField(max_length=3, required=False)
    text = forms.CharField(max_length=10_000, required=False, label="Text, as printed",
                           widget=forms.Textarea(attrs={"rows": 5}))
    note = forms.CharField(max_length=2000, required=False, label="A note to the reviewers",
                           widget=forms.Textarea(attrs={"rows": 2}))
    contact = forms.CharField(max_length=200, required=False,
                              label="Your e-mail or name (optional)",
                              help_text="Only reviewers see it.")
    # Left empty by people (hidden from them); bots fill every field.
    website = forms.CharField(required=False, label="Leave this empty",
                              widget=forms.TextInput(attrs={"autocomplete": "off",
                                                            "tabindex": "-1"}))

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["type"].choices = [("", "unknown")] + [
            (t.slug, t.label) for t in games.GAME_TYPES.get(game.slug, ())]
        attributes = games.GAME_ATTRIBUTES.get(game.slug, ())
        for number in ("initiative", "cost"):
            if number not in attributes:
                del self.fields[number]
            else:
                self.fields[number].widget.attrs["inputmode"] = "numeric"

    def clean(self):
        data = super().clean()
        if data.get("website"):
            raise forms.ValidationError("This card could not be accepted.")
        return data


class StartForm(CardFields):
    component = forms.ChoiceField(label="Which part of the box")
    front = forms.FileField(label="Photo of the front", widget=forms.ClearableFileInput(
        attrs={"accept": "image/jpeg,image/png,image/webp"}))
    back = forms.FileField(label="Photo of the back (if it has one)", required=False,
                            widget=forms.ClearableFileInput(
                                attrs={"accept": "image/jpeg,image/png,image/webp"}))
    field_order = ["component", "front", "back", "name", "type", "initiative", "cost", "text"]

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, game=game, **kwargs)
        self.components = {c.slug: c for c in _components(game)}
        self.fields["component"].choices = [(c.slug, c.name) for c in self.components.values()]
        for name in ("note", "contact"):
            del self.fields[name]  # asked on the second step

    # A FileField, not an ImageField (which decodes with every Pillow plugin): the images
    # upload checks decide what is an image.
    def clean_front(self):
        return self.files.get("front")

    def clean_back(self):
        return self.files.get("back")


def _status(submission: Submission) -> dict:
    reading = submission.reading or {}
    return {
        "status": submission.reading_status,
        "label": submission.get_reading_status_display(),
        "note": submission.reading_note,
        "fields": {k: {"value": v, "confidence": round(c, 2)}
                   for k, (v, c) in machine.reading_fields(reading).items()},
        "name_hint": reading.get("name_hint"),
        "abilities": machine.describe(reading.get("abilities") or []),
        "finished": submission.reading_status not in (Submission.Reading.QUEUED,
                                                      Submission.Reading.RUNNING),
    }


@never_cache
def start(request, game: str):
    game_obj = _game(game)
    form = StartForm(request.POST or None, request.FILES or None, game=game_obj,
                     initial={"component": request.GET.get("component", ""),
                              "name": request.GET.get("name", "")[:200]})
    context = {"game": game_obj, "form": form, "ocr": machine.ocr_available(),
               "games": Game.objects.order_by("position", "slug")}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            fields = {k: data.get(k) for k in ("name", "type", "text") if data.get(k)}
            for number in ("initiative", "cost"):
                if str(data.get(number) or "").strip().isdigit():
                    fields[number] = int(data[number])
            try:
                submission = submission_start(
                    game=game_obj, component=form.components[data["component"]],
                    front=data["front"], back=data.get("back"), fields=fields,
                    address=client_address(request))
            except ImageRejected as rejected:
                form.add_error(None, rejected.message)
            except Refused as refused:
                context["refused"] = refused
                response = TemplateResponse(request, "submissions/start.html", context, status=429)
                response["Retry-After"] = str(refused.retry_after)
                return response
            else:
                return redirect(submission.draft_url())
    return TemplateResponse(request, "submissions/start.html", context, status=status)


def _own(game: str, token: str) -> Submission:
    submission = Submission.objects.select_related("game", "component", "entry").filter(
        game__slug=game, token=token).first()
    if submission is None:
        raise Http404("No such submission.")
    return submission


@never_cache
def draft(request, game: str, token: str):
    submission = _own(game, token)
    initial = {f: getattr(submission, f) for f in ("name", "type", "initiative", "cost", "text")}
    if submission.reading_status == Submission.Reading.DONE:  # the draft fills what is empty
        for name, (value, _) in machine.reading_fields(submission.reading).items():
            if initial.get(name) in (None, ""):
                initial[name] = value
    form = CardFields(request.POST or None, game=submission.game, initial=initial)
    status = 200
    if request.method == "POST" and submission.status == Submission.Status.DRAFT:
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                submission_send(submission=submission, data=data, contact=data["contact"],
                                note=data["note"])
                return redirect(submission.draft_url())
            except ValidationError as error:
                for field, messages in error.message_dict.items():
                    form.add_error(field if field in form.fields else None, messages)
    found = matching.near_duplicates(game=game, name=form["name"].value() or "",
                                     photo_hash=submission.photo_hash, exclude=submission.pk)
    context = {"submission": submission, "game": submission.game, "form": form,
               "reading": _status(submission), "duplicates": matching.public_view(found),
               "faces": list(submission.photo_keys())}
    return TemplateResponse(request, "submissions/draft.html", context, status=status)


@never_cache
@require_safe
def reading(request, game: str, token: str):
    """The machine's draft so far, and the near duplicates of ``?name=``: the form polls it."""
    submission = _own(game, token)
    name = request.GET.get("name", submission.name)[:200]
    found = matching.near_duplicates(game=game, name=name, photo_hash=submission.photo_hash,
                                     exclude=submission.pk)
    return JsonResponse({**_status(submission), "duplicates": matching.public_view(found)})


def photo_response(submission: Submission, face: str) -> HttpResponse:
    key = submission.photo_keys().get(face)
    if not key:
        raise Http404("No such photo.")
    try:
        data = photos.read(key)
    except FileNotFoundError:
        raise Http404("No such photo.") from None
    response = HttpResponse(data, content_type="image/jpeg")
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_safe
def photo(request, game: str, token: str, face: str):
    return photo_response(_own(game, token), face)
