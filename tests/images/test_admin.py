"""The admin: upload, preview, replace and revert per face; a zip with a preview."""
import io
import time
import zipfile

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cardsite.editorial.roles import ensure_roles
from cardsite.images.models import EntryImage, PendingImageBatch
from tests.cardsite.test_admin import form_data
from tests.images import pictures
from tests.images.conftest import stored_files

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor_client(client, catalog):
    ensure_roles()
    user = User.objects.create_user("ed", password="pw-ed-12345678", is_staff=True)
    user.groups.add(Group.objects.get(name="Editor"))
    client.force_login(user)
    return client


@pytest.fixture
def quuxwand(catalog):
    """An entry without roll bands or rulings: its admin form has no inline rows to repost."""
    from cardsite.models import Entry
    return Entry.objects.get(slug="quuxwand")


def _jpeg(seed=1, name="photo.jpg"):
    return SimpleUploadedFile(name, pictures.encoded(pictures.card_picture(315, 440, seed=seed),
                                                     "JPEG"), content_type="image/jpeg")


def test_editor_uploads_previews_replaces_and_reverts_a_face(editor_client, quuxwand, media):
    url = reverse("admin:cardsite_entry_change", args=[quuxwand.pk])
    assert b"none (drawn as a proxy)" in editor_client.get(url).content
    data = form_data(editor_client, url, front_image=_jpeg(1), image_status="scan",
                     image_source="scan", image_credit="A. Scanner", change_reason="Front scan")
    response = editor_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    first = EntryImage.objects.get(entry=quuxwand, face="front")
    assert (first.status, first.credit, first.uploaded_by.username) == ("scan", "A. Scanner", "ed")
    page = editor_client.get(url).content.decode()
    assert first.renditions["small"]["jpeg"] in page and "history (revert)" in page
    old = first.renditions

    data = form_data(editor_client, url, front_image=_jpeg(2), change_reason="Better photo")
    assert editor_client.post(url, data).status_code == 302
    first.refresh_from_db()
    assert first.renditions != old and first.history.count() == 2

    earliest = first.history.earliest()
    revert = reverse("admin:images_entryimage_simple_history", args=[first.pk, earliest.history_id])
    assert editor_client.get(revert).status_code == 200
    assert editor_client.post(revert, form_data(editor_client, revert)).status_code == 302
    first.refresh_from_db()
    assert first.renditions == old


def test_a_hostile_file_on_the_entry_page_is_a_form_error(editor_client, quuxwand, media):
    url = reverse("admin:cardsite_entry_change", args=[quuxwand.pk])
    svg = SimpleUploadedFile("card.jpg", pictures.SVG_WITH_SCRIPT, content_type="image/jpeg")
    response = editor_client.post(url, form_data(editor_client, url, front_image=svg))
    assert response.status_code == 200
    assert "SVG images are refused" in str(response.context["adminform"].form.errors)
    assert not EntryImage.objects.exists() and stored_files(media) == []


def _zip(files: dict) -> SimpleUploadedFile:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return SimpleUploadedFile("images.zip", out.getvalue(), content_type="application/zip")


def _picture(seed):
    return pictures.encoded(pictures.card_picture(146, 204, seed=seed), "PNG")


def test_zip_preview_matches_names_and_writes_nothing_until_confirmed(editor_client, media,
                                                                      machine_reads):
    url = reverse("editorial-images")
    upload = _zip({"zapper.jpg": _picture(1), "rumble/zapper-back.png": _picture(2),
                   "tentakiler.png": _picture(3), "__MACOSX/._zapper.jpg": b"junk"})
    page = editor_client.post(url, {"file": upload, "status": "scan", "source": "scan"})
    text = page.content.decode()
    assert "2 files match, 1 does not" in text
    assert "no entry &#x27;tentakiler&#x27;" in text and "tentakiller" in text  # the nearest name
    assert "Save these" not in text
    assert not EntryImage.objects.exists() and stored_files(media) == []

    upload = _zip({"zapper.jpg": _picture(1), "rumble/zapper-back.png": _picture(2),
                   "tentakiller.webp": pictures.encoded(pictures.card_picture(146, 204), "WEBP")})
    page = editor_client.post(url, {"file": upload, "status": "scan", "source": "scan",
                                    "credit": "Club scans"})
    assert b"Save these 3 images" in page.content
    assert not EntryImage.objects.exists() and stored_files(media) == []
    pending = PendingImageBatch.objects.get()
    done = editor_client.post(reverse("editorial-images-confirm", args=[pending.pk]))
    assert done.status_code == 200 and b"Saved" in done.content
    saved = {(i.entry.slug, i.face, i.credit) for i in EntryImage.objects.select_related("entry")}
    assert saved == {("zapper", "front", "Club scans"), ("zapper", "back", "Club scans"),
                     ("tentakiller", "front", "Club scans")}
    assert not PendingImageBatch.objects.exists()
    # the fronts are read by machine, offered on each entry's page
    assert "2 front(s) are being read by machine" in done.content.decode()
    assert {(i.face, i.reading_status) for i in EntryImage.objects.all()} == {
        ("front", "done"), ("back", "none")}


@pytest.mark.parametrize("files, message", [
    ({"../../etc/evil.jpg": b"x", "zapper.jpg": b"y"}, "leave the zip"),
    ({"/abs/zapper.jpg": b"x"}, "leave the zip"),
    ({f"f{i}.jpg": b"" for i in range(10_000)}, "holds 10,000 entries"),
])
def test_hostile_zips_are_refused_whole_fast(editor_client, media, files, message):
    upload = _zip(files)
    started = time.perf_counter()
    page = editor_client.post(reverse("editorial-images"), {"file": upload, "status": "photo",
                                                           "source": "photo"})
    assert time.perf_counter() - started < 1.0
    assert message in page.content.decode()
    assert not PendingImageBatch.objects.exists() and not EntryImage.objects.exists()
    assert stored_files(media) == []


def test_a_bad_image_inside_a_zip_is_named_and_nothing_is_written(editor_client, media):
    upload = _zip({"zapper.jpg": pictures.HTML_AS_JPG, "tentakiller.png": _picture(1)})
    page = editor_client.post(reverse("editorial-images"), {"file": upload, "status": "photo",
                                                           "source": "photo"}).content.decode()
    assert "HTML or other markup" in page and "1 does not" in page
    assert not PendingImageBatch.objects.exists() and stored_files(media) == []


def test_the_worklist_counts_images_and_links_the_zip_upload(editor_client, zapper, media):
    from cardsite.images.services import entry_image_save
    entry_image_save(entry=zapper, face="front", upload=_picture(1))
    page = editor_client.get(reverse("editorial-coverage") + "?game=rumble").content.decode()
    assert "With image" in page and reverse("editorial-images") in page


READ = {"name": {"value": "Quuxwand!", "confidence": 0.9},
        "type": {"value": "relic", "confidence": 0.8},
        "text": {"value": "Each foe takes 1 damage.", "confidence": 0.85},
        "raw_text": "", "seconds": 0.1, "warnings": [], "name_hint": None}


@pytest.fixture
def machine_reads(monkeypatch):
    from cardsite.submissions import machine
    monkeypatch.setattr(machine, "read_photo", lambda data, **kw: dict(READ))


def test_a_front_uploaded_in_the_admin_is_read_and_offered_for_the_unknown_fields(
        editor_client, quuxwand, media, machine_reads):
    quuxwand.text = None
    quuxwand.save()
    url = reverse("admin:cardsite_entry_change", args=[quuxwand.pk])
    response = editor_client.post(url, form_data(editor_client, url, front_image=_jpeg(1),
                                                 change_reason="Front photo"))
    assert response.status_code == 302 and response["Location"] == url  # back to the reading
    image = EntryImage.objects.get(entry=quuxwand, face="front")
    assert image.reading_status == "done" and image.reading["text"]["value"]
    quuxwand.refresh_from_db()
    assert quuxwand.text is None  # offered, not written
    page = editor_client.get(url).content.decode()
    assert "The front photo was read by machine" in page
    assert "Read by machine — check.</strong>" in page and "Each foe takes 1 damage." in page
    assert "it read the name as “Quuxwand!”" in page  # a known name is shown, never replaced
    assert "The fields still unknown are filled from it below" in page
    form = editor_client.get(url).context["adminform"].form
    assert form.initial["text"] == "Each foe takes 1 damage."
    assert form.initial["name"] == "Quuxwand" and form.initial["type"] == "relic"
    # the editor saves: the reading becomes the entry's, credited to the editor's reason
    assert editor_client.post(url, form_data(editor_client, url, change_reason="Checked")
                              ).status_code == 302
    quuxwand.refresh_from_db()
    assert quuxwand.text == "Each foe takes 1 damage."
    assert quuxwand.history.first().history_change_reason == "Checked"


def test_a_reading_done_after_the_form_was_built_asks_for_a_reload(
        editor_client, quuxwand, media, machine_reads):
    """The form is built before the images panel is drawn: a reading that finished between
    the two must not claim fields the form did not fill."""
    from cardsite.images.admin import images_panel
    url = reverse("admin:cardsite_entry_change", args=[quuxwand.pk])
    editor_client.post(url, form_data(editor_client, url, front_image=_jpeg(1)))
    entry = type(quuxwand).objects.get(pk=quuxwand.pk)  # no form offered it anything
    panel = images_panel(entry)
    assert "It finished as this page was drawn: reload it to see the fields it fills" in panel
    assert "filled from it below" not in panel


def test_without_the_reader_the_entry_page_says_so_and_offers_nothing(editor_client, quuxwand,
                                                                       media, monkeypatch):
    from cardsite.submissions import machine

    def unavailable(data, **kw):
        raise machine.Unavailable("Tesseract is not installed.")
    monkeypatch.setattr(machine, "read_photo", unavailable)
    url = reverse("admin:cardsite_entry_change", args=[quuxwand.pk])
    editor_client.post(url, form_data(editor_client, url, front_image=_jpeg(1)))
    page = editor_client.get(url).content.decode()
    assert "The front photo was not read by machine: Tesseract is not installed." in page
    assert "Machine reading: machine reading not available (Tesseract is not installed.)" in page
    assert "Read by machine — check.</strong>" not in page
