"""A score line: the scores before this hand, the rules and whose chance to win the game is judged (issue 31).

The coach (:mod:`hearts_tutor.coach.to_score`) and the bots of level hard and expert both judge a hand's
outcome by it: :meth:`ScoreLine.loss_after` turns every seat's points for the hand into the seat's chance of
not winning the game, a value to minimise in place of its own points. It is picklable, so a search helper
process can score its rollouts with it.

>>> line = ScoreLine(Rules.preset("standard"), (20, 95, 60, 40), seat=0)
>>> line.loss_after([0, 13, 0, 13])  # the queen to the leader ends the game with seat 0 lowest
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.rules import Rules
from ..engine.view import PlayerView
from .model import EquityUnavailable, GameOdds, game_over

MOST_POINTS_IN_A_HAND = 26
"""The most one seat's score can rise in one hand under the rules the tables cover (a moon adds 26)."""


@dataclass(frozen=True)
class ScoreLine:
    """The scores before this hand, the rules, and whose chance we judge."""

    rules: Rules
    scores: tuple[int, ...]
    seat: int

    def __post_init__(self) -> None:
        if len(self.scores) != self.rules.players:
            raise ValueError(f"{len(self.scores)} scores for a table of {self.rules.players} players")
        if not 0 <= self.seat < self.rules.players:
            raise ValueError(f"no seat {self.seat} at a table of {self.rules.players}")

    @classmethod
    def from_view(cls, view: PlayerView) -> ScoreLine | None:
        """The view's score line (the starting scores outside a match), or None when no game-win table fits
        the rules (then judge in points)."""
        try:
            odds = GameOdds.for_rules(view.rules)
        except EquityUnavailable:
            return None
        scores = tuple(view.scores) if view.scores else odds.rules.starting_scores()
        return cls(view.rules, tuple(scores), view.seat)

    @property
    def odds(self) -> GameOdds:
        """The game-win model for these rules (:class:`EquityUnavailable` if none fits)."""
        return GameOdds.for_rules(self.rules)

    @property
    def can_end_this_hand(self) -> bool:
        """Whether some seat can reach the end of the game in this hand."""
        return game_over([s + MOST_POINTS_IN_A_HAND for s in self.scores], self.rules)

    def chance_now(self) -> float:
        """The seat's chance to win the game from the scores before this hand."""
        return self.odds.win_chance(self.scores, self.seat)

    def chance_after(self, hand_points: Sequence[int]) -> float:
        """The seat's chance to win the game once this hand scores ``hand_points`` (every seat's points)."""
        if len(hand_points) != len(self.scores):
            raise ValueError(f"{len(hand_points)} hand points for {len(self.scores)} seats")
        return self.odds.win_chance([s + p for s, p in zip(self.scores, hand_points, strict=True)], self.seat)

    def percent_per_point(self, points: int = 5) -> float:
        """How much of the seat's chance to win (in percent) one more point of its own costs here, measured over
        ``points`` points (at least 0.01: a seat with no chance left still prefers fewer points)."""
        rise = [points if s == self.seat else 0 for s in range(len(self.scores))]
        return max(0.01, 100.0 * (self.chance_now() - self.chance_after(rise)) / points)

    def loss_after(self, hand_points: Sequence[int]) -> float:
        """The chance of not winning the game after this hand, in percent: a value to minimise over rollouts."""
        return 100.0 * (1.0 - self.chance_after(hand_points))


def percent(x: float, tenths: bool = False) -> str:
    """A chance estimated from rollouts (0 to 1) as a whole percent (``tenths``: to a tenth), never a certainty the
    play-outs cannot prove: 'less than 1%' and 'more than 99%' near the ends, 'almost none' and 'almost certain'
    at them (no play-out won, or every one did: the next deal may still differ).

    >>> percent(0.314), percent(0.005), percent(0.0), percent(0.995), percent(1.0)
    ('31%', 'less than 1%', 'almost none', 'more than 99%', 'almost certain')
    >>> percent(0.3144, tenths=True), percent(0.0004, tenths=True), percent(0.9996, tenths=True)
    ('31.4%', 'less than 0.1%', 'more than 99.9%')
    """
    step = "0.1" if tenths else "1"
    half = float(step) / 200
    if x <= 0:
        return "almost none"
    if x >= 1:
        return "almost certain"
    if x <= half:
        return f"less than {step}%"
    if x >= 1 - half:
        return f"more than {100 - float(step):g}%"
    return f"{100 * x:.{1 if tenths else 0}f}%"


def share_words(x: float) -> str:
    """A share of the coach's play-outs (0 to 1) in words: 'none' and 'all' at the ends (a count, not a chance),
    else as :func:`percent`.

    >>> share_words(0.0), share_words(0.11), share_words(1.0)
    ('none', '11%', 'all')
    """
    return "none" if x <= 0 else "all" if x >= 1 else percent(x)


def judged_line(view: PlayerView) -> ScoreLine | None:
    """The score line a judgment of this view plays to: the match's scores when the hand is part of a match
    (``view.scores``) and a game-win table fits the rules; None (judge in points) for a lone hand or other rules.
    """
    if not view.scores:
        return None
    return ScoreLine.from_view(view)


__all__ = ["MOST_POINTS_IN_A_HAND", "ScoreLine", "judged_line", "percent", "share_words"]
