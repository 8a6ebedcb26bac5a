"""The engine's pages under /engine/: checkers and odds, server-rendered, no JS needed."""
