"""Write a sheet's planned entry changes in bulk, in one transaction, with history.

A sheet changes only one game's entries (and their roll bands), so instead of
the importer's one-object-at-a-time upserts (right for a whole catalog file,
minutes for thousands of rows) the plan's changes are written with
simple_history's bulk helpers: a few statements per 500 rows, every history
record carrying the import's reason and user. Links and the search index are
rebuilt once at the end, as catalog_import does.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from cardsite.catalog.history import recorded_as
from cardsite.catalog_files.catalog_import import ImportReport
from cardsite.models import Entry, Game, RollBand
from cardsite.web.response_cache import bump_catalog_version
from rulesref import linking
from rulesref.search.index import rebuild_search_index

BATCH = 500
MODEL_FIELDS = (
    "name", "kind", "type", "glyph", "symbol", "initiative", "cost", "vp", "body", "mind",
    "strength", "copies", "keywords", "text", "flavor", "aliases", "source", "notes",
)


def entries_write(plan, *, user, reason: str, progress=None) -> ImportReport:
    """Apply ``plan`` (a valid sheet plan of one game) and report what was written;
    ``progress(done, total, message)`` is told the rows done, a batch at a time."""
    progress = progress or (lambda done, total, message: None)
    report = ImportReport()
    game = Game.objects.get(slug=plan.games[0])
    changes = {c.key: c for c in plan.changes if c.what == "Entry"}
    entries = plan.document["games"][0]["entries"]
    now = timezone.now()
    with transaction.atomic():
        components = {c.slug: c for c in game.components.all()}
        existing = {e.slug: e for e in game.entries.filter(slug__in=list(changes))}
        created, updated, fields, bands = [], [], {"updated"}, []
        for position, data in enumerate(entries):
            change = changes.get(data["slug"])
            if change is None or change.action == "removed":
                continue
            values = {k: data[k] for k in MODEL_FIELDS}
            values["component"] = components.get(data["component"]) if data["component"] else None
            changed_names = {name for name, _old, _new in change.fields}
            if change.action == "added":
                entry = Entry(game=game, slug=data["slug"], position=position, updated=now, **values)
                created.append(entry)
            else:
                entry = existing[data["slug"]]
                for name in changed_names & (set(MODEL_FIELDS) | {"component"}):
                    setattr(entry, name, values[name])
                    fields.add(name)
                entry.updated = now
                updated.append(entry)
            if "bands" in changed_names:
                bands.append((entry, data["bands"]))
        removed = [c.key for c in plan.changes if c.what == "Entry" and c.action == "removed"]
        with recorded_as(reason, user):
            if removed:
                # one by one through the ORM's delete, so each gets its history record
                game.entries.filter(slug__in=removed).delete()
            # A batch at a time, so that the progress moves (the helpers batch the same way).
            written, count = 0, len(created) + len(updated)
            progress(0, count, f"writing {count} entries")
            for start in range(0, len(created), BATCH):
                bulk_create_with_history(created[start:start + BATCH], Entry, batch_size=BATCH,
                                         default_user=user, default_change_reason=reason)
                written += len(created[start:start + BATCH])
                progress(written, count, f"{written} of {count} entries written")
            for start in range(0, len(updated), BATCH):
                bulk_update_with_history(updated[start:start + BATCH], Entry,
                                         fields=sorted(fields), batch_size=BATCH,
                                         default_user=user, default_change_reason=reason)
                written += len(updated[start:start + BATCH])
                progress(written, count, f"{written} of {count} entries written")
            if bands:
                saved = {e.slug: e.pk for e in game.entries.filter(
                    slug__in=[entry.slug for entry, _ in bands]).only("pk", "slug")}
                RollBand.objects.filter(entry_id__in=saved.values()).delete()
                bulk_create_with_history([
                    RollBand(entry_id=saved[entry.slug], position=i, **band)
                    for entry, items in bands for i, band in enumerate(items)
                ], RollBand, batch_size=BATCH, default_user=user, default_change_reason=reason)
        progress(len(created) + len(updated), len(created) + len(updated),
                 "linking the rules and rebuilding the search index")
        linking.relink()  # rules of other games may name these cards too
        rebuild_search_index()
        transaction.on_commit(bump_catalog_version)  # bulk writes send no save signals
    report.created["Entries"] = len(created)
    report.updated["Entries"] = len(updated)
    report.deleted["Entries"] = len(removed)
    if bands:
        report.updated["Roll Bands"] = len(bands)
    return report
