"""Paired comparison of options played out on the same sampled deals (common random numbers).

Each option has one value per deal (lower is better: points, or the chance of not winning the game). The
difference between two options is measured deal by deal, and a difference within ``NOISE_Z`` (2) standard
errors of that difference counts as 0: the simulations cannot tell the options apart. The coach's grades
(:mod:`hearts_tutor.coach.grading`), the miner and the players at the score (the coach's hint and the expert,
which leave the fewest-points card only when the chance to win the game clearly says so) all compare this way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.cards import Card, rank_of

if TYPE_CHECKING:
    from ..equity.line import ScoreLine
    from .search import Estimate

K = TypeVar("K")  # an option: a card or a pass

#: How many standard errors of a paired difference sampling noise may explain.
NOISE_Z = 2.0


def card_order(c: Card) -> tuple[int, int]:
    """The order that breaks ties between cards: the lowest rank first (then the suit)."""
    return (rank_of(c), c)


@dataclass
class Summary:
    """Options compared deal by deal: means, the best option, each one's mean difference from it, the standard
    error of that difference, its cost (the difference, or 0 within noise) and the number of deals."""

    means: dict[Any, float]
    best: Any
    diff: dict[Any, float]
    se: dict[Any, float]
    cost: dict[Any, float]
    n: int


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a - b`` deal by deal and its standard error (infinite on fewer than two deals)."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    m = sum(d) / n
    if n < 2:
        return m, math.inf
    return m, math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)


def summarise(values: dict[Any, list[float]], order: Callable[[Any], Any]) -> Summary:
    """The paired summary of ``values`` (an equal-length list of per-deal values for each option; ``order``
    breaks ties between equal means)."""
    options = list(values)
    n = len(values[options[0]])
    means = {o: sum(v) / n for o, v in values.items()}
    best = min(options, key=lambda o: (round(means[o], 9), order(o)))
    vb = values[best]
    diff, se, cost = {}, {}, {}
    for o in options:
        if o == best:
            diff[o], se[o], cost[o] = 0.0, 0.0, 0.0
            continue
        m, s = paired_difference(values[o], vb)
        diff[o], se[o] = m, s
        cost[o] = 0.0 if m <= NOISE_Z * s else m
    return Summary(means, best, diff, se, cost, n)


def clearly_worse(values: Mapping[Any, Sequence[float]], option: Any, order: Callable[[Any], Any],
                  by: float = 0.0) -> bool:
    """Whether ``option`` is worse than the best option beyond sampling noise (its paired cost is not 0) and by
    at least ``by``."""
    if not values or not all(values.values()):
        return False
    cost = summarise({o: list(v) for o, v in values.items()}, order).cost[option]
    return cost > 0 and cost >= by


#: The chance to win the game (percent) the fewest-points option must clearly give up before a player at the
#: score leaves it where the game cannot end this hand: the "best" band of a grade, less than a player could
#: notice over many games.
SCORE_MATTERS = 0.3


def score_decides(line: ScoreLine, est: Mapping[K, Estimate], fewest: K, order: Callable[[K], Any]) -> bool:
    """Whether a player at the score ``line`` should leave the ``fewest``-points option (a card or a pass): the
    chance to win the game (``est``: a search whose rollouts are valued by the chance of not winning) prefers
    another option beyond sampling noise, deal by deal (:func:`clearly_worse`), and, where the game cannot end
    this hand, by at least ``SCORE_MATTERS``. Otherwise a player at the score plays what the points alone would
    play, from the same sampled deals, so a score far from the target changes nothing (the coach's hint, the
    expert), and a hand that can end the game is not played by the noise of a few sampled deals."""
    return clearly_worse({o: e.values for o, e in est.items()}, fewest, order,
                         by=0.0 if line.can_end_this_hand else SCORE_MATTERS)


__all__ = ["NOISE_Z", "SCORE_MATTERS", "Summary", "card_order", "clearly_worse", "paired_difference", "score_decides",
           "summarise"]
