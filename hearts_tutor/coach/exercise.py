"""Retry before reveal: the learner tries a move, hears how good it was, and may try again before the coach
shows its own move.

>>> from hearts_tutor import HandState, Rules
>>> state = HandState.deal_random(Rules.preset("standard"), seed=1, hand_number=3)
>>> ex = Exercise(state.view(state.to_move), rollouts=16)
>>> ex.attempt(state.legal_plays()[0]).solved
True
>>> ex.reveal().cards == (state.legal_plays()[0],)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card
from ..engine.hand import IllegalMove, Phase
from ..engine.view import PlayerView
from . import text
from .grading import (
    FORCED_ROLLOUTS,
    Grade,
    Summary,
    band_of,
    card_order,
    deals_for,
    make_grade,
    pass_order,
    pass_values,
    play_values,
    run_deals,
)
from .hints import Hint, explain_play
from .passing import check_pass, pass_candidates, reveal_pass, suggest_pass

#: Bands that count as getting it right.
ACCEPTED = ("best", "good")


@dataclass(frozen=True)
class Attempt:
    """One try: the move, its band and cost, whether it counts as solved, and feedback that does not give
    the coach's move away."""

    cards: tuple[Card, ...]
    band: str
    cost: float
    solved: bool
    feedback: str
    tries_left: int
    grade: Grade

    @property
    def card(self) -> Card:
        return self.cards[0]


class Exercise:
    """One decision (a play or a pass) the learner may try several times before the coach reveals its move.

    Every try is graded on the same sampled deals, so the grades of different tries are comparable.
    """

    def __init__(self, view: PlayerView, *, seed: int = 0, rollouts: int | None = None, tries: int = 3,
                 accept: Sequence[str] = ACCEPTED) -> None:
        self.view = view
        self.seed = seed
        self.rollouts = rollouts
        self.tries = tries
        self.accept = tuple(accept)
        self.kind = "pass" if view.phase is Phase.PASS else "play"
        self.attempts: list[Attempt] = []
        self.revealed = False
        self._summary: Summary | None = None
        self._options: list[Any] = []
        if self.kind == "play" and not view.my_turn:
            raise ValueError("it is not this seat's turn to play")

    @property
    def solved(self) -> bool:
        return any(a.solved for a in self.attempts)

    @property
    def tries_left(self) -> int:
        return max(0, self.tries - len(self.attempts))

    @property
    def over(self) -> bool:
        """Solved, given up, revealed, or out of tries."""
        return self.solved or self.revealed or self.tries_left == 0

    def _evaluate(self, chosen: Any) -> Summary:
        view = self.view
        if self.kind == "play":
            if self._summary is None:
                legal, run_one = play_values(view)
                self._options = list(legal)
                n = deals_for(len(legal)) if self.rollouts is None else self.rollouts
                if len(legal) == 1:
                    n = min(n, FORCED_ROLLOUTS)
                self._summary = run_deals(run_one, legal, self.seed, n, card_order, math.inf)
            return self._summary
        if self._summary is None or chosen not in self._options:
            mine = tuple(sorted(suggest_pass(view)[0]))
            options = pass_candidates(view, extra=[mine, chosen, *self._options])
            self._options = options
            n = deals_for(len(options), kind="pass") if self.rollouts is None else self.rollouts
            self._summary = run_deals(pass_values(view, options), options, self.seed, n, pass_order, math.inf)
        return self._summary

    def attempt(self, move: Card | Sequence[Card]) -> Attempt:
        """Grade one try (a card, or the cards to pass); the coach's move stays hidden."""
        if self.over:
            raise ValueError("this exercise is over: no tries left" if self.tries_left == 0 else
                             "this exercise is over")
        if self.kind == "play":
            if not isinstance(move, int):
                raise TypeError("play one card")
            verdict = self.view.why_illegal(move)
            if verdict is not None:
                raise IllegalMove(verdict.rule, verdict.reason, move)
            chosen: Any = move
            cards: tuple[Card, ...] = (move,)
        else:
            if isinstance(move, int):
                raise TypeError("pass a list of cards")
            check_pass(self.view, move)
            chosen = tuple(sorted(move))
            cards = chosen
        summary = self._evaluate(chosen)
        grade = make_grade(self.view, self.kind, cards, chosen, summary, dict(summary.means))
        solved = grade.band in self.accept
        left = self.tries - len(self.attempts) - 1
        feedback = grade.explanation if solved else grade.feedback
        if not solved and left == 0:
            feedback = grade.explanation
            self.revealed = True
        elif not solved:
            feedback += " " + text.TRY_AGAIN
        attempt = Attempt(cards, grade.band, grade.cost, solved, feedback, left, grade)
        self.attempts.append(attempt)
        return attempt

    def reveal(self, prefer: Card | Sequence[Card] | None = None) -> Hint:
        """The coach's move and why (after solving, giving up, or running out of tries).

        ``prefer`` is a move the learner was taught (a lesson's answer): when it grades best or good on the same
        deals, it is the move shown, so the coach never contradicts a lesson over a difference the sampling
        cannot tell. A pass's reason names it once, as the coach's ('The coach would pass A, B and C. The queen
        of spades: ...').
        """
        self.revealed = True
        view = self.view
        if prefer is not None:
            chosen: Any = prefer if isinstance(prefer, int) else tuple(sorted(prefer))
            cards = (prefer,) if isinstance(prefer, int) else chosen
            summary = self._evaluate(chosen)
            grade = make_grade(view, self.kind, cards, chosen, summary, dict(summary.means))
            if grade.band in self.accept:
                x = summary.means[chosen]
                if self.kind == "play":
                    return Hint(cards, explain_play(view, cards[0], x if math.isfinite(x) else None,
                                                    tempting=self._compared_with(cards[0], summary)), x)
                mine, reason = reveal_pass(view)
                if tuple(sorted(mine)) != chosen:
                    reason = text.coach_pass_among_best(chosen)
                return Hint(cards, reason, x)
        if self.kind == "pass":
            mine, reason = reveal_pass(view)
            summary = self._evaluate(tuple(sorted(mine)))
            best = summary.best
            if best != tuple(sorted(mine)):
                reason = text.coach_pass_fewest(best)
            return Hint(tuple(best), reason, summary.means[best])
        summary = self._evaluate(self.view.legal_plays()[0])
        best = summary.best
        x = summary.means[best]
        return Hint((best,), explain_play(view, best, x if math.isfinite(x) else None,
                                          tempting=self._compared_with(best, summary)), x)

    def _compared_with(self, card: Card, summary: Summary) -> Card | None:
        """The card the reason sets ``card`` against: the learner's last other try, else the coach's runner-up."""
        tried = [a.card for a in self.attempts if a.card != card]
        if tried:
            return tried[-1]
        others = sorted((c for c in summary.means if c != card), key=lambda c: (summary.means[c], card_order(c)))
        return others[0] if others else None

    def give_up(self) -> Hint:
        return self.reveal()


def solved_band(cost: float) -> bool:
    return band_of(cost) in ACCEPTED
