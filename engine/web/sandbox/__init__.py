"""The browser sandbox: the service that stores tables, and its HTML views.

The games themselves are pure Python: ``engine.families`` (one interface per
game family) over the engine's packages. ``service`` is the Django side
(create, act, undo, replay, cleanup) the views and tests use; ``store`` makes
every write conditional on the version.
"""
