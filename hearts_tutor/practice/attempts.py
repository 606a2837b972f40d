"""What the learner database records: an attempt at a decision, a rating, its change, a review to come.

>>> START.rating, START.games
(1500.0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .stats import BANDS

START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
SOURCES = ("puzzle", "review", "table")
KINDS = ("pass", "play")
UNITS = ("points", "chance")
"""What an attempt's cost measures: points this hand, or percent of the chance to win the game (a move judged at
the game's score)."""



@dataclass(frozen=True)
class Attempt:
    """One decision the learner made: a puzzle, a review, or a graded move at the table."""

    source: str
    """``puzzle``, ``review`` or ``table``."""
    puzzle_id: str | None
    kind: str
    """``pass`` or ``play``."""
    position: Mapping[str, Any]
    """The position as the caller stores it (JSON-serialisable)."""
    choice: Sequence[str]
    """The learner's card codes (or move keys)."""
    correct: bool
    band: str
    """One of :data:`~hearts_tutor.practice.stats.BANDS`."""
    cost: float
    """What the move gave up against the best move, on average, in :attr:`unit`."""
    seconds: float
    themes: Sequence[str]
    time: datetime | None = None
    """When; filled from the database's clock when None."""
    unit: str = "points"
    """``points`` this hand, or ``chance``: percent of the chance to win the game (:data:`UNITS`)."""

    def check(self) -> None:
        """Raise ValueError naming the first field that is not valid."""
        if self.source not in SOURCES:
            raise ValueError(f"source must be one of {', '.join(SOURCES)}, not {self.source!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be pass or play, not {self.kind!r}")
        if self.band not in BANDS:
            raise ValueError(f"band must be one of {', '.join(BANDS)}, not {self.band!r}")
        if self.unit not in UNITS:
            raise ValueError(f"unit must be one of {', '.join(UNITS)}, not {self.unit!r}")
        if isinstance(self.choice, str) or isinstance(self.themes, str):
            raise ValueError("choice and themes must be lists of strings, not one string")


@dataclass(frozen=True, kw_only=True)
class AttemptRow(Attempt):
    """An attempt as stored: its row id, its time, and the puzzle's rating when it was rated."""

    id: int
    puzzle_rating: float | None


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` ± ``rd`` (one deviation), its volatility, and how many games made it."""

    rating: float
    rd: float
    volatility: float
    games: int


START = Rating(START_RATING, START_RD, START_VOLATILITY, 0)


@dataclass(frozen=True)
class RatingChange:
    """What an attempt did to the ratings: overall before and after, and ``themes[t] = (before, after)``."""

    before: float
    after: float
    themes: Mapping[str, tuple[float, float]]
    rated: bool


@dataclass(frozen=True)
class ReviewItem:
    """A position to show again: its stable ``key``, the puzzle as the caller gave it, its themes, when due."""

    key: str
    puzzle: Mapping[str, Any]
    themes: tuple[str, ...]
    due: datetime


__all__ = ["KINDS", "SOURCES", "START", "Attempt", "AttemptRow", "Rating", "RatingChange", "ReviewItem"]
