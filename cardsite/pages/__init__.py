"""The catalog's public pages (cards, games, home): thin views over cardsite.browse;
the rules reference's pages are rulesref.pages, the engine's engine.web.pages."""
