"""Request bodies that neither large nor slow clients can hold a worker with.

A WSGI wrapper around Django (cardsite.wsgi), in front of every view:

- a body whose Content-Length is over ``REQUEST_BODY_MAX_BYTES`` is refused with
  413 before a byte of it is read (a 200 MB upload costs one header parse); a
  chunked body (no Content-Length) is read to its end, up to that limit and
  within the deadline of a 1 MiB body, and handed to Django with its length;
- under gunicorn, the body is read in full before Django runs, within a deadline
  of ``REQUEST_BODY_GRACE_S`` plus the time the body takes at
  ``REQUEST_BODY_MIN_RATE`` bytes a second; a client slower than that is answered
  408 and its connection closed. So a client trickling a body holds a thread for
  seconds, not until the worker's timeout, and a view never waits on the network.

Bodies up to 1 MiB are kept in memory, larger ones in a temporary file.
"""
from __future__ import annotations

import json
import socket
import tempfile
import threading
import time

from django.conf import settings

CHUNK = 64 * 1024


class BodyTooSlow(Exception):
    pass


def _refusal(environ, start_response, status: int, reason: str, detail: str):
    if environ.get("PATH_INFO", "").startswith("/api/"):
        body = json.dumps({"status": status, "code": reason.lower().replace(" ", "_"),
                           "detail": detail}).encode()
        kind = "application/json"
    else:
        body, kind = f"{status} {reason}: {detail}\n".encode(), "text/plain; charset=utf-8"
    start_response(f"{status} {reason}", [("Content-Type", kind),
                                          ("Content-Length", str(len(body)))])
    return _ThenClose([body], environ.get("gunicorn.socket"))


class _ThenClose(list):
    """The response, after which the connection is closed: gunicorn would otherwise
    read the unread rest of the body to reach the next request on the connection."""

    def __init__(self, chunks, sock):
        super().__init__(chunks)
        self.sock = sock

    def close(self):
        if self.sock is not None:
            _stop_reading(self.sock)


def _read_within(stream, sock, length: int | None, deadline: float):
    """The body, read before ``deadline`` (``length`` None: chunked, to its end,
    at most the limit and one byte); at the deadline a watchdog shuts the socket's
    reading side, so a read that is still waiting (gunicorn reads until it has the
    size asked for, however slowly the bytes come) returns at once."""
    body = tempfile.SpooledTemporaryFile(max_size=1024 * 1024)
    watched = _watchdog.watch(sock, deadline)
    left = settings.REQUEST_BODY_MAX_BYTES + 1 if length is None else length
    try:
        while left:
            chunk = stream.read(min(CHUNK, left))
            if not chunk:
                break
            body.write(chunk)
            left -= len(chunk)
    except OSError:
        pass
    finally:
        _watchdog.release(watched)
    if time.monotonic() >= deadline and (left if length is not None else True):
        raise BodyTooSlow
    size = body.tell()
    body.seek(0)
    return body, size  # a client that gave up early: Django sees a short body, as before


class _Watchdog:
    """One thread per process that shuts the reading side of each socket whose body is
    still being read at its deadline. A timer thread per body (threading.Timer, started
    and cancelled) cost ~0.4 ms of every POST, as much as a new sandbox table itself.
    The thread is woken only for a deadline earlier than the one it waits for: bodies
    read in time (nearly all) are registered and released under a lock, nothing more."""

    def __init__(self):
        self._cond = threading.Condition()
        self._due: dict[object, tuple[float, socket.socket]] = {}
        self._until: float | None = None  # what the thread waits for (None: a wakeup)
        self._thread: threading.Thread | None = None

    def watch(self, sock, deadline: float) -> object:
        token = object()
        with self._cond:
            self._due[token] = (deadline, sock)
            if self._thread is None or not self._thread.is_alive():  # first use, or forked
                self._thread = threading.Thread(target=self._run, name="body-deadlines",
                                                daemon=True)
                self._thread.start()
            if self._until is None or deadline < self._until:
                self._cond.notify()
        return token

    def release(self, token: object) -> None:
        with self._cond:
            self._due.pop(token, None)

    def _run(self) -> None:
        with self._cond:
            while True:
                now = time.monotonic()
                for token, (deadline, sock) in list(self._due.items()):
                    if deadline <= now:
                        del self._due[token]
                        _stop_reading(sock)
                self._until = min((d for d, _ in self._due.values()), default=None)
                self._cond.wait(None if self._until is None else self._until - now)
                self._until = None


_watchdog = _Watchdog()


def _stop_reading(sock) -> None:
    try:
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass


class BoundedBodies:
    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        limit = settings.REQUEST_BODY_MAX_BYTES
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        try:
            length = None if chunked else int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length is not None and length > limit:
            return _too_large(environ, start_response, length)
        sock = environ.get("gunicorn.socket")
        if (length or chunked) and sock is not None:
            size = length if length is not None else 1024 * 1024
            deadline = (time.monotonic() + settings.REQUEST_BODY_GRACE_S
                        + size / settings.REQUEST_BODY_MIN_RATE)
            try:
                body, size = _read_within(environ["wsgi.input"], sock, length, deadline)
            except BodyTooSlow:
                return _refusal(environ, start_response, 408, "Request Timeout",
                                "The body came too slowly; send it again.")
            if size > limit:
                return _too_large(environ, start_response, size)
            environ["wsgi.input"], environ["CONTENT_LENGTH"] = body, str(size)
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # Django reads CONTENT_LENGTH bytes
        return self.application(environ, start_response)


def _too_large(environ, start_response, length: int):
    limit = settings.REQUEST_BODY_MAX_BYTES
    return _refusal(environ, start_response, 413, "Content Too Large",
                    f"The body is {length} bytes or more; this site reads at most {limit}.")
