"""Search: one query syntax over cards, rulings, rules and glossary terms.

syntax    the query language of PRODUCT.md: tokenizer, parser, AST, warnings
stopwords question words and filler, left out of a sentence's matching
compiler  AST -> ORM conditions (Q objects) for a searched model (a Target)
backends  full text behind one interface: SQLite FTS5, PostgreSQL tsvector
questions a sentence's words: game named in words, stop words, corrections, synonyms
ranking   exact name, then name prefix, then weighted full text
fuzzy     misspelt names (trigram shortlist, edit-similarity re-rank)
cards     the syntax applied to an Entry queryset (used by cardsite.browse.filters)
unified   search_all: every kind ranked together, with <mark> snippets
models    the index: SearchDocument (+ the FTS5 tables on SQLite)
index     keeping the index in step; rebuild_search_index
signals   re-indexing on save, delete and link changes
"""
