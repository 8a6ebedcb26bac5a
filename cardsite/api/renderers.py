"""The browsable API's HTML, under the site's Content-Security-Policy."""
from __future__ import annotations

from rest_framework.renderers import BrowsableAPIRenderer


class BrowsableRenderer(BrowsableAPIRenderer):
    """DRF's page writes its code highlighting as a <style> block: allow inline
    styles on these pages only (scripts stay files only)."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        response = (renderer_context or {}).get("response")
        if response is not None:
            response._csp_update = {"style-src": ["'unsafe-inline'"]}
        return super().render(data, accepted_media_type, renderer_context)
