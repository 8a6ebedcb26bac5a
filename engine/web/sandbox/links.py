"""A table's paths by URL name and link key, each name reversed once per process.

A table's page links its own key five times and each seat's key twice, and the API's
answer three times: ``reverse`` for each was a tenth of a page. The path is reversed
once with a stand-in key and the real key written in its place, as ``reverse`` would
write it (a key is URL-safe characters: nothing to quote)."""
from __future__ import annotations

import re
from functools import lru_cache

from django.urls import get_script_prefix, reverse

KEY_SPOT = "KEY-SPOT-0123456"  # a stand-in key (what <str:sandbox_id> takes)
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")  # a key reverse() writes as it is


@lru_cache(maxsize=64)
def _path(name: str, script_prefix: str) -> str:
    return reverse(name, args=[KEY_SPOT])


def key_paths(key: str, *names: str) -> list[str]:
    """``[reverse(name, args=[key]) for name in names]`` for a table's link ``key`` (the
    script prefix, a context-local read, is read once for them all)."""
    if not TOKEN.fullmatch(key):
        return [reverse(name, args=[key]) for name in names]
    prefix = get_script_prefix()
    return [_path(name, prefix).replace(KEY_SPOT, key) for name in names]


def key_path(name: str, key: str) -> str:
    """``reverse(name, args=[key])`` for a table's link ``key``."""
    return key_paths(key, name)[0]


@lru_cache(maxsize=64)
def _plain_path(name: str, script_prefix: str) -> str:
    return reverse(name)


def plain_path(name: str) -> str:
    """``reverse(name)`` of a URL name without arguments, reversed once per process (and
    script prefix)."""
    return _plain_path(name, get_script_prefix())
