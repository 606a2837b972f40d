"""What the parts of the table tell each other: the changes a view redraws, the next thing that happens
without the learner, and the animation speeds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

#: Bot pause and finished-trick pause, in seconds, for each animation speed.
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.2, 1.8),
    "normal": (0.65, 1.1),
    "fast": (0.3, 0.5),
    "instant": (0.0, 0.0),
    "test": (0.01, 0.02),
}
MODES = ("async", "sync", "manual")


class Change(Enum):
    """What changed at the table, so that a view redraws what it must."""

    EVERYTHING = "everything"
    GAME = "game"  # a new game: new seats and rules, then everything
    SCORED = "scored"  # a hand was scored (the score pad opens)
    SEATS = "seats"  # a bot started thinking
    TRICK = "trick"  # the finished trick sweeps toward its winner
    CLOCK = "clock"  # the turn clock ticked (``clock_text``)
    ERROR = "error"  # a problem was logged (``errors``)


@dataclass(frozen=True)
class NextStep:
    """What happens next without the learner: a bot's move (``seat``), clearing the trick, scoring, dealing."""

    kind: str  # bot, clear_trick, score or next_hand
    seat: int = -1
