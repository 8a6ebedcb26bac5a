"""A confirmed import, applied in the background (Django's Tasks API, cardsite.background).

A 20k-row sheet at 80k entries takes longer than a request may hold a worker, so the
confirmation only enqueues ``apply_import``; the editor's page polls
``import_state``. The write is still one transaction (catalog_file_apply): a file
that fails, or meets a conflict, leaves nothing written, and the PendingImport says
which (``status``, ``outcome``).

How far it is goes to cardsite.background's TaskProgress row through a connection of
its own: the import's transaction would keep its own progress unseen until the end.
On SQLite the import holds the one write lock, so that row moves only between the
steps outside it; PostgreSQL shows the rows as they are written.
"""
from __future__ import annotations

import logging

from django.db import DatabaseError, connections
from django_tasks import task

from cardsite.background import progress
from cardsite.background.models import TaskProgress
from cardsite.catalog_files.catalog_format import CatalogFormatError
from cardsite.editorial.catalog_changes import StalePlan, catalog_file_apply
from cardsite.editorial.catalog_sheets import SheetRow
from cardsite.editorial.models import PendingImport

log = logging.getLogger(__name__)
Status = PendingImport.Status


class _ProgressWriter:
    """Writes a task's progress outside the caller's transaction, never waiting for a lock."""

    def __init__(self, task_id: str):
        self.task_id, self.last = task_id, (0, None, "")
        self.connection = connections.create_connection("default")
        self.table = TaskProgress._meta.db_table
        try:
            self.connection.ensure_connection()
            if self.connection.vendor == "sqlite":
                self.connection.connection.execute("PRAGMA busy_timeout = 0")
        except DatabaseError:  # e.g. the tests' in-memory SQLite: only the end is recorded
            self.connection = None

    def __call__(self, done: int, total: int | None, message: str) -> None:
        self.last = (done, total, message)
        if self.connection is None:
            return
        # Django's own upsert would run on the default connection, inside the import.
        quote = self.connection.ops.quote_name
        now = self.connection.ops.adapt_datetimefield_value(_now())
        try:
            with self.connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {quote(self.table)} SET done = %s, total = %s, message = %s, "
                    f"updated = %s WHERE task_id = %s",
                    [done, total, message[:200], now, self.task_id])
                if cursor.rowcount == 0:
                    cursor.execute(
                        f"INSERT INTO {quote(self.table)} (task_id, done, total, message, updated) "
                        "VALUES (%s, %s, %s, %s, %s)",
                        [self.task_id, done, total, message[:200], now])
        except DatabaseError:
            pass  # SQLite: the import itself holds the write lock; the next step will say

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


def _now():
    from django.utils import timezone

    return timezone.now()


@task(takes_context=True)
def apply_import(context, pending_id: int, digest: str | None = None) -> dict:
    """Apply a previewed import; its PendingImport ends applied, stale or failed."""
    pending = PendingImport.objects.filter(pk=pending_id).select_related("user").first()
    if pending is None:
        return {"status": "gone"}
    PendingImport.objects.filter(pk=pending_id).update(status=Status.RUNNING)
    writer = _ProgressWriter(str(context.task_result.id))
    try:
        plan, report = catalog_file_apply(
            content=bytes(pending.content), filename=pending.filename, user=pending.user,
            game=pending.game or None, prune=pending.prune, digest=digest,
            preview=pending.preview, progress=writer,
            rows=None if pending.rows is None else [SheetRow(n, c) for n, c in pending.rows])
    except StalePlan as stale:
        _finish(pending_id, Status.STALE, {"message": str(stale)},
                preview=stale.plan.fingerprints())
        return {"status": Status.STALE}
    except CatalogFormatError as exc:
        _finish(pending_id, Status.FAILED, {"message": f"The file no longer validates: {exc}"})
        return {"status": Status.FAILED}
    except Exception:
        log.exception("import %s failed", pending_id)
        _finish(pending_id, Status.FAILED, {
            "message": "The import failed on the server: nothing was written (it is one "
                       "transaction). The error is in the server's log."})
        raise
    finally:
        writer.close()
    done, total, _ = writer.last
    progress.report(context, total or done, total, "applied")  # committed, on any database
    _finish(pending_id, Status.APPLIED, {"summary": report.summary(), "games": plan.games,
                                         "changes": len(plan.changes)})
    return {"status": Status.APPLIED}


def _finish(pending_id: int, status: str, outcome: dict, **fields) -> None:
    PendingImport.objects.filter(pk=pending_id).update(status=status, outcome=outcome, **fields)


def import_state(pending: PendingImport) -> dict:
    """What the progress page and its JSON poll show."""
    shown = progress.of(pending.task_id) if pending.task_id else None
    return {"id": pending.pk, "status": pending.status,
            "status_label": pending.get_status_display(),
            "finished": pending.status in (Status.APPLIED, Status.STALE, Status.FAILED),
            "progress": shown, "outcome": pending.outcome or {}}
