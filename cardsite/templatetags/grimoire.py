"""Template filters of the public pages: unknown values, linked text, labels, odds."""
from __future__ import annotations

import re
from html import escape

from django import template
from django.template.defaultfilters import linebreaksbr
from django.utils.safestring import SafeData, mark_safe

from cardsite.images import html as image_html
from cardsite.pages.entry_display import attribute_label, entry_attributes
from rulesref.search import links

register = template.Library()

UNKNOWN = mark_safe('<span class="unknown">unknown</span>')


@register.filter
def or_unknown(value):
    """``None`` is unknown: say so, never show 0 or a blank."""
    if value is None:
        return UNKNOWN
    return label(value) if isinstance(value, str) else value


@register.filter
def label(value):
    """A stored slug-like value as words: "wild-magic" -> "Wild magic"."""
    if value is None:
        return UNKNOWN
    text = str(value)
    if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", text):
        text = text.replace("-", " ").capitalize()
    return text


@register.filter
def split(text, sep=None):
    """ "a b c"|split, or "a b|c"|split:"|": a template's own short list (its examples)."""
    return str(text).split(sep)


@register.filter
def linked(html, text):
    """The stored linked HTML, or the plain text escaped when not linked yet."""
    if html:
        return mark_safe(html)
    return linebreaksbr(text or "", autoescape=True)


@register.filter
def percent(probability):
    if probability is None:
        return UNKNOWN
    value = float(probability) * 100
    if value == 0:
        return "0%"
    if value < 0.1:
        return "<0.1%"
    if value > 99.9 and value < 100:
        return ">99.9%"
    return f"{value:.1f}%".replace(".0%", "%")


def _text(value) -> str:
    """``value`` as HTML: escaped, unless it is HTML already (``or_unknown``'s span)."""
    return value if isinstance(value, SafeData) else escape(str(value))


# The card table's cells are built with str.format and html.escape rather than
# template loops or format_html: 24 rows of either cost more than the search.
@register.simple_tag
def entry_stats(entry):
    """The short attributes but the type, as spans: "Init 12 Glyph Dark"."""
    return mark_safe("".join(
        f"<span>{escape(label_)} {_text(or_unknown(value))}</span> "
        for name, label_, value in entry_attributes(entry, short=True) if name != "type"))


@register.simple_tag
def card_row(entry):
    """One row of the card table."""
    kind = f' <span class="kind">{escape(entry.kind)}</span>' if entry.kind != "card" else ""
    return mark_safe(
        f'<tr>\n    <th scope="row">{card_link(entry)}{kind}</th>\n'
        f'    <td>{escape(entry.game.short_name)}</td>\n    <td>{_text(or_unknown(entry.type))}</td>\n'
        f'    <td class="stats">{entry_stats(entry)}</td>\n  </tr>')


@register.simple_tag
def grid_tile(entry):
    """One tile of the grid view: the card's image, or its proxy drawn from its data."""
    return mark_safe(image_html.grid_tile(entry))


@register.simple_tag
def preview_face(entry):
    """The hover preview's picture of the front, when there is one."""
    image = image_html.faces(entry).get("front")
    return mark_safe(image_html.picture(image, image_html.face_alt(entry), "146px",
                                        css="preview-image", lazy=False) if image else "")


@register.simple_tag
def search_hit(hit: dict):
    """One hit of the search page (a dict of rulesref.search.unified._hit), built in
    Python: an include per hit cost more than the search's SQL."""
    kind, url = escape(hit["kind"]), escape(hit["url"])
    card, preview = ("", "") if hit["kind"] != "card" else (
        " card-link", f' data-preview="{url}preview/"')
    game = f'<span class="hit-game">{escape(hit["game_name"])}</span>' if hit["game_name"] else ""
    snippet = f'<p class="snippet">{hit["snippet_html"]}</p>' if hit["snippet_html"] else ""
    return mark_safe(
        f'\n<li class="hit hit-{kind}">\n  <span class="badge badge-{kind}">'
        f'{_text(label(hit["kind"]))}</span>\n'
        f'  <a class="hit-title{card}" href="{url}"{preview}>{escape(hit["title"])}</a>\n'
        f"  {game}\n  {snippet}\n</li>\n")


register.filter("attribute_label", attribute_label)


@register.simple_tag
def card_link(entry, game_slug=None):
    """An entry's name linked to its page, with the hover preview's URL. URLs from
    templates reversed once (rulesref.search.links): two ``{% url %}`` a row were
    a tenth of a card list. ``game_slug`` where the entry's game is not joined."""
    game = game_slug or entry.game.slug
    return mark_safe(f'<a class="card-link" href="{escape(links.card_url(game, entry.slug))}" '
                     f'data-preview="{escape(links.card_preview_url(game, entry.slug))}">'
                     f'{escape(entry.name)}</a>')
