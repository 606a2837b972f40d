"""Statistics across games and kernel restarts: where they live, the learner database that keeps them, damaged
files kept aside, the legacy stats.json read once and left as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.practice.stats import Stats, data_dir, load_stats, save_stats
from hearts_tutor.practice.stats_store import StatsStore


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    s = Stats()
    s.record_hand(points=26, moon=False, queen=True)
    s.record_hand(points=0, moon=True, queen=False)
    s.record_game(won=False)
    s.record_band("mistake")
    save_stats(s, path)
    loaded, message = load_stats(path)
    assert message is None
    assert loaded == s
    assert loaded.average_points == 13.0 and loaded.moons == 1 and loaded.queens == 1
    assert loaded.mistakes["mistake"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"], "no temporary file is left behind"


def test_where_the_data_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("HEARTS_TUTOR_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "hearts_tutor"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "hearts_tutor"
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path / "override"))
    assert data_dir() == tmp_path / "override"


def test_missing_file_starts_fresh(tmp_path: Path) -> None:
    stats, message = load_stats(tmp_path / "nothing.json")
    assert stats == Stats() and message is None


def test_damaged_database_is_moved_aside_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    garbage = b"SQLite format 3\x00" + bytes(range(256)) * 16  # a header, then nonsense
    path.write_bytes(garbage)
    store = StatsStore(path)
    assert store.stats == Stats()
    assert store.message and "damaged" in store.message
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("learner.sqlite3.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == garbage
    assert str(aside[0]) in store.message
    store.stats.record_game(won=True)
    assert store.save() is None
    assert StatsStore(path).stats.wins == 1
    assert aside[0].read_bytes() == garbage


@pytest.mark.parametrize("text", ["{not json", '{"version": 1, "games": "many"}', "[1, 2]", '{"version": 7}'])
def test_damaged_legacy_file_is_reported_and_left_as_it_is(tmp_path: Path, text: str) -> None:
    legacy = tmp_path / "stats.json"
    legacy.write_text(text)
    store = StatsStore(tmp_path / "learner.sqlite3")
    assert store.stats == Stats()
    assert store.message and "damaged" in store.message and str(legacy) in store.message
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("learner.sqlite3")) == ["stats.json"]
    store.stats.record_game(won=True)
    assert store.save() is None
    again = StatsStore(tmp_path / "learner.sqlite3")
    assert again.message is None and again.stats.wins == 1  # the migration was tried once, not at every start
    assert legacy.read_text() == text


def test_save_failure_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = StatsStore(blocker / "learner.sqlite3")  # a directory that cannot exist
    store.stats.record_game(won=True)
    problem = store.save()
    assert problem and str(blocker) in problem and "saved" in problem
    assert store.update(lambda s: s.record_game(won=False)) == problem


def test_the_table_keeps_statistics_across_restarts(tmp_path: Path) -> None:
    from hearts_tutor.engine.rules import Rules
    from hearts_tutor.table import Table

    path = tmp_path / "learner.sqlite3"
    table = Table(Rules.preset("duell", hands=1), seed=3, mode="sync", grading=False, stats=StatsStore(path))
    table.core.finish_hand()
    assert table.core.match.is_over
    table.close()
    again = StatsStore(path)  # a new kernel reads what the last one wrote
    assert again.stats.games == 1 and again.stats.hands == 1
    table2 = Table(seed=4, mode="sync", grading=False, stats=again)
    table2.stats_toggle.value = True
    assert "Games" in table2.stats_html.value and ">1<" in table2.stats_html.value
    table2.close()


def test_two_tables_never_overwrite_each_other(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    early = StatsStore(path)  # e.g. a preheated Voila kernel, loaded before the other table played
    other = StatsStore(path)
    other.update(lambda s: s.record_game(won=True))
    early.update(lambda s: s.record_game(won=False))
    final = LearnerDB(path).stats()
    assert (final.games, final.wins) == (2, 1)
    assert (early.stats.games, early.stats.wins) == (2, 1)


def test_the_table_says_at_once_that_a_damaged_file_was_moved(tmp_path: Path) -> None:
    from hearts_tutor.table import Table

    path = tmp_path / "learner.sqlite3"
    path.write_text("{oops" * 200)
    table = Table(seed=1, mode="sync", grading=False, stats=StatsStore(path))
    assert table.stats_html.layout.display != "none"
    assert "damaged" in table.stats_html.value and "moved to" in table.stats_html.value
    table.close()
