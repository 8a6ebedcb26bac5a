"""/admin/images/upload/: a zip of images named by slug, previewed, then confirmed."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone

from cardsite.editorial.admin_views import PENDING_TTL_HOURS, _game_choices, _render, staff_view
from cardsite.images.models import EntryImage, PendingImageBatch
from cardsite.images.services import ImageDetails
from cardsite.images.zips import (
    MAX_FILES,
    MAX_ZIP_BYTES,
    ZipRejected,
    image_zip_apply,
    image_zip_plan,
)
from cardsite.submissions.services import entry_images_read_later

PERMISSION = "images.add_entryimage"
TITLE = "Add images from a zip"


class ImageZipForm(forms.Form):
    file = forms.FileField(
        label="Zip of images", widget=forms.ClearableFileInput(attrs={"accept": ".zip"}),
        help_text=f"Files named by the entry's slug: zapper.jpg (front), zapper-back.png; a "
                  f"folder named by a game (rumble/zapper.jpg) where two games share a slug. At "
                  f"most {MAX_FILES} images, {MAX_ZIP_BYTES // 1048576} MB.")
    game = forms.ChoiceField(required=False, help_text="Only match this game's entries.")
    status = forms.ChoiceField(choices=EntryImage.Status.choices, initial=EntryImage.Status.PHOTO)
    source = forms.ChoiceField(choices=EntryImage.Source.choices, initial=EntryImage.Source.PHOTO)
    credit = forms.CharField(required=False, max_length=200)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _game_choices("— any game —")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ZIP_BYTES:
            raise forms.ValidationError(f"The zip is {upload.size / 1048576:.0f} MB; the limit is "
                                        f"{MAX_ZIP_BYTES // 1048576} MB. Split it into several.")
        return upload


@staff_view(PERMISSION)
def image_zip_view(request):
    form = ImageZipForm(request.POST or None, request.FILES or None)
    context = {"form": form}
    if request.method == "POST" and form.is_valid():
        content = form.cleaned_data["file"].read()
        game = form.cleaned_data.get("game") or None
        try:
            plan = image_zip_plan(data=content, game=game)
        except ZipRejected as rejected:
            form.add_error("file", rejected.message)
            return _render(request, "editorial/images_zip.html", TITLE, **context)
        context["plan"] = plan
        if plan.valid:
            PendingImageBatch.objects.filter(
                created__lt=timezone.now() - timezone.timedelta(hours=PENDING_TTL_HOURS)).delete()
            context["pending"] = PendingImageBatch.objects.create(
                user=request.user, filename=form.cleaned_data["file"].name[:200], content=content,
                game=game or "", status=form.cleaned_data["status"],
                source=form.cleaned_data["source"], credit=form.cleaned_data["credit"])
    return _render(request, "editorial/images_zip.html", TITLE, **context)


@staff_view(PERMISSION)
def image_zip_confirm(request, pk: int):
    pending = get_object_or_404(PendingImageBatch, pk=pk, user=request.user)
    if request.method != "POST":
        return redirect("editorial-images")
    details = ImageDetails(status=pending.status, source=pending.source, credit=pending.credit)
    try:
        plan = image_zip_apply(data=bytes(pending.content), game=pending.game or None,
                               details=details, user=request.user,
                               reason=f"Images from {pending.filename}")
    except ZipRejected as rejected:
        messages.error(request, rejected.message)
        return redirect("editorial-images")
    if not plan.valid:
        messages.warning(request, "The catalog changed since the preview: nothing was written. "
                                  "Here is the zip checked again.")
        return _render(request, "editorial/images_zip.html", TITLE, form=ImageZipForm(), plan=plan)
    pending.delete()
    fronts = EntryImage.objects.filter(entry__in=[item.entry for item in plan.matched
                                                  if item.face == EntryImage.Face.FRONT],
                                       face=EntryImage.Face.FRONT)
    read = entry_images_read_later(fronts)
    messages.success(request, f"{len(plan.matched)} image(s) from {pending.filename} saved"
                              + (f"; {read} front(s) are being read by machine, offered on each "
                                 "entry's page for the fields still unknown." if read else "."))
    return _render(request, "editorial/images_zip.html", TITLE, form=ImageZipForm(), done=plan)
