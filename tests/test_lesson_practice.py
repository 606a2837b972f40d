"""Every lesson's practice cell serves puzzles of its themes, of the standard four-player game (the variants
lesson aside: it serves its variants), and the shipped bank holds enough of them (issue 32)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_tutor.practice import lesson_practice
from hearts_tutor.practice.bank import LESSON_THEMES, VARIANT_LESSONS, Bank, Puzzle, load_bank, parse_move
from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.practice.session import Practice
from hearts_tutor.practice.themes import is_variant

FIRST_NINE = ("01_rules", "02_passing", "03_midrange", "04_queen", "05_voids", "06_counting", "07_moon",
              "08_variants", "09_telepathy")
AT_LEAST = 10
"""Puzzles each of the nine first lessons must have in the shipped bank."""
AT_LEAST_NEW = 20
"""Puzzles each new lesson must have."""
SERVED = 25
"""Puzzles served (and missed) in a row in each lesson's cell."""


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def fits(lesson: str, p: Puzzle) -> bool:
    rules = p.record.rules
    kind = (is_variant(rules) if lesson in VARIANT_LESSONS else not is_variant(rules) and rules.players == 4)
    return kind and bool(set(p.themes) & set(LESSON_THEMES[lesson]))


@pytest.mark.parametrize("lesson", sorted(LESSON_THEMES))
def test_a_lessons_practice_serves_its_kind_of_puzzle_of_its_themes(lesson: str, tmp_path: Path) -> None:
    clock = Clock()
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=clock)
    panel = lesson_practice(lesson, learner=db, seed=3)
    session = panel.session
    pool = session.pool(LESSON_THEMES[lesson])
    assert len(pool) >= (AT_LEAST if lesson in FIRST_NINE else AT_LEAST_NEW), f"{lesson}: {len(pool)} puzzles"
    assert all(fits(lesson, p) for p in pool)
    served = []
    for _ in range(SERVED):  # each one missed: it comes back as a review, which must fit the lesson too
        item = session.item
        assert item is not None
        served.append(item.puzzle)
        session.reveal()
        clock.now += timedelta(hours=6)
        session.next(LESSON_THEMES[lesson])
    assert all(fits(lesson, p) for p in served), [p.id for p in served if not fits(lesson, p)]
    db.close()


def test_a_review_of_another_kind_waits_for_its_own_lesson(tmp_path: Path) -> None:
    """A variant puzzle missed elsewhere, with a theme of lesson 1, is not served in lesson 1's practice."""
    clock = Clock()
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=clock)
    bank = load_bank()
    variant = next(p for p in bank.puzzles if p.variant and "duck" in p.themes)
    anywhere = Practice(learner=db, seed=1)
    anywhere._show(variant, review=False)
    wrong = next(k for k in variant.expected if k not in variant.answers)
    anywhere.answer(parse_move(wrong))
    anywhere.reveal()
    clock.now += timedelta(days=3)
    assert variant.id in [r.key for r in db.due_reviews()]
    item = lesson_practice("01_rules", learner=db, seed=1).session.item
    assert item is not None and item.puzzle.id != variant.id and not item.puzzle.variant
    assert lesson_practice("08_variants", learner=db, seed=1).session.item.puzzle.id == variant.id  # type: ignore[union-attr]
    db.close()


def test_a_lesson_whose_puzzles_are_not_in_the_bank_says_so(tmp_path: Path) -> None:
    """Lesson 14's practice cell before any play-to-score puzzle ships: a plain sentence, no error, no puzzle."""
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=Clock())
    bank = Bank([p for p in load_bank().puzzles if "play-to-score" not in p.themes])
    panel = lesson_practice("14_play_to_score", learner=db, bank=bank, seed=1)
    assert panel.session.item is None and not panel.errors
    assert "no puzzles of this kind yet (playing to the score)" in panel.heading.value
    assert panel.felt.layout.display == "none" and panel.reveal_button.disabled
    db.close()
