"""The learner database: concurrent writers, crashes, bad files moved aside, the stats.json migration, Glicko-2
ratings, FSRS reviews on an injected clock, unrated table moves."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_tutor.practice import learner
from hearts_tutor.practice.learner import START, Attempt, LearnerDB, learner_db_path
from hearts_tutor.practice.stats import Stats

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

WRITER = """
import sys
from pathlib import Path
from hearts_tutor.practice.learner import Attempt, LearnerDB

db = LearnerDB(Path(sys.argv[1]))
name, count = sys.argv[2], int(sys.argv[3])
assert db.message is None, db.message
print("ready", flush=True)
sys.stdin.readline()  # wait for the go, so that both writers run at once
i = 0
while count < 0 or i < count:
    db.record_attempt(Attempt(source="puzzle", puzzle_id=f"{name}-{i}", kind="play", position={"i": i},
                              choice=["QS"], correct=i % 2 == 0, band="good", cost=0.25, seconds=1.0,
                              themes=["duck"]), puzzle_rating=1500.0)
    i += 1
    print(i, flush=True)
"""


class Clock:
    """A clock the test moves forward (no sleeping)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def attempt(**changes: object) -> Attempt:
    fields: dict[str, object] = dict(source="puzzle", puzzle_id="p1", kind="play", position={"hand": ["QS"]},
                                     choice=["QS"], correct=True, band="best", cost=0.0, seconds=3.0,
                                     themes=["duck"])
    fields.update(changes)
    return Attempt(**fields)  # type: ignore[arg-type]


def writer(path: Path, name: str, count: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=ENV)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n"
    return proc


def test_the_default_path_is_in_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path))
    assert learner_db_path() == tmp_path / "learner.sqlite3"
    db = LearnerDB()
    assert db.path == tmp_path / "learner.sqlite3" and db.path.exists() and db.message is None
    db.close()


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    LearnerDB(path).close()
    procs = [writer(path, name, 1000) for name in ("a", "b")]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        out, _ = proc.communicate(timeout=240)
        assert proc.returncode == 0 and out.split()[-1] == "1000"
    db = LearnerDB(path)
    rows = db.attempts()
    assert len(rows) == 2000
    assert db.attempted() == {f"{name}-{i}" for name in "ab" for i in range(1000)}
    assert db.rating().games == 2000 and db.rating("duck").games == 2000  # no rating update lost either
    assert len(db.rating_history()) == 2000
    db.close()


def test_a_writer_killed_mid_run_loses_no_committed_attempt(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    proc = writer(path, "w", -1)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("go\n")
    proc.stdin.flush()
    reported = 0
    while reported < 300:
        reported = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    rest = proc.stdout.read()  # what it printed before dying: each line was written after its commit
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    reported = max([reported] + [int(line) for line in rest.split("\n")[:-1] if line])
    db = LearnerDB(path)
    assert db.message is None
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    stored = len(db.attempts())
    assert stored >= reported
    assert db.rating().games == stored  # each attempt committed together with its rating update
    db.close()


def _garbage(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(8192))


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('mine, not hearts_tutor''s')")
    conn.close()


def _newer(path: Path) -> None:
    LearnerDB(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.close()


def _inconsistent(path: Path) -> None:
    db = LearnerDB(path)
    for i in range(50):
        db.record_attempt(attempt(puzzle_id=f"p{i}"))
    db.close()
    with sqlite3.connect(path) as conn:  # an index that no longer matches its table
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX attempts_puzzle ON attempts (band)' "
                     "WHERE name = 'attempts_puzzle'")
    conn.close()


@pytest.mark.parametrize("snapshots", [False, True], ids=["in-place", "snapshots"])
@pytest.mark.parametrize(("make", "problem"), [(_garbage, "damaged"), (_foreign, "not a hearts_tutor"),
                                               (_newer, "newer"), (_inconsistent, "integrity check failed")])
def test_a_bad_file_is_moved_aside_never_overwritten(tmp_path: Path, make, problem: str,  # type: ignore[no-untyped-def]
                                                     snapshots: bool) -> None:
    path = tmp_path / "learner.sqlite3"
    make(path)
    original = path.read_bytes()
    clock = Clock()
    db = LearnerDB(path, clock=clock, snapshots=snapshots)
    aside = tmp_path / f"learner.sqlite3.damaged-{clock.now.astimezone():%Y%m%d-%H%M%S}"  # local time
    assert aside.read_bytes() == original
    assert db.message and problem in db.message and str(aside) in db.message
    assert db.persistent and db.attempts() == [] and db.rating() == START
    db.record_attempt(attempt(), puzzle_rating=1500.0)
    db.close()
    again = LearnerDB(path, snapshots=snapshots)
    assert again.message is None and len(again.attempts()) == 1
    assert aside.read_bytes() == original
    again.close()


def test_snapshots_save_each_write_whole_and_read_back(tmp_path: Path) -> None:
    """The browser's mode: the file is only ever read whole and written whole, and holds every committed write
    (an ordinary SQLite database, which the in-place mode reads too)."""
    path = tmp_path / "learner.sqlite3"
    db = LearnerDB(path, snapshots=True)
    assert db.persistent and db.message is None
    db.record_attempt(attempt(puzzle_id="p1"), puzzle_rating=1500.0)
    db.update_stats(lambda s: s.record_game(won=True))
    with sqlite3.connect(path) as conn:  # saved at the commit, before close
        assert conn.execute("SELECT puzzle_id FROM attempts").fetchall() == [("p1",)]
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["learner.sqlite3"]  # no journal, no WAL
    db.close()
    in_place = LearnerDB(path, snapshots=False)
    assert [a.puzzle_id for a in in_place.attempts()] == ["p1"] and in_place.stats().wins == 1
    in_place.record_attempt(attempt(puzzle_id="p2"))
    in_place.close()
    again = LearnerDB(path, snapshots=True)
    assert sorted(a.puzzle_id for a in again.attempts()) == ["p1", "p2"] and again.rating().games == 1
    again.close()


def test_a_bad_file_that_cannot_be_moved_is_left_and_nothing_written(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "learner.sqlite3"
    _garbage(path)
    original = path.read_bytes()

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(learner.os, "replace", refuse)
    db = LearnerDB(path)
    assert db.message and "could not be moved" in db.message and "will not be saved" in db.message
    assert not db.persistent
    db.record_attempt(attempt())  # works for this session, in memory
    assert len(db.attempts()) == 1
    db.close()
    assert path.read_bytes() == original and sorted(p.name for p in tmp_path.iterdir()) == ["learner.sqlite3"]


def test_stats_json_is_migrated_once_and_kept(tmp_path: Path) -> None:
    legacy = Stats(games=3, wins=1, hands=20, points=110, moons=1, queens=4)
    legacy.record_band("blunder")
    json_path = tmp_path / "stats.json"
    json_path.write_text(json.dumps(legacy.to_json(), indent=1))
    original = json_path.read_bytes()
    db = LearnerDB(tmp_path / "learner.sqlite3")
    assert db.message is None and db.stats() == legacy
    db.update_stats(lambda s: s.record_game(won=True))
    db.close()
    again = LearnerDB(tmp_path / "learner.sqlite3")
    assert (again.stats().games, again.stats().wins, again.stats().hands) == (4, 2, 20)  # not migrated twice
    assert again.stats().mistakes["blunder"] == 1
    again.close()
    assert json_path.read_bytes() == original


def test_a_right_answer_raises_the_rating_and_a_wrong_one_lowers_it(tmp_path: Path) -> None:
    clock = Clock()
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=clock)
    right = db.record_attempt(attempt(correct=True, themes=["duck", "endplay"]), puzzle_rating=1500.0)
    assert right.rated and right.before == 1500.0 < right.after == db.rating().rating
    assert right.themes["duck"][0] == 1500.0 < right.themes["duck"][1] == db.rating("duck").rating
    assert db.rating().rd < START.rd and db.rating("endplay").rd < START.rd and db.rating().games == 1
    assert set(db.ratings()) == {"duck", "endplay"}
    clock.now += timedelta(minutes=1)
    wrong = db.record_attempt(attempt(correct=False, themes=["duck"], band="blunder", cost=5.0), puzzle_rating=1500.0)
    assert wrong.after < wrong.before == right.after
    assert wrong.themes["duck"][1] < wrong.themes["duck"][0] and "endplay" not in wrong.themes
    assert db.rating("endplay").rating == right.themes["endplay"][1]  # a theme not in the attempt stays
    history = db.rating_history()
    assert [(t, r) for t, r, _rd in history] == [(clock.now - timedelta(minutes=1), right.after),
                                                 (clock.now, wrong.after)]
    assert history[1][2] < history[0][2]  # RD shrinks with every game
    assert [r for _t, r, _rd in db.rating_history("duck")] == [right.themes["duck"][1], wrong.themes["duck"][1]]
    db.close()


def test_reviews_follow_fsrs_on_an_injected_clock(tmp_path: Path) -> None:
    clock = Clock()
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=clock)
    start = clock.now
    db.add_review("p1", {"id": "p1", "hand": ["QS"]}, ["duck"])
    [item] = db.due_reviews()
    assert (item.key, item.puzzle, item.themes) == ("p1", {"id": "p1", "hand": ["QS"]}, ("duck",))
    missed = db.review_result("p1", correct=False)
    assert start < missed <= start + timedelta(days=1)  # a miss comes back within a day
    assert db.due_reviews() == []
    clock.now = missed
    assert [r.key for r in db.due_reviews()] == ["p1"]
    right = db.review_result("p1", correct=True)
    assert right >= clock.now + timedelta(days=2)  # a right answer pushes it days later
    assert db.due_reviews() == [] and db.due_reviews(right) != []
    by_day = dict(db.reviews_due_by_day(14))
    assert len(by_day) == 14 and sum(by_day.values()) == 1
    assert by_day[right.astimezone().date()] == 1
    # a second miss of the same puzzle brings it back due now, not twice
    db.add_review("p1", {"id": "p1", "hand": ["QS"]}, ["duck"])
    assert [r.key for r in db.due_reviews()] == ["p1"]
    clock.now += timedelta(days=30)  # overdue items count today
    db.add_review("p2", {"id": "p2"}, ["endplay"])
    assert [r.key for r in db.due_reviews()] == ["p1", "p2"]  # the longest overdue first
    assert db.reviews_due_by_day(3)[0] == (clock.now.astimezone().date(), 2)
    with pytest.raises(KeyError):
        db.review_result("nothing", correct=True)
    db.close()


def test_unrated_table_moves_change_no_rating_but_count_in_costs(tmp_path: Path) -> None:
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=Clock())
    change = db.record_attempt(attempt(source="table", puzzle_id=None, band="mistake", cost=2.5, correct=False,
                                       themes=["duck", "avoid-lead"]))
    assert not change.rated and change.before == change.after == START.rating
    db.record_attempt(attempt(source="table", puzzle_id=None, band="good", cost=0.5, themes=["duck"]))
    assert db.rating() == START and db.rating("duck") == START and db.ratings() == {}
    assert db.rating_history() == []
    assert db.cost_by_theme() == {"avoid-lead": (2.5, 1), "duck": (1.5, 2)}
    assert db.attempted() == set()
    rows = db.attempts()
    assert [(r.source, r.band, r.choice, r.puzzle_rating) for r in rows] == [
        ("table", "mistake", ("QS",), None), ("table", "good", ("QS",), None)]
    assert [r.band for r in db.attempts(limit=1)] == ["good"]
    with pytest.raises(ValueError, match="band"):
        db.record_attempt(attempt(band="awful"))
    assert len(db.attempts()) == 2
    db.close()


def test_a_database_made_before_saved_games_gains_their_table_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    LearnerDB(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE saved_games")  # as the database was before games were saved
    db = LearnerDB(path)
    assert db.message is None and db.saved_game("table") is None
    assert db.save_game("table", "{}", "page-1")
    assert db.saved_game("table") == ("{}", "page-1")


def test_costs_in_chance_are_kept_apart_from_costs_in_points(tmp_path: Path) -> None:
    """A move judged at the game's score costs percent of the chance to win the game, not points: the averages
    by theme never mix the two."""
    db = LearnerDB(tmp_path / "learner.sqlite3", clock=Clock())
    db.record_attempt(attempt(source="table", puzzle_id=None, band="mistake", cost=2.5, themes=["duck"]))
    db.record_attempt(attempt(source="table", puzzle_id=None, band="mistake", cost=5.0, themes=["duck"],
                              unit="chance"))
    db.record_attempt(attempt(band="good", cost=1.0, themes=["duck", "play-to-score"], unit="chance"))
    assert db.cost_by_theme() == {"duck": (2.5, 1)}
    assert db.cost_by_theme("chance") == {"duck": (3.0, 2), "play-to-score": (1.0, 1)}
    assert [r.unit for r in db.attempts()] == ["points", "chance", "chance"]
    with pytest.raises(ValueError, match="unit"):
        db.record_attempt(attempt(unit="hearts"))
    from hearts_tutor.practice.progress import cost_figure

    assert len(cost_figure(db).axes) == 2  # points, and chance on an axis of its own
    db.close()


def test_a_database_from_before_cost_units_gains_them_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    db = LearnerDB(path, clock=Clock())
    db.close()
    old = sqlite3.connect(path)  # the attempts table as it was made before the unit column
    columns = ("time, source, puzzle_id, kind, position, choice, correct, band, cost, seconds, themes, "
               "puzzle_rating")
    old.executescript(f"CREATE TABLE before AS SELECT id, {columns} FROM attempts; DROP TABLE attempts; "
                      "ALTER TABLE before RENAME TO attempts;")
    rows = [("2026-03-01T10:00:00+00:00", "puzzle", "s1", "play", "{}", '["3S"]', 0, "mistake", 0.05, 4.0,
             '["play-to-score", "count-suit"]', 1700.0),
            ("2026-03-01T10:01:00+00:00", "table", None, "play", "{}", '["QS"]', 0, "blunder", 9.5, 0.0,
             '["duck"]', None)]
    old.executemany(f"INSERT INTO attempts ({columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    old.commit()
    old.close()
    db = LearnerDB(path, clock=Clock())
    assert {(r.puzzle_id, r.unit, r.cost) for r in db.attempts()} == {("s1", "chance", 5.0), (None, "points", 9.5)}
    assert db.cost_by_theme() == {"duck": (9.5, 1)}
    db.close()
