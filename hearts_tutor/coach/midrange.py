"""Mid-range cards (7 to jack), ranked for the position: the holdings seed 001 warns of, which the coach ranks
after an unguarded queen of spades, the ace or king of spades with few spades, and high cards in short suits.

A mid-range card is too high to duck under the others and too low to be safe as a winner. It is most
dangerous when the seat has no lower card of the suit to play instead, when the suit has been led often or
an opponent is known to be out of it (so points can be thrown on the trick), and in hearts, where every
trick carries points. It is harmless when every unseen card of its suit is higher (it cannot win while
others follow suit), a spade below a live queen of spades (she beats it), and the jack of diamonds when it
is worth -10 (a prize, not a danger).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import DIAMONDS, HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.hand import Phase
from ..engine.view import PlayerView
from . import text
from .flags import MIDRANGE_RANKS, Flag, jack_scores, queen_scores

#: Score at or above which a mid-range card is flagged; the severity grows with the score.
FLAG_AT = 2.0
DANGER_AT = 3.5


def _led_counts(view: PlayerView) -> list[int]:
    counts = [0, 0, 0, 0]
    for t in view.tricks:
        counts[suit_of(t.cards[0])] += 1
    return counts


def midrange_scores(view: PlayerView, cards: Iterable[Card] | None = None) -> list[tuple[float, Flag]]:
    """Each dangerous mid-range card of ``cards`` (default: the seat's hand) with its danger score."""
    hand = sorted(set(view.hand if cards is None else cards))
    rules = view.rules
    played = view.played_mask()
    unseen = set(view.unseen())
    in_play = view.phase is Phase.PLAY
    led = _led_counts(view) if in_play else [0, 0, 0, 0]
    queen_live = queen_scores(rules) and not played >> QUEEN_OF_SPADES & 1
    out: list[tuple[float, Flag]] = []
    for c in hand:
        if rank_of(c) not in MIDRANGE_RANKS:
            continue
        suit = suit_of(c)
        if suit == SPADES and queen_live and c < QUEEN_OF_SPADES:
            continue
        if c == JACK_OF_DIAMONDS and jack_scores(rules):
            continue
        lower_unseen = [u for u in unseen if suit_of(u) == suit and u < c and u not in hand]
        if not lower_unseen:
            continue  # every other card of the suit still out is higher: it cannot win while others follow
        lower_own = [h for h in hand if suit_of(h) == suit and h < c]
        void_seats = [s for s in range(view.n) if s != view.seat and in_play and suit in view.voids(s)]
        score = 1.0
        if not lower_own:
            score += 1.0
        if suit == HEARTS:
            score += 1.0
        score += 1.5 * len(void_seats) + 0.75 * led[suit]
        if suit == DIAMONDS and jack_scores(rules):
            score -= 0.5  # a diamond trick may bring the -10 jack
        if score < FLAG_AT:
            continue
        if void_seats:
            who = text.seat_phrase(view.seat, void_seats[0], view.n)
            flag = Flag("midrange_opponent_void", "danger", text.midrange_opponent_void(c, who), (c,))
        elif led[suit] >= 2:
            flag = Flag("midrange_led_often", "danger", text.midrange_led_often(c, led[suit]), (c,))
        elif suit == HEARTS:
            flag = Flag("midrange_heart", "danger" if score >= DANGER_AT else "warning", text.midrange_heart(c), (c,))
        else:  # no lower card of the suit: the only way left to reach the flagging score
            flag = Flag("midrange_no_cover", "danger" if score >= DANGER_AT else "warning",
                        text.midrange_no_cover(c), (c,))
        out.append((score, flag))
    out.sort(key=lambda sf: (-sf[0], sf[1].cards))
    return out


def midrange_flags(view: PlayerView) -> list[Flag]:
    """The 7-J holdings most dangerous in the current position, most dangerous first, each with its reason."""
    return [f for _, f in midrange_scores(view)]
