"""A player's (or an editor's batch's) photo of a missing card, on its way to an entry."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from cardsite.images.models import Reading


def new_token() -> str:
    return secrets.token_urlsafe(18)


class SubmissionBatch(models.Model):
    """An editor's zip of photos: one submission per photo, reviewed together."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                             related_name="+")
    game = models.ForeignKey("cardsite.Game", on_delete=models.CASCADE, related_name="+")
    component = models.ForeignKey("cardsite.Component", null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    filename = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "submission batches"

    def __str__(self):
        return f"{self.filename} ({self.created:%Y-%m-%d %H:%M})"


class Submission(models.Model):
    """One card as sent: its photos (kept private until approval), what the machine read,
    what the player typed, and the review's outcome.

    A submission starts as a ``draft`` (photo uploaded, the player checking the fields),
    becomes ``pending`` when sent, then ``approved`` (an entry made), ``merged`` (into an
    existing entry) or ``rejected``. Only its sender (holding ``token``) and reviewers see
    it before approval.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", "Not sent yet"
        PENDING = "pending", "Waiting for review"
        APPROVED = "approved", "Approved"
        MERGED = "merged", "Merged into an entry"
        REJECTED = "rejected", "Rejected"

    Reading = Reading  # shared with an entry's image read in the admin

    token = models.CharField(max_length=32, unique=True, default=new_token)
    game = models.ForeignKey("cardsite.Game", on_delete=models.CASCADE, related_name="+")
    component = models.ForeignKey("cardsite.Component", null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    # The fields as the player (or the reviewer, at approval) gives them; null: unknown.
    name = models.CharField(max_length=200, blank=True)
    type = models.CharField(max_length=40, null=True, blank=True)
    initiative = models.SmallIntegerField(null=True, blank=True)
    cost = models.SmallIntegerField(null=True, blank=True)
    text = models.TextField(null=True, blank=True)
    note = models.TextField(blank=True, help_text="The sender's note to the reviewers.")
    contact = models.CharField(max_length=200, blank=True)
    # Photos: private storage keys of the cleaned JPEGs (no metadata), and the front's
    # perceptual hash (a 64-bit dHash as 16 hex digits) for "sent before".
    front_key = models.CharField(max_length=200, blank=True)
    back_key = models.CharField(max_length=200, blank=True)
    photo_hash = models.CharField(max_length=16, blank=True, db_index=True)
    # The machine's first draft (cardsite.ocr Reading.to_dict()) and the drafted abilities.
    reading_status = models.CharField(max_length=12, choices=Reading.choices,
                                      default=Reading.NONE)
    reading = models.JSONField(null=True, blank=True)
    reading_note = models.CharField(max_length=300, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT,
                              db_index=True)
    batch = models.ForeignKey(SubmissionBatch, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="submissions")
    entry = models.ForeignKey("cardsite.Entry", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", help_text="The entry made or merged into.")
    review_note = models.TextField(blank=True)
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    reviewed = models.DateTimeField(null=True, blank=True)
    client = models.CharField(max_length=64, blank=True, help_text="A hash of the sender's address.")
    created = models.DateTimeField(auto_now_add=True)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "client"])]

    def __str__(self):
        return f"#{self.pk} {self.name or '(no name yet)'} ({self.game_id and self.game.short_name})"

    def get_absolute_url(self):
        return reverse("submission-review", args=[self.pk])

    def draft_url(self):
        return reverse("submission-draft", args=[self.game.slug, self.token])

    @property
    def open(self) -> bool:
        return self.status in (self.Status.DRAFT, self.Status.PENDING)

    def photo_keys(self) -> dict[str, str]:
        return {face: key for face, key in (("front", self.front_key), ("back", self.back_key))
                if key}
