"""The photo's machine reading, off the request (cardsite.background: the worker runs it)."""
from __future__ import annotations

from django_tasks import task

from cardsite.background import progress
from cardsite.images.models import EntryImage
from cardsite.images.storage import stored_bytes
from cardsite.submissions import machine, photos
from cardsite.submissions.models import Submission

R = Submission.Reading


def _read(rows, photo, *, game, component) -> dict | str:
    """Read ``photo()`` (bytes) for ``rows`` (one row's queryset), recording a failure there:
    the reading, or the status it ended in."""
    rows.update(reading_status=R.RUNNING)
    try:
        return machine.read_and_draft(photo(), game=game.slug,
                                      component=component.slug if component else None)
    except machine.Unavailable as exc:
        rows.update(reading_status=R.UNAVAILABLE, reading_note=str(exc)[:300])
        return R.UNAVAILABLE
    except (machine.Failed, OSError) as exc:
        rows.update(reading_status=R.FAILED, reading_note=str(exc)[:300])
        return R.FAILED


@task(takes_context=True)
def read_submission(context, submission_id: int) -> str:
    """Read the front photo into ``reading``; an editor's batch gets its empty fields filled
    from it (a player's are the player's: the form offers the draft, the player decides)."""
    rows = Submission.objects.filter(pk=submission_id)
    submission = rows.select_related("game", "component").first()
    if submission is None or not submission.front_key:
        return "gone"
    progress.report(context, 0, 1, "reading the photo")
    reading = _read(rows, lambda: photos.read(submission.front_key), game=submission.game,
                    component=submission.component)
    if isinstance(reading, str):
        return reading
    rows.update(reading_status=R.DONE, reading=reading, reading_note="")
    if submission.batch_id:
        fill = {name: value for name, (value, _) in machine.reading_fields(reading).items()
                if getattr(submission, name) in (None, "")}
        if fill:
            rows.update(**fill)
    progress.report(context, 1, 1, "read")
    return R.DONE


@task()
def read_entry_image(image_id: int) -> str:
    """Read an entry's front image uploaded in the admin; the entry's form offers the reading
    for the fields still unknown (an editor checks it there: nothing is written to the entry)."""
    rows = EntryImage.objects.filter(pk=image_id, face=EntryImage.Face.FRONT)
    image = rows.select_related("entry__game", "entry__component").first()
    if image is None or not image.key("original"):
        return "gone"
    entry = image.entry
    reading = _read(rows, lambda: stored_bytes(image.key("original")), game=entry.game,
                    component=entry.component)
    if isinstance(reading, str):
        return reading
    # The image may have been replaced meanwhile: its reading belongs to the photo read.
    rows.filter(digest=image.digest).update(reading_status=R.DONE, reading=reading,
                                            reading_note="")
    return R.DONE
