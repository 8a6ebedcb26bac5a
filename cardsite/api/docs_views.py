"""/api/schema/ and /api/docs/: the OpenAPI schema, generated once per process, and its page.

Generating the schema walks every view and serializer: about a second, more on a busy
machine, and the docs page waited for it on every visit the response cache had not
kept. It is a function of the code alone (SERVE_PUBLIC: not of who asks), so each
process makes it once; cardsite.gunicorn_conf makes it before a worker takes requests.
"""
from __future__ import annotations

from functools import cache

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.response import Response


@cache
def api_schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


class ApiSchemaView(SpectacularAPIView):
    def _get_schema_response(self, request):
        if request.GET.get("lang") or request.GET.get("version"):  # not the common schema
            return super()._get_schema_response(request)
        return Response(data=api_schema(), headers={
            "Content-Disposition": f'inline; filename="{self._get_filename(request, None)}"'})


class ApiDocsView(SpectacularSwaggerSplitView):
    template_name = "api/docs.html"
