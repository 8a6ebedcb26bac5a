"""What a running task tells the pages about itself: how far it is."""
from __future__ import annotations

from django.db import models


class TaskProgress(models.Model):
    """One task result's progress, written by the task (cardsite.background.progress).

    The Tasks API keeps a task's status and return value, not how far it is; a page
    that polls a long task (an import, a batch of photos) reads this row.
    """

    task_id = models.CharField(max_length=64, unique=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(null=True, blank=True, help_text="Blank: not known yet.")
    message = models.CharField(max_length=200, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "task progress"

    def __str__(self):
        return f"{self.task_id}: {self.done}/{self.total or '?'}"
