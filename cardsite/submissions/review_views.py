"""The reviewers' pages (the Reviewer role's review_suggestion permission): the queue, one
submission side by side (photo, machine reading, the sender's fields, near duplicates,
drafted abilities) with approve / merge / reject, and the editors' zip of photos."""
from __future__ import annotations

import zipfile

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from cardsite.editorial.admin_views import _render, staff_view
from cardsite.images.uploads import ImageRejected
from cardsite.images.zips import IMAGE_SUFFIXES, ZipRejected, open_zip
from cardsite.models import Entry, Game
from cardsite.submissions import machine, matching
from cardsite.submissions.models import Submission, SubmissionBatch
from cardsite.submissions.services import (
    FIELDS,
    submission_approve,
    submission_merge,
    submission_reject,
    submission_start,
)
from cardsite.submissions.views import CardFields, _components, photo_response

REVIEW = "editorial.review_suggestion"


@staff_view(REVIEW)
def queue(request):
    status = request.GET.get("status", Submission.Status.PENDING)
    items = Submission.objects.select_related("game", "component", "batch").exclude(
        status=Submission.Status.DRAFT)
    batch = request.GET.get("batch", "")
    if batch.isdigit():
        items = items.filter(batch_id=int(batch))
    counts = {s: items.filter(status=s).count() for s in Submission.Status.values
              if s != Submission.Status.DRAFT}
    return _render(request, "submissions/queue.html", "Submitted cards",
                   items=items.filter(status=status)[:200], status=status, counts=counts,
                   statuses=[(v, label) for v, label in Submission.Status.choices
                             if v != Submission.Status.DRAFT])


@staff_view(REVIEW)
def photo(request, pk: int, face: str):
    return photo_response(get_object_or_404(Submission, pk=pk), face)


@staff_view(REVIEW)
def review(request, pk: int):
    submission = get_object_or_404(Submission.objects.select_related(
        "game", "component", "entry", "reviewed_by", "batch"), pk=pk)
    form = CardFields(request.POST or None, game=submission.game,
                      initial={f: getattr(submission, f) for f in FIELDS})
    if request.method == "POST" and submission.status == Submission.Status.PENDING:
        action = request.POST.get("action")
        try:
            if action == "approve" and form.is_valid():
                entry = submission_approve(submission=submission, user=request.user,
                                           data=form.cleaned_data,
                                           with_abilities=bool(request.POST.get("abilities")))
                messages.success(request, f"Approved: {entry.name} is now an entry.")
                return redirect(entry.get_absolute_url())
            if action == "merge":
                entry = get_object_or_404(Entry, pk=request.POST.get("into") or 0)
                submission_merge(submission=submission, user=request.user, entry=entry)
                messages.success(request, f"Merged into {entry.name}.")
                return redirect(entry.get_absolute_url())
            if action == "reject":
                submission_reject(submission=submission, user=request.user,
                                  reason=request.POST.get("reason", ""))
                messages.success(request, f"Submission #{submission.pk} rejected.")
                return redirect(reverse("submission-queue"))
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
    reading = machine.reading_fields(submission.reading)
    # drafted from the form's text: the sender's, or the reviewer's edit ("redraft" shows it)
    drafted = machine.draft(form["text"].value(), game=submission.game.slug,
                            type_slug=form["type"].value() or None, name=form["name"].value())
    found = matching.near_duplicates(game=submission.game.slug, name=submission.name,
                                     photo_hash=submission.photo_hash, exclude=submission.pk)
    rows = [(name, reading.get(name), getattr(submission, name)) for name in FIELDS
            if name in form.fields]
    return _render(request, "submissions/review.html", f"Submission #{submission.pk}",
                   submission=submission, form=form, rows=rows, found=found,
                   drafted=machine.describe(drafted), drafted_raw=drafted,
                   faces=list(submission.photo_keys()))


class BatchForm(forms.Form):
    game = forms.ChoiceField()
    component = forms.CharField(required=False, help_text="The component's slug (optional).")
    file = forms.FileField(help_text="A zip of photos of cards (.jpg, .png, .webp), one card each.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in Game.objects.order_by("position")]


@staff_view("cardsite.add_entry")
def batch_upload(request):
    """Each photo of the zip becomes a pending submission, read and drafted by the worker,
    reviewed in the queue as one batch."""
    form = BatchForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        game = Game.objects.get(slug=form.cleaned_data["game"])
        component = next((c for c in _components(game)
                          if c.slug == form.cleaned_data["component"].strip()), None)
        upload = form.cleaned_data["file"]
        try:
            archive, members = open_zip(upload.read())
        except ZipRejected as rejected:
            problems.append(rejected.message)
        else:
            if not members:
                problems.append("The zip holds no files.")
        if not problems:
            batch = SubmissionBatch.objects.create(user=request.user, game=game,
                                                   component=component, filename=upload.name[:200])
            made = 0
            for info in members:
                if not info.filename.lower().endswith(IMAGE_SUFFIXES):
                    problems.append(f"{info.filename}: not named as an image")
                    continue
                try:
                    with archive.open(info.filename) as member:
                        submission_start(game=game, component=component, front=member.read(),
                                         batch=batch, user=request.user)
                    made += 1
                except (ImageRejected, zipfile.BadZipFile, OSError) as exc:
                    problems.append(f"{info.filename}: {getattr(exc, 'message', exc)}")
            messages.success(request, f"{made} photo(s) queued for reading, as batch #{batch.pk}.")
            if not problems:
                return redirect(reverse("submission-queue") + f"?batch={batch.pk}")
    return _render(request, "submissions/batch.html", "Cards from a zip of photos", form=form,
                   problems=problems)
