"""Machine reading of a card's printed face: a first draft for a person to check, never data.

Django-free (Pillow, numpy and Tesseract through pytesseract), so the background task,
the admin's bulk path and ``bench/ocr_eval.py`` call the same code:

- ``available()``: whether Tesseract (with its English model) can be run here.
- ``read_card(image, game=..., component=..., known_names=...)`` -> ``Reading``: the name,
  type, initiative, cost and rules text, each with a confidence, plus the raw text, the
  seconds taken and warnings. Raises ``OcrUnavailable`` without Tesseract and
  ``UnreadableImage`` for input that is not an image we take (checked before decoding).

Modules: ``reading`` (the result), ``photo`` (decoding and the photo's clean-up: orientation,
the card found and flattened, light evened out), ``tesseract`` (running the engine),
``fields`` (which text is which field, from the layout and the game's vocabulary),
``reader`` (the whole pass).
"""
from cardsite.ocr.photo import UnreadableImage
from cardsite.ocr.reader import read_card
from cardsite.ocr.reading import Field, Reading
from cardsite.ocr.tesseract import OcrError, OcrUnavailable, available

__all__ = ["Field", "OcrError", "OcrUnavailable", "Reading", "UnreadableImage", "available",
           "read_card"]
