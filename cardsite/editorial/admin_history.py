"""The admin's history pages (django-simple-history) for every catalog model."""
from __future__ import annotations

from django.contrib.admin.utils import unquote
from django.core.exceptions import ValidationError
from django.http import Http404
from simple_history.admin import SimpleHistoryAdmin


class HistoryAdmin(SimpleHistoryAdmin):
    """SimpleHistoryAdmin whose history pages answer 404 for an id that is not one
    (``/admin/cardsite/entry/abc/history/`` was a 500: the id went to the query)."""

    def _checked_id(self, object_id: str) -> str:
        try:
            self.model._meta.pk.to_python(unquote(object_id))
        except ValidationError:
            raise Http404(f"No {self.model._meta.verbose_name} with id {object_id!r}.") from None
        return object_id

    def history_view(self, request, object_id, extra_context=None):
        return super().history_view(request, self._checked_id(object_id), extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if not str(version_id).isdigit():
            raise Http404(f"No version {version_id!r}.")
        return super().history_form_view(
            request, self._checked_id(object_id), version_id, extra_context
        )
