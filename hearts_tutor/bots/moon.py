"""The moon: who may be shooting it (to stop them), whether I am, and how a bot plays while it shoots."""

from __future__ import annotations

from typing import Any

from ..engine.cards import HEART_MASK, HEARTS, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, join_words
from ..engine.view import PlayerView


def moon_progress(view: PlayerView, seat: int) -> str:
    """What ``seat`` has taken toward a moon: 'every heart played so far and the queen of spades'."""
    parts = []
    if view.hearts_taken[seat]:
        parts.append("every heart played so far")
    if view.rules.queen_points and view.queens_taken[seat]:
        parts.append("both queens of spades" if view.queens_taken[seat] == 2 else "the queen of spades")
    return join_words(parts) if parts else "every trick so far"


def moon_hand(hand: CardSet, rules: Any) -> bool:
    """A hand strong enough to try for the moon: many high hearts and stoppers in the other suits."""
    hearts = hand & HEART_MASK
    high_hearts = (hearts >> (39 + 8)).bit_count()  # ten to ace
    if hearts.bit_count() < 6 or high_hearts < 4 or not hearts >> 51 & 1:
        return False
    high = sum(((hand & SUIT_MASKS[s]) >> (13 * s + 10)).bit_count() for s in range(3))
    return high >= 4


def moon_points(view: PlayerView) -> list[int]:
    """Each seat's points toward a moon so far: its hearts and queens of spades."""
    return [view.hearts_taken[s] + view.queens_taken[s] * view.rules.queen_points for s in range(view.n)]


def _lone_scorer(view: PlayerView, raw: list[int]) -> int | None:
    """The one other seat that has taken every point so far, if there is one."""
    takers = [s for s in range(view.n) if raw[s] > 0]
    return takers[0] if len(takers) == 1 and takers[0] != view.seat else None


def possible_shooter(view: PlayerView) -> int | None:
    """A seat that has taken every point so far, enough to be dangerous."""
    rules = view.rules
    raw = moon_points(view)
    s = _lone_scorer(view, raw)
    if s is None:
        return None
    if view.queens_taken[s] == 0 and rules.queen_points and not _all_queens_played(view):
        return s if view.hearts_taken[s] >= 6 else None
    return s if raw[s] >= 8 or view.hearts_taken[s] >= 5 else None


def moon_watch(view: PlayerView) -> int | None:
    """Another seat that has taken every point so far (at least two), or won every trick so far (three or
    more) with every point, if any: too early to call a moon, but worth keeping a heart stopper for."""
    raw = moon_points(view)
    if not any(raw):
        first = view.tricks[0].winner if view.tricks else None
        return first if first is not None and first != view.seat and _won_every_trick(view, first, 3) else None
    s = _lone_scorer(view, raw)
    return s if s is not None and (raw[s] >= 2 or _won_every_trick(view, s, 3)) else None


def _won_every_trick(view: PlayerView, seat: int, at_least: int) -> bool:
    """Whether ``seat`` has won every trick so far, and at least ``at_least`` of them."""
    return len(view.tricks) >= at_least and all(t.winner == seat for t in view.tricks)


def _all_queens_played(view: PlayerView) -> bool:
    return sum(1 for _, c in view.plays() if c == QUEEN_OF_SPADES) >= view.rules.decks


def am_shooting(view: PlayerView) -> bool:
    rules = view.rules
    me = view.seat
    raw = moon_points(view)
    if any(raw[s] for s in range(view.n) if s != me):
        return False
    hand = view.hand_mask
    if raw[me] == 0:
        return len(view.tricks) <= 2 and moon_hand(hand | _taken_mask(view, me), rules)
    # I have all the points so far: keep going while my hearts are the top ones left
    hearts_left = HEART_MASK & ~view.played_mask()
    mine = hand & HEART_MASK
    others = hearts_left & ~mine
    if not others:
        return True
    if rules.queen_points and not view.queens_taken[me] and not hand & QS_BIT:
        return False  # the queen is still out there: too risky
    top_other = others.bit_length() - 1
    return (mine >> top_other).bit_count() >= others.bit_count()


def _taken_mask(view: PlayerView, seat: int) -> CardSet:
    m = 0
    for t in view.tricks:
        if t.winner == seat:
            for c in t.cards:
                m |= 1 << c
    return m


def score_shooting(view: PlayerView, win: Card | None, c: Card) -> tuple[float, str]:
    """Shooting: win every trick that holds points, highest cards first (``win``: the card winning the trick)."""
    rank = c % 13
    if not view.trick:
        return -rank - (5.0 if c // 13 != HEARTS or view.hearts_broken else 0.0), \
            "I am shooting the moon, so I lead a high card to keep winning"
    led = view.trick[0] // 13
    if c // 13 == led and (win is None or c > win):
        return -20.0 - rank / 13, "I am shooting the moon, so I win this trick"
    if c // 13 != led:
        if c >= 39 or c == QUEEN_OF_SPADES:
            return 20.0, "I am shooting the moon: I keep my points cards"
        return -rank / 13, "I am shooting the moon: I throw a useless low card"
    return -rank / 13, "I cannot win this one, so I keep my high cards"


__all__ = ["am_shooting", "moon_hand", "moon_points", "moon_progress", "moon_watch", "possible_shooter",
           "score_shooting"]
