"""OpenAPI: every operation documents the error responses it can give.

Errors all have one body (cardsite.api.errors.ErrorSerializer), so they are
added here once instead of on each view: 400, 404 and 429 everywhere,
401/403 on writes.
"""
from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import is_patched_serializer
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.permissions import SAFE_METHODS

from cardsite.api.errors import ErrorSerializer
from cardsite.catalog import games
from cardsite.catalog.validation import SLUG_RE


def labelled(values) -> list[tuple[str, str]]:
    """Choices labelled as the models and the FilterSet label them."""
    return [(v, v.replace("-", " ").capitalize()) for v in values]


# Named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]: one enum name per shared
# choice set (labelled as in the models and filters; the plain lists are the
# engine serializers').
GAME_CHOICES = labelled(games.GAME_SLUGS)
FAMILY_CHOICES = labelled(games.FAMILIES)
ENTRY_KIND_CHOICES = labelled(games.ENTRY_KINDS)
COMPONENT_KIND_CHOICES = labelled(games.COMPONENT_KINDS)
GLYPH_CHOICES = labelled(games.GLYPHS)
RULING_KIND_CHOICES = labelled(games.RULING_KINDS)

ERROR_DESCRIPTIONS = {
    "400": "Bad request: invalid parameters or body, or a search query that cannot be parsed "
    "(then `position` says where).",
    "401": "Not authenticated: writes need a staff user's token (`Authorization: Token <key>`).",
    "403": "Forbidden: the user is not staff.",
    "404": "Not found (an unknown slug, number or page).",
    "409": "Conflict: a concurrent change to this object or one it refers to; try again.",
    "412": "Precondition failed: the object changed since the ETag sent in If-Match "
    "(`etag` is the current one).",
    "429": "Too many requests from this anonymous client: wait `Retry-After` seconds.",
    "503": "Busy, try again (`Retry-After`): a write waited longer than its lock wait for "
    "another change, or a search ran past its time budget (`search_timeout`).",
    "413": "Content too large: the body's Content-Length is over the site's limit "
    "(refused before it is read), or the body is over the API's limit for its kind.",
}
URI_TOO_LONG = {
    "description": "URI too long: a request line over 4,094 bytes (a very long query string) "
    "is refused by gunicorn before it reaches the API, with its own small HTML page.",
    "content": {"text/html": {"schema": {"type": "string"}}},
}


RETRY_AFTER = {"Retry-After": {
    "schema": {"type": "integer", "minimum": 0},
    "description": "Seconds to wait before trying again.",
}}

# What DRF's CharField takes, as a pattern: never a NUL character (Django's
# ProhibitNullCharactersValidator), and, unless blank is allowed, at least one
# character that is not whitespace (it strips what str.strip() strips before
# checking for blank: these characters, listed so that the pattern means the same in
# every regex dialect; JSON Schema's \s is not Python's).
PYTHON_WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = rf"^[^\x00]*[^\x00{PYTHON_WHITESPACE}][^\x00]*$"


def text_pattern(*, blank: bool) -> str:
    return NO_NUL if blank else NOT_BLANK


PATH_PARAMETERS = {
    "game": ("The game's slug.", {"type": "string", "enum": list(games.GAME_SLUGS)}),
    "slug": ("The object's slug within its game.", None),
    "number": ('The rule number, e.g. "7" or "7.3".', None),
}
SUCCESS_DESCRIPTIONS = {
    "201": "Created: the object as stored.",
    "204": "Deleted.",
    "304": "Not modified since the ETag or date the client sent.",
}


IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER, required=False,
    description="The ETag from a GET of this object: the write is refused (412) if the "
    "object changed since. Without it the write goes ahead (last writer wins).",
)


def _filter_description(name: str) -> str:
    """initiative_min -> "Only entries whose initiative is at least this (unknown: left out)."."""
    field, _, bound = name.rpartition("_")
    if bound in ("min", "max") and field:
        return (f"Only entries whose {field.replace('_', ' ')} is at "
                f"{'least' if bound == 'min' else 'most'} this (unknown values are left out).")
    return ""


class ApiAutoSchema(AutoSchema):
    """Adds what every operation shares: error responses, descriptions of path
    parameters, range filters and success responses."""

    def _resolve_path_parameters(self, variables):
        parameters = super()._resolve_path_parameters(variables)
        for parameter in parameters:
            description, schema = PATH_PARAMETERS.get(parameter["name"], ("", None))
            parameter["description"] = parameter.get("description") or description
            if schema:
                parameter["schema"] = schema
        return parameters

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, serializers.ListSerializer):
            # many=True with min_length/max_length (DRF checks them; spectacular omits them)
            if field.min_length is not None:
                schema.setdefault("minItems", field.min_length)
            if field.max_length is not None:
                schema.setdefault("maxItems", field.max_length)
        return schema

    def _map_basic_serializer(self, serializer, direction):
        # Which direction the fields being mapped are for (request bodies only get the
        # text patterns below: what the server answers is not checked by them).
        outer, self._direction = getattr(self, "_direction", None), direction
        try:
            schema = super()._map_basic_serializer(serializer, direction)
        finally:
            self._direction = outer
        # Fields the model requires though its column may be blank (a ruling's source).
        required = getattr(serializer, "schema_required", ())
        if direction == "request" and required and not is_patched_serializer(serializer, direction):
            schema["required"] = sorted({*schema.get("required", []), *required})
        if direction == "request" and getattr(serializer, "schema_closed", False):
            schema["additionalProperties"] = False  # a body whose other keys are refused
        if direction == "request":
            schema.update(getattr(serializer, "schema_extra", {}))  # e.g. which keys go together
        return schema

    def _insert_field_validators(self, field, schema):
        super()._insert_field_validators(field, schema)
        # After spectacular's own (a RegexField's pattern, a blank choice as oneOf).
        if getattr(self, "_direction", None) != "request" or schema.get("type") != "string":
            return
        own = getattr(getattr(field, "parent", None), "schema_fields", {}).get(field.field_name)
        if own:  # what the model checks of this field that its column does not say
            schema.update(own)
        elif isinstance(field, serializers.SlugField):
            # The catalog's slugs (cardsite.catalog.validation), not Django's (A_b).
            schema["pattern"] = SLUG_RE.pattern
        elif (isinstance(field, serializers.CharField)
              and not {"pattern", "format", "enum"} & set(schema)):
            schema["pattern"] = text_pattern(blank=field.allow_blank or not field.trim_whitespace)

    def _get_filter_parameters(self):
        parameters = super()._get_filter_parameters()
        for parameter in parameters:
            if not parameter.get("description"):
                parameter["description"] = _filter_description(parameter["name"])
        return parameters

    def _error_codes(self) -> list[str]:
        codes = ["400", "404", "429", "503"]
        if self.method not in ("GET", "HEAD", "OPTIONS"):
            codes += ["401", "403", "409"]
        if self.method in ("PUT", "PATCH", "DELETE"):
            codes.append("412")
        return codes

    def get_auth(self):
        auths = super().get_auth()
        # Anyone reads (StaffWritesOrReadOnly): a read needs no credentials.
        if self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths

    def get_override_parameters(self):
        parameters = super().get_override_parameters()
        if self.method in ("PUT", "PATCH", "DELETE"):
            parameters = [*parameters, IF_MATCH]
        return parameters

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for code, body in responses.items():
            if not body.get("description"):
                body["description"] = (
                    SUCCESS_DESCRIPTIONS.get(code) or ERROR_DESCRIPTIONS.get(code)
                    or ("A page of results." if self._is_list_view() else "Success.")
                )
        codes = self._error_codes()
        if self.method in ("POST", "PUT", "PATCH"):
            codes = [*codes, "413"]
        for code in codes:
            if code not in responses:
                body = self._get_response_for_code(ErrorSerializer, code, direction=direction)
                body["description"] = ERROR_DESCRIPTIONS[code]
                responses[code] = body
        for code in ("429", "503"):
            if code in responses:
                responses[code].setdefault("headers", RETRY_AFTER)
        responses.setdefault("414", URI_TOO_LONG)
        return responses


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def non_empty_parameters(result, generator, request, public):
    """SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]: a query parameter other than
    free text is at least one character and not only whitespace
    (cardsite.api.base.refuse_empty_parameters); none has a NUL character (refused by
    the parameter serializers and the card filters' form)."""
    from cardsite.api.base import EMPTY_ALLOWED

    for operations in result.get("paths", {}).values():
        # (the engine's odds views refuse empty values with the same function)
        for operation in operations.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                schema = parameter.get("schema", {})
                if parameter.get("in") != "query" or schema.get("type") != "string":
                    continue
                blank = parameter["name"] in EMPTY_ALLOWED
                if not blank and "enum" not in schema:
                    schema.setdefault("minLength", 1)
                if not {"enum", "format"} & set(schema) and schema.get("pattern", NO_NUL) == NO_NUL:
                    schema["pattern"] = text_pattern(blank=blank)
    return result


def strict_request_bodies(result, generator, request, public):
    """SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]: the engine's request bodies refuse
    keys they do not know (engine.web.api.serializers.StrictSerializer): say so in the
    schema with ``additionalProperties: false``."""
    from engine.web.api.serializers import StrictSerializer

    components = result.get("components", {}).get("schemas", {})
    for serializer in _subclasses(StrictSerializer):
        name = serializer.__name__.removesuffix("Serializer")
        for candidate in (f"{name}Request", name):
            schema = components.get(candidate)
            fields = set(serializer().fields)
            if schema and set(schema.get("properties", {})) <= fields:
                schema["additionalProperties"] = False
                break
    return result
