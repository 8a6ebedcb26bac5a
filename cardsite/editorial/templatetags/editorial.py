"""Values as the editors' previews and diffs show them: unknown, empty and lists told apart."""
from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from cardsite.editorial.catalog_sheets import bands_text

register = template.Library()


@register.filter
def shown(value):
    if value is None:
        return mark_safe('<i class="unknown">unknown</i>')
    if value == "" or value == []:
        return mark_safe('<i class="muted">(empty)</i>')
    if isinstance(value, list) and value and isinstance(value[0], dict) and "low" in value[0]:
        return bands_text(value)
    if isinstance(value, list):
        return "; ".join(str(v) if not isinstance(v, dict) else ", ".join(
            f"{k}: {w}" for k, w in v.items()) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@register.filter
def summary(fields):
    """An added object's known fields on one line (unknowns and empties left out)."""
    parts = [format_html("<b>{}</b> {}", name, shown(new)) for name, _old, new in fields
             if new not in (None, "", [])]
    return mark_safe(" · ".join(parts))


@register.filter
def get_item(mapping, key):
    return mapping.get(key)
