"""The catalog: games, their component lists and every catalog entry.

``None`` is "unknown" everywhere: a number or text the rulebooks do not give
is stored as NULL, never as 0 or an empty string.
"""
from __future__ import annotations

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from cardsite.catalog import games, validation


def _choices(values):
    return [(v, v.replace("-", " ").capitalize()) for v in values]


def _bounded(name):
    low, high, reason = games.ATTRIBUTE_BOUNDS[name]
    return [
        MinValueValidator(low, message=f"Must be at least {low}: {reason}."),
        MaxValueValidator(high, message=f"Must be at most {high}: {reason}."),
    ]


class SharedRules:
    """``clean()`` applies cardsite.catalog.validation's rules for this kind of object, the
    importer's: NUL characters, lengths, slugs, choices, lists and cited sections.
    Numbers are checked by the fields' validators (the same bounds)."""

    field_rules: dict = {}
    source_required = False

    def rule_errors(self) -> dict[str, str]:
        errors = {}
        for key, check in self.field_rules.items():
            try:
                field = self._meta.get_field(key)
            except FieldDoesNotExist:
                continue
            if field.is_relation or not isinstance(
                field, models.CharField | models.TextField | models.JSONField
            ):
                continue
            value = getattr(self, field.attname)
            too_long = isinstance(value, str) and field.max_length and len(value) > field.max_length
            if not too_long and (message := check(value)):  # else Django's own message
                errors[key] = message
        if "source" in self.field_rules and "source" not in errors:
            sections = self.game.sections if self.game_id else ()
            message = validation.source_problem(
                self.source, sections, required=self.source_required
            )
            if message:
                errors["source"] = message
        return errors

    def check_rules(self, errors: dict | None = None) -> None:
        errors = {**self.rule_errors(), **(errors or {})}
        if errors:
            raise ValidationError(errors)


class Game(SharedRules, models.Model):
    field_rules = validation.GAME

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

    def clean(self):
        self.check_rules()


class Component(SharedRules, models.Model):
    """One line of a game's contents list, e.g. "40 Source Cards"."""

    field_rules = validation.COMPONENT

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
        self.check_rules()
        parts = self.breakdown if isinstance(self.breakdown, list) else [self.breakdown]
        problems = []
        for part in parts:
            if not isinstance(part, dict) or set(part) != {"label", "count"}:
                problems.append('each part is {"label": text, "count": number}')
            elif not isinstance(part["count"], int) or isinstance(part["count"], bool):
                problems.append(f"part {validation.show(part['label'])}: count must be a number")
            elif message := next(filter(None, (
                check(part[key]) for key, check in validation.BREAKDOWN_PART.items()
            )), None):
                problems.append(f"part {validation.show(part['label'])}: {message}")
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
    if message := validation.abilities(value):
        raise ValidationError(message, code="bad-ability")


class Entry(SharedRules, models.Model):
    """A card, token, tile, standee or character that a rulebook names."""

    field_rules = validation.ENTRY

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
        self.check_rules(errors)


class RollBand(SharedRules, models.Model):
    """One row of a card's power-roll table: ``low``-``high`` (high None: "and up")."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="bands")
    low = models.PositiveSmallIntegerField()
    high = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Blank: and up.")
    effect = models.TextField()
    keep = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)
    history = HistoricalRecords()
    field_rules = validation.BAND

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
        errors = {key: message for key in ("low", "high")
                  if isinstance(getattr(self, key), int)
                  and (message := validation.BAND[key](getattr(self, key)))}
        if not errors and self.high is not None and self.low is not None and self.high < self.low:
            errors["high"] = "The band's upper end is below its lower end."
        self.check_rules(errors)


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
