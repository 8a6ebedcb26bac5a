"""A shared cache of anonymous GET responses, invalidated by a catalog version.

Pages and API reads are pure functions of the catalog, so an anonymous GET is
served from a database cache table (shared by every app process: nothing is
kept in process memory). Any write to the catalog, the rules reference or the
rulings bumps ``catalog-version`` once per transaction, which retires every
cached response at once. Authenticated requests, sandboxes, the admin and
responses marked private/no-store are never cached.
"""
from __future__ import annotations

import threading
import uuid

from django.conf import settings
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import connection, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils.cache import get_cache_key, get_conditional_response, learn_cache_key
from django.utils.http import parse_http_date_safe

from cardsite.db_contention import skipped_when_locked

CACHE_ALIAS = "responses"
VERSION_KEY = "catalog-version"
TIMEOUT = 24 * 3600
# Sandbox tables change with every move: neither their pages nor their JSON API.
UNCACHED_PREFIXES = ("/admin/", "/engine/sandbox/", "/api/engine/sandboxes/", "/healthz",
                     "/static/", "/media/")
UNCACHEABLE_DIRECTIVES = ("private", "no-store", "no-cache", "max-age=0")


def _cache():
    return caches[CACHE_ALIAS]


# Within a request the version is read once (the cache's key prefix, the search's
# vocabulary and game names each asked for it): a query saved per reader. Outside
# a request (commands, tests calling code directly) every call reads it.
_request = threading.local()


def _request_started(**kwargs) -> None:
    _request.active, _request.version = True, None


def _request_finished(**kwargs) -> None:
    _request.active, _request.version = False, None


def catalog_version() -> str:
    if getattr(_request, "active", False) and _request.version is not None:
        return _request.version
    cache = _cache()
    version = cache.get(VERSION_KEY)
    if version is None:
        version = uuid.uuid4().hex[:12]
        cache.add(VERSION_KEY, version, None)
        version = cache.get(VERSION_KEY, version)
    if getattr(_request, "active", False):
        _request.version = version
    return version


def bump_catalog_version() -> None:
    version = uuid.uuid4().hex[:12]
    _cache().set(VERSION_KEY, version, None)
    if getattr(_request, "active", False):
        _request.version = version  # this request's own write: it reads what it wrote


def _bump_on_commit(**kwargs) -> None:
    # One bump per transaction, however many rows it writes (an import saves
    # thousands): skip when this transaction already has the bump queued. A
    # rolled-back transaction drops its queue, so nothing is left pending.
    if kwargs.get("raw"):
        return
    if any(func is bump_catalog_version for _, func, _ in connection.run_on_commit):
        return
    transaction.on_commit(bump_catalog_version)


def connect_signals() -> None:
    from cardsite.models import Component, Entry, Game, RollBand
    from rulesref.models import GlossaryTerm, Rule, Ruling

    request_started.connect(_request_started, dispatch_uid="catalog-version-request-started")
    request_finished.connect(_request_finished, dispatch_uid="catalog-version-request-finished")
    for model in (Game, Component, Entry, RollBand, Rule, GlossaryTerm, Ruling):
        connect_model(model)
    for through in (Ruling.entries.through, Ruling.rules.through, GlossaryTerm.rules.through):
        m2m_changed.connect(_bump_on_commit, sender=through, dispatch_uid=f"response-cache-{through.__name__}")


def connect_model(model) -> None:
    """Writes of ``model`` retire the cached responses too (another app's catalog data)."""
    uid = f"response-cache-{model.__name__}"
    post_save.connect(_bump_on_commit, sender=model, dispatch_uid=f"{uid}-save")
    post_delete.connect(_bump_on_commit, sender=model, dispatch_uid=f"{uid}-delete")


class _Recorded:
    """A stand-in cache for learn_cache_key: keeps the header list it sets."""

    def __init__(self):
        self.writes = {}

    def set(self, key, value, timeout=None):
        self.writes[key] = value


class CatalogResponseCacheMiddleware:
    """Serve anonymous GETs from the shared cache; place after AuthenticationMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not self._cacheable_request(request):
            return self.get_response(request)
        cache = _cache()
        # Storing is optional: skipped while another writer holds SQLite's lock.
        prefix = skipped_when_locked(catalog_version)
        if prefix is None:
            return self.get_response(request)
        key = get_cache_key(request, prefix, "GET", cache=cache)
        if key is not None:
            response = cache.get(key)
            if response is not None:
                # A stored 200 still answers If-None-Match / If-Modified-Since.
                response = get_conditional_response(
                    request, etag=response.get("ETag"),
                    last_modified=parse_http_date_safe(response.get("Last-Modified") or ""),
                    response=response,
                )
                response["X-Cache"] = "hit"
                return response
        response = self.get_response(request)
        if self._cacheable_response(request, response):
            def store():
                # The URL's header list and the response, in one write (cardsite.db_cache).
                headers = _Recorded()
                key = learn_cache_key(request, response, TIMEOUT, prefix, cache=headers)
                cache.set_many({**headers.writes, key: response}, TIMEOUT)

            skipped_when_locked(store)
            response["X-Cache"] = "miss"
        return response

    @staticmethod
    def _cacheable_request(request) -> bool:
        return (
            getattr(settings, "RESPONSE_CACHE", True)
            and request.method in ("GET", "HEAD")
            and not request.path.startswith(UNCACHED_PREFIXES)
            and "HTTP_AUTHORIZATION" not in request.META
            and not request.user.is_authenticated
        )

    @staticmethod
    def _cacheable_response(request, response) -> bool:
        control = response.get("Cache-Control", "").lower()
        return (
            response.status_code == 200
            and not response.streaming
            and not response.cookies
            and not any(directive in control for directive in UNCACHEABLE_DIRECTIVES)
        )
