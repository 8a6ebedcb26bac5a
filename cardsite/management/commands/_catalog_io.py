"""Shared reading of catalog files for the data commands."""
from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError


def read_catalog_file(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    except RecursionError as exc:
        raise CommandError(f"{path}: not a catalog: its JSON is nested too deeply to read") from exc


def merge_catalogs(documents: list[dict]) -> dict:
    """Several single-game files as one document (the bundled fixtures)."""
    merged = {"format": None, "version": None, "games": []}
    for doc in documents:
        if not isinstance(doc, dict):
            raise CommandError("A catalog file must hold a JSON object.")
        merged["format"] = merged["format"] or doc.get("format")
        merged["version"] = merged["version"] or doc.get("version")
        merged["games"].extend(doc.get("games") or [])
    return merged
