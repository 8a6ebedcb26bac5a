"""URLs of search hits without a query per hit: built from slugs already selected.

The URL names are the pages' (PRODUCT.md's stable paths); until a name is
routed, the stable path itself is returned, so search never fails on a link.
"""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse


def _reverse(name: str, args: list, fallback: str) -> str:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return fallback


def card_url(game: str, slug: str) -> str:
    return _reverse("card-detail", [game, slug], f"/cards/{game}/{slug}/")


def rule_url(game: str, number: str) -> str:
    return _reverse("rule-detail", [game, number], f"/rules/{game}/{number}/")


def term_url(slug: str) -> str:
    return _reverse("glossary-term", [slug], f"/glossary/{slug}/")


def ruling_url(game: str, slug: str) -> str:
    return _reverse("ruling-list", [], "/rulings/") + f"?game={game}#{slug}"
