"""Quoted table and column names of a model, for the few statements kept in plain SQL.

Hot paths (the checker's card lookup, a sandbox action, the API throttle) run
SQL built once from these, so a renamed field or table cannot drift from it.
"""
from __future__ import annotations

from django.db import connection


def table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model, field_name: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(field_name).column)
