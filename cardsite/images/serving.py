"""Rendition files from the filesystem default storage, served as a CDN would.

Only names this app makes are served (``images/ab/<20 hex>-<rendition>.<webp|jpg>``),
so nothing else under the media directory is reachable. The content type comes
from the extension (the app wrote the file; the upload's name never counts), the
name carries the content's hash, so the response may be cached forever
(``immutable``) and the hash is its ETag. With an S3 bucket, MEDIA_URL points at
the bucket and this view is not used.
"""
from __future__ import annotations

import re

from django.http import FileResponse, Http404, HttpResponseNotModified
from django.views.decorators.http import require_safe

from cardsite.images.renditions import CONTENT_TYPES
from cardsite.images.storage import image_storage

KEY = re.compile(r"images/([0-9a-f]{2})/([0-9a-f]{20})-(small|normal|large|original)\.(webp|jpg)")
FOREVER = "public, max-age=31536000, immutable"


def _headers(response, etag: str):
    response["ETag"] = etag
    response["Cache-Control"] = FOREVER
    response["X-Content-Type-Options"] = "nosniff"
    response["Cross-Origin-Resource-Policy"] = "cross-origin"  # API clients embed them
    return response


@require_safe
def media_file(request, key: str):
    match = KEY.fullmatch(key)
    if match is None:
        raise Http404("No such image.")
    etag = f'"{match[1]}{match[2]}"'
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        return _headers(HttpResponseNotModified(), etag)
    try:
        handle = image_storage().open(key, "rb")
    except FileNotFoundError:
        raise Http404("No such image.") from None
    response = FileResponse(handle, content_type=CONTENT_TYPES[match[4]])
    return _headers(response, etag)
