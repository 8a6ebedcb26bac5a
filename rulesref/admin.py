"""Admin for rules, glossary terms and rulings."""
from django.contrib import admin

from cardsite.editorial.admin_fields import ChangeReasonAdmin, ChangeReasonForm, StringListField
from cardsite.editorial.admin_history import HistoryAdmin
from rulesref.models import GlossaryTerm, Rule, Ruling


@admin.register(Rule)
class RuleAdmin(ChangeReasonAdmin, HistoryAdmin):
    list_display = ("citation", "title", "source", "game")
    list_filter = ("game",)
    search_fields = ("number", "title", "text", "source")
    list_select_related = ("game",)
    ordering = ("game__position", "sort_key")

    @admin.display(description="rule", ordering="sort_key")
    def citation(self, obj):
        return obj.citation


class TermForm(ChangeReasonForm):
    aliases = StringListField()

    class Meta:
        model = GlossaryTerm
        fields = "__all__"


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(ChangeReasonAdmin, HistoryAdmin):
    form = TermForm
    list_display = ("term", "game", "slug")
    list_filter = ("game",)
    search_fields = ("term", "slug", "definition", "aliases")
    prepopulated_fields = {"slug": ("term",)}
    autocomplete_fields = ("rules",)
    list_select_related = ("game",)


@admin.register(Ruling)
class RulingAdmin(ChangeReasonAdmin, HistoryAdmin):
    list_display = ("question_short", "game", "kind", "source", "updated")
    list_filter = ("game", "kind")
    search_fields = ("question", "answer", "slug", "source")
    autocomplete_fields = ("entries", "rules")
    list_select_related = ("game",)
    fieldsets = (
        (None, {"fields": ("game", "slug", "kind", "question", "answer", "source")}),
        ("What it concerns", {"fields": ("entries", "rules")}),
        ("Conflicts and open questions", {
            "fields": ("readings", "engine_reading"),
            "description": 'Readings: [{"source": "section", "reading": "..."}]. Required for '
                           "conflict and open-question rulings, with the reading the engine follows.",
        }),
        (None, {"fields": ("position",)}),
    )

    @admin.display(description="question", ordering="question")
    def question_short(self, obj):
        return obj.question if len(obj.question) <= 90 else obj.question[:87] + "..."
