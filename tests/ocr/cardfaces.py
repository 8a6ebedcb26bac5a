"""Card faces drawn with Pillow from catalog entries, and "photographs" of them.

Used by the OCR tests and ``bench/ocr_eval.py``. Nothing is committed but this code: the
fonts are the system's (Debian's fonts-dejavu-core and fonts-liberation), the art is
random shapes, the table is noise.

A face: a coloured frame, a title band with the name (and the initiative or cost in a
corner circle where the entry has one), an art box, a type line, and a text box with the
rules text. An ability tile (named by its text) is the text alone on a tile.
A photograph: the face turned up to 10 degrees, seen in perspective, laid on a table
(wood or cloth), lit unevenly, blurred and saved as a JPEG, plus one distortion family's
own trouble (see ``DISTORTIONS``).
"""
from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"))
# family -> (regular, bold) file names.
FONTS = {
    "dejavu-sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "liberation-serif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf"),
    "dejavu-sans-condensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    "liberation-mono": ("LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf"),
    "liberation-sans": ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    "dejavu-serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
    "liberation-sans-narrow": ("LiberationSansNarrow-Regular.ttf",
                               "LiberationSansNarrow-Bold.ttf"),
    "dejavu-serif-condensed": ("DejaVuSerifCondensed.ttf", "DejaVuSerifCondensed-Bold.ttf"),
}
# What the reader is tuned on, and what it never sees while being tuned.
TUNE_FONTS = ("dejavu-sans", "liberation-serif", "dejavu-sans-condensed", "liberation-mono")
HELDOUT_FONTS = ("liberation-sans", "dejavu-serif", "liberation-sans-narrow",
                 "dejavu-serif-condensed")
TUNE_DISTORTIONS = ("light-gradient", "soft-focus", "jpeg-grain", "sensor-noise")
HELDOUT_DISTORTIONS = ("hand-shadow", "motion-blur", "dim-warm", "glare")
DISTORTIONS = TUNE_DISTORTIONS + HELDOUT_DISTORTIONS

CARD_W, CARD_H = 750, 1050  # 63 x 88 mm at about 300 dpi
FRAMES = ((24, 24, 28), (70, 20, 24), (22, 40, 80), (30, 60, 35), (90, 60, 20), (60, 30, 80))


@dataclass(frozen=True)
class CardSpec:
    name: str
    type_label: str | None  # as printed on the type line ("Legendary Devil")
    number: int | None  # initiative or cost, where the card prints one
    text: str | None
    tile: bool = False  # named by its text: the text alone


def font_path(family: str, bold: bool = False) -> str:
    name = FONTS[family][1 if bold else 0]
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return str(folder / name)
    raise FileNotFoundError(f"font {name} (apt-get install fonts-dejavu-core fonts-liberation)")


def fonts_installed() -> bool:
    try:
        return all(font_path(f) and font_path(f, True) for f in FONTS)
    except FileNotFoundError:
        return False


def _wrap(draw, text: str, font, width: int) -> list[str]:
    lines, current = [], ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and draw.textlength(trial, font=font) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _fit(draw, text: str, family: str, width: int, height: int, start: int, bold=False):
    """The largest size (from ``start`` down) at which ``text`` wraps into the box."""
    size = start
    while True:
        font = ImageFont.truetype(font_path(family, bold), size)
        lines = _wrap(draw, text, font, width)
        line_h = round(size * 1.25)
        if len(lines) * line_h <= height or size <= 14:
            return font, lines, line_h
        size -= 2


def _art(draw, box, rng: random.Random):
    x0, y0, x1, y1 = box
    top = rng.choice(FRAMES)
    for i in range(y1 - y0):
        t = i / max(1, y1 - y0 - 1)
        c = tuple(int(a + (b - a) * t) for a, b in zip(top, (200, 150, 90), strict=True))
        draw.line([(x0, y0 + i), (x1, y0 + i)], fill=c)
    for _ in range(14):
        cx, cy = rng.randint(x0, x1), rng.randint(y0, y1)
        r = rng.randint(10, 90)
        colour = tuple(rng.randint(0, 255) for _ in range(3))
        shape = [(max(x0, cx - r), max(y0, cy - r)), (min(x1, cx + r), min(y1, cy + r))]
        if shape[0][0] < shape[1][0] and shape[0][1] < shape[1][1]:
            (draw.ellipse if rng.random() < 0.5 else draw.rectangle)(shape, fill=colour)


def render(spec: CardSpec, family: str, seed: int = 0) -> Image.Image:
    """The card face, upright and clean, CARD_W x CARD_H."""
    rng = random.Random(seed)
    frame = rng.choice(FRAMES)
    card = Image.new("RGB", (CARD_W, CARD_H), frame)
    draw = ImageDraw.Draw(card)
    paper = (rng.randint(235, 250), rng.randint(228, 242), rng.randint(205, 225))
    m = 36
    if spec.tile:
        draw.rounded_rectangle([m, m, CARD_W - m, CARD_H - m], 18, fill=paper)
        font, lines, line_h = _fit(draw, spec.text, family, CARD_W - 2 * m - 60,
                                   CARD_H - 2 * m - 80, 52)
        y = (CARD_H - len(lines) * line_h) // 2
        for line in lines:
            draw.text((m + 30, y), line, font=font, fill=(20, 16, 12))
            y += line_h
        return card
    # Title band and the number's circle.
    draw.rounded_rectangle([m, m, CARD_W - m, m + 100], 14, fill=paper)
    circle = 0
    if spec.number is not None:
        circle = 104
        cx = CARD_W - m - 52
        draw.ellipse([cx - 46, m + 4, cx + 46, m + 96], fill=(250, 250, 245),
                     outline=(20, 20, 20), width=5)
        nfont = ImageFont.truetype(font_path(family, True), 54)
        draw.text((cx, m + 50), str(spec.number), font=nfont, fill=(10, 10, 10), anchor="mm")
    tfont, tlines, tline_h = _fit(draw, spec.name, family, CARD_W - 2 * m - 40 - circle, 88,
                                  56, bold=True)
    y = m + 50 - len(tlines) * tline_h // 2
    for line in tlines:
        draw.text((m + 20, y), line, font=tfont, fill=(15, 12, 10))
        y += tline_h
    # Art.
    art = (m, m + 116, CARD_W - m, m + 116 + 440)
    _art(draw, art, rng)
    # Type line.
    ty = art[3] + 12
    draw.rectangle([m, ty, CARD_W - m, ty + 56], fill=paper)
    if spec.type_label:
        draw.text((m + 20, ty + 28), spec.type_label,
                  font=ImageFont.truetype(font_path(family, True), 34), fill=(30, 24, 20),
                  anchor="lm")
    # Text box.
    box = (m, ty + 68, CARD_W - m, CARD_H - m)
    draw.rounded_rectangle(box, 10, fill=paper)
    if spec.text:
        font, lines, line_h = _fit(draw, spec.text, family, box[2] - box[0] - 40,
                                   box[3] - box[1] - 30, 38)
        y = box[1] + 16
        for line in lines:
            draw.text((box[0] + 20, y), line, font=font, fill=(20, 16, 12))
            y += line_h
    return card


def _table(size, rng: random.Random) -> Image.Image:
    w, h = size
    nprng = np.random.default_rng(rng.randrange(2**32))
    if rng.random() < 0.5:  # wood: brown with grain along x
        base = np.array([rng.randint(90, 140), rng.randint(55, 85), rng.randint(25, 45)], float)
        grain = np.cumsum(nprng.normal(0, 1, (h, 1)), axis=0)
        grain = (grain - grain.mean()) / (grain.std() + 1e-6) * 14
        stripes = grain + 10 * np.sin(np.arange(w)[None, :] / rng.uniform(20, 60)
                                       + np.arange(h)[:, None] / 13.0)
        img = base[None, None, :] + stripes[..., None] * np.array([1.0, 0.7, 0.4])
    else:  # cloth: grey, green or blue with fine noise
        base = np.array(rng.choice([(70, 75, 80), (40, 90, 50), (40, 55, 100), (120, 110, 100)]),
                        float)
        img = base[None, None, :] + nprng.normal(0, 9, (h, w, 1))
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def _perspective(src_size, corners):
    """Coefficients mapping output pixels onto the source rectangle, given where its
    corners land."""
    w, h = src_size
    rows, rhs = [], []
    for (x, y), (u, v) in zip(corners, [(0, 0), (w, 0), (w, h), (0, h)], strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend([u, v])
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float)).tolist()


def photograph(card: Image.Image, distortion: str, seed: int = 0, *,
               size=(1200, 1600), quality: int | None = None) -> bytes:
    """The card on a table as a phone would see it: JPEG bytes."""
    rng = random.Random(seed)
    w, h = size
    photo = _table(size, rng)
    # Where the card's corners land: a rotated rectangle 55-75% of the photo's width,
    # each corner pushed a little (perspective), the whole shifted off centre.
    scale = rng.uniform(0.55, 0.75) * w / card.width
    angle = math.radians(rng.uniform(-10, 10))
    cx, cy = w / 2 + rng.uniform(-0.06, 0.06) * w, h / 2 + rng.uniform(-0.05, 0.05) * h
    hw, hh = card.width * scale / 2, card.height * scale / 2
    tilt = rng.uniform(-0.06, 0.06)  # far edge narrower: the phone held at an angle
    corners = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * hw * (1 + tilt * sy), sy * hh
        x += rng.uniform(-0.02, 0.02) * w
        y += rng.uniform(-0.02, 0.02) * h
        corners.append((cx + x * math.cos(angle) - y * math.sin(angle),
                        cy + x * math.sin(angle) + y * math.cos(angle)))
    coeffs = _perspective(card.size, corners)
    warped = card.transform(size, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC)
    mask = Image.new("L", card.size, 255).transform(size, Image.Transform.PERSPECTIVE, coeffs,
                                                    Image.Resampling.BILINEAR)
    # A soft shadow under the card.
    shadow = mask.filter(ImageFilter.GaussianBlur(12))
    photo = Image.composite(Image.new("RGB", size, (15, 12, 10)), photo,
                            shadow.point(lambda v: v * 0.5))
    photo.paste(warped, (0, 0), mask)
    arr = np.asarray(photo, dtype=np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # Uneven light on every photo: brighter towards a random side.
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(w, h)
    strength = 0.25 if distortion != "light-gradient" else 0.55
    arr *= (1 + strength * ramp)[..., None]
    blur = 1.0
    grain = 3.0
    jpeg = quality or rng.randint(60, 85)
    if distortion == "soft-focus":
        blur = 2.2
    elif distortion == "jpeg-grain":
        jpeg = quality or rng.randint(25, 40)
    elif distortion == "sensor-noise":
        grain = 12.0
    elif distortion == "hand-shadow":  # a hard-edged shadow over a part of the card
        x0 = rng.uniform(0.2, 0.8) * w
        edge = (xx - x0) * math.cos(a) + (yy - h / 2) * math.sin(a)
        arr *= np.where(edge > 0, 0.55, 1.0)[..., None]
    elif distortion == "dim-warm":  # a lamp at night: dark, orange, vignetted
        r = np.hypot(xx - w / 2, yy - h / 2) / math.hypot(w / 2, h / 2)
        arr *= (0.6 * (1 - 0.5 * r ** 2))[..., None] * np.array([1.0, 0.8, 0.55])
    elif distortion == "glare":  # a lamp's reflection on the card's gloss
        gx, gy = corners[rng.randrange(4)]
        gx, gy = (gx + cx) / 2, (gy + cy) / 2
        spot = np.exp(-(((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * (0.08 * w) ** 2)))
        arr = arr + spot[..., None] * 170
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if distortion == "motion-blur":  # the phone moved: a streak of a few pixels (Pillow's
        k = 5  # kernels go up to 5 x 5)
        kernel = [0.0] * (k * k)
        for i in range(k):
            kernel[i * k + i] = 1.0 / k
        img = img.filter(ImageFilter.Kernel((k, k), kernel))
    else:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    nprng = np.random.default_rng(seed)
    arr = np.asarray(img, dtype=np.float32) + nprng.normal(0, grain, (h, w, 1))
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=jpeg)
    return out.getvalue()
