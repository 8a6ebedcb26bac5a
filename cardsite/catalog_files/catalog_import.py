"""Read a format-1 catalog document into the database.

Everything is validated first; then one transaction creates or updates what
differs (unchanged rows are not saved, so ``load_catalog`` twice changes
nothing and leaves no history). ``prune`` also deletes objects of the file's
games that the file no longer has. ``dry_run`` rolls the transaction back and
reports what would have changed.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction

from cardsite.catalog.games import GAME_SLUGS
from cardsite.catalog_files.catalog_format import CatalogFormatError, validate_catalog
from cardsite.models import Component, Entry, Game, RollBand
from rulesref import linking, numbering
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.index import deferred_indexing, rebuild_search_index


@dataclass
class ImportReport:
    created: Counter = field(default_factory=Counter)
    updated: Counter = field(default_factory=Counter)
    unchanged: Counter = field(default_factory=Counter)
    deleted: Counter = field(default_factory=Counter)
    dry_run: bool = False

    @property
    def changed(self) -> bool:
        return bool(sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values()))

    def summary(self) -> str:
        lines = []
        names = sorted(set(self.created) | set(self.updated) | set(self.unchanged) | set(self.deleted))
        for name in names:
            lines.append(
                f"{name}: {self.created[name]} created, {self.updated[name]} updated, "
                f"{self.unchanged[name]} unchanged, {self.deleted[name]} deleted"
            )
        prefix = "Dry run (nothing written). " if self.dry_run else ""
        return prefix + ("Changes:\n" if self.changed else "No changes.\n") + "\n".join(lines)


class _DryRunRollback(Exception):
    pass


def _known_refs():
    entries = set(Entry.objects.values_list("game__slug", "slug"))
    rules = set(Rule.objects.values_list("game__slug", "number"))
    return entries, rules


class _Writer:
    """Counts each object once, under its model: an object's links and roll bands are
    part of it (new with a new object; a change to them makes an unchanged object
    updated), so a first load reports only what it created."""

    def __init__(self, report: ImportReport):
        self.report = report
        self._created: set[tuple[str, int]] = set()
        self._updated: set[tuple[str, int]] = set()

    def upsert(self, model, lookup: dict, values: dict):
        """Create or update one row; save only when a value differs."""
        label = model._meta.verbose_name_plural.title()
        obj = model.objects.filter(**lookup).first()
        if obj is None:
            obj = model(**lookup, **values)
            obj.save()
            self.report.created[label] += 1
            self._created.add((label, obj.pk))
            return obj
        changed = [k for k, v in values.items() if getattr(obj, k) != v]
        if changed:
            for key in changed:
                setattr(obj, key, values[key])
            obj.save()
            self.report.updated[label] += 1
            self._updated.add((label, obj.pk))
        else:
            self.report.unchanged[label] += 1
        return obj

    def part_changed(self, obj) -> None:
        """``obj``'s links or roll bands were rewritten."""
        key = (obj._meta.verbose_name_plural.title(), obj.pk)
        if key in self._created or key in self._updated:
            return
        self._updated.add(key)
        self.report.unchanged[key[0]] -= 1
        self.report.updated[key[0]] += 1

    def set_m2m(self, obj, name: str, targets: list) -> None:
        manager = getattr(obj, name)
        if {t.pk for t in targets} != set(manager.values_list("pk", flat=True)):
            manager.set(targets)
            self.part_changed(obj)

    def prune(self, queryset, keep_ids: set) -> None:
        stale = queryset.exclude(pk__in=keep_ids)
        count = stale.count()
        if count:
            self.report.deleted[queryset.model._meta.verbose_name_plural.title()] += count
            for obj in stale:
                obj.delete()


def _entry_values(data: dict, game: Game, components: dict, position: int) -> dict:
    values = {k: data[k] for k in (
        "name", "kind", "type", "glyph", "symbol", "initiative", "cost", "vp", "body", "mind",
        "strength", "copies", "keywords", "text", "flavor", "aliases", "source", "notes",
    )}
    values["component"] = components.get(data["component"]) if data["component"] else None
    values["position"] = position
    values["abilities"] = data.get("abilities", [])
    return values


def _sync_bands(writer: _Writer, entry: Entry, bands: list[dict]) -> None:
    wanted = [(b["low"], b["high"], b["effect"], b["keep"]) for b in bands]
    current = [(b.low, b.high, b.effect, b.keep) for b in entry.bands.order_by("position", "low")]
    if wanted == current:
        return
    entry.bands.all().delete()
    for position, (low, high, effect, keep) in enumerate(wanted):
        RollBand.objects.create(entry=entry, low=low, high=high, effect=effect, keep=keep, position=position)
    writer.part_changed(entry)


def catalog_import(*, data, dry_run: bool = False, prune: bool = False) -> ImportReport:
    """Validate ``data`` whole, then write it in one transaction (or raise)."""
    known_entries, known_rules = _known_refs()
    problems = validate_catalog(data, known_entries=known_entries, known_rules=known_rules)
    if problems:
        raise CatalogFormatError(problems)
    report = ImportReport(dry_run=dry_run)
    try:
        with transaction.atomic():
            # Links are computed once for the whole import, not on every save.
            # The search index too: one rebuild at the end, writing only what differs.
            with deferred_indexing():
                with linking.suspended():
                    _write(data, _Writer(report), prune=prune)
                linking.relink()
            if dry_run:
                raise _DryRunRollback
            rebuild_search_index()
    except _DryRunRollback:
        pass
    return report


def _write(data: dict, w: _Writer, *, prune: bool) -> None:
    games_by_slug: dict[str, Game] = {}
    game_position = {slug: i for i, slug in enumerate(GAME_SLUGS)}
    # Pass 1: games, components, entries, rules (what later references point at).
    for game_data in data["games"]:
        game = w.upsert(Game, {"slug": game_data["slug"]}, {
            "name": game_data["name"], "short_name": game_data["short_name"],
            "family": game_data["family"], "rulebook": game_data["rulebook"],
            "summary": game_data["summary"], "players": game_data["players"],
            "sections": game_data["sections"], "position": game_position[game_data["slug"]],
        })
        games_by_slug[game.slug] = game
        components = {}
        for position, comp in enumerate(game_data["components"]):
            components[comp["slug"]] = w.upsert(Component, {"game": game, "slug": comp["slug"]}, {
                "name": comp["name"], "count": comp["count"], "kind": comp["kind"],
                "group": comp["group"], "breakdown": comp["breakdown"], "source": comp["source"],
                "notes": comp["notes"], "position": position,
            })
        entry_ids = set()
        for position, entry_data in enumerate(game_data["entries"]):
            entry = w.upsert(
                Entry, {"game": game, "slug": entry_data["slug"]},
                _entry_values(entry_data, game, components, position),
            )
            entry_ids.add(entry.pk)
            _sync_bands(w, entry, entry_data["bands"])
        rule_ids = set()
        for rule_data in sorted(game_data["rules"], key=lambda r: numbering.sort_key(r["number"])):
            rule = w.upsert(Rule, {"game": game, "number": rule_data["number"]}, {
                "title": rule_data["title"], "text": rule_data["text"], "source": rule_data["source"],
            })
            rule_ids.add(rule.pk)
        if prune:
            w.prune(game.entries.all(), entry_ids)
            w.prune(game.components.all(), {c.pk for c in components.values()})

    def entry_ref(ref: str, game: Game) -> Entry:
        other, sep, slug = ref.partition("/")
        if sep:  # slugs have no "/", so validation has already resolved "game/slug"
            return Entry.objects.get(game__slug=other, slug=slug)
        return Entry.objects.get(game=game, slug=ref)

    def rule_ref(ref: str, game: Game) -> Rule:
        other, sep, number = ref.partition(" ")
        if sep:
            return Rule.objects.get(game__slug=other, number=number)
        return Rule.objects.get(game=game, number=ref)

    # Pass 2: glossary and rulings, which point at entries and rules.
    for game_data in data["games"]:
        game = games_by_slug[game_data["slug"]]
        term_ids, ruling_ids = set(), set()
        for position, term_data in enumerate(game_data["glossary"]):
            term = w.upsert(GlossaryTerm, {"game": game, "slug": term_data["slug"]}, {
                "term": term_data["term"], "definition": term_data["definition"],
                "differs": term_data["differs"], "aliases": term_data["aliases"],
                "position": position,
            })
            w.set_m2m(term, "rules", [rule_ref(r, game) for r in term_data["rules"]])
            term_ids.add(term.pk)
        for position, ruling_data in enumerate(game_data["rulings"]):
            ruling = w.upsert(Ruling, {"game": game, "slug": ruling_data["slug"]}, {
                k: ruling_data[k] for k in (
                    "kind", "question", "answer", "source", "readings", "engine_reading",
                )
            } | {"position": position})
            w.set_m2m(ruling, "entries", [entry_ref(r, game) for r in ruling_data["entries"]])
            w.set_m2m(ruling, "rules", [rule_ref(r, game) for r in ruling_data["rules"]])
            ruling_ids.add(ruling.pk)
        if prune:
            w.prune(game.terms.all(), term_ids)
            w.prune(game.rulings.all(), ruling_ids)
            keep_rules = {r.pk for r in game.rules.all() if r.number in {x["number"] for x in game_data["rules"]}}
            w.prune(game.rules.order_by("-sort_key"), keep_rules)
