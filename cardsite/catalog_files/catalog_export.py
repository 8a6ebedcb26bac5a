"""Write the whole catalog, rules, glossary and rulings as one format-1 document."""
from __future__ import annotations

from django.db.models import Prefetch

from cardsite.catalog_files.catalog_format import FORMAT_NAME, FORMAT_VERSION, catalog_checksum
from cardsite.images.links import image_status, image_uris
from cardsite.models import Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling


def _entry_ref(entry: Entry, game_id: int) -> str:
    return entry.slug if entry.game_id == game_id else f"{entry.game.slug}/{entry.slug}"


def _rule_ref(rule: Rule, game_id: int) -> str:
    return rule.number if rule.game_id == game_id else f"{rule.game.slug} {rule.number}"


def _entry_sort(entry: Entry):
    return (entry.game.position, entry.position, entry.slug)


def _export_game(game: Game, request=None) -> dict:
    return {
        "slug": game.slug,
        "name": game.name,
        "short_name": game.short_name,
        "family": game.family,
        "rulebook": game.rulebook,
        "summary": game.summary,
        "players": game.players,
        "sections": list(game.sections),
        "components": [
            {
                "slug": c.slug, "name": c.name, "count": c.count, "kind": c.kind,
                "group": c.group, "breakdown": list(c.breakdown), "source": c.source,
                "notes": c.notes,
            }
            for c in game.components.all()
        ],
        "entries": [
            {
                "slug": e.slug, "name": e.name, "kind": e.kind,
                "component": e.component.slug if e.component else None,
                "type": e.type, "glyph": e.glyph, "symbol": e.symbol,
                "initiative": e.initiative, "cost": e.cost, "vp": e.vp, "body": e.body,
                "mind": e.mind, "strength": e.strength, "copies": e.copies,
                "keywords": list(e.keywords), "text": e.text, "flavor": e.flavor,
                "aliases": list(e.aliases),
                "bands": [
                    {"low": b.low, "high": b.high, "effect": b.effect, "keep": b.keep}
                    for b in e.bands.all()
                ],
                **({"abilities": e.abilities} if e.abilities else {}),
                "source": e.source, "notes": e.notes,
                # Read-only: the importer ignores them (images are uploaded, not imported).
                "image_status": image_status(e), "image_uris": image_uris(e, request),
            }
            for e in game.entries.all()
        ],
        "rules": [
            {"number": r.number, "title": r.title, "text": r.text, "source": r.source}
            for r in game.rules.all()
        ],
        "glossary": [
            {
                "slug": t.slug, "term": t.term, "definition": t.definition,
                "differs": t.differs, "aliases": list(t.aliases),
                "rules": [_rule_ref(r, game.id) for r in sorted(t.rules.all(), key=lambda r: r.sort_key)],
            }
            for t in game.terms.order_by("position", "slug")
        ],
        "rulings": [
            {
                "slug": r.slug, "kind": r.kind, "question": r.question, "answer": r.answer,
                "source": r.source,
                "entries": [_entry_ref(e, game.id) for e in sorted(r.entries.all(), key=_entry_sort)],
                "rules": [
                    _rule_ref(x, game.id)
                    for x in sorted(r.rules.all(), key=lambda x: (x.game.position, x.sort_key))
                ],
                "readings": list(r.readings),
                "engine_reading": r.engine_reading,
            }
            for r in game.rulings.all()
        ],
    }


def catalog_export(*, game_slugs: list[str] | None = None, request=None) -> dict:
    """The catalog as a dict; a fixed number of queries whatever its size. Image URLs are
    absolute with ``request`` (or an absolute MEDIA_URL), else site-relative."""
    games = Game.objects.order_by("position", "slug").prefetch_related(
        "components",
        Prefetch(
            "entries",
            queryset=Entry.objects.select_related("component").prefetch_related(
                Prefetch("bands", queryset=RollBand.objects.order_by("position", "low")),
                "images",
            ),
        ),
        Prefetch("rules", queryset=Rule.objects.order_by("sort_key")),
        Prefetch(
            "terms",
            queryset=GlossaryTerm.objects.prefetch_related(
                Prefetch("rules", queryset=Rule.objects.select_related("game"))
            ),
        ),
        Prefetch(
            "rulings",
            queryset=Ruling.objects.order_by("position", "slug").prefetch_related(
                Prefetch("entries", queryset=Entry.objects.select_related("game")),
                Prefetch("rules", queryset=Rule.objects.select_related("game")),
            ),
        ),
    )
    if game_slugs:
        games = games.filter(slug__in=game_slugs)
    games_data = [_export_game(g, request) for g in games]
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "checksum": catalog_checksum(games_data),
        "games": games_data,
    }
