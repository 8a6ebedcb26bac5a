"""Machine reading of card photos (cardsite.ocr): drawn cards read, hostile input refused
fast, and a machine without Tesseract says so."""
from __future__ import annotations

import io
import struct
import time
import zlib

import pytest
from PIL import Image

from cardsite.ocr import OcrUnavailable, UnreadableImage, available, read_card, tesseract
from cardsite.ocr.reading import Reading
from tests.ocr.cardfaces import CardSpec, fonts_installed, photograph, render

needs_tesseract = pytest.mark.skipif(
    not available() or not fonts_installed(),
    reason="Tesseract with eng, or the DejaVu/Liberation fonts, not installed")

WAND = CardSpec("Lucky's Lucky Wand", "Starter", None,
                "+1 Power. ATTACK: Deal 5 damage to target player. If you defeat them this "
                "way, gain a Little Pot o' Gold.")
TENTAKILLER = CardSpec("Tentakiller", "Delivery", 16, "Each foe takes 2 damage.")


@needs_tesseract
def test_a_clean_render_reads_its_name_type_and_text():
    reading = read_card(render(WAND, "dejavu-sans", seed=1), game="satanic-panic")
    assert reading.name.value == WAND.name
    assert reading.name.confidence > 0.5
    assert reading.type.value == "starter"
    assert reading.text.value == WAND.text
    assert reading.seconds > 0


@needs_tesseract
def test_a_photo_turned_and_in_perspective_on_a_table_reads():
    photo = photograph(render(TENTAKILLER, "liberation-sans", seed=2), "light-gradient", seed=5)
    reading = read_card(photo, game="rumble", known_names=["Tentakiller", "Sparkling"])
    assert reading.name.value == "Tentakiller"
    assert reading.initiative.value == 16
    assert reading.cost.value is None  # Rumble prints no cost
    assert reading.type.value == "delivery"
    assert reading.name_hint == "Tentakiller"  # the duplicate is pointed at, not snapped
    assert Reading.from_dict(reading.to_dict()) == reading


@needs_tesseract
def test_a_near_name_is_a_hint_never_the_name():
    reading = read_card(render(WAND, "dejavu-sans", seed=1), game="satanic-panic",
                        known_names=["Lucky's Lucky Hand"])
    assert reading.name.value == WAND.name
    assert reading.name_hint == "Lucky's Lucky Hand"


def test_without_tesseract_it_says_so(monkeypatch):
    monkeypatch.setattr(tesseract.pytesseract.pytesseract, "tesseract_cmd",
                        "/nonexistent/tesseract")
    tesseract._languages.cache_clear()
    try:
        assert available() is False
        image = Image.new("RGB", (200, 300), "white")
        with pytest.raises(OcrUnavailable, match="Tesseract OCR is not installed"):
            read_card(image)
    finally:
        tesseract._languages.cache_clear()


def _png_header_only(width, height):
    """A tiny PNG whose header claims ``width`` x ``height`` (a decompression bomb's shape)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * 100)) + chunk(b"IEND", b""))


def _jpeg(size=(600, 800)):
    out = io.BytesIO()
    Image.new("RGB", size, (200, 180, 150)).save(out, "JPEG")
    return out.getvalue()


@pytest.mark.parametrize(("data", "code"), [
    (b"x" * (25 * 1024 * 1024), "too-large"),
    (_png_header_only(30_000, 30_000), "too-many-pixels"),
    (_jpeg()[:400], "unreadable"),
    (b"<html><script>alert(1)</script></html>", "not-an-image"),
    (b"", "not-an-image"),
    (_jpeg((20, 20)), "too-small"),
])
def test_hostile_input_is_refused_quickly(data, code):
    started = time.monotonic()
    with pytest.raises(UnreadableImage) as refused:
        read_card(data)
    assert refused.value.code == code
    assert refused.value.message
    assert time.monotonic() - started < 1.0


def test_not_bytes_nor_an_image_is_refused():
    with pytest.raises(UnreadableImage):
        read_card("a path is not taken")


@needs_tesseract
def test_a_phone_photo_stored_sideways_is_turned_by_its_exif_orientation():
    sideways = render(WAND, "liberation-serif", seed=3).rotate(90, expand=True)
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 clockwise to view": how phones store a portrait shot
    out = io.BytesIO()
    sideways.save(out, "JPEG", quality=90, exif=exif.tobytes())
    reading = read_card(out.getvalue(), game="satanic-panic")
    assert reading.name.value == WAND.name


@needs_tesseract
def test_an_ability_tile_is_named_by_its_text():
    text = "You pay 2 less to buy Familiars."
    tile = render(CardSpec(text, None, None, text, tile=True), "dejavu-sans", seed=4)
    reading = read_card(tile, game="satanic-panic", component="wizard-ability-tiles")
    assert reading.type.value == "ability-tile"
    assert reading.name.value == reading.text.value == text


@needs_tesseract
def test_a_flat_scan_whose_art_is_big_blobs_still_reads_its_title():
    """Tesseract's sparse mode can lose the whole card to large art (it read 'S' here);
    the automatic layout is tried when the sparse read is poor."""
    from tests.submissions.test_submissions import card_photo

    reading = read_card(card_photo("MEGA ZORCH", seed=5), game="rumble",
                        component="delivery-cards")
    assert reading.name.value == "MEGA ZORCH"


def test_satans_starter_component_reads_as_its_own_type():
    """"satan-starter-cards" names both starter and satan-starter: the longer wins."""
    from cardsite.ocr.fields import _type_labels

    assert _type_labels("satanic-panic", "satan-starter-cards") == {"satan starter": "satan-starter"}
    assert _type_labels("satanic-panic", "glyph-starter-cards") == {"starter": "starter"}


def test_a_space_the_reader_put_after_a_hyphen_in_the_title_goes():
    from cardsite.ocr.fields import Line, place

    title = Line(["Enslave-", "'Em-All", "Ball"], [90, 90, 90], 40, 40, 600, 90, [50, 50, 50])
    body = Line(["+1", "Power."], [90, 90], 40, 500, 300, 530, [30, 30])
    assert place([title, body], 880).name.value == "Enslave-'Em-All Ball"
    title = Line(["Glyph", "-", "Fizzle"], [90, 90, 90], 40, 40, 600, 90, [50, 50, 50])
    assert place([title, body], 880).name.value == "Glyph - Fizzle"  # a dash between words stays


@pytest.mark.parametrize("read, printed", [
    ("Once per turn, ATTACK Another player gains 1 of your Lil' Buddies.",
     "Once per turn, ATTACK: Another player gains 1 of your Lil' Buddies."),
    ("gain 2 Dead Wizard Tokens. END OF GAME Destroy 2 Dead Wizard Tokens.",
     "gain 2 Dead Wizard Tokens. END OF GAME: Destroy 2 Dead Wizard Tokens."),
    ("You pay 2 less to buy Familiars When you gain a Familiar, you may",
     "You pay 2 less to buy Familiars. When you gain a Familiar, you may"),
    ("Replace 1 of your Starter Glyphs with Lucky's Lucky Wand,",
     "Replace 1 of your Starter Glyphs with Lucky's Lucky Wand."),
    ("nate You pay 2 less to buy Familiars.", "You pay 2 less to buy Familiars."),
])
def test_punctuation_a_read_lost_is_put_back_where_the_grammar_is_sure(read, printed):
    from cardsite.ocr.fields import punctuated
    assert punctuated(read) == printed


def test_punctuation_is_left_alone_on_every_text_the_catalog_and_rulebooks_print():
    """Title-case headings ("Start of Each Round", "When You Die: ...") and a list of
    keywords ("ATTACK Icon, DEFENSE Icon") are not sentences run together."""
    from cardsite.ocr.fields import punctuated
    from tests.fixtures_data.books import NO_RULEBOOKS, RULEBOOKS, fixture_games
    if not RULEBOOKS.is_dir():
        pytest.skip(NO_RULEBOOKS)
    printed = [line.strip() for path in sorted(RULEBOOKS.glob("*.txt"))
               for line in path.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.rstrip().endswith(",")]
    printed += [e[k] for game in fixture_games() for e in game["entries"]
                for k in ("name", "text") if e.get(k)]
    assert len(printed) > 500
    assert [t for t in printed if punctuated(t) != t] == []
