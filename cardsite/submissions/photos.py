"""A submission's photos: checked as every upload is, kept private, and fingerprinted.

The photo goes through the images upload checks (cardsite.images.uploads: byte and pixel
limits, decided by decoding, EXIF orientation applied, every piece of metadata dropped),
then is kept as a JPEG of at most ``KEEP_SIDE`` pixels under a random name in
``submissions/`` of the default storage: not a name the media view serves
(cardsite.images.serving serves only ``images/``), so only the sender's draft page and
the reviewers' pages show it, through ``views.photo``.

The perceptual hash is a dHash (64 bits: is each pixel of a 9 x 8 grey thumbnail
brighter than its right neighbour), written here with Pillow rather than taken from
``imagehash``, which would bring numpy, SciPy and PyWavelets for these ten lines. It is
unchanged by re-encoding, resizing and small changes of light, so the same photo sent
twice (or a copy of it) is found; a second photo of the same card from another angle is
left to the name matching.
"""
from __future__ import annotations

import io
import secrets

from django.core.files.base import ContentFile
from PIL import Image

from cardsite.images.services import image_check
from cardsite.images.storage import image_storage
from cardsite.images.uploads import DecodedImage

# Long side kept: a card 2,000 pixels tall reads as well as a bigger one and renders
# every rendition (the large one is 936 tall); about 0.5-1 MB as JPEG.
KEEP_SIDE = 2000
PREFIX = "submissions/"
HASH_BITS = 64
# Hamming distance at or under which two photos are the same picture (of 64 bits).
SAME_PHOTO_BITS = 10


def checked(upload) -> DecodedImage:
    """The upload decoded by the images upload checks, or ImageRejected."""
    return image_check(upload)


def keep(decoded: DecodedImage) -> str:
    """Store the cleaned photo privately; returns its storage key."""
    image = decoded.image
    if max(image.size) > KEEP_SIDE:
        image = image.copy()
        image.thumbnail((KEEP_SIDE, KEEP_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=88)  # no exif=: nothing of the upload carried over
    key = f"{PREFIX}{secrets.token_hex(16)}.jpg"
    saved = image_storage().save(key, ContentFile(out.getvalue()))
    return saved


def read(key: str) -> bytes:
    with image_storage().open(key, "rb") as handle:
        return handle.read()


def forget(*keys: str) -> None:
    storage = image_storage()
    for key in keys:
        if key and key.startswith(PREFIX):
            storage.delete(key)


def dhash(image: Image.Image) -> str:
    grey = image.convert("L")
    grey.draft("L", (64, 64))
    small = grey.resize((9, 8), Image.Resampling.BOX, reducing_gap=2.0)
    pixels = small.tobytes()
    bits = 0
    for row in range(8):
        for col in range(8):
            left, right = pixels[row * 9 + col], pixels[row * 9 + col + 1]
            bits = (bits << 1) | (left > right)
    return f"{bits:016x}"


def distance(a: str, b: str) -> int:
    return (int(a, 16) ^ int(b, 16)).bit_count()
