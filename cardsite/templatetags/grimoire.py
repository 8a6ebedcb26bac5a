"""Template filters of the public pages: unknown values, linked text, labels, odds."""
from __future__ import annotations

import re
from html import escape

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.base import render_value_in_context
from django.template.defaultfilters import capfirst, linebreaksbr, lower
from django.template.defaulttags import URLNode, querystring
from django.template.defaulttags import url as url_tag
from django.template.loader import get_template
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape
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


def card_row(entry):
    """One row of the card table (cardsite.pages.cards keeps them per entry)."""
    kind = f' <span class="kind">{escape(entry.kind)}</span>' if entry.kind != "card" else ""
    return mark_safe(
        f'<tr>\n    <th scope="row">{card_link(entry)}{kind}</th>\n'
        f'    <td>{escape(entry.game.short_name)}</td>\n    <td>{_text(or_unknown(entry.type))}</td>\n'
        f'    <td class="stats">{entry_stats(entry)}</td>\n  </tr>')


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


@register.simple_tag(takes_context=True)
def hit_section(context, section: dict):
    """One section of the search page (rulesref.pages.search: its kind's best hits and
    a link to all of them), built in Python as ``search_hit`` is: written by the
    template, the sections were a fifth of the page's time."""
    def shown(value):
        return render_value_in_context(value, context)

    kind, label, count = shown(section["kind"]), shown(section["label"]), shown(section["count"])
    more = ""
    if section["count"] > len(section["hits"]):
        link = shown(querystring(context, context.request.GET, kind=section["kind"], page=None))
        more = (f'<p class="more"><a href="{link}">All {count} '
                f'{shown(lower(section["label"]))} →</a></p>')
    return mark_safe(
        f'<section class="hit-section hit-section-{kind}" aria-labelledby="section-{kind}">\n'
        f'      <h2 id="section-{kind}">{label} <span class="count">{count}</span></h2>\n'
        f'      <ol class="hits">{"".join(search_hit(hit) for hit in section["hits"])}</ol>\n'
        f"      {more}\n    </section>")


register.filter("attribute_label", attribute_label)


@register.simple_tag(takes_context=True)
def ruling_article(context, ruling, show_game=False, show_refs=False, show_entries=False):
    """One ruling's article (the card page, the rulings page, a rule's page), built in
    Python: an include per ruling, with its URLs, was a third of a card page's time.
    ``show_game`` links its game, ``show_refs`` lists the rules it cites
    (``ruling.rules``), ``show_entries`` the entries it is about (``ruling.entries``)."""
    url = page_urls(context)
    kind, slug, game = escape(ruling.kind), escape(ruling.slug), ruling.game
    game_slug = escape(game.slug)
    badge = "" if ruling.kind == "clarification" else (
        f'<span class="badge badge-{kind}">'
        f'{"Rulebooks conflict" if ruling.kind == "conflict" else "Open question"}</span>')
    readings = ""
    if ruling.readings:
        items = "".join(f"<li>{_value(r, 'reading')} <cite>({_value(r, 'source')})</cite></li>"
                        for r in ruling.readings)
        engine = (f'<p class="engine-reading"><strong>Grimoire\'s engine:</strong> '
                  f'{escape(str(ruling.engine_reading))}</p>') if ruling.engine_reading else ""
        title = ("The passages that disagree" if ruling.kind == "conflict"
                 else "The possible readings")
        readings = (f'\n  <div class="readings">\n    <p class="readings-title">{title}</p>\n'
                    f"    <ol>\n      {items}\n    </ol>\n    {engine}\n  </div>\n  ")
    shown_game = (f'<a href="{escape(url("game-detail", game.slug))}">{escape(game.short_name)}</a>'
                  " · ") if show_game else ""
    refs = ""
    if show_refs:
        refs = ", ".join(f'<a href="{escape(url("rule-list", rule.game.slug))}'
                         f'#r{escape(rule.number)}">{escape(rule.game.slug)} {escape(rule.number)}</a>'
                         for rule in ruling.rules.all())
        refs = f" · Rules: {refs}" if refs else ""
    about = ""
    if show_entries:
        about = ", ".join(card_link(e) for e in ruling.entries.all())
        about = f" · About: {about}" if about else ""
    suggest = escape(url("suggest", "ruling", game.slug, ruling.slug))
    return mark_safe(
        f'\n<article class="ruling ruling-{kind}" id="{slug}">\n  <header>\n    {badge}\n'
        f'    <h3 class="ruling-q"><a href="{escape(url("ruling-list"))}'
        f'?game={game_slug}#{slug}">{escape(ruling.question)}</a></h3>\n  </header>\n'
        f'  <div class="ruling-a">{linked(ruling.answer_html, ruling.answer)}</div>\n'
        f'  {readings}\n'
        f'  <footer class="meta">{shown_game}<cite>{escape(ruling.source)}</cite>\n'
        f"    {refs}\n    {about}\n"
        f'    · <a class="suggest-link" href="{suggest}" rel="nofollow">Suggest a correction</a>\n'
        f"  </footer>\n</article>\n")


@register.simple_tag(takes_context=True)
def card_article(context):
    """The card page's article (templates/cards/detail.html's content), built in Python
    as the template wrote it: its loops, conditions and links were two thirds of the
    page's template time. Reads the page's context: entry, game, faces, attributes,
    keywords, bands, band_odds, abilities, dice_columns, rulings, rules, previous, next."""
    url = page_urls(context)
    entry, game = context["entry"], context["game"]
    game_slug = escape(game.slug)
    out = ['<article class="entry">\n  <header class="entry-head">\n    <h1>',
           escape(entry.name), '</h1>\n    <p class="meta">', _text(label(entry.kind))]
    if entry.component:
        out += [' · <a href="', escape(url("game-detail", game.slug)), "#",
                escape(entry.component.slug), '">', escape(entry.component.name), "</a>"]
    out.append("</p>\n    ")
    if entry.aliases:
        out += ['<p class="aliases">Also written: ',
                ", ".join(conditional_escape(alias) for alias in entry.aliases), "</p>"]
    out.append('\n  </header>\n\n  <div class="entry-body">\n    <aside class="entry-faces" '
               'aria-label="Card image">\n      ')
    for f in context["faces"]:
        out += ['<figure class="entry-face face-', _var(context, f["face"]), '">\n        ']
        if f["large"]:
            out += ['<a class="enlarge" href="', _var(context, f["large"]),
                    '" title="Enlarge (opens the large image)">', str(f["html"]), "</a>"]
        else:
            out.append(str(f["html"]))
        out.append("\n        <figcaption>")
        if f["large"]:
            out += [_var(context, capfirst(f["face"])), ": ", _var(context, lower(f["status"]))]
            if f["credit"]:
                out += [", ", _var(context, f["credit"])]
        else:
            out.append("No image yet: drawn from its data")
        out.append("</figcaption>\n      </figure>")
    out.append('\n    </aside>\n    <dl class="attributes">\n      ')
    for _name, lbl, value in context["attributes"]:
        out += ["<div><dt>", _var(context, lbl), "</dt><dd>", _var(context, or_unknown(value)),
                "</dd></div>"]
    out.append('\n      <div><dt>Keywords</dt><dd>')
    keywords = context["keywords"]
    out.append(" ".join(f'<a class="keyword" href="{_var(context, link)}">{_var(context, kw)}</a>'
                        for kw, link in keywords) if keywords else "none given")
    out.append('</dd></div>\n    </dl>\n\n    <section class="ability" aria-labelledby="text-h">\n'
               '      <h2 id="text-h">Ability text</h2>\n      ')
    if entry.text is None:
        out.append('<p class="unknown">unknown — the rulebooks do not quote it.</p>\n      ')
    elif entry.text:
        out += ['<blockquote class="card-text">', linebreaksbr(entry.text, autoescape=True),
                "</blockquote>\n      "]
    else:
        out.append('<p class="muted">No ability text.</p>')
    out.append("\n      ")
    if entry.flavor:
        out += ['<p class="flavor">', escape(entry.flavor), "</p>"]
    out.append("\n      ")
    found = context["abilities"]
    if found["relevant"]:
        out.append('\n      <div class="scripted" aria-labelledby="scripted-h">\n'
                   '        <h3 id="scripted-h">As the sandbox reads it</h3>\n        ')
        if found["lines"]:
            out += ['<ul class="ability-lines">',
                    "".join(f"<li>{_var(context, line)}</li>" for line in found["lines"]), "</ul>"]
        out.append("\n        ")
        if found["plays"]:
            out.append('<p class="plays"><strong>Plays in the sandbox</strong>: the engine '
                       "resolves it, asking for the players' choices.</p>\n        ")
        else:
            out.append('<p class="by-hand"><strong>Applied by hand</strong>')
            if found["by_hand"]:
                out += [": ", "; ".join(conditional_escape(v) for v in found["by_hand"])]
            elif not found["lines"]:
                out.append(": not scripted yet")
            else:
                out.append(": this game's sandbox does not run these effects yet")
            out.append(".</p>")
        out.append("\n      </div>\n      ")
    out.append("\n    </section>\n\n    ")
    if context["bands"]:
        out.append(_bands_table(context))
    out.append("\n\n    ")
    if entry.notes:
        out += ['\n    <section aria-labelledby="notes-h">\n      <h2 id="notes-h">Notes</h2>\n'
                "      <p>", escape(entry.notes), "</p>\n    </section>\n    "]
    out.append("\n    ")
    if entry.source:
        out += ['<p class="source">Rulebook: <cite>', escape(entry.source), "</cite></p>"]
    rulings, rules = context["rulings"], context["rules"]
    out += ['\n    <p class="suggest-link"><a href="',
            escape(url("suggest", "card", game.slug, entry.slug)),
            '" rel="nofollow">Suggest a correction</a></p>\n  </div>\n\n'
            '  <section aria-labelledby="rulings-h">\n    <h2 id="rulings-h">Rulings '
            f'<span class="count">{len(rulings)}</span></h2>\n    ']
    out += [ruling_article(context, ruling, show_game=True, show_refs=True) for ruling in rulings]
    if not rulings:
        out.append('<p class="muted">No rulings about this entry.</p>')
    out.append("\n    ")
    if rulings:
        out += ['<p><a href="', escape(url("ruling-list")), "?entry=", game_slug, "/",
                escape(entry.slug), '">These rulings on the rulings page →</a></p>']
    out.append('\n  </section>\n\n  <section aria-labelledby="rules-h">\n    <h2 id="rules-h">'
               f'Rules that mention it <span class="count">{len(rules)}</span></h2>\n    ')
    if rules:
        rule_list = escape(url("rule-list", game.slug))
        out += ['<ul class="rule-refs">', "".join(
            f'<li><a href="{rule_list}#r{escape(rule.number)}">{game_slug} '
            f"{escape(rule.number)}</a> {escape(rule.title)}</li>" for rule in rules),
            "</ul>\n    "]
    else:
        out.append('<p class="muted">No rule names it.</p>')
    out += ['\n  </section>\n\n  <nav class="prev-next" aria-label="Other entries of ',
            escape(game.short_name), '">\n    ']
    previous, following = context["previous"], context["next"]
    if previous:
        out += ['<a rel="prev" href="', escape(url("card-detail", game.slug, previous.slug)),
                '">← ', escape(previous.name), "</a>"]
    else:
        out.append("<span></span>")
    out.append("\n    ")
    if following:
        out += ['<a rel="next" href="', escape(url("card-detail", game.slug, following.slug)),
                '">', escape(following.name), " →</a>"]
    out.append("\n  </nav>\n</article>")
    return mark_safe("".join(out))


def _bands_table(context) -> str:
    """The card page's power-roll table: each band's chance per number of dice."""
    heads = "".join(f'<th scope="col" class="num">{_var(context, d)} {"die" if d == 1 else "dice"}</th>'
                    for d in context["dice_columns"])
    rows = []
    for row in context["band_odds"]:
        band = row["band"]
        keep = ' <span class="badge">KEEP</span>' if band.keep else ""
        cells = "".join(
            f'<td class="num"{"" if chance is None else f" title={_quoted(context, chance)}"}>'
            f"{_var(context, percent(chance))}</td>" for _dice, chance in row["chances"])
        rows.append(f'\n          <tr>\n            <th scope="row">{_var(context, band.label)}</th>\n'
                    f"            <td>{_var(context, band.effect)}{keep}</td>\n            {cells}\n"
                    "          </tr>\n        ")
    return ('\n    <section aria-labelledby="bands-h">\n      <h2 id="bands-h">Power roll</h2>\n'
            '      <div class="table-scroll">\n      <table class="bands">\n        <caption>Chance '
            "of each band by the number of dice the spell rolls (exact fraction on hover)</caption>\n"
            '        <thead><tr><th scope="col">Roll</th><th scope="col">Effect</th>'
            f"{heads}</tr></thead>\n        <tbody>\n        {''.join(rows)}\n        </tbody>\n"
            "      </table>\n      </div>\n    </section>\n    ")


def _quoted(context, value) -> str:
    return f'"{_var(context, value)}"'


def _var(context, value) -> str:
    """``{{ value }}``: localised and escaped as the template engine writes it."""
    return render_value_in_context(value, context)


def _value(item, key: str) -> str:
    """``{{ item.key }}`` of a stored JSON object: the key's value, escaped."""
    value = item.get(key, "") if isinstance(item, dict) else getattr(item, key, "")
    return escape(str(value))


_SYNTAX_HELP: dict[tuple, str] = {}


@register.simple_tag(takes_context=True)
def syntax_help(context, url_name: str):
    """includes/syntax_help.html for the search of ``url_name``, open when the page
    has no query: rendered once per process for each (its 22 examples, each
    URL-encoded, were a tenth of a search page). Rendered each time with DEBUG on,
    where templates are edited."""
    example_base = links.reversed_url(url_name)
    key = (example_base, bool(context.get("q")))
    html = _SYNTAX_HELP.get(key)
    if html is None:
        html = get_template("includes/syntax_help.html").render(
            {"example_base": example_base, "q": key[1]})
        if not settings.DEBUG:
            _SYNTAX_HELP[key] = html
    return mark_safe(html)


def page_urls(context) -> links.UrlMaker:
    """links.reversed_url for this render of a page (its URLconf and script prefix read
    once, kept in the render's own state)."""
    make = context.render_context.get(page_urls)
    if make is None:
        make = context.render_context[page_urls] = links.UrlMaker()
    return make


# Bumped when a test overrides a setting (the URLconf, static files' storage...): what
# {% once %} kept was rendered under the old ones.
_settings_generation = [0]


@receiver(setting_changed)
def _settings_changed(**kwargs) -> None:
    _settings_generation[0] += 1


class OnceNode(template.Node):
    """``{% once %}...{% endonce %}``: rendered once per process for each URLconf and
    script prefix (the only request state its links and static files depend on), then
    the same text; anew each time with DEBUG on, where templates are edited. Only
    for markup that names nothing of the page's context: base.html's links and
    static files were a sixth of a card page's template."""

    def __init__(self, nodelist):
        self.nodelist = nodelist
        self.rendered: dict[tuple, str] = {}

    def render(self, context):
        key = (*page_urls(context).key, _settings_generation[0])
        html = self.rendered.get(key)
        if html is None:
            html = self.nodelist.render(context)
            if not settings.DEBUG:
                if len(self.rendered) >= 16:  # a bound, not a policy: one or two keys occur
                    self.rendered.clear()
                self.rendered[key] = html
        return html


@register.tag
def once(parser, token):
    nodelist = parser.parse(("endonce",))
    parser.delete_first_token()
    return OnceNode(nodelist)


class LinkNode(URLNode):
    """``{% url %}`` through rulesref.search.links.reversed_url: each name reversed once
    per process instead of per use (a card page used 33, a tenth of its time)."""

    def render(self, context):
        if self.kwargs:
            return super().render(context)
        args = [arg.resolve(context) for arg in self.args]
        try:
            url = page_urls(context)(self.view_name.resolve(context), *args)
        except NoReverseMatch:
            if self.asvar is None:
                raise
            url = ""
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def link(parser, token):
    """``{% link 'name' arg ... [as var] %}``: ``{% url %}`` without keyword arguments,
    each URL name reversed once per process."""
    node = url_tag(parser, token)
    return LinkNode(node.view_name, node.args, node.kwargs, node.asvar)


@register.simple_tag
def card_link(entry, game_slug=None):
    """An entry's name linked to its page, with the hover preview's URL. URLs from
    templates reversed once (rulesref.search.links): two ``{% url %}`` a row were
    a tenth of a card list. ``game_slug`` where the entry's game is not joined."""
    game = game_slug or entry.game.slug
    return mark_safe(f'<a class="card-link" href="{escape(links.card_url(game, entry.slug))}" '
                     f'data-preview="{escape(links.card_preview_url(game, entry.slug))}">'
                     f'{escape(entry.name)}</a>')
