"""Build a separate benchmark database: the real catalog plus N SYNTHETIC entries.

Synthetic entries are generated here, clearly marked (slug "synthetic-...",
name suffix "(synthetic)", notes "SYNTHETIC"), and never written to fixtures/.
Run through bench/http_bench.py, which points GRIMOIRE_VAR_DIR/DATABASE_URL at
a database of its own before Django starts.
"""
from __future__ import annotations

import random
import time

SYLLABLES = (
    "zap gor tent akil blaz mur dok vex quor lum shad rift pyro nec crag ooz fang hex "
    "wub grim sparkl thund bog skul frak dru ven"
).split()
TYPES = ("source", "quality", "delivery", "treasure", "creature", "spell", "location")
GLYPHS = ("arcane", "dark", "elemental", "illusion", "primal", None)
WORDS = (
    "deal damage to each foe random target heal gain blood standee treasure creature keep "
    "roll power glyph discard draw card spell wizard strongest weakest left right"
).split()


def synthetic_entries(count: int, games, seed: int = 1):
    from cardsite.models import Entry

    rng = random.Random(seed)
    for i in range(count):
        game = games[i % len(games)]
        name = " ".join(rng.choice(SYLLABLES).capitalize() + rng.choice(SYLLABLES)
                        for _ in range(rng.randint(1, 3)))
        yield Entry(
            game=game, slug=f"synthetic-{i:06d}", name=f"{name} {i} (synthetic)", kind="card",
            type=rng.choice(TYPES), glyph=rng.choice(GLYPHS),
            initiative=rng.randint(0, 20) if rng.random() < 0.8 else None,
            cost=rng.randint(0, 12) if rng.random() < 0.7 else None,
            vp=rng.randint(-3, 5) if rng.random() < 0.5 else None,
            keywords=rng.sample(["ATTACK", "DEFENSE", "ONGOING", "KEEP", "Creature"], rng.randint(0, 2)),
            text=" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 20))).capitalize() + ".",
            notes="SYNTHETIC benchmark entry, not from a rulebook.",
            position=10_000 + i,
        )


def build(count: int, game: str | None = None) -> None:
    """Migrate, load the catalog and add ``count`` synthetic entries: spread over every
    game, or all in ``game`` (a slug: e.g. a 5,000-card Rumble for bench/sandbox_http.py)."""
    from django.core.management import call_command

    from cardsite.models import Entry, Game

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    Entry.objects.filter(slug__startswith="synthetic-").delete()
    games = list(Game.objects.filter(slug=game) if game else Game.objects.all())
    batch = []
    for entry in synthetic_entries(count, games):
        batch.append(entry)
        if len(batch) == 5000:
            Entry.objects.bulk_create(batch)
            batch.clear()
    Entry.objects.bulk_create(batch)
    try:
        call_command("rebuild_search_index", verbosity=0)
    except Exception as exc:  # the command belongs to the search layer
        print(f"search index not rebuilt: {exc}")
    print(f"built {Entry.objects.count()} entries ({count} synthetic) in "
          f"{time.perf_counter() - started:.1f} s")
