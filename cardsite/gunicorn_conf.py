"""gunicorn settings for Grimoire: ``gunicorn cardsite.wsgi -c python:cardsite.gunicorn_conf``.

Threads (gthread), so a client that sends slowly costs one thread of one worker,
not a whole worker: gunicorn waits for a request's first bytes in its main loop,
and cardsite.web.request_bodies reads each body against a deadline before Django
runs. The worker timeout is the main loop's heartbeat, so a long request (a big
import) is not killed at it. Each thread keeps its own database connection:
workers x threads must stay under PostgreSQL's max_connections (100 by default).
Every value can be overridden on the command line (``--workers 4``).
"""
import os

from gunicorn.http import wsgi as _gunicorn_wsgi

worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "16"))
timeout = 30  # seconds without a heartbeat from a worker's main loop
graceful_timeout = 20
keepalive = 5  # an idle kept-alive connection waits in the main loop, not a thread
limit_request_line = 4094
limit_request_fields = 60
limit_request_field_size = 8190


def _without_server(default_headers):
    # No "Server: gunicorn" line: the version of the software is nobody's business.
    def headers(self):
        return [line for line in default_headers(self) if not line.startswith("Server:")]
    return headers


_gunicorn_wsgi.Response.default_headers = _without_server(_gunicorn_wsgi.Response.default_headers)


def post_worker_init(worker):
    """Build the search vocabulary (the index's words, for spelling corrections) and
    the OpenAPI schema before the worker takes requests: otherwise its first corrected
    search builds the one (2 s at 100k entries) and its first /api/ or docs visit the
    other (about 1 s), the slowest requests of a worker's life."""
    from django.db import DatabaseError, connections

    from cardsite.api.docs_views import api_schema
    from rulesref.search.questions import vocabulary

    api_schema()  # the OpenAPI schema, made once per process: /api/, /api/schema/
    try:
        vocabulary()
    except DatabaseError as error:  # not migrated yet: the first search builds it
        worker.log.warning("Search vocabulary not built at start: %s", error)
    finally:
        connections.close_all()
