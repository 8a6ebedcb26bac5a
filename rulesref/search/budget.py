"""A time budget for one search: past it the database stops the statement and
the caller gets ``SearchTimeout`` (a 503 on the pages and the API), so a costly
query never holds a worker until gunicorn kills it.

PostgreSQL: ``statement_timeout`` set with ``SET LOCAL`` semantics
(``set_config(..., true)``) inside a transaction, so it covers only the
search's statements, and lowered to what is left of the budget as they run. SQLite: a progress handler on the connection that
interrupts the running statement once the budget is spent, removed when
the search ends. No transaction on SQLite: connections begin IMMEDIATE ones,
which would take the write lock for a read.

The budget is the search's own time (``_Clock``): this thread's CPU time (SQLite runs
its statements in it) and, on PostgreSQL, the time its statements took, so a sentence
waiting behind the other threads of a busy worker is not stopped as a hostile query
would be; a wall-clock backstop of WALL_FACTOR budgets bounds the thread's time.

Budgets nest: an inner one inside an outer one just runs in the outer one.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from functools import wraps

from django.conf import settings
from django.db import DatabaseError, connection, transaction

DEFAULT_BUDGET_MS = 500
PROGRESS_STEPS = 1000  # SQLite VM steps between two looks at the clock (~0.1 ms)
QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE for a statement stopped by its timeout


class SearchTimeout(Exception):
    """The search ran past its time budget and was stopped."""

    def __init__(self, budget_ms: int):
        super().__init__(f"This search took longer than the {budget_ms} ms it is allowed and "
                         "was stopped. Try fewer or more specific terms.")
        self.budget_ms = budget_ms
        self.message = self.args[0]


# A search may take this many budgets of wall time on a busy worker (threads share one
# interpreter) before it is stopped, whatever its own time.
WALL_FACTOR = 4


class _Clock:
    """The time a search has spent, in ms: this thread's CPU time plus what ``waited``
    adds (its PostgreSQL statements' time, spent in the server), or its wall time over
    WALL_FACTOR if that is more; time ``outside`` the budget is given back."""

    def __init__(self):
        self.cpu, self.wall, self.waited = time.thread_time(), time.monotonic(), 0.0

    def spent_ms(self) -> float:
        own = time.thread_time() - self.cpu + self.waited
        return 1000 * max(own, (time.monotonic() - self.wall) / WALL_FACTOR)

    @contextmanager
    def outside(self):
        cpu, wall = time.thread_time(), time.monotonic()
        try:
            yield
        finally:
            self.cpu += time.thread_time() - cpu
            self.wall += time.monotonic() - wall


def budget_ms() -> int:
    return int(getattr(settings, "SEARCH_TIME_BUDGET_MS", DEFAULT_BUDGET_MS))


def _stopped(error: BaseException) -> bool:
    cause = error.__cause__ or error
    if connection.vendor == "postgresql":
        return getattr(cause, "sqlstate", None) == QUERY_CANCELED
    return "interrupted" in str(cause)


@contextmanager
def time_budget(ms: int | None = None):
    """Run the block's database work within ``ms`` milliseconds (default: the setting)."""
    if getattr(connection, "_search_budget", False):
        yield
        return
    ms = budget_ms() if ms is None else ms
    connection._search_budget = True
    try:
        if connection.vendor == "postgresql":
            with _postgresql_budget(ms):
                yield
        else:
            with _sqlite_budget(ms):
                yield
    except (DatabaseError, connection.Database.DatabaseError) as error:
        # The driver's own error too: DEBUG's query log runs SQL outside Django's wrapper.
        if _stopped(error):
            raise SearchTimeout(ms) from error
        raise
    finally:
        connection._search_budget = False


# Planner settings for search statements: dozens of IN-subqueries (one per type or
# keyword term) made PostgreSQL search join orders for seconds (40 terms: 4 s of
# planning); a collapse limit of 4 keeps planning in milliseconds.
PLANNER = {"from_collapse_limit": "4", "join_collapse_limit": "4"}
RESET_MARGIN_MS = 50  # re-arm the timeout once this much of the budget is spent


@contextmanager
def _postgresql_budget(ms: int):
    """statement_timeout is per statement: before each one the remaining budget is
    checked and, once some of it is spent, the timeout is set to what is left.

    Inside a transaction (a test's, a caller's atomic block) the settings are SET
    LOCAL in a savepoint and put back after. Otherwise (a request's search, in
    autocommit) they are set for the session without a transaction, and put back
    when the request has been answered (``request_finished``: after the response is
    sent) or, outside a request, when the search ends: BEGIN and COMMIT were two of
    the three round trips the budget cost every search, each ~0.1-1 ms on a busy
    machine, and putting the settings back need not delay the answer."""
    names = ["statement_timeout", *PLANNER]
    local = connection.in_atomic_block or not connection.get_autocommit()
    clock = _Clock()
    armed = [ms]

    def remaining_budget(execute, sql, params, many, context):
        if getattr(connection, "_search_budget_paused", False):
            return execute(sql, params, many, context)
        left = int(ms - clock.spent_ms())
        if left <= 0:
            raise SearchTimeout(ms)
        if left < armed[0] - RESET_MARGIN_MS:
            _set_local(context["cursor"].cursor, {"statement_timeout": f"{left}ms"}, local=local)
            armed[0] = left
        started = time.monotonic()
        try:
            return execute(sql, params, many, context)
        finally:  # the server's work (and the wait for its answer) is the search's time
            clock.waited += time.monotonic() - started

    def pause():
        with connection.cursor() as cursor:
            _set_local(cursor, {"statement_timeout": "0"}, local=local)
        armed[0] = 0  # re-armed by the next statement after the pause
        try:
            yield
        finally:
            armed[0] = ms + RESET_MARGIN_MS + 1

    settings = {"statement_timeout": f"{max(ms, 1)}ms", **PLANNER}
    if not local:
        _arm_session(names, settings)
        try:
            with connection.execute_wrapper(remaining_budget), _pausable(clock, pause):
                yield
        finally:
            # A timeout lowered as the budget ran out is put back at once: what the
            # request does after its search (the response cache's write) must not
            # stop at it.
            if armed[0] != ms or not getattr(connection, "_search_in_request", False):
                restore_session_settings(keep_request=True)
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            # One statement: the settings as they were, then the search's own.
            previous = _set_local(cursor, settings, read=names)
        with connection.execute_wrapper(remaining_budget), _pausable(clock, pause):
            yield
        with connection.cursor() as cursor:  # else the caller's transaction keeps them
            _set_local(cursor, dict(zip(names, previous, strict=True)))


def _arm_session(names: list[str], settings: dict) -> None:
    """The search's settings for the session, in one statement; the ones they replace
    are kept on the connection for ``restore_session_settings`` (the first search's,
    when a request runs several)."""
    with connection.cursor() as cursor:
        previous = _set_local(cursor, settings, read=names, local=False)
    kept = getattr(connection, "_search_settings", None)
    if kept is None or kept[0] is not connection.connection:
        connection._search_settings = (connection.connection, dict(zip(names, previous, strict=True)))


def restore_session_settings(keep_request: bool = False, **kwargs) -> None:
    """Put back the settings a search set for the session on this thread's
    connection, if it still has them (a connection closed or replaced since has not)."""
    kept = getattr(connection, "_search_settings", None)
    if not keep_request:  # request_finished: the request is over
        connection._search_in_request = False
    if kept is None:
        return
    connection._search_settings = None
    raw, previous = kept
    if connection.connection is not raw or raw.closed:
        return
    try:
        if raw.autocommit:
            # On the driver's connection: Django's cursor would first run its health
            # check (a round trip) once the request is over.
            raw.execute("SELECT " + ", ".join(["set_config(%s, %s, false)"] * len(previous)),
                        [x for pair in previous.items() for x in pair])
        else:
            with connection.cursor() as cursor:
                _set_local(cursor, previous, local=False)
    except (DatabaseError, connection.Database.Error):
        connection.close()  # a broken connection: closed, so no one gets the settings


def search_request_started(**kwargs) -> None:
    """A request began on this thread: settings a search sets for the session are
    put back when it has been answered (``restore_session_settings``)."""
    if connection.vendor == "postgresql":
        if getattr(connection, "_search_settings", None) is not None:
            restore_session_settings()  # never left over from another request
        connection._search_in_request = True


def _set_local(cursor, values: dict, read=(), *, local: bool = True) -> tuple:
    """SET (LOCAL, unless ``local`` is False) each setting in one statement
    (set_config takes parameters); the values of the ``read`` settings from before,
    read in the same statement."""
    flag = "true" if local else "false"
    cursor.execute("SELECT " + ", ".join(["current_setting(%s)"] * len(read)
                                         + [f"set_config(%s, %s, {flag})"] * len(values)),
                   [*read, *(x for pair in values.items() for x in pair)])
    return cursor.fetchone()[:len(read)]


@contextmanager
def _sqlite_budget(ms: int):
    connection.ensure_connection()
    if connection.allow_thread_sharing:
        # One connection used by several threads (the test live server's shared
        # in-memory database): the handler is Python, which SQLite calls holding
        # the connection's mutex and which then needs the GIL, while another
        # thread may hold the GIL waiting for that mutex: the process deadlocks.
        yield
        return
    raw = connection.connection
    clock = _Clock()

    def past_deadline():
        return 1 if clock.spent_ms() > ms else 0

    def pause():
        raw.set_progress_handler(None, 0)
        try:
            yield
        finally:
            raw.set_progress_handler(past_deadline, PROGRESS_STEPS)

    raw.set_progress_handler(past_deadline, PROGRESS_STEPS)
    try:
        with _pausable(clock, pause):
            yield
    finally:
        raw.set_progress_handler(None, 0)


@contextmanager
def _pausable(clock: _Clock, pause):
    connection._search_budget_pause = (clock, contextmanager(pause))
    try:
        yield
    finally:
        connection._search_budget_pause = None


@contextmanager
def outside_budget():
    """Run the block unbudgeted, and give the search the time it took back: for
    work done once per process that no single search should pay for (the index's
    vocabulary, built once per index version)."""
    pausing = getattr(connection, "_search_budget_pause", None)
    if pausing is None or getattr(connection, "_search_budget_paused", False):
        yield
        return
    clock, pause = pausing
    connection._search_budget_paused = True
    try:
        with clock.outside(), pause():
            yield
    finally:
        connection._search_budget_paused = False


def within_budget(view):
    """Decorate a view (or a DRF handler method) to run inside ``time_budget``."""
    @wraps(view)
    def budgeted(*args, **kwargs):
        with time_budget():
            return view(*args, **kwargs)
    return budgeted
