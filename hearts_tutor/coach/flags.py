"""The coach's findings (:class:`Flag`) and the hand facts several of them share."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine.cards import HEARTS, SPADES, Card, card_str, rank_of, suit_of
from ..engine.rules import Rules

SEVERITIES = ("info", "warning", "danger")

#: Ranks 7 to jack (rank index 5..9): the mid-range cards seed 001 warns of (after unguarded high spades and
#: high cards in short suits, which the coach ranks first).
MIDRANGE_RANKS = range(5, 10)
LOW_RANKS = range(0, 5)  # 2..6
QUEEN, KING, ACE, JACK = 10, 11, 12, 9


@dataclass(frozen=True)
class Flag:
    """One thing the coach noticed: an ``id`` tests can rely on, a ``severity`` (info, warning, danger),
    a plain ``reason`` and the ``cards`` it is about."""

    id: str
    severity: str
    reason: str
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {self.severity!r}")

    def to_json(self) -> dict[str, Any]:
        """``{"id", "severity", "reason"}`` as in SPEC section 9 (plus the cards)."""
        return {"id": self.id, "severity": self.severity, "reason": self.reason,
                "cards": [card_str(c) for c in self.cards]}


def worst(flags: Iterable[Flag]) -> str | None:
    """The most serious severity among the flags, or None."""
    levels = [SEVERITIES.index(f.severity) for f in flags]
    return SEVERITIES[max(levels)] if levels else None


def suit_cards(cards: Iterable[Card], suit: int) -> list[Card]:
    return sorted(c for c in cards if suit_of(c) == suit)


def queen_scores(rules: Rules) -> bool:
    return rules.queen_points != 0


def jack_scores(rules: Rules) -> bool:
    return rules.jack_points != 0


def moon_potential(cards: Iterable[Card]) -> bool:
    """A hand strong enough to try shooting the moon: two of the top three hearts, four or more hearts,
    and at least five aces and kings (seed 001: a run of face cards is worth examining)."""
    cards = list(cards)
    hearts = suit_cards(cards, HEARTS)
    top_hearts = sum(1 for c in hearts if rank_of(c) >= QUEEN)
    aces_kings = sum(1 for c in cards if rank_of(c) >= KING)
    low_side = sum(1 for c in cards if suit_of(c) != HEARTS and rank_of(c) < 4)
    return top_hearts >= 2 and len(hearts) >= 4 and aces_kings >= 5 and low_side <= 2


def is_spade(c: Card) -> bool:
    return suit_of(c) == SPADES
