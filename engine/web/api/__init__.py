"""The engine's checker and odds endpoints under /api/engine/ (PRODUCT.md, "Engine")."""
