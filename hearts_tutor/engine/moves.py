"""The small values a hand is made of, and the rules' legality cascade that the hand and a player's view share.

:class:`Phase`, :class:`Trick`, :class:`Action`, :class:`Verdict`, :class:`IllegalMove` and :class:`HandResult`
are what :class:`~hearts_tutor.engine.hand.HandState` and :class:`~hearts_tutor.engine.view.PlayerView` hold and
return; :func:`play_verdict` names the rule that forbids a card (the same words for the referee, the coach and the
table), and :func:`check_deal` checks a deal against the rules' deck.

>>> from hearts_tutor.engine.rules import Rules
>>> play_verdict(Rules.preset("standard"), Phase.PLAY, 0, 0, hand=1 << 39, legal=0, trick=(), first_trick=False,
...              c=39).rule
'hearts_not_broken'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

from .cards import (
    HEART_MASK,
    HEARTS,
    QS_BIT,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    CardError,
    CardSet,
    card_name,
    card_str,
    lowest,
)
from .rules import Rules

CLUB_MASK = SUIT_MASKS[0]


class Phase(Enum):
    PASS = "pass"
    PLAY = "play"
    MOON = "moon"  # the shooter chooses how the moon scores
    DONE = "done"


class IllegalMove(ValueError):
    """An action the rules forbid; ``rule`` is the rule's id and ``reason`` its plain sentence."""

    def __init__(self, rule: str, reason: str, card: Card | None = None) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.card = card


class Verdict(NamedTuple):
    """Why a card may not be played: the rule's id and its sentence."""

    rule: str
    reason: str


class Trick(NamedTuple):
    """A finished trick: who led, the cards in playing order, the winner (None when fully cancelled)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None


class _TrickHolder(Protocol):
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def leader(self) -> int: ...
    @property
    def n(self) -> int: ...


class TrickProgress:
    """Where the play stands, for the hand and a player's view alike (both hold ``tricks``, ``trick``,
    ``leader`` and ``n``)."""

    __slots__ = ()

    @property
    def trick_number(self: _TrickHolder) -> int:
        """0 for the first trick."""
        return len(self.tricks)

    @property
    def is_first_trick(self: _TrickHolder) -> bool:
        return not self.tricks

    @property
    def trick_seats(self: _TrickHolder) -> list[int]:
        """The seats that played the cards of the current trick, in order."""
        return [(self.leader + i) % self.n for i in range(len(self.trick))]

    @property
    def led_suit(self: _TrickHolder) -> int | None:
        """The suit led to the current trick (None before its lead)."""
        return self.trick[0] // 13 if self.trick else None


class Action(NamedTuple):
    """One step of a hand's history: ``kind`` is 'pass', 'play' or 'moon'."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()
    choice: str | None = None



@dataclass(frozen=True)
class HandResult:
    """The points of a finished hand with how they came about."""

    points: list[int]
    raw: list[int]
    shooter: int | None = None
    sweeper: int | None = None
    moon_choice: str | None = None
    bonus: tuple[int, ...] = ()


def moon_goal(rules: Rules) -> str:
    """What a moon shooter must take in these rules: 'every heart and the queen of spades'."""
    hearts = "all 26 hearts" if rules.decks == 2 else "every heart"
    if not rules.queen_points:
        return hearts
    return f"{hearts} and {'both queens' if rules.decks == 2 else 'the queen'} of spades"


def describe_rule(rule: str, rules: Rules, *, led: int | None = None, first_card: Card | None = None) -> str:
    """The plain sentence of a legality rule id."""
    breaker = "a heart or the queen of spades has been played" if rules.queen_breaks_hearts else (
        "a heart has been played")
    sentences = {
        "follow_suit": f"You must follow suit: {SUIT_NAMES[led or 0]} were led, so play a "
                       f"{SUIT_NAMES[led or 0][:-1]} while you hold one.",
        "first_lead_lowest_club": f"The first trick must be opened with {card_name(first_card or 0)}.",
        "first_lead_club": "The first trick must be opened with a club.",
        "first_lead_no_points": "The first trick may not be opened with a heart or the queen of spades "
                                "while you hold something else.",
        "first_trick_no_points": ("No hearts or the queen of spades" if rules.queen_points else "No hearts")
                                 + " on the first trick while you hold another card you could play.",
        "hearts_not_broken": f"You may not lead a heart until hearts are broken ({breaker}), "
                             "unless you hold nothing else.",
        "queen_lead_not_broken": "You may not lead the queen of spades until hearts are broken, "
                                 "unless you hold nothing else.",
    }
    return sentences[rule]


def points_mask(rules: Rules) -> CardSet:
    """The cards that score: the hearts, and the queen of spades when she scores."""
    return HEART_MASK | (QS_BIT if rules.queen_points else 0)


def forbidden_leads(rules: Rules) -> CardSet:
    """The cards that may not be led before hearts are broken (unless the leader holds nothing else)."""
    return (0 if rules.hearts_lead_before_broken else HEART_MASK) | (0 if rules.queen_lead_before_broken else QS_BIT)


def first_lead_card(rules: Rules) -> Card:
    """The lowest club of the rules' deck (the first lead with ``first_lead: lowest_club``)."""
    return lowest(rules.deck_mask & CLUB_MASK)


def play_verdict(rules: Rules, phase: Phase, to_move: int, seat: int, *, hand: CardSet, legal: CardSet,
                 trick: Sequence[Card], first_trick: bool, c: Card) -> Verdict | None:
    """None if ``seat`` may play ``c`` now, else the first rule of the cascade that forbids it.

    ``hand`` is the seat's cards, ``legal`` the legal cards of the seat to move, ``trick`` the cards of the
    trick in play and ``first_trick`` whether no trick is finished yet.
    """
    if phase is not Phase.PLAY:
        if phase is Phase.PASS:
            return Verdict("passing_phase", "Cards are being passed; play starts after the pass.")
        return Verdict("hand_over", "The hand is over.")
    if seat != to_move:
        return Verdict("not_your_turn", f"It is seat {to_move}'s turn to play.")
    if not hand >> c & 1:
        return Verdict("not_in_hand", f"You do not hold {card_name(c)}.")
    bit = 1 << c
    if legal & bit:
        return None
    if trick:
        led = trick[0] // 13
        if hand & SUIT_MASKS[led] and not bit & SUIT_MASKS[led]:
            return Verdict("follow_suit", describe_rule("follow_suit", rules, led=led))
        return Verdict("first_trick_no_points", describe_rule("first_trick_no_points", rules))
    if first_trick:
        fl = rules.first_lead
        if fl == "lowest_club":
            return Verdict("first_lead_lowest_club", describe_rule(
                "first_lead_lowest_club", rules, first_card=first_lead_card(rules)))
        if fl == "any_club":
            return Verdict("first_lead_club", describe_rule("first_lead_club", rules))
        return Verdict("first_lead_no_points", describe_rule("first_lead_no_points", rules))
    if c // 13 == HEARTS:
        return Verdict("hearts_not_broken", describe_rule("hearts_not_broken", rules))
    return Verdict("queen_lead_not_broken", describe_rule("queen_lead_not_broken", rules))


def hand_masks(cards: Sequence[Card]) -> tuple[CardSet, CardSet]:
    """(the distinct cards, the cards held twice) of a hand given as a list (two decks hold cards twice)."""
    held = twice = 0
    for c in cards:
        bit = 1 << c
        if held & bit:
            twice |= bit
        else:
            held |= bit
    return held, twice


def verify_pass_cards(k: int, cards: Sequence[Card], hand: CardSet, doubles: CardSet) -> None:
    """Raise :class:`IllegalMove` unless ``cards`` are ``k`` cards held in ``hand`` (``doubles``: held twice)."""
    if len(cards) != k:
        raise IllegalMove("pass_count", f"You must pass exactly {k} cards, not {len(cards)}.")
    chosen = 0
    for c in cards:  # the common case: distinct cards, all held
        if type(c) is not int or not 0 <= c < 52 or chosen >> c & 1 or not hand >> c & 1:
            break
        chosen |= 1 << c
    else:
        return
    need: dict[Card, int] = {}
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise IllegalMove("not_a_card", f"{c!r} is not a card.")
        need[c] = need.get(c, 0) + 1
    for c, times in need.items():
        held = (hand >> c & 1) + (doubles >> c & 1)
        if held < times:
            what = "do not hold" if not held else "hold only one copy of"
            raise IllegalMove("pass_not_held", f"You {what} {card_name(c)}.", c)


def check_deal(rules: Rules, deal: list[list[Card]], kitty: list[Card]) -> None:
    """Raise :class:`CardError` unless the deal uses exactly the rules' deck."""
    n = rules.players
    if len(deal) != n:
        raise CardError(f"the deal must give cards to {n} seats, not {len(deal)}")
    for seat, cards in enumerate(deal):
        if len(cards) != rules.hand_size:
            raise CardError(f"seat {seat} was dealt {len(cards)} cards; each seat gets {rules.hand_size}")
    if len(kitty) != rules.kitty_size:
        raise CardError(f"the kitty must hold {rules.kitty_size} cards, not {len(kitty)}")
    if rules.decks == 1:
        # The common case. With as many cards as the deck holds, the sum of their bits equals the deck's set
        # only if every card is there once: two equal cards would carry into one bit and leave a bit short.
        try:
            if sum(1 << c for cards in deal for c in cards) + sum(1 << c for c in kitty) == rules.deck_mask:
                return
        except (TypeError, ValueError):
            pass  # not a card: reported below
    seen = twice = 0  # two decks: each card twice, checked with card sets
    for cards in (*deal, kitty):
        for c in cards:
            if type(c) is not int or not 0 <= c < 52 or twice >> c & 1:
                break
            if seen >> c & 1:
                twice |= 1 << c
            else:
                seen |= 1 << c
        else:
            continue
        break
    else:
        deck = rules.deck_mask
        if seen == deck and twice == (deck if rules.decks == 2 else 0):
            return  # the sizes add up to the deck, so each card is there exactly as often as in the deck
    counts = [0] * 52
    for c in [c for h in deal for c in h] + kitty:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise CardError(f"{c!r} is not a card")
        counts[c] += 1
    deck = rules.deck_mask
    for c in range(52):
        expected = rules.decks if deck >> c & 1 else 0
        if counts[c] > expected:
            if not expected:
                raise CardError(f"{card_str(c)} is not in play with {n} players (it is removed from the deck)")
            raise CardError(f"{card_str(c)} is dealt {counts[c]} times; the deck has {expected}")
        if counts[c] < expected:
            raise CardError(f"{card_str(c)} is missing from the deal")


__all__ = [
    "Action", "HandResult", "IllegalMove", "Phase", "Trick", "TrickProgress", "Verdict", "check_deal", "describe_rule",
    "first_lead_card", "forbidden_leads", "hand_masks", "moon_goal", "play_verdict", "points_mask",
    "verify_pass_cards",
]
