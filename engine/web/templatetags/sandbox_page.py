"""A sandbox page's table in Python: the head of templates/sandbox/_table.html (the game,
version and links, the seats' links, the undo and bots forms, the message and the result)
and a spell game's table (Rumble, Anarchy: what _spell.html and the _card.html it included
wrote), byte for byte.

They were most of a sandbox page's template time (a new Rumble table's page: about 200
nodes, each a lookup, a localization or a condition). ``{% table_head %}`` and
``{% spell_table %}`` write the same HTML from the same context (views._context, with
presenters.present_spell's view) with Django's ways: a value as ``{{ }}`` writes it
(``_text``: localized, escaped; a missing key writes nothing and reads as None in a
condition, a tag's argument ""), ``default``, ``default_if_none``, ``join`` and ``slugify``
as their filters do, ``{% csrf_token %}`` as its node does, and each include's file's last
line end.
"""
from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.text import slugify

from ..sandbox.links import plain_path
from .sandbox_html import _die, _fields_before_action, _text, escape, hand_items

register = template.Library()

_MISSING = object()


def _get(obj, key):
    """``obj.key`` as a template reads it from the view's dicts (None when missing)."""
    return obj.get(key) if isinstance(obj, dict) else None


def _arg(obj, key):
    """``obj.key`` as a tag's argument: "" when missing (the engine's string_if_invalid)."""
    return obj.get(key, "") if isinstance(obj, dict) else ""


def _out(obj, key) -> str:
    """``{{ obj.key }}``: nothing for a missing key."""
    value = obj.get(key, _MISSING) if isinstance(obj, dict) else _MISSING
    return "" if value is _MISSING else _text(value)


def _default(obj, key, default: str) -> str:
    """``{{ obj.key|default:"..." }}``."""
    value = _get(obj, key)
    return _text(value) if value else default


def _join(values, sep: str = ", ") -> str:
    """``{{ values|join:", " }}`` (each item escaped, not localized)."""
    return sep.join(conditional_escape(v) for v in values)


def _from(context, name) -> str:
    """``{{ name }}`` from the template's context: nothing when missing."""
    value = context.get(name, _MISSING)
    return "" if value is _MISSING else _text(value)


def _attr(obj, name):
    """``obj.name`` of an object (Access, Sandbox): None when missing."""
    return getattr(obj, name, None)


def _csrf_token(context) -> str:
    """``{% csrf_token %}``."""
    token = context.get("csrf_token")
    if not token:
        return ""
    if token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">'


@register.simple_tag(takes_context=True)
def table_head(context) -> str:
    """templates/sandbox/_table.html's head: the table's opening, its header, the message
    and the result (through the line before its layout)."""
    view, sandbox, access = context.get("view"), context.get("sandbox"), context.get("access")
    readonly, paths, owner = context.get("readonly"), context.get("paths"), _attr(access, "owner")
    terminal, seat = _get(view, "terminal"), _attr(access, "seat")
    version = _text(sandbox.version)
    game = context["game_name"] if "game_name" in context else sandbox.get_game_display()
    o = ['<div id="sandbox" class="sandbox sandbox-', _out(view, "family"), '" data-version="',
         version, '">\n  <header class="sb-head">\n    <h1>', _text(game),
         ' <span class="sb-sub">sandbox</span></h1>\n    <p class="sb-meta">']
    if readonly:
        o += ["Replayed to step <strong>", _from(context, "step"),
              "</strong> (the stored table is version ", version, ")"]
    else:
        o += ['Version <strong data-testid="version">', version, "</strong>"]
    if owner or terminal:  # a seat's page keeps it back: every hidden card follows from it
        o += [" · seed ", _text(sandbox.seed)]
    o += [' ·\n      <a href="', _out(paths, "detail"),
          '" rel="bookmark" data-testid="permalink">permalink</a> ·\n      ']
    if owner or terminal:
        o += ['<a href="', _out(paths, "replay"), '">replay from the seed</a> ·']
    o += ['\n      <a href="', escape(plain_path("sandbox-index")), '">new table</a></p>\n    ']
    if not owner and not terminal:
        o.append('<p class="sb-seat" data-testid="seat-view">')
        if seat:
            o += ["You play <strong>", _text(seat), "</strong>: you see your own hand and the "
                  "table; the others' hands and face-down cards stay hidden until the game is "
                  "over."]
        else:
            o.append("You are watching: you see what the table shows.")
        o.append("</p>")
    o.append("\n    ")
    links = context.get("links")
    if links:
        request = context.get("request")
        scheme, host = _text(request.scheme), _text(request.get_host())
        o.append('<details class="sb-links" data-testid="seat-links"><summary>Links for the '
                 "players</summary>\n      <p class=\"muted\">This page is the owner's: it "
                 "shows every hand. Give each player the link to their seat; it shows their own "
                 "hand and lets them make their own moves only.</p>\n      <ul>")
        for link in links:
            path = _out(link, "path")
            o += ["<li>", _out(link, "seat") if _get(link, "seat") else "Spectators",
                  ': <a href="', path, '">', scheme, "://", host, path, "</a></li>"]
        o.append("</ul></details>")
    o.append("\n    ")
    csrf = None
    if not readonly and owner:
        csrf = _csrf_token(context)
        o += ['\n    <form method="post" action="', _out(paths, "undo"),
              '" class="sb-inline" data-sandbox>', csrf,
              '<input type="hidden" name="version" value="', version,
              '"><button type="submit" class="secondary" data-testid="undo">Undo last action'
              "</button></form>\n    "]
    o.append("\n    ")
    if not readonly and not terminal and (owner or seat):
        bots = context.get("bots")
        person, policy = _get(bots, "person"), _get(bots, "policy")
        o += ['\n    <form method="post" action="', _out(paths, "bots"),
              '" class="sb-inline sb-bots" data-sandbox data-testid="bots-form">',
              _csrf_token(context) if csrf is None else csrf,
              '<input type="hidden" name="version" value="', version, '">\n      ']
        if owner:
            o.append('<label>You play <select name="person" data-testid="bots-person">'
                     '<option value="">nobody: the bots play to the end</option>')
            for name in context.get("seats") or ():
                shown = _text(name)
                o += ['<option value="', shown, '"', " selected" if name == person else "",
                      ">", shown, "</option>"]
            o.append("</select></label>")
        o += ['\n      <label>bots <select name="policy" data-testid="bots-policy">'
              '<option value="greedy"', " selected" if policy != "random" else "",
              '>greedy</option><option value="random"', " selected" if policy == "random"
              else "", '>random</option></select></label>\n      <button type="submit" '
              'data-testid="bots-play">', "Let the bots play" if owner
              else "Bots play the other seats", "</button>\n      "]
        if person:
            o += ['<small class="muted" data-testid="bots-solo">Solo game: the bots answer '
                  "each of ", _out(bots, "person"), "'s moves.</small>"]
        o.append("</form>\n    ")
    o.append("\n  </header>\n  ")
    if context.get("message"):
        o += ['<div class="sb-message sb-', _from(context, "message_status"),
              '" role="alert" data-testid="message">', _from(context, "message"), "</div>"]
    o.append("\n  ")
    if terminal:
        result = _get(view, "result")
        o.append('<div class="sb-message sb-ok sb-result" data-testid="result"><strong>Game '
                 "over.</strong>\n    ")
        if _get(result, "winner"):
            o += ["Winner: <strong>", _out(result, "winner"), "</strong>"]
            if _get(result, "decided_by"):
                o += [" (decided by ", _out(result, "decided_by"), ")"]
            o.append(".")
        elif result:
            o.append("No single winner: a tie the tiebreaks do not split.")
        o.append("\n    ")
        ranking = _get(result, "ranking")
        if ranking:
            o.append("<ol>")
            for r in ranking:
                o += ["<li>", _out(r, "name"), ": "]
                if _get(r, "last_wizard_standing_tokens") is not None:
                    o += [_out(r, "last_wizard_standing_tokens"),
                          " Last Wizard Standing token(s)"]
                else:
                    o += [_out(r, "vp"), " VP"]
                o.append("</li>")
            o.append("</ol>")
        o.append("\n    ")
        explanation = _get(result, "explanation")
        if explanation:
            o.append("<details><summary>How it was scored</summary><ul>")
            for step in explanation:
                o += ["<li>", _out(step, "text"), ' <small class="log-rule">',
                      _out(step, "rule"), "</small></li>"]
            o.append("</ul></details>")
        o.append("\n  </div>")
    o.append("\n")
    return mark_safe("".join(o))


def card_html(card: dict, roll=None) -> str:
    """templates/sandbox/_card.html's output (with its last line end)."""
    kind = _get(card, "type")
    o = ['<article class="card glyph-', _default(card, "glyph", "unknown"), " type-",
         _out(card, "type"), " stand-in" if _get(card, "stand_in") else "",
         '">\n  <header><strong>']
    if _get(card, "url"):
        o += ['<a href="', _out(card, "url"), '">', _out(card, "name"), "</a>"]
    else:
        o.append(_out(card, "name"))
    o.append('</strong></header>\n  <p class="card-meta">')
    if kind:
        o.append(_out(card, "type"))
        slot = _get(card, "slot")
        if slot and slot != kind:
            o += [" in the ", _out(card, "slot"), " slot"]
    if kind and kind != "rally" and kind != "wild-magic":
        o += [" · ", _out(card, "glyph") if _get(card, "glyph") else "glyph unknown"]
    if kind == "delivery":
        o.append(" · initiative ")
        o.append(f"<b>{_out(card, 'initiative')}</b>" if _get(card, "initiative") is not None
                 else "unknown")
    if _get(card, "creature"):
        o.append(" · Creature")
    o.append("</p>\n  ")
    if _get(card, "text"):
        o += ['<p class="sb-text">', _out(card, "text"), "</p>"]
    o.append("\n  ")
    bands = _get(card, "bands_view")
    if bands:
        o.append('<table class="sb-bands"><tbody>')
        for b in bands:
            hit = (roll and _get(roll, "band") == _get(b, "label")
                   and _get(card, "status") == "current")
            o += ["<tr", ' class="hit"' if hit else "", "><th>", _out(b, "label"), "</th><td>",
                  _out(b, "effect"), "</td></tr>"]
        o.append("</tbody></table>")
    o.append("\n  ")
    if _get(card, "stand_in"):
        o.append('<p class="card-note">Stand-in (not a catalog card)</p>')
    o.append("\n</article>\n")
    return "".join(o)


def _default_if_none(obj, key, default: str) -> str:
    """``{{ obj.key|default_if_none:"..." }}`` (a missing key writes nothing)."""
    value = obj.get(key, _MISSING) if isinstance(obj, dict) else _MISSING
    return "" if value is _MISSING else default if value is None else _text(value)


def _options(names, selected=_MISSING) -> str:
    """``{% for n in names %}<option{% if n == selected %} selected{% endif %}>{{ n }}
    </option>{% endfor %}``."""
    return "".join(f'<option{" selected" if n == selected else ""}>{_text(n)}</option>'
                   for n in names or ())


@register.simple_tag(takes_context=True)
def spell_table(context) -> str:
    """templates/sandbox/_spell.html's table for ``view`` (a spell game's)."""
    return mark_safe(_Table(context).html())


class _Table:
    def __init__(self, context):
        self.context = context
        self.v = v = context["view"]
        self.readonly = context.get("readonly")
        self.act_url = _text(context["act_url"]) if "act_url" in context else ""
        self.before = _fields_before_action(context)
        self.form = f'<form method="post" action="{self.act_url}" class="sb-inline" data-sandbox>'
        self.row = f'<form method="post" action="{self.act_url}" data-sandbox class="row">'
        self.phase, self.core, self.acts = _get(v, "phase"), _get(v, "core"), _get(v, "acts")
        self.rumble = _get(self.core, "game") == "rumble"
        self.dealt = _get(v, "dealt")

    def fields(self, act) -> str:
        """``{% action_fields act %}``."""
        return self.before + _text(act) + '">\n'

    def html(self) -> str:
        v, phase, acts, readonly = self.v, self.phase, self.acts, self.readonly
        o = ['\n<p class="sb-status" data-testid="phase">Round ', _out(v, "round"), " ·\n  "]
        if phase == "build":
            o.append("Build your spells")
        elif phase == "resolve":
            o += ["Resolving <strong>", _out(v, "caster"), "</strong>'s spell"]
        elif phase == "end":
            o.append("Every spell has resolved")
        else:
            o.append("This game is over")
        o.append("\n  ")
        champion = _get(v, "champion")
        if champion:
            o += [" · Champion: ", _out(champion, "name")]
            if _get(champion, "glyph"):
                o += [" (", _out(champion, "glyph"), ")"]
        o.append("\n  ")
        if self.rumble:
            o += [" · Standee: ", _default(self.core, "standee", "in the middle of the table")]
        o.append("</p>\n")
        deck = _get(v, "deck")
        if self.dealt:
            o += ['<p class="sb-decks muted" data-testid="decks">Main Deck ', _out(deck, "main"),
                  " cards · discard pile ", _out(deck, "discard"), " · Treasure deck ",
                  _out(deck, "treasure")]
            if self.rumble:
                o += [" · Dead Wizard deck ", _out(deck, "dead_wizard")]
            o.append("</p>")
        else:
            o.append('<p class="sb-decks muted">Free table: no deck, place any card.</p>')
        o.append("\n\n")
        reaction = _get(v, "reaction")
        if reaction:
            o += ['\n<section class="resolve reaction" aria-label="Reaction" '
                  'data-testid="reaction">\n  <h2>', _out(reaction, "wizard"),
                  "'s Reaction</h2>\n  <p>", _out(reaction, "wizard"), " died before ",
                  _out(_get(reaction, "card"), "name"),
                  " started resolving: its Reaction triggers (even on a self-inflicted "
                  'death).</p>\n  <div class="spell"><div class="spell-slot current">',
                  card_html(_get(reaction, "card")), "</div></div>\n  "]
            if not readonly:
                o.append('<div class="controls">')
                for b in _get(v, "reaction_buttons") or ():
                    o += [self.form, self.fields(_arg(b, "action")),
                          '<button type="submit" data-testid="play-reaction">',
                          _out(b, "label"), "</button></form>"]
                o.append("</div>")
            o.append("\n</section>\n")
        o.append('\n\n<div class="wizards">\n')
        for w in _get(v, "wizards") or ():
            o.append(self.wizard(w))
        o.append("\n</div>\n\n")
        if phase == "build" and not readonly:
            can_reveal = _get(v, "can_reveal")
            o += ["\n", self.form, self.fields(_arg(acts, "reveal")),
                  '<button type="submit" data-testid="reveal"',
                  "" if can_reveal else ' aria-describedby="reveal-help"',
                  ">Reveal the spells and find the turn order</button></form>\n"]
            if not can_reveal:
                o.append('<p id="reveal-help" class="muted">')
                problems = _get(v, "reveal_problems")
                if problems:
                    for p in problems:
                        o.append(_out(p, "message"))
                        if _get(p, "rule"):
                            o += [" (", _out(p, "rule"), ")"]
                        o.append(" ")
                else:
                    o.append("Every living wizard places a spell first.")
                o.append("</p>")
            o.append("\n")
        o.append("\n\n")
        if _get(v, "order"):
            o.append(self.order())
        o.append("\n\n")
        if phase == "resolve":
            o.append(self.resolve())
        o.append("\n\n")
        if phase == "end" and not readonly:
            o += ["\n", self.form, self.fields(_arg(acts, "end_round")),
                  '<button type="submit" data-testid="end-round">End the round</button>'
                  "</form>\n"]
        o.append("\n")
        if phase == "game-over" and self.rumble and not _get(v, "terminal") and not readonly:
            o += ["\n", self.form, self.fields(_arg(acts, "new_game")),
                  '<button type="submit">Start the next game</button></form>\n']
        o.append("\n\n")
        if not readonly and not _get(v, "terminal") and _get(v, "by_hand_open"):
            o.append(self.by_hand())
        o.append("\n\n")
        return "".join(o)

    def wizard(self, w) -> str:
        alive, name, readonly = _get(w, "alive"), _out(w, "name"), self.readonly
        o = ['\n  <section class="wizard', "" if alive else " dead",
             " active" if _get(w, "is_caster") else "",
             '" data-testid="wizard-', escape(slugify(_get(w, "name") or "")),
             '" aria-label="', name, '">\n    <h2>', name]
        if _get(w, "is_standee"):
            o.append(' <span class="sb-badge">Standee</span>')
        if not alive:
            o.append(' <span class="sb-badge dead">dead</span>')
        if _get(w, "ready") and self.phase == "build":
            o.append(' <span class="sb-badge ok">spell placed</span>')
        o += ['</h2>\n    <div class="hp" role="meter" aria-valuemin="0" aria-valuemax="25" '
              'aria-valuenow="', _out(w, "hp"), '" aria-label="', name,
              ' hit points"><span style="width: ', _out(w, "hp_pct"),
              '%"></span><b data-testid="hp">', _out(w, "hp"), "</b> HP</div>\n    "]
        if _get(w, "hand_hidden"):
            o += ['<p class="muted">Hand: ', _out(w, "hand_hidden"), " card(s), face down.</p>"]
        o.append('\n    <p class="tokens">')
        if self.rumble:
            o += ["Blood ", _out(w, "blood"), " · Last Wizard Standing tokens ",
                  _out(w, "last_wizard_standing_tokens")]
            if _get(w, "dead_wizard_cards"):
                o += [" · Dead Wizard cards ", _out(w, "dead_wizard_cards")]
                drawn = _get(w, "dead_wizard_drawn")
                if drawn:
                    o += [" (", _join(drawn), ": effects by hand)"]
        else:
            o += ["Applause tokens ", _out(w, "applause_count"),
                  " (face down) · Dead Wizard tokens "]
            tokens = _get(w, "dead_wizard_tokens")
            if tokens:
                for t in tokens:
                    o += ['<span class="chip glyph-', _text(t) if t else "unknown", '">',
                          _text(t) if t else "glyph unknown", "</span>"]
            else:
                o.append("0")
        o.append("</p>\n    ")
        creatures = _get(w, "creatures")
        if creatures:
            o.append("<p>Creatures: ")
            for c in creatures:
                o += ['<span class="chip glyph-', _default(c, "glyph", "unknown"), '">',
                      _out(c, "name"), "</span>"]
                if not readonly:
                    o += [self.form, self.fields(_arg(c, "discard_act")),
                          '<button class="link" type="submit">discard</button></form>']
                o.append(" ")
            o.append("</p>")
        o.append("\n    ")
        treasures = _get(w, "treasures")
        if treasures:
            o.append("<p>Treasures: ")
            for t in treasures:
                o += ['<span class="chip">', _text(t), "</span> "]
            o.append("</p>")
        o.append("\n\n    ")
        if self.phase == "build" and alive:
            o.append(self.wizard_build(w))
        o.append("\n  </section>\n")
        return "".join(o)

    def wizard_build(self, w) -> str:
        ready, acts, readonly = _get(w, "ready"), _get(w, "acts"), self.readonly
        o = ['\n      <div class="spell">\n        ']
        spell = _get(w, "spell")
        if spell:
            for card in spell:
                o += ['<div class="spell-slot">', card_html(card)]
                if not ready and not readonly:
                    o += [self.form, self.fields(_arg(card, "remove_act")),
                          '<button class="link" type="submit">take back</button></form>']
                o.append("</div>")
        else:
            o.append('<p class="muted">')
            if _get(w, "spell_hidden"):
                o += [_out(w, "spell_hidden"), " card(s) face down."]
            else:
                o.append("No cards placed.")
            o.append("</p>")
        o.append("\n      </div>\n      ")
        check = _get(w, "check")
        if check:
            legal = _get(check, "legal")
            o += ['<p class="verdict ', "warn" if _get(check, "warning") else "ok" if legal
                  else "bad", '" data-testid="verdict">']
            if legal:
                o += ["Legal: “", _out(check, "name"), "”, ", _out(check, "component_count"),
                      " component(s), initiative ",
                      _default_if_none(check, "initiative", "unknown")]
                if _get(check, "warning"):
                    o += ["; but ", _out(check, "warning")]
            else:
                o.append("Illegal: ")
                for e in _get(check, "errors") or ():
                    o.append(_out(e, "message"))
                    if _get(e, "rule"):
                        o += [" (", _out(e, "rule"), ")"]
                    o.append(" ")
            o.append("</p>")
        o.append("\n      ")
        if not readonly and _get(w, "controls"):
            o.append("\n      ")
            if not ready and self.dealt:
                hand = _get(w, "hand")
                o += ['\n      <div class="hand" data-testid="hand"><h3>Hand (',
                      str(len(hand or "")), ')</h3>\n        <ul class="hand-cards">',
                      hand_items(self.context, hand), "</ul>\n      </div>\n      "]
            o.append("\n      ")
            if not ready:
                o.append("\n      ")
                if not self.dealt:
                    o.append(self.builder(w, acts))
                o += ["\n      ", self.form, self.fields(_arg(acts, "ready")),
                      '<button type="submit" data-testid="ready">Spell placed</button>'
                      "</form>\n      "]
            else:
                o += ["\n      ", self.form, self.fields(_arg(acts, "unready")),
                      '<button type="submit" class="secondary">Take the spell back up'
                      "</button></form>\n      "]
            o.append("\n      ")
        o.append("\n    ")
        return "".join(o)

    def builder(self, w, acts) -> str:
        o = ['\n      <details class="builder"', "" if _get(w, "spell") else " open",
             "><summary>Add a card</summary>\n        "]
        if _get(self.v, "catalog"):
            o += ["\n        ", self.row, self.fields(_arg(acts, "add_card")),
                  '\n          <label>Catalog card <input name="catalog_card" type="search" '
                  'placeholder="its name, e.g. Tentakiller" autocomplete="off" required>'
                  '</label>\n          <button type="submit">Add</button></form>\n        ']
        o += [f'\n        <form method="post" action="{self.act_url}" data-sandbox '
              'class="row stand-in-form">', self.fields(_arg(acts, "add_card")),
              '\n          <label>Type <select name="f.card.type">']
        for t in _get(self.v, "types") or ():
            o += ["<option", " selected" if t == "delivery" else "", ">", _text(t), "</option>"]
        o += ['</select></label>\n          <label>Glyph <select name="f.card.glyph">'
              '<option value="">unknown</option>', _options(_get(self.v, "glyphs")),
              '</select></label>\n'
              '          <label>Initiative <input name="f.card.initiative" type="number" '
              'min="0" max="99" inputmode="numeric" class="short"></label>\n'
              '          <label>Name <input name="f.card.name" placeholder="e.g. Dark '
              'Delivery"></label>\n'
              '          <label class="check"><input type="checkbox" name="f.card.creature" '
              'value="true"> Creature</label>\n'
              '          <label class="wide">Roll table <input name="f.card.bands" '
              'placeholder="1-4: 1 damage; 5-9: 3 damage; 10+: 5 damage"></label>\n'
              '          <label class="wide">Text <input name="f.card.text" '
              'placeholder="the card\'s text (applied by hand)"></label>\n'
              '          <button type="submit">Add stand-in</button></form>\n'
              "      </details>\n      "]
        return "".join(o)

    def order(self) -> str:
        v, info = self.v, _get(self.v, "order_info")
        caster = _get(v, "caster")
        o = ['\n<section class="order" aria-label="Turn order"><h2>Turn order</h2>\n  <ol>']
        for t in _get(info, "turns") or ():
            o += ['<li class="', "active" if _get(t, "wizard") == caster else "", '">',
                  _out(t, "wizard"), ": “", _out(t, "name"), "”, ", _out(t, "component_count"),
                  " component(s), initiative ", _out(t, "initiative"), "</li>"]
        o.append("</ol>\n  ")
        for tie in _get(info, "ties") or ():
            o += ['<p class="tie">Tie at ', _out(tie, "component_count"),
                  " component(s), initiative ", _out(tie, "initiative"), ": "]
            rolls = _get(tie, "rolls") or ()
            for i, r in enumerate(rolls):
                for who, d in r.items():
                    o += [_text(who), " ", _die(d), " "]
                if i != len(rolls) - 1:
                    o.append(" then ")
            o += [" → ", _join(_get(tie, "order") or ()), "</p>"]
        o.append("\n</section>\n")
        return "".join(o)

    def resolve(self) -> str:
        v, acts, readonly = self.v, self.acts, self.readonly
        roll, current = _get(v, "roll"), _get(v, "current")
        o = ['\n<section class="resolve" aria-label="Resolving" data-testid="resolve">\n  <h2>',
             _out(v, "caster"), "'s spell</h2>\n  <div class=\"spell\">"]
        for card in _get(v, "queue") or ():
            o += ['<div class="spell-slot ', _out(card, "status"), '">', card_html(card, roll),
                  "</div>"]
        o.append("</div>\n  ")
        if current:
            o += ["\n  <p>Now: <strong>", _out(current, "name"), "</strong>",
                  " — the Champion's Rally effect (apply it by hand)"
                  if _get(current, "type") == "rally" else "", "</p>\n  "]
            if roll:
                dice = _get(roll, "dice")
                o += ['<p class="roll" data-testid="roll">Power Roll: ',
                      "".join(_die(d) for d in dice or ()), " = <strong>", _out(roll, "total"),
                      "</strong> → "]
                if _get(roll, "band"):
                    o += ["band <strong>", _out(roll, "band"), "</strong>: ",
                          _out(roll, "effect")]
                else:
                    o.append("no band covers it")
                counted = _get(roll, "counted") or ()
                o += ["\n    <small>(", str(len(dice or "")), " dice: ",
                      ", ".join(_out(c, "label") for c in counted), ")</small></p>"]
            o.append("\n  ")
            foe = _get(v, "random_foe")
            if foe:
                o += ['<p class="foe" data-testid="random-foe">Random foe: ',
                      "".join(_die(d) for d in _get(foe, "rolls") or ()), " → <strong>",
                      _out(foe, "victim"), "</strong></p>"]
            o.append("\n  ")
            if not readonly:
                o.append('\n  <div class="controls">\n    ')
                wild = _get(v, "wild")
                if wild:  # replaced as the spell is revealed, before anything resolves
                    slot = _out(wild, "slot")
                    o += ["\n      ", self.form, self.fields(_arg(acts, "replace_wild_magic")),
                          '<button type="submit">',
                          f"Turn over Main Deck cards until a {slot}" if self.dealt
                          else f"Draw the replacement (a stand-in {slot})",
                          "</button></form>\n      "]
                    if _get(v, "replace_slot"):
                        replace = _out(v, "replace_slot")
                        o += [self.form, self.fields(_arg(acts, "replace_wild_magic")),
                              '<input type="hidden" name="catalog_type" value="', replace,
                              '"><input name="catalog_card" type="search" aria-label='
                              '"replacement card" placeholder="a ', replace,
                              ' card\'s name" autocomplete="off" required><button '
                              'type="submit">Replace with this card</button></form>']
                    o.append("\n    ")
                else:
                    o.append("\n      ")
                    buttons = _get(v, "play_buttons")
                    for b in buttons or ():
                        o += [self.form, self.fields(_arg(b, "action")),
                              '<button type="submit" data-testid="play-card">',
                              _out(b, "label"), "</button></form>"]
                    o.append("\n      ")
                    if _get(current, "bands") and not roll:
                        o += [self.form, self.fields(_arg(acts, "power_roll")),
                              '<button type="submit" data-testid="power-roll">Power Roll'
                              "</button></form>"]
                    o += ["\n      ", self.form, self.fields(_arg(acts, "random_foe")),
                          '<button type="submit" class="secondary">Roll for a random foe'
                          "</button></form>\n      "]
                    if not buttons:
                        o += [self.form, self.fields(_arg(acts, "next")),
                              '<button type="submit" data-testid="next">Done with ',
                              _out(current, "name"), "</button></form>"]
                    o.append("\n    ")
                o.append("\n  </div>\n  ")
            o.append("\n  ")
        o.append("\n</section>\n")
        return "".join(o)

    def by_hand(self) -> str:
        v, acts = self.v, self.acts
        all_names, alive_names = _get(v, "all_names"), _get(v, "alive_names")
        o = ['\n<section class="by-hand" aria-label="Apply effects by hand">\n'
             "  <h2>Apply effects by hand</h2>\n"
             "  <p class=\"muted\">The engine cannot run a card's text: read it and apply its "
             "damage, healing and other effects here. The engine still checks each one (dead "
             "targets, Creatures absorbing only a foe's damage, HP and Blood limits) and "
             "applies deaths and their consequences.</p>\n  "]
        if _get(v, "show_damage"):
            o += [f'<form method="post" action="{self.act_url}" data-sandbox class="row" '
                  'data-testid="damage-form">', self.fields(_arg(acts, "damage")),
                  '\n    <label>Damage <input name="f.amount" type="number" min="0" max="999" '
                  'class="short" value="', _default_if_none(v, "damage_hint", ""),
                  '" required></label>\n    <label>to <select name="f.target">',
                  _options(all_names, _get(v, "damage_target")),
                  '</select></label>\n    <label>from <select name="f.source"><option value="">'
                  "no wizard (not from a foe)</option>",
                  _options(all_names, _get(v, "damage_source")),
                  '</select></label>\n    <label class="check"><input type="checkbox" '
                  'name="f.absorb" value="true"> a Creature absorbs it</label>\n    ']
            if _get(self.core, "game") == "anarchy":
                o += ['<label>Dead Wizard token glyph <select name="f.dead_wizard_token_glyph">'
                      '<option value="">unknown</option>', _options(_get(v, "glyphs")),
                      "</select></label>"]
            o.append('\n    <button type="submit" data-testid="deal-damage">Deal damage</button>'
                     "</form>")
        caster = _get(v, "caster")
        o += ["\n  ", self.row, self.fields(_arg(acts, "heal")),
              '\n    <label>Heal <input name="f.amount" type="number" min="0" max="999" '
              'class="short" required></label>\n    <label><select name="f.target" '
              'aria-label="wizard to heal">', _options(all_names, caster),
              '</select></label>\n    <button type="submit">Heal</button></form>\n  ']
        current, roll = _get(v, "current"), _get(v, "roll")
        if _get(v, "show_keep") and (
                current and _get(current, "type") != "wild-magic" and _get(current, "creature")
                or current and _get(roll, "keep")):
            o += ["\n  ", self.row, self.fields(_arg(acts, "keep_creature")),
                  '\n    <input type="hidden" name="f.wizard" value="', _out(v, "caster"),
                  '"><input type="hidden" name="f.creature.name" value="',
                  _out(current, "name"), '">']
            if _get(current, "id"):
                o += ['<input type="hidden" name="f.creature.card" value="', _out(current, "id"),
                      '">']
            if _get(current, "glyph"):
                o += ['<input type="hidden" name="f.creature.glyph" value="',
                      _out(current, "glyph"), '">']
            o += ['\n    <button type="submit" class="secondary">', _out(v, "caster"), " keeps ",
                  _out(current, "name"), " face up (Creature / KEEP)</button></form>\n  "]
        o.append("\n  ")
        if self.rumble:
            o += ["\n  ", self.row, self.fields(_arg(acts, "gain_blood")),
                  '\n    <label>Blood <input name="f.amount" type="number" min="0" max="25" '
                  'class="short" required></label>\n    <label>for <select name="f.wizard">',
                  _options(alive_names), '</select></label><button type="submit" '
                  'class="secondary">Gain Blood</button></form>\n  ', self.row,
                  self.fields(_arg(acts, "take_standee")),
                  '\n    <label>Standee to <select name="f.wizard">', _options(alive_names),
                  '</select></label><button type="submit" class="secondary">Take the Standee'
                  "</button></form>\n  "]
        else:
            o += ["\n  ", self.row, self.fields(_arg(acts, "gain_applause")),
                  '\n    <label>Applause token for <select name="f.wizard">',
                  _options(all_names), '</select></label><button type="submit" '
                  'class="secondary">Award Applause</button></form>\n  ']
        o += ["\n  ", self.row, self.fields(_arg(acts, "gain_treasure")), "\n    ",
              "<span>The top card of the Treasure deck</span>" if self.dealt
              else '<label>Treasure <input name="f.treasure" required></label>',
              '\n    <label>for <select name="f.wizard">', _options(alive_names),
              '</select></label><button type="submit" class="secondary">Gain Treasure'
              "</button></form>\n</section>\n"]
        return "".join(o)
