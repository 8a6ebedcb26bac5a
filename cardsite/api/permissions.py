"""Anyone reads; only staff users write (with their token, or a staff session)."""
from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission


class StaffWritesOrReadOnly(BasePermission):
    message = "Only staff users may change the catalog: send a staff user's token."

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)
