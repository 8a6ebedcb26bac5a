"""Reads of the catalog shared by the pages and the API: the selectors
(``card_list``, ``card_detail``, ``card_autocomplete``, ``game_coverage`` ...)
and the card FilterSet, whose ``q`` is the search syntax (rulesref.search).

Pages and API views read cards through here (one filtering path); writes go
through the services (cardsite.catalog_files, cardsite.editorial). Not here:
views, serializers, templates, or the rules reference's own reads
(rulesref.selectors).
"""
