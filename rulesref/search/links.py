"""URLs of search hits without a query or a ``reverse()`` per hit.

Each page's URL is reversed once (per script prefix) with placeholder
arguments into a template, and hits fill the template with slugs already
selected. The URL names are the pages' (PRODUCT.md's stable paths); until a
name is routed, the stable path itself is the template, so search never fails
on a link.
"""
from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.http import RFC3986_SUBDELIMS

_SAFE = RFC3986_SUBDELIMS + "/~:@"  # what reverse() leaves unquoted in a path


def _slot(i: int) -> str:
    return f"zzslot{i}zz"  # matches the slug and str converters, never a real value


@lru_cache(maxsize=64)
def _template(name: str, arity: int, fallback: str, prefix: str) -> str:
    try:
        url = reverse(name, args=[_slot(i) for i in range(arity)])
    except NoReverseMatch:
        url = fallback.format(*(_slot(i) for i in range(arity)))
    for i in range(arity):
        url = url.replace(_slot(i), f"{{{i}}}")
    return url


def url(name: str, fallback: str, *args: str) -> str:
    """``reverse(name, args=args)`` from a template reversed once (``fallback``, a
    str.format template, while the name is not routed)."""
    return _url(name, fallback, *args)


def _url(name: str, fallback: str, *args: str) -> str:
    template = _template(name, len(args), fallback, get_script_prefix())
    return template.format(*(quote(str(a), safe=_SAFE) for a in args))


@lru_cache(maxsize=256)
def _exact_template(name: str, arity: int, prefix: str, urlconf) -> str | None:
    """The URL template of ``name`` with ``arity`` arguments, or None where reverse()
    refuses the placeholders (an ``int`` converter, a name not routed)."""
    try:
        url = reverse(name, args=[_slot(i) for i in range(arity)], urlconf=urlconf)
    except NoReverseMatch:
        return None
    for i in range(arity):
        url = url.replace(_slot(i), f"{{{i}}}")
    return url


def reversed_url(name: str, *args) -> str:
    """``reverse(name, args=args)``, from a template reversed once per process where
    the name's arguments are slugs or strings (NoReverseMatch as reverse() raises it)."""
    return _reversed(get_urlconf(), get_script_prefix(), name, args)


class UrlMaker:
    """``reversed_url`` for the current URLconf and script prefix (``key``), read once: a
    page's links made with one (cardsite's ``{% link %}``, one per render) read no
    thread-local state each, which was half of a link's cost (33 a card page), and
    each link is made once however often the page repeats it (a ruling's game and
    its rules' lists)."""

    __slots__ = ("key", "_made")

    def __init__(self):
        self.key = (get_urlconf(), get_script_prefix())
        self._made: dict[tuple, str] = {}

    def __call__(self, name: str, *args) -> str:
        try:
            made = self._made.get((name, args))
        except TypeError:  # an argument that is no key (reversed_url takes its str())
            return _reversed(*self.key, name, args)
        if made is None:
            made = self._made[(name, args)] = _reversed(*self.key, name, args)
        return made


def _reversed(urlconf, prefix: str, name: str, args) -> str:
    template = _exact_template(name, len(args), prefix, urlconf)
    if template is None:
        return reverse(name, args=args, urlconf=urlconf)
    return template.format(*(quote(str(a), safe=_SAFE) for a in args))


def card_url(game: str, slug: str) -> str:
    return _url("card-detail", "/cards/{0}/{1}/", game, slug)


def card_preview_url(game: str, slug: str) -> str:
    return _url("card-preview", "/cards/{0}/{1}/preview/", game, slug)


def rule_url(game: str, number: str) -> str:
    return _url("rule-detail", "/rules/{0}/{1}/", game, number)


def term_url(slug: str) -> str:
    return _url("glossary-term", "/glossary/{0}/", slug)


def ruling_url(game: str, slug: str) -> str:
    return _url("ruling-list", "/rulings/") + f"?game={game}#{slug}"


def game_url(game: str) -> str:
    return _url("game-detail", "/games/{0}/", game)


def component_url(game: str, slug: str) -> str:
    return game_url(game) + f"#{slug}"
