"""The machine's first draft of a card: its fields read from the photo (cardsite.ocr) and its
abilities drafted from the text (the engine's drafter). Both are optional: without
Tesseract the form says so and works by hand; without a drafter the card's abilities stay
empty (applied by hand), never a guess."""
from __future__ import annotations

import importlib

# Where the engine's drafter lives (issue 28's ability drafts); tried in order.
DRAFTER_MODULES = ("engine.drafts", "engine.drafting", "engine.ability_drafts")


class Unavailable(RuntimeError):
    pass


class Failed(RuntimeError):
    pass


def ocr_available() -> bool:
    try:
        from cardsite import ocr
    except ImportError:
        return False
    return ocr.available()


def read_photo(data: bytes, *, game: str, component: str | None, known_names) -> dict:
    """The reading as plain data (Reading.to_dict()); Unavailable or Failed."""
    try:
        from cardsite import ocr
    except ImportError as exc:
        raise Unavailable("Machine reading is not installed on this server.") from exc
    try:
        reading = ocr.read_card(data, game=game, component=component, known_names=known_names)
    except ocr.OcrUnavailable as exc:
        raise Unavailable(str(exc)) from exc
    except (ocr.UnreadableImage, ocr.OcrError) as exc:
        raise Failed(str(exc)) from exc
    return reading.to_dict()


def _drafter():
    for name in DRAFTER_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, "draft_abilities"):
            return module.draft_abilities
    return None


def draft(text: str | None, *, game: str, type_slug: str | None) -> list[dict]:
    """The abilities drafted from ``text`` (validated), or [] when there is no drafter."""
    drafter = _drafter()
    if drafter is None or not (text or "").strip():
        return []
    from engine import abilities as language

    try:
        drafted = drafter(text, game=game, type=type_slug)
    except TypeError:
        drafted = drafter(text)
    drafted = getattr(drafted, "abilities", drafted)
    try:
        return language.validate(drafted)
    except Exception:  # noqa: BLE001 - a draft the language refuses is no draft
        return []


def describe(abilities) -> list[str]:
    from engine import abilities as language

    return language.describe(abilities)


def reading_fields(reading: dict | None) -> dict:
    """{field: (value, confidence)} of a stored reading, for the form and the review."""
    out = {}
    for name in ("name", "type", "initiative", "cost", "text"):
        item = (reading or {}).get(name) or {}
        if item.get("value") not in (None, ""):
            out[name] = (item["value"], float(item.get("confidence") or 0))
    return out
