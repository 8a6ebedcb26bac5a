"""Web plumbing every app shares, none of it about cards or rules: the response
cache and the catalog versions it keys on (``response_cache``), its database
cache backend and table migrations (``db_cache``, ``cache_tables``), row locks
and lock waits (``db_contention``), request bodies read before Django
(``request_bodies``), the admin's login limits (``login_limits``) and quoted
SQL names for the few statements kept in plain SQL (``sql_names``).

Not here: views, pages, API endpoints (each app's ``pages``/``api``); the API's
own plumbing (errors, pagination, throttling, schema) is in cardsite.api.
"""
