"""Every API error is one JSON shape: ``{"status", "code", "detail"}``.

A bad search query adds ``position`` (where the parser stopped), a validation
error adds ``errors`` (field -> messages), a failed fuzzy lookup adds
``suggestions``. Nothing under /api/ answers with an HTML error page: DRF's
exceptions go through ``api_exception_handler``, unmatched paths through
``api_not_found`` and unexpected exceptions become a JSON 500.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.signals import got_request_exception
from django.db import IntegrityError
from django.http import Http404, HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from cardsite.web.db_contention import is_contention
from rulesref.search.budget import SearchTimeout
from rulesref.search.syntax import QuerySyntaxError

logger = logging.getLogger("cardsite.api")


def error_body(status_code: int, code: str, detail: str, **extra) -> dict:
    return {"status": status_code, "code": code, "detail": str(detail), **extra}


class ApiError(exceptions.APIException):
    """An APIException that carries extra keys into the error body."""

    def __init__(self, detail: str, *, status_code: int, code: str, **extra):
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.extra = extra


class BadQuery(ApiError):
    def __init__(self, message: str, position: int | None):
        super().__init__(
            message, status_code=status.HTTP_400_BAD_REQUEST, code="bad_query", position=position
        )


def bad_query(exc: QuerySyntaxError) -> BadQuery:
    message = getattr(exc, "message", None) or (exc.args[0] if exc.args else str(exc))
    return BadQuery(str(message), getattr(exc, "position", None))


def _first_message(errors) -> str:
    """The first message of a nested DRF error structure, prefixed by its field."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            message = _first_message(value)
            if key in ("non_field_errors", "detail"):
                return message
            return f"{key}: {message}"
    if isinstance(errors, list) and errors:
        return _first_message(errors[0])
    return str(errors)


def _error_code(exc) -> str:
    codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
    if isinstance(codes, str):
        return codes
    return getattr(exc, "default_code", "error")


def api_exception_handler(exc, context):
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: DRF's handler, then one error shape."""
    if isinstance(exc, QuerySyntaxError):
        exc = bad_query(exc)
    elif isinstance(exc, SearchTimeout):
        exc = ApiError(exc.message, status_code=503, code="search_timeout")
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    elif isinstance(exc, RecursionError):  # a body nested deeper than Python can walk
        exc = exceptions.ParseError("The body is nested too deeply.")
    elif isinstance(exc, ObjectDoesNotExist):  # deleted by a concurrent request
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, IntegrityError):  # a concurrent write took the slug or the row
        exc = ApiError("A concurrent change conflicts with this one (the object or one it "
                       "refers to was changed or deleted meanwhile); try again.",
                       status_code=409, code="conflict")
    elif is_contention(exc):
        exc = ApiError("The database is busy with another change; try again shortly.",
                       status_code=503, code="busy")
    elif isinstance(exc, RequestDataTooBig):
        exc = ApiError(f"The body is larger than the {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} "
                       "bytes the API reads.", status_code=413, code="too_large")
    response = drf_exception_handler(exc, context)
    if response is not None and response.status_code == 503:
        response["Retry-After"] = "1"
    if response is None:
        # An unexpected exception: log it, tell Django (the test client re-raises
        # it), and still answer in JSON rather than Django's HTML 500 page.
        request = context.get("request")
        logger.exception("Unhandled API error", exc_info=exc)
        if request is not None:
            got_request_exception.send(sender=None, request=request._request)
        return Response(
            error_body(500, "server_error", "The server failed to answer this request."),
            status=500,
        )
    if isinstance(exc, exceptions.ValidationError):
        errors = response.data
        if not isinstance(errors, dict):  # a body that is not an object (JSON null, a list)
            errors = {settings.REST_FRAMEWORK.get("NON_FIELD_ERRORS_KEY", "non_field_errors"): errors}
        response.data = error_body(
            response.status_code, "invalid", _first_message(errors), errors=errors
        )
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else ""
        response.data = error_body(
            response.status_code, _error_code(exc), detail, **getattr(exc, "extra", {})
        )
    return response


@csrf_exempt  # else a POST to an unknown path gets Django's HTML CSRF page first
def api_not_found(request, path=""):
    """The last /api/ URL pattern: a JSON 404 (or the trailing-slash redirect)."""
    if not request.path_info.endswith("/") and request.method in ("GET", "HEAD"):
        try:
            match = resolve(request.path_info + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(request.path + "/" + (f"?{query}" if query else ""))
    return JsonResponse(
        error_body(404, "not_found", f"No API endpoint at {request.path}. See /api/ for the list."),
        status=404,
    )


class ErrorSerializer(serializers.Serializer):
    """The body of every error response (used by the OpenAPI schema)."""

    status = serializers.IntegerField(help_text="The HTTP status code.")
    code = serializers.CharField(
        help_text='Machine-readable: "not_found", "bad_query", "invalid", "search_timeout", ...')
    detail = serializers.CharField(help_text="What went wrong, for people.")
    position = serializers.IntegerField(
        required=False, allow_null=True,
        help_text="bad_query only: the 0-based character offset in q where parsing failed.",
    )
    errors = serializers.DictField(
        required=False, help_text="invalid only: each field with its messages.",
        child=serializers.JSONField(),
    )
    etag = serializers.CharField(
        required=False, help_text="precondition_failed only: the object's current ETag.",
    )
    suggestions = serializers.ListField(
        required=False, child=serializers.DictField(),
        help_text="cards/named only: up to five near matches.",
    )
