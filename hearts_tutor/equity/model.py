"""The chance that each seat wins the game from a score line: a small table, read with interpolation.

The game's future depends on the score line only through each seat's distance to the end (``target -
score``, one more with ``end: "exceed"``): the game ends when a distance reaches 0, and the seat with the
lowest score (the largest distance) wins, ties sharing the win (:meth:`hearts_tutor.match.Match.winners`).
So one table serves every target. It holds a seat's chance over a grid of its own distance and the other
seats' distances (sorted: the chance does not depend on which opponent has which score), built by
:mod:`hearts_tutor.equity.build` from self-play hands, and is read by multilinear interpolation between the 16
grid points around a score line (microseconds a call: ``benchmarks/README.md``).

A score line that already ends the game is scored exactly, never from the table.

>>> model = GameOdds.for_rules(Rules.preset("standard"))
>>> round(sum(model.win_chances([0, 0, 0, 0])), 6)
1.0
>>> model.win_chances([100, 40, 60, 20])  # over: seat 3 has won
(0.0, 0.0, 0.0, 1.0)
>>> model.win_chance([20, 95, 60, 40], 0) > model.win_chance([60, 95, 20, 40], 0)
True
"""

from __future__ import annotations

import base64
import bisect
import json
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ..engine.rules import Rules

TABLE_VERSION = 1


class EquityUnavailable(ValueError):
    """No game-win table fits these rules (the caller should judge in points instead)."""


def table_key(rules: Rules) -> str:
    """The name of the table that fits ``rules``, or :class:`EquityUnavailable` saying why none does.

    Tables exist for one-deck games of four players that end at a target score, with the standard scoring of
    hearts and the queen (no jack of diamonds, clean-hand bonus or sweep); one per moon mode.
    """
    why = []
    if rules.players != 4 or rules.decks != 1:
        why.append(f"{rules.players} players with {rules.decks} deck(s)")
    if rules.end == "hands":
        why.append("a game of a fixed number of hands")
    if rules.queen_points != 13 or rules.jack_points or rules.clean_hand_bonus or rules.sweep != "none":
        why.append("scoring other than hearts and the queen")
    if why:
        raise EquityUnavailable("no game-win table for " + " and ".join(why) + "; judge in points")
    return f"4p-{rules.moon}"


def game_over(scores: Sequence[int], rules: Rules) -> bool:
    """Whether these scores (after a whole hand) end a game that ends at the target."""
    if rules.end == "reach":
        return max(scores) >= rules.target
    if rules.end == "exceed":
        return max(scores) > rules.target
    raise EquityUnavailable("a game of a fixed number of hands has no end by score")


def final_shares(scores: Sequence[int]) -> list[float]:
    """Each seat's share of the win in a finished game: the lowest score wins, ties share it."""
    low = min(scores)
    winners = [s == low for s in scores]
    k = sum(winners)
    return [1.0 / k if w else 0.0 for w in winners]


def distances(scores: Sequence[int], rules: Rules) -> list[int]:
    """Each seat's distance to the end of the game: the game ends when one of them is 0 or less."""
    return [rules.target + (rules.end == "exceed") - s for s in scores]


@dataclass(frozen=True)
class EquityTable:
    """A seat's chance to win over ``grid`` x sorted(``grid``^3): ``values[own][a][b][c]`` flattened.

    ``values`` is indexed ``((own * n + a) * n + b) * n + c`` for every (a, b, c), sorted or not (the table
    is symmetric in the other seats and is stored once per sorted triple on disk).
    """

    key: str
    grid: tuple[int, ...]
    values: tuple[float, ...]
    meta: dict[str, Any]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EquityTable:
        """Read a table written by :meth:`to_json`; a malformed one is a clear :class:`ValueError`."""
        if data.get("version") != TABLE_VERSION:
            raise ValueError(f"game-win table version {data.get('version')!r}, expected {TABLE_VERSION}")
        grid = tuple(int(g) for g in data["grid"])
        n = len(grid)
        raw = base64.b64decode(data["values"])
        words = array("H", raw)  # 16-bit values, stored little-endian
        if sys.byteorder == "big":
            words.byteswap()
        packed = [v / 65535 for v in words]
        triples = sorted_triples(n)
        if len(packed) != n * len(triples):
            raise ValueError(f"game-win table {data.get('key')!r} holds {len(packed)} values, expected "
                             f"{n * len(triples)}")
        index = {t: i for i, t in enumerate(triples)}
        # where each (a, b, c) of the other seats is stored (once, sorted), then every own distance's block
        where = [index[_sorted3(a, b, c)] for a in range(n) for b in range(n) for c in range(n)]
        values: list[float] = []
        for own in range(n):
            block = packed[own * len(triples):(own + 1) * len(triples)]
            values.extend([block[i] for i in where])
        return cls(str(data["key"]), grid, tuple(values), dict(data.get("meta", {})))

    @staticmethod
    def encode(key: str, grid: Sequence[int], sorted_values: Sequence[float], meta: dict[str, Any]
               ) -> dict[str, Any]:
        """The JSON form of a table given per own grid point and sorted triple (:func:`sorted_triples` order)."""
        packed = b"".join(round(min(1.0, max(0.0, v)) * 65535).to_bytes(2, "little") for v in sorted_values)
        return {"version": TABLE_VERSION, "key": key, "grid": list(grid), "meta": meta,
                "values": base64.b64encode(packed).decode("ascii")}

    def lookup(self, own: float, others: Sequence[float]) -> float:
        """The chance at distance ``own`` against the ``others``' distances (each clipped to the grid)."""
        grid, n, values = self.grid, len(self.grid), self.values
        base = 0
        weights: list[tuple[float, float]] = []
        for d in (own, *others):
            d = min(max(d, grid[0]), grid[-1])
            i = min(bisect.bisect_right(grid, d) - 1, n - 2)
            t = (d - grid[i]) / (grid[i + 1] - grid[i])
            base = base * n + i
            weights.append((1.0 - t, t))
        (a0, a1), (b0, b1), (c0, c1), (e0, e1) = weights
        s1, s2, s3 = n * n * n, n * n, n  # strides of the first three axes (the last is 1)
        total = 0.0
        for wa, oa in ((a0, 0), (a1, s1)):
            if wa:
                for wb, ob in ((b0, 0), (b1, s2)):
                    if wb:
                        for wc, oc in ((c0, 0), (c1, s3)):
                            if wc:
                                k = base + oa + ob + oc
                                total += wa * wb * wc * (e0 * values[k] + e1 * values[k + 1])
        return total


def _sorted3(a: int, b: int, c: int) -> tuple[int, int, int]:
    x, y, z = sorted((a, b, c))
    return x, y, z


def sorted_triples(n: int) -> list[tuple[int, int, int]]:
    """Every (a, b, c) with a <= b <= c < n, in the order tables store them."""
    return [(a, b, c) for a in range(n) for b in range(a, n) for c in range(b, n)]


@cache
def load_table(key: str) -> EquityTable:
    """The shipped table ``key`` (read once)."""
    try:
        text = resources.files("hearts_tutor.equity").joinpath(f"table-{key}.json").read_text()
    except FileNotFoundError:
        raise EquityUnavailable(f"the game-win table {key!r} is not shipped") from None
    return EquityTable.from_json(json.loads(text))


class GameOdds:
    """Game-win chances under one set of rules (:meth:`for_rules`), from the shipped table."""

    def __init__(self, rules: Rules, table: EquityTable) -> None:
        self.rules = rules
        self.table = table

    @classmethod
    def for_rules(cls, rules: Rules) -> GameOdds:
        """The model for ``rules`` (one per rules value), or :class:`EquityUnavailable` when no table fits."""
        return _odds_for(rules)

    def win_chance(self, scores: Sequence[int], seat: int) -> float:
        """Seat ``seat``'s chance to win the game (its share of a tie) from these scores between hands."""
        if not 0 <= seat < len(scores):
            raise ValueError(f"no seat {seat} at a table of {len(scores)}")
        return self.win_chances(scores)[seat]

    def win_chances(self, scores: Sequence[int]) -> tuple[float, ...]:
        """Every seat's chance to win, summing to 1 (the table's values, rescaled to sum to 1)."""
        if len(scores) != self.rules.players:
            raise ValueError(f"{len(scores)} scores for a table of {self.rules.players} players")
        return self._chances(tuple(scores))

    @lru_cache(maxsize=4096)  # noqa: B019 - one model per rules value, kept for the life of the program
    def _chances(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        if game_over(scores, self.rules):
            return tuple(final_shares(scores))
        d = distances(scores, self.rules)
        raw = [self.table.lookup(d[s], sorted(d[:s] + d[s + 1:])) for s in range(len(d))]
        total = sum(raw)
        return tuple(v / total for v in raw) if total > 0 else (1.0 / len(raw),) * len(raw)


@cache
def _odds_for(rules: Rules) -> GameOdds:
    return GameOdds(rules, load_table(table_key(rules)))


__all__ = ["EquityTable", "EquityUnavailable", "GameOdds", "distances", "final_shares", "game_over", "load_table",
           "sorted_triples", "table_key"]
