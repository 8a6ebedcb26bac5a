"""Linked HTML for rules, rulings and glossary definitions, computed once.

Card names (and their aliases), glossary terms and rule references in the text
become links; everything else is escaped. The result is stored in
``Rule.html``, ``Ruling.answer_html`` and ``GlossaryTerm.definition_html``
(with ``Rule.mentions``, the entries a rule names), so pages never parse text
per request.

What is linked, within the text's own game:
- an entry's name or alias, matched case-sensitively as printed;
- a glossary term or alias as the rulebooks capitalise game terms ("Main Deck",
  not "main deck"; a capital first letter is allowed at a sentence start),
  plural "s" allowed;
- "rule 7.3", "rules 7.3 and 8.1", "see 7.3", and "<game> 7.3" for any game.
Card names and terms are linked at their first occurrence only (later ones
would only add noise); every rule reference is linked. Unknown rule numbers
stay plain text.

Writes go through ``bulk_update`` so relinking never adds history rows or
fires save signals. Saving a rule, ruling or term relinks its own text at
once; a change other texts depend on (a card's name, a term, a rule number, a
delete) relinks everything once when the transaction commits. ``suspended()``
turns this off for bulk work (the catalog import), which calls ``relink()``
once at the end.
"""
from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.urls import reverse
from django.utils.html import escape

from cardsite.catalog.games import GAME_SLUGS
from cardsite.models import Entry, Game
from cardsite.web import response_cache
from rulesref.models import GlossaryTerm, Rule, Ruling

_NUMBER = r"[1-9][0-9]{0,2}(?:\.[1-9][0-9]{0,2}){0,3}"
_GAME_PREFIX = "|".join(re.escape(slug) for slug in sorted(GAME_SLUGS, key=len, reverse=True))
# "rumble 7.3" (any game) or "rule 7.3" / "rules 7.3, 7.4 and 8" / "see 7.3" (this game).
RULE_REF_RE = re.compile(
    rf"(?<![\w-])(?:(?P<game>{_GAME_PREFIX})|(?P<word>[Rr]ules?|[Ss]ee|§))\s+"
    rf"(?P<numbers>{_NUMBER}(?:(?:\s*,\s*|\s+(?:and|or|to)\s+){_NUMBER})*)(?![\w.]*\d)"
)
_NUMBER_RE = re.compile(_NUMBER)
_BOUNDARY_BEFORE, _BOUNDARY_AFTER = r"(?<!\w)", r"(?!\w)"


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    html_open: str
    target: tuple  # what is linked, so a name is linked once per text
    priority: int  # on equal spans: rule references, then cards, then terms
    entry_id: int | None = None


@dataclass
class Linker:
    """Everything needed to link the texts of one game (built in a few queries)."""

    game: str
    names: dict[str, Entry] = field(default_factory=dict)  # exact spelling -> entry
    terms: dict[str, str] = field(default_factory=dict)  # spelling -> term slug
    rules: dict[str, set[str]] = field(default_factory=dict)  # game -> rule numbers
    _name_re: re.Pattern | None = None
    _term_re: re.Pattern | None = None

    def __post_init__(self):
        self._name_re = _alternation(self.names, flags=0, plural=False)
        self._term_re = _alternation(self.terms, flags=0, plural=True)

    def link(self, text: str) -> tuple[str, set[int]]:
        """(escaped HTML with links, ids of the entries named)."""
        text = text or ""
        spans = self._rule_spans(text) + self._name_spans(text) + self._term_spans(text)
        chosen, seen, end = [], set(), 0
        for span in sorted(spans, key=lambda s: (s.start, -(s.end - s.start), s.priority)):
            words = ("words", text[span.start:span.end].lower())
            if span.start < end or span.target in seen or words in seen:
                continue
            chosen.append(span)
            seen.update((span.target, words))
            end = span.end
        parts, pos = [], 0
        for span in chosen:
            parts.append(escape(text[pos:span.start]))
            parts.append(f"{span.html_open}{escape(text[span.start:span.end])}</a>")
            pos = span.end
        parts.append(escape(text[pos:]))
        html = "".join(parts).replace("\r\n", "\n").replace("\n", "<br>\n")
        return html, {s.entry_id for s in chosen if s.entry_id}

    def _name_spans(self, text):
        if not self._name_re:
            return []
        spans = []
        for match in self._name_re.finditer(text):
            entry = self.names[match.group(0)]
            url = reverse("card-detail", args=[self.game, entry.slug])
            preview = reverse("card-preview", args=[self.game, entry.slug])
            spans.append(_Span(
                match.start(), match.end(),
                f'<a class="card-link" href="{url}" data-preview="{preview}">',
                ("card", entry.pk), 1, entry.pk,
            ))
        return spans

    def _term_spans(self, text):
        if not self._term_re:
            return []
        spans = []
        for match in self._term_re.finditer(text):
            slug = self.terms[match.group("word")]
            url = reverse("glossary-term", args=[slug]) + f"#{self.game}"
            spans.append(_Span(match.start(), match.end(),
                               f'<a class="term-link" href="{url}">', ("term", slug), 2))
        return spans

    def _rule_spans(self, text):
        spans = []
        for match in RULE_REF_RE.finditer(text):
            game = match.group("game") or self.game
            known = self.rules.get(game, set())
            offset = match.start("numbers")
            for i, number in enumerate(_NUMBER_RE.finditer(match.group("numbers"))):
                if number.group(0) not in known:
                    continue
                # the first number's link covers its "rule"/"rumble" word too
                start = match.start() if i == 0 else offset + number.start()
                url = reverse("rule-list", args=[game]) + f"#r{number.group(0)}"
                spans.append(_Span(
                    start, offset + number.end(),
                    f'<a class="rule-link" href="{url}">',
                    ("rule", game, number.group(0), start), 0,
                ))
        return spans


def _alternation(words: dict, *, flags: int, plural: bool) -> re.Pattern | None:
    if not words:
        return None
    # longest first, so "Dead Wizard Token" wins over "Dead Wizard"
    options = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    suffix = "(?:e?s)?" if plural else ""
    return re.compile(
        f"{_BOUNDARY_BEFORE}(?P<word>{options}){suffix}{_BOUNDARY_AFTER}", flags
    )


def _is_words(spelling: str) -> bool:
    """A term links only where it is spelt in letters: two at least ("HP", "Wild
    Magic"). A term named "0" or "+" would otherwise link every such character."""
    return sum(char.isalpha() for char in spelling) >= 2


def build_linker(game: Game, *, all_rules: dict[str, set[str]] | None = None) -> Linker:
    names = {}
    for entry in Entry.objects.filter(game=game).only("pk", "slug", "name", "aliases"):
        for spelling in [entry.name, *(entry.aliases or [])]:
            if spelling and spelling.strip():
                names.setdefault(spelling.strip(), entry)
    terms = {}
    for term in GlossaryTerm.objects.filter(game=game).only("slug", "term", "aliases"):
        for spelling in [term.term, *(term.aliases or [])]:
            spelling = (spelling or "").strip()
            if _is_words(spelling):
                terms.setdefault(spelling, term.slug)
                terms.setdefault(spelling[0].upper() + spelling[1:], term.slug)
    if all_rules is None:
        all_rules = rule_numbers()
    return Linker(game=game.slug, names=names, terms=terms, rules=all_rules)


def rule_numbers() -> dict[str, set[str]]:
    numbers: dict[str, set[str]] = {}
    for game, number in Rule.objects.values_list("game__slug", "number"):
        numbers.setdefault(game, set()).add(number)
    return numbers


def relink(*, games=None) -> int:
    """Recompute every linked text of ``games`` (slugs; default all). Returns texts changed."""
    all_rules = rule_numbers()
    queryset = Game.objects.all() if games is None else Game.objects.filter(slug__in=games)
    changed = 0
    for game in queryset:
        linker = build_linker(game, all_rules=all_rules)
        changed += _relink_rules(linker, Rule.objects.filter(game=game))
        changed += _relink_field(linker, Ruling.objects.filter(game=game), "answer", "answer_html")
        changed += _relink_field(
            linker, GlossaryTerm.objects.filter(game=game), "definition", "definition_html"
        )
    if changed:
        # Texts changed after the write's own bump (this runs on its commit): retire
        # the cached pages again, once the new texts are committed.
        response_cache.queue_bump({response_cache.EVERYTHING})
    return changed


def _relink_field(linker: Linker, queryset, source: str, target: str) -> int:
    stale = []
    for obj in queryset.only("pk", source, target):
        html, _ = linker.link(getattr(obj, source))
        if html != getattr(obj, target):
            setattr(obj, target, html)
            stale.append(obj)
    queryset.model.objects.bulk_update(stale, [target], batch_size=200)
    return len(stale)


def _relink_rules(linker: Linker, queryset) -> int:
    stale, mention_rows = [], []
    current = {}
    for rule_id, entry_id in Rule.mentions.through.objects.filter(
        rule__in=queryset
    ).values_list("rule_id", "entry_id"):
        current.setdefault(rule_id, set()).add(entry_id)
    rules = list(queryset.only("pk", "text", "html"))
    changed_mentions = []
    for rule in rules:
        html, mentioned = linker.link(rule.text)
        if html != rule.html:
            rule.html = html
            stale.append(rule)
        if mentioned != current.get(rule.pk, set()):
            changed_mentions.append(rule.pk)
            mention_rows += [Rule.mentions.through(rule_id=rule.pk, entry_id=e) for e in mentioned]
    Rule.objects.bulk_update(stale, ["html"], batch_size=200)
    if changed_mentions:
        Rule.mentions.through.objects.filter(rule_id__in=changed_mentions).delete()
        Rule.mentions.through.objects.bulk_create(mention_rows, batch_size=500)
    return len(stale) + len(changed_mentions)


# --- Keeping it current on save ---------------------------------------------

_state = threading.local()


@contextmanager
def suspended():
    """Skip relinking on save inside the block (the caller relinks once after)."""
    previous = getattr(_state, "suspended", False)
    _state.suspended = True
    try:
        yield
    finally:
        _state.suspended = previous


def _active(raw: bool) -> bool:
    return not raw and not getattr(_state, "suspended", False)


# What other texts depend on: a change here relinks everything.
_LINK_KEYS = {
    Entry: ("game_id", "slug", "name", "aliases"),
    GlossaryTerm: ("game_id", "slug", "term", "aliases"),
    Rule: ("game_id", "number"),
}


def _link_key(obj):
    return tuple(getattr(obj, name) for name in _LINK_KEYS[type(obj)])


def _remember_key(sender, instance, raw=False, **kwargs):
    if not _active(raw):
        return
    old = sender.objects.filter(pk=instance.pk).first() if instance.pk else None
    instance._link_key_before = _link_key(old) if old else None


def _relink_all():
    relink()


def _relink_on_commit():
    """Relink everything once, when the transaction commits: deleting a game
    cascades into hundreds of deletes, and each must not relink on its own."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        entry[1] is _relink_all for entry in connection.run_on_commit
    ):
        return  # already scheduled for this transaction
    transaction.on_commit(_relink_all)


def _after_save(sender, instance, created=False, raw=False, **kwargs):
    if not _active(raw):
        return
    if sender in _LINK_KEYS and getattr(instance, "_link_key_before", None) != _link_key(instance):
        _relink_on_commit()
        return
    if sender is Entry:  # an entry has no linked text of its own
        return
    # only this object's own text changed
    linker = build_linker(instance.game)
    if sender is Rule:
        _relink_rules(linker, Rule.objects.filter(pk=instance.pk))
    elif sender is Ruling:
        _relink_field(linker, Ruling.objects.filter(pk=instance.pk), "answer", "answer_html")
    elif sender is GlossaryTerm:
        _relink_field(linker, GlossaryTerm.objects.filter(pk=instance.pk),
                      "definition", "definition_html")
    # After the text's own write (in autocommit the save's bump has already run).
    response_cache.queue_bump(response_cache.scopes_of(instance))


def _after_delete(sender, instance, **kwargs):
    if _active(False):
        _relink_on_commit()


def connect_signals():
    """Called from RulesrefConfig.ready()."""
    for model in _LINK_KEYS:
        pre_save.connect(_remember_key, sender=model, dispatch_uid=f"linking-pre-{model.__name__}")
        post_delete.connect(_after_delete, sender=model,
                            dispatch_uid=f"linking-del-{model.__name__}")
    for model in (*_LINK_KEYS, Ruling):
        post_save.connect(_after_save, sender=model, dispatch_uid=f"linking-post-{model.__name__}")
