"""Admin for the catalog, built for editors: filters, inlines, history, revert.

The entry form knows the game: type, glyph, symbol and keywords are checked
against the game's data (cardsite.catalog.games), fields that do not apply to the
chosen type are refused here and hidden by static/editorial/entry_form.js.
Every form asks for a change reason (ChangeReasonAdmin).
"""
import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.templatetags.admin_urls import add_preserved_filters
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html

from cardsite.catalog import games, validation
from cardsite.editorial.admin_fields import ChangeReasonAdmin, ChangeReasonForm, StringListField
from cardsite.editorial.admin_history import HistoryAdmin
from cardsite.images.admin import IMAGE_FIELDS, EntryImageFields, images_panel
from cardsite.images.models import EntryImage, Reading
from cardsite.models import Component, Entry, Game, RollBand
from cardsite.submissions import machine
from cardsite.submissions.services import entry_images_read_later
from rulesref.models import Ruling

MACHINE_READ = "Read by machine — check."
MACHINE_DRAFTED = "Drafted by machine from the text read — check."

# Inline rows are labelled by what they are, not "Ruling_entries object (72)".
Ruling.entries.through.__str__ = lambda link: f"Ruling: {link.ruling}"


class ComponentInline(admin.TabularInline):
    model = Component
    extra = 0
    fields = ("position", "name", "slug", "count", "kind", "group", "source")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Game)
class GameAdmin(ChangeReasonAdmin, HistoryAdmin):
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
class ComponentAdmin(ChangeReasonAdmin, HistoryAdmin):
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
    """The bands of one entry must not overlap (cardsite.catalog.validation, as the API and
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


class RollBandForm(forms.ModelForm):
    class Meta:
        model = RollBand
        fields = ("position", "low", "high", "effect", "keep")
        widgets = {
            "position": forms.NumberInput(attrs={"class": "narrow"}),
            "low": forms.NumberInput(attrs={"class": "narrow"}),
            "high": forms.NumberInput(attrs={"class": "narrow"}),
            "effect": forms.Textarea(attrs={"rows": 2, "cols": 36}),
        }


class RollBandInline(admin.TabularInline):
    model = RollBand
    formset = RollBandFormSet


    form = RollBandForm
    extra = 0
    fields = ("position", "low", "high", "effect", "keep")
    verbose_name = "power-roll band"


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


def _grouped(per_game: dict) -> list:
    """Select choices grouped by game: [("Rumble", [(value, label), ...]), ...]."""
    names = dict(Game.objects.values_list("slug", "short_name")) if per_game else {}
    return [("", "unknown")] + [
        (names.get(game, game), [(v, v.replace("-", " ").capitalize()) for v in values])
        for game, values in per_game.items() if values
    ]


def applicability_data() -> str:
    """What entry_form.js needs to hide fields: per game id, each type's attributes."""
    rows = Game.objects.values_list("pk", "slug", "short_name")
    return json.dumps({
        str(pk): {
            "label": short_name,
            "attributes": list(games.GAME_ATTRIBUTES.get(slug, ())),
            "types": {t.slug: list(games.applicable_attributes(slug, t.slug))
                      for t in games.GAME_TYPES.get(slug, ())},
            "kinds": {k: list(games.applicable_attributes(slug, None, k)) for k in games.ENTRY_KINDS},
            "game": slug,
        }
        for pk, slug, short_name in rows
    })


class EntryForm(EntryImageFields, ChangeReasonForm):
    keywords = StringListField(help_text="Comma-separated, from the game's keywords.")
    aliases = StringListField(help_text="Other spellings the rulebooks use, comma-separated.")
    text = unknown_when_blank("Text", "Ability text exactly as quoted. Blank: unknown.")
    flavor = unknown_when_blank("Flavor", "Blank: unknown.")
    type = forms.ChoiceField(required=False, help_text="The game's types (blank: unknown).")
    symbol = forms.ChoiceField(required=False, help_text="The symbols the game's rulebook names.")

    class Meta:
        model = Entry
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        types = {g: games.type_choices(g) for g in games.GAME_SLUGS}
        symbols = {g: list(games.GAME_SYMBOLS.get(g, ())) for g in games.GAME_SLUGS}
        current = self.instance.type if self.instance.pk else None
        if current and not any(current in v for v in types.values()):
            types["(not listed)"] = [current]  # keep a stored value visible, clean() flags it
        self.fields["type"].choices = _grouped(types)
        self.fields["symbol"].choices = _grouped(symbols)
        self.fields["type"].widget.attrs["data-applicability"] = applicability_data()
        keywords = {g: list(games.GAME_KEYWORDS.get(g, ())) for g in games.GAME_SLUGS}
        self.fields["keywords"].widget.attrs["data-keywords"] = json.dumps(
            {str(pk): keywords.get(slug, []) for pk, slug in Game.objects.values_list("pk", "slug")})
        if self.instance.pk and not self.is_bound:
            self._offer_reading()

    def _offer_reading(self):
        """Fill the fields still unknown from the machine's reading of the front image, each
        marked for checking; the editor saves them or not (nothing is written before)."""
        front = EntryImage.objects.filter(entry_id=self.instance.pk, face=EntryImage.Face.FRONT,
                                          reading_status=Reading.DONE).first()
        self.instance.reading_offered_from = front.pk if front else None  # for images_panel
        if front is None:
            return
        entry = self.instance
        offered = {name: value for name, (value, _) in machine.reading_fields(front.reading).items()
                   if name != "name" and getattr(entry, name) in (None, "")}
        if not entry.abilities and (front.reading or {}).get("abilities"):
            offered["abilities"] = front.reading["abilities"]
        type_slug = entry.type or offered.get("type")
        barred = set(games.not_applicable(entry.game.slug, type_slug, entry.kind))
        for name, value in offered.items():
            if name in barred or name not in self.fields:
                continue
            field = self.fields[name]
            self.initial[name] = value
            mark = MACHINE_DRAFTED if name == "abilities" else MACHINE_READ
            field.help_text = format_html("<strong>{}</strong> {}", mark, field.help_text)
            field.widget.attrs["class"] = (field.widget.attrs.get("class", "") + " machine-read").strip()

    def clean_type(self):
        return self.cleaned_data["type"] or None

    def clean_symbol(self):
        return self.cleaned_data["symbol"] or None

    def clean(self):
        data = super().clean()
        game = data.get("game")
        if game is None:
            return data
        slug, kind, type_slug = game.slug, data.get("kind"), data.get("type")
        listed = games.type_choices(slug)
        if type_slug and listed and type_slug not in listed:
            self.add_error("type", f"Not a type of {game.short_name}: choose one of {', '.join(listed)}.")
            return data
        for name in games.not_applicable(slug, type_slug, kind):
            if data.get(name) not in (None, ""):
                what = type_slug or kind or "entry"
                self.add_error(name, f"A {what} of {game.short_name} has no {name}: leave it blank.")
        glyphs = games.GAME_GLYPHS.get(slug, ())
        if data.get("glyph") and data["glyph"] not in glyphs:
            self.add_error("glyph", f"{game.short_name} has no glyphs." if not glyphs
                           else f"Not a glyph of {game.short_name}.")
        if data.get("symbol") and data["symbol"] not in games.GAME_SYMBOLS.get(slug, ()):
            self.add_error("symbol", f"Not a symbol {game.short_name}'s rulebook names.")
        allowed = set(games.GAME_KEYWORDS.get(slug, ()))
        used = {k for ks in Entry.objects.filter(game=game).exclude(pk=self.instance.pk)
                .values_list("keywords", flat=True) for k in ks or []}
        unknown = [k for k in data.get("keywords") or [] if k not in allowed | used]
        if unknown:
            self.add_error("keywords", f"Not a keyword of {game.short_name}: {', '.join(unknown)} "
                           f"(its keywords: {', '.join(sorted(allowed | used)) or 'none listed'}).")
        return data


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
class EntryAdmin(ChangeReasonAdmin, HistoryAdmin):
    form = EntryForm
    list_display = ("name", "game", "kind", "type", "glyph", "initiative", "cost", "vp", "has_text")
    list_filter = ("game", "kind", "type", "glyph", HasTextFilter)
    search_fields = ("name", "slug", "aliases", "text", "type")
    prepopulated_fields = {"slug": ("name",)}
    autocomplete_fields = ("component",)
    list_select_related = ("game",)
    inlines = [RollBandInline, EntryRulingInline]

    class Media:
        js = ("editorial/entry_form.js",)
        css = {"all": ("editorial/entry_form.css",)}
    fieldsets = (
        (None, {"fields": ("game", "name", "slug", "kind", "component", "type")}),
        ("Attributes (blank = unknown)", {"fields": (
            "glyph", "symbol", "initiative", "cost", "vp", "body", "mind", "strength", "copies",
            "keywords",
        )}),
        ("Text", {"fields": ("text", "flavor", "aliases", "source", "notes", "position")}),
        ("Abilities (fixtures/FORMAT.md)", {"fields": ("abilities",)}),
        ("Images (front and back)", {"fields": ("images_panel", *IMAGE_FIELDS)}),
    )
    readonly_fields = ("images_panel",)

    @admin.display(description="Current images")
    def images_panel(self, obj):
        return images_panel(obj)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        images = form.save_images(form.instance, request.user,
                                  form.cleaned_data.get("change_reason") or "Image uploaded in the admin")
        request.machine_reading = entry_images_read_later(images)

    def _to_the_reading(self, request, obj):
        """After a new front photo, back to the entry, where the machine's reading fills the
        fields still unknown (or says why it could not)."""
        if not getattr(request, "machine_reading", 0) or {"_addanother", "_saveasnew"} & set(request.POST):
            return None
        front = EntryImage.objects.filter(entry=obj, face=EntryImage.Face.FRONT).first()
        status = front.reading_status if front else Reading.NONE
        if status == Reading.DONE:
            self.message_user(request, "The front photo was read by machine: the fields still "
                                       f"unknown are filled from it below, marked “{MACHINE_READ}” "
                                       "Nothing of it is saved until you save.")
        elif status in (Reading.QUEUED, Reading.RUNNING):
            self.message_user(request, "The front photo is being read by machine: reload this page "
                                       "in a moment to have the fields still unknown filled from it.")
        else:
            self.message_user(request, f"The front photo was not read by machine: "
                                       f"{front.reading_note if front else 'no photo'}",
                              level=messages.WARNING)
        url = reverse("admin:cardsite_entry_change", args=[obj.pk])
        return HttpResponseRedirect(add_preserved_filters(
            {"preserved_filters": self.get_preserved_filters(request), "opts": self.opts}, url))

    def response_add(self, request, obj, post_url_continue=None):
        return self._to_the_reading(request, obj) or super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        return self._to_the_reading(request, obj) or super().response_change(request, obj)

    @admin.display(boolean=True, description="text", ordering="text")
    def has_text(self, obj):
        return obj.text is not None


