"""Images in the admin: the entry page's upload/preview/replace per face, and each image's
own history (revert brings a replaced image back)."""
from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from cardsite.editorial.admin_history import HistoryAdmin
from cardsite.images.links import faces
from cardsite.images.models import FACES, EntryImage, Reading
from cardsite.images.services import ImageDetails, entry_image_save, image_check
from cardsite.images.storage import media_url
from cardsite.images.uploads import ImageRejected

ACCEPT = "image/jpeg,image/png,image/webp"


def _thumbnail(image: EntryImage, rendition: str = "small"):
    return format_html('<a href="{}" target="_blank" rel="noopener"><img src="{}" width="{}" '
                       'height="{}" alt="{} ({})" class="entry-image-thumb"></a>',
                       media_url(image.key("large")), media_url(image.key(rendition)),
                       image.renditions[rendition]["width"], image.renditions[rendition]["height"],
                       image.entry.name, image.face)


def _reading_line(image: EntryImage, offered_from) -> str:
    """Where the machine's reading of this photo stands; what it read as the name.
    ``offered_from``: the image whose reading the entry's form offered (None: none), for a
    reading that finished after the form was built and before this panel was drawn."""
    if image.reading_status == Reading.NONE:
        return ""
    name = ((image.reading or {}).get("name") or {}).get("value")
    said = (f"; it read the name as “{name}”" if name and name != image.entry.name else "")
    if image.reading_status == Reading.DONE and offered_from == image.pk:
        said += ". The fields still unknown are filled from it below, marked for checking"
    elif image.reading_status == Reading.DONE:
        said += ". It finished as this page was drawn: reload it to see the fields it fills"
    return format_html('<br><span class="machine-reading">Machine reading: {}{}{}</span>',
                       image.get_reading_status_display().lower(), said,
                       f" ({image.reading_note})" if image.reading_note else "")


def images_panel(entry) -> str:
    """Each face's current image (or "none: drawn as a proxy"), its details and history."""
    if entry is None or entry.pk is None:
        return "None yet: upload below once the entry is saved, or now."
    by_face = faces(entry)
    offered_from = getattr(entry, "reading_offered_from", None)

    def face_html(face):
        image = by_face.get(face)
        if image is None:
            return format_html('<div class="entry-image"><b>{}</b>: none (drawn as a proxy)</div>',
                               face.capitalize())
        history = reverse("admin:images_entryimage_history", args=[image.pk])
        who = image.uploaded_by.get_username() if image.uploaded_by else "unknown"
        return format_html(
            '<div class="entry-image"><b>{}</b> {}<br>{} · {} · {} x {} px<br>{} by {}, {}'
            '<br><a href="{}">history (revert)</a>{}</div>',
            face.capitalize(), _thumbnail(image), image.get_status_display(),
            image.get_source_display(), image.width, image.height, image.credit or "no credit",
            who, image.uploaded_at.strftime("%Y-%m-%d %H:%M"), history,
            _reading_line(image, offered_from))
    return format_html('<div class="entry-images">{}</div>',
                       format_html_join("", "{}", ((face_html(f),) for f in FACES)))


class EntryImageFields(forms.Form):
    """The entry form's image fields: a file per face, checked by decoding in clean()."""

    front_image = forms.FileField(required=False, label="Front image",
                                  widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}),
                                  help_text="JPEG, PNG or WebP; replaces the current one (kept in "
                                            "its history).")
    back_image = forms.FileField(required=False, label="Back image",
                                 widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}))
    image_status = forms.ChoiceField(choices=EntryImage.Status.choices, required=False,
                                     initial=EntryImage.Status.PHOTO, label="Image status")
    image_source = forms.ChoiceField(choices=EntryImage.Source.choices, required=False,
                                     initial=EntryImage.Source.PHOTO, label="Image source")
    image_credit = forms.CharField(required=False, max_length=200, label="Image credit")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.decoded_images = {}

    def clean_image(self, face: str):
        upload = self.cleaned_data.get(f"{face}_image")
        if not upload:
            return None
        try:
            self.decoded_images[face] = image_check(upload)
        except ImageRejected as rejected:
            raise forms.ValidationError(rejected.message, code=rejected.code) from None
        return upload

    def clean_front_image(self):
        return self.clean_image("front")

    def clean_back_image(self):
        return self.clean_image("back")

    def save_images(self, entry, user, reason: str) -> list[EntryImage]:
        details = ImageDetails(status=self.cleaned_data.get("image_status") or "photo",
                               source=self.cleaned_data.get("image_source") or "photo",
                               credit=self.cleaned_data.get("image_credit") or "")
        return [entry_image_save(entry=entry, face=face, upload=None, details=details, user=user,
                                 reason=reason, decoded=decoded)
                for face, decoded in self.decoded_images.items()]


IMAGE_FIELDS = tuple(EntryImageFields.base_fields)


@admin.register(EntryImage)
class EntryImageAdmin(HistoryAdmin):
    """Images are uploaded on their entry's page; here: the list, and each one's history."""

    list_display = ("entry", "face", "status", "source", "credit", "uploaded_by", "uploaded_at",
                    "thumbnail")
    list_filter = ("face", "status", "source", "entry__game")
    search_fields = ("entry__name", "entry__slug", "credit")
    list_select_related = ("entry", "uploaded_by")
    readonly_fields = ("entry", "face", "uploaded_by", "uploaded_at", "digest", "width", "height",
                       "renditions", "preview")
    fields = ("entry", "face", "preview", "status", "source", "credit", "uploaded_by",
              "uploaded_at", "width", "height", "digest", "renditions")

    def has_add_permission(self, request):
        return False  # uploaded on the entry's page or as a zip

    @admin.display(description="image")
    def thumbnail(self, obj):
        return _thumbnail(obj)

    @admin.display(description="preview")
    def preview(self, obj):
        return _thumbnail(obj, "normal")
