"""Facts about the game's score line, each able to check itself, and a checker for the words that state them.

A ``play-to-score`` explanation (issue 31) names the score facts that decide the move: who has how many points,
how far the highest score is from the target, whether this hand can end the game, who has the lowest score.
Like the facts of a position (:mod:`.facts`), each is a small frozen record with ``holds(view)`` and
``sentence(view)``, checked against the view's ``scores`` (the game's scores before the hand) and its rules'
target; a view without scores makes every score fact false. :func:`check_score_explanation` reads an
explanation back by the phrases the coach uses and returns the statements that do not hold.

>>> from dataclasses import replace
>>> from hearts_tutor import Rules
>>> from hearts_tutor.batch.tournament import deal_for
>>> view = replace(deal_for(Rules.preset("standard"), 1, 0).view(0), scores=(45, 91, 60, 70))
>>> check_score_explanation(view, "The player on your left has 91 points, 9 short of 100: this hand can end the game.")
[]
>>> check_score_explanation(view, "You have the lowest score (45), 15 below the next.")
[]
>>> check_score_explanation(view, "The player across from you has the lowest score (60).")
['the player across from you has the lowest score (60): false here']
>>> check_score_explanation(view, "You share the lowest score (45) with the player across from you.")
['you share the lowest score (45) with the player across from you: false here']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.view import PlayerView
from .facts import Fact, who

MOST_POINTS_IN_A_HAND = 26
"""The most a seat's score can rise in one hand (a moon adds 26 to the others)."""


def _scores(view: PlayerView) -> list[int] | None:
    return list(view.scores) if len(view.scores) == view.n else None


def _name(view: PlayerView, seat: int) -> str:
    return "you" if seat == view.seat else who(view, seat)


@dataclass(frozen=True)
class ScoreIs:
    """Seat ``seat`` has ``points`` in the game before this hand."""

    seat: int
    points: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        return scores is not None and scores[self.seat] == self.points

    def sentence(self, view: PlayerView) -> str:
        return f"{_name(view, self.seat)} {'have' if self.seat == view.seat else 'has'} {self.points} points"


@dataclass(frozen=True)
class ShortOfTarget:
    """Seat ``seat``'s score is ``short`` below the target, which is ``target``."""

    seat: int
    short: int
    target: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        return scores is not None and view.rules.target == self.target and \
            self.target - scores[self.seat] == self.short

    def sentence(self, view: PlayerView) -> str:
        return f"{self.short} short of {self.target}"


@dataclass(frozen=True)
class CanEndThisHand:
    """Some seat can reach the end of the game in this hand (its score plus 26 reaches the target)."""

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        if scores is None or view.rules.end == "hands":
            return False
        top = max(scores) + MOST_POINTS_IN_A_HAND
        return top > view.rules.target if view.rules.end == "exceed" else top >= view.rules.target

    def sentence(self, view: PlayerView) -> str:
        return "this hand can end the game"


@dataclass(frozen=True)
class LowestScore:
    """Seat ``seat`` alone has the lowest score, ``points``."""

    seat: int
    points: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        return scores is not None and scores[self.seat] == self.points and \
            all(s > self.points for i, s in enumerate(scores) if i != self.seat)

    def sentence(self, view: PlayerView) -> str:
        verb = "have" if self.seat == view.seat else "has"
        return f"{_name(view, self.seat)} {verb} the lowest score ({self.points})"


@dataclass(frozen=True)
class SharedLowest:
    """Exactly the seats ``seats`` share the lowest score, ``points`` (a tie: the win would be shared)."""

    seats: tuple[int, ...]
    points: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        return scores is not None and len(set(self.seats)) == len(self.seats) > 1 and \
            {s for s, v in enumerate(scores) if v == min(scores)} == set(self.seats) and min(scores) == self.points

    def sentence(self, view: PlayerView) -> str:
        return f"{' and '.join(_name(view, s) for s in self.seats)} share the lowest score ({self.points})"


@dataclass(frozen=True)
class LowestLead:
    """The seat with the lowest score is ``gap`` below the next lowest."""

    gap: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        if scores is None:
            return False
        low, second = sorted(scores)[:2]
        return second - low == self.gap

    def sentence(self, view: PlayerView) -> str:
        return f"{self.gap} below the next"


@dataclass(frozen=True)
class LowestIs:
    """The lowest score at the table is ``points``."""

    points: int

    def holds(self, view: PlayerView) -> bool:
        scores = _scores(view)
        return scores is not None and min(scores) == self.points

    def sentence(self, view: PlayerView) -> str:
        return f"the lowest score is {self.points}"


@dataclass(frozen=True)
class _NoSuchSeat:
    """What a phrase naming no seat of this table states: it cannot hold."""

    def holds(self, view: PlayerView) -> bool:
        return False

    def sentence(self, view: PlayerView) -> str:
        return ""


_WHO = r"(you|the player on your left|the player on your right|the player across from you|seat \d+)"


def _seat(view: PlayerView, phrase: str) -> int | None:
    return next((s for s in range(view.n) if _name(view, s) == phrase), None)


def _shared(view: PlayerView, names: list[str], points: str) -> list[Fact]:
    seats = [_seat(view, n) for n in names]
    return [_NoSuchSeat()] if None in seats else [SharedLowest(tuple(s for s in seats if s is not None), int(points))]


def _for_seat(make: Callable[[int, re.Match[str]], list[Fact]]) -> Callable[[PlayerView, re.Match[str]], list[Fact]]:
    def read(view: PlayerView, m: re.Match[str]) -> list[Fact]:
        seat = _seat(view, m[1])
        return [_NoSuchSeat()] if seat is None else make(seat, m)
    return read


#: The phrases by which the coach states a score fact, and the facts each one states.
_PHRASES: tuple[tuple[str, Callable[[PlayerView, re.Match[str]], list[Fact]]], ...] = (
    (rf"{_WHO} ha(?:s|ve|d) (\d+) points?, (\d+) short of (\d+)",
     _for_seat(lambda s, m: [ScoreIs(s, int(m[2])), ShortOfTarget(s, int(m[3]), int(m[4]))])),
    (r"this hand can end the game", lambda v, m: [CanEndThisHand()]),
    (rf"{_WHO} ha(?:s|ve|d) the lowest score \((\d+)\)", _for_seat(lambda s, m: [LowestScore(s, int(m[2]))])),
    (r"the lowest score \(\d+\), (\d+) below the next", lambda v, m: [LowestLead(int(m[1]))]),
    (r"the lowest score is (\d+)", lambda v, m: [LowestIs(int(m[1]))]),
    (rf"{_WHO} shared? the lowest score \((\d+)\) with {_WHO}(?: and {_WHO})?",
     lambda v, m: _shared(v, [m[1], m[3], *([m[4]] if m[4] else [])], m[2])),
    (rf"{_WHO} and {_WHO}(?: and {_WHO})? shared? the lowest score \((\d+)\)",
     lambda v, m: _shared(v, [m[1], m[2], *([m[3]] if m[3] else [])], m[4])),
    (r"; you ha(?:ve|d) (\d+)\.", lambda v, m: [ScoreIs(v.seat, int(m[1]))]),
)
READERS = tuple((re.compile(p), r) for p, r in _PHRASES)


def stated_score_facts(view: PlayerView, explanation: str) -> list[tuple[str, Fact]]:
    """Every score fact ``explanation`` states, each with the words that state it."""
    lowered = explanation.lower()
    return [(m[0], f) for pattern, read in READERS for m in pattern.finditer(lowered) for f in read(view, m)]


def check_score_explanation(view: PlayerView, explanation: str) -> list[str]:
    """The score facts ``explanation`` states that do not hold at the view's score line (empty: all hold)."""
    return [f"{words}: false here" for words, fact in stated_score_facts(view, explanation) if not fact.holds(view)]


__all__ = ["CanEndThisHand", "LowestIs", "LowestLead", "LowestScore", "ScoreIs", "SharedLowest", "ShortOfTarget",
           "check_score_explanation", "stated_score_facts"]
