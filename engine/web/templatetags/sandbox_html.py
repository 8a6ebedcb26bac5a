"""The sandbox page's loops and small repeated pieces in Python: a dealt hand's cards, the
event log, a move's hidden fields, a die.

A hand of eight cards per wizard was most of a table page's template nodes (an include,
a CSRF field and a dozen conditions per card), and the log's entries (up to 200, each with
its events and dice) most of a long game's; a move's fields were an include per form. These
tags write the same HTML, byte for byte (an include's file ended with a line end: it is
written too), with Django's escaping and its way of writing a value (``_text``).
"""
from __future__ import annotations

import html

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

register = template.Library()

SPELL_SLOTS = ("source", "quality", "delivery")
DISABLED = ('<button type="button" class="secondary" disabled title="the spell has a card of '
            'this type, or three components">Place</button>')
PIPS = "".join(f'<i class="pip p{i}"></i>' for i in "123456789")
FACE_SHAPES = {  # Demoniac's die faces (a blank is an empty face)
    "pentagram": '<circle cx="20" cy="20" r="15" fill="none" stroke="currentColor" '
                 'stroke-width="2"/><polygon points="20,6 28.2,31.3 6.7,15.7 33.3,15.7 '
                 '11.8,31.3" fill="none" stroke="currentColor" stroke-width="2" '
                 'stroke-linejoin="round"/>',
    "cross": '<path d="M20 8 V32 M13 26 H27" stroke="currentColor" stroke-width="4" '
             'stroke-linecap="round"/>',
}
FACES = ("pentagram", "blank", "cross")


def escape(value) -> str:
    """django.utils.html.escape's text, without its lazy-string wrapper (a call costs more
    than the escaping: a page has two hundred)."""
    return html.escape(str(value))


def _text(value) -> str:
    """``value`` as ``{{ value }}`` writes it: localized, escaped (a missing one: "")."""
    if isinstance(value, str):
        return value if isinstance(value, SafeData) else html.escape(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # what localize writes for a whole number (no grouping)
    return conditional_escape(localize(value))


def _csrf_field(context) -> str:
    token = context.get("csrf_token")
    if not token or str(token) == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">'


def _fields_before_action(context) -> str:
    """A move's hidden fields up to its action's value: the CSRF field and the version."""
    return (_csrf_field(context) + '<input type="hidden" name="version" value="'
            + _text(context["sandbox"].version) + '"><input type="hidden" name="action" '
            'value="')


@register.simple_tag(takes_context=True)
def action_fields(context, act) -> str:
    """A move's form's hidden fields: the CSRF field, the table's version and ``act`` (the
    action's JSON)."""
    return mark_safe(_fields_before_action(context) + _text(act) + '">\n')


def _die(value) -> str:
    shown = _text(value)
    return (f'<span class="die" role="img" aria-label="die showing {shown}" '
            f'data-value="{shown}">{PIPS}</span>\n')


def _face(face) -> str:
    shown = _text(face)
    return (f'<span class="dface dface-{shown}" role="img" aria-label="{shown}" '
            f'title="{shown}"><svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">'
            + (FACE_SHAPES.get(face, "") if isinstance(face, str) else "") + '</svg></span>\n')


@register.simple_tag
def die(value) -> str:
    """A six-sided die showing ``value``."""
    return mark_safe(_die(value))


@register.simple_tag
def die_face(face) -> str:
    """A Demoniac die's face: pentagram, blank or cross."""
    return mark_safe(_face(face))


@register.simple_tag(takes_context=True)
def hand_items(context, hand) -> str:
    """The ``<li>`` items of ``hand`` (presenters.present_spell's cards)."""
    if not hand:
        return mark_safe('<li class="muted">No cards in hand.</li>')
    hidden = _fields_before_action(context)
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
            for slot in card.get("slots") or ():  # a Wild Magic in a slot of choice
                label = escape(slot["slot"]).title()
                parts += [form, hidden, escape(slot["act"]), '">\n',
                          '<button type="submit" class="secondary" data-testid="place-slot" '
                          f'aria-label="Place {name} as the {label}">as {label}</button></form>']
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


def _event(event: dict) -> str:
    flagged = event.get("type") == "flag" or event.get("flag")
    parts = ['<li class="flag">' if flagged else '<li class="">']
    if event.get("dice"):
        parts.append('<span class="log-dice">')
        parts += [_face(d) if d in FACES else _die(d) for d in event["dice"]]
        parts.append("</span> ")
    if flagged:
        parts.append("<b>Not run by the engine:</b> ")
    parts.append(_text(event["text"]) if "text" in event else "")
    if event.get("rule"):
        parts.append(f' <small class="log-rule">{_text(event["rule"])}</small>')
    parts.append("</li>")
    return "".join(parts)


def _actor(action: dict) -> str:
    if action.get("wizard"):
        return " · " + _text(action["wizard"])
    if action.get("player"):
        return " · " + _text(action["player"])
    return ""


@register.simple_tag
def log_items(log) -> str:
    """The ``<li>`` items of the log's entries (store.newest_events' dicts, newest first)."""
    if not log:
        return mark_safe("<li>Nothing yet.</li>\n")
    items = []
    for entry in log:
        seq, action = _text(entry["seq"]), entry["action"]
        what = (_text(action["type"]) if "type" in action else "") + _actor(action) \
            if action else "setup"
        items.append(f'\n  <li value="{seq}"><span class="log-seq">#{seq}</span> '
                     f'<span class="log-action">{what}</span> <span class="log-version">'
                     f'v{_text(entry["version"])}</span>\n    <ul>'
                     + "".join(_event(event) for event in entry["events"] or ())
                     + "</ul>\n  </li>\n")
    return mark_safe("".join(items))
