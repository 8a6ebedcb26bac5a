"""Say why a change was made: every history record written inside ``recorded_as``
carries that reason (and user), whatever service did the saving.

django-simple-history takes a reason from ``obj._change_reason`` per object;
services that save many objects (the importer) do not know about it, so the
reason is attached where the history record is created instead.
"""
from __future__ import annotations

import contextvars
from contextlib import contextmanager

from simple_history.signals import pre_create_historical_record

_current: contextvars.ContextVar[tuple[str, object] | None] = contextvars.ContextVar(
    "history_reason", default=None)

REASON_MAX = 100  # simple_history's history_change_reason column


def _stamp(sender, instance, history_instance, **kwargs):
    current = _current.get()
    if current is None:
        return
    reason, user = current
    if not history_instance.history_change_reason:  # an object's own reason wins
        history_instance.history_change_reason = reason[:REASON_MAX]
    if user is not None and getattr(user, "pk", None):
        history_instance.history_user = user


pre_create_historical_record.connect(_stamp, dispatch_uid="cardsite-history-reason")


@contextmanager
def recorded_as(reason: str, user=None):
    token = _current.set((reason, user))
    try:
        yield
    finally:
        _current.reset(token)
