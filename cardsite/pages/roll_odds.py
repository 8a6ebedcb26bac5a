"""The chance of each roll-table band for a spell's dice, exactly.

A spell rolls one die per matching glyph (more with creatures and tokens), so
the card page shows a column per number of dice. The numbers come from the
engine's exact ``power_roll_odds``.
"""
from __future__ import annotations

from fractions import Fraction

from engine.core import EngineError
from engine.odds import power_roll_odds

DICE_COLUMNS = (1, 2, 3, 4, 5, 6)


def band_odds(bands, dice_columns=DICE_COLUMNS) -> list[dict]:
    """[{"band": RollBand, "chances": [(dice, Fraction | None), ...]}, ...]."""
    rows = []
    for band in bands:
        chances = []
        for dice in dice_columns:
            try:
                answer = power_roll_odds(dice, [band.label])
                chances.append((dice, Fraction(answer["bands"][0]["exact"])))
            except EngineError:  # a band the engine cannot read: shown as unknown
                chances.append((dice, None))
        rows.append({"band": band, "chances": chances})
    return rows
