"""Admin for the catalog, built for editors: filters, inlines, history, revert."""
from django import forms
from django.contrib import admin
from django.db.models import Count

from cardsite import validation
from cardsite.admin_fields import StringListField
from cardsite.admin_history import HistoryAdmin
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import Ruling


class ComponentInline(admin.TabularInline):
    model = Component
    extra = 0
    fields = ("position", "name", "slug", "count", "kind", "group", "source")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Game)
class GameAdmin(HistoryAdmin):
    list_display = ("short_name", "slug", "family", "component_count", "entry_count")
    inlines = [ComponentInline]
    search_fields = ("name", "short_name", "slug")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            n_components=Count("components", distinct=True), n_entries=Count("entries", distinct=True)
        )

    @admin.display(description="components", ordering="n_components")
    def component_count(self, obj):
        return obj.n_components

    @admin.display(description="entries", ordering="n_entries")
    def entry_count(self, obj):
        return obj.n_entries


@admin.register(Component)
class ComponentAdmin(HistoryAdmin):
    list_display = ("name", "game", "count", "kind", "group", "entry_count")
    list_filter = ("game", "kind")
    search_fields = ("name", "slug", "group")
    prepopulated_fields = {"slug": ("name",)}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game").annotate(n_entries=Count("entries"))

    @admin.display(description="entries", ordering="n_entries")
    def entry_count(self, obj):
        return obj.n_entries


class RollBandFormSet(forms.BaseInlineFormSet):
    """The bands of one entry must not overlap (cardsite.validation, as the API and
    the importer say)."""

    def clean(self):
        super().clean()
        kept = [form.cleaned_data for form in self.forms
                if form.cleaned_data and not form.cleaned_data.get("DELETE")]
        kept.sort(key=lambda band: (band.get("position") or 0, band.get("low") or 0))
        problems = validation.band_problems([(b.get("low"), b.get("high")) for b in kept])
        if problems:
            raise forms.ValidationError([
                f"Band {index + 1}: {message}." for index, _, message in problems
            ])


class RollBandInline(admin.TabularInline):
    model = RollBand
    formset = RollBandFormSet
    extra = 0
    fields = ("position", "low", "high", "effect", "keep")


class EntryRulingInline(admin.TabularInline):
    model = Ruling.entries.through
    extra = 0
    autocomplete_fields = ("ruling",)
    verbose_name = "ruling"
    verbose_name_plural = "rulings about this entry"


def unknown_when_blank(label, help_text):
    """A text field whose blank input means unknown (NULL), not empty text."""
    return forms.CharField(
        label=label, required=False, empty_value=None, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=help_text,
    )


class EntryForm(forms.ModelForm):
    keywords = StringListField(help_text="Comma-separated: ATTACK, ONGOING, KEEP, Creature, ...")
    aliases = StringListField(help_text="Other spellings the rulebooks use, comma-separated.")
    text = unknown_when_blank("Text", "Ability text exactly as quoted. Blank: unknown.")
    flavor = unknown_when_blank("Flavor", "Blank: unknown.")

    class Meta:
        model = Entry
        fields = "__all__"


class HasTextFilter(admin.SimpleListFilter):
    title = "ability text"
    parameter_name = "text"

    def lookups(self, request, model_admin):
        return [("known", "Known"), ("unknown", "Unknown")]

    def queryset(self, request, queryset):
        if self.value() == "known":
            return queryset.filter(text__isnull=False)
        if self.value() == "unknown":
            return queryset.filter(text__isnull=True)
        return queryset


@admin.register(Entry)
class EntryAdmin(HistoryAdmin):
    form = EntryForm
    list_display = ("name", "game", "kind", "type", "glyph", "initiative", "cost", "vp", "has_text")
    list_filter = ("game", "kind", "type", "glyph", HasTextFilter)
    search_fields = ("name", "slug", "aliases", "text", "type")
    prepopulated_fields = {"slug": ("name",)}
    autocomplete_fields = ("component",)
    list_select_related = ("game",)
    inlines = [RollBandInline, EntryRulingInline]
    fieldsets = (
        (None, {"fields": ("game", "name", "slug", "kind", "component", "type")}),
        ("Attributes (blank = unknown)", {"fields": (
            "glyph", "symbol", "initiative", "cost", "vp", "body", "mind", "strength", "copies",
            "keywords",
        )}),
        ("Text", {"fields": ("text", "flavor", "aliases", "source", "notes", "position")}),
        ("Abilities (fixtures/FORMAT.md)", {"fields": ("abilities",)}),
    )

    @admin.display(boolean=True, description="text", ordering="text")
    def has_text(self, obj):
        return obj.text is not None


