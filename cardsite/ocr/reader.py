"""One card's whole reading: prepare the photo, run Tesseract, place the fields."""
from __future__ import annotations

import time

from PIL import Image

from cardsite.ocr import fields, photo, tesseract
from cardsite.ocr.reading import Field, Reading

# A read whose words Tesseract is this sure of, on average, is taken without trying
# other orientations.
GOOD_CONF = 70
# Words this near the card's side (a share of its width) mean it was cut there; it is then
# taken this much wider on that side.
EDGE = 0.01
WIDEN = 0.08
WIDEN_ROUNDS = 2
# A name read again from the binarised card this sure (0-1) is not read from the grey too.
GOOD_NAME = 0.9


def _number(card: Image.Image) -> tuple[Image.Image, Field]:
    """The number in a closed shape in a top corner, read on its own, and the card with the
    shape blanked out."""
    found = photo.enclosed_number(card)
    if found is None:
        return photo.drop_large_shapes(card), Field()
    inside, box = found
    data = tesseract.image_data(inside, psm=7, chars="0123456789")
    digits = [(t.strip(), float(c)) for t, c in zip(data["text"], data["conf"], strict=True)
              if t.strip()]
    card = card.copy()
    card.paste(255, box)
    card = photo.drop_large_shapes(card)
    if len(digits) != 1 or not 1 <= len(digits[0][0]) <= 2:
        return card, Field()
    return card, Field(int(digits[0][0]), round(digits[0][1] / 100, 3))


def _read(image: Image.Image, psm: int = 11) -> tuple[list[fields.Line], float, str]:
    data = tesseract.image_data(image, psm=psm)
    lines = fields.lines_of(data)
    words = sum(len(line.words) for line in lines)
    conf = sum(sum(line.confs) for line in lines) / words if words else 0.0
    raw = "\n".join(line.text for line in lines)
    return lines, conf * min(1.0, words / 8), raw


def _name_band(card: Image.Image, grey: Image.Image | None):
    """``reread_name`` for ``fields.place``: the rows the name was found in, the card's
    whole width (a word the sparse read lost stays in them), read as a block of text:
    sparse mode cuts a title in pieces and loses thin letters that a block read keeps.
    Where that read is unsure, the same rows of ``grey`` (the card before binarising, when
    it has the same shape) are read too, with Tesseract's own thresholding, and the surer
    read is kept: a letter our threshold lost or joined to the frame may be there."""
    def band_read(image, box, lines):
        left, top, right, bottom = box
        pad = max(4, (bottom - top) // (2 * lines))
        band = image.crop((0, max(0, top - pad), image.width, min(image.height, bottom + pad)))
        # A block of lines (6), not one line (7): Tesseract 5.3's line mode dies of a
        # floating-point exception on some bands that its block mode reads.
        found = fields.lines_of(tesseract.image_data(band, psm=6))
        return Field(fields.clean_text(found) or None, fields.conf_of(found))

    def reread(box, lines):
        best = band_read(card, box, lines)
        if grey is not None and grey.size == card.size and best.confidence < GOOD_NAME:
            other = band_read(grey, box, lines)
            if other.value and other.confidence > best.confidence:
                best = other
        return best
    return reread


def _cut_sides(lines: list[fields.Line], width: int) -> tuple[bool, bool]:
    """Whether words the engine is fairly sure of touch the card's left or right edge."""
    edge = EDGE * width
    sure = [line for line in lines if line.letters >= 2 and line.conf >= 60]
    return (any(line.left <= edge for line in sure),
            any(line.right >= width - 1 - edge for line in sure))


def read_card(image, *, game: str | None = None, component: str | None = None,
              known_names=None) -> Reading:
    """A draft of the card's fields from a photo or scan of its face.

    ``image``: bytes, a binary stream or a PIL image. ``game``: a game slug (which number
    the card prints: initiative or cost; which type names it uses). ``component``: the
    component's slug, narrowing the types. ``known_names``: names of existing entries, for
    ``name_hint`` only.

    Raises ``OcrUnavailable`` without Tesseract, ``UnreadableImage`` for input that is not
    an image within the limits, ``OcrError`` when the engine fails.
    """
    started = time.monotonic()
    prepared = photo.prepare(image)  # bad input is refused first, engine or not
    tesseract.require()
    card = prepared.image
    blanked, number = _number(card)
    lines, score, raw = _read(blanked)
    as_prepared = True  # the card read is prepared.grey's shape
    if score < GOOD_CONF:
        # Sparse mode (11) finds text among art, but can lose a whole card to it (a flat
        # scan whose art is big blobs read as nothing); automatic layout (3) is the other
        # guess: keep whichever read is surer.
        other = _read(blanked, psm=3)
        if other[1] > score:
            lines, score, raw = other
    for _ in range(WIDEN_ROUNDS):
        # Text runs to the edge of the card found: the card was cut there. Take it wider on
        # that side and read again; keep the new read unless it is clearly less sure.
        cut = _cut_sides(lines, blanked.width)
        wider = photo.widened(prepared, WIDEN if cut[0] else 0.0,
                              WIDEN if cut[1] else 0.0) if any(cut) else None
        if wider is None:
            break
        wider_blanked, wider_number = _number(wider.image)
        other = _read(wider_blanked)
        if other[1] < score - 3:
            break
        prepared, card, blanked, number = wider, wider.image, wider_blanked, wider_number
        lines, score, raw = other
    if score < GOOD_CONF:
        # Sideways or upside down (no EXIF, or a card photographed turned): ask
        # Tesseract's orientation detection, and keep whichever read is surer.
        turn = tesseract.orientation(card)
        if turn and turn[0] % 360:
            turned = card.rotate(-turn[0], expand=True, fillcolor=255)
            turned_blanked, turned_number = _number(turned)
            other = _read(turned_blanked)
            if other[1] > score:
                card, number, (lines, score, raw) = turned, turned_number, other
                blanked, as_prepared = turned_blanked, False
    placed = fields.place(lines, card.height, game=game, component=component,
                          known_names=known_names, number=number,
                          reread_name=_name_band(blanked, prepared.grey if as_prepared else None))
    reading = Reading(name=placed.name, type=placed.type, text=placed.text, raw_text=raw,
                      name_hint=placed.name_hint,
                      warnings=prepared.warnings + placed.warnings)
    if placed.number_attribute == "initiative":
        reading.initiative = placed.number
    elif placed.number_attribute == "cost":
        reading.cost = placed.number
    if score < 40:
        reading.warnings.append("Little of the card could be read: check every field.")
    reading.seconds = round(time.monotonic() - started, 3)
    return reading


__all__ = ["Field", "Reading", "read_card"]
