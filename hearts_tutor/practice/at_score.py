"""Judging the options of a puzzle at its score line: the learner's chance to win the game after each card
(issue 31), from rollouts that keep every seat's points (:func:`~hearts_tutor.practice.mine.play_outcomes`) read by
:class:`hearts_tutor.coach.to_score.ScoreLine`. The miner of ``play-to-score`` puzzles, the bank's second verifier
and ``puzzles check`` judge such puzzles here, each with its own model and dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..coach.bands import CHANCE_GOOD
from ..coach.to_score import ScoreLine, compare
from ..engine.cards import Card
from ..engine.view import PlayerView
from .mine import half_width, paired_lower_bound, play_outcomes


@dataclass(frozen=True)
class ChanceComparison:
    """Cards judged by the seat's chance to win the game: means and 95% half-widths, the best, each card's cost
    against the best (chance from 0 to 1), and the cards accepted as right."""

    chance: dict[Any, float]
    spread: dict[Any, float]
    points: dict[Any, float]
    best: Any
    best_by_points: Any
    n: int

    def cost(self, option: Any) -> float:
        return max(0.0, self.chance[self.best] - self.chance[option])

    @property
    def accepted(self) -> list[Any]:
        """The cards within :data:`CHANCE_GOOD` of the best card's chance."""
        return [o for o in self.chance if self.cost(o) <= CHANCE_GOOD]


def chances_of(line: ScoreLine, outcomes: Mapping[Any, Sequence[Sequence[int]]]) -> dict[Any, list[float]]:
    """Each rollout's chance to win the game for the line's seat, per option."""
    return {o: [line.chance_after(p) for p in rows] for o, rows in outcomes.items()}


def judge_at_score(view: PlayerView, cards: Sequence[Card], *, seed: int, deals: int, model: str = "coach"
                   ) -> ChanceComparison:
    """Weigh ``cards`` by the seat's chance to win the game at the view's scores (``model`` as in
    :func:`~hearts_tutor.practice.mine.option_values`)."""
    line = score_line(view)
    outcomes = play_outcomes(view, cards, seed=seed, deals=deals, model=model)
    verdict = compare(line, outcomes)
    chances = chances_of(line, outcomes)
    return ChanceComparison(dict(verdict.chance), {o: half_width(v) for o, v in chances.items()},
                            dict(verdict.points), verdict.best_by_chance, verdict.best_by_points, deals)


def score_line(view: PlayerView) -> ScoreLine:
    """The view's score line; a clear error when the view has none (a puzzle without scores)."""
    if len(view.scores) != view.n:
        raise ValueError("this position has no score line (the game's scores before the hand)")
    return ScoreLine(view.rules, tuple(view.scores), view.seat)


def lead_in_chance(chances: Mapping[Any, list[float]], better: Any, worse: Any) -> float:
    """The lower end of the 95% interval of how much more chance ``better`` gives than ``worse`` (paired)."""
    return paired_lower_bound({"b": [-x for x in chances[better]], "w": [-x for x in chances[worse]]}, "w", "b")


__all__ = ["ChanceComparison", "chances_of", "judge_at_score", "lead_in_chance", "score_line"]
