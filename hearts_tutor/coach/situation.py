"""Facts about the trick in progress that the coach's warnings and hints talk about (from a view only)."""

from __future__ import annotations

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.view import PlayerView
from .flags import JACK, queen_scores


def trick_winner(view: PlayerView, extra: Card | None = None) -> tuple[int, Card] | None:
    """The seat and card winning the trick so far (with ``extra`` played by the viewing seat), or None.

    Two-deck games cancel identical cards; a trick with no uncancelled card of the led suit has no winner.
    """
    cards = list(view.trick) + ([extra] if extra is not None else [])
    if not cards:
        return None
    seats = [(view.leader + i) % view.n for i in range(len(cards))]
    led = suit_of(cards[0])
    best: tuple[int, Card] | None = None
    for seat, c in zip(seats, cards, strict=True):
        if suit_of(c) != led or (view.rules.decks == 2 and cards.count(c) > 1):
            continue
        if best is None or c > best[1]:
            best = (seat, c)
    return best


def players_after(view: PlayerView) -> int:
    """Seats still to play on this trick after the viewing seat."""
    return view.n - len(view.trick) - 1


def seats_after(view: PlayerView) -> list[int]:
    """The seats still to play on this trick after the viewing seat, in playing order."""
    return [(view.seat + i) % view.n for i in range(1, players_after(view) + 1)]


def card_points(view: PlayerView, cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(view.rules.card_points(c) for c in cards)


def stake(view: PlayerView, card: Card | None = None) -> int:
    """Points that go to whoever takes the current trick: its cards (and ``card`` if played), plus any cards
    carried over from cancelled tricks (Cancellation)."""
    return card_points(view, (*view.carried, *view.trick, *(() if card is None else (card,))))


def is_point_card(view: PlayerView, c: Card) -> bool:
    return suit_of(c) == HEARTS or (c == QUEEN_OF_SPADES and queen_scores(view.rules))


def queen_unseen(view: PlayerView) -> bool:
    """The queen of spades scores, is not in the seat's hand and has not been played."""
    return (queen_scores(view.rules) and QUEEN_OF_SPADES not in view.hand
            and not view.played_mask() >> QUEEN_OF_SPADES & 1)


def may_hold(view: PlayerView, seat: int, c: Card) -> bool:
    """Whether ``seat`` might still hold ``c`` as far as the viewing seat knows."""
    if seat == view.seat:
        return c in view.hand
    known = view.known_holder()
    if c in known:
        return known[c] == seat
    return not view.excluded[seat] >> c & 1 and view.hand_sizes[seat] > 0


def moon_suspect(view: PlayerView) -> int | None:
    """Another seat that has taken every point so far, and enough of them to be shooting the moon."""
    taken = [view.hearts_taken[s] + (view.queens_taken[s] if queen_scores(view.rules) else 0)
             for s in range(view.n)]
    holders = [s for s in range(view.n) if taken[s] > 0]
    if len(holders) != 1 or holders[0] == view.seat:
        return None
    s = holders[0]
    if view.hearts_taken[s] >= 4 or (view.queens_taken[s] and view.hearts_taken[s] >= 2):
        return s
    return None


def high_hearts(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return [c for c in cards if suit_of(c) == HEARTS and rank_of(c) >= JACK]


def is_high_spade(c: Card) -> bool:
    return suit_of(c) == SPADES and c > QUEEN_OF_SPADES
