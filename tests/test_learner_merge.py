"""Copies of the learner database that write whole snapshots of one file (the static site: the table page and each
lesson's kernel hold a copy in memory): each takes in what another wrote before writing, so no attempt, review,
saved game or hand of statistics is dropped (hearts_tutor.practice.merge)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_tutor.practice import learner
from hearts_tutor.practice.learner import Attempt, LearnerDB


class Clock:
    """A clock shared by the copies, moved one second on at each reading (attempts get distinct times)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "learner.sqlite3"


def copy(path: Path, clock: Clock) -> LearnerDB:
    """One page's copy: in memory, written whole to ``path`` after each change (as in the browser)."""
    return LearnerDB(path, clock=clock, snapshots=True)


def on_file(path: Path, clock: Clock) -> LearnerDB:
    """A fresh reader of what the file holds now."""
    return copy(path, clock)


def attempt(puzzle_id: str, correct: bool = True, source: str = "puzzle") -> Attempt:
    return Attempt(source=source, puzzle_id=puzzle_id, kind="play", position={"puzzle": puzzle_id}, choice=["QS"],
                   correct=correct, band="best" if correct else "mistake", cost=0.0 if correct else 2.0,
                   seconds=3.0, themes=["duck", "flush-queen"])


def test_two_copies_keep_each_others_attempts(path: Path, clock: Clock) -> None:
    table, lesson = copy(path, clock), copy(path, clock)  # both read the file before either wrote
    table.record_attempt(attempt("t1"), puzzle_rating=1500.0)
    lesson.record_attempt(attempt("l1", correct=False), puzzle_rating=1600.0)
    table.record_attempt(attempt("t2"), puzzle_rating=1400.0)
    kept = on_file(path, clock).attempts()
    assert [a.puzzle_id for a in kept] == ["t1", "l1", "t2"]
    assert len({a.id for a in kept}) == 3
    # the copy that wrote last holds the other's attempt too (taken in before its write)
    assert [a.puzzle_id for a in table.attempts()] == ["t1", "l1", "t2"]


def test_ratings_after_a_merge_are_those_of_every_rated_attempt_in_time_order(path: Path, clock: Clock,
                                                                               tmp_path: Path) -> None:
    table, lesson = copy(path, clock), copy(path, clock)
    games = [("a", True, 1500.0), ("b", False, 1700.0), ("c", True, 1300.0), ("d", True, 1800.0)]
    for (name, correct, rating), db in zip(games, [table, lesson, lesson, table], strict=True):
        db.record_attempt(attempt(name, correct), puzzle_rating=rating)
    alone = LearnerDB(tmp_path / "alone.sqlite3", clock=Clock())
    for name, correct, rating in games:
        alone.record_attempt(attempt(name, correct), puzzle_rating=rating)
    merged = on_file(path, clock)
    assert merged.rating() == pytest.approx(alone.rating())
    assert merged.rating("duck") == pytest.approx(alone.rating("duck"))
    assert merged.rating().games == 4
    assert [r for _t, r, _rd in merged.rating_history()] == pytest.approx([r for _t, r, _rd in alone.rating_history()])


def test_the_statistics_add_up_the_hands_of_both_copies(path: Path, clock: Clock) -> None:
    first = copy(path, clock)
    first.update_stats(lambda s: s.record_hand(points=4, moon=False, queen=False))
    table, lesson = copy(path, clock), copy(path, clock)  # both start from one hand played
    table.update_stats(lambda s: s.record_hand(points=13, moon=False, queen=True))
    lesson.update_stats(lambda s: s.record_hand(points=0, moon=False, queen=False))
    lesson.update_stats(lambda s: s.record_game(won=True))
    table.update_stats(lambda s: s.mistakes.__setitem__("blunder", s.mistakes["blunder"] + 1))
    stats = on_file(path, clock).stats()
    assert (stats.hands, stats.points, stats.queens, stats.games, stats.wins) == (3, 17, 1, 1, 1)
    assert stats.mistakes["blunder"] == 1


def test_reviews_merge_by_key_and_the_later_answer_wins(path: Path, clock: Clock) -> None:
    first = copy(path, clock)
    first.add_review("shared", {"id": "shared"}, ["duck"])
    table, lesson = copy(path, clock), copy(path, clock)
    table.add_review("table-only", {"id": "table-only"}, ["duck"])
    lesson.review_result("shared", correct=True)  # answered in the lesson: due in days
    table.record_attempt(attempt("x"))  # the table writes again after the lesson's answer
    db = on_file(path, clock)
    due = {item.key for item in db.due_reviews()}
    assert due == {"table-only"}, "the lesson's answer to 'shared' was kept"
    later = clock.now + timedelta(days=60)
    assert {item.key for item in db.due_reviews(later)} == {"shared", "table-only"}


def test_a_save_cleared_in_one_copy_does_not_come_back_from_the_other(path: Path, clock: Clock) -> None:
    first = copy(path, clock)
    first.save_game("app", "game-1", "table")
    table, lesson = copy(path, clock), copy(path, clock)
    table.clear_saved_game("app", "table")  # the game ended
    lesson.save_game("02_passing", "lesson-game", "lesson")  # the lesson's copy still holds the app's save
    db = on_file(path, clock)
    assert db.saved_game("app") is None
    assert db.saved_game("02_passing") == ("lesson-game", "lesson")


def test_catch_up_writes_only_when_the_file_lacks_something(path: Path, clock: Clock) -> None:
    """The site's table page puts the drive's newer file in place and asks its copy to catch up: it writes the
    merged copy only when the file lacks something of its own (another page wrote over its last snapshot)."""
    table, lesson = copy(path, clock), copy(path, clock)
    table.record_attempt(attempt("t1"))
    lesson.record_attempt(attempt("l1"))  # took t1 in: the file holds both
    assert table.catch_up() is False
    assert [a.puzzle_id for a in table.attempts()] == ["t1", "l1"]

    snapshot = path.read_bytes()
    table.record_attempt(attempt("t2"))
    path.write_bytes(snapshot)  # a page that read before t2 wrote over it (a race the page checks after)
    assert table.catch_up() is True
    assert [a.puzzle_id for a in on_file(path, clock).attempts()] == ["t1", "l1", "t2"]
    assert table.catch_up() is False


@pytest.mark.parametrize("content", [b"", b"not a database at all, half written"])
def test_a_file_being_written_is_not_taken_in_nor_taken_for_the_base(path: Path, clock: Clock,
                                                                     content: bytes) -> None:
    table = copy(path, clock)
    table.record_attempt(attempt("t1"))
    path.write_bytes(content)  # JupyterLite's drive empties a file before writing it again
    assert table.catch_up() is True
    assert [a.puzzle_id for a in on_file(path, clock).attempts()] == ["t1"]


def test_writes_on_the_computer_take_nothing_in(path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside the browser SQLite shares the file itself (WAL): no snapshot, no merge."""
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("merged outside the browser")

    monkeypatch.setattr(learner, "take_in", fail)
    a, b = LearnerDB(path, clock=clock), LearnerDB(path, clock=clock)
    a.record_attempt(attempt("a"))
    b.record_attempt(attempt("b"))
    assert [x.puzzle_id for x in a.attempts()] == ["a", "b"]
    assert a.catch_up() is False


def test_one_review_answered_in_both_copies_keeps_the_later_answer(path: Path, clock: Clock) -> None:
    copy(path, clock).add_review("shared", {"id": "shared"}, ["duck"])
    table, lesson = copy(path, clock), copy(path, clock)
    lesson.review_result("shared", correct=True)
    due = table.review_result("shared", correct=False)  # later: a miss, due again sooner
    (item,) = on_file(path, clock).due_reviews(clock.now + timedelta(days=365))
    assert item.due == due
    lesson.record_attempt(attempt("l1"))  # the lesson writes again: its earlier answer does not come back
    (item,) = on_file(path, clock).due_reviews(clock.now + timedelta(days=365))
    assert item.due == due


def test_a_page_that_wrote_over_another_ones_snapshot_is_merged_against_what_both_hold(path: Path,
                                                                                       clock: Clock) -> None:
    """The race the file cannot show: the lesson read the file (one hand), the table wrote its second hand, then
    the lesson's write (its own hand) landed over it. The table takes the lesson's file in against the state the
    lesson had seen (not its own last snapshot), so its second hand still counts, and the lesson's too."""
    table = copy(path, clock)
    table.update_stats(lambda s: s.record_hand(points=1, moon=False, queen=False))
    lesson = copy(path, clock)
    seen_by_the_lesson = path.read_bytes()
    table.update_stats(lambda s: s.record_hand(points=2, moon=False, queen=False))
    table.add_review("t", {"id": "t"}, ["duck"])
    path.write_bytes(seen_by_the_lesson)  # the lesson reads just before the table's write lands ...
    lesson.update_stats(lambda s: s.record_hand(points=4, moon=False, queen=False))  # ... and writes after it
    assert table.catch_up() is True
    merged = on_file(path, clock)
    assert (merged.stats().hands, merged.stats().points) == (3, 7)
    assert [item.key for item in merged.due_reviews()] == ["t"]


def test_a_copy_from_before_cost_units_merges_and_keeps_its_attempts(path: Path, clock: Clock) -> None:
    """A page of an older version wrote the file without the attempts' cost unit: ours takes its attempts in
    (their cost in points, the default), and keeps its own."""
    import sqlite3

    ours = copy(path, clock)
    ours.record_attempt(attempt("o1"), puzzle_rating=1500.0)
    old = sqlite3.connect(path)
    columns = "time, source, puzzle_id, kind, position, choice, correct, band, cost, seconds, themes, puzzle_rating"
    old.executescript(f"CREATE TABLE before AS SELECT id, {columns} FROM attempts; DROP TABLE attempts; "
                      "ALTER TABLE before RENAME TO attempts;")
    old.execute(f"INSERT INTO attempts ({columns}) VALUES ('2026-03-02T13:00:00+00:00', 'table', NULL, 'play', "
                "'{}', '[\"QS\"]', 0, 'mistake', 3.0, 0.0, '[\"duck\"]', NULL)")
    old.commit()
    old.close()
    ours.record_attempt(attempt("o2"), puzzle_rating=1500.0)
    kept = on_file(path, clock).attempts()
    assert [(a.puzzle_id, a.unit) for a in kept] == [("o1", "points"), (None, "points"), ("o2", "points")]
