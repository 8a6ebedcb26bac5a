"""The photo's machine reading, off the request (cardsite.background: the worker runs it)."""
from __future__ import annotations

from django_tasks import task

from cardsite.background import progress
from cardsite.models import Entry
from cardsite.submissions import machine, photos
from cardsite.submissions.models import Submission

R = Submission.Reading


@task(takes_context=True)
def read_submission(context, submission_id: int) -> str:
    """Read the front photo into ``reading``; an editor's batch gets its empty fields filled
    from it (a player's are the player's: the form offers the draft, the player decides)."""
    rows = Submission.objects.filter(pk=submission_id)
    submission = rows.select_related("game", "component").first()
    if submission is None or not submission.front_key:
        return "gone"
    rows.update(reading_status=R.RUNNING)
    progress.report(context, 0, 1, "reading the photo")
    known = list(Entry.objects.filter(game=submission.game).values_list("name", flat=True))
    try:
        reading = machine.read_photo(
            photos.read(submission.front_key), game=submission.game.slug,
            component=submission.component.slug if submission.component else None,
            known_names=known)
    except machine.Unavailable as exc:
        rows.update(reading_status=R.UNAVAILABLE, reading_note=str(exc)[:300])
        return R.UNAVAILABLE
    except (machine.Failed, OSError) as exc:
        rows.update(reading_status=R.FAILED, reading_note=str(exc)[:300])
        return R.FAILED
    text = (reading.get("text") or {}).get("value")
    type_slug = (reading.get("type") or {}).get("value")
    reading["abilities"] = machine.draft(text, game=submission.game.slug, type_slug=type_slug,
                                         name=(reading.get("name") or {}).get("value"))
    rows.update(reading_status=R.DONE, reading=reading, reading_note="")
    if submission.batch_id:
        fill = {name: value for name, (value, _) in machine.reading_fields(reading).items()
                if getattr(submission, name) in (None, "")}
        if fill:
            rows.update(**fill)
    progress.report(context, 1, 1, "read")
    return R.DONE
