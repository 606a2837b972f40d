"""Where each seat sits around the felt, and where its cards land in the trick area."""

from __future__ import annotations

import math


def seat_sides(n: int) -> dict[int, tuple[str, int]]:
    """For each opponent seat (1..n-1): its side of the table (left, top, right) and its place on that side.

    Seats go clockwise from the learner at the bottom: up the left side, along the top from left to right,
    down the right side.

    >>> seat_sides(4)
    {1: ('left', 0), 2: ('top', 0), 3: ('right', 0)}
    >>> [side for side, _ in seat_sides(3).values()]
    ['left', 'right']
    """
    m = n - 1
    side = m // 3 + (1 if m % 3 == 2 else 0)
    top = m - 2 * side
    out: dict[int, tuple[str, int]] = {}
    seat = 1
    for i in range(side):
        out[seat] = ("left", i)
        seat += 1
    for i in range(top):
        out[seat] = ("top", i)
        seat += 1
    for i in range(side):
        out[seat] = ("right", i)
        seat += 1
    return out


TRICK_WIDTH = 380  # the trick area's width at full size, in pixels (the style sheet's .ht-trickarea)
TRICK_HEIGHT = 262


def trick_position(seat: int, n: int, width: int = TRICK_WIDTH, height: int = TRICK_HEIGHT) -> tuple[float, float]:
    """Centre of ``seat``'s card in the trick area (seat 0 at the bottom, clockwise)."""
    angle = math.radians(90 + 360 * seat / n)
    rx, ry = width * 0.30, height * 0.29
    return width / 2 + rx * math.cos(angle), height / 2 - 8 + ry * math.sin(angle)


def toward(seat: int, n: int, distance: float = 170) -> tuple[float, float]:
    """A vector from the centre toward ``seat`` (where a won trick goes)."""
    angle = math.radians(90 + 360 * seat / n)
    return distance * math.cos(angle), distance * 0.8 * math.sin(angle)
