"""Add a missing card: the photo checked and kept private, the machine's draft (stubbed
here: the pipeline, not OCR quality), near duplicates, sending, and the review's approve,
merge and reject; the abuse limits."""
import io

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from PIL import Image, ImageDraw

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.images.models import EntryImage
from cardsite.models import Entry
from cardsite.submissions import machine
from cardsite.submissions.models import Submission
from tests.catalog_sample import sample_catalog
from tests.images import pictures

pytestmark = pytest.mark.django_db

START = "/cards/rumble/submit/"
READ = {"name": {"value": "Mega Zorch", "confidence": 0.91},
        "type": {"value": "delivery", "confidence": 0.8},
        "initiative": {"value": 12, "confidence": 0.7},
        "cost": {"value": None, "confidence": 0.0},
        "text": {"value": "The strongest foe takes 3 damage.", "confidence": 0.85},
        "raw_text": "", "seconds": 0.1, "warnings": [], "name_hint": None}


def card_photo(name="MEGA ZORCH", seed=3) -> bytes:
    image = pictures.card_picture(630, 880, seed=seed, colour=(230, 230, 220))
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 40, 590, 140), fill="white")
    draw.text((60, 70), name, fill="black", font_size=48)
    return pictures.encoded(image, "JPEG", quality=90)


def upload(data: bytes, name="card.jpg"):
    file = io.BytesIO(data)
    file.name = name
    return file


@pytest.fixture
def site(media, settings):
    settings.SUBMISSION_RATE = "1000/hour"
    catalog_import(data=sample_catalog())


@pytest.fixture
def machine_reads(monkeypatch):
    """The machine reading as the worker stores it (OCR's quality is bench/'s business)."""
    monkeypatch.setattr(machine, "read_photo", lambda data, **kw: dict(READ))


def start(client, data=None, **fields):
    return client.post(START, {"component": "delivery-cards", "front": upload(data or card_photo()),
                               **fields})


@pytest.fixture
def reviewer(client):
    from cardsite.editorial.roles import ensure_roles
    ensure_roles()
    user = User.objects.create_user("rev", password="pw-rev-12345", is_staff=True)
    user.groups.add(Group.objects.get(name="Reviewer"))
    return user


def test_the_form_shows_components_and_says_whether_the_machine_reads(client, site, monkeypatch):
    page = client.get(START).content.decode()
    assert 'value="delivery-cards"' in page and "Photo of the front" in page
    monkeypatch.setattr(machine, "ocr_available", lambda: False)
    assert "Machine reading is not available" in client.get(START).content.decode()


def test_a_photo_is_read_in_a_task_and_the_draft_prefills_the_form(client, site, machine_reads,
                                                                     media):
    response = start(client)
    assert response.status_code == 302
    submission = Submission.objects.get()
    assert submission.status == "draft" and submission.reading_status == "done"
    assert response["Location"] == submission.draft_url()
    page = client.get(submission.draft_url()).content.decode()
    assert 'value="Mega Zorch"' in page and "read by machine — check" in page
    poll = client.get(submission.draft_url() + "reading/").json()
    assert poll["finished"] and poll["fields"]["name"]["value"] == "Mega Zorch"
    # the photo: the sender's address serves it; nothing under /media/ names it
    photo = client.get(submission.draft_url() + "photo/front/")
    assert photo.status_code == 200 and photo["Content-Type"] == "image/jpeg"
    assert client.get("/media/" + submission.front_key).status_code == 404
    assert Image.open(io.BytesIO(b"".join(photo.streaming_content) if photo.streaming else
                                 photo.content)).getexif() == {}


def test_without_tesseract_the_form_says_so_and_works(client, site, monkeypatch):
    def unavailable(data, **kw):
        raise machine.Unavailable("Tesseract is not installed.")
    monkeypatch.setattr(machine, "read_photo", unavailable)
    start(client)
    submission = Submission.objects.get()
    assert submission.reading_status == "unavailable"
    assert "not available on this server" in client.get(submission.draft_url()).content.decode()
    response = client.post(submission.draft_url(), {"name": "Hand Typed", "type": "delivery",
                                                    "initiative": "7", "text": "Zap."})
    assert response.status_code == 302
    submission.refresh_from_db()
    assert (submission.status, submission.name, submission.initiative) == ("pending", "Hand Typed", 7)


def test_nothing_pending_is_public(client, site, machine_reads):
    start(client)
    submission = Submission.objects.get()
    client.post(submission.draft_url(), {"name": "Mega Zorch", "text": "Secret text."})
    assert "Mega Zorch" not in client.get("/cards/?game=rumble").content.decode()
    assert client.get(reverse("submission-queue")).status_code == 302  # the admin's login
    assert client.get(f"/cards/rumble/submit/{'x' * 24}/").status_code == 404


def test_the_same_photo_and_close_names_are_offered_before_sending(client, site, machine_reads):
    data = card_photo()
    start(client, data)
    first = Submission.objects.get()
    client.post(first.draft_url(), {"name": "Mega Zorch"})
    start(client, data)  # the same photo again, re-encoded on the way
    second = Submission.objects.exclude(pk=first.pk).get()
    poll = client.get(second.draft_url() + "reading/?name=Mega+Zorh").json()
    assert [s["name"] for s in poll["duplicates"]["submissions"]] == ["Mega Zorch"]
    assert "the same photo" in poll["duplicates"]["submissions"][0]["why"]
    poll = client.get(second.draft_url() + "reading/?name=Zaper").json()
    assert [e["name"] for e in poll["duplicates"]["entries"]] == ["Zapper"]


def sent(client) -> Submission:
    start(client)
    submission = Submission.objects.get()
    client.post(submission.draft_url(), {"name": "Mega Zorch", "type": "delivery",
                                         "initiative": "12", "text": "Zorch them all."})
    submission.refresh_from_db()
    return submission


def test_a_reviewer_approves_into_an_entry_with_image_fields_and_credit(client, site,
                                                                         machine_reads, reviewer):
    submission = sent(client)
    client.force_login(reviewer)
    page = client.get(reverse("submission-review", args=[submission.pk])).content.decode()
    assert "Mega Zorch" in page and "Read by machine" in page
    response = client.post(reverse("submission-review", args=[submission.pk]), {
        "action": "approve", "name": "Mega Zorch", "type": "delivery", "initiative": "12",
        "text": "Zorch them all.", "abilities": "1"})
    entry = Entry.objects.get(game__slug="rumble", name="Mega Zorch")
    assert response["Location"] == entry.get_absolute_url()
    assert (entry.type, entry.initiative, entry.text, entry.component.slug) == (
        "delivery", 12, "Zorch them all.", "delivery-cards")
    assert EntryImage.objects.filter(entry=entry, face="front").exists()
    assert entry.history.first().history_change_reason.startswith(
        f"Submission #{submission.pk} approved by rev")
    submission.refresh_from_db()
    assert submission.status == "approved" and submission.entry == entry
    assert submission.front_key == ""  # the private copy is gone; the entry has its own
    client.logout()
    card = client.get(entry.get_absolute_url()).content.decode()
    assert "Zorch them all." in card and "/media/images/" in card


def test_the_review_shows_the_drafted_abilities_and_approval_keeps_them(client, site,
                                                                       machine_reads, reviewer):
    submission = sent(client)
    client.force_login(reviewer)
    url = reverse("submission-review", args=[submission.pk])
    fields = {"name": "Mega Zorch", "type": "delivery", "initiative": "12",
              "text": "The strongest foe takes 3 damage. Zorch them all."}
    page = client.post(url, {**fields, "action": "redraft"}).content.decode()
    drafted = [{"trigger": "resolved", "effects": [
        {"do": "damage", "amount": 3, "target": "strongest-foe"},
        {"do": "by-hand", "text": "Zorch them all."}]}]
    (line,) = machine.describe(drafted)
    assert line.startswith("When resolved: deal 3 damage to the strongest foe; then by hand")
    assert f"<li>{line}</li>" in page  # drafted from the text as the reviewer typed it
    assert Submission.objects.get().status == "pending"
    client.post(url, {**fields, "action": "approve", "abilities": "1"})
    assert Entry.objects.get(game__slug="rumble", name="Mega Zorch").abilities == drafted


def test_a_rejected_submission_changes_nothing(client, site, machine_reads, reviewer):
    submission = sent(client)
    before = (Entry.objects.count(), EntryImage.objects.count())
    client.force_login(reviewer)
    client.post(reverse("submission-review", args=[submission.pk]), {"action": "reject",
                                                                     "reason": "Not a card."})
    submission.refresh_from_db()
    assert submission.status == "rejected" and submission.review_note == "Not a card."
    assert (Entry.objects.count(), EntryImage.objects.count()) == before
    client.post(reverse("submission-review", args=[submission.pk]), {"action": "reject",
                                                                     "reason": "Again."})
    submission.refresh_from_db()
    assert submission.review_note == "Not a card."


def test_merge_adds_the_image_and_fills_only_unknown_fields(client, site, machine_reads, reviewer):
    submission = sent(client)
    zapper = Entry.objects.get(game__slug="rumble", slug="zapper")
    known_text = zapper.text
    client.force_login(reviewer)
    client.post(reverse("submission-review", args=[submission.pk]),
                {"action": "merge", "into": zapper.pk})
    zapper.refresh_from_db()
    assert zapper.text == known_text or known_text is None
    assert EntryImage.objects.filter(entry=zapper, face="front").exists()
    submission.refresh_from_db()
    assert submission.status == "merged" and submission.entry == zapper


def test_abuse_honeypot_svg_rate_and_quota(client, site, machine_reads, settings):
    assert start(client, website="http://spam").status_code == 400
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    response = start(client, svg)
    assert response.status_code == 400 and b"SVG images are refused" in response.content
    assert not Submission.objects.exists()
    settings.SUBMISSION_OPEN_PER_CLIENT = 1
    assert start(client).status_code == 302
    assert start(client).status_code == 429
    settings.SUBMISSION_OPEN_PER_CLIENT, settings.SUBMISSION_RATE = 100, "1/hour"
    assert start(client).status_code == 429


def test_escaped_text(client, site, machine_reads, reviewer):
    start(client)
    submission = Submission.objects.get()
    client.post(submission.draft_url(), {"name": "<script>alert(1)</script>"})
    client.force_login(reviewer)
    page = client.get(reverse("submission-review", args=[submission.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_real_ocr_pipeline_fills_a_draft(client, site):
    if not machine.ocr_available():
        pytest.skip("Tesseract is not installed")
    start(client, card_photo("ZORCH"))
    submission = Submission.objects.get()
    assert submission.reading_status in ("done", "failed")
    assert isinstance(submission.reading or {}, dict)


def test_an_editors_zip_of_photos_becomes_a_batch_read_and_filled(client, site, machine_reads):
    import zipfile

    from cardsite.editorial.roles import ensure_roles
    ensure_roles()
    editor = User.objects.create_user("ed", password="pw-ed-123456", is_staff=True)
    editor.groups.add(Group.objects.get(name="Editor"))
    client.force_login(editor)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("one.jpg", card_photo("ONE", seed=1))
        archive.writestr("two.png", pictures.encoded(pictures.card_picture(seed=2), "PNG"))
        archive.writestr("notes.txt", "hello")
    response = client.post(reverse("submission-batch"), {
        "game": "rumble", "component": "delivery-cards", "file": upload(out.getvalue(), "b.zip")})
    assert b"notes.txt: not named as an image" in response.content
    batch = Submission.objects.filter(batch__isnull=False)
    assert batch.count() == 2 and set(batch.values_list("status", flat=True)) == {"pending"}
    assert set(batch.values_list("name", flat=True)) == {"Mega Zorch"}  # filled by the reader
    for junk, said in ((b"PK\x05\x06" + b"\0" * 18, b"holds no files"), (b"nope", b"not a zip")):
        response = client.post(reverse("submission-batch"), {"game": "rumble",
                                                              "file": upload(junk, "x.zip")})
        assert response.status_code == 200 and said in response.content
    assert Submission.objects.count() == 2


def test_drafts_never_sent_expire_with_their_photos(client, site, machine_reads, media,
                                                   django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from cardsite.submissions.services import expire_drafts
    start(client)
    submission = Submission.objects.get()
    path = media / submission.front_key
    assert path.exists()
    Submission.objects.update(created=timezone.now() - timedelta(hours=25))
    with django_capture_on_commit_callbacks(execute=True):
        assert expire_drafts() == 1
    assert not Submission.objects.exists() and not path.exists()


def test_linked_from_the_card_list_an_empty_search_and_the_coverage(client, site):
    assert 'href="/cards/rumble/submit/"' in client.get("/cards/?game=rumble").content.decode()
    empty = client.get("/cards/?game=rumble&q=qwxzzy").content.decode()
    assert "/cards/rumble/submit/?name=qwxzzy" in empty
    assert "/submit/?name=qwxzzy" in client.get("/search/?q=qwxzzy").content.decode()
    game = client.get("/games/rumble/").content.decode()
    assert "of 40 known — <a href=\"/cards/rumble/submit/?component=delivery-cards\">add one</a>" in game
