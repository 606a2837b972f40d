"""The bands of a grade (best, good, inaccuracy, mistake, blunder) and their limits, in points of this hand and in
the chance to win the game (:mod:`.grading` documents the points bands, :mod:`.score_grading` the chance ones).

Grades, lesson puzzles and the practice bank all call a move right when it is best or good, by these limits.

>>> band_of(1.2), chance_band(0.012)
('inaccuracy', 'inaccuracy')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

BANDS = ("best", "good", "inaccuracy", "mistake", "blunder")
BAND_LIMITS = (0.3, 1.0, 2.5, 6.0)
"""Upper cost limit (points) of each band but the last."""


def band_of(cost: float, limits: Sequence[float] = BAND_LIMITS) -> str:
    """The band of a cost in points (or in the units of ``limits``; monotone: a higher cost never gets a better band).

    >>> [band_of(x) for x in (0, 0.3, 0.31, 1.0, 2.4, 6.0, 6.01)]
    ['best', 'best', 'good', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    for band, limit in zip(BANDS, limits, strict=False):
        if cost <= limit:
            return band
    return BANDS[-1]


UNSURE_BELOW = 0.6
"""A grade whose confidence in its band is below this says "the coach is not sure"; so does a hint at a score line
whose card the simulations cannot tell from another's (:func:`sure_none_better`)."""


def sure_none_better(differences: Iterable[tuple[float, float]], width: float = BAND_LIMITS[0]) -> float:
    """The chance, under a normal approximation, that no other option beats the best by more than ``width``, given
    each other option's paired difference from the best (mean and standard error of other - best, in a value to
    minimise); a difference without a finite, positive standard error counts as sure."""
    sure = 1.0
    for mean, se in differences:
        if se > 0 and math.isfinite(se):
            sure *= 0.5 * (1.0 + math.erf((mean + width) / se / math.sqrt(2.0)))
    return sure


CHANCE_BAND_LIMITS = tuple(limit / 100 for limit in BAND_LIMITS)
"""The most chance to win the game (0 to 1) a move of each band gives up (best, good, inaccuracy, mistake; more is
a blunder): the grades' bands in chance (:mod:`.score_grading`), which keep the points bands' numbers in percent.
Grades, lesson puzzles and the practice bank all judge a move at a score line by these."""
CHANCE_GOOD = CHANCE_BAND_LIMITS[BANDS.index("good")]
"""A move within this much of the best move's chance to win the game is right, as a grade of 'good' is."""
POINTS_GOOD = BAND_LIMITS[BANDS.index("good")]
"""Where the score makes no difference: a move within this many points of the best is right."""


def chance_band(cost: float) -> str:
    """The band of a cost in chance to win the game (0 to 1).

    >>> [chance_band(x) for x in (0.0, 0.008, 0.02, 0.05, 0.2)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    return band_of(cost, CHANCE_BAND_LIMITS)


__all__ = ["BANDS", "BAND_LIMITS", "CHANCE_BAND_LIMITS", "CHANCE_GOOD", "POINTS_GOOD", "UNSURE_BELOW", "band_of",
           "chance_band", "sure_none_better"]
