"""The rules reference's JSON API: rules, glossary, rulings (read, and staff writes)
and the unified search, with their serializers; routed by rulesref.api.urls inside
the site's /api/. The shared API plumbing (errors, pagination, throttling, schema,
base views and fields) is cardsite.api's; the catalog's endpoints are there too."""
