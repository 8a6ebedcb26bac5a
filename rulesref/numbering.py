"""Rule numbers ("7", "7.3", "7.3.1"): parsing, parents and a sortable key."""
from __future__ import annotations

import re

NUMBER_RE = re.compile(r"^[1-9][0-9]{0,2}(\.[1-9][0-9]{0,2}){0,3}$")


def is_rule_number(number: str) -> bool:
    return bool(NUMBER_RE.match(number))


def parent_number(number: str) -> str | None:
    head, _, _ = number.rpartition(".")
    return head or None


def sort_key(number: str) -> str:
    """"7.3" -> "007.003": string order equals rule order (so "10" follows "9")."""
    return ".".join(part.zfill(3) for part in number.split("."))
