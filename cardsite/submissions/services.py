"""Submissions of missing cards: start (photos checked and kept), send, and the review's
approve (an entry through the importer), merge (into an entry) and reject.

Abuse limits: a per-client rate of photo uploads (SUBMISSION_RATE), and quotas of open
submissions with photos, per client (SUBMISSION_OPEN_PER_CLIENT) and in all
(SUBMISSION_OPEN_MAX), so a flood cannot fill the disk: at most that many photos of at
most ``photos.KEEP_SIDE`` pixels (about 1 MB each) wait at once.
"""
from __future__ import annotations

import hashlib
import time
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from cardsite.api import throttling
from cardsite.catalog import games
from cardsite.catalog.history import recorded_as
from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import READ_ONLY_ENTRY_FIELDS, CatalogFormatError
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.images.models import EntryImage
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.models import Entry
from cardsite.submissions import machine, photos
from cardsite.submissions.models import Submission
from cardsite.submissions.tasks import read_entry_image, read_submission
from cardsite.web.db_contention import locked

FIELDS = ("name", "type", "initiative", "cost", "text")
# A photo uploaded but never sent is let go after this long (it counts in the quotas).
DRAFT_TTL = timedelta(hours=24)
OPEN = (Submission.Status.DRAFT, Submission.Status.PENDING)


class Refused(Exception):
    """Too many uploads or open photos: ``message`` for the sender, ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int = 3600):
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


def client_key(address: str) -> str:
    return hashlib.sha256(f"submit:{address}".encode()).hexdigest()


def _take_allowance(key: str) -> None:
    limit, _, period = settings.SUBMISSION_RATE.partition("/")
    seconds = {"min": 60, "hour": 3600, "day": 86400}[period]
    now = time.time()
    if throttling.take(key, now, seconds / int(limit), seconds) is None:
        due = throttling.due(key) or now
        wait = max(int(due - seconds - now), 1)
        raise Refused(f"Too many photos from here; try again in {wait // 60 + 1} min.", wait)


def _check_quotas(key: str) -> None:
    waiting = Submission.objects.filter(status__in=OPEN).exclude(front_key="")
    if waiting.filter(client=key).count() >= settings.SUBMISSION_OPEN_PER_CLIENT:
        raise Refused("You have many cards waiting already: send or wait for those first.")
    if waiting.count() >= settings.SUBMISSION_OPEN_MAX:
        raise Refused("The reviewers have too many cards waiting; please try again tomorrow.",
                      86400)


def expire_drafts() -> int:
    """Delete drafts never sent within DRAFT_TTL, with their photos."""
    stale = Submission.objects.filter(status=Submission.Status.DRAFT,
                                      created__lt=timezone.now() - DRAFT_TTL)
    keys = [k for pair in stale.values_list("front_key", "back_key") for k in pair]
    count, _ = stale.delete()
    transaction.on_commit(lambda: photos.forget(*keys))
    return count


def submission_start(*, game, component=None, front, back=None, fields: dict | None = None,
                     contact: str = "", note: str = "", address: str = "", batch=None,
                     user=None) -> Submission:
    """Check the photos (ImageRejected), keep them privately, and queue the machine reading.
    A player's start (``address``) is rate limited and within the quotas; an editor's
    batch photo (``batch``) is neither, and is pending at once."""
    key = client_key(address) if address else ""
    if batch is None:
        expire_drafts()
        _check_quotas(key)
        _take_allowance(key)
    decoded = {"front": photos.checked(front)}
    if back is not None:
        decoded["back"] = photos.checked(back)
    keys = {face: photos.keep(image) for face, image in decoded.items()}
    with transaction.atomic():
        submission = Submission.objects.create(
            game=game, component=component, contact=contact[:200], note=note, client=key,
            front_key=keys["front"], back_key=keys.get("back", ""),
            photo_hash=photos.dhash(decoded["front"].image), batch=batch,
            status=Submission.Status.PENDING if batch else Submission.Status.DRAFT,
            sent=timezone.now() if batch else None,
            reading_status=Submission.Reading.QUEUED,
            **{k: v for k, v in (fields or {}).items() if k in FIELDS})
        result = read_submission.enqueue(submission.pk)  # committed with the row
        Submission.objects.filter(pk=submission.pk).update(task_id=str(result.id))
    submission.refresh_from_db()
    return submission


def clean_fields(game_slug: str, data: dict) -> dict:
    """The card's fields as the model stores them, or ValidationError naming the field."""
    out, errors = {}, {}
    name = " ".join((data.get("name") or "").split())
    if not name:
        errors["name"] = "Give the card's name as printed."
    out["name"] = name[:200]
    type_slug = (data.get("type") or "").strip() or None
    if type_slug and type_slug not in games.type_choices(game_slug):
        errors["type"] = f"{type_slug!r} is not a type of this game."
    out["type"] = type_slug
    for number in ("initiative", "cost"):
        raw = data.get(number)
        raw = "" if raw is None else str(raw).strip()
        if not raw:
            out[number] = None
            continue
        low, high = games.ATTRIBUTE_BOUNDS[number][:2]
        try:
            value = int(raw)
        except ValueError:
            errors[number] = f"{raw[:20]!r} is not a whole number."
            continue
        if not low <= value <= high:
            errors[number] = f"{value} is outside {low}..{high}."
        out[number] = value
    text = (data.get("text") or "").strip().replace("\x00", "")
    if len(text) > 10_000:
        errors["text"] = "The text is longer than 10,000 characters."
    out["text"] = text or None
    if errors:
        raise ValidationError(errors)
    return out


def submission_send(*, submission: Submission, data: dict, contact: str = "",
                    note: str = "") -> Submission:
    """The sender's checked fields: the submission waits for review."""
    if submission.status != Submission.Status.DRAFT:
        raise ValidationError("This card was sent already.")
    values = clean_fields(submission.game.slug, data)
    for name, value in values.items():
        setattr(submission, name, value)
    submission.contact, submission.note = contact[:200], note
    submission.status, submission.sent = Submission.Status.PENDING, timezone.now()
    submission.save()
    return submission


def _locked_pending(submission: Submission) -> Submission:
    current = locked(Submission.objects.filter(pk=submission.pk)).first()
    if current is None or current.status != Submission.Status.PENDING:
        raise ValidationError(f"Submission #{submission.pk} is not waiting for review.")
    return current


def _unique_slug(game, name: str) -> str:
    base = slugify(name)[:110] or "card"
    slug, n = base, 2
    while Entry.objects.filter(game=game, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def _close(submission: Submission, status: str, user, note: str = "", entry=None) -> None:
    keys = (submission.front_key, submission.back_key)
    submission.status, submission.reviewed_by = status, user
    submission.reviewed, submission.review_note = timezone.now(), note
    submission.entry = entry or submission.entry
    submission.front_key = submission.back_key = ""
    submission.save()
    transaction.on_commit(lambda: photos.forget(*keys))  # the entry keeps its own renditions


def _faces(submission: Submission) -> dict[str, bytes]:
    return {face: photos.read(key) for face, key in submission.photo_keys().items()}


def submission_approve(*, submission: Submission, user, data: dict | None = None,
                       with_abilities: bool = True) -> Entry:
    """A new entry from the submission (the reviewer's edits in ``data``), written by the
    importer (cardsite.catalog_files.catalog_import: the same validation and writing as a catalog file),
    with the photos as its images; every history record credits the submission."""
    reason = f"Submission #{submission.pk} approved by {user.get_username()}"
    with transaction.atomic():
        submission = _locked_pending(submission)
        game = submission.game
        values = clean_fields(game.slug, data if data is not None else {
            f: getattr(submission, f) for f in FIELDS})
        abilities = machine.draft(values["text"], game=game.slug, type_slug=values["type"],
                                  name=values["name"]) if with_abilities else []
        component = submission.component
        kind = component.kind if component and component.kind in games.ENTRY_KINDS else "card"
        applicable = games.applicable_attributes(game.slug, values["type"], kind)
        document = catalog_export(game_slugs=[game.slug])
        game_data = document["games"][0]
        entry_data = {
            "slug": _unique_slug(game, values["name"]), "name": values["name"], "kind": kind,
            "component": component.slug if component else None, "type": values["type"],
            "glyph": None, "symbol": None,
            **{n: None for n in games.NUMERIC_ATTRIBUTES},
            "keywords": [], "text": values["text"], "flavor": None, "aliases": [], "bands": [],
            "source": "", "abilities": abilities,
            "notes": f"From a photo sent by a player (submission #{submission.pk}).",
        }
        for number in ("initiative", "cost"):
            if number in applicable:
                entry_data[number] = values[number]
        game_data.update(entries=[entry_data], rules=[], glossary=[], rulings=[])
        document.pop("checksum", None)
        for entry in game_data["entries"]:
            for field in READ_ONLY_ENTRY_FIELDS:
                entry.pop(field, None)
        try:
            with recorded_as(reason, user):
                catalog_import(data=document)
        except CatalogFormatError as exc:
            raise ValidationError([str(p) for p in exc.problems][:5]) from None
        entry = Entry.objects.get(game=game, slug=entry_data["slug"])
        last = Entry.objects.filter(game=game).aggregate(m=Max("position"))["m"] or 0
        Entry.objects.filter(pk=entry.pk).update(position=last + 1)  # at the end, not first
        for face, data_bytes in _faces(submission).items():
            entry_image_save(entry=entry, face=face, upload=data_bytes, user=user,
                             details=ImageDetails(credit="A player's photo"), reason=reason)
        for name, value in values.items():
            setattr(submission, name, value)
        _close(submission, Submission.Status.APPROVED, user, entry=entry)
    return entry


def submission_merge(*, submission: Submission, user, entry: Entry) -> Entry:
    """Add the photos to ``entry`` where it has no image of that face, and fill the fields
    it does not know; nothing it knows is overwritten."""
    reason = f"Submission #{submission.pk} merged by {user.get_username()}"
    with transaction.atomic():
        submission = _locked_pending(submission)
        entry = locked(Entry.objects.filter(pk=entry.pk)).first()
        if entry is None or entry.game_id != submission.game_id:
            raise ValidationError("Merge into an entry of the same game.")
        applicable = set(games.applicable_attributes(entry.game.slug, entry.type, entry.kind))
        filled = []
        for name in FIELDS:
            value = getattr(submission, name)
            if name in ("initiative", "cost") and name not in applicable:
                continue
            if value not in (None, "") and getattr(entry, name) in (None, ""):
                setattr(entry, name, value)
                filled.append(name)
        if filled:
            entry.full_clean()
            with recorded_as(reason, user):
                entry.save()
        have = set(EntryImage.objects.filter(entry=entry).values_list("face", flat=True))
        for face, data_bytes in _faces(submission).items():
            if face not in have:
                entry_image_save(entry=entry, face=face, upload=data_bytes, user=user,
                                 details=ImageDetails(credit="A player's photo"), reason=reason)
        _close(submission, Submission.Status.MERGED, user, entry=entry,
               note="Filled: " + (", ".join(filled) or "nothing"))
    return entry


def submission_reject(*, submission: Submission, user, reason: str) -> Submission:
    if not reason.strip():
        raise ValidationError("Say why the submission is rejected.")
    with transaction.atomic():
        submission = _locked_pending(submission)
        _close(submission, Submission.Status.REJECTED, user, note=reason.strip()[:1000])
    return submission


def entry_images_read_later(images) -> int:
    """Queue the machine reading of the fronts among ``images`` (just uploaded by an editor),
    committed with the caller's transaction; the entry's form offers each reading for the
    fields still unknown. Returns how many were queued."""
    fronts = [image.pk for image in images if image.face == EntryImage.Face.FRONT]
    EntryImage.objects.filter(pk__in=fronts).update(
        reading_status=Submission.Reading.QUEUED,
        reading=None, reading_note="")
    for pk in fronts:
        read_entry_image.enqueue(pk)
    return len(fronts)
