"""The learner model: one SQLite database of attempts, ratings, reviews and the table's statistics.

The database (``learner.sqlite3`` in :func:`~hearts_tutor.practice.stats.data_dir`) holds

* every attempt: a puzzle, a review or a graded move at the table, with its position, choice, band, cost, time
  taken and themes;
* the learner's Glicko-2 rating overall and per theme (the ``glicko2`` package), with their history: a rated
  attempt is a game against the puzzle, whose rating is the opponent's;
* the review schedule (FSRS, from the ``fsrs`` package): missed puzzles and table mistakes come back;
* the table's :class:`~hearts_tutor.practice.stats.Stats`, migrated once from the legacy ``stats.json``
  (kept as a backup).

It runs in WAL mode with a busy timeout, so two notebooks writing at once wait for each other instead of
failing, and every write is one transaction (an attempt commits together with its rating updates). A file that
is not a hearts_tutor learner database is moved aside as ``learner.sqlite3.damaged-<time>``, never overwritten
or deleted, and :attr:`LearnerDB.message` says where it went.

In the browser (Pyodide) SQLite cannot write JupyterLite's contents drive in place (``disk I/O error``), so the
database lives in memory and every committed write saves a snapshot of it to the file (``snapshots=True``). The
table page and each open lesson keep a copy of their own, so before each write a copy takes in what another page
wrote to the file since this copy last read or wrote it (:mod:`.merge`): no page drops another's attempts.

Time comes from an injectable clock, so tests move it forward without sleeping:

>>> import tempfile
>>> from datetime import UTC, datetime, timedelta
>>> now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
>>> db = LearnerDB(Path(tempfile.mkdtemp()) / "learner.sqlite3", clock=lambda: now)
>>> change = db.record_attempt(Attempt(source="puzzle", puzzle_id="p1", kind="play", position={}, choice=["QS"],
...     correct=True, band="best", cost=0.0, seconds=4.2, themes=["duck"]), puzzle_rating=1500.0)
>>> change.after > change.before == 1500.0
True
>>> db.add_review("p2", {"id": "p2"}, ["duck"])
>>> [item.key for item in db.due_reviews()]
['p2']
>>> db.review_result("p2", correct=True) - now >= timedelta(days=1)
True
>>> db.close()
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import fsrs
import glicko2

from .attempts import START, Attempt, AttemptRow, Rating, RatingChange, ReviewItem
from .merge import common_base, count_write, take_in
from .stats import Stats, data_dir, load_stats

FILE_NAME = "learner.sqlite3"
LEGACY_STATS_NAME = "stats.json"
APPLICATION = "hearts_tutor learner"
"""The ``meta`` row that tells our database from any other SQLite file."""
SCHEMA_VERSION = 1
DAYS_AHEAD_ENV = "HEARTS_TUTOR_DAYS_AHEAD"
"""Moves the default clock this many days on (browser tests of reviews, without sleeping)."""
SNAPSHOTS = sys.platform == "emscripten"
"""Whether a database lives in memory and is saved whole after each write (Pyodide: see the module's doc)."""
AFTER_SNAPSHOT: list[Callable[[Path, bytes], None]] = []
"""Called with the file and its bytes after each snapshot is written (the site's table page keeps it in
IndexedDB: ``hearts_tutor.serve.page_bridge``)."""

HELD_STATES = 16
"""Snapshots: how many states written or taken in a copy keeps, to find the one another page's file descends
from (:func:`~hearts_tutor.practice.merge.common_base`)."""

PUZZLE_RD = 80.0
"""The rating deviation of every puzzle: its rating comes from mining and is fairly, not exactly, known."""

BUSY_TIMEOUT_SECONDS = 30.0
"""How long a write waits for another process's transaction before giving up."""

OVERALL = ""
"""The scope of the overall rating in the ``ratings`` table (theme ids are never empty)."""

SCHEDULER = fsrs.Scheduler(learning_steps=(), relearning_steps=())
"""No same-day steps: a puzzle seen again minutes after its answer tests short memory, not understanding, so a
miss comes back the next day and a right answer days later."""

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('puzzle', 'review', 'table')),
    puzzle_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('pass', 'play')),
    position TEXT NOT NULL,
    choice TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    band TEXT NOT NULL,
    cost REAL NOT NULL,
    seconds REAL NOT NULL,
    themes TEXT NOT NULL,
    puzzle_rating REAL,
    unit TEXT NOT NULL DEFAULT 'points' CHECK (unit IN ('points', 'chance'))
);
CREATE INDEX attempts_puzzle ON attempts (puzzle_id);
CREATE TABLE ratings (
    scope TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL
);
CREATE TABLE rating_history (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    scope TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    attempt_id INTEGER REFERENCES attempts (id)
);
CREATE INDEX rating_history_scope ON rating_history (scope, time);
CREATE TABLE reviews (
    key TEXT PRIMARY KEY,
    puzzle TEXT NOT NULL,
    themes TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    added TEXT NOT NULL
);
CREATE INDEX reviews_due ON reviews (due);
CREATE TABLE stats (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
"""
SQLITE_CORRUPT = 11
SQLITE_NOTADB = 26
_TABLES = frozenset({"meta", "attempts", "ratings", "rating_history", "reviews", "stats"})


def learner_db_path() -> Path:
    """Where the learner database lives by default: ``data_dir() / "learner.sqlite3"``."""
    return data_dir() / FILE_NAME


def system_clock() -> datetime:
    """Now, in UTC (``$HEARTS_TUTOR_DAYS_AHEAD`` days later when that is set)."""
    now = datetime.now(UTC)
    ahead = os.environ.get(DAYS_AHEAD_ENV)
    if ahead:
        try:
            now += timedelta(days=float(ahead))
        except ValueError:
            raise ValueError(f"{DAYS_AHEAD_ENV} must be a number of days, not {ahead!r}") from None
    return now


# ================================================================ the database


def _iso(t: datetime) -> str:
    """UTC text that sorts in time order."""
    return _utc(t).isoformat(timespec="microseconds")


def _utc(t: datetime) -> datetime:
    if t.tzinfo is None:
        raise ValueError(f"times must be timezone-aware, not {t!r}")
    return t.astimezone(UTC)


def _json(value: Any, what: str) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as e:
        raise ValueError(f"the {what} cannot be stored as JSON: {e}") from None


class LearnerDB:
    """The learner's database. ``message`` is a problem for the learner to read (a file moved aside), or None.

    When the file cannot be opened or a bad file cannot be moved aside, the database lives in memory for this
    session only (``persistent`` is False), nothing is written to disk, and ``message`` says so.
    """

    def __init__(self, path: Path | None = None, *, clock: Callable[[], datetime] | None = None,
                 snapshots: bool = SNAPSHOTS) -> None:
        self.path = Path(path) if path is not None else learner_db_path()
        self.clock = clock or system_clock
        self.snapshots = snapshots
        self.message: str | None = None
        self.persistent = True
        self._base: bytes | None = None
        """Snapshots: the file as this copy last read or wrote it (None: it started from no usable file)."""
        self._held: list[bytes] = []
        """Snapshots: the last states this copy wrote or took in, oldest first (bases for a merge)."""
        self._copy_id = uuid.uuid4().hex[:12]
        self._writes = 0
        self._lock = threading.RLock()
        notes: list[str] = []
        conn: sqlite3.Connection | None = None
        try:
            self._conn = conn = self._open_file(notes)
            self._migrate_stats_once(notes)
        except (OSError, sqlite3.Error) as e:  # e.g. no such directory, a read-only file, locked for too long
            if conn is not None:
                conn.close()
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            notes.append(f"Could not open your learner database at {self.path}: {reason}. This session's work "
                         "will not be saved.")
            self._conn = self._open_memory()
            self._migrate_stats_once(notes)
        self.message = " ".join(notes) or None

    # ----- opening -----

    def _connect(self, target: str) -> sqlite3.Connection:
        conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
        return conn

    def _open_memory(self) -> sqlite3.Connection:
        self.persistent = False
        conn = self._connect(":memory:")
        self._create(conn)
        return conn

    def _open_target(self) -> sqlite3.Connection:
        """A connection to the file, or (``snapshots``) to a copy of it in memory."""
        if not self.snapshots:
            return self._connect(str(self.path))
        conn = self._connect(":memory:")
        data = self._read_file()
        if data:
            conn.deserialize(data)
        self._base = data or None
        self._held = [data] if data else []
        return conn

    def _read_file(self) -> bytes:
        """The file's bytes (empty when there is none), as one in-memory database (not marked WAL)."""
        try:
            data = bytearray(self.path.read_bytes())
        except FileNotFoundError:
            return b""
        if data[18:20] == b"\x02\x02":  # marked WAL (written in place, checkpointed at close): one file
            data[18:20] = b"\x01\x01"
        return bytes(data)

    def _save_snapshot(self) -> None:
        if self.snapshots and self.persistent:
            data = self._conn.serialize()
            self.path.write_bytes(data)
            self._hold(data)
            for hook in AFTER_SNAPSHOT:
                hook(self.path, data)

    def _take_in_file(self) -> bool:
        """Snapshots: merge into this copy what another page wrote to the file since this copy last read or wrote
        it; returns whether the file lacks something of this copy (so it is due to be written).

        A file that is empty or not a usable learner database (one being written, say) gives nothing and is not
        taken as the new base."""
        data = self._read_file()
        if data == self._base:
            return False
        if not data or not _usable(data):
            return True
        merged = take_in(self._conn, data, common_base(data, self._held), rate=_replay_ratings)
        self._hold(data)
        return merged.file_lacks_ours

    def _hold(self, data: bytes) -> None:
        self._base = data
        self._held = [*self._held[-(HELD_STATES - 1):], data]

    def catch_up(self) -> bool:
        """Snapshots: take in what another page wrote to the file (the site's table page puts the drive's newer
        file there) and write the merged copy when the file lacks something of this one; returns whether it
        wrote."""
        with self._lock:
            if not (self.snapshots and self.persistent) or not self._take_in_file():
                return False
            self._save_snapshot()
            return True

    def _open_file(self, notes: list[str]) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = self._open_target()
        problem = _problem(conn)
        if problem is None:
            self._start(conn)
            return conn
        conn.close()
        try:
            aside = self._move_aside()
        except OSError as e:
            notes.append(f"Your learner database {self.path} cannot be used ({problem}) and could not be moved "
                         f"aside ({e.strerror or e}); it is left as it is, and this session's work will not be "
                         "saved.")
            return self._open_memory()
        notes.append(f"Your learner database {self.path} could not be used ({problem}); it was moved to {aside} "
                     "and a new one started.")
        conn = self._open_target()
        self._start(conn)
        return conn

    def _start(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")  # with WAL, a crashed process loses nothing it committed
        self._create(conn)  # only when empty; waits for another process creating it at the same time

    def _move_aside(self) -> Path:
        """Move the file (and its -wal, -shm) to ``<name>.damaged-<time>``; raises OSError if it cannot."""
        stamp = _utc(self.clock()).astimezone().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
            n += 1
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            sibling = self.path.with_name(self.path.name + suffix)
            with contextlib.suppress(FileNotFoundError):
                os.replace(sibling, aside.with_name(aside.name + suffix))
        return aside

    def _create(self, conn: sqlite3.Connection) -> None:
        """Create the schema in an empty database (one transaction; a no-op when it exists, but for tables added
        since it was made)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(_SAVED_GAMES)  # databases made before saved games existed gain the table here
            _add_cost_unit(conn)
            if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone():
                conn.execute("COMMIT")
                return
            # one by one, not executescript (which would commit half way)
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [
                ("application", APPLICATION), ("schema_version", str(SCHEMA_VERSION)),
                ("created", _iso(self.clock()))])
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _migrate_stats_once(self, notes: list[str]) -> None:
        """Copy the legacy ``stats.json`` beside the database into it, once (the file is only read)."""
        if self._read("SELECT 1 FROM meta WHERE key = 'stats_migrated'"):
            return  # the usual case, without taking the write lock
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM meta WHERE key = 'stats_migrated'").fetchone():
                return
            legacy = self.path.parent / LEGACY_STATS_NAME
            stats, problem = (Stats(), None) if not self.persistent else load_stats(legacy)
            if problem:
                notes.append(f"{problem} Statistics start afresh; the old file is left as it is.")
                outcome = f"not migrated: {problem}"
            elif self.persistent and legacy.exists():
                outcome = f"migrated from {legacy}"
            else:
                outcome = "no legacy statistics"
            conn.execute("INSERT OR REPLACE INTO stats (id, data) VALUES (1, ?)", (json.dumps(stats.to_json()),))
            conn.execute("INSERT INTO meta (key, value) VALUES ('stats_migrated', ?)",
                         (json.dumps({"at": _iso(self.clock()), "outcome": outcome}),))

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE) so read-modify-write never loses a change; with
        snapshots, what another page wrote to the file is taken in first."""
        with self._lock:
            if self.snapshots and self.persistent:
                self._take_in_file()
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            if self.snapshots and self.persistent:
                self._writes += 1
                count_write(self._conn, self._copy_id, self._writes)
            self._conn.execute("COMMIT")
            self._save_snapshot()

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    def now(self) -> datetime:
        """The learner's clock (the one that dates attempts and reviews)."""
        return self._now()

    def _now(self) -> datetime:
        return _utc(self.clock())

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed into the file when this is the last one)."""
        with self._lock:
            self._conn.close()

    # ----- attempts and ratings -----

    def record_attempt(self, attempt: Attempt, *, puzzle_rating: float | None = None) -> RatingChange:
        """Store an attempt; with ``puzzle_rating`` it is also a rated game against the puzzle, which updates the
        overall rating and that of each of its themes in the same transaction."""
        attempt.check()
        when = self._now() if attempt.time is None else _utc(attempt.time)
        themes = list(dict.fromkeys(attempt.themes))
        row = (_iso(when), attempt.source, attempt.puzzle_id, attempt.kind, _json(dict(attempt.position), "position"),
               _json(list(attempt.choice), "choice"), int(bool(attempt.correct)), attempt.band,
               float(attempt.cost), float(attempt.seconds), _json(themes, "themes"), puzzle_rating, attempt.unit)
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO attempts (time, source, puzzle_id, kind, position, choice, correct, band, cost, "
                "seconds, themes, puzzle_rating, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            attempt_id = cursor.lastrowid
            if puzzle_rating is None:
                current = _rating_in(conn, OVERALL).rating
                unchanged: dict[str, tuple[float, float]] = {}
                for theme in themes:
                    rating = _rating_in(conn, theme).rating
                    unchanged[theme] = (rating, rating)
                return RatingChange(current, current, unchanged, rated=False)
            outcome = 1.0 if attempt.correct else 0.0
            before, after = _play(conn, OVERALL, puzzle_rating, outcome, when, attempt_id)
            changes = {t: _play(conn, t, puzzle_rating, outcome, when, attempt_id) for t in themes}
        return RatingChange(before, after, changes, rated=True)

    def rating(self, theme: str | None = None) -> Rating:
        """The learner's rating overall, or in one theme (the starting rating before any rated attempt)."""
        with self._lock:
            return _rating_in(self._conn, OVERALL if theme is None else theme)

    def ratings(self) -> dict[str, Rating]:
        """The rating of every theme the learner has been rated in."""
        rows = self._read("SELECT scope, rating, rd, volatility, games FROM ratings WHERE scope != ? ORDER BY scope",
                          (OVERALL,))
        return {scope: Rating(r, rd, vol, games) for scope, r, rd, vol, games in rows}

    def rating_history(self, theme: str | None = None) -> list[tuple[datetime, float, float]]:
        """(time, rating, rd) after each rated attempt, oldest first, overall or in one theme."""
        rows = self._read("SELECT time, rating, rd FROM rating_history WHERE scope = ? ORDER BY time, id",
                          (OVERALL if theme is None else theme,))
        return [(datetime.fromisoformat(t), r, rd) for t, r, rd in rows]

    def cost_by_theme(self, unit: str = "points") -> dict[str, tuple[float, int]]:
        """Average cost per move and how many moves, by theme, over every attempt (puzzles, reviews, table) whose
        cost is in ``unit`` (points this hand, or percent of the chance to win the game)."""
        totals: dict[str, list[float]] = {}
        for cost, themes in self._read("SELECT cost, themes FROM attempts WHERE unit = ?", (unit,)):
            for theme in json.loads(themes):
                total = totals.setdefault(theme, [0.0, 0])
                total[0] += cost
                total[1] += 1
        return {theme: (total / count, int(count)) for theme, (total, count) in sorted(totals.items())}

    def attempted(self) -> set[str]:
        """The ids of every puzzle the learner has tried."""
        return {pid for (pid,) in self._read("SELECT DISTINCT puzzle_id FROM attempts WHERE puzzle_id IS NOT NULL")}

    def attempts(self, limit: int | None = None) -> list[AttemptRow]:
        """The attempts in the order they were made; with ``limit``, only the latest ``limit`` of them."""
        sql = ("SELECT id, time, source, puzzle_id, kind, position, choice, correct, band, cost, seconds, themes, "
               "puzzle_rating, unit FROM attempts ORDER BY id DESC")
        rows = self._read(sql + (" LIMIT ?" if limit is not None else ""), (limit,) if limit is not None else ())
        return [AttemptRow(id=i, time=datetime.fromisoformat(t), source=source, puzzle_id=pid, kind=kind,
                           position=json.loads(position), choice=tuple(json.loads(choice)), correct=bool(correct),
                           band=band, cost=cost, seconds=seconds, themes=tuple(json.loads(themes)),
                           puzzle_rating=puzzle_rating, unit=unit)
                for i, t, source, pid, kind, position, choice, correct, band, cost, seconds, themes, puzzle_rating, unit
                in reversed(rows)]

    # ----- reviews -----

    def add_review(self, key: str, puzzle: Mapping[str, Any], themes: Sequence[str]) -> None:
        """Put a position on the review schedule, due now. An existing ``key`` is not duplicated: its position
        and themes are refreshed and it is due now again, keeping what FSRS has learned about it."""
        now = self._now()
        puzzle_text, themes_text = _json(dict(puzzle), "puzzle"), _json(list(themes), "themes")
        with self._write() as conn:
            row = conn.execute("SELECT card FROM reviews WHERE key = ?", (key,)).fetchone()
            if row is None:
                card = fsrs.Card(card_id=int(now.timestamp() * 1000), due=now)
                conn.execute("INSERT INTO reviews (key, puzzle, themes, card, due, added) VALUES (?, ?, ?, ?, ?, ?)",
                             (key, puzzle_text, themes_text, card.to_json(), _iso(now), _iso(now)))
                return
            card = fsrs.Card.from_json(row[0])
            card.due = now
            conn.execute("UPDATE reviews SET puzzle = ?, themes = ?, card = ?, due = ? WHERE key = ?",
                         (puzzle_text, themes_text, card.to_json(), _iso(now), key))

    def review_result(self, key: str, correct: bool) -> datetime:
        """Schedule the next review after an answer (FSRS: Good if right, Again if wrong); returns when it is due.

        Raises KeyError for a key that is not on the schedule.
        """
        now = self._now()
        with self._write() as conn:
            row = conn.execute("SELECT card FROM reviews WHERE key = ?", (key,)).fetchone()
            if row is None:
                raise KeyError(f"no review item {key!r}")
            card, _log = SCHEDULER.review_card(fsrs.Card.from_json(row[0]),
                                               fsrs.Rating.Good if correct else fsrs.Rating.Again, now)
            conn.execute("UPDATE reviews SET card = ?, due = ? WHERE key = ?", (card.to_json(), _iso(card.due), key))
        return card.due

    def due_reviews(self, now: datetime | None = None) -> list[ReviewItem]:
        """The items due at ``now`` (default: the clock), the longest overdue first."""
        rows = self._read("SELECT key, puzzle, themes, due FROM reviews WHERE due <= ? ORDER BY due, key",
                          (_iso(now or self._now()),))
        return [ReviewItem(key, json.loads(puzzle), tuple(json.loads(themes)), datetime.fromisoformat(due))
                for key, puzzle, themes, due in rows]

    def reviews_due_by_day(self, days: int = 14) -> list[tuple[date, int]]:
        """How many reviews come due on each of the coming ``days`` local days; today's count includes those
        already overdue."""
        today = self._now().astimezone().date()
        counts = dict.fromkeys((today + timedelta(days=i) for i in range(days)), 0)
        for (due,) in self._read("SELECT due FROM reviews"):
            day = max(today, datetime.fromisoformat(due).astimezone().date())
            if day in counts:
                counts[day] += 1
        return list(counts.items())

    # ----- the table's statistics -----

    def stats(self) -> Stats:
        """The table's statistics as stored now."""
        with self._lock:
            return _stats_in(self._conn)

    def update_stats(self, change: Callable[[Stats], Any]) -> None:
        """Apply ``change`` to the latest statistics and store them, in one transaction: two tables writing at
        once never lose each other's games."""
        with self._write() as conn:
            stats = _stats_in(conn)
            change(stats)
            conn.execute("UPDATE stats SET data = ? WHERE id = 1", (json.dumps(stats.to_json()),))

    # ----- the table's unfinished game (SPEC 7: resumed after a reload) -----

    def saved_game(self, key: str) -> tuple[str, str] | None:
        """The text saved under ``key`` and the owner that saved it, or None."""
        rows = self._read("SELECT data, owner FROM saved_games WHERE key = ?", (key,))
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    def save_game(self, key: str, data: str, owner: str, *, take_over: bool = False) -> bool:
        """Store ``data`` under ``key`` for ``owner``; False (nothing written) when another owner holds the save,
        unless ``take_over``: a table that lost its save to a newer one (e.g. after a reload) stops writing."""
        with self._write() as conn:
            row = conn.execute("SELECT owner FROM saved_games WHERE key = ?", (key,)).fetchone()
            if row and row[0] != owner and not take_over:
                return False
            conn.execute("INSERT OR REPLACE INTO saved_games (key, owner, time, data) VALUES (?, ?, ?, ?)",
                         (key, owner, _iso(self._now()), data))
        return True

    def set_saved_game_aside(self, key: str, reason: str) -> str:
        """Keep a damaged save under ``<key>.damaged-<time>`` (never deleted), to be reported, and return that
        key; its owner becomes ``unreported: <reason>`` until :meth:`saved_games_reported`."""
        with self._write() as conn:
            aside = f"{key}.damaged-{_iso(self._now())}"
            conn.execute("UPDATE saved_games SET key = ?, owner = ? WHERE key = ?", (aside, f"unreported: {reason}",
                                                                                    key))
        return aside

    def unreported_saves(self, key: str) -> list[tuple[str, str]]:
        """The damaged saves of ``key`` set aside and not reported yet: (their key, why), oldest first."""
        prefix = f"{key}.damaged-"  # compared as text: a key's '_' is no LIKE wildcard
        found = self._read("SELECT key, substr(owner, 13) FROM saved_games WHERE substr(key, 1, ?) = ? AND owner "
                           "LIKE 'unreported: %' ORDER BY key", (len(prefix), prefix))
        return [(str(k), str(why)) for k, why in found]

    def saved_games_reported(self, keys: Sequence[str]) -> None:
        """The learner has been told of these damaged saves."""
        with self._write() as conn:
            conn.executemany("UPDATE saved_games SET owner = 'reported: ' || substr(owner, 13) WHERE key = ? AND "
                             "owner LIKE 'unreported: %'", [(k,) for k in keys])

    def clear_saved_game(self, key: str, owner: str) -> None:
        """Forget the save under ``key`` if ``owner`` holds it (a finished game is not offered again)."""
        with self._write() as conn:
            conn.execute("DELETE FROM saved_games WHERE key = ? AND owner = ?", (key, owner))


def _add_cost_unit(conn: sqlite3.Connection) -> None:
    """A database made before attempts had a cost unit gains the column; its attempts at play-to-score puzzles
    (judged in the chance to win the game, stored then as a fraction of 1) become percent of that chance."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'attempts'").fetchone():
        return
    if "unit" in {str(row[1]) for row in conn.execute("PRAGMA table_info(attempts)")}:
        return
    conn.execute("ALTER TABLE attempts ADD COLUMN unit TEXT NOT NULL DEFAULT 'points' "
                 "CHECK (unit IN ('points', 'chance'))")
    conn.execute("UPDATE attempts SET unit = 'chance', cost = cost * 100 WHERE source != 'table' "
                 "AND themes LIKE '%\"play-to-score\"%'")


_SAVED_GAMES = ("CREATE TABLE IF NOT EXISTS saved_games (key TEXT PRIMARY KEY, owner TEXT NOT NULL, "
                "time TEXT NOT NULL, data TEXT NOT NULL)")


def _problem(conn: sqlite3.Connection) -> str | None:
    """Why the opened file is not a usable learner database, or None (also for an empty file)."""
    try:
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return None
        if "meta" not in tables:
            shown = ", ".join(sorted(tables)[:5])
            return f"it is not a hearts_tutor learner database; it holds other tables: {shown}"
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            return "it is not a hearts_tutor learner database"
        version = meta.get("schema_version", "")
        if not version.isdigit():
            return f"damaged: its schema version {version!r} is not a number"
        if int(version) > SCHEMA_VERSION:
            return (f"it was written by a newer hearts_tutor (schema version {version}; this one reads up to "
                    f"{SCHEMA_VERSION})")
        missing = _TABLES - tables
        if missing:
            return f"damaged: tables missing: {', '.join(sorted(missing))}"
        check = [line for (line,) in conn.execute("PRAGMA integrity_check")]
        if check != ["ok"]:
            return f"damaged: integrity check failed: {'; '.join(check[:3])}"
    except sqlite3.DatabaseError as e:
        if (getattr(e, "sqlite_errorcode", 0) & 0xFF) not in (SQLITE_CORRUPT, SQLITE_NOTADB):
            raise  # e.g. locked for too long, or unreadable: not a reason to move the file
        return f"damaged: {e}"
    return None


def _usable(data: bytes) -> bool:
    """Whether ``data`` (a serialized database) is a learner database this version can use."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(data)
        return _problem(conn) is None and conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = "
                                                       "'meta'").fetchone() is not None
    except sqlite3.DatabaseError:
        return False
    finally:
        conn.close()


def _replay_ratings(conn: sqlite3.Connection) -> None:
    """Compute the ratings and their history again from the rated attempts, oldest first (after attempts from
    another copy came in between this copy's own)."""
    conn.execute("DELETE FROM ratings")
    conn.execute("DELETE FROM rating_history")
    rated = conn.execute("SELECT id, time, correct, themes, puzzle_rating FROM attempts WHERE puzzle_rating IS NOT "
                         "NULL ORDER BY time, id").fetchall()
    for attempt_id, time, correct, themes, puzzle_rating in rated:
        when = datetime.fromisoformat(time)
        for scope in (OVERALL, *json.loads(themes)):
            _play(conn, scope, puzzle_rating, 1.0 if correct else 0.0, when, attempt_id)


def _rating_in(conn: sqlite3.Connection, scope: str) -> Rating:
    row = conn.execute("SELECT rating, rd, volatility, games FROM ratings WHERE scope = ?", (scope,)).fetchone()
    return START if row is None else Rating(*row)


def _play(conn: sqlite3.Connection, scope: str, puzzle_rating: float, outcome: float, when: datetime,
          attempt_id: int | None) -> tuple[float, float]:
    """One Glicko-2 game of ``scope``'s rating against a puzzle; returns (before, after)."""
    before = _rating_in(conn, scope)
    player = glicko2.Player(rating=before.rating, rd=before.rd, vol=before.volatility)
    player.update_player([puzzle_rating], [PUZZLE_RD], [outcome])
    conn.execute("INSERT INTO ratings (scope, rating, rd, volatility, games) VALUES (?, ?, ?, ?, 1) "
                 "ON CONFLICT (scope) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
                 "volatility = excluded.volatility, games = games + 1",
                 (scope, player.rating, player.rd, player.vol))
    conn.execute("INSERT INTO rating_history (time, scope, rating, rd, attempt_id) VALUES (?, ?, ?, ?, ?)",
                 (_iso(when), scope, player.rating, player.rd, attempt_id))
    return before.rating, float(player.rating)


def _stats_in(conn: sqlite3.Connection) -> Stats:
    row = conn.execute("SELECT data FROM stats WHERE id = 1").fetchone()
    return Stats() if row is None else Stats.from_json(json.loads(row[0]))


__all__ = ["START", "Attempt", "AttemptRow", "LearnerDB", "Rating", "RatingChange", "ReviewItem", "learner_db_path",
           "system_clock"]
