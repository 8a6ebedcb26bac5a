"""What the catalog still lacks, per game and component (the editors' worklists).

Built on cardsite.browse.selectors.game_coverage: the printed count against the
entries present, and for the entries present which applicable fields are
unknown. A component's type is read from its entries (or, with none yet,
from its name: "Delivery Cards" holds deliveries), so the add links can
pre-fill it.
"""
from __future__ import annotations

from collections import Counter
from urllib.parse import urlencode

from django.urls import reverse

from cardsite.browse.selectors import game_coverage
from cardsite.catalog import games
from cardsite.models import Component, Entry, Game

LACKING_SHOWN = 40


def component_type(component: Component, entry_types: list[str | None]) -> str | None:
    known = Counter(t for t in entry_types if t)
    if known:
        return known.most_common(1)[0][0]
    slug = component.slug
    matches = [t.slug for t in games.GAME_TYPES.get(component.game.slug, ())
               if slug == t.slug or slug.startswith(t.slug + "-") or slug.startswith(t.slug + "s")]
    return max(matches, key=len) if matches else None


def entry_add_url(component: Component, type_slug: str | None) -> str:
    params = {"game": component.game_id, "component": component.pk,
              "kind": component.kind if component.kind in games.ENTRY_KINDS else "card"}
    if type_slug:
        params["type"] = type_slug
    return reverse("admin:cardsite_entry_add") + "?" + urlencode(params)


def worklist(*, game: str | None = None) -> list[dict]:
    """[{game, rows}] with each coverage row plus ``missing`` (printed − present),
    ``type``, ``add_url``, ``bulk_url`` and ``lacking`` [(entry, [field names])]."""
    rows = [r for r in game_coverage(game=game) if r["component"] is not None]
    components = {(c.game.slug, c.slug): c for c in Component.objects.select_related("game")}
    entries = Entry.objects.select_related("game").order_by("game__position", "position", "slug")
    if game:
        entries = entries.filter(game__slug=game)
    by_component: dict[int | None, list] = {}
    for entry in entries:
        by_component.setdefault(entry.component_id, []).append(entry)
    sections: dict[str, dict] = {}
    for g in Game.objects.order_by("position", "slug"):
        if not game or g.slug == game:
            sections[g.slug] = {"game": g, "rows": []}
    for row in rows:
        component = components.get((row["game"], row["component"]))
        if component is None or component.kind not in games.ENTRY_KINDS:
            continue  # dice, counters and rulebooks are not catalog entries
        present = by_component.get(component.pk, [])
        type_slug = component_type(component, [e.type for e in present])
        lacking = []
        for entry in present:
            gaps = [name for name in games.applicable_attributes(entry.game.slug, entry.type, entry.kind)
                    if getattr(entry, name) is None]
            if entry.text is None:
                gaps.insert(0, "text")
            if gaps:
                lacking.append((entry, gaps))
        printed = row["printed"]
        sections[row["game"]]["rows"].append({
            **row,
            "component_obj": component,
            "missing": None if printed is None else max(printed - row["entries"], 0),
            "type": type_slug,
            "add_url": entry_add_url(component, type_slug),
            "bulk_url": reverse("editorial-bulk-add", args=[component.pk])
                        + (f"?type={type_slug}" if type_slug else ""),
            "lacking": lacking[:LACKING_SHOWN],
            "lacking_more": max(len(lacking) - LACKING_SHOWN, 0),
            "lacking_count": len(lacking),
        })
    return list(sections.values())
