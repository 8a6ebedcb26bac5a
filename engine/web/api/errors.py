"""Checker errors: one JSON 400 ``{"status", "code", "detail", "field"}``.

``field`` names the input at fault in the request's own terms, e.g.
``components[1].initiative`` or ``dice``, whether the serializer caught it
(wrong type, out of range) or the engine did (an unknown card, an illegal
combination). Other errors (405, 415, 429) keep the site API's shape.
"""
from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings

from engine.core import EngineError

# DRF's error codes, in the engine's vocabulary.
CODES = {
    "invalid": "type", "not_a_list": "type", "not_a_dict": "type", "date": "type",
    "required": "required", "null": "required", "blank": "required",
    "min_value": "range", "max_value": "range", "min_length": "range", "max_length": "range",
    "empty": "range", "max_string_length": "range",
}


def error_body(code: str, detail: str, field: str | None) -> dict:
    return {"status": 400, "code": code, "detail": detail, "field": field or "body"}


def _join(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key in ("non_field_errors", api_settings.NON_FIELD_ERRORS_KEY):
        return path
    return f"{path}.{key}" if path else str(key)


def first_error(detail, path: str = ""):
    """(field path, message, DRF code) of the first error in a nested DRF error."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            found = first_error(value, _join(path, key))
            if found:
                return found
    elif isinstance(detail, list):
        for i, item in enumerate(detail):
            if isinstance(item, dict | list):
                found = first_error(item, _join(path, i))
                if found:
                    return found
            else:
                return path, str(item), getattr(item, "code", "invalid")
    elif detail:
        return path, str(detail), getattr(detail, "code", "invalid")
    return None


def _code(drf_code: str, field: str) -> str:
    if drf_code == "invalid_choice":
        last = field.rsplit(".", 1)[-1].split("[", 1)[0] or "value"
        return f"unknown-{last.replace('_', '-')}"
    return CODES.get(drf_code, drf_code.replace("_", "-"))


def validation_error_body(exc: exceptions.ValidationError) -> dict:
    field, message, drf_code = first_error(exc.detail) or ("", "invalid input", "invalid")
    detail = f"{field}: {message}" if field else message
    return error_body(_code(drf_code, field), detail, field)


def checker_exception_handler(exc, context):
    """The checker views' exception handler (APIView.get_exception_handler)."""
    if isinstance(exc, EngineError):
        return Response(error_body(exc.code, exc.message, exc.field), status=400)
    if isinstance(exc, exceptions.ValidationError):
        return Response(validation_error_body(exc), status=400)
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(error_body("too-large", f"the body is larger than the {limit} bytes a "
                                   "checker reads", "body"), status=400)
    if isinstance(exc, exceptions.ParseError):
        return Response(error_body("parse-error", f"the body is not valid JSON: {exc.detail}",
                                   "body"), status=400)
    return api_settings.EXCEPTION_HANDLER(exc, context)
