"""Judging moves in the chance of winning the game at the current scores (issue 31, the plumbing).

A rollout ends with every seat's points for the hand. :class:`ScoreLine` turns those points into the
learner's chance of winning the game at the new scores (:class:`~hearts_tutor.equity.GameOdds`, exact when
the hand ends the game), and :func:`compare` weighs the options of one decision from their rollouts: the mean
chance and the mean points of each, the best by either, and the cost of each in words a player reads: "this
lowers your chance to win the game from 31% to 25%", or in points where the score makes no difference (the game
cannot end this hand and the chance picks the same move as the points).

How the coach plays to the score (the public API, for lessons too):

* :func:`judged_line` (``hearts_tutor.equity.line``): the score line of a view in a match (``view.scores``), or
  None for a lone hand or rules no game-win table fits (then everything is in points).
* ``hint(view)``, ``grade_play(view, card)``, ``grade_pass(view, cards)`` and ``review_hand(record, seat, seed,
  scores)`` judge at that line by themselves (``to_score=False`` for points alone). Their rollouts value a deal
  by ``ScoreLine.loss_after(points)`` (the search's ``value=``) and keep the seat's points beside it. A hint has
  ``line`` and ``chance``; a grade has ``line`` and ``unit`` ("chance": ``cost`` is percent of the chance to win
  the game given up, bands in :mod:`.score_grading`; "points" where the score makes no difference).
* :mod:`.score_advice` words why the score changes the advice (``score_reason``, ``moon_reason``,
  ``leader_reason``, ``line_words``, ``chance_sentence``); :func:`compare` here weighs given outcomes directly.
* The bots: the expert (``to_score=True`` by default) and the hard level's double-check (``plays_to_score``).

>>> from hearts_tutor.engine.rules import Rules
>>> line = ScoreLine(Rules.preset("standard"), (20, 95, 60, 40), seat=0)
>>> line.can_end_this_hand
True
>>> line.chance_after([0, 13, 0, 13])  # the queen to seat 1 (95) ends the game: seat 0 is lowest
1.0
>>> verdict = compare(line, {"QS to seat 1": [[0, 13, 0, 13]], "QS to seat 2": [[0, 0, 13, 13]]})
>>> verdict.best, verdict.in_points
('QS to seat 1', False)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..equity.line import MOST_POINTS_IN_A_HAND, ScoreLine, judged_line, percent
from .bands import CHANCE_GOOD, POINTS_GOOD

Option = TypeVar("Option", bound=Hashable)
"""A move being weighed: a card, a pass, or any label."""


@dataclass(frozen=True)
class Verdict(Generic[Option]):
    """The options of one decision weighed at a score line (:func:`compare`)."""

    line: ScoreLine
    chance: Mapping[Option, float]
    """Mean chance to win the game after the hand, per option."""
    points: Mapping[Option, float]
    """Mean points the seat takes this hand, per option."""
    best_by_chance: Option
    best_by_points: Option

    @property
    def in_points(self) -> bool:
        """Whether the score makes no difference here: the game cannot end this hand and the chance picks the
        same move as the points (then costs are shown in points)."""
        return not self.line.can_end_this_hand and self.best_by_chance == self.best_by_points

    @property
    def best(self) -> Option:
        """The move to make: the best by points where the score makes no difference, else by chance."""
        return self.best_by_points if self.in_points else self.best_by_chance

    @property
    def score_changes_advice(self) -> bool:
        """Whether playing to the score picks another move than playing for points."""
        return self.best_by_chance != self.best_by_points

    def cost(self, option: Option) -> float:
        """What ``option`` gives up against the best: points, or (not :attr:`in_points`) chance from 0 to 1."""
        if self.in_points:
            return max(0.0, self.points[option] - self.points[self.best])
        return max(0.0, self.chance[self.best] - self.chance[option])

    def accepts(self, option: Option) -> bool:
        """Whether ``option`` is right: as good as the best within :data:`CHANCE_GOOD` of the chance to win the
        game (within :data:`POINTS_GOOD` points where the score makes no difference)."""
        return self.cost(option) <= (POINTS_GOOD if self.in_points else CHANCE_GOOD)

    def cost_words(self, option: Option) -> str:
        """The cost of ``option`` in words a player reads."""
        if option not in self.chance:
            raise KeyError(f"{option!r} is not one of the options weighed")
        cost = self.cost(option)
        if self.in_points:
            return points_words(cost)
        return chance_words(cost, self.chance[option], self.chance[self.best])


def compare(line: ScoreLine, outcomes: Mapping[Option, Sequence[Sequence[int]]]) -> Verdict[Option]:
    """Weigh each option from its rollouts' end-of-hand points (every seat's, one list per rollout).

    Options compared on the same dice (common random numbers) should have the same number of rollouts.
    """
    if not outcomes:
        raise ValueError("no options to compare")
    chance: dict[Option, float] = {}
    points: dict[Option, float] = {}
    for option, rollouts in outcomes.items():
        if not rollouts:
            raise ValueError(f"option {option!r} has no rollouts")
        chance[option] = math.fsum(line.chance_after(p) for p in rollouts) / len(rollouts)
        points[option] = math.fsum(p[line.seat] for p in rollouts) / len(rollouts)
    order = list(outcomes)  # ties go to the first option given
    best_chance = max(order, key=lambda o: (round(chance[o], 9), -order.index(o)))
    best_points = min(order, key=lambda o: (round(points[o], 9), order.index(o)))
    return Verdict(line, chance, points, best_chance, best_points)


def chance_words(cost: float, chance: float, best: float) -> str:
    """A cost in chance to win the game, e.g. 'this lowers your chance to win the game from 31% to 25%'.

    >>> chance_words(0.06, 0.25, 0.31)
    'this lowers your chance to win the game from 31% to 25%'
    >>> chance_words(0.003, 0.307, 0.31)
    'this lowers your chance to win the game by less than 1 win in 100 games (it stays at 31%)'
    >>> chance_words(0.0, 0.31, 0.31)
    'this keeps your best chance to win the game (31%)'
    """
    if cost <= 0:
        return f"this keeps your best chance to win the game ({percent(best)})"
    if percent(chance) == percent(best):
        return (f"this lowers your chance to win the game by less than 1 win in 100 games (it stays at "
                f"{percent(best)})")
    return f"this lowers your chance to win the game from {percent(best)} to {percent(chance)}"


def points_words(cost: float) -> str:
    """A cost in expected points this hand.

    >>> points_words(2.44), points_words(0.0)
    ('this costs 2.4 points on average', 'this costs nothing on average')
    """
    if cost < 0.05:
        return "this costs nothing on average"
    return f"this costs {cost:.1f} point{'s' if round(cost, 1) != 1 else ''} on average"


__all__ = ["MOST_POINTS_IN_A_HAND", "ScoreLine", "Verdict", "chance_words", "compare", "judged_line", "percent",
           "points_words"]
