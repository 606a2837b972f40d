"""The table's handle on the learner's statistics in the learner database (:mod:`.learner`).

A damaged database is moved aside as ``learner.sqlite3.damaged-<timestamp>`` and the table says so.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .learner import LearnerDB
from .stats import Stats, replace_stats


class StatsStore:
    """The table's statistics, kept in the learner database (``path``, default ``learner_db_path()``).

    ``stats`` is the latest copy read, ``message`` a problem to show (a damaged database moved aside) or None,
    and ``learner`` the :class:`~hearts_tutor.practice.learner.LearnerDB`, where the table files graded moves.
    """

    def __init__(self, path: Path | None = None) -> None:
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
        if not self.learner.persistent:
            return self.message
        mine = Stats.from_json(self.stats.to_json())
        try:
            self.learner.update_stats(lambda latest: replace_stats(latest, mine))
        except (sqlite3.Error, OSError) as e:
            self.message = f"Could not save your statistics to {self.path}: {e}."
            return self.message
        return None


__all__ = ["StatsStore"]
