"""The sandbox tables: one row per table (state JSON + version) and its event log.

State lives in the database, not in process memory, so a sandbox survives a
restart and several app processes can serve it; the version number makes
every write conditional (``UPDATE ... WHERE version = expected``).
"""
import hashlib
import json
import secrets
import threading

from django.db import models
from django.urls import reverse

SLUG_BYTES = 12  # 16 URL-safe characters: a permalink nobody can guess
GAMES = [("rumble", "Rumble at Castle Tentakill"), ("anarchy", "Anarchy at the Arena"),
         ("satanic-panic", "Satanic Panic"), ("demoniac", "Demoniac")]


def new_sandbox_id() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


class DealtCatalog(models.Model):
    """The catalog cards a dealt table is dealt (its state's ``catalog``), stored once
    per game and version of those cards, not inside every table's state: they were
    about 41 of a dealt Rumble table's 45 KB, read and written again on every action.

    The key is the SHA-256 of the game and the cards' JSON (keys sorted): the version
    of the dealt cards themselves, so every table dealt from the same cards shares one
    row, and a catalog edit that changes them makes a new row (the old tables keep
    theirs: undo and replay deal what they were dealt). A table keeps its row
    (PROTECT); ``cleanup_sandboxes`` deletes the rows no table uses any more.
    """

    key = models.CharField(primary_key=True, max_length=64, editable=False)
    game = models.CharField(max_length=20, choices=GAMES)
    cards = models.JSONField(help_text="The state's catalog, as the engine dealt it.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-created"]

    def __str__(self):
        return f"{self.game} dealt catalog {self.key[:12]}"

    @staticmethod
    def key_for(game: str, cards) -> str:
        text = json.dumps([game, cards], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


# Dealt catalogs by key, as read once per process (a few per game: one per version of
# the dealt cards). Shared by every table loaded: the engines read a state's catalog and
# never change it (engine.spellgames.rounds._copy shares it between states already).
_CARDS: dict[str, object] = {}
_CARDS_LOCK = threading.Lock()
CARDS_KEPT = 32


def dealt_cards(key: str):
    """The cards of dealt catalog ``key`` (read once per process), None if it is gone."""
    cards = _CARDS.get(key)
    if cards is None:
        cards = DealtCatalog.objects.filter(key=key).values_list("cards", flat=True).first()
        if cards is not None:
            remember_cards(key, cards)
    return cards


def remember_cards(key: str, cards) -> None:
    with _CARDS_LOCK:
        if len(_CARDS) >= CARDS_KEPT:
            _CARDS.pop(next(iter(_CARDS)))
        _CARDS[key] = cards


def forget_cards() -> None:
    """Drop every dealt catalog read (after rows were deleted, and in tests)."""
    with _CARDS_LOCK:
        _CARDS.clear()


class Sandbox(models.Model):
    GAMES = GAMES

    id = models.CharField(primary_key=True, max_length=32, default=new_sandbox_id, editable=False)
    game = models.CharField(max_length=20, choices=GAMES)
    options = models.JSONField(default=dict, blank=True, help_text="What new() was given.")
    seed = models.BigIntegerField()
    state = models.JSONField(help_text="The engine's state; a dealt table's catalog cards "
                             "are in ``catalog`` when it is set (the state has none then).")
    catalog = models.ForeignKey(DealtCatalog, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="sandboxes",
                                help_text="The cards it was dealt, stored once for every "
                                          "table dealt the same (None: a free table, or a "
                                          "table made before, its catalog in its state).")
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

    @classmethod
    def from_db(cls, db, field_names, values):
        """A row as read: its state with its dealt catalog's cards in ``catalog`` again,
        as the engine keeps them (rows made before DealtCatalog hold them inline)."""
        sandbox = super().from_db(db, field_names, values)
        attach_catalog(sandbox)
        return sandbox



def attach_catalog(sandbox: "Sandbox") -> None:
    deferred = sandbox.get_deferred_fields()
    if "state" in deferred or "catalog_id" in deferred or sandbox.catalog_id is None:
        return
    state = sandbox.state
    if isinstance(state, dict) and "catalog" not in state:
        state["catalog"] = dealt_cards(sandbox.catalog_id)


def stored_state(state, catalog_key: str | None):
    """``state`` as its row stores it: without its catalog when that is dealt catalog
    ``catalog_key``'s cards (else whole: a state whose cards differ keeps its own)."""
    if catalog_key is None or not isinstance(state, dict) or "catalog" not in state:
        return state
    cards = state["catalog"]
    known = dealt_cards(catalog_key)
    if cards is not known and cards != known:
        return state
    return {key: value for key, value in state.items() if key != "catalog"}


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
