"""The machine's first draft of a card: its fields read from the photo (cardsite.ocr) and its
abilities drafted from the text (engine.drafting). Reading is optional: without Tesseract
the form says so and works by hand. A draft says only what the text says: the rest is
left by hand, never guessed."""
from __future__ import annotations

from cardsite.models import Entry
from engine import abilities as language
from engine.drafting import draft_abilities


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


def read_and_draft(data: bytes, *, game: str, component: str | None) -> dict:
    """The photo's reading with ``abilities`` drafted from its text; Unavailable or Failed.
    The game's entry names help the reader with a name it is unsure of."""
    known = list(Entry.objects.filter(game__slug=game).values_list("name", flat=True))
    reading = read_photo(data, game=game, component=component, known_names=known)
    reading["abilities"] = draft((reading.get("text") or {}).get("value"), game=game,
                                 type_slug=(reading.get("type") or {}).get("value"),
                                 name=(reading.get("name") or {}).get("value"))
    return reading


def draft(text: str | None, *, game: str, type_slug: str | None,
          name: str | None = None) -> list[dict]:
    """The abilities drafted from ``text`` (valid in the ability language), [] for no text.
    ``name`` is the card's own; a card the text says to gain is looked up in the game."""
    def card_named(words: str) -> str | None:
        return Entry.objects.filter(game__slug=game, name__iexact=words.strip()).values_list(
            "name", flat=True).first()

    return draft_abilities(text, game=game, type=type_slug, name=name, card_named=card_named)


def describe(abilities) -> list[str]:
    return language.describe(abilities)


def reading_fields(reading: dict | None) -> dict:
    """{field: (value, confidence)} of a stored reading, for the form and the review."""
    out = {}
    for name in ("name", "type", "initiative", "cost", "text"):
        item = (reading or {}).get(name) or {}
        if item.get("value") not in (None, ""):
            out[name] = (item["value"], float(item.get("confidence") or 0))
    return out
