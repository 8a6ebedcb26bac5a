"""Running Tesseract (Debian's ``tesseract-ocr``) through pytesseract.

One process per call. Tesseract's OpenMP threads are limited to one: on a small machine
shared with the site, several threads for one card image cost more in contention than
they save (and the worker reads one photo at a time).
"""
from __future__ import annotations

import functools
import os
import shutil

# Before pytesseract starts any process: the child inherits the environment.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

try:
    import pytesseract
except ImportError:  # the binding is a dependency; its absence reads as "not installed"
    pytesseract = None

# A card never needs longer; a stuck engine must not hold a worker.
TIMEOUT_S = 20


class OcrError(RuntimeError):
    """Machine reading failed; ``message`` says why in words for people."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class OcrUnavailable(OcrError):
    """Tesseract (or its English model) is not installed here."""


@functools.lru_cache(maxsize=1)
def _languages() -> tuple[str, ...]:
    if pytesseract is None or shutil.which(pytesseract.pytesseract.tesseract_cmd) is None:
        return ()
    try:
        return tuple(pytesseract.get_languages(config=""))
    except (OSError, pytesseract.TesseractError, pytesseract.TesseractNotFoundError):
        return ()


def available() -> bool:
    """Whether Tesseract and its English model can be run on this machine."""
    return "eng" in _languages()


def require() -> None:
    if not available():
        raise OcrUnavailable(
            "Machine reading is not available: Tesseract OCR is not installed on this server "
            "(Debian: apt-get install tesseract-ocr). Fill the fields by hand.")


def image_data(image, *, psm: int = 3, chars: str | None = None,
               timeout: float = TIMEOUT_S) -> dict[str, list]:
    """Tesseract's words with their boxes, line numbers and confidences (``image_to_data``);
    ``chars``: the only characters it may read."""
    require()
    config = f"--oem 1 --psm {psm}"
    if chars:
        config += f" -c tessedit_char_whitelist={chars}"
    try:
        return pytesseract.image_to_data(image, lang="eng", config=config,
                                         output_type=pytesseract.Output.DICT, timeout=timeout)
    except pytesseract.TesseractError as exc:  # a RuntimeError too: caught first
        raise OcrError(f"Tesseract could not read the image: {exc.message or exc.status}") \
            from exc
    except RuntimeError as exc:  # pytesseract's timeout
        raise OcrError(f"Machine reading took longer than {timeout:.0f} s and was stopped.") \
            from exc


def orientation(image, *, timeout: float = 10) -> tuple[int, float] | None:
    """Tesseract's orientation and script detection: (degrees to rotate clockwise so the
    text is upright, confidence), or None when it finds too little text to say."""
    require()
    try:
        osd = pytesseract.image_to_osd(image, config="--psm 0",
                                       output_type=pytesseract.Output.DICT, timeout=timeout)
    except (RuntimeError, pytesseract.TesseractError):
        return None
    return int(osd.get("rotate", 0)), float(osd.get("orientation_conf", 0.0))
