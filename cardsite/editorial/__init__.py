"""The editors' tools (app ``editorial``): sheet import and export, the import
preview and apply, worklists, players' suggested corrections and their review,
the Editor and Reviewer roles, and the admin's shared change-reason forms
(``admin_fields``) and history pages (``admin_history``) every admin uses.

Belongs here: what an editor or reviewer does through the admin or /suggest/.
Not here: the catalog file itself (cardsite.catalog_files), the models, the
public pages and API.
"""
