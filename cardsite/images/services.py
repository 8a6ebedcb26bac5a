"""Writing an entry's image: check, render, store, record. One path for every caller
(the admin's entry page, a bulk zip, a player's submission once reviewed)."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from cardsite.catalog.history import recorded_as
from cardsite.images.models import EntryImage
from cardsite.images.renditions import make_renditions
from cardsite.images.storage import store
from cardsite.images.uploads import DecodedImage, decode_file, decode_upload


@dataclass(frozen=True)
class ImageDetails:
    status: str = EntryImage.Status.PHOTO
    source: str = EntryImage.Source.PHOTO
    credit: str = ""


def image_check(upload) -> DecodedImage:
    """Decode an upload (a file or bytes) or raise ImageRejected; writes nothing."""
    return decode_upload(upload) if isinstance(upload, bytes) else decode_file(upload)


def entry_image_save(*, entry, face: str, upload, details: ImageDetails = ImageDetails(),
                     user=None, reason: str = "", decoded: DecodedImage | None = None
                     ) -> EntryImage:
    """Set ``entry``'s image of ``face`` from ``upload`` (replacing keeps the old one in the
    image's history). Raises ImageRejected, with nothing stored, for a file that is not
    an image we take."""
    if face not in EntryImage.Face.values:
        raise ValueError(f"face must be one of {', '.join(EntryImage.Face.values)}")
    decoded = decoded or image_check(upload)
    files = make_renditions(decoded.image)
    renditions = store(files)  # content-addressed: a failed transaction leaves harmless files
    original = next(f for f in files if f.rendition == "original" and f.fmt == "jpeg")
    values = {
        "status": details.status, "source": details.source, "credit": details.credit[:200],
        "uploaded_by": user if getattr(user, "pk", None) else None,
        "uploaded_at": timezone.now(), "digest": original.digest,
        "width": decoded.width, "height": decoded.height, "renditions": renditions,
    }
    with transaction.atomic(), recorded_as(reason or f"Image ({face}) uploaded", user):
        image = EntryImage.objects.select_for_update().filter(entry=entry, face=face).first()
        if image is None:
            image = EntryImage(entry=entry, face=face)
        for name, value in values.items():
            setattr(image, name, value)
        image.save()
    return image
