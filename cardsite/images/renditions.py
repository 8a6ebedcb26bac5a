"""The renditions of an image, made once at upload: the sizes pages and the API serve.

small, normal and large are in the cards' own proportions (63 x 88 mm, the
widths Scryfall uses); an image close to them is trimmed to fit exactly, one
further off (a tile, a board, a photo with table around it) is fitted whole on
a neutral margin. The original keeps its own shape, re-encoded as JPEG (for
downloads and the API; WebP of a 4,000-pixel image took most of an upload's
time). The three sizes are written as WebP and as JPEG (the fallback for
browsers without WebP).
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

from PIL import Image, ImageOps

CARD_RATIO = 63 / 88  # width / height
SIZES = {"small": (146, 204), "normal": (488, 680), "large": (672, 936)}
# An image whose shape is within this of the card's is trimmed rather than padded.
TRIM_TOLERANCE = 0.06
MARGIN = (34, 32, 38)
ENCODINGS = {
    "webp": ("WEBP", {"quality": 80, "method": 4}),
    "jpeg": ("JPEG", {"quality": 84, "optimize": True, "progressive": True}),
}
EXTENSIONS = {"webp": "webp", "jpeg": "jpg"}
CONTENT_TYPES = {"webp": "image/webp", "jpg": "image/jpeg"}


@dataclass(frozen=True)
class Encoded:
    rendition: str  # small, normal, large, original
    fmt: str  # webp, jpeg
    data: bytes
    width: int
    height: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def key(self) -> str:
        """The storage name: the content's hash, so a name never changes meaning."""
        digest = self.digest
        return f"images/{digest[:2]}/{digest[2:22]}-{self.rendition}.{EXTENSIONS[self.fmt]}"


def card_shaped(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    ratio = image.width / image.height
    if abs(ratio - CARD_RATIO) / CARD_RATIO <= TRIM_TOLERANCE:
        return ImageOps.fit(image, size, Image.Resampling.LANCZOS)
    return ImageOps.pad(image, size, Image.Resampling.LANCZOS, color=MARGIN)


def encode(image: Image.Image, fmt: str) -> bytes:
    pillow_format, options = ENCODINGS[fmt]
    out = io.BytesIO()
    image.save(out, pillow_format, **options)  # no exif=, icc_profile=: nothing carried over
    return out.getvalue()


# The sizes are cut from one copy reduced by a whole factor (a box filter: fast) to no
# less than the large size: Lanczos from a 12-megapixel photo took a third of a second a size.
WORKING_SIDE = max(max(size) for size in SIZES.values())
# The original is large: progressive and optimised coding took four times as long.
ORIGINAL_JPEG = {"quality": 88}


def make_renditions(image: Image.Image) -> list[Encoded]:
    """Every rendition in every format of a clean RGB image (cardsite.images.uploads)."""
    factor = max(image.size) // WORKING_SIDE
    working = image.reduce(factor) if factor > 1 else image
    shaped = [(name, card_shaped(working, size)) for name, size in SIZES.items()]
    files = [Encoded(name, fmt, encode(img, fmt), img.width, img.height)
             for name, img in shaped for fmt in ENCODINGS]
    out = io.BytesIO()
    image.save(out, "JPEG", **ORIGINAL_JPEG)
    files.append(Encoded("original", "jpeg", out.getvalue(), image.width, image.height))
    return files
