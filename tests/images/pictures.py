"""Images drawn here, for tests and benchmarks: the repository ships no card art.

``card_picture`` looks enough like a photographed card (a frame, a name bar, text
lines, some grain) that encoders treat it like one; the hostile files are made
the way real ones are.
"""
from __future__ import annotations

import io
import random
import struct
import zlib

from PIL import Image, ImageDraw

GPS_IFD = 0x8825
ORIENTATION = 0x0112


def card_picture(width: int = 630, height: int = 880, *, seed: int = 1,
                 colour=(150, 40, 60)) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height), colour)
    draw = ImageDraw.Draw(image)
    m = max(4, width // 20)
    draw.rectangle([m, m, width - m, height - m], outline=(20, 20, 20), width=max(2, m // 3))
    draw.rectangle([2 * m, 2 * m, width - 2 * m, 2 * m + height // 12], fill=(235, 220, 190))
    art = [2 * m, 3 * m + height // 12, width - 2 * m, height // 2 + m]
    for _ in range(40):
        x, y = rng.randrange(art[0], art[2]), rng.randrange(art[1], art[3])
        r = rng.randrange(5, max(6, width // 6))
        draw.ellipse([x - r, y - r, x + r, y + r],
                     fill=tuple(rng.randrange(256) for _ in range(3)))
    for i in range(8):
        y = height // 2 + 3 * m + i * (height // 24)
        draw.line([3 * m, y, width - 3 * m - rng.randrange(width // 3), y], fill=(30, 30, 30),
                  width=max(1, height // 160))
    grain = Image.effect_noise((width, height), 18).convert("RGB")
    return Image.blend(image, grain, 0.08)


def flat_picture(width: int, height: int, mode: str = "RGB") -> Image.Image:
    """A large image that compresses well (a few shapes on a plain ground)."""
    image = Image.new(mode, (width, height), (120, 30, 40, 255)[:len(mode)])
    draw = ImageDraw.Draw(image)
    for i in range(10):
        draw.ellipse([i * width // 12, i * height // 14, i * width // 12 + width // 5,
                      i * height // 14 + height // 6], fill=(20 * i, 200, 90, 200)[:len(mode)])
    return image


def encoded(image: Image.Image, fmt: str = "JPEG", **options) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def photo_with_gps(width: int = 880, height: int = 630, *, orientation: int = 6) -> bytes:
    """A JPEG as a phone writes it: stored sideways with an EXIF orientation, a GPS
    position (the kitchen table), a camera model and a comment."""
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    exif[0x0110] = "Phone X"  # Model
    exif[0x010E] = "kitchen table"  # ImageDescription
    gps = exif.get_ifd(GPS_IFD)
    gps.update({1: "N", 2: (51.0, 30.0, 12.5), 3: "W", 4: (0.0, 7.0, 39.9)})
    return encoded(card_picture(width, height).rotate(90, expand=True).resize((width, height)),
                   "JPEG", exif=exif, quality=90, comment=b"secret comment")


def png_bomb(side: int = 20_000) -> bytes:
    """A PNG that says side x side pixels (1 bit each): ~50 KB that inflates to 50 MB
    of rows, and to 400 MB of pixels in a decoder that trusts it."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    packer = zlib.compressobj(9)
    row = b"\x00" * (1 + side // 8)
    body = b"".join(packer.compress(row * 100) for _ in range(side // 100)) + packer.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def truncated_jpeg() -> bytes:
    data = encoded(card_picture(), "JPEG", quality=90)
    return data[: len(data) // 2]


SVG_WITH_SCRIPT = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="630" '
                   b'height="880"><script>alert(document.cookie)</script>'
                   b'<rect width="630" height="880" fill="red"/></svg>')
HTML_AS_JPG = b"<!DOCTYPE html><html><body><script>alert(1)</script>not a card</body></html>"


def thirty_megabytes() -> bytes:
    """A 30 MB file that starts like a JPEG."""
    return b"\xff\xd8\xff\xe0" + random.Random(3).randbytes(30 * 1024 * 1024 - 4)
