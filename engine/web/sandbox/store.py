"""An action's three statements in plain SQL: read the table, update it, log the action
(on PostgreSQL the last two are one statement).

They run on every action. Built through the ORM, compiling them (and reading
the newest log entry's number first) cost more than the rules themselves; here
the SQL is built once from the models' own table and column names, and each
value goes through its model field both ways, so JSON and datetimes are read
and stored exactly as the ORM does on SQLite and PostgreSQL alike.
"""
from __future__ import annotations

import json
from functools import cache

from django.db import connection, transaction

from cardsite.web.sql_names import column, table

from ..models import DealtCatalog, Sandbox, SandboxEvent, SandboxSeat, remember_cards, stored_state


def _prepared(model, values: dict) -> list:
    return [model._meta.get_field(name).get_db_prep_save(value, connection)
            for name, value in values.items()]


# What an action and the table page read; ``created`` and ``updated`` are left deferred.
# A dealt table's catalog cards are not in its state's column: ``catalog_id`` names them
# (DealtCatalog, read once per process), and Sandbox.from_db puts them back in the state.
LOADED = ("id", "game", "options", "seed", "state", "catalog_id", "version")  # model order


@cache
def _select_sql() -> str:
    columns = ", ".join(column(Sandbox, name) for name in LOADED)
    return (f"SELECT {columns} FROM {table(Sandbox)} "
            f"WHERE {column(Sandbox, 'id')} = %s")


@cache
def _update_sql() -> str:
    sets = ", ".join(f"{column(Sandbox, name)} = %s" for name in ("state", "version", "updated"))
    return (f"UPDATE {table(Sandbox)} SET {sets} "
            f"WHERE {column(Sandbox, 'id')} = %s AND {column(Sandbox, 'version')} = %s")


def _event_columns() -> tuple[str, str, str, str]:
    """The log's table, its sandbox and seq columns, and the columns an action gives."""
    given = ", ".join(column(SandboxEvent, name) for name in ("action", "events", "version",
                                                               "created"))
    return (table(SandboxEvent), column(SandboxEvent, "sandbox"), column(SandboxEvent, "seq"),
            given)


@cache
def _insert_sql() -> str:
    events, sandbox, seq, given = _event_columns()
    # The next number is read in the same statement; the unique (sandbox, seq)
    # constraint still stops two writers from taking the same one.
    return (f"INSERT INTO {events} ({sandbox}, {seq}, {given}) "
            f"SELECT %s, COALESCE(MAX({seq}), 0) + 1, %s, %s, %s, %s "
            f"FROM {events} WHERE {sandbox} = %s")


@cache
def _moved_sql() -> str:
    """PostgreSQL: the update and the log entry in one statement (a writable CTE), so an
    action's write is one round trip with no BEGIN and COMMIT of its own."""
    events, sandbox, seq, given = _event_columns()
    return (f"WITH moved AS ({_update_sql()} RETURNING {column(Sandbox, 'id')} AS id) "
            f"INSERT INTO {events} ({sandbox}, {seq}, {given}) "
            f"SELECT moved.id, COALESCE((SELECT MAX({seq}) FROM {events} "
            f"WHERE {sandbox} = moved.id), 0) + 1, %s, %s, %s, %s FROM moved")


def load(sandbox_id: str) -> Sandbox | None:
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(), [sandbox_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return _from_row(row)


def _from_row(row) -> Sandbox:
    fields = [Sandbox._meta.get_field(name) for name in LOADED]
    values = [field.from_db_value(value, None, connection)
              if hasattr(field, "from_db_value") else value
              for field, value in zip(fields, row, strict=True)]
    return Sandbox.from_db(connection.alias, LOADED, values)


SHOWN = ("seq", "action", "events", "version")  # what the page's log shows of an entry


@cache
def _page_sql() -> str:
    """PostgreSQL: the table, its newest log entries and its seats' keys in one statement
    (three round trips were most of the owner's page's database time)."""
    events, sandbox, seq, _ = _event_columns()
    shown = ", ".join(f"e.{column(SandboxEvent, name)}" for name in SHOWN)
    seat, key = column(SandboxSeat, "seat"), column(SandboxSeat, "key")
    row = ", ".join(f"s.{column(Sandbox, name)}" for name in LOADED)
    return (f"SELECT {row}, "
            f"(SELECT COALESCE(json_agg(json_build_array({shown}) ORDER BY e.{seq} DESC), "
            f"'[]') FROM (SELECT * FROM {events} WHERE {sandbox} = s.{column(Sandbox, 'id')} "
            f"ORDER BY {seq} DESC LIMIT %s) e), "
            f"(SELECT COALESCE(json_agg(json_build_array({seat}, {key})), '[]') "
            f"FROM {table(SandboxSeat)} WHERE {column(SandboxSeat, 'sandbox')} = "
            f"s.{column(Sandbox, 'id')}) "
            f"FROM {table(Sandbox)} s WHERE s.{column(Sandbox, 'id')} = %s")


def load_for_page(sandbox_id: str, limit: int) -> Sandbox | None:
    """``load``, and with it on PostgreSQL what the owner's page reads besides: the newest
    ``limit`` log entries (``sandbox.page_log``: ``(limit, entries)``, entries as ``newest_events`` gives them) and
    the seats' keys (``sandbox.seat_keys``), in one round trip. On SQLite, where a
    statement costs no round trip, ``load`` alone (the page reads the rest as before)."""
    if connection.vendor != "postgresql":
        return load(sandbox_id)
    with connection.cursor() as cursor:
        cursor.execute(_page_sql(), [limit, sandbox_id])
        row = cursor.fetchone()
    if row is None:
        return None
    sandbox = _from_row(row[:len(LOADED)])
    log, seats = (json.loads(value) if isinstance(value, str) else value
                  for value in row[len(LOADED):])
    # The log's JSON columns came inside the aggregate's JSON: already decoded, as the
    # field's from_db_value decodes them (its json.loads of the same text).
    sandbox.page_log = (limit, [dict(zip(SHOWN, entry, strict=True)) for entry in log])
    sandbox.seat_keys = dict(seats)
    return sandbox


@cache
def _log_sql(upto: bool) -> str:
    events, sandbox, seq, _ = _event_columns()
    columns = ", ".join(column(SandboxEvent, name) for name in SHOWN)
    return (f"SELECT {columns} FROM {events} WHERE {sandbox} = %s"
            + (f" AND {seq} <= %s" if upto else "") + f" ORDER BY {seq} DESC LIMIT %s")


def newest_events(sandbox_id: str, limit: int, upto: int | None = None) -> list[dict]:
    """The table's newest ``limit`` log entries (up to entry ``upto``), newest first, as
    dicts of SHOWN: the page shows them on every view, and the ORM's query cost a tenth
    of it."""
    with connection.cursor() as cursor:
        cursor.execute(_log_sql(upto is not None),
                       [sandbox_id, *([upto] if upto is not None else []), limit])
        rows = cursor.fetchall()
    fields = [SandboxEvent._meta.get_field(name) for name in SHOWN]
    return [{name: field.from_db_value(value, None, connection)
             if hasattr(field, "from_db_value") else value
             for name, field, value in zip(SHOWN, fields, row, strict=True)} for row in rows]


@cache
def _seats_sql() -> str:
    return (f"SELECT {column(SandboxSeat, 'seat')}, {column(SandboxSeat, 'key')} "
            f"FROM {table(SandboxSeat)} WHERE {column(SandboxSeat, 'sandbox')} = %s")


def seat_keys(sandbox_id: str) -> dict[str, str]:
    """The table's seats' keys by seat name ("" the spectators')."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(), [sandbox_id])
        return dict(cursor.fetchall())


def update_if_version(sandbox_id: str, expected: int, *, state: dict, updated,
                      catalog: str | None = None) -> bool:
    """Store ``state`` as version ``expected + 1`` if the row is still at ``expected``
    (``catalog``: the table's DealtCatalog key, its cards left out of the stored state)."""
    params = _prepared(Sandbox, {"state": stored_state(state, catalog), "version": expected + 1, "updated": updated})
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(), [*params, sandbox_id, expected])
        return cursor.rowcount == 1


def save_action(sandbox_id: str, expected: int, *, state: dict, updated, action,
                events: list, catalog: str | None = None) -> bool:
    """Store ``state`` as version ``expected + 1`` and log ``action`` after the newest
    entry, all or nothing; False (nothing written) if the row is no longer at ``expected``.
    A writer that raced for the same entry number raises IntegrityError. ``catalog``:
    the table's DealtCatalog key (its cards are left out of the stored state)."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        params = [*_prepared(Sandbox, {"state": stored_state(state, catalog),
                                       "version": expected + 1,
                                       "updated": updated}), sandbox_id, expected,
                  *_prepared(SandboxEvent, {"action": action, "events": events,
                                            "version": expected + 1, "created": updated})]
        with connection.cursor() as cursor:
            cursor.execute(_moved_sql(), params)
            return cursor.rowcount == 1
    # The values are encoded before the transaction (SQLite's write lock is taken at its
    # BEGIN), and the two statements share a cursor.
    update = [*_prepared(Sandbox, {"state": stored_state(state, catalog),
                                   "version": expected + 1, "updated": updated}),
              sandbox_id, expected]
    insert = [sandbox_id, *_prepared(SandboxEvent, {"action": action, "events": events,
                                                    "version": expected + 1,
                                                    "created": updated}), sandbox_id]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_update_sql(), update)
        if cursor.rowcount != 1:
            return False
        cursor.execute(_insert_sql(), insert)
    return True


TABLE_FIELDS = ("id", "game", "options", "seed", "state", "version", "created", "updated",
                "catalog_id")
SETUP_FIELDS = ("sandbox", "seq", "action", "events", "version", "created")
SEAT_FIELDS = ("key", "sandbox", "seat")


@cache  # a new table's three statements are the same shapes every time
def _insert(model, fields, rows: int = 1) -> tuple[str, str]:
    """(INSERT INTO table (columns), the VALUES rows' placeholders)."""
    columns = ", ".join(column(model, name) for name in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {table(model)} ({columns})", ", ".join([row] * rows)


def catalog_key(game: str, cards) -> str:
    """The DealtCatalog key of ``cards`` (a new table's state's catalog), its row written
    the first time this process meets them (a no-op if another process wrote it)."""
    last = _LAST.get(game)
    # Most tables are dealt what the one before was: comparing them costs a fraction of
    # hashing their JSON (~40 KB for a dealt Rumble).
    key = last[0] if last is not None and last[1] == cards else DealtCatalog.key_for(game, cards)
    _LAST[game] = (key, cards)
    if key not in _WRITTEN:
        DealtCatalog.objects.bulk_create([DealtCatalog(key=key, game=game, cards=cards)],
                                         ignore_conflicts=True)
        # Known once committed (a rolled-back write is written again next time).
        transaction.on_commit(lambda: _WRITTEN.add(key))
        remember_cards(key, cards)
    return key


# The DealtCatalog rows this process wrote or found (a row cleaned up meanwhile makes a
# create fail its foreign key: ``forget_written`` and the service writes it again).
_WRITTEN: set[str] = set()
_LAST: dict[str, tuple[str, object]] = {}  # by game: the key and cards of its last new table


def forget_written(key: str | None = None) -> None:
    if key is None:
        _WRITTEN.clear()
        _LAST.clear()
    else:
        _WRITTEN.discard(key)


def checks_in_statement() -> bool:
    """Whether ``create`` is one statement, which can check a condition of its own."""
    return connection.vendor == "postgresql" and not connection.in_atomic_block


def create(sandbox: Sandbox, setup_events: list, seats: dict[str, str],
           only_if: tuple[str, list] | None = None) -> bool:
    """Store a new table (``sandbox``, its fields all set), its setup log entry (seq 0) and
    its seats' keys (seat name -> key, "" the spectators'), all or nothing. PostgreSQL
    outside a transaction: one statement (a writable CTE), one round trip; there
    ``only_if`` (SQL, parameters) is checked in it: False, nothing stored, if it fails.
    A table with a ``catalog_id`` is stored without its state's catalog (it is that
    row's cards)."""
    values = {name: getattr(sandbox, name) for name in TABLE_FIELDS}
    values["state"] = stored_state(sandbox.state, sandbox.catalog_id)
    table_row = _prepared(Sandbox, values)
    setup_row = [sandbox.id, *_prepared(SandboxEvent, {
        "seq": 0, "action": None, "events": setup_events, "version": 1,
        "created": sandbox.created})]
    seat_rows = [value for key, seat in seats.items() for value in (key, sandbox.id, seat)]
    table_sql, table_values = _insert(Sandbox, TABLE_FIELDS)
    setup_sql, setup_values = _insert(SandboxEvent, SETUP_FIELDS)
    seat_sql, seat_values = _insert(SandboxSeat, SEAT_FIELDS, len(seats))
    if checks_in_statement():
        condition, condition_values = only_if or ("TRUE", [])
        with connection.cursor() as cursor:
            # Data-modifying CTEs all run; each insert after the first reads ``made``.
            cursor.execute(f"WITH made AS ({table_sql} SELECT {table_values[1:-1]} "
                           f"WHERE {condition} RETURNING 1), "
                           f"setup AS ({setup_sql} SELECT {setup_values[1:-1]} FROM made), "
                           f"seated AS ({seat_sql} SELECT seat.* FROM (VALUES {seat_values}) "
                           f"AS seat, made) SELECT COUNT(*) FROM made",
                           [*table_row, *condition_values, *setup_row, *seat_rows])
            return cursor.fetchone()[0] == 1
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"{table_sql} VALUES {table_values}", table_row)
        cursor.execute(f"{setup_sql} VALUES {setup_values}", setup_row)
        cursor.execute(f"{seat_sql} VALUES {seat_values}", seat_rows)
    return True
