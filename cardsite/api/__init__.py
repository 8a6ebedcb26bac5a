"""The JSON API under /api/ (PRODUCT.md, "JSON API").

Thin DRF views over the shared selectors (cardsite.browse.selectors, rulesref.selectors,
rulesref.search): the pages and the API answer from the same query code.
"""
