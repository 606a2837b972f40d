"""The learner's statistics, kept across games and kernel restarts.

They live in the learner database (:mod:`hearts_tutor.practice.learner`, ``learner.sqlite3`` in the user data
directory: ``$HEARTS_TUTOR_DATA_DIR`` if set, else the platform's, from ``platformdirs``). The older
``stats.json`` is read once, when that database is created, and then kept untouched as a backup.
:class:`StatsStore` is the table's handle on them; a damaged database is moved aside as
``learner.sqlite3.damaged-<timestamp>`` and the table says so.

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
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

if TYPE_CHECKING:
    from .learner import LearnerDB

BANDS = ("best", "good", "inaccuracy", "mistake", "blunder")
ENV_DIR = "HEARTS_TUTOR_DATA_DIR"
FILE_NAME = "stats.json"


def data_dir() -> Path:
    """Where the user's hearts_tutor data lives (not created here): ``$HEARTS_TUTOR_DATA_DIR``, else the
    platform's user data directory (``$XDG_DATA_HOME/hearts_tutor`` or ``~/.local/share/hearts_tutor`` on Linux)."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    return Path(platformdirs.user_data_dir("hearts_tutor", appauthor=False))


CLASS_DIR = "HEARTS_TUTOR_CLASS_DIR"
"""Set by ``hearts-tutor play --class``: the folder under which each kernel keeps its learner's records."""


def learner_data_dir() -> Path | None:
    """In a kernel of ``hearts-tutor play --class``: a new folder for this page's learner records (else None)."""
    root = os.environ.get(CLASS_DIR)
    return Path(tempfile.mkdtemp(prefix="learner_", dir=root)) if root else None


def stats_path() -> Path:
    """The legacy statistics file (read once, by the learner database's migration)."""
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
    """Read a legacy ``stats.json``: the statistics and a problem for the learner (None when all is well).

    A missing file gives fresh statistics. A damaged one gives fresh statistics and a message naming it; the
    file is only read, never moved or changed.
    """
    path = path or stats_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Stats(), None
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) else str(e)
        return Stats(), f"Could not read your old statistics file {path}: {reason}."
    try:
        return Stats.from_json(json.loads(text)), None
    except (ValueError, TypeError) as e:
        return Stats(), f"Your old statistics file {path} is damaged ({e})."


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write statistics as a legacy ``stats.json``, atomically (temporary file + os.replace)."""
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
    """The table's statistics, kept in the learner database (``path``, default ``learner_db_path()``).

    ``stats`` is the latest copy read, ``message`` a problem to show (a damaged database moved aside) or None,
    and ``learner`` the :class:`~hearts_tutor.practice.learner.LearnerDB`, where the table files graded moves.
    """

    def __init__(self, path: Path | None = None) -> None:
        from .learner import LearnerDB

        self.learner: LearnerDB = LearnerDB(path)
        self.path = self.learner.path
        self.message = self.learner.message
        self.stats = self._read() or Stats()

    def _read(self) -> Stats | None:
        try:
            return self.learner.stats()
        except (sqlite3.Error, ValueError) as e:
            self.message = f"Could not read your statistics from {self.path}: {e}."
            return None

    def update(self, change: Callable[[Stats], Any]) -> str | None:
        """Apply ``change`` to the latest statistics in the database and store them; returns a problem to show,
        or None.

        Reading and writing in one transaction means two tables (two notebooks, or a Voila kernel started before
        the last game ended) never overwrite each other's games.
        """
        try:
            self.learner.update_stats(change)
        except (sqlite3.Error, OSError) as e:
            change(self.stats)  # kept for this session at least
            self.message = f"Could not save your statistics to {self.path}: {e}."
            return self.message
        self.stats = self._read() or self.stats
        return None if self.learner.persistent else self.message

    def reload(self) -> None:
        """Catch up with what other tables saved."""
        self.stats = self._read() or self.stats

    def save(self) -> str | None:
        """Store this copy of the statistics as it is; returns a problem to show instead of raising."""
        from .learner import replace_stats

        if not self.learner.persistent:
            return self.message
        mine = Stats.from_json(self.stats.to_json())
        try:
            self.learner.update_stats(lambda latest: replace_stats(latest, mine))
        except (sqlite3.Error, OSError) as e:
            self.message = f"Could not save your statistics to {self.path}: {e}."
            return self.message
        return None


__all__ = ["BANDS", "Stats", "StatsStore", "data_dir", "load_stats", "save_stats", "stats_path"]
