"""The rules reference: numbered rules, glossary terms and rulings per game."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from cardsite.catalog import games, validation
from cardsite.models import Entry, Game, SharedRules
from rulesref import numbering


class Rule(SharedRules, models.Model):
    """A numbered rule ("rumble 7.3"), in our words, citing its rulebook section."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules")
    number = models.CharField(max_length=20, help_text='e.g. "7" or "7.3".')
    sort_key = models.CharField(max_length=40, editable=False)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, editable=False,
        related_name="children",
    )
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)
    source = models.CharField(max_length=200, help_text="Rulebook section it comes from.")
    # Computed when the text changes (rulesref.linking), never per request:
    # the text with card names, glossary terms and rule numbers as links.
    html = models.TextField(blank=True, editable=False)
    mentions = models.ManyToManyField(
        Entry, blank=True, editable=False, related_name="mentioned_in_rules"
    )
    history = HistoricalRecords(excluded_fields=["html"])
    field_rules = validation.RULE
    source_required = True

    class Meta:
        ordering = ["game__position", "sort_key"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="rule_unique_number"),
        ]

    def __str__(self):
        return f"{self.game.slug} {self.number}" + (f" {self.title}" if self.title else "")

    def save(self, *args, **kwargs):
        self.sort_key = numbering.sort_key(self.number)
        parent = numbering.parent_number(self.number)
        self.parent = (
            Rule.objects.filter(game_id=self.game_id, number=parent).first() if parent else None
        )
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("rule-detail", args=[self.game.slug, self.number])

    def clean(self):
        if not numbering.is_rule_number(self.number or ""):
            raise ValidationError({"number": 'A rule number looks like "7" or "7.3".'})
        parent = numbering.parent_number(self.number)
        if parent and self.game_id and not Rule.objects.filter(
            game_id=self.game_id, number=parent
        ).exists():
            raise ValidationError({"number": f"Rule {parent} must exist before {self.number}."})
        if not (self.source or "").strip():
            raise ValidationError({"source": "A rule must cite its rulebook section."})
        self.check_rules()

    @property
    def citation(self):
        return f"{self.game.slug} {self.number}"

    @property
    def depth(self):
        return self.number.count(".")


class GlossaryTerm(SharedRules, models.Model):
    """A term as one game uses it; the same slug in other games is the same word."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="terms")
    slug = models.SlugField(max_length=100)
    term = models.CharField(max_length=200)
    definition = models.TextField()
    differs = models.TextField(blank=True, help_text="How other games use the same word.")
    aliases = models.JSONField(default=list, blank=True)
    rules = models.ManyToManyField(Rule, blank=True, related_name="terms")
    position = models.PositiveIntegerField(default=0)
    definition_html = models.TextField(blank=True, editable=False)
    history = HistoricalRecords(excluded_fields=["definition_html"])
    field_rules = validation.TERM

    class Meta:
        ordering = ["term", "game__position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="term_unique_slug"),
        ]

    def __str__(self):
        return f"{self.term} ({self.game.slug})"

    def get_absolute_url(self):
        return reverse("glossary-term", args=[self.slug])

    def clean(self):
        self.check_rules()

    def other_meanings(self):
        return GlossaryTerm.objects.filter(slug=self.slug).exclude(pk=self.pk)


class Ruling(SharedRules, models.Model):
    """A question players ask and its answer, citing the rulebook.

    ``conflict``: two passages disagree (both readings, and the engine's).
    ``open-question``: the rulebooks leave it unsettled (readings, the default).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    slug = models.SlugField(max_length=120)
    kind = models.CharField(max_length=20, choices=[
        (k, k.replace("-", " ").capitalize()) for k in games.RULING_KINDS
    ], default="clarification")
    question = models.TextField()
    answer = models.TextField()
    source = models.CharField(max_length=200, blank=True, help_text="Rulebook section cited.")
    entries = models.ManyToManyField(Entry, blank=True, related_name="rulings")
    rules = models.ManyToManyField(Rule, blank=True, related_name="rulings")
    readings = models.JSONField(default=list, blank=True)
    engine_reading = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    answer_html = models.TextField(blank=True, editable=False)
    history = HistoricalRecords(excluded_fields=["answer_html"])
    field_rules = validation.RULING
    source_required = True

    class Meta:
        ordering = ["game__position", "position", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="ruling_unique_slug"),
        ]

    def __str__(self):
        return self.question[:80]

    def get_absolute_url(self):
        return reverse("ruling-list") + f"?game={self.game.slug}#{self.slug}"

    def clean(self):
        errors = {}
        if not (self.source or "").strip():
            errors["source"] = "A ruling must cite the rulebook section it comes from."
        readings = self.readings
        sections = self.game.sections if self.game_id else ()
        bad = validation.readings_problems(readings, sections)
        if bad:
            errors["readings"] = [
                (f"reading {index + 1}" + (f" {key}" if key else "") + ": " if index is not None
                 else "") + message
                for index, key, message in bad
            ]
        elif self.kind != "clarification":
            if not readings:
                errors["readings"] = f"A {self.kind} ruling lists the readings with their sections."
            if not (self.engine_reading or "").strip():
                errors["engine_reading"] = f"A {self.kind} ruling says which reading the engine follows."
        self.check_rules(errors)


# The search index's tables belong to this app (rulesref.search.models).
from rulesref.search.models import (  # noqa: E402,F401
    CardFullText,
    SearchDocument,
    SearchFullText,
    SearchTrigram,
)
