"""Satanic Panic Hit Points: maximum, Beelze-Butthole tiles, healing, damage, paying HP.

Reading (recorded as a ruling): a Beelze-Butthole tile covers the top rows of
the HP track, and five tiles leave 5 HP, so each tile covers
(25 - 5) / 5 = 4 HP: max HP = 25 - 4 x tiles. The Satan player is never
affected by the tiles.
"""
from __future__ import annotations

from ..core import Problem
from ..rule_refs import rule

MAX_HP = 25
STARTING_HP = 20
MAX_BEELZE_BUTTHOLES = 5
HP_AT_MAX_TILES = 5
HP_PER_TILE = (MAX_HP - HP_AT_MAX_TILES) // MAX_BEELZE_BUTTHOLES  # = 4
BURNING_LIMP_WAND_HP = 4


def max_hp(*, tiles: int = 0, satan: bool = False) -> int:
    if satan:
        return MAX_HP
    return MAX_HP - HP_PER_TILE * min(tiles, MAX_BEELZE_BUTTHOLES)


def gain_beelze_butthole(tiles: int, hp: int, *, satan: bool = False) -> dict:
    """One more tile (at most 5; Satan is immune). HP above the new maximum drops to it.

    Reading: the tile covers the HP track's highest row, so a token sitting
    under it moves down to the new maximum.
    """
    if satan:
        return {"tiles": tiles, "hp": hp, "gained": False, "rule": rule("satanic-panic.satan-beelze"),
                "text": "The Satan player cannot be affected by Beelze-Buttholes."}
    if tiles >= MAX_BEELZE_BUTTHOLES:
        return {"tiles": tiles, "hp": hp, "gained": False,
                "rule": rule("satanic-panic.beelze-butthole"),
                "text": f"A player can have only {MAX_BEELZE_BUTTHOLES} Beelze-Buttholes."}
    tiles += 1
    top = max_hp(tiles=tiles)
    return {"tiles": tiles, "hp": min(hp, top), "gained": True,
            "rule": rule("satanic-panic.beelze-butthole"),
            "text": f"Beelze-Butthole {tiles}: max HP {top} (25 - {HP_PER_TILE} x {tiles})."}


def heal(hp: int, amount: int, maximum: int) -> dict:
    """Healing stops at the maximum but still counts as healing."""
    new_hp = min(hp + amount, maximum) if amount > 0 else hp
    return {"hp": new_hp, "gained": new_hp - hp, "healed": amount > 0,
            "rule": rule("satanic-panic.healing")}


def damage(hp: int, amount: int) -> dict:
    """Damage lowers HP; below 1 HP the player dies (excess damage does nothing)."""
    new_hp = hp - max(amount, 0)
    return {"hp": new_hp, "dies": new_hp < 1, "rule": rule("satanic-panic.death")}


def pay_hp_problem(hp: int, amount: int, *, keep_one: bool = False) -> Problem | None:
    """None if ``amount`` HP can be paid; ``keep_one``: paying may not reach 0 HP."""
    if hp < amount:
        return Problem("not-enough-hp", f"Cannot pay {amount} HP with {hp} HP: HP you do not "
                       "have cannot be spent.", rule("satanic-panic.spending-hp"))
    if keep_one and hp - amount < 1:
        return Problem("hp-would-reach-zero", f"Paying {amount} HP with {hp} HP would reach 0 HP, "
                       "which this payment does not allow.",
                       rule("satanic-panic.burning-limp-wand"))
    return None


def hp_after_death(maximum: int) -> int:
    """Reset to 20 after dying. Reading: never above a lowered maximum (5 tiles: 5 HP)."""
    return min(STARTING_HP, maximum)
