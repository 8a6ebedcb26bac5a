"""Search: the query syntax, its compiler to the ORM, the full-text index and
its two backends (SQLite FTS5, PostgreSQL tsvector), and the unified search."""
