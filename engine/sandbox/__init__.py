"""The browser sandbox: adapters over the engine cores and the service that stores tables.

``families`` and ``spell_round`` are pure Python; ``service`` is the Django
side (create, act, undo, replay, cleanup) the views and tests use.
"""
