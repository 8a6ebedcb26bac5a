"""Near duplicates of a card being sent: entries and other submissions with close names
(the site's fuzzy name matching, cardsite.browse.selectors.card_named), and submissions whose
photo has the same perceptual hash."""
from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz, utils

from cardsite.browse.selectors import card_named
from cardsite.submissions import photos
from cardsite.submissions.models import Submission

# rapidfuzz's ratio (0-100) at or above which two submitted names are close.
CLOSE_NAME = 80
SHOWN = 6


@dataclass
class NearDuplicates:
    entries: list = field(default_factory=list)  # Entry
    submissions: list = field(default_factory=list)  # (Submission, why)

    def __bool__(self):
        return bool(self.entries or self.submissions)


def near_duplicates(*, game: str, name: str = "", photo_hash: str = "",
                    exclude: int | None = None) -> NearDuplicates:
    found = NearDuplicates()
    name = " ".join((name or "").split())
    if name:
        entry, others = card_named(fuzzy=name, game=game)
        found.entries = ([entry] if entry else []) + list(others)
        found.entries = found.entries[:SHOWN]
    others = Submission.objects.filter(game__slug=game).exclude(status=Submission.Status.DRAFT)
    if exclude:
        others = others.exclude(pk=exclude)
    seen: dict[int, list[str]] = {}
    if photo_hash:
        for pk, other_hash in others.exclude(photo_hash="").values_list("pk", "photo_hash"):
            if photos.distance(photo_hash, other_hash) <= photos.SAME_PHOTO_BITS:
                seen.setdefault(pk, []).append("the same photo")
    if name:
        wanted = utils.default_process(name)
        open_names = others.filter(status=Submission.Status.PENDING).exclude(name="")
        for pk, other_name in open_names.values_list("pk", "name"):
            if fuzz.ratio(wanted, utils.default_process(other_name)) >= CLOSE_NAME:
                seen.setdefault(pk, []).append("a close name")
    by_pk = Submission.objects.select_related("entry", "entry__game").in_bulk(list(seen))
    found.submissions = [(by_pk[pk], " and ".join(why)) for pk, why in sorted(seen.items())
                         if pk in by_pk][:SHOWN]
    return found


def public_view(found: NearDuplicates) -> dict:
    """What the sender's page may show: entries in full; of other submissions only the
    name and where they stand (nothing of a pending one is public beyond that)."""
    return {
        "entries": [{"name": e.name, "url": e.get_absolute_url(), "type": e.type or ""}
                    for e in found.entries],
        "submissions": [{
            "name": s.name or "(no name given)", "why": why, "status": s.get_status_display(),
            "url": s.entry.get_absolute_url() if s.entry_id and s.status in (
                Submission.Status.APPROVED, Submission.Status.MERGED) else "",
        } for s, why in found.submissions],
    }
