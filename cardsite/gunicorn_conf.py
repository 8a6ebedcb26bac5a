"""gunicorn settings for Grimoire: ``gunicorn cardsite.wsgi -c python:cardsite.gunicorn_conf``."""


def post_worker_init(worker):
    """Build the search vocabulary (the index's words, for spelling corrections)
    before the worker takes requests: otherwise its first corrected search builds
    it, 2 s at 100k entries, the slowest request of a worker's life."""
    from django.db import DatabaseError, connections

    from rulesref.search.questions import vocabulary

    try:
        vocabulary()
    except DatabaseError as error:  # not migrated yet: the first search builds it
        worker.log.warning("Search vocabulary not built at start: %s", error)
    finally:
        connections.close_all()
