"""The rules reference's HTML pages: search (every kind of hit, with the answer box),
rules, glossary and rulings, routed by rulesref.urls; their templates are in
rulesref/templates/. Card and game pages are the catalog's (cardsite.pages); the
engine's are in engine.web.pages. Views stay thin: reads go through
rulesref.selectors and rulesref.search."""
