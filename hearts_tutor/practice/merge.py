"""Taking another page's work into the learner database: the static site's pages share one file.

In the browser (Pyodide) each page holds the learner database in memory and writes it whole to JupyterLite's
drive after every change (:class:`~hearts_tutor.practice.learner.LearnerDB` snapshots). The table page and the
kernel of each open lesson hold a copy each, so a copy that wrote its snapshot over the file without looking would
drop whatever another page wrote since it read the file. Before writing, a copy takes in the file's newer work
with :func:`take_in`: a three-way merge of *theirs* (the file now) into *ours* (the copy in memory) against *base*
(the file as this copy last read or wrote it; None when it started from no file):

- attempts are only ever added: those of theirs that ours lacks (same time, source, puzzle, kind, position and
  choice) are added, with new ids;
- reviews, saved games and ``meta`` rows, by key: what theirs changed since base (added, changed or removed) is
  taken unless ours changed the same row too; then a review keeps the later answer (else the sooner due date)
  and a saved game the later save;
- the table's statistics are counts: ours + theirs - base;
- ratings and their history follow from the rated attempts: ``rate`` (the caller's) computes them again, in
  the same transaction, when rated attempts came in.

The base must be a state both copies hold. The file normally holds a descendant of the copy's last snapshot;
but a page that read the file just before another wrote it writes over that snapshot, and then theirs descends
from an older one. So each copy counts its writes in ``meta`` (``writes:<copy id>``, merged by the greater
count: a version vector), keeps the states it wrote or took in, and :func:`common_base` picks the newest of
them that theirs has seen all of.

Both copies must be usable learner databases of this schema (the caller checks theirs).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from .stats import Stats

WRITES = "writes:"
"""The ``meta`` keys counting each copy's writes (``writes:<copy id>``)."""

ATTEMPT_KEY = ("time", "source", "puzzle_id", "kind", "position", "choice")
"""What tells one attempt from another across copies (ids are each copy's own)."""

Row = tuple[Any, ...]


@dataclass(frozen=True)
class Merged:
    """What :func:`take_in` did: ``attempts_added`` of theirs, whether any of them was rated (``rated_added``:
    the ratings were computed again), and whether the file lacks something ours holds (``file_lacks_ours``:
    ours must be written)."""

    attempts_added: int
    rated_added: bool
    file_lacks_ours: bool


def take_in(conn: sqlite3.Connection, theirs: bytes, base: bytes | None,
            rate: Callable[[sqlite3.Connection], None]) -> Merged:
    """Merge the database ``theirs`` (a serialized copy) into ``conn``'s, against ``base`` (see the module's doc),
    in one transaction (``conn`` must not be in one); ``rate(conn)`` computes the ratings again in it when rated
    attempts came in."""
    attached = [("theirs", theirs)] + ([("base", base)] if base is not None else [])
    for name, data in attached:
        conn.execute(f"ATTACH DATABASE ':memory:' AS {name}")
        conn.deserialize(data, name=name)
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            added, rated = _take_attempts(conn)
            if rated:
                rate(conn)
            _take_keyed(conn, "reviews", "key", _later_review)
            _take_keyed(conn, "saved_games", "key", _later_save)
            _take_keyed(conn, "meta", "key", _greater_count)
            _take_stats(conn, base is not None)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        lacks = any(_differs(conn, table, columns) for table, columns in (
            ("attempts", ATTEMPT_KEY), ("reviews", None), ("saved_games", None), ("meta", None), ("stats", None)))
    finally:
        for name, _data in attached:
            conn.execute(f"DETACH DATABASE {name}")
    return Merged(added, rated, lacks)


def _has(conn: sqlite3.Connection, schema: str, table: str) -> bool:
    return conn.execute(f"SELECT 1 FROM {schema}.sqlite_master WHERE type = 'table' AND name = ?",
                        (table,)).fetchone() is not None


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in conn.execute(f"PRAGMA main.table_info({table})")]


def _take_attempts(conn: sqlite3.Connection) -> tuple[int, bool]:
    """Add theirs' attempts that ours lacks, oldest first; returns how many, and whether any was rated."""
    theirs = {str(row[1]) for row in conn.execute("PRAGMA theirs.table_info(attempts)")}
    # a copy made before a column existed (the cost's unit) leaves ours to its default
    columns = [c for c in _columns(conn, "attempts") if c != "id" and c in theirs]
    listed = ", ".join(f"t.{c}" for c in columns)
    same = " AND ".join(f"m.{c} IS t.{c}" for c in ATTEMPT_KEY)
    rows = conn.execute(f"SELECT {listed} FROM theirs.attempts AS t WHERE NOT EXISTS "
                        f"(SELECT 1 FROM main.attempts AS m WHERE {same}) ORDER BY t.time, t.id").fetchall()
    conn.executemany(f"INSERT INTO main.attempts ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                     rows)
    rating = columns.index("puzzle_rating")
    return len(rows), any(row[rating] is not None for row in rows)


def _rows(conn: sqlite3.Connection, schema: str, table: str, columns: list[str], key: str) -> dict[Any, Row]:
    if not _has(conn, schema, table):
        return {}
    at = columns.index(key)
    return {row[at]: tuple(row) for row in conn.execute(f"SELECT {', '.join(columns)} FROM {schema}.{table}")}


def _take_keyed(conn: sqlite3.Connection, table: str, key: str,
                newer: Callable[[Row, Row], Row]) -> None:
    """Three-way merge of a table by ``key``; ``newer(ours, theirs)`` picks when both changed one row."""
    columns = _columns(conn, table)
    ours, theirs, base = (_rows(conn, schema, table, columns, key) for schema in ("main", "theirs", "base"))
    for k in theirs.keys() | base.keys():
        mine, other, old = ours.get(k), theirs.get(k), base.get(k)
        if other in (old, mine):
            continue  # theirs did not change it, or made it as ours is
        if mine != old:  # both changed it: a removal gives way to a change
            other = other if mine is None else mine if other is None else newer(mine, other)
            if other == mine:
                continue
        if other is None:
            conn.execute(f"DELETE FROM main.{table} WHERE {key} = ?", (k,))
        else:
            conn.execute(f"INSERT OR REPLACE INTO main.{table} ({', '.join(columns)}) VALUES "
                         f"({', '.join('?' * len(columns))})", other)


def _greater_count(ours: Row, theirs: Row) -> Row:
    """A copy's write count: the greater (key, value); any other ``meta`` row: ours."""
    if str(ours[0]).startswith(WRITES) and int(theirs[1]) > int(ours[1]):
        return theirs
    return ours


def count_write(conn: sqlite3.Connection, copy_id: str, count: int) -> None:
    """Stamp the copy's ``count``-th write (inside its transaction)."""
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"{WRITES}{copy_id}", str(count)))


def versions(data: bytes) -> dict[str, int]:
    """The write counts a serialized copy holds, by copy id."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(data)
        return {str(k)[len(WRITES):]: int(v) for k, v in conn.execute(
            "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?", (len(WRITES), WRITES))}
    finally:
        conn.close()


def common_base(theirs: bytes, held: Sequence[bytes]) -> bytes | None:
    """The newest of ``held`` (states this copy wrote or took in, oldest first) that ``theirs`` has seen all of
    (every copy's write count in it at most theirs'); None (nothing in common) when there is none."""
    seen = versions(theirs)
    for state in reversed(held):
        if all(seen.get(copy_id, 0) >= count for copy_id, count in versions(state).items()):
            return state
    return None


def _later_review(ours: Row, theirs: Row) -> Row:
    """The review answered later; when neither was answered since, the one due sooner (put up again)."""
    def when(row: Row) -> tuple[str, str]:
        card = json.loads(row[3])  # key, puzzle, themes, card, due, added
        return card.get("last_review") or "", row[4]

    (ours_answered, ours_due), (theirs_answered, theirs_due) = when(ours), when(theirs)
    if ours_answered != theirs_answered:
        return ours if ours_answered > theirs_answered else theirs
    return ours if ours_due <= theirs_due else theirs


def _later_save(ours: Row, theirs: Row) -> Row:
    """The game saved later (key, owner, time, data)."""
    return ours if ours[2] >= theirs[2] else theirs


def _stats(conn: sqlite3.Connection, schema: str) -> tuple[str | None, Stats]:
    row = conn.execute(f"SELECT data FROM {schema}.stats WHERE id = 1").fetchone()
    return (None, Stats()) if row is None else (row[0], Stats.from_json(json.loads(row[0])))


def _take_stats(conn: sqlite3.Connection, has_base: bool) -> None:
    """The table's counts: ours + theirs - base (theirs' games since base added to ours)."""
    theirs_text, theirs = _stats(conn, "theirs")
    base_text, base = _stats(conn, "base") if has_base else (None, Stats())
    if theirs_text is None or theirs_text == base_text:
        return
    _text, ours = _stats(conn, "main")
    for f in fields(Stats):
        mine, other, old = getattr(ours, f.name), getattr(theirs, f.name), getattr(base, f.name)
        if isinstance(mine, dict):
            setattr(ours, f.name, {k: mine.get(k, 0) + other.get(k, 0) - old.get(k, 0)
                                   for k in dict.fromkeys([*mine, *other])})
        else:
            setattr(ours, f.name, mine + other - old)
    conn.execute("INSERT OR REPLACE INTO main.stats (id, data) VALUES (1, ?)", (json.dumps(ours.to_json()),))


def _differs(conn: sqlite3.Connection, table: str, columns: tuple[str, ...] | None) -> bool:
    """Whether ours and theirs hold different rows of ``table`` (compared on ``columns``, default all)."""
    if not _has(conn, "theirs", table):
        return conn.execute(f"SELECT 1 FROM main.{table} LIMIT 1").fetchone() is not None
    listed = ", ".join(columns or _columns(conn, table))
    return any(conn.execute(f"SELECT 1 FROM (SELECT {listed} FROM {a}.{table} EXCEPT SELECT {listed} FROM "
                            f"{b}.{table}) LIMIT 1").fetchone() for a, b in (("main", "theirs"), ("theirs", "main")))


__all__ = ["ATTEMPT_KEY", "WRITES", "Merged", "common_base", "count_write", "take_in", "versions"]
