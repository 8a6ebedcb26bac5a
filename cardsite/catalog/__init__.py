"""The catalog's own rules: the four games' definitions (``games``), field and
record validation (``validation``), what an entry's scripted abilities say
(``abilities``, through the engine's ability language) and the reason every
history record carries (``history``).

Belongs here: what a game, component or entry may be, without a request, a page
or a rule of the rules reference. Not here: anything that imports rulesref (the
catalog files: cardsite.catalog_files; card search: cardsite.browse), pages or
API (cardsite.pages, cardsite.api), the engine's web side. The models stay in
cardsite/models.py: Django finds an app's models and migrations beside its
package, and the app label ``cardsite`` with its tables and migration history
belongs to the package ``cardsite``.
"""
