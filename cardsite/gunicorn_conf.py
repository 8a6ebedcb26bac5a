"""gunicorn settings for Grimoire: ``gunicorn cardsite.wsgi -c python:cardsite.gunicorn_conf``."""


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
