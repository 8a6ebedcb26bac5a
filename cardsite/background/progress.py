"""Progress of a running task, for pages that poll it.

A task declared with ``@task(takes_context=True)`` gets a ``TaskContext`` first;
``report(context, done, total, message)`` records how far it is (one row per task
result, updated in place, committed at once when the task runs outside a
transaction). ``state(result)`` is what a page's JSON endpoint answers.
"""
from __future__ import annotations

from django_tasks import TaskResultStatus

from cardsite.background.models import TaskProgress


def _task_id(context_or_id) -> str:
    result = getattr(context_or_id, "task_result", None)
    return str(result.id if result is not None else context_or_id)


def report(context_or_id, done: int, total: int | None = None, message: str = "") -> None:
    """Record that the task (its TaskContext, or its result id) has done ``done`` of ``total``."""
    TaskProgress.objects.update_or_create(
        task_id=_task_id(context_or_id),
        defaults={"done": done, "total": total, "message": message[:200]})


def of(task_id) -> dict | None:
    """The last progress a task reported, or None."""
    row = TaskProgress.objects.filter(task_id=str(task_id)).first()
    if row is None:
        return None
    return {"done": row.done, "total": row.total, "message": row.message}


FINISHED = {TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED}


def state(result) -> dict:
    """A task result (``task.get_result(id)``, refreshed) as a page's poll reads it."""
    return {"id": str(result.id), "status": str(result.status).lower(),
            "finished": result.status in FINISHED, "progress": of(result.id)}
