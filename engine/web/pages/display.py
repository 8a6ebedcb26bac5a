"""What every checker page shows: explanation steps with rule links, input errors."""
from __future__ import annotations

import re

from django.urls import NoReverseMatch, reverse

from engine.core import EngineError

_NUMBERED = re.compile(r"^(?P<game>[a-z-]+) (?P<number>\d+(?:\.\d+)*)$")
_INDEXED = re.compile(r"^(?P<list>\w+)\[(?P<index>\d+)\]\.?(?P<rest>.*)$")


def rule_url(citation: str) -> str | None:
    """The rules-reference page of a numbered citation ("rumble 7.3"); None until numbered."""
    match = _NUMBERED.match(citation or "")
    if not match:
        return None
    try:
        return reverse("rule-detail", args=[match["game"], match["number"]])
    except NoReverseMatch:
        return None


def explanation_steps(steps: list[dict]) -> list[dict]:
    return [{**step, "url": rule_url(step.get("rule", ""))} for step in steps]


def input_error(error: EngineError, rows: dict[str, tuple[str, list[int]]] | None = None) -> dict:
    """The engine's complaint in the form's terms.

    ``rows`` maps an input list ("components") to the form's noun and the row
    number of each item sent (empty rows are not sent), so
    ``components[1].initiative`` reads "Component 3: initiative".
    """
    where = error.field
    match = _INDEXED.match(where or "")
    if match and rows and match["list"] in rows:
        noun, numbers = rows[match["list"]]
        index = int(match["index"])
        row = numbers[index] if index < len(numbers) else index + 1
        rest = match["rest"].replace("_", " ")
        where = f"{noun} {row}" + (f": {rest}" if rest else "")
    return {"field": error.field, "where": where, "message": error.message, "code": error.code}
