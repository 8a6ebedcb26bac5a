"""Players' submissions of missing cards (issue 28): a photo, machine-read as a first draft
(cardsite.ocr, in a background task), the abilities drafted from the text (the engine's
drafter), checked against close names and the same photo sent before, then reviewed:
approved into an entry through the importer, merged into an entry, or rejected. Nothing
of a submission is public until it is approved.

Modules: ``models``; ``photos`` (private storage of the photo, its perceptual hash);
``matching`` (near duplicates); ``machine`` (OCR and ability drafts, each optional);
``tasks``; ``services`` (start, send, approve, merge, reject, batches); ``views`` (the
public form), ``review_views`` (the reviewers' queue and the editors' zip).
"""
