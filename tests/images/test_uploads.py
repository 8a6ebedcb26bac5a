"""Uploads: renditions, metadata stripped, history, and hostile files refused fast."""
import io
import time

import pytest
from PIL import Image

from cardsite.images.models import EntryImage
from cardsite.images.renditions import SIZES
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.images.uploads import ImageRejected
from tests.images import pictures
from tests.images.conftest import stored_files

pytestmark = pytest.mark.django_db


def test_renditions_have_the_card_sizes_in_webp_and_jpeg(media, zapper):
    image = entry_image_save(entry=zapper, face="front",
                             upload=pictures.encoded(pictures.card_picture(1260, 1760), "PNG"),
                             details=ImageDetails(status="scan", source="scan", credit="Test"))
    assert set(image.renditions) == {"small", "normal", "large", "original"}
    for name, info in image.renditions.items():
        assert ("webp" in info) == (name != "original")
        for fmt, pillow_format in (("webp", "WEBP"), ("jpeg", "JPEG")):
            if fmt not in info:
                continue
            path = media / info[fmt]
            assert path.exists(), path
            with Image.open(path) as opened:
                assert opened.format == pillow_format
                expected = SIZES.get(name, (1260, 1760))
                assert opened.size == expected == (info["width"], info["height"])
    # names carry the content's hash, so a URL never changes meaning
    import hashlib
    key = image.renditions["normal"]["webp"]
    digest = hashlib.sha256((media / key).read_bytes()).hexdigest()
    assert key == f"images/{digest[:2]}/{digest[2:22]}-normal.webp"
    assert (image.width, image.height, image.status, image.credit) == (1260, 1760, "scan", "Test")


def test_a_far_from_card_shape_is_fitted_whole_not_cropped(media, zapper):
    wide = pictures.card_picture(1200, 600)  # a tile or a board
    image = entry_image_save(entry=zapper, face="back", upload=pictures.encoded(wide, "WEBP"))
    with Image.open(media / image.renditions["normal"]["jpeg"]) as normal:
        assert normal.size == SIZES["normal"]
        top = normal.convert("RGB").getpixel((244, 5))
    assert all(abs(a - b) < 12 for a, b in zip(top, (34, 32, 38), strict=True))  # the margin
    assert (image.width, image.height) == (1200, 600)  # the original keeps its shape


def test_exif_orientation_applied_then_every_metadata_gone(media, zapper):
    upload = pictures.photo_with_gps(880, 630, orientation=6)
    assert b"Exif" in upload and b"kitchen" in upload
    image = entry_image_save(entry=zapper, face="front", upload=upload)
    assert (image.width, image.height) == (630, 880)  # stored sideways, turned upright
    files = stored_files(media)
    assert len(files) == 7
    for path in files:
        data = path.read_bytes()
        for marker in (b"Exif", b"GPS", b"kitchen", b"Phone X", b"secret comment", b"ICC_PROFILE",
                       b"XMP"):
            assert marker not in data, (path.name, marker)
        with Image.open(path) as opened:
            assert not opened.getexif()
            assert not {"exif", "icc_profile", "comment", "xmp"} & set(opened.info)


def test_transparent_png_is_flattened_on_white(media, zapper):
    rgba = Image.new("RGBA", (630, 880), (0, 0, 0, 0))
    image = entry_image_save(entry=zapper, face="front", upload=pictures.encoded(rgba, "PNG"))
    with Image.open(media / image.renditions["small"]["jpeg"]) as small:
        assert small.convert("RGB").getpixel((70, 100)) > (245, 245, 245)


def test_replacing_keeps_the_old_image_in_history_and_revert_restores_it(media, zapper, django_user_model):
    editor = django_user_model.objects.create_user("ed", is_staff=True)
    first = entry_image_save(entry=zapper, face="front", user=editor, reason="First photo",
                             upload=pictures.encoded(pictures.card_picture(seed=1), "JPEG"))
    old_keys = first.renditions
    second = entry_image_save(entry=zapper, face="front", user=editor,
                              upload=pictures.encoded(pictures.card_picture(seed=2), "JPEG"),
                              details=ImageDetails(status="scan", source="scan"))
    assert second.pk == first.pk and second.renditions != old_keys
    assert EntryImage.objects.filter(entry=zapper).count() == 1
    history = list(second.history.order_by("history_date"))
    assert [h.history_change_reason for h in history] == ["First photo", "Image (front) uploaded"]
    assert history[0].history_user == editor and history[0].renditions == old_keys
    history[0].instance.save()  # what the admin's revert does
    second.refresh_from_db()
    assert second.renditions == old_keys and second.status == "photo"
    assert all((media / info["jpeg"]).exists() for info in old_keys.values())


HOSTILE = {
    "png-bomb": (pictures.png_bomb, "too-many-pixels"),
    "truncated-jpeg": (pictures.truncated_jpeg, "unreadable"),
    "svg-with-script": (lambda: pictures.SVG_WITH_SCRIPT, "svg"),
    "html-named-jpg": (lambda: pictures.HTML_AS_JPG, "markup"),
    "thirty-mb": (pictures.thirty_megabytes, "too-large"),
    "text": (lambda: b"just some words, no picture at all", "not-an-image"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_uploads_are_clear_errors_within_a_second_with_nothing_stored(media, zapper, name):
    make, code = HOSTILE[name]
    data = make()
    upload = io.BytesIO(data)
    upload.size = len(data)
    started = time.perf_counter()
    with pytest.raises(ImageRejected) as caught:
        entry_image_save(entry=zapper, face="front", upload=upload)
    assert time.perf_counter() - started < 1.0
    assert caught.value.code == code
    assert caught.value.message[0].isupper() and len(caught.value.message) > 20
    assert not EntryImage.objects.exists() and not EntryImage.history.exists()
    assert stored_files(media) == []


def test_the_bomb_is_small_and_refused_before_decoding():
    bomb = pictures.png_bomb()
    assert len(bomb) < 80_000
    assert bomb[16:24] == (20_000).to_bytes(4, "big") * 2  # IHDR's width and height


def test_png_and_webp_have_a_lower_pixel_limit_than_jpeg():
    from cardsite.images.uploads import UNSCALED_MAX_PIXELS, decode_upload

    side = int(UNSCALED_MAX_PIXELS ** 0.5) // 100 * 100 + 100  # under the JPEG limit, over PNG's
    with pytest.raises(ImageRejected) as caught:
        decode_upload(pictures.png_bomb(side=side))
    assert caught.value.code == "too-many-pixels" and "16 megapixels" in caught.value.message
