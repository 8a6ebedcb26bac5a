"""The catalog: games, their component lists and every catalog entry.

``None`` is "unknown" everywhere: a number or text the rulebooks do not give
is stored as NULL, never as 0 or an empty string.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from cardsite import games
from engine import abilities as ability_language
from engine.core import EngineError


def _choices(values):
    return [(v, v.replace("-", " ").capitalize()) for v in values]


def _bounded(name):
    low, high, reason = games.ATTRIBUTE_BOUNDS[name]
    return [
        MinValueValidator(low, message=f"Must be at least {low}: {reason}."),
        MaxValueValidator(high, message=f"Must be at most {high}: {reason}."),
    ]


class Game(models.Model):
    slug = models.SlugField(unique=True, choices=_choices(games.GAME_SLUGS))
    name = models.CharField(max_length=200)
    short_name = models.CharField(max_length=100)
    family = models.CharField(max_length=20, choices=_choices(games.FAMILIES))
    rulebook = models.CharField(max_length=200, help_text="File name of the rulebook.")
    summary = models.TextField(blank=True)
    players = models.CharField(max_length=50, null=True, blank=True)
    sections = models.JSONField(
        default=list, blank=True, help_text="The rulebook's headings, verbatim, in order."
    )
    position = models.PositiveSmallIntegerField(default=0)
    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "slug"]
        indexes = [models.Index(fields=["position", "slug"])]

    def __str__(self):
        return self.short_name

    def get_absolute_url(self):
        return reverse("game-detail", args=[self.slug])


class Component(models.Model):
    """One line of a game's contents list, e.g. "40 Source Cards"."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="components")
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200)
    count = models.PositiveIntegerField(null=True, blank=True, help_text="Blank: unknown.")
    kind = models.CharField(max_length=20, choices=_choices(games.COMPONENT_KINDS))
    group = models.CharField(max_length=100, blank=True)
    breakdown = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=200, blank=True)
    notes = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game__position", "position", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="component_unique_slug"),
        ]

    def __str__(self):
        count = "?" if self.count is None else self.count
        return f"{count} {self.name}"

    def clean(self):
        parts = self.breakdown or []
        problems = []
        for part in parts:
            if not isinstance(part, dict) or set(part) != {"label", "count"}:
                problems.append('each part is {"label": text, "count": number}')
            elif not isinstance(part["count"], int) or part["count"] < 0:
                problems.append(f"part {part['label']!r}: count must be a number >= 0")
        if problems:
            raise ValidationError({"breakdown": problems})
        if parts and self.count is not None:
            total = sum(p["count"] for p in parts)
            if total != self.count:
                raise ValidationError(
                    {"breakdown": f"The parts add up to {total}, not to the count {self.count}."}
                )


def validate_abilities(value) -> None:
    """The ability language's own check, as a Django ValidationError."""
    try:
        ability_language.validate(value)
    except EngineError as exc:
        raise ValidationError(exc.message, code="bad-ability") from exc


class Entry(models.Model):
    """A card, token, tile, standee or character that a rulebook names."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    slug = models.SlugField(max_length=120)
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=_choices(games.ENTRY_KINDS))
    component = models.ForeignKey(
        Component, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    type = models.CharField(max_length=40, null=True, blank=True, help_text="Blank: unknown.")
    glyph = models.CharField(
        max_length=20, null=True, blank=True, choices=_choices(games.GLYPHS),
        help_text="Blank: unknown.",
    )
    symbol = models.CharField(max_length=40, null=True, blank=True, help_text="Blank: unknown.")
    initiative = models.SmallIntegerField(null=True, blank=True, validators=_bounded("initiative"))
    cost = models.SmallIntegerField(null=True, blank=True, validators=_bounded("cost"))
    vp = models.SmallIntegerField(
        "victory points", null=True, blank=True, validators=_bounded("vp")
    )
    body = models.SmallIntegerField(null=True, blank=True, validators=_bounded("body"))
    mind = models.SmallIntegerField(null=True, blank=True, validators=_bounded("mind"))
    strength = models.SmallIntegerField(null=True, blank=True, validators=_bounded("strength"))
    copies = models.PositiveIntegerField(null=True, blank=True, validators=_bounded("copies"))
    keywords = models.JSONField(default=list, blank=True)
    text = models.TextField(
        null=True, blank=True, help_text="Ability text exactly as quoted. Blank: unknown."
    )
    flavor = models.TextField(null=True, blank=True, help_text="Blank: unknown.")
    aliases = models.JSONField(default=list, blank=True)
    abilities = models.JSONField(
        default=list, blank=True, validators=[validate_abilities],
        help_text="The card's effects as data for the sandbox (fixtures/FORMAT.md, "
        '"Abilities"). Empty: not scripted, applied by hand.')
    source = models.CharField(max_length=200, blank=True, help_text="Rulebook section.")
    notes = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game__position", "position", "slug"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="entry_unique_slug"),
        ]
        indexes = [
            models.Index(fields=["game", "kind"]),
            models.Index(fields=["name"]),
            # The default list order and the type select box, at 100k entries.
            models.Index(fields=["game", "position", "slug"]),
            models.Index(fields=["type"]),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        validate_abilities(self.abilities)  # the sandbox runs them: never store a bad one
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("card-detail", args=[self.game.slug, self.slug])

    def clean(self):
        errors = {}
        if self.component_id and self.game_id and self.component.game_id != self.game_id:
            errors["component"] = "The component must belong to the same game."
        if self.body is not None and self.mind is not None and self.body + self.mind > 5:
            errors["mind"] = (
                f"Body {self.body} + mind {self.mind} is more than the five possession spots."
            )
        if errors:
            raise ValidationError(errors)


class RollBand(models.Model):
    """One row of a card's power-roll table: ``low``-``high`` (high None: "and up")."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="bands")
    low = models.PositiveSmallIntegerField()
    high = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Blank: and up.")
    effect = models.TextField()
    keep = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)
    history = HistoricalRecords()

    class Meta:
        ordering = ["entry", "position", "low"]

    def __str__(self):
        return f"{self.label}: {self.effect}"

    @property
    def label(self):
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def clean(self):
        if self.high is not None and self.high < self.low:
            raise ValidationError({"high": "The band's upper end is below its lower end."})


class ApiAllowance(models.Model):
    """An anonymous API client's allowance (cardsite.api.throttling).

    ``due`` is when the client's next request is due if it kept exactly to the
    rate (the generic cell rate algorithm's theoretical arrival time); the
    client may run ahead of it by one period's worth of requests.
    """

    client = models.CharField(primary_key=True, max_length=64,
                              help_text="A hash of the client's address.")
    due = models.FloatField(db_index=True, help_text="Unix time.")

    def __str__(self):
        return f"{self.client[:12]}… due {self.due:.0f}"
