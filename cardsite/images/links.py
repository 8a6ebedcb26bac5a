"""An entry's images as pages and the API show them, from the rows alone (no storage call).

``entry.images.all()`` is read, so list views prefetch ``images`` once per page.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django.db import connection

from cardsite.images.models import FACES, RENDITIONS
from cardsite.images.storage import media_url

MISSING = "missing"


@dataclass(frozen=True, slots=True)
class FaceImage:
    """What a list page shows of an EntryImage."""

    face: str
    status: str
    renditions: dict

    def key(self, rendition: str, fmt: str = "jpeg") -> str | None:
        return (self.renditions.get(rendition) or {}).get(fmt)


def faces(entry) -> dict:
    """{face: EntryImage} of the faces that have one (as ``attach_faces`` left them, else
    from ``entry.images``)."""
    attached = getattr(entry, "_image_faces", None)
    if attached is not None:
        return attached
    return {image.face: image for image in entry.images.all()}


def attach_faces(entries) -> None:
    """The entries' images in one query, kept on each entry for ``faces``: a list page's
    way (Django's prefetch built a manager and a queryset per entry: a third of a grid
    page of 60)."""
    from cardsite.images.models import EntryImage

    by_id = {entry.pk: entry for entry in entries}
    for entry in by_id.values():
        entry._image_faces = {}
    if not by_id:
        return
    # One plain statement: the ORM's building and compiling of it cost more than running it.
    quote = connection.ops.quote_name
    sql = (f"SELECT {quote('entry_id')}, {quote('face')}, {quote('status')}, "
           f"{quote('renditions')} FROM {quote(EntryImage._meta.db_table)} "
           f"WHERE {quote('entry_id')} IN ({', '.join(['%s'] * len(by_id))})")
    with connection.cursor() as cursor:
        cursor.execute(sql, list(by_id))
        rows = cursor.fetchall()
    for entry_id, face, status, renditions in rows:
        if isinstance(renditions, str):  # SQLite's JSON is text; psycopg decodes jsonb itself
            renditions = json.loads(renditions)
        by_id[entry_id]._image_faces[face] = FaceImage(face, status, renditions)


def image_status(entry, by_face: dict | None = None) -> str:
    """The front's status (else the back's): ``missing``, ``photo`` or ``scan``."""
    by_face = faces(entry) if by_face is None else by_face
    image = by_face.get("front") or by_face.get("back")
    return image.status if image else MISSING


def image_uris(entry, request=None, by_face: dict | None = None, fmt: str = "jpeg") -> dict:
    """{"front": {small, normal, large, original} or None, "back": ...}: absolute URLs
    (JPEG, which every client decodes) when ``request`` is given or MEDIA_URL is absolute."""
    by_face = faces(entry) if by_face is None else by_face
    return {face: {name: media_url(image.key(name, fmt), request) for name in RENDITIONS}
            if (image := by_face.get(face)) else None for face in FACES}
