"""An entry's images as pages and the API show them, from the rows alone (no storage call).

``entry.images.all()`` is read, so list views prefetch ``images`` once per page.
"""
from __future__ import annotations

from cardsite.images.models import FACES, RENDITIONS
from cardsite.images.storage import media_url

MISSING = "missing"


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
    rows = EntryImage.objects.filter(entry_id__in=list(by_id)).only(
        "entry_id", "face", "status", "renditions")
    for image in rows:
        by_id[image.entry_id]._image_faces[image.face] = image


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
