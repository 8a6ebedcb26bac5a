"""Django's database cache, with writes of one statement per key.

Every response the shared response cache stores is two keys (the URL's header
list and the response). Django's DatabaseCache writes each in a transaction of
its own, after a COUNT(*) of the whole table for culling and a SELECT to choose
between INSERT and UPDATE: ten statements for one stored response, about a
fifth of an uncached search's time. Here ``set_many`` writes all its keys in one
transaction, each an upsert (INSERT ... ON CONFLICT, SQLite and PostgreSQL
alike), and the table is counted for culling on one write in CULL_CHECK_EVERY:
it may outgrow MAX_ENTRIES by that many writes per process until the next check.
``get_many`` (every request's read of the catalog versions and the URL's
header list, cardsite.web.response_cache) is one SELECT decoded without Django's
per-row datetime converters and per-key validation; an expired row reads as
missing and is left to culling. ``add`` and ``touch`` are Django's.
"""
from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import DatabaseError, connections, router, transaction
from django.utils.timezone import now as tz_now

CULL_CHECK_EVERY = 20
UPSERT_VENDORS = ("sqlite", "postgresql")


class DatabaseCache(DjangoDatabaseCache):
    _writes = 0  # per process: when to count the table for culling

    def get(self, key, default=None, version=None):
        return self.get_many([key], version).get(key, default)

    def get_many(self, keys, version=None):
        if not keys:
            return {}
        db = router.db_for_read(self.cache_model_class)
        connection = connections[db]
        if connection.vendor not in UPSERT_VENDORS:
            return super().get_many(keys, version)
        key_map = {self.make_key(key, version=version): key for key in keys}
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('cache_key')}, {quote('value')}, {quote('expires')} "
                f"FROM {quote(self._table)} WHERE {quote('cache_key')} IN "
                f"({', '.join(['%s'] * len(key_map))})", list(key_map))
            rows = cursor.fetchall()
        # As the driver reads the column: SQLite's a naive datetime in UTC, PostgreSQL's aware.
        now = tz_now()
        if connection.vendor == "sqlite":
            now = now.replace(tzinfo=None)
        return {key_map[key]: pickle.loads(base64.b64decode(value))
                for key, value, expires in rows if not expires < now}

    def holds_sql(self, data: dict, connection) -> tuple[str, list] | None:
        """A condition (SQL, parameters) true while this table holds each key of ``data``
        with that value, stored as ``set_many`` and ``add`` store it (a value written
        otherwise reads as changed), for a statement on ``connection`` that checks it
        itself; None if the table is on another database."""
        if router.db_for_read(self.cache_model_class) != connection.alias:
            return None
        quote = connection.ops.quote_name
        pairs = []
        for key, value in data.items():
            pairs += [self.make_and_validate_key(key),
                      base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")]
        rows = ", ".join(["(%s, %s)"] * len(data))
        return (f"(SELECT COUNT(*) FROM {quote(self._table)} WHERE "
                f"({quote('cache_key')}, {quote('value')}) IN ({rows})) = {len(data)}", pairs)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self.set_many({key: value}, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        if connection.vendor not in UPSERT_VENDORS:
            return super().set_many(data, timeout, version)
        timeout = self.get_backend_timeout(timeout)
        expires = datetime.max if timeout is None else datetime.fromtimestamp(
            timeout, tz=UTC if settings.USE_TZ else None)
        expires = connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))
        rows = [(self.make_and_validate_key(key, version=version),
                 base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1"),
                 expires) for key, value in data.items()]
        quote = connection.ops.quote_name
        table, key, value, expiry = map(quote, (self._table, "cache_key", "value", "expires"))
        try:
            with transaction.atomic(using=db), connection.cursor() as cursor:
                self._maybe_cull(db, cursor, table)
                cursor.executemany(
                    f"INSERT INTO {table} ({key}, {value}, {expiry}) VALUES (%s, %s, %s) "
                    f"ON CONFLICT ({key}) DO UPDATE SET {value} = excluded.{value}, "
                    f"{expiry} = excluded.{expiry}", rows)
        except DatabaseError:  # as Django's: a cache write may fail (a racing writer)
            return list(data)
        return []

    def _maybe_cull(self, db, cursor, table) -> None:
        DatabaseCache._writes += 1
        if DatabaseCache._writes % CULL_CHECK_EVERY != 1:
            return
        cursor.execute(f"SELECT COUNT(*) FROM {table}")
        counted = cursor.fetchone()[0]
        if counted > self._max_entries:
            self._cull(db, cursor, tz_now().replace(microsecond=0), counted)
