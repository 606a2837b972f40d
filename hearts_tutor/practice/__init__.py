"""Practice: the puzzle bank, mining, the learner model and reviews (SPEC section 11).

``hearts_tutor.practice.widget.PracticePanel()`` shows practice in a notebook; ``lesson_practice("04_queen")``
is a lesson's practice cell. Importing this package loads no widgets (the miner runs without them).
"""

from __future__ import annotations

from typing import Any


def lesson_practice(lesson: str, **session: Any) -> Any:
    """A lesson's practice cell: puzzles of the themes the lesson teaches (the widgets load when called)."""
    from .widget import lesson_practice as panel

    return panel(lesson, **session)


__all__ = ["lesson_practice"]
