"""A zip of images named by slug, planned (what goes where) and then applied.

``slug.jpg`` is the front of that entry, ``slug-back.png`` (or ``_back``, ``.back``;
``-front`` too) a face; a top folder named by a game (``rumble/zapper.jpg``) or
the form's game settles a slug two games share. Before anything is read, the zip
is refused whole when it is too big, holds too many files (counted from its end
record, before the directory is parsed) or has a path that climbs out (``../``,
absolute paths). Each file is then decoded within the image limits; the plan
lists the matches, the names that match nothing (with the nearest slugs) and the
files that are not images. Nothing is written until ``image_zip_apply``.
"""
from __future__ import annotations

import io
import re
import struct
import zipfile
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from django.db import transaction
from rapidfuzz import process
from rapidfuzz.distance import Indel

from cardsite.catalog.games import GAME_SLUGS
from cardsite.images.models import EntryImage
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.images.uploads import DecodedImage, ImageRejected, decode_upload, max_bytes
from cardsite.models import Entry

MAX_ZIP_BYTES = 100 * 1024 * 1024
MAX_FILES = 100  # each becomes 7 files in a few hundred ms: a bigger set goes in several zips
MAX_TOTAL_BYTES = 400 * 1024 * 1024  # declared, uncompressed
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")
FACE_RE = re.compile(r"^(?P<slug>.+?)(?:[-_.](?P<face>front|back))?$")
SKIPPED = re.compile(r"(^|/)(__MACOSX|\.[^/]*)(/|$)|(^|/)(thumbs\.db|desktop\.ini)$", re.I)


class ZipRejected(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class PlannedFile:
    name: str
    entry: Entry | None = None
    face: str = "front"
    replaces: bool = False
    problem: str = ""
    nearest: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.entry is not None and not self.problem


@dataclass
class ZipPlan:
    files: list[PlannedFile]

    @property
    def matched(self) -> list[PlannedFile]:
        return [f for f in self.files if f.ok]

    @property
    def unmatched(self) -> list[PlannedFile]:
        return [f for f in self.files if not f.ok]

    @property
    def valid(self) -> bool:
        return bool(self.matched) and not self.unmatched


def _declared_count(data: bytes) -> int:
    """The number of files the zip's end record declares (zip64 too), read without
    parsing its directory; ZipRejected when there is no end record."""
    tail = data[-(65536 + 22):]
    at = tail.rfind(b"PK\x05\x06")
    if at < 0:
        raise ZipRejected("This is not a zip file.")
    count = struct.unpack("<H", tail[at + 10:at + 12])[0]
    locator = tail.rfind(b"PK\x06\x07", 0, at)
    if count == 0xFFFF and locator >= 0:
        offset = struct.unpack("<Q", tail[locator + 8:locator + 16])[0]
        record = data[offset:offset + 56]
        if record[:4] == b"PK\x06\x06":
            count = struct.unpack("<Q", record[32:40])[0]
    return count


def _safe_path(name: str) -> bool:
    path = PurePosixPath(name.replace("\\", "/"))
    return not (path.is_absolute() or ".." in path.parts or re.match(r"^[A-Za-z]:", name)
                or "\x00" in name)


def open_zip(data: bytes) -> tuple[zipfile.ZipFile, list[zipfile.ZipInfo]]:
    """The zip and its image members, or ZipRejected for a zip refused whole."""
    if len(data) > MAX_ZIP_BYTES:
        raise ZipRejected(f"The zip is {len(data) / 1048576:.0f} MB; the limit is "
                          f"{MAX_ZIP_BYTES // 1048576} MB. Split it into several.")
    declared = _declared_count(data)
    if declared > MAX_FILES * 2:  # folders and skipped files count too
        raise ZipRejected(f"The zip holds {declared:,} entries; the limit is {MAX_FILES} images. "
                          "Split it into several.")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, struct.error) as exc:
        raise ZipRejected(f"This is not a readable zip file ({exc}).") from None
    infos = archive.infolist()
    unsafe = [i.filename for i in infos if not _safe_path(i.filename)]
    if unsafe:
        raise ZipRejected(f"Refused: {len(unsafe)} path(s) leave the zip's folder "
                          f"({', '.join(unsafe[:3])}). Nothing was read.")
    members = [i for i in infos if not i.is_dir() and not SKIPPED.search(i.filename)]
    if len(members) > MAX_FILES:
        raise ZipRejected(f"The zip holds {len(members)} files; the limit is {MAX_FILES}. "
                          "Split it into several.")
    if sum(i.file_size for i in members) > MAX_TOTAL_BYTES:
        raise ZipRejected(f"The zip's files add up to more than {MAX_TOTAL_BYTES // 1048576} MB.")
    return archive, members


def _target(name: str, game: str | None) -> tuple[str | None, str, str]:
    """(game or None, slug, face) from a member's path."""
    path = PurePosixPath(name)
    folder = path.parts[0].lower() if len(path.parts) > 1 else None
    match = FACE_RE.match(path.stem.lower().strip())
    slug = match["slug"].strip().replace(" ", "-").replace("_", "-")
    return (folder if folder in GAME_SLUGS else game), slug, match["face"] or "front"


def _decoded(archive: zipfile.ZipFile, name: str) -> DecodedImage:
    try:
        with archive.open(name) as member:
            return decode_upload(member.read(max_bytes() + 1))
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
        raise ImageRejected("unreadable", f"could not be read from the zip ({exc})") from None


def image_zip_plan(*, data: bytes, game: str | None = None) -> ZipPlan:
    """Which file goes to which entry and face; ZipRejected for a zip refused whole.
    Each matched file is decoded, one at a time (an unreadable one is a problem)."""
    return _plan(*open_zip(data), game)


def _plan(archive, members, game: str | None) -> ZipPlan:
    entries = Entry.objects.select_related("game").only("pk", "slug", "name", "game__slug")
    by_slug: dict[str, list[Entry]] = {}
    for entry in entries:
        by_slug.setdefault(entry.slug, []).append(entry)
    existing = set(EntryImage.objects.values_list("entry_id", "face"))
    planned, seen = [], {}
    for info in members:
        item = PlannedFile(name=info.filename)
        planned.append(item)
        if not info.filename.lower().endswith(IMAGE_SUFFIXES):
            item.problem = "not named as an image (.jpg, .jpeg, .png, .webp)"
            continue
        wanted_game, slug, item.face = _target(info.filename, game)
        found = [e for e in by_slug.get(slug, []) if wanted_game in (None, e.game.slug)]
        if not found:
            pool = [s for s, es in by_slug.items()
                    if any(wanted_game in (None, e.game.slug) for e in es)]
            item.nearest = [s for s, _, _ in process.extract(slug, pool, scorer=Indel.normalized_similarity, limit=3)]
            item.problem = f"no entry {slug!r}" + (f" in {wanted_game}" if wanted_game else "")
            continue
        if len(found) > 1:
            item.problem = (f"{slug!r} is in {', '.join(e.game.slug for e in found)}: put the file "
                            "in a folder named by the game, or choose the game")
            continue
        item.entry = found[0]
        item.replaces = (item.entry.pk, item.face) in existing
        target = (item.entry.pk, item.face)
        if target in seen:
            item.problem = f"a second file for {item.entry.game.slug}/{slug} {item.face} ({seen[target]})"
            continue
        seen[target] = info.filename
        if info.file_size > max_bytes():
            item.problem = f"larger than the {max_bytes() // 1048576} MB limit"
            continue
        try:
            _decoded(archive, info.filename)  # checked, then let go: one image in memory at a time
        except ImageRejected as rejected:
            item.problem = rejected.message
    return ZipPlan(planned)


def image_zip_apply(*, data: bytes, game: str | None = None, details: ImageDetails, user=None,
                    reason: str) -> ZipPlan:
    """Plan again (the catalog may have changed since the preview) and, when every file
    matches and reads, write them all in one transaction; else write nothing."""
    archive, members = open_zip(data)
    plan = _plan(archive, members, game)
    if not plan.valid:
        return plan
    with transaction.atomic():
        for item in plan.matched:
            entry_image_save(entry=item.entry, face=item.face, upload=None, details=details,
                             user=user, reason=reason, decoded=_decoded(archive, item.name))
    return plan
