"""The sandbox page's longest loop in Python: a dealt hand's cards, each with its Place form.

A hand of eight cards per wizard was most of a table page's template nodes (an include,
a CSRF field and a dozen conditions per card); ``hand_items`` writes the same HTML,
byte for byte, with Django's escaping.
"""
from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()

SPELL_SLOTS = ("source", "quality", "delivery")
DISABLED = ('<button type="button" class="secondary" disabled title="the spell has a card of '
            'this type, or three components">Place</button>')


def _csrf_field(context) -> str:
    token = context.get("csrf_token")
    if not token or str(token) == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">'


@register.simple_tag(takes_context=True)
def hand_items(context, hand) -> str:
    """The ``<li>`` items of ``hand`` (presenters.present_spell's cards), as
    templates/sandbox/_spell.html wrote them with _hidden.html."""
    if not hand:
        return mark_safe('<li class="muted">No cards in hand.</li>')
    hidden = (_csrf_field(context) + '<input type="hidden" name="version" value="'
              + escape(context["sandbox"].version) + '"><input type="hidden" name="action" '
              'value="')
    form = f'<form method="post" action="{escape(context["act_url"])}" class="sb-inline" ' \
           'data-sandbox>'
    items = []
    for card in hand:
        name, kind = escape(card.get("name") or ""), card.get("type")
        parts = [f'<li class="glyph-{escape(card.get("glyph") or "unknown")}',
                 " stand-in" if card.get("stand_in") else "", '">']
        if card.get("placeable"):
            parts += [form, hidden, escape(card.get("place_act") or ""), '">\n',
                      '<button type="submit" class="secondary" data-testid="place" '
                      f'aria-label="Place {name}">Place</button></form>']
        else:
            parts.append(DISABLED)
        parts.append("\n          ")
        parts.append(f'<a href="{escape(card["url"])}">{name}</a>' if card.get("url") else name)
        parts += [' <small class="muted">', escape(kind or "")]
        if kind in SPELL_SLOTS:
            parts += [" · ", escape(card.get("glyph") or "glyph unknown")]
        if kind == "delivery":
            initiative = card.get("initiative")
            parts += [" · initiative ", "unknown" if initiative is None else escape(initiative)]
        if card.get("stand_in") and card.get("abilities"):
            parts.append(" · stand-in")
        elif card.get("abilities"):
            parts.append(" · plays in the sandbox")
        elif kind not in ("wild-magic", "rally"):
            parts.append(" · applied by hand")
        parts.append("</small></li>")
        items.append("".join(parts))
    return mark_safe("".join(items))
