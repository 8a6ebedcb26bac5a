"""Submissions in the admin's list (read only): each opens the review page."""
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from cardsite.submissions.models import Submission


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ("pk", "name", "game", "component", "status", "reading_status", "sent", "review")
    list_filter = ("status", "game", "reading_status")
    search_fields = ("name",)

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm("editorial.review_suggestion")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_module_permission(self, request):
        return self.has_view_permission(request)

    @admin.display(description="Review")
    def review(self, obj):
        return format_html('<a href="{}">review</a>', reverse("submission-review", args=[obj.pk]))

    def changelist_view(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "title": "Submitted cards (review them from "
                                                           "the queue: /admin/submissions/review/)"}
        return super().changelist_view(request, extra_context)
