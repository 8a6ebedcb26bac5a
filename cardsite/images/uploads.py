"""What an uploaded image may be: decided by decoding, never by its name.

Checks run cheapest first, so a hostile file costs little: the byte size
(before reading), the first bytes (JPEG, PNG or WebP signatures; markup such
as SVG or HTML is named as such), then the header's dimensions against the
pixel limit (before any pixel is decoded: a 20,000 x 20,000 PNG of a few KB is
refused here), then the decode itself (a truncated file fails it). The image
that comes out has its EXIF orientation applied and no metadata at all.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from django.conf import settings
from PIL import Image, ImageFile

# Pillow names; "decided by decoding": only these decoders are ever tried.
FORMATS = ("JPEG", "PNG", "WEBP")
SIGNATURES = ((b"\xff\xd8\xff", "JPEG"), (b"\x89PNG\r\n\x1a\n", "PNG"))
MIN_SIDE = 32
# The longest side kept for the original rendition (a JPEG decodes straight to
# about this size, which bounds the memory a big phone photo takes): a card 3,000
# pixels tall is scanned at about 860 dpi.
MAX_SIDE = 3000
# PNG and WebP have no reduced-scale decoding: every pixel is in memory at once, four
# bytes each with alpha. 16 megapixels holds a card scanned at 1,200 dpi.
UNSCALED_MAX_PIXELS = 16_000_000
ORIENTATION_TAG = 0x0112
# EXIF orientation -> the transposition that makes the image upright (as ImageOps.exif_transpose).
ORIENTATIONS = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_90,
}
ImageFile.LOAD_TRUNCATED_IMAGES = False  # a truncated file is an error, not grey pixels


class ImageRejected(ValueError):
    """An upload that is not an image we take: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class DecodedImage:
    image: Image.Image  # RGB, orientation applied, no metadata
    format: str  # the decoder that read it: JPEG, PNG or WEBP
    width: int
    height: int


def max_bytes() -> int:
    return settings.IMAGE_MAX_BYTES


def _megabytes(n: int) -> str:
    return f"{n / 1048576:.0f} MB" if n >= 1048576 else f"{n} bytes"


def sniff(head: bytes) -> str:
    """The format the first bytes announce, or ImageRejected saying what the file is."""
    for signature, name in SIGNATURES:
        if head.startswith(signature):
            return name
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith((b"<svg", b"<?xml", b"<!doctype svg")) or b"<svg" in head.lower():
        raise ImageRejected("svg", "SVG images are refused (they can carry scripts): upload a "
                                   "JPEG, PNG or WebP.")
    if text.startswith((b"<!doctype", b"<html", b"<head", b"<body", b"<script", b"<")):
        raise ImageRejected("markup", "This file is HTML or other markup, not an image, whatever "
                                      "its name says: upload a JPEG, PNG or WebP.")
    if head[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftypmsf1", b"ftyphevc"):
        raise ImageRejected("heic", "HEIC photos are not taken: export the photo as JPEG (on an "
                                    "iPhone, Settings > Camera > Formats > Most Compatible).")
    raise ImageRejected("not-an-image", "This file is not a JPEG, PNG or WebP image.")


def read_limited(stream, limit: int | None = None) -> bytes:
    """At most ``limit`` bytes of ``stream`` (one more tells it is over): never the whole of a
    huge upload in memory."""
    limit = max_bytes() if limit is None else limit
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise ImageRejected("too-large", f"The file is larger than the {_megabytes(limit)} limit.")
    return data


def decode_upload(data: bytes, *, max_pixels: int | None = None) -> DecodedImage:
    """Decode ``data`` (already within the byte limit) into a clean RGB image, or raise
    ImageRejected."""
    max_pixels = settings.IMAGE_MAX_PIXELS if max_pixels is None else max_pixels
    if len(data) > max_bytes():
        raise ImageRejected("too-large",
                            f"The file is larger than the {_megabytes(max_bytes())} limit.")
    fmt = sniff(data[:64])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=[fmt])
            width, height = image.size
            if fmt != "JPEG":  # decoded whole (a JPEG decodes at a reduced scale): fewer pixels
                max_pixels = min(max_pixels, UNSCALED_MAX_PIXELS)
            if width * height > max_pixels:
                raise ImageRejected(
                    "too-many-pixels",
                    f"The image is {width:,} x {height:,} pixels; the limit is "
                    f"{max_pixels / 1e6:.0f} megapixels. Resize it and upload it again.")
            if min(width, height) < MIN_SIDE:
                raise ImageRejected("too-small", f"The image is {width} x {height} pixels; a card "
                                                 f"needs at least {MIN_SIDE} on each side.")
            if fmt == "JPEG":
                image.draft("RGB", (MAX_SIDE, MAX_SIDE))  # decode at a reduced scale if big
            image.load()
    except ImageRejected:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageRejected("too-many-pixels", f"The image has too many pixels: {exc}") from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise ImageRejected(
            "unreadable", f"The {fmt} image could not be read to its end (is it truncated or "
                          f"damaged?): {exc}") from exc
    return _clean(image, fmt)


def _clean(image: Image.Image, fmt: str) -> DecodedImage:
    """Within MAX_SIDE first (every later step copies the pixels: a smaller copy), then
    orientation applied, RGB on white, and no metadata left."""
    orientation = image.getexif().get(ORIENTATION_TAG)
    factor = max(image.size) // MAX_SIDE
    if factor > 1:
        image = image.reduce(factor)  # a box filter by a whole factor: fast, one copy
    if max(image.size) > MAX_SIDE:
        image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    if orientation in ORIENTATIONS:
        image = image.transpose(ORIENTATIONS[orientation])
    if image.mode in ("RGBA", "LA", "P", "PA") and (
            image.mode != "P" or "transparency" in image.info):
        rgba = image if image.mode == "RGBA" else image.convert("RGBA")
        clean = Image.new("RGB", rgba.size, (255, 255, 255))
        clean.paste(rgba, mask=rgba)  # the alpha channel as the mask
    else:
        clean = image.convert("RGB") if image.mode != "RGB" else image.copy()
    clean.info = {}  # nothing of the upload's EXIF, ICC profile, XMP or comments is carried
    return DecodedImage(image=clean, format=fmt, width=clean.width, height=clean.height)


def decode_file(upload) -> DecodedImage:
    """An uploaded file (Django's UploadedFile or any binary stream) decoded, size first."""
    size = getattr(upload, "size", None)
    if size is not None and size > max_bytes():
        raise ImageRejected("too-large", f"The file is {size / 1048576:.1f} MB; the limit is "
                                         f"{_megabytes(max_bytes())}.")
    if hasattr(upload, "seek"):
        upload.seek(0)
    return decode_upload(read_limited(upload))
