"""The sandbox tables: one row per table (state JSON + version) and its event log.

State lives in the database, not in process memory, so a sandbox survives a
restart and several app processes can serve it; the version number makes
every write conditional (``UPDATE ... WHERE version = expected``).
"""
import secrets

from django.db import models
from django.urls import reverse

SLUG_BYTES = 12  # 16 URL-safe characters: a permalink nobody can guess


def new_sandbox_id() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


class Sandbox(models.Model):
    GAMES = [("rumble", "Rumble at Castle Tentakill"), ("anarchy", "Anarchy at the Arena"),
             ("satanic-panic", "Satanic Panic"), ("demoniac", "Demoniac")]

    id = models.CharField(primary_key=True, max_length=32, default=new_sandbox_id, editable=False)
    game = models.CharField(max_length=20, choices=GAMES)
    options = models.JSONField(default=dict, blank=True, help_text="What new() was given.")
    seed = models.BigIntegerField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    # Set explicitly by each conditional UPDATE (auto_now does not apply to update()).
    updated = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self):
        return f"{self.get_game_display()} sandbox {self.id}"

    def get_absolute_url(self):
        return reverse("sandbox-detail", args=[self.id])


class SandboxEvent(models.Model):
    """One accepted action (seq >= 1) or the setup (seq 0), with what it caused."""

    sandbox = models.ForeignKey(Sandbox, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    action = models.JSONField(null=True, blank=True, help_text="None for the setup.")
    events = models.JSONField(default=list, help_text="The rolls, results and rules applied.")
    version = models.PositiveIntegerField(help_text="The state version this produced.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sandbox", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["sandbox", "seq"], name="sandbox_event_unique_seq"),
        ]

    def __str__(self):
        return f"{self.sandbox_id} #{self.seq}"


class SandboxSeat(models.Model):
    """A link to one seat's view of a table (or a spectator's, ``seat`` empty).

    The table's own id is its owner's link: it shows everything and may act for
    every seat. A seat's key shows that seat's hand and the table, and acts
    for that seat only; a spectator's key shows the table and acts for nobody.
    Keys are as unguessable as the table's id and lead to it, never the reverse.
    """

    key = models.CharField(primary_key=True, max_length=32, default=new_sandbox_id,
                           editable=False)
    sandbox = models.ForeignKey(Sandbox, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=60, blank=True, help_text="Empty: a spectator.")

    class Meta:
        ordering = ["sandbox", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["sandbox", "seat"], name="sandbox_seat_unique"),
        ]

    def __str__(self):
        return f"{self.sandbox_id} {self.seat or 'spectator'}"
