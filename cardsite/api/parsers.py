"""The API's JSON parser: DRF's, with nesting past Python's recursion limit a 400."""
from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

TOO_DEEP = "JSON parse error - the body is nested too deeply"


class JSONBodyParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:  # json raises it, not ValueError, past ~1,000 levels
            raise ParseError(TOO_DEEP) from exc
