"""Building the game-win tables from self-play hands, and testing them on held-out games (needs numpy).

The model: hand after hand, the points of the seats are a draw from the recorded self-play hands (the seats
of a drawn hand shuffled, so every seat plays like the table's average player), scored under the rules' moon
mode; the game ends as the rules say and the lowest score wins, ties sharing. A seat's chance from a score
line is the share of many such games it wins. :func:`build_table` computes it at every grid point of
:mod:`hearts_tutor.equity.model`'s table, with the same random games for every grid point (so the table is
smooth: two neighbouring score lines differ by their scores, not by their luck).

A moon under ``shooter_chooses`` is scored as the bots choose (:meth:`hearts_tutor.bots.base.Bot.choose_moon`):
adding 26 to the others when that ends the game with the shooter lowest, else taking 26 off its own score.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from .model import EquityTable, sorted_triples
from .selfplay import HandOutcome

GRID: tuple[int, ...] = (1, 3, 6, 10, 14, 19, 25, 32, 40, 49, 59, 70, 82, 95, 110, 126)
"""Distances to the end of the game at which the table is computed (finer near the end, where chances move)."""
MOON_MODES = ("add_to_others", "subtract_from_self", "shooter_chooses")
MAX_HANDS = 80
"""Simulated games still going after this many hands are scored as they stand (lowest score wins)."""
_PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def moon_points(hands: Sequence[HandOutcome]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each hand's points per seat if a moon adds 26 to the others, if it takes 26 off the shooter, and the
    shooter (-1 for none)."""
    raw = np.array([h.raw for h in hands], dtype=np.int64)
    shooter = np.array([-1 if h.shooter is None else h.shooter for h in hands], dtype=np.int64)
    add = raw.copy()
    sub = raw.copy()
    for i in np.flatnonzero(shooter >= 0):
        s = shooter[i]
        add[i] = 26
        add[i, s] = 0
        sub[i] = 0
        sub[i, s] = -26
    return add, sub, shooter


def simulate(start: np.ndarray, hands: Sequence[HandOutcome], moon: str, games: int, rng: np.random.Generator
             ) -> np.ndarray:
    """Win shares per seat (lines x 4) from each line of ``start`` (lines x 4 distances to the end, all > 0),
    averaged over ``games`` simulated games that every line shares."""
    if moon not in MOON_MODES:
        raise ValueError(f"moon must be one of {', '.join(MOON_MODES)}, not {moon!r}")
    add, sub, shooter = moon_points(hands)
    lines = start.shape[0]
    d = np.broadcast_to(start[:, None, :], (lines, games, 4)).copy()
    wins = np.zeros((lines, 4))
    active = np.ones((lines, games), dtype=bool)
    for _ in range(MAX_HANDS):
        pick = rng.integers(0, len(hands), games)
        perm = _PERMS[rng.integers(0, len(_PERMS), games)]
        rows = np.arange(games)[:, None]
        a = add[pick][rows, perm]  # seat j of the game gets the drawn hand's seat perm[j]
        s = sub[pick][rows, perm]
        if moon == "add_to_others":
            pts = np.broadcast_to(a, d.shape)
        elif moon == "subtract_from_self":
            pts = np.broadcast_to(s, d.shape)
        else:
            pts = _chosen(d, a, s, perm, shooter[pick])
        d = d - pts
        over = active & (d.min(axis=2) <= 0)
        wins += _shares(d, over)
        active &= ~over
        if not active.any():
            break
    wins += _shares(d, active)
    return wins / games


def _chosen(d: np.ndarray, add: np.ndarray, sub: np.ndarray, perm: np.ndarray, shooter: np.ndarray) -> np.ndarray:
    """Points per (line, game, seat) when each shooter picks its moon's scoring as the bots do."""
    pts = np.broadcast_to(sub, d.shape).copy()
    games = np.flatnonzero(shooter >= 0)
    for g in games:
        seat = int(np.flatnonzero(perm[g] == shooter[g])[0])
        others = np.delete(np.arange(4), seat)
        after = d[:, g, others] - 26  # the others' distances if 26 go on their scores
        ends = after.min(axis=1) <= 0
        lowest = d[:, g, seat] > (d[:, g, others] - 26).max(axis=1)
        take = ends & lowest
        pts[take, g] = add[g]
    return pts


def _shares(d: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Summed over games: each seat's share of the win in the games of ``mask`` (largest distance wins)."""
    best = d.max(axis=2, keepdims=True)
    top = (d == best) & mask[:, :, None]
    k = top.sum(axis=2, keepdims=True)
    return np.where(top, 1.0 / np.maximum(k, 1), 0.0).sum(axis=1)


def build_table(hands: Sequence[HandOutcome], moon: str, *, games: int = 3000, seed: int = 31,
                batch: int = 192) -> dict[str, Any]:
    """The JSON form of the table for ``moon`` (:meth:`EquityTable.encode`), from ``hands``.

    One simulated score line gives every seat's chance, so the games are played once per sorted line of four
    grid distances, and each table entry (own distance, sorted others) is read from the line holding all four.
    """
    n = len(GRID)
    quads = list(itertools.combinations_with_replacement(range(n), 4))
    where = {q: i for i, q in enumerate(quads)}
    lines = np.array([[GRID[i] for i in q] for q in quads])
    wins = np.empty((len(lines), 4))
    for lo in range(0, len(lines), batch):
        rng = np.random.default_rng(seed)  # the same games for every batch of lines
        wins[lo:lo + batch] = simulate(lines[lo:lo + batch], hands, moon, games, rng)
    values = []
    for own in range(n):
        for triple in sorted_triples(n):
            a, b, c, d = sorted((own, *triple))
            quad = (a, b, c, d)
            values.append(float(wins[where[quad]][quad.index(own)]))
    moons = sum(h.shooter is not None for h in hands)
    meta = {"hands": len(hands), "moons": moons, "games_per_point": games, "seed": seed,
            "table": "one hard and three medium bots, standard rules"}
    return EquityTable.encode(f"4p-{moon}", GRID, values, meta)


__all__ = ["GRID", "MOON_MODES", "build_table", "moon_points", "simulate"]
