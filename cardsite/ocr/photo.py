"""A photo of a card made readable: decoded within limits, turned upright, the card found
and flattened, its light evened out.

Each step falls back to what it was given: a scan or a tight crop (no table around the
card) is read whole, and an image whose card cannot be found is read as it is, with a
warning.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageFile, ImageFilter, ImageOps
from scipy import ndimage

# Refused before any pixel is decoded (the upload rules of the images issue are tighter;
# these bound what this package alone will spend on one call).
MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000
MIN_SIDE = 32
FORMATS = ("JPEG", "PNG", "WEBP")
# Decoding stops at about this size (a JPEG decodes at a reduced scale): more pixels
# than a card's text needs only cost time.
WORK_SIDE = 2000
# The side the card is looked for at.
DETECT_SIDE = 400
# The width the flattened card is read at (tune split: 800, 1000 and 1200 read worse).
CARD_WIDTH = 900
# A card's width for its length (63 x 88 mm), and the shortfall of a card found (a share
# of its width) from which it is widened: perspective alone makes up to 8 per cent.
CARD_ASPECT = 63 / 88
ASPECT_SLACK = 0.1
# Evening the light: dark marks narrower than this (letters, words, the frame) are closed
# over to find the paper's light; the light is never taken below BG_FLOOR of the brightest
# paper within BG_NEAR_PX; then smoothed (pixels at CARD_WIDTH).
BG_WINDOW_PX = 61
BG_NEAR_PX = 201
BG_FLOOR = 0.4
BG_BLUR_PX = 6
# Binarising: Otsu's threshold from the pixels with paper (this bright after evening)
# within this share of the card's width.
PAPER_NEAR = 0.035
PAPER_LEVEL = 217
# A dark run a tenth of the card long is a bar only this thick (share of the card's width).
BAR_THICK = 0.02
# The margin cleared around a bar, and the width from which a piece that touched one is
# kept as letters run together, if as tall as a letter (shares of the card's width).
BAR_MARGIN = 0.005
MIN_WORD = 0.08
MIN_LETTER = 0.02
# Shapes taller than this share of the card's width are no letters.
LARGE_SHAPE = 0.1
ImageFile.LOAD_TRUNCATED_IMAGES = False


class UnreadableImage(ValueError):
    """Input that is not an image we read: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass
class Prepared:
    image: Image.Image  # black on white, the card upright and flat, borders and bars cleared
    grey: Image.Image  # the same before binarisation
    found_card: bool
    warnings: list[str] = field(default_factory=list)
    photo: Image.Image | None = None  # the decoded photo, and the card's corners in it
    quad: np.ndarray | None = None


def decode(source) -> Image.Image:
    """An RGB image from bytes, a binary stream or a PIL image, EXIF orientation applied.
    Size and format are checked before the pixels are decoded."""
    if isinstance(source, Image.Image):
        image = source
        if image.width * image.height > MAX_PIXELS:
            raise UnreadableImage("too-many-pixels", "The image has too many pixels to read.")
    else:
        data = source.read(MAX_BYTES + 1) if hasattr(source, "read") else source
        if not isinstance(data, bytes | bytearray | memoryview):
            raise UnreadableImage("not-an-image", "Expected image bytes or a PIL image.")
        if len(data) > MAX_BYTES:
            raise UnreadableImage("too-large", f"The file is larger than "
                                               f"{MAX_BYTES // 1048576} MB.")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                image = Image.open(io.BytesIO(bytes(data)), formats=list(FORMATS))
                if image.width * image.height > MAX_PIXELS:
                    raise UnreadableImage("too-many-pixels",
                                          f"The image is {image.width:,} x {image.height:,} "
                                          f"pixels: too many to read.")
                if image.format == "JPEG":
                    image.draft("RGB", (WORK_SIDE, WORK_SIDE))
                image.load()
        except UnreadableImage:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise UnreadableImage("too-many-pixels", "The image has too many pixels to read.") \
                from exc
        except Image.UnidentifiedImageError as exc:
            raise UnreadableImage("not-an-image", "This is not a JPEG, PNG or WebP image.") \
                from exc
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            raise UnreadableImage("unreadable", f"The image could not be read to its end "
                                                f"(truncated or damaged?): {exc}") from exc
    if min(image.size) < MIN_SIDE:
        raise UnreadableImage("too-small", f"The image is {image.width} x {image.height} "
                                           f"pixels: too small to read.")
    image = ImageOps.exif_transpose(image)
    if max(image.size) > WORK_SIDE:
        image = image.copy()
        image.thumbnail((WORK_SIDE, WORK_SIDE), Image.Resampling.BILINEAR)
    if image.mode != "RGB":
        image = image.convert("RGBA").convert("RGB") if "A" in image.mode or \
            image.mode == "P" else image.convert("RGB")
    return image


def _fit_line(along: np.ndarray, across: np.ndarray) -> tuple[float, float] | None:
    """across = a * along + b, least squares with the worst points dropped twice (the
    card's rounded corners, a finger, a shadow)."""
    keep = np.ones(len(along), bool)
    for _ in range(3):
        if keep.sum() < 8:
            return None
        a, b = np.polyfit(along[keep], across[keep], 1)
        residual = np.abs(across - (a * along + b))
        keep = residual <= max(2.0, np.percentile(residual[keep], 80))
    return float(a), float(b)


def _palette(pixels: np.ndarray, k: int = 12, rounds: int = 6) -> np.ndarray:
    """A few colours that stand for ``pixels`` (k-means from evenly spaced seeds)."""
    order = np.argsort(pixels.sum(axis=1))
    centres = pixels[order[np.linspace(0, len(order) - 1, k).astype(int)]]
    for _ in range(rounds):
        nearest = np.linalg.norm(pixels[:, None] - centres[None], axis=2).argmin(axis=1)
        for i in range(k):
            members = pixels[nearest == i]
            if len(members):
                centres[i] = members.mean(axis=0)
    return centres


def _foreground(small: Image.Image) -> np.ndarray:
    """Pixels unlike any colour of the photo's edge: the table is what the edge of a photo
    shows, in light and in shadow alike."""
    rgb = np.asarray(small.filter(ImageFilter.GaussianBlur(2)), dtype=np.float32)
    h, w, _ = rgb.shape
    m = max(2, min(h, w) // 25)
    ring = np.concatenate([rgb[:m].reshape(-1, 3), rgb[-m:].reshape(-1, 3),
                           rgb[:, :m].reshape(-1, 3), rgb[:, -m:].reshape(-1, 3)])
    ring = ring[:: max(1, len(ring) // 4000)]
    palette = _palette(ring)
    ring_distance = np.linalg.norm(ring[:, None] - palette[None], axis=2).min(axis=1)
    threshold = max(25.0, float(np.percentile(ring_distance, 98)) * 1.5)
    distance = np.full((h, w), np.inf, dtype=np.float32)
    for colour in palette:
        distance = np.minimum(distance, np.linalg.norm(rgb - colour, axis=2))
    mask = distance > threshold
    # Open (drop specks of the table), then close (fill the card's own dark parts).
    img = Image.fromarray((mask * 255).astype(np.uint8))
    img = img.filter(ImageFilter.MinFilter(5)).filter(ImageFilter.MaxFilter(5))
    img = img.filter(ImageFilter.MaxFilter(9)).filter(ImageFilter.MinFilter(9))
    return np.asarray(img) > 127


def find_card(image: Image.Image) -> np.ndarray | None:
    """The card's four corners (top-left, top-right, bottom-right, bottom-left) in
    ``image``'s pixels, or None when no card-like quadrilateral stands out from the edge."""
    scale = DETECT_SIDE / max(image.size)
    small = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                         Image.Resampling.BILINEAR)
    mask = _foreground(small)
    h, w = mask.shape
    if mask.mean() < 0.12 or mask.mean() > 0.97:
        return None
    rows = np.flatnonzero(mask.sum(axis=1) > w * 0.08)
    cols = np.flatnonzero(mask.sum(axis=0) > h * 0.08)
    if len(rows) < 10 or len(cols) < 10:
        return None
    top, bottom, left, right = rows[0], rows[-1], cols[0], cols[-1]

    def middle(lo, hi):
        span = hi - lo
        return np.arange(int(lo + span * 0.2), int(hi - span * 0.2) + 1)

    ys, xs = middle(top, bottom), middle(left, right)
    sub_rows, sub_cols = mask[ys], mask[:, xs]
    if not (sub_rows.any(axis=1).all() and sub_cols.any(axis=0).all()):
        return None
    left_x = sub_rows.argmax(axis=1)
    right_x = w - 1 - sub_rows[:, ::-1].argmax(axis=1)
    top_y = sub_cols.argmax(axis=0)
    bottom_y = h - 1 - sub_cols[::-1].argmax(axis=0)
    lines = [_fit_line(ys, left_x), _fit_line(ys, right_x),
             _fit_line(xs, top_y), _fit_line(xs, bottom_y)]
    if any(line is None for line in lines):
        return None
    (la, lb), (ra, rb), (ta, tb), (ba, bb) = lines

    def corner(xa, xb, ya, yb):  # x = xa*y + xb meets y = ya*x + yb
        y = (ya * xb + yb) / (1 - ya * xa)
        return xa * y + xb, y

    quad = np.array([corner(la, lb, ta, tb), corner(ra, rb, ta, tb),
                     corner(ra, rb, ba, bb), corner(la, lb, ba, bb)], dtype=np.float64)
    area = 0.5 * abs(np.dot(quad[:, 0], np.roll(quad[:, 1], 1))
                     - np.dot(quad[:, 1], np.roll(quad[:, 0], 1)))
    if area < 0.1 * w * h or (quad < -0.05 * max(w, h)).any() \
            or (quad[:, 0] > w * 1.05).any() or (quad[:, 1] > h * 1.05).any():
        return None
    # Out of the photo's edges by a pixel or two: the card fills the frame.
    edge = max(w, h) * 0.01
    if (quad[:, 0].min() <= edge and quad[:, 0].max() >= w - 1 - edge
            and quad[:, 1].min() <= edge and quad[:, 1].max() >= h - 1 - edge):
        return None
    # A little beyond the edges found: a dark frame like the table is taken for table, and
    # a margin costs nothing while a cut-off letter costs the name.
    centre = quad.mean(axis=0)
    quad = centre + (quad - centre) * 1.04
    return quad / scale


def _perspective_coefficients(src: np.ndarray, width: int, height: int) -> list[float]:
    """Pillow's PERSPECTIVE data mapping the output rectangle onto ``src``'s corners."""
    dst = [(0, 0), (width, 0), (width, height), (0, height)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.extend([u, v])
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float)).tolist()


def flatten(image: Image.Image, quad: np.ndarray) -> Image.Image:
    """The card inside ``quad`` as an upright rectangle CARD_WIDTH wide (or tall, if it
    lies on its long side)."""
    side = lambda a, b: float(np.hypot(*(quad[a] - quad[b])))  # noqa: E731
    w = (side(0, 1) + side(3, 2)) / 2
    h = (side(0, 3) + side(1, 2)) / 2
    scale = CARD_WIDTH / min(w, h)
    out_w, out_h = round(w * scale), round(h * scale)
    return image.transform((out_w, out_h), Image.Transform.PERSPECTIVE,
                           _perspective_coefficients(quad, out_w, out_h),
                           Image.Resampling.BICUBIC)


def complete(image: Image.Image, quad: np.ndarray) -> np.ndarray:
    """``quad`` made as wide as a card is for its length (63 x 88 mm) where it came out
    narrower: a dark frame seen like the table beside it (a dim lamp, a shadow, a frame of
    the table's colour) is left out of what ``find_card`` finds, on one side or both, and
    a title's first letters with it. The quad is widened by the whole shortfall on both
    sides, then narrowed back to the card's width where the widened strip holds the most
    paper (the card's paper is brighter than the table)."""
    side = lambda a, b: float(np.hypot(*(quad[a] - quad[b])))  # noqa: E731
    w = (side(0, 1) + side(3, 2)) / 2
    h = (side(0, 3) + side(1, 2)) / 2
    short, long = min(w, h), max(w, h)
    need = long * CARD_ASPECT - short
    if need < ASPECT_SLACK * short:
        return quad
    # Pairs of corners across the short side: each pair's points move apart along it.
    pairs = ((0, 1), (3, 2)) if w <= h else ((0, 3), (1, 2))
    wide = quad.copy()
    for a, b in pairs:
        unit = (quad[b] - quad[a]) / max(1e-6, float(np.hypot(*(quad[b] - quad[a]))))
        wide[a] = quad[a] - unit * need
        wide[b] = quad[b] + unit * need
    grey = np.asarray(flatten(image, wide).convert("L"), dtype=np.float32)
    # Paper: as bright as the brightest of the card found, less a share for uneven light.
    paper = grey >= 0.75 * np.percentile(grey, 97)
    profile = paper.mean(axis=0 if w <= h else 1)
    span = len(profile)
    window = max(1, round(span * (short + need) / (short + 2 * need)))
    sums = np.convolve(profile, np.ones(window), mode="valid")
    # Of the places about as good as the best, the middle one (a card found whole but
    # foreshortened leaves its window free to move over the table).
    best = np.flatnonzero(sums >= sums.max() - 0.01 * window)
    start = int(best[len(best) // 2]) / span
    stop = start + window / span
    out = wide.copy()
    for a, b in pairs:
        out[a] = wide[a] + (wide[b] - wide[a]) * start
        out[b] = wide[a] + (wide[b] - wide[a]) * stop
    return out


def even_light(grey: Image.Image) -> Image.Image:
    """Divide out the light falling on the card, then stretch the contrast: shadows and a
    lamp's fall-off become flat white.

    The light is the paper's brightness around each pixel (at a quarter of the size: the
    brightest of each 2 x 2 of 2 x 2 means), with the dark marks narrower than a few
    letters closed over (a grey closing: a max filter, then a min filter of the same
    size, so the edge of a hard shadow stays where it is instead of being smeared over
    its bright side), and never below a share of the brightest paper near it (a dark
    frame or art wider than the window is not paper in shadow: it stays dark)."""
    g = np.asarray(grey, dtype=np.float32)
    means = np.asarray(grey.reduce(2), dtype=np.float32)
    h, w = means.shape[0] // 2 * 2, means.shape[1] // 2 * 2
    if h < 8 or w < 8:
        return grey
    pooled = means[:h, :w].reshape(h // 2, 2, w // 2, 2).max(axis=(1, 3))
    step = g.shape[1] / pooled.shape[1]
    window = max(3, round(BG_WINDOW_PX / step) | 1)
    light = ndimage.grey_closing(pooled, size=(window, window))
    near = ndimage.maximum_filter(pooled, size=max(3, round(BG_NEAR_PX / step) | 1))
    light = np.maximum(light, BG_FLOOR * near)
    light = ndimage.gaussian_filter(light, BG_BLUR_PX / step)
    background = Image.fromarray(light).resize(grey.size, Image.Resampling.BILINEAR)
    b = np.maximum(np.asarray(background, dtype=np.float32), 1.0)
    flat = np.clip(g / b * 255.0, 0, 255)
    lo, hi = np.percentile(flat, (1, 99.5))
    if hi - lo < 10:
        return grey
    return Image.fromarray(np.clip((flat - lo) * (255.0 / (hi - lo)), 0, 255).astype(np.uint8))


def prepare(source) -> Prepared:
    """Decode, find and flatten the card, even its light, binarise: what Tesseract reads."""
    image = decode(source)
    notes = []
    quad = find_card(image)
    if quad is not None:
        quad = complete(image, quad)
        card = flatten(image, quad)
    else:
        card = image
        scale = CARD_WIDTH / min(card.size)
        if scale > 1.05 or scale < 0.7:
            card = card.resize((round(card.width * scale), round(card.height * scale)),
                               Image.Resampling.BICUBIC)
        notes.append("No card edge stood out from the background: the whole photo was read "
                     "(a photo of the card alone on a plain, darker table reads best).")
    grey = even_light(card.convert("L"))
    return Prepared(image=binarise(grey), grey=grey, found_card=quad is not None,
                    warnings=notes, photo=image, quad=quad)


def widened(prepared: Prepared, left: float, right: float) -> Prepared | None:
    """``prepared`` again with the card found taken wider by these shares of its width on
    its left and right (as read): text that runs to the edge of the card found means the
    card was cut there (a frame the table's colour, a shadow across the edge)."""
    if prepared.quad is None or prepared.photo is None:
        return None
    quad = prepared.quad.copy()
    for a, b in ((0, 1), (3, 2)):  # the top and bottom edges, left corner first
        along = prepared.quad[b] - prepared.quad[a]
        quad[a] = prepared.quad[a] - along * left
        quad[b] = prepared.quad[b] + along * right
    grey = even_light(flatten(prepared.photo, quad).convert("L"))
    return Prepared(image=binarise(grey), grey=grey, found_card=True,
                    warnings=list(prepared.warnings), photo=prepared.photo, quad=quad)


def _long_runs(dark: np.ndarray, length: int, axis: int) -> np.ndarray:
    """Pixels of ``dark`` in a run of at least ``length`` along ``axis`` (box sums on a
    cumulative sum: a window wholly dark marks every pixel it covers)."""
    d = np.moveaxis(dark, axis, 1).astype(np.int32)
    c = np.concatenate([np.zeros((d.shape[0], 1), np.int32), np.cumsum(d, axis=1)], axis=1)
    full = (c[:, length:] - c[:, :-length]) == length  # window starting at i is all dark
    # Spread each full window over the pixels it covers.
    f = np.concatenate([np.zeros((d.shape[0], 1), np.int32), np.cumsum(full, axis=1)], axis=1)
    n = d.shape[1]
    idx = np.arange(n)
    lo = np.clip(idx - length + 1, 0, full.shape[1])
    hi = np.clip(idx + 1, 0, full.shape[1])
    covered = (f[:, hi] - f[:, lo]) > 0
    return np.moveaxis(covered, 1, axis)


def _bars(dark: np.ndarray) -> np.ndarray:
    """Dark runs far longer than a letter's stroke: a border, a bar, solid art. A run a
    tenth of the card long must also be thick (a bold word's letters, blurred together
    along their baseline, make a long run a stroke thick); one a third of the card long
    is a line whatever its thickness (a box's thin outline)."""
    short = min(dark.shape)
    length = max(40, int(short * 0.09))
    thick = max(8, int(short * BAR_THICK))
    bars = np.zeros_like(dark)
    for axis, side in ((1, dark.shape[1]), (0, dark.shape[0])):
        runs = _long_runs(dark, length, axis)
        bars |= (runs & _long_runs(runs, thick, 1 - axis)) | \
            _long_runs(dark, max(length, int(side * 0.33)), axis)
    return bars


def binarise(grey: Image.Image) -> Image.Image:
    """Black text on white: Otsu's threshold (from the pixels near paper), then borders,
    bars and solid art cleared (``_bars``), which Tesseract would otherwise take, with the
    text they touch, for a picture."""
    g = np.asarray(grey)
    values = g.ravel()
    # Only pixels with paper near them: the text and its paper, not the inside of a frame or
    # art wider than the window, whose grey would pull the threshold up (and fatten bold
    # letters into one another).
    near = ndimage.maximum_filter(g, size=max(3, int(min(g.shape) * PAPER_NEAR) | 1))
    paper = near >= PAPER_LEVEL
    if paper.mean() > 0.2:
        values = g[paper]
    hist = np.bincount(values, minlength=256).astype(np.float64)
    levels = np.arange(256)
    w0 = np.cumsum(hist)
    w1 = w0[-1] - w0
    m0 = np.cumsum(hist * levels)
    mu0 = m0 / np.maximum(w0, 1)
    mu1 = (m0[-1] - m0) / np.maximum(w1, 1)
    threshold = int(np.argmax(w0 * w1 * (mu0 - mu1) ** 2))
    dark = g <= threshold
    bars = _bars(dark)
    # The bars go with a margin (the staircase a slightly turned border leaves), and so do
    # the pieces that touched them, unless wider than a few letters: a corner's curve
    # beside a title's first letter reads as part of it, a speck of the table beside the
    # frame as a letter; but a word the bar touched stays (under a shadow or a dim lamp, a
    # title's letters run into one another and into the frame beside them, and taking
    # everything joined to the frame took whole words: "Enslave-'Em-All" of the title).
    w = dark.shape[1]
    zone = ndimage.binary_dilation(bars, iterations=max(2, round(w * BAR_MARGIN)))
    rest = dark & ~zone
    labels, _ = ndimage.label(rest)
    touched = set(np.unique(labels[ndimage.binary_dilation(zone) & rest]).tolist()) - {0}
    word = w * MIN_WORD
    small = [index for index, (ys, xs) in enumerate(ndimage.find_objects(labels), start=1)
             if index in touched and (xs.stop - xs.start < word
                                      or ys.stop - ys.start < w * MIN_LETTER)]
    ink = rest & ~np.isin(labels, small) if small else rest
    return Image.fromarray(np.where(ink, 0, 255).astype(np.uint8))


def drop_large_shapes(binary: Image.Image) -> Image.Image:
    """``binary`` without the dark shapes taller than any letter a card prints (a tenth of
    its width) or wider than a third of it: the outlines of art and rings, which the light
    evened out leaves as strokes that Tesseract reads as big letters ("O", "WO") and may
    take for the title. Run after the number in its ring is read."""
    ink = np.asarray(binary) < 128
    w = binary.width
    labels, _ = ndimage.label(ink)
    big = [index for index, (ys, xs) in enumerate(ndimage.find_objects(labels), start=1)
           if ys.stop - ys.start > LARGE_SHAPE * w or xs.stop - xs.start > 0.35 * w]
    if not big:
        return binary
    keep = ink & ~np.isin(labels, big)
    return Image.fromarray(np.where(keep, 0, 255).astype(np.uint8))


def enclosed_number(binary: Image.Image) -> tuple[Image.Image, tuple[int, int, int, int]] | None:
    """A mark inside a closed shape in a top corner (an initiative's circle, a cost's coin):
    the crop of its inside, and the box of the shape to blank out of the main read.
    Tesseract reads neither a digit inside a ring nor, often, the text beside one."""
    w, h = binary.size
    band = np.asarray(binary.crop((0, 0, w, int(h * 0.22)))) < 128
    holes = ndimage.binary_fill_holes(band) & ~band
    labels, _ = ndimage.label(holes)
    min_side = 0.05 * w
    best = None
    for index, box in enumerate(ndimage.find_objects(labels), start=1):
        ys, xs = box
        bw, bh = xs.stop - xs.start, ys.stop - ys.start
        centre = (xs.start + xs.stop) / 2
        if bw < min_side or bh < min_side or not 0.5 <= bw / bh <= 2 or \
                0.35 * w < centre < 0.65 * w:
            continue
        if (labels[box] == index).mean() < 0.4:
            continue
        if best is None or bw * bh > best[2] * best[3]:
            best = (xs.start, ys.start, bw, bh, index)
    if best is None:
        return None
    x, y, bw, bh, index = best
    # Only what the shape encloses: its corners would read as digits too.
    region = ndimage.binary_fill_holes(labels[y:y + bh, x:x + bw] == index)
    crop = np.where(region, band[y:y + bh, x:x + bw] == 0, True)
    inside = ImageOps.expand(Image.fromarray(crop.astype(np.uint8) * 255), border=12, fill=255)
    pad_x, pad_y = int(bw * 0.12) + 4, int(bh * 0.12) + 4
    ring = (max(0, x - pad_x), max(0, y - pad_y), min(w, x + bw + pad_x),
            min(h, y + bh + pad_y))
    return inside, ring
