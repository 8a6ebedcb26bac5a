"""The suggestions as an admin list (the queue at /admin/suggestions/ is where they are worked)."""
from django.contrib import admin

from cardsite.editorial.models import Suggestion


@admin.register(Suggestion)
class SuggestionAdmin(admin.ModelAdmin):
    list_display = ("pk", "target", "field", "status", "created", "reviewed_by")
    list_filter = ("status", "target")
    search_fields = ("proposed_value", "source", "contact")
    readonly_fields = [f.name for f in Suggestion._meta.fields]

    def has_add_permission(self, request):
        return False  # suggestions come from the public form


admin.site.site_header = "Grimoire editing"
admin.site.site_title = "Grimoire editing"
admin.site.index_title = "Catalog, rules and rulings"
