"""The learner's statistics, kept across games and kernel restarts.

They live in the learner database (:mod:`hearts_tutor.practice.learner`, ``learner.sqlite3`` in the user data
directory: ``$HEARTS_TUTOR_DATA_DIR`` if set, else the platform's, from ``platformdirs``). The older
``stats.json`` is read once, when that database is created, and then kept untouched as a backup.
:class:`~hearts_tutor.practice.stats_store.StatsStore` is the table's handle on them.

>>> s = Stats()
>>> s.record_hand(points=5, moon=False, queen=True)
>>> s.record_game(won=True)
>>> s.games, s.wins, s.average_points
(1, 1, 5.0)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

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
            ("Moons shot", str(self.moons)), ("Hands you took the queen of spades", str(self.queens))]
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


def replace_stats(target: Stats, source: Stats) -> None:
    """Make ``target`` hold ``source``'s counts (when a table saves its copy)."""
    for f in dataclasses.fields(Stats):
        value = getattr(source, f.name)
        setattr(target, f.name, dict(value) if isinstance(value, dict) else value)



__all__ = ["BANDS", "Stats", "data_dir", "load_stats", "replace_stats", "save_stats", "stats_path"]
