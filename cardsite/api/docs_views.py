"""/api/schema/ and /api/docs/: the OpenAPI schema, generated once per process, and its page.

Generating the schema walks every view and serializer: about a second, more on a busy
machine, and the docs page waited for it on every visit the response cache had not
kept. It is a function of the code alone (SERVE_PUBLIC: not of who asks), so each
process makes it once, and writes it once per format; cardsite.gunicorn_conf makes it
before a worker takes requests.
"""
from __future__ import annotations

from functools import cache

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.response import Response


@cache
def api_schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


# The schema as each renderer wrote it (YAML 240 KB, JSON 470 KB: 0.1-0.2 s each).
_rendered: dict[tuple[str, str], tuple[bytes, str]] = {}  # -> (body, Content-Type)


class ApiSchemaView(SpectacularAPIView):
    def _common(self, request) -> bool:
        return not (request.GET.get("lang") or request.GET.get("version"))

    def _get_schema_response(self, request):
        if not self._common(request):
            return super()._get_schema_response(request)
        return Response(data=api_schema(), headers={
            "Content-Disposition": f'inline; filename="{self._get_filename(request, None)}"'})

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if response.status_code == 200 and self._common(request):
            key = (type(response.accepted_renderer).__name__, response.accepted_media_type)
            if key not in _rendered:
                _rendered[key] = (response.rendered_content, response["Content-Type"])
            response.content, response["Content-Type"] = _rendered[key]
        return response


class ApiDocsView(SpectacularSwaggerSplitView):
    template_name = "api/docs.html"
