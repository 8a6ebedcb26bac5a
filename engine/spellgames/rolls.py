"""Dice in the spell games: power-roll dice, roll-table bands, random foes."""
from __future__ import annotations

import random

from ..core import DIE_FACES, EngineError, Explanation, make_rng, require_int, roll_die
from ..odds import MAX_POWER_DICE, band_for_total, parse_bands
from .games import (
    MAX_WIZARDS,
    cite,
    require_game,
    require_glyph,
    require_list,
    require_name,
    require_unique_names,
)
from .legality import parse_components

MAX_REROLLS = 100  # random-foe re-rolls: a fair die cannot miss forever


def _glyph_list(raw, *, field: str) -> list[str | None]:
    return [require_glyph(g, field=f"{field}[{i}]")
            for i, g in enumerate(require_list(raw or [], field=field, high=30))]


def power_roll_dice(game, glyph, components=(), kept_creatures=(), champion_glyph=None,
                    dead_wizard_tokens=(), extra_dice=0) -> dict:
    """How many dice a Power Roll gets: one per matching glyph the wizard has in play.

    Counted: the spell's components (the rolling card included), kept face-up
    Creatures, and in anarchy the current Champion and each Dead Wizard token.
    Rally and Wild Magic cards carry no glyph (Wild Magic is replaced on reveal:
    pass the card that replaced it). ``extra_dice`` is for card effects that
    grant more dice, which the engine cannot read from a card itself.
    """
    game = require_game(game)
    glyph = require_glyph(glyph, field="glyph")
    if glyph is None:
        raise EngineError("glyph: the rolling card's glyph is needed", field="glyph",
                          code="missing")
    comps = [c for c in parse_components(list(components)) if c.type not in ("rally",
                                                                             "wild-magic")]
    creatures = require_list(list(kept_creatures), field="kept_creatures", high=30)
    champion_glyph = require_glyph(champion_glyph, field="champion_glyph")
    tokens = _glyph_list(list(dead_wizard_tokens), field="dead_wizard_tokens")
    extra_dice = require_int(extra_dice, field="extra_dice", low=0, high=MAX_POWER_DICE)
    if game == "rumble" and champion_glyph:
        raise EngineError("champion_glyph: Rumble at Castle Tentakill has no Champions",
                          field="champion_glyph", code="not-in-game")
    if game == "rumble" and tokens:
        raise EngineError("dead_wizard_tokens: Rumble uses Dead Wizard cards, not tokens",
                          field="dead_wizard_tokens", code="not-in-game")

    why = Explanation()
    counted = []
    for comp in comps:
        if comp.glyph == glyph:
            counted.append({"from": "spell", "label": comp.label})
    why.add(cite(game, "power-roll.dice"),
            f"{len(counted)} {glyph} card(s) in the spell (the rolling card included)")
    for i, creature in enumerate(creatures):
        field = f"kept_creatures[{i}]"
        if not isinstance(creature, dict):
            raise EngineError(f"{field} must be an object", field=field, code="type")
        if require_glyph(creature.get("glyph"), field=f"{field}.glyph") == glyph:
            counted.append({"from": "creature", "label": creature.get("name") or "Creature"})
    if creatures:
        n = sum(1 for c in counted if c["from"] == "creature")
        why.add(cite(game, "creature.kept-glyphs"), f"{n} kept Creature(s) with a {glyph} glyph")
    if champion_glyph == glyph:
        counted.append({"from": "champion", "label": "Champion"})
        why.add(cite(game, "champion.glyph"), f"the Champion's {glyph} glyph adds a die")
    matching_tokens = sum(1 for t in tokens if t == glyph)
    counted += [{"from": "dead-wizard-token", "label": "Dead Wizard token"}] * matching_tokens
    if tokens:
        why.add(cite(game, "dead-wizard-token.glyph"),
                f"{matching_tokens} of {len(tokens)} Dead Wizard token(s) show {glyph}")
    counted += [{"from": "effect", "label": "card effect"}] * extra_dice
    if extra_dice:
        why.add(cite(game, "power-roll.dice"), f"{extra_dice} more die/dice from card effects")
    if not counted:
        raise EngineError("no card with that glyph: the rolling card itself must be in the "
                          "spell or among the kept creatures", field="glyph", code="no-dice")
    why.add(cite(game, "power-roll.dice"), f"roll {len(counted)} six-sided dice")
    return {"dice": len(counted), "glyph": glyph, "counted": counted,
            "explanation": why.as_list()}


def roll_band(game, bands, total) -> dict:
    """Which band of a card's roll table a Power Roll total lands in."""
    game = require_game(game)
    total = require_int(total, field="total", low=1, high=6 * MAX_POWER_DICE)
    band = band_for_total(bands, total)
    why = Explanation()
    labels = ", ".join(b.label for b in parse_bands(bands))
    why.add(cite(game, "power-roll.bands"),
            f"a roll of {total} on the table {labels}: " +
            (f"band {band.label}" if band else "no band covers it"))
    return {"total": total, "band": band.label if band else None, "explanation": why.as_list()}


def foes_from_left(seating, caster, legal=None) -> list[str]:
    """Foes in the order dice values are handed out: the caster's left, then clockwise.

    ``seating`` lists every wizard clockwise (each one's left is the next one);
    ``legal`` (optional) keeps only the foes the effect may target.
    """
    seats = require_list(seating, field="seating", low=1, high=MAX_WIZARDS)
    seats = [require_name(s, field=f"seating[{i}]") for i, s in enumerate(seats)]
    require_unique_names(seats, field="seating")
    caster = require_name(caster, field="caster")
    if caster not in seats:
        raise EngineError(f"caster {caster!r} is not seated", field="caster",
                          code="unknown-wizard")
    start = seats.index(caster)
    foes = seats[start + 1:] + seats[:start]
    if legal is None:
        return foes
    legal = set(require_list(legal, field="legal", high=MAX_WIZARDS))
    unknown = legal - set(foes)
    if unknown:
        raise EngineError(f"legal: {', '.join(sorted(map(str, unknown)))} are not foes "
                          "at this table", field="legal", code="unknown-wizard")
    return [f for f in foes if f in legal]


def random_foe_faces(targets, game: str = "rumble") -> dict:
    """Spread the die's six faces over the legal targets, starting to the left.

    Rumble (random-foe-uneven-split): each target gets the same number of faces,
    6 // n, in a run (3 targets: 1-2, 3-4, 5-6); faces left over are re-rolled
    (4 targets: 1-4, re-roll 5-6), as its worked example splits them. Anarchy
    (random-foe-spare-faces): one face per target, clockwise from the left, the
    rest re-rolled, as its five-player example does. Either keeps every foe
    equally likely.
    """
    targets = require_list(targets, field="targets", high=len(DIE_FACES))
    per = (1 if game == "anarchy" else len(DIE_FACES) // len(targets)) if targets else 0
    faces = {t: list(DIE_FACES[i * per:(i + 1) * per]) for i, t in enumerate(targets)}
    reroll = list(DIE_FACES[per * len(targets):]) if targets else []
    return {"faces": faces, "reroll": reroll}


def roll_random_foe(game, targets, rolls=None, rng: random.Random | None = None,
                    seed=None) -> dict:
    """Choose a random foe: assign faces, roll (given rolls first), re-roll spare faces."""
    game = require_game(game)
    targets = require_list(targets, field="targets", high=len(DIE_FACES))
    require_unique_names(list(targets), field="targets")
    spread = random_foe_faces(targets, game)
    why = Explanation()
    if not targets:
        why.add(cite(game, "random-foe"), "no legal target: nobody is chosen")
        return {"victim": None, "rolls": [], **spread, "explanation": why.as_list()}
    why.add(cite(game, "random-foe"), "faces from the left: " + "; ".join(
        f"{t} {_faces_text(f)}" for t, f in spread["faces"].items()) +
        (f"; re-roll {_faces_text(spread['reroll'])}" if spread["reroll"] else ""))
    if len(targets) == 1:
        why.add(cite(game, "random-foe"), f"only {targets[0]} can be chosen: no roll needed")
        return {"victim": targets[0], "rolls": [], **spread, "explanation": why.as_list()}
    given = [require_int(r, field="rolls", low=1, high=6)
             for r in require_list(rolls or [], field="rolls", high=MAX_REROLLS)]
    rng = rng or make_rng(seed)
    used: list[int] = []
    owner = {face: t for t, faces in spread["faces"].items() for face in faces}
    while len(used) < MAX_REROLLS:
        value = given.pop(0) if given else roll_die(rng)
        used.append(value)
        if value in owner:
            why.add(cite(game, "random-foe"),
                    f"rolled {', '.join(map(str, used))}: {owner[value]} is the victim")
            return {"victim": owner[value], "rolls": used, **spread,
                    "explanation": why.as_list()}
    raise EngineError("the given rolls never chose a target", field="rolls", code="endless")


def _faces_text(faces: list[int]) -> str:
    if not faces:
        return "-"
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
