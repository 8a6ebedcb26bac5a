"""Grimoire's project shell and the catalog app (label ``cardsite``).

At this level: the shell (``settings``, ``urls`` with ``page_urls`` and
``api_urls``, ``wsgi``, ``gunicorn_conf``, ``checks``, ``views``: /healthz and
the 404 page) and what Django looks for beside an app's package (``apps``,
``models``, ``admin``, ``migrations/``, ``management/``, ``templatetags/``).
Nothing imports the shell. Everything else is in a package named for what it holds:

- ``catalog/``: the games' definitions, validation, abilities, history reasons
- ``catalog_files/``: the catalog file format, import and export
- ``browse/``: the selectors and FilterSet pages and API read cards through
- ``web/``: web plumbing every app shares (response cache, locks, request bodies)
- ``pages/``, ``api/``: the catalog's pages and API (and the API's shared plumbing)
- ``editorial/``, ``images/``, ``submissions/``, ``ocr/``, ``background/``: apps and
  packages of their own (their ``__init__`` says what)

README "Layout" has the layers and .importlinter the contract that checks them.
"""
