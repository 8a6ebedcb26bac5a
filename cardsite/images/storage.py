"""Rendition files in Django's default storage, and the URLs browsers fetch them at.

A URL is MEDIA_URL + key: a string joined from a stored field, never a storage
call (a page of 60 images asks nothing of S3 or the disk).
"""
from __future__ import annotations

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages

from cardsite.images.renditions import Encoded


def image_storage():
    return storages["default"]


def store(files: list[Encoded]) -> dict:
    """Write each file under its content-hash key; returns the ``renditions`` field's value."""
    storage = image_storage()
    renditions: dict = {}
    for encoded in files:
        key = encoded.key
        saved = storage.save(key, ContentFile(encoded.data))
        if saved != key:  # the storage renamed it: the key would not name these bytes
            raise RuntimeError(f"The storage saved {key} as {saved}; allow overwriting.")
        entry = renditions.setdefault(encoded.rendition,
                                      {"width": encoded.width, "height": encoded.height})
        entry[encoded.fmt] = key
    return renditions


def stored_bytes(key: str) -> bytes:
    with image_storage().open(key, "rb") as file:
        return file.read()


def media_url(key: str | None, request=None) -> str | None:
    """The absolute URL (with ``request``, or when MEDIA_URL is absolute) of a stored key."""
    if not key:
        return None
    url = settings.MEDIA_URL + key
    if request is not None and url.startswith("/"):
        return request.build_absolute_uri(url)
    return url
