"""What the editors' tools keep between requests: uploads awaiting confirmation and
players' suggested corrections awaiting review."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse


class PendingImport(models.Model):
    """An uploaded file between its preview and the editor's confirmation.

    The file itself is kept (not the preview), so the confirmation re-checks it
    against the catalog as it is then.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    filename = models.CharField(max_length=200)
    content = models.BinaryField()
    game = models.CharField(max_length=20, blank=True)
    prune = models.BooleanField(default=False)
    # A sheet's rows as read at upload ([[row number, {column: cell}]]), so the
    # confirmation does not parse the spreadsheet again.
    rows = models.JSONField(null=True, blank=True)
    # What the preview showed, object by object (CatalogFilePlan.fingerprints): the
    # confirmation refuses only objects changed meanwhile, naming them.
    preview = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Status(models.TextChoices):
        PREVIEWED = "previewed", "Previewed"
        QUEUED = "queued", "Waiting for the worker"
        RUNNING = "running", "Being applied"
        APPLIED = "applied", "Applied"
        STALE = "stale", "Changed by someone else: nothing written"
        FAILED = "failed", "Failed: nothing written"

    # The confirmation applies it in the background (cardsite.editorial.import_tasks):
    # its task, where it is, and what came of it ({"summary", "games"} or {"message"}).
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREVIEWED)
    task_id = models.CharField(max_length=64, blank=True)
    outcome = models.JSONField(null=True, blank=True)

    class Meta:
        permissions = [("import_catalog", "Can import and export catalog files")]

    def __str__(self):
        return f"{self.filename} ({self.user})"


SUGGESTION_TARGETS = (("entry", "Card or other entry"), ("rule", "Rule"), ("ruling", "Ruling"))
# The fields a player may suggest a value for, per target (the public form's choices).
SUGGESTABLE_FIELDS = {
    "entry": ("text", "name", "type", "glyph", "symbol", "initiative", "cost", "vp", "body",
              "mind", "strength", "copies", "keywords", "flavor"),
    "rule": ("text", "title"),
    "ruling": ("answer", "question"),
}


class Suggestion(models.Model):
    """A player's proposed correction of one field; public only once approved and applied."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        APPROVED = "approved", "Approved"
        REJECTED = "rejected", "Rejected"
        MERGED = "merged", "Merged into another"

    target = models.CharField(max_length=10, choices=SUGGESTION_TARGETS)
    entry = models.ForeignKey("cardsite.Entry", null=True, blank=True, on_delete=models.CASCADE,
                              related_name="suggestions")
    rule = models.ForeignKey("rulesref.Rule", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="suggestions")
    ruling = models.ForeignKey("rulesref.Ruling", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="suggestions")
    field = models.CharField(max_length=40)
    current_value = models.TextField(blank=True, help_text="The value when it was suggested.")
    proposed_value = models.TextField()
    source = models.TextField(help_text="Rulebook section, a card photo link or the printed text.")
    contact = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    duplicate_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="duplicates")
    review_note = models.TextField(blank=True, help_text="Why it was rejected (kept, not public).")
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    reviewed = models.DateTimeField(null=True, blank=True)
    client = models.CharField(max_length=64, blank=True, help_text="A hash of the sender's address.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        permissions = [("review_suggestion", "Can approve, reject and merge suggestions")]

    def __str__(self):
        return f"{self.get_target_display()} {self.target_object} · {self.field}"

    def get_absolute_url(self):
        return reverse("admin:editorial_suggestion_change", args=[self.pk])

    @property
    def target_object(self):
        return self.entry or self.rule or self.ruling
