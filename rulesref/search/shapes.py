"""SQL compiled once per query shape, filled with each search's own values.

Building and compiling a queryset costs the ORM milliseconds: on the bundled
catalog, more than the search's SQL itself. Most searches differ only in their
values (the words, the game, the ids shown), not in their SQL. So the SQL of a
shape is compiled once, from sentinel values, and each later search puts its
values into the parameters where the sentinels were.

A shape whose parameters do not show every sentinel exactly as given (the ORM
escaped a value, added a wildcard, or folded it into the SQL) is not cached:
it is built afresh each time, so a cached shape can never run with a wrong
parameter.
"""
from __future__ import annotations

from collections.abc import Callable

from django.db import connection

MAX_SHAPES = 512  # a few dozen occur; the bound only guards memory
_INT_BASE = 7_340_000_000_000_000  # far beyond any id, count or constant in our SQL
_MARK = "\ue100"  # a private-use character no user text reaches SQL with

_shapes: dict[tuple, tuple | None] = {}


def _sentinels(values: dict) -> tuple[dict, dict]:
    """Stand-ins for ``values`` (lists and tuples element by element), and where
    each stand-in goes: sentinel -> (name, index or None)."""
    stand_ins, places, n = {}, {}, 0

    def one(value, place):
        nonlocal n
        n += 1
        sentinel = _INT_BASE + n if isinstance(value, int) else f"{_MARK}{n}{_MARK}"
        places[sentinel] = place
        return sentinel

    for name, value in values.items():
        if isinstance(value, list | tuple):
            stand_ins[name] = type(value)(one(v, (name, i)) for i, v in enumerate(value))
        else:
            stand_ins[name] = one(value, (name, None))
    return stand_ins, places


def _slots(params, places: dict) -> tuple | None:
    """(parameter index, name, element index) for each sentinel in ``params``, or
    None when some sentinel is missing or altered."""
    slots, seen = [], set()
    for i, param in enumerate(params):
        if isinstance(param, bool):
            continue
        if isinstance(param, int | str) and param in places:
            slots.append((i, *places[param]))
            seen.add(param)
        elif isinstance(param, str) and _MARK in param:
            return None  # a sentinel inside a longer value: the ORM transformed it
        elif isinstance(param, int) and param > _INT_BASE:
            return None
    return tuple(slots) if seen == set(places) else None


def sql_for(shape: tuple, values: dict, build: Callable[[dict], tuple]) -> tuple:
    """``build(values)``: (sql, params, *more), compiled once per ``shape`` (with
    the database vendor) and then only filled in; ``more`` (column names, say) is
    kept with the SQL. ``shape`` must hold everything but ``values`` that the SQL
    depends on; the lengths of list values are added to it here."""
    key = (connection.vendor, shape, tuple(
        (name, len(v) if isinstance(v, list | tuple) else type(v)) for name, v in values.items()))
    if key not in _shapes:
        stand_ins, places = _sentinels(values)
        sql, params, *more = build(stand_ins)
        slots = _slots(params, places)
        if len(_shapes) >= MAX_SHAPES:
            _shapes.clear()
        _shapes[key] = (sql, tuple(params), slots, more) if slots is not None else None
    cached = _shapes[key]
    if cached is None:
        return build(values)
    sql, params, slots, more = cached
    filled = list(params)
    for i, name, element in slots:
        filled[i] = values[name] if element is None else values[name][element]
    return sql, filled, *more


def fetch(shape: tuple, values: dict, build: Callable[[dict], object]) -> list[tuple]:
    """The rows of the queryset ``build(values)`` returns, its SQL compiled once per shape."""
    def sql(values):
        return build(values).query.sql_with_params()

    statement, params = sql_for(shape, values, sql)
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()
