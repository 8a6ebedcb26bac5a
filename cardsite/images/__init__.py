"""Images of catalog entries, one per entry and face.

- ``uploads``: what an uploaded file may be (decoded, never trusted by its name),
  with byte and pixel limits checked before any pixel is read.
- ``renditions``: the sizes made once at upload (small, normal, large in the
  cards' 63 x 88 proportions, and the original re-encoded), WebP and JPEG.
- ``storage``: content-hash names in Django's default storage, and their URLs.
- ``services``: ``entry_image_save`` (check, render, store, record) for the admin,
  a bulk zip and a player's submission alike.
- ``zips``: a zip of images named by slug, planned and then applied.
- ``serving``: the media view for the filesystem default.
"""
