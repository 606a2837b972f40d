"""The learner's statistics, kept across games and kernel restarts.

They live in ``stats.json`` in the user data directory: ``$HEARTS_TUTOR_DATA_DIR`` if set (tests), else
``$XDG_DATA_HOME/hearts_tutor``, else ``~/.local/share/hearts_tutor``. Writes are atomic (a temporary file
in the same directory, then :func:`os.replace`). A damaged file is never overwritten: it is moved aside as
``stats.json.damaged-<timestamp>`` and the reason is returned so the table can show it.

>>> s = Stats()
>>> s.record_hand(points=5, moon=False, queen=True)
>>> s.record_game(won=True)
>>> s.games, s.wins, s.average_points
(1, 1, 5.0)
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BANDS = ("best", "good", "inaccuracy", "mistake", "blunder")
ENV_DIR = "HEARTS_TUTOR_DATA_DIR"
FILE_NAME = "stats.json"


def data_dir() -> Path:
    """Where the user's hearts_tutor data lives (not created here)."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hearts_tutor"


def stats_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass
class Stats:
    """Counts over every game the learner played at the table."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    moons: int = 0
    queens: int = 0
    mistakes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BANDS, 0))

    @property
    def average_points(self) -> float:
        """Average points per hand (0 before the first hand)."""
        return self.points / self.hands if self.hands else 0.0

    def record_hand(self, *, points: int, moon: bool, queen: bool) -> None:
        self.hands += 1
        self.points += points
        self.moons += int(moon)
        self.queens += int(queen)

    def record_game(self, *, won: bool) -> None:
        self.games += 1
        self.wins += int(won)

    def record_band(self, band: str) -> None:
        self.mistakes[band] = self.mistakes.get(band, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Parse the stored form; raises ValueError if it is not one."""
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a hearts_tutor statistics file (version 1)")
        counts = {}
        for key in ("games", "wins", "hands", "points", "moons", "queens"):
            value = data.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{key} must be a whole number, not {value!r}")
            counts[key] = value
        mistakes = data.get("mistakes", {})
        if not isinstance(mistakes, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in mistakes.items()):
            raise ValueError("mistakes must map bands to whole numbers")
        return cls(**counts, mistakes={**dict.fromkeys(BANDS, 0), **mistakes})

    def summary_rows(self) -> list[tuple[str, str]]:
        """(label, value) pairs a person can read."""
        rows = [("Games", str(self.games)), ("Wins", f"{self.wins}" + (
            f" ({100 * self.wins / self.games:.0f}%)" if self.games else "")),
            ("Hands", str(self.hands)), ("Average points per hand", f"{self.average_points:.1f}"),
            ("Moons shot", str(self.moons)), ("Queens of spades taken", str(self.queens))]
        rows += [(f"Moves graded {band}", str(self.mistakes.get(band, 0))) for band in BANDS]
        return rows


def load_stats(path: Path | None = None) -> tuple[Stats, str | None]:
    """The stored statistics and a message for the learner (None when all is well).

    A missing file gives fresh statistics. A damaged one is moved aside and fresh statistics are returned with
    a message naming where the old file went.
    """
    path = path or stats_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Stats(), None
    except OSError as e:
        return Stats(), f"Could not read your statistics at {path}: {e.strerror}. They will not be saved."
    try:
        return Stats.from_json(json.loads(text)), None
    except (ValueError, TypeError) as e:
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
            n += 1
        try:
            os.replace(path, aside)
        except OSError as move_error:
            return Stats(), (f"Your statistics file {path} is damaged ({e}) and could not be moved aside "
                             f"({move_error.strerror}); it is left as it is and new statistics will not be saved.")
        return Stats(), f"Your statistics file was damaged ({e}); it was moved to {aside} and a new one started."


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write the statistics atomically (temporary file + os.replace)."""
    path = path or stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".stats-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(stats.to_json(), f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class StatsStore:
    """The statistics file the table keeps: loads once, saves after each change, never clobbers a bad file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()
        self.stats, self.message = load_stats(self.path)
        self.writable = self.message is None or "moved to" in self.message

    def update(self, change: Callable[[Stats], None]) -> str | None:
        """Apply ``change`` to the latest statistics on disk and save them; returns a problem to show, or None.

        Reading first means two tables (two notebooks, or a Voila kernel started before the last game ended)
        never overwrite each other's games.
        """
        if self.writable and self.path.exists():
            latest, message = load_stats(self.path)
            if message is not None:
                self.message = message
                self.writable = "moved to" in message
            self.stats = latest
        change(self.stats)
        return self.save()

    def reload(self) -> None:
        """Catch up with what other tables saved (a damaged file is moved aside as on loading)."""
        if self.writable and self.path.exists():
            self.stats, message = load_stats(self.path)
            if message is not None:
                self.message = message

    def save(self) -> str | None:
        """Save; returns an error message instead of raising (the table shows it)."""
        if not self.writable:
            return self.message
        try:
            save_stats(self.stats, self.path)
        except OSError as e:
            self.message = f"Could not save your statistics to {self.path}: {e.strerror}."
            return self.message
        return None


__all__ = ["BANDS", "Stats", "StatsStore", "data_dir", "load_stats", "save_stats", "stats_path"]
