"""The catalog file (fixtures/FORMAT.md): its format and validation
(``catalog_format``, no Django), loading a file into the database
(``catalog_import``) and writing the database out (``catalog_export``), for
load_catalog, import_catalog, export_catalog, the bulk API and the editors'
import.

A catalog file holds a game's rules, glossary and rulings too, so this package
sits above the rules reference (it imports rulesref; rulesref never imports it).
Not here: the editors' sheets and the import preview (cardsite.editorial), the
models (cardsite.models).
"""
