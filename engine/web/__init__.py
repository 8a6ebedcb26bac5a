"""The engine's Django side: the ``engine`` app (label kept from before the move).

- ``apps``, ``models``, ``migrations``, ``management``: the app, the sandbox
  tables and the ``cleanup_sandboxes`` command;
- ``catalog_cards``: spell components named by catalog card slug, for the checkers;
- ``api``: the checker and odds endpoints under /api/engine/ (``api.urls``);
- ``pages``: the checker and odds pages under /engine/ (``pages.urls``);
- ``sandbox``: the HTML sandboxes under /engine/sandbox/: ``service`` (create,
  act, undo, replay, cleanup), ``store`` (conditional writes), ``views``,
  ``forms``, ``presenters``, ``catalog_cards``, ``urls``.
"""
