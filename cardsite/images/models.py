"""An entry's image per face, and a bulk upload awaiting its editor's confirmation."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

FACES = ("front", "back")
RENDITIONS = ("small", "normal", "large", "original")


class Reading(models.TextChoices):
    """Where a photo's machine reading stands (a player's submission or an entry's image)."""
    NONE = "none", "No photo read"
    QUEUED = "queued", "Waiting for the reader"
    RUNNING = "running", "Being read"
    DONE = "done", "Read by machine"
    UNAVAILABLE = "unavailable", "Machine reading not available"
    FAILED = "failed", "Could not be read"


class EntryImage(models.Model):
    """The image of one face of an entry, with its renditions' storage keys.

    Replacing an image updates this row: its history (django-simple-history)
    keeps the former keys, whose files stay in storage (their names are content
    hashes, never reused for other bytes), so reverting a record brings the old
    image back. ``renditions`` holds every key a page needs, so showing an image
    costs no storage call: ``{"small": {"width", "height", "webp": key, "jpeg": key}, ...}``.
    """

    class Face(models.TextChoices):
        FRONT = "front", "Front"
        BACK = "back", "Back"

    class Status(models.TextChoices):
        # "missing" is the absence of a row (the API's image_status).
        PHOTO = "photo", "Photo (a player's photo, low quality)"
        SCAN = "scan", "Scan (flat, high quality)"

    class Source(models.TextChoices):
        SCAN = "scan", "Scan"
        PHOTO = "photo", "Photo"
        PUBLISHER = "publisher", "Publisher's image"

    entry = models.ForeignKey("cardsite.Entry", on_delete=models.CASCADE, related_name="images")
    face = models.CharField(max_length=5, choices=Face.choices, default=Face.FRONT)
    status = models.CharField(max_length=5, choices=Status.choices, default=Status.PHOTO)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.PHOTO)
    credit = models.CharField(max_length=200, blank=True,
                              help_text="Who made the scan or photo, as they want to be named.")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+")
    uploaded_at = models.DateTimeField()
    digest = models.CharField(max_length=64, help_text="SHA-256 of the re-encoded original.")
    width = models.PositiveIntegerField(help_text="The original's width in pixels.")
    height = models.PositiveIntegerField(help_text="The original's height in pixels.")
    renditions = models.JSONField(default=dict)
    # The machine's reading of a front uploaded in the admin (Reading.to_dict() plus the
    # drafted abilities): offered in the entry's form for the fields still unknown.
    reading_status = models.CharField(max_length=12, choices=Reading.choices,
                                      default=Reading.NONE)
    reading = models.JSONField(null=True, blank=True)
    reading_note = models.CharField(max_length=300, blank=True)
    history = HistoricalRecords(excluded_fields=["reading_status", "reading", "reading_note"])

    class Meta:
        ordering = ["entry", "face"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "face"], name="entry_image_unique_face"),
        ]

    def __str__(self):
        return f"{self.entry} ({self.face})"

    def key(self, rendition: str, fmt: str = "jpeg") -> str | None:
        return (self.renditions.get(rendition) or {}).get(fmt)


class PendingImageBatch(models.Model):
    """A zip of images between its preview and the editor's confirmation: the zip
    itself is kept (not the preview), so the confirmation checks it again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    filename = models.CharField(max_length=200)
    content = models.BinaryField()
    game = models.CharField(max_length=20, blank=True)
    status = models.CharField(max_length=5, choices=EntryImage.Status.choices)
    source = models.CharField(max_length=10, choices=EntryImage.Source.choices)
    credit = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.filename} ({self.user})"
