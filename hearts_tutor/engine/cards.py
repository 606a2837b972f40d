"""Cards and card sets.

A card is a small int, ``suit * 13 + rank``: suits in the order clubs, diamonds, spades, hearts (the
order the referee sorts by) and ranks from the 2 (0) to the ace (12). A set of cards is an int bitmask
with bit ``card`` set. Two-deck games keep a second mask of the cards held twice.

>>> card_str(parse_card("10h"))
'TH'
>>> cards_str(parse_cards("2C Q♠ ah"))
['2C', 'QS', 'AH']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

Card: TypeAlias = int
CardSet: TypeAlias = int

CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
SUITS = "CDSH"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")
SUIT_SINGULAR = ("club", "diamond", "spade", "heart")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
SUIT_SYMBOLS = "♣♦♠♥"

FULL_SUIT = (1 << 13) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(FULL_SUIT << (13 * s) for s in range(4))
ALL_CARDS: CardSet = (1 << 52) - 1
HEART_MASK = SUIT_MASKS[HEARTS]


class CardError(ValueError):
    """Text that is not a card, or a card set that is not valid."""


def card(rank: int, suit: int) -> Card:
    """The card of a rank (0 = two .. 12 = ace) and a suit (0 = clubs .. 3 = hearts)."""
    return suit * 13 + rank


def suit_of(c: Card) -> int:
    return c // 13


def rank_of(c: Card) -> int:
    return c % 13


def card_str(c: Card) -> str:
    """Canonical text of a card, e.g. ``'QS'``."""
    return RANKS[c % 13] + SUITS[c // 13]


def card_name(c: Card) -> str:
    """The card as people say it, e.g. ``'the queen of spades'``."""
    return f"the {RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}"


_SYMBOL_TO_SUIT = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♠": "S", "♤": "S", "♥": "H", "♡": "H"}


def parse_card(text: str) -> Card:
    """Parse ``2C``, ``TH``, ``10H``, lower case and suit symbols (``Q♠``) into a card."""
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r} (expected text such as 'QS')")
    t = text.strip().upper()
    if t and t[-1] in _SYMBOL_TO_SUIT:
        t = t[:-1] + _SYMBOL_TO_SUIT[t[-1]]
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"not a card: {text!r} (expected a rank 2-9, T/10, J, Q, K, A and a suit C, D, S, H)")
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards from a space/comma separated string or an iterable of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]


def cards_str(cards: Iterable[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set of the given cards (duplicates collapse)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: CardSet) -> list[Card]:
    """The cards of a set in ascending order (clubs, diamonds, spades, hearts; low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: CardSet) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()


def lowest(mask: CardSet) -> Card:
    """The lowest card of a non-empty set."""
    return (mask & -mask).bit_length() - 1


def highest(mask: CardSet) -> Card:
    """The highest card of a non-empty set."""
    return mask.bit_length() - 1


def in_suit(mask: CardSet, suit: int) -> CardSet:
    return mask & SUIT_MASKS[suit]


def join_names(cards: Iterable[Card]) -> str:
    """'the 2 of clubs, the 3 of clubs and the ace of hearts' (two decks: 'both kings of spades').

    >>> join_names([card(11, SPADES), card(0, CLUBS), card(11, SPADES)])
    'both kings of spades and the 2 of clubs'
    """
    cards = list(cards)
    names = []
    for i, c in enumerate(cards):
        if c in cards[:i]:
            continue
        if cards.count(c) > 1:
            rank, suit = card_name(c).removeprefix("the ").split(" of ")
            names.append(f"both {rank}s of {suit}")
        else:
            names.append(card_name(c))
    return join_words(names)


def join_words(parts: Sequence[str]) -> str:
    """'a, b and c' ('' for none).

    >>> join_words(["the 2 of clubs", "both queens of spades"])
    'the 2 of clubs and both queens of spades'
    """
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


QUEEN_OF_SPADES: Card = card(10, SPADES)
JACK_OF_DIAMONDS: Card = card(9, DIAMONDS)
TWO_OF_CLUBS: Card = card(0, CLUBS)
QS_BIT: CardSet = 1 << QUEEN_OF_SPADES
JD_BIT: CardSet = 1 << JACK_OF_DIAMONDS
