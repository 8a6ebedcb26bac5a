"""An entry's face as HTML: its picture (WebP with a JPEG fallback, srcset and sizes, lazy,
alt from its name and type), or a proxy drawn from its data where it has no image.

Built with str.format and html.escape, like the card table's rows: a grid of 60
through template includes would cost more than the search behind it.
"""
from __future__ import annotations

from html import escape

from django.conf import settings

from cardsite.images.links import faces
from cardsite.images.storage import media_url
from rulesref.search import links

SIZED = ("small", "normal", "large")
PROXY_WORDS = 28


def face_alt(entry, face: str = "front") -> str:
    kind = (entry.type or entry.kind or "entry").replace("-", " ")
    back = ", back" if face == "back" else ""
    return f"{entry.name}: {kind} of {entry.game.short_name}{back}"


def picture(image, alt: str, sizes: str, *, css: str = "card-image", lazy: bool = True) -> str:
    """A <picture> of an EntryImage's three card-shaped renditions."""
    r = image.renditions
    base = settings.MEDIA_URL  # read once: a setting read costs more than the string it gives

    def srcset(fmt):
        return ", ".join(f"{base}{r[n][fmt]} {r[n]['width']}w" for n in SIZED if fmt in r[n])
    normal = r["normal"]
    loading = ' loading="lazy"' if lazy else ""
    return (f'<picture class="{css}"><source type="image/webp" srcset="{escape(srcset("webp"))}" '
            f'sizes="{escape(sizes)}"><img src="{escape(base + normal["jpeg"])}" '
            f'srcset="{escape(srcset("jpeg"))}" sizes="{escape(sizes)}" width="{normal["width"]}" '
            f'height="{normal["height"]}" alt="{escape(alt)}"{loading} decoding="async"></picture>')


def _words(text: str, limit: int) -> str:
    words = text.split()
    return " ".join(words[:limit]) + (" …" if len(words) > limit else "")


def proxy(entry) -> str:
    """The card drawn from its data, in its game's colours (static/css/site.css, .proxy)."""
    glyph = entry.glyph or "none"
    kind = (entry.type or entry.kind or "").replace("-", " ").capitalize()
    head = []
    if entry.initiative is not None:
        head.append(f'<span class="proxy-init" title="Initiative">{entry.initiative}</span>')
    if entry.glyph:
        head.append(f'<span class="proxy-glyph">{escape(entry.glyph.capitalize())}</span>')
    if entry.text is None:
        text = '<p class="proxy-text unknown">Text unknown</p>'
    elif entry.text:
        text = f'<p class="proxy-text">{escape(_words(entry.text, PROXY_WORDS))}</p>'
    else:
        text = ""
    return (f'<div class="proxy proxy-{escape(entry.game.slug)} glyph-{escape(glyph)}" '
            f'role="img" aria-label="{escape(face_alt(entry))} (no image yet: drawn from its '
            f'data)"><p class="proxy-name">{escape(entry.name)}</p>'
            f'<p class="proxy-type">{escape(kind)}{"".join(head)}</p>'
            f'<div class="proxy-art" aria-hidden="true"></div>{text}'
            f'<p class="proxy-game">{escape(entry.game.short_name)}</p></div>')


GRID_SIZES = "(max-width: 40rem) 46vw, 146px"
PAGE_SIZES = "(max-width: 40rem) 146px, 300px"


def grid_tile(entry) -> str:
    """One tile of the grid view: the front (or the proxy), linked, with the hover preview."""
    game = entry.game.slug
    image = faces(entry).get("front")
    face = picture(image, face_alt(entry), GRID_SIZES) if image else proxy(entry)
    state = "has-image" if image else "is-proxy"
    return (f'<li class="card-tile {state}"><a class="tile-face card-link" '
            f'href="{escape(links.card_url(game, entry.slug))}" '
            f'data-preview="{escape(links.card_preview_url(game, entry.slug))}">{face}'
            f'<span class="tile-name">{escape(entry.name)}</span></a></li>')


def entry_faces(entry) -> list[dict]:
    """The card page's faces: [{face, html, large}] (the front's proxy when it has none)."""
    by_face = faces(entry)
    shown = []
    for face in ("front", "back"):
        image = by_face.get(face)
        if image is not None:
            shown.append({"face": face, "large": media_url(image.key("large")),
                          "html": picture(image, face_alt(entry, face), PAGE_SIZES),
                          "status": image.get_status_display(), "credit": image.credit})
    if "front" not in by_face:
        shown.insert(0, {"face": "front", "large": None, "html": proxy(entry), "status": None,
                         "credit": ""})
    return shown
