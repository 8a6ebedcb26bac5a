"""A cache of anonymous GET responses, invalidated by catalog versions.

Pages and API reads are pure functions of the catalog, so an anonymous GET is
served from the cache. Authenticated requests, sandboxes, the admin and
responses marked private/no-store are never cached.

Two tiers: the shared one (the ``responses`` cache: a database table, or
Redis with REDIS_URL) and, in front of it, the responses each process has
stored or read (``LocalTier``, 16 MiB, least recently used out first), so a
hit costs one read of the versions. A search is kept from its second request
in a process (``Doorkeeper``; see the middleware).

Invalidation is exact: every key carries the catalog versions it depends on,
read from the shared tier once per request, so an edit is seen by the next
request of every process. There is one version per game and one for
everything: a committed write bumps the versions of the games whose pages it
changes (an entry's own game and those of the rulings citing it, a ruling's and
those of what it cites...) or, where that is not cheap to know (a game, a rule
number that other games' rules link, a delete, a relink), the one for
everything. A page under one game's path (``/cards/<game>/...``,
``/rules/<game>/...``, ``/api/cards/<game>/...``) depends on its game's version
and the global one; every other page (searches, lists) on all of them.

Just over 400 lines and kept whole: the middleware, the versions it keys on and
the signals that retire them must agree on one set of scopes.
"""
from __future__ import annotations

import pickle
import re
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from hashlib import md5

from django.conf import settings
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import connection, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save
from django.utils.cache import cc_delim_re, get_conditional_response
from django.utils.http import parse_http_date_safe

from cardsite.catalog.games import GAME_SLUGS
from cardsite.web.db_contention import skipped_when_locked

CACHE_ALIAS = "responses"
EVERYTHING = "all"
SCOPES = (EVERYTHING, *GAME_SLUGS)
TIMEOUT = 24 * 3600
HEADERS_PREFIX = "headers"
# Sandbox tables change with every move: neither their pages nor their JSON API.
UNCACHED_PREFIXES = ("/admin/", "/engine/sandbox/", "/api/engine/sandboxes/", "/healthz",
                     "/static/", "/media/")
UNCACHEABLE_DIRECTIVES = ("private", "no-store", "no-cache", "max-age=0")
# Paths about one game: its pages and its objects in the API.
GAME_PATH = re.compile(
    r"^/(?:cards|games|rules)/(?P<game>[-a-z0-9]+)/"
    r"|^/api/(?:games|cards|rulings|rules|glossary)/(?P<api>[-a-z0-9]+)/")


def _cache():
    return caches[CACHE_ALIAS]


def version_key(scope: str) -> str:
    return f"catalog-version:{scope}"


# Within a request the versions are read once (the cache's key prefix, the search's
# vocabulary and game names each asked for them): a query saved per reader. Outside
# a request (commands, tests calling code directly) every call reads them.
_request = threading.local()


def _request_started(**kwargs) -> None:
    _request.active, _request.versions = True, None


def _request_finished(**kwargs) -> None:
    _request.active, _request.versions = False, None


# The versions this process last read or wrote: a guess, for a writer that can check
# it in its own statement (guess_versions).
_seen: dict[str, str] | None = None


def versions() -> dict[str, str]:
    """Every scope's current version, in one read of the shared cache."""
    if getattr(_request, "active", False) and _request.versions is not None:
        return _request.versions
    return read_versions()[0]


def versions_known() -> dict[str, str] | None:
    """The versions without a read: this request's if it read them, else the ones this
    process last read or wrote (None before any). A memo filled from rows read after
    this call may key them with it: the rows are never older than these versions."""
    if getattr(_request, "active", False) and _request.versions is not None:
        return _request.versions
    return _seen


def read_versions(*extra_keys: str) -> tuple[dict[str, str], dict]:
    """The versions, and whichever of ``extra_keys`` the shared cache holds, in one read."""
    cache = _cache()
    keys = {version_key(scope): scope for scope in SCOPES}
    found = cache.get_many([*keys, *extra_keys])
    if not keys.keys() <= found.keys():  # first use (or evicted): made once, by whoever gets there
        for key in keys.keys() - found.keys():
            cache.add(key, uuid.uuid4().hex[:12], None)
        found.update(cache.get_many(list(keys)))
    current = {scope: found.get(key, "") for key, scope in keys.items()}
    global _seen
    _seen = current
    if getattr(_request, "active", False):
        _request.versions = current
    return current, {key: found[key] for key in extra_keys if key in found}


def guess_versions() -> tuple[str, list] | None:
    """For a write that can check the versions in its own statement (a new sandbox on
    PostgreSQL: a round trip saved, a fifth of it): this process's last versions, taken
    as this request's, and the SQL condition (with its parameters) that the shared tier
    still holds them. None outside a request, once this request read them, before this
    process read them, or where the shared tier is not this database's table (Redis).
    A statement whose condition failed saw a newer catalog: ``forget_guess`` and read."""
    guess = _seen
    if (guess is None or not getattr(_request, "active", False)
            or _request.versions is not None):
        return None
    condition = _holds_sql(guess)
    if condition is not None:
        _request.versions = guess
    return condition


def forget_guess() -> None:
    """This request's versions were a guess that failed: the next use reads them."""
    _request.versions = None


# The last condition made: (the guess, the cache it is for, the condition or None).
_condition: tuple[dict, object, tuple[str, list] | None] | None = None


def _holds_sql(guess: dict[str, str]) -> tuple[str, list] | None:
    """The condition that the shared tier holds ``guess``, made once per guess."""
    from cardsite.web.db_cache import DatabaseCache

    global _condition
    cache = _cache()
    if _condition is not None and _condition[0] is guess and _condition[1] is cache:
        return _condition[2]
    condition = None
    if isinstance(cache, DatabaseCache) and connection.vendor == "postgresql":
        condition = cache.holds_sql({version_key(scope): value for scope, value in guess.items()},
                                    connection)
    _condition = (guess, cache, condition)
    return condition


def catalog_version() -> str:
    """One text that changes with every committed catalog write (per-process memos' key)."""
    current = versions()
    return ".".join(current[scope] for scope in SCOPES)


def bump(scopes) -> None:
    scopes = {EVERYTHING} if EVERYTHING in scopes else set(scopes)  # it is in every key
    if not scopes:
        return
    new = {scope: uuid.uuid4().hex[:12] for scope in scopes}
    _cache().set_many({version_key(scope): value for scope, value in new.items()}, None)
    global _seen
    if _seen is not None:
        _seen = {**_seen, **new}
    if getattr(_request, "active", False) and _request.versions is not None:
        # this request's own write: it reads what it wrote
        _request.versions = {**_request.versions, **new}


def bump_catalog_version() -> None:
    """Retire every cached response (a write whose reach is not worked out)."""
    bump({EVERYTHING})


class _PendingBump:
    """The scopes a transaction's writes changed, bumped once when it commits."""

    def __init__(self):
        self.scopes: set[str] = set()

    def __call__(self) -> None:
        bump(self.scopes)


def queue_bump(scopes) -> None:
    """Bump ``scopes`` when the current transaction commits (at once in autocommit).
    One bump per transaction, however many rows it writes (an import saves
    thousands); a rolled-back transaction drops its queue."""
    if connection.in_atomic_block:
        for _, func, _ in connection.run_on_commit:
            if isinstance(func, _PendingBump):
                func.scopes |= set(scopes)
                return
    pending = _PendingBump()
    pending.scopes |= set(scopes)
    transaction.on_commit(pending)


def _game_scopes(game_ids) -> set[str]:
    from cardsite.models import Game

    slugs = set(Game.objects.filter(pk__in=set(game_ids)).values_list("slug", flat=True))
    return slugs if slugs <= set(GAME_SLUGS) else {EVERYTHING}


# What other apps tell the cache about their models (rulesref.apps registers its own):
# models whose every write changes every page, how to find the games a model's object
# shows on, and the games whose pages also show an object (card pages list the rulings
# citing the card). Kept here as registries so that the catalog's plumbing knows nothing
# of the apps above it.
_WHOLE_SITE: set[type] = set()
_GAMES_OF: dict[type, Callable] = {}
_ALSO_SHOWN: dict[type, list[Callable]] = {}


def also_shown(model, games_of: Callable) -> None:
    """Writes of ``model`` also change the pages of the games ``games_of(obj)`` returns."""
    _ALSO_SHOWN.setdefault(model, []).append(games_of)


def _games(instance) -> set | None:
    games_of = _GAMES_OF.get(type(instance))
    if games_of is not None:
        return set(games_of(instance))
    if getattr(instance, "game_id", None) is not None:
        return {instance.game_id}
    if getattr(instance, "entry_id", None) is not None:  # roll bands, images
        from cardsite.models import Entry

        return set(Entry.objects.filter(pk=instance.entry_id).values_list("game_id", flat=True))
    return None


def scopes_of(instance) -> set[str]:
    """The versions a saved object's pages depend on."""
    from cardsite.models import Game

    if isinstance(instance, Game) or type(instance) in _WHOLE_SITE:
        return {EVERYTHING}  # a game's name is on every page
    games = _games(instance)
    if games is None:
        return {EVERYTHING}
    for games_of in _ALSO_SHOWN.get(type(instance), ()):
        games |= set(games_of(instance))
    return _game_scopes(games)


def _owner_before(sender, instance, raw=False, **kwargs) -> None:
    # An object moved to another game (or entry) changes the pages of the old one too.
    instance._response_cache_moved = False
    if raw or instance._state.adding or instance.pk is None:
        return
    fields = [f for f in ("game_id", "entry_id") if hasattr(instance, f)]
    if fields:
        old = sender.objects.filter(pk=instance.pk).values_list(*fields).first()
        instance._response_cache_moved = old is not None and old != tuple(
            getattr(instance, f) for f in fields)


def _bump_saved(sender, instance, raw=False, **kwargs) -> None:
    if raw:
        return
    if getattr(instance, "_response_cache_moved", False):
        queue_bump({EVERYTHING})
    else:
        queue_bump(scopes_of(instance))


def _bump_everything(**kwargs) -> None:
    # Deletes cascade and m2m links join two objects: not worked out, everything.
    if not kwargs.get("raw"):
        queue_bump({EVERYTHING})


def connect_signals() -> None:
    from cardsite.models import Component, Entry, Game, RollBand

    request_started.connect(_request_started, dispatch_uid="catalog-version-request-started")
    request_finished.connect(_request_finished, dispatch_uid="catalog-version-request-finished")
    for model in (Game, Component, Entry, RollBand):
        connect_model(model)


def connect_model(model, *, whole_site: bool = False, games_of: Callable | None = None) -> None:
    """Writes of ``model`` retire the cached responses too (another app's data).
    ``whole_site``: every page may show it; ``games_of(obj)``: the games whose pages show
    it, where its own ``game_id`` or ``entry_id`` does not say."""
    if whole_site:
        _WHOLE_SITE.add(model)
    if games_of is not None:
        _GAMES_OF[model] = games_of
    uid = f"response-cache-{model.__name__}"
    pre_save.connect(_owner_before, sender=model, dispatch_uid=f"{uid}-pre-save")
    post_save.connect(_bump_saved, sender=model, dispatch_uid=f"{uid}-save")
    post_delete.connect(_bump_everything, sender=model, dispatch_uid=f"{uid}-delete")


def connect_links(through) -> None:
    """Links added or removed through an m2m table join two objects: everything retired."""
    m2m_changed.connect(_bump_everything, sender=through,
                        dispatch_uid=f"response-cache-{through.__name__}")


def key_prefix(path: str, current: dict[str, str]) -> str:
    """The versions a response at ``path`` depends on."""
    match = GAME_PATH.match(path)
    game = match and (match["game"] or match["api"])
    if game in GAME_SLUGS:
        return f"{current[EVERYTHING]}.{game}.{current[game]}"
    return ".".join(current[scope] for scope in SCOPES)


class LocalTier:
    """This process's responses, pickled, least recently used out first, within
    ``max_bytes``."""

    def __init__(self, max_bytes: int):
        self.max_bytes, self.size = max_bytes, 0
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            blob = self._items.get(key)
            if blob is None:
                return None
            self._items.move_to_end(key)
        return pickle.loads(blob)

    def set(self, key, value) -> None:
        blob = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= len(old)
            if len(blob) > self.max_bytes:
                return
            self._items[key] = blob
            self.size += len(blob)
            while self.size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0


class Doorkeeper:
    """The URLs this process has been asked for (their hashes), the oldest forgotten
    past ``limit``: a query's first request is answered as with the cache off."""

    def __init__(self, limit: int):
        self.limit = limit
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def seen_before(self, url: str) -> bool:
        """Whether ``url`` was asked for before; it is remembered from now on."""
        with self._lock:
            if url in self._seen:
                self._seen.move_to_end(url)
                return True
            self._seen[url] = None
            if len(self._seen) > self.limit:
                self._seen.popitem(last=False)
            return False

    def clear(self) -> None:
        with self._lock:
            self._seen.clear()


local_tier = LocalTier(int(getattr(settings, "RESPONSE_CACHE_LOCAL_BYTES", 16 * 2**20)))
doorkeeper = Doorkeeper(100_000)


def _url_hash(request) -> str:
    return md5(request.build_absolute_uri().encode("ascii"), usedforsecurity=False).hexdigest()


def _header_list(response) -> list[str]:
    """The request headers a response varies on, as Django's cache names them (no
    language suffix: the site has one language)."""
    if not response.has_header("Vary"):
        return []
    return sorted("HTTP_" + header.upper().replace("-", "_")
                  for header in cc_delim_re.split(response.headers["Vary"]))


def _response_key(request, url: str, header_list, prefix: str) -> str:
    varied = md5(usedforsecurity=False)
    for header in header_list:
        value = request.META.get(header)
        # absent and empty are different requests (as Django's cache keys)
        varied.update(b"-," if value is None else value.encode())
    return f"response.{prefix}.{url}.{varied.hexdigest()}"


class CatalogResponseCacheMiddleware:
    """Serve anonymous GETs from the cache; place after AuthenticationMiddleware.

    Which responses are kept: pages without a query string (a card, a rule, a
    game, the lists: few, and asked for again and again) from their first
    request; a search (any URL with a query string) from its second request in
    this process. Its first is answered exactly as with the cache off, with no
    read of the cache at all: most distinct searches are asked once, and reading
    the versions and writing each answer (on SQLite, behind the single writer)
    made such a miss cost 1.2-2x a miss with the cache off."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not self._cacheable_request(request):
            return self.get_response(request)
        url = _url_hash(request)
        if request.META.get("QUERY_STRING") and not doorkeeper.seen_before(url):
            response = self.get_response(request)
            if self._cacheable_response(request, response):
                response["X-Cache"] = "miss"
            return response
        shared = _cache()
        # The URL's header list (the request headers its response varies on: Django's
        # cache keys) is kept by URL alone, so it is read with the versions, in one
        # query; a URL never kept has none, and its miss costs no other read.
        header_key = f"{HEADERS_PREFIX}.{url}"

        def read():
            known = local_tier.get(header_key)
            current, found = read_versions(*(() if known is not None else (header_key,)))
            if known is None and header_key in found:
                known = found[header_key]
                local_tier.set(header_key, known)
            return key_prefix(request.path, current), known

        # Storing is optional: skipped while another writer holds SQLite's lock.
        prefix, header_list = skipped_when_locked(read, (None, None))
        if prefix is None:
            return self.get_response(request)
        if header_list is not None:
            response = self._stored(shared, _response_key(request, url, header_list, prefix))
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
            header_list = _header_list(response)
            key = _response_key(request, url, header_list, prefix)
            local_tier.set(header_key, header_list)
            local_tier.set(key, response)
            # The URL's header list and the response, in one write (cardsite.web.db_cache).
            skipped_when_locked(
                lambda: shared.set_many({header_key: header_list, key: response}, TIMEOUT))
            response["X-Cache"] = "miss"
        return response

    @staticmethod
    def _stored(shared, key):
        response = local_tier.get(key)
        if response is None:
            response = shared.get(key)
            if response is not None:
                local_tier.set(key, response)
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
