"""Facts about a position as one player can know them, each able to check itself, and a checker for the
coach's words.

Every reason the coach gives names a fact from the position (STYLE 18): a count of the cards of a suit
still out, a void a player has shown, where the queen of spades is, a moon threat, the points on the
trick. A fact here is a small frozen record computed from a :class:`~hearts_tutor.view.PlayerView` only
(own cards, own pass, the cards played, the voids the plays prove), with ``holds(view)`` to test it against
the position and ``sentence(view)`` to say it. :func:`check_explanation` reads an explanation back, finds
every fact it states (by the phrases the coach uses for them) and returns the ones that do not hold.

>>> from hearts_tutor import HandState, Rules
>>> from hearts_tutor.batch.tournament import deal_for
>>> view = deal_for(Rules.preset("standard"), 1, 0).view(0)
>>> SuitOut(SPADES, len([c for c in view.unseen() if suit_of(c) == SPADES])).holds(view)
True
>>> check_explanation(view, "No one else holds a spade.")
['no one else holds a spade: false here']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from ..engine.cards import (
    QUEEN_OF_SPADES,
    RANK_NAMES,
    SPADES,
    SUIT_NAMES,
    SUIT_SINGULAR,
    Card,
    card,
    card_name,
    rank_of,
    suit_of,
)
from ..engine.view import PlayerView
from .flags import ACE, queen_scores
from .situation import players_after, stake, trick_winner


class Fact(Protocol):
    """A statement about the position that can be checked against it."""

    def holds(self, view: PlayerView) -> bool: ...

    def sentence(self, view: PlayerView) -> str: ...


# ----- counts from the view -----

def out_of_suit(view: PlayerView, suit: int) -> list[Card]:
    """The cards of ``suit`` this seat has not seen (not in its hand, not played): held by others or in the kitty."""
    return [c for c in view.unseen() if suit_of(c) == suit]


def higher_out(view: PlayerView, c: Card) -> int:
    """How many cards of ``c``'s suit higher than ``c`` are still out."""
    return sum(1 for u in out_of_suit(view, suit_of(c)) if u > c)


def shown_out(view: PlayerView, suit: int) -> list[int]:
    """The other seats whose plays prove they hold no card of ``suit``."""
    return [s for s in range(view.n) if s != view.seat and suit in view.voids(s)]


def may_follow(view: PlayerView, suit: int) -> list[int]:
    """The other seats that may still hold a card of ``suit`` (cards of it are out and they have not shown out)."""
    if not out_of_suit(view, suit):
        return []
    return [s for s in range(view.n) if s != view.seat and suit not in view.voids(s) and view.hand_sizes[s] > 0]


def queen_live(view: PlayerView) -> bool:
    """The queen of spades scores, is not in this seat's hand and has not been played."""
    return (queen_scores(view.rules) and QUEEN_OF_SPADES not in view.hand
            and not view.played_mask() >> QUEEN_OF_SPADES & 1)


def points_so_far(view: PlayerView, seat: int) -> int:
    return view.hearts_taken[seat] + (view.queens_taken[seat] if queen_scores(view.rules) else 0)


def who(view: PlayerView, seat: int) -> str:
    """'the player on your left', as the coach names a seat."""
    from .text import seat_phrase

    return seat_phrase(view.seat, seat, view.n)


def _plural(n: int, singular: str, plural: str) -> str:
    from .text import count_word

    return f"{count_word(n)} {singular if n == 1 else plural}"


# ----- the facts -----

@dataclass(frozen=True)
class SuitOut:
    """How many cards of a suit are still out (not in this hand, not played)."""

    suit: int
    count: int

    def holds(self, view: PlayerView) -> bool:
        return len(out_of_suit(view, self.suit)) == self.count

    def sentence(self, view: PlayerView) -> str:
        if not self.count:
            return f"no other {SUIT_SINGULAR[self.suit]} is still out"
        verb = "is" if self.count == 1 else "are"
        others = _plural(self.count, "other " + SUIT_SINGULAR[self.suit], "other " + SUIT_NAMES[self.suit])
        return f"{others} {verb} still out"


@dataclass(frozen=True)
class NoOneElseHolds:
    """No other seat can hold a card of the suit (none is out, or every other seat has shown out)."""

    suit: int

    def holds(self, view: PlayerView) -> bool:
        return not may_follow(view, self.suit)

    def sentence(self, view: PlayerView) -> str:
        return f"no one else holds a {SUIT_SINGULAR[self.suit]}"


@dataclass(frozen=True)
class ShownOut:
    """Another seat has shown it holds none of a suit (it played another suit on it)."""

    seat: int
    suit: int

    def holds(self, view: PlayerView) -> bool:
        return self.seat in shown_out(view, self.suit)

    def sentence(self, view: PlayerView) -> str:
        return f"{who(view, self.seat)} has shown out of {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class SeatsShownOut:
    """Several other seats have shown out of a suit: 'the players on your left and across from you have both
    shown out of clubs'."""

    seats: tuple[int, ...]
    suit: int

    def holds(self, view: PlayerView) -> bool:
        return len(self.seats) > 1 and all(s in shown_out(view, self.suit) for s in self.seats)

    def sentence(self, view: PlayerView) -> str:
        names = [who(view, s) for s in self.seats]
        if all(n.startswith("the player ") for n in names):
            names = [n.removeprefix("the player ") for n in names]
            names[0] = f"the players {names[0]}"
        joined = ", ".join(names[:-1]) + f" and {names[-1]}"
        return f"{joined} have {'both' if len(names) == 2 else 'all'} shown out of {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class NoneShownOut:
    """No other seat has shown out of the suit yet."""

    suit: int

    def holds(self, view: PlayerView) -> bool:
        return not shown_out(view, self.suit)

    def sentence(self, view: PlayerView) -> str:
        return f"no one has shown out of {SUIT_NAMES[self.suit]} yet"


@dataclass(frozen=True)
class YouAreOut:
    """This seat holds no card of the suit."""

    suit: int

    def holds(self, view: PlayerView) -> bool:
        return all(suit_of(c) != self.suit for c in view.hand)

    def sentence(self, view: PlayerView) -> str:
        return f"you are out of {SUIT_NAMES[self.suit]}"


def lower_out(view: PlayerView, c: Card) -> int:
    """How many cards of ``c``'s suit lower than ``c`` are still out."""
    return sum(1 for u in out_of_suit(view, suit_of(c)) if u < c)


@dataclass(frozen=True)
class _CountBeside:
    """How many cards of the card's suit on one ``side`` of it ('higher' or 'lower') are still out."""

    card: Card
    count: int
    side: ClassVar[str]

    def holds(self, view: PlayerView) -> bool:
        count = higher_out if self.side == "higher" else lower_out
        return count(view, self.card) == self.count

    def sentence(self, view: PlayerView) -> str:
        suit = suit_of(self.card)
        if not self.count:
            return f"no {SUIT_SINGULAR[suit]} {self.side} than {card_name(self.card)} is still out"
        verb = "is" if self.count == 1 else "are"
        cards = _plural(self.count, SUIT_SINGULAR[suit], SUIT_NAMES[suit])
        return f"{cards} {self.side} than {card_name(self.card)} {verb} still out"


@dataclass(frozen=True)
class HigherOut(_CountBeside):
    """How many cards of the card's suit above it are still out (0: it is the highest left)."""

    side: ClassVar[str] = "higher"

    def sentence(self, view: PlayerView) -> str:
        if not self.count and rank_of(self.card) == ACE:
            return f"nothing beats {card_name(self.card)}"  # an ace: 'no club higher than the ace' says nothing
        return super().sentence(view)


@dataclass(frozen=True)
class LowerOut(_CountBeside):
    """How many cards of the card's suit below it are still out (0: every card of its suit still out is higher)."""

    side: ClassVar[str] = "lower"


@dataclass(frozen=True)
class OnlyGuard:
    """The card is the only spade lower than the queen of spades in this hand, which holds the queen: the one
    card to play on a spade trick while she waits."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        lower = [c for c in view.hand if suit_of(c) == SPADES and c < QUEEN_OF_SPADES]
        return QUEEN_OF_SPADES in view.hand and lower == [self.card]

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} is the only spade you hold lower than the queen"


@dataclass(frozen=True)
class CanLoseTrick:
    """The card is in this hand (before any pass) and a card of its suit above it is still out."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        from .passing import hand_before_pass

        return self.card in hand_before_pass(view) and higher_out(view, self.card) > 0

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} can lose a trick"


@dataclass(frozen=True)
class SomeHigherOut:
    """A card of this card's suit above it is still out (played now, it can lose the trick)."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return higher_out(view, self.card) > 0

    def sentence(self, view: PlayerView) -> str:
        return f"a {SUIT_NAMES[suit_of(self.card)][:-1]} higher than {card_name(self.card)} is still out"


@dataclass(frozen=True)
class CardOut:
    """The card is still out: not in this hand and not played (held by another player or in the kitty)."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return self.card in view.unseen()

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} is still out"


@dataclass(frozen=True)
class LastOfSuit:
    """The card is the seat's only card of its suit."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return self.card in view.hand and sum(1 for c in view.hand if suit_of(c) == suit_of(self.card)) == 1

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} is your last {SUIT_SINGULAR[suit_of(self.card)]}"


@dataclass(frozen=True)
class QueenLive:
    """The queen of spades (which scores) is not in this hand and has not been played."""

    def holds(self, view: PlayerView) -> bool:
        return queen_live(view)

    def sentence(self, view: PlayerView) -> str:
        return "the queen of spades has not been played yet"


@dataclass(frozen=True)
class QueenHeldBy:
    """This seat passed the queen of spades to ``seat``, who has not played her."""

    seat: int

    def holds(self, view: PlayerView) -> bool:
        return view.known_holder().get(QUEEN_OF_SPADES) == self.seat

    def sentence(self, view: PlayerView) -> str:
        return f"you passed the queen of spades to {who(view, self.seat)}, who still holds her"


@dataclass(frozen=True)
class QueenHolderShownOut:
    """This seat passed the queen of spades to ``seat``, who still holds her and has shown out of ``suit``: on a
    trick of that suit they may throw her."""

    seat: int
    suit: int

    def holds(self, view: PlayerView) -> bool:
        return view.known_holder().get(QUEEN_OF_SPADES) == self.seat and ShownOut(self.seat, self.suit).holds(view)

    def sentence(self, view: PlayerView) -> str:
        return (f"you passed the queen of spades to {who(view, self.seat)}, who still holds her and has shown out "
                f"of {SUIT_NAMES[self.suit]}")


@dataclass(frozen=True)
class QueenHolderPlayed:
    """This seat passed the queen of spades to ``seat``, who still holds her and has already played (another card)
    to the trick in progress: she cannot fall on this trick."""

    seat: int

    def holds(self, view: PlayerView) -> bool:
        played = {(view.leader + i) % view.n for i in range(len(view.trick))}
        return view.known_holder().get(QUEEN_OF_SPADES) == self.seat and self.seat in played

    def sentence(self, view: PlayerView) -> str:
        return (f"you passed the queen of spades to {who(view, self.seat)}, who still holds her and has already "
                "played to this trick")


@dataclass(frozen=True)
class LowerThan:
    """One card is of lower rank than another."""

    card: Card
    other: Card

    def holds(self, view: PlayerView) -> bool:
        return rank_of(self.card) < rank_of(self.other)

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} is lower than {card_name(self.other)}"


@dataclass(frozen=True)
class StaysUnder:
    """Played now, the card stays under the card winning the trick so far."""

    card: Card
    winner: Card

    def holds(self, view: PlayerView) -> bool:
        w = trick_winner(view)
        return (w is not None and w[1] == self.winner and suit_of(self.card) == suit_of(self.winner)
                and self.card < self.winner)

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} stays under {card_name(self.winner)}"


def _copies_played(view: PlayerView, c: Card) -> int:
    return sum(1 for _, p in view.plays() if p == c)


@dataclass(frozen=True)
class OtherCopyPlayed:
    """Two decks: ``card`` lies once in the trick in progress and its other copy was played to an earlier trick,
    so nothing can cancel it in this trick."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return (view.rules.decks == 2 and list(view.trick).count(self.card) == 1
                and _copies_played(view, self.card) == 2)

    def sentence(self, view: PlayerView) -> str:
        return f"the other {card_name(self.card).removeprefix('the ')} has been played"


@dataclass(frozen=True)
class OtherCopyHeld:
    """Two decks: ``card`` lies once in the trick in progress and this seat holds its other copy, so nothing can
    cancel it in this trick."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return view.rules.decks == 2 and list(view.trick).count(self.card) == 1 and self.card in view.hand

    def sentence(self, view: PlayerView) -> str:
        return f"you hold the other {card_name(self.card).removeprefix('the ')}"


@dataclass(frozen=True)
class OtherCopyOut:
    """Two decks: the other copy of ``card`` (which lies once in the trick in progress) is still out."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return view.rules.decks == 2 and list(view.trick).count(self.card) == 1 and self.card in view.unseen()

    def sentence(self, view: PlayerView) -> str:
        return f"the other {card_name(self.card).removeprefix('the ')} is still out"


@dataclass(frozen=True)
class CopyInTrick(OtherCopyHeld):
    """The position of :class:`OtherCopyHeld` said of this seat's copy: its other copy lies in the trick in
    progress, so played now the two cancel and this seat's copy cannot win the trick."""

    def sentence(self, view: PlayerView) -> str:
        return f"the other {card_name(self.card).removeprefix('the ')} is already in this trick"


@dataclass(frozen=True)
class TwinOut:
    """Two decks: this seat holds one copy of ``card`` and the other is still out (a later player may hold it)."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return view.rules.decks == 2 and view.hand.count(self.card) == 1 and self.card in view.unseen()

    def sentence(self, view: PlayerView) -> str:
        return f"another {card_name(self.card).removeprefix('the ')} is still out"


@dataclass(frozen=True)
class BothCopiesHeld:
    """Two decks: this seat holds both copies of ``card``, so nothing can cancel the one it plays."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return view.rules.decks == 2 and view.hand.count(self.card) == 2

    def sentence(self, view: PlayerView) -> str:
        return f"you hold both {RANK_NAMES[rank_of(self.card)]}s of {SUIT_NAMES[suit_of(self.card)]}"


@dataclass(frozen=True)
class BeatsSoFar:
    """Played now, the card beats every card played to the trick so far."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        w = trick_winner(view, self.card)
        return bool(view.trick) and w is not None and w[0] == view.seat

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} beats every card played to this trick so far"


@dataclass(frozen=True)
class TrickPoints:
    """The points lying on the trick in progress (before this seat plays)."""

    points: int

    def holds(self, view: PlayerView) -> bool:
        return bool(view.trick) and stake(view) == self.points

    def sentence(self, view: PlayerView) -> str:
        if not self.points:
            return "this trick holds no points so far"
        return f"this trick already holds {self.points} point{'' if self.points == 1 else 's'}"


@dataclass(frozen=True)
class LastToPlay:
    """This seat plays last to the trick."""

    def holds(self, view: PlayerView) -> bool:
        return bool(view.trick) and players_after(view) == 0

    def sentence(self, view: PlayerView) -> str:
        return "you are last to play"


@dataclass(frozen=True)
class EveryCardWins:
    """Every legal card of this seat wins the trick whatever is played after it (it plays last, or no card of the
    suit above it is still out)."""

    def holds(self, view: PlayerView) -> bool:
        last = players_after(view) == 0
        return bool(view.trick) and all((trick_winner(view, c) or (None,))[0] == view.seat and
                                        (last or higher_out(view, c) == 0) for c in view.legal_plays())

    def sentence(self, view: PlayerView) -> str:
        return "every card you can play wins this trick"


@dataclass(frozen=True)
class PlayersAfter:
    """How many players are still to play to this trick after this seat."""

    count: int

    def holds(self, view: PlayerView) -> bool:
        return players_after(view) == self.count

    def sentence(self, view: PlayerView) -> str:
        n = self.count
        return f"{_plural(n, 'player', 'players')} {'is' if n == 1 else 'are'} still to play after you"


@dataclass(frozen=True)
class TookEveryPoint:
    """``seat`` has taken every point taken so far (a moon threat)."""

    seat: int

    def holds(self, view: PlayerView) -> bool:
        taken = [points_so_far(view, s) for s in range(view.n)]
        return taken[self.seat] > 0 and all(t == 0 for s, t in enumerate(taken) if s != self.seat)

    def sentence(self, view: PlayerView) -> str:
        if self.seat == view.seat:
            return "you have taken every point so far"
        return f"{who(view, self.seat)} has taken every point so far"


@dataclass(frozen=True)
class WinningTrick:
    """``seat`` is winning the trick in progress with ``card`` (before this seat plays)."""

    seat: int
    card: Card

    def holds(self, view: PlayerView) -> bool:
        return trick_winner(view) == (self.seat, self.card)

    def sentence(self, view: PlayerView) -> str:
        return f"{who(view, self.seat)} is winning this trick with {card_name(self.card)}"


@dataclass(frozen=True)
class OnlyLegal:
    """The card is the only one the rules allow."""

    card: Card

    def holds(self, view: PlayerView) -> bool:
        return view.legal_plays() == [self.card]

    def sentence(self, view: PlayerView) -> str:
        return f"{card_name(self.card)} is your only legal card"


@dataclass(frozen=True)
class OtherSpadesBeforePass:
    """How many spades other than the queen the seat held before its pass."""

    count: int

    def holds(self, view: PlayerView) -> bool:
        from .passing import hand_before_pass

        return sum(1 for c in hand_before_pass(view) if suit_of(c) == SPADES and c != QUEEN_OF_SPADES) == self.count

    def sentence(self, view: PlayerView) -> str:
        return f"you hold {_plural(self.count, 'other spade', 'other spades')}"


@dataclass(frozen=True)
class LowerSpadesBeforePass:
    """How many spades lower than the queen (the ones that protect her) the seat held before its pass."""

    count: int

    def holds(self, view: PlayerView) -> bool:
        from .passing import hand_before_pass

        return sum(1 for c in hand_before_pass(view) if suit_of(c) == SPADES and c < QUEEN_OF_SPADES) == self.count

    def sentence(self, view: PlayerView) -> str:
        return f"{_plural(self.count, 'spade', 'spades')} lower than her"


# ----- reading the coach's words back -----

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen")
_NUM = "(" + "|".join(_NUMBERS) + r"|\d+)"
_SUIT = "(" + "|".join(SUIT_NAMES) + ")"
_SING = "(" + "|".join(SUIT_SINGULAR) + ")"
_CARD = "(the (?:" + "|".join(RANK_NAMES) + ") of (?:" + "|".join(SUIT_NAMES) + "))"
_OTHER = "((?:" + "|".join(RANK_NAMES) + ") of (?:" + "|".join(SUIT_NAMES) + "))"
_PLACE = r"(?:on your left|on your right|across from you)"
_WHO = r"(the player on your left|the player on your right|the player across from you|seat \d+)"


def _number(word: str) -> int:
    return _NUMBERS.index(word) if word in _NUMBERS else int(word)


def _card(name: str) -> Card:
    rank, suit = name.removeprefix("the ").split(" of ")
    return card(RANK_NAMES.index(rank), SUIT_NAMES.index(suit))


def _seat(view: PlayerView, phrase: str) -> int:
    for s in range(view.n):
        if who(view, s) == phrase:
            return s
    raise ValueError(f"no seat is {phrase!r} here")


def _suit(word: str) -> int:
    return SUIT_NAMES.index(word) if word in SUIT_NAMES else SUIT_SINGULAR.index(word)


@dataclass(frozen=True)
class Context:
    """What an explanation is about: the position, the answer and the move it is compared with (if any)."""

    view: PlayerView
    answer: Card | None = None
    tempting: Card | None = None


Reader = Callable[[Context, re.Match[str]], list[Fact]]


def _answer_lower(ctx: Context, m: re.Match[str]) -> list[Fact]:
    # "a low card is unlikely to win": said only when the answer is lower than the move it is compared with, and a
    # higher card of its suit is out (a card nothing out beats wins by force)
    if ctx.answer is None or ctx.tempting is None:
        return []
    return [LowerThan(ctx.answer, ctx.tempting), SomeHigherOut(ctx.answer)]


def _flush(ctx: Context, m: re.Match[str]) -> list[Fact]:
    facts: list[Fact] = [QueenLive()]
    if ctx.answer is not None:
        facts.append(LowerThan(ctx.answer, QUEEN_OF_SPADES))
    return facts


def _stays_under(ctx: Context, m: re.Match[str]) -> list[Fact]:
    return [StaysUnder(ctx.answer, _card(m[1]))] if ctx.answer is not None else []


#: The phrases by which the coach states a fact, and the fact each one states.
_PHRASES: tuple[tuple[str, Reader], ...] = (
    (rf"no one else holds an? {_SING}", lambda c, m: [NoOneElseHolds(_suit(m[1]))]),
    (rf"no other {_SING} is still out", lambda c, m: [SuitOut(_suit(m[1]), 0)]),
    (rf"\b{_NUM} other (?:{_SING}|{_SUIT}) (?:is|are) still out",
     lambda c, m: [SuitOut(_suit(m[2] or m[3]), _number(m[1]))]),
    (rf"{_NUM} (?:{_SING}|{_SUIT}) higher than {_CARD} (?:is|are) still out",
     lambda c, m: [HigherOut(_card(m[4]), _number(m[1]))]),
    (rf"{_NUM} (?:{_SING}|{_SUIT}) lower than {_CARD} (?:is|are) still out",
     lambda c, m: [LowerOut(_card(m[4]), _number(m[1]))]),
    (rf"{_CARD} is the only spade you hold lower than the queen", lambda c, m: [OnlyGuard(_card(m[1]))]),
    (rf"{_CARD} is the highest {_SING} still out", lambda c, m: [HigherOut(_card(m[1]), 0)]),
    (rf"{_CARD} is the only {_SING} still out",
     lambda c, m: [CardOut(_card(m[1])), SuitOut(_suit(m[2]), 1)]),
    (rf"nothing beats {_CARD}", lambda c, m: [HigherOut(_card(m[1]), 0)]),
    (rf"{_WHO} has (?:shown out of|run out of) {_SUIT}", lambda c, m: [ShownOut(_seat(c.view, m[1]), _suit(m[2]))]),
    (rf"the players ({_PLACE}(?:, {_PLACE})*) and ({_PLACE}) have (?:both|all) shown out of {_SUIT}",
     lambda c, m: [SeatsShownOut(tuple(_seat(c.view, f"the player {p}") for p in (*m[1].split(", "), m[2])),
                                 _suit(m[3]))]),
    (rf"no one has shown out of {_SUIT}", lambda c, m: [NoneShownOut(_suit(m[1]))]),
    (rf"(?<!once )you are out of {_SUIT}", lambda c, m: [YouAreOut(_suit(m[1]))]),
    (rf"{_CARD} is your last {_SING}", lambda c, m: [LastOfSuit(_card(m[1]))]),
    (rf"(?<!than ){_CARD} is still out", lambda c, m: [CardOut(_card(m[1]))]),
    (rf"((?:{_CARD}(?:, | and ))*{_CARD}) can lose a trick\b",
     lambda c, m: [CanLoseTrick(_card(n)) for n in re.findall(_CARD, m[1])]),
    (r"the queen of spades has not been played", lambda c, m: [QueenLive()]),
    (rf"you passed the queen of spades to {_WHO}, who still holds her",
     lambda c, m: [QueenHeldBy(_seat(c.view, m[1]))]),
    (rf"you passed the queen of spades to {_WHO}, who still holds her and has already played to this trick",
     lambda c, m: [QueenHolderPlayed(_seat(c.view, m[1]))]),
    (rf"{_CARD} is lower than {_CARD}", lambda c, m: [LowerThan(_card(m[1]), _card(m[2]))]),
    (r"a low card is unlikely to win", _answer_lower),
    (rf"(?:it|she) stays under {_CARD}", _stays_under),
    (rf"{_CARD} stays under {_CARD}", lambda c, m: [StaysUnder(_card(m[1]), _card(m[2]))]),
    (rf"{_CARD} beats every card played to this trick so far", lambda c, m: [BeatsSoFar(_card(m[1]))]),
    (rf"the other {_OTHER} has been played", lambda c, m: [OtherCopyPlayed(_card(m[1]))]),
    (rf"you hold the other {_OTHER}", lambda c, m: [OtherCopyHeld(_card(m[1]))]),
    (rf"the other {_OTHER} is still out", lambda c, m: [OtherCopyOut(_card(m[1]))]),
    (rf"the other {_OTHER} is already in this trick", lambda c, m: [CopyInTrick(_card(m[1]))]),
    (rf"another {_OTHER} is still out", lambda c, m: [TwinOut(_card(m[1]))]),
    (rf"you hold both ({'|'.join(RANK_NAMES)})s of {_SUIT}",
     lambda c, m: [BothCopiesHeld(card(RANK_NAMES.index(m[1]), SUIT_NAMES.index(m[2])))]),
    (rf"you passed the queen of spades to {_WHO}, who still holds her and has shown out of {_SUIT}",
     lambda c, m: [QueenHolderShownOut(_seat(c.view, m[1]), _suit(m[2]))]),
    (r"forces out the queen of spades", _flush),
    (r"this trick holds no points so far|there are no points in this trick", lambda c, m: [TrickPoints(0)]),
    (rf"this trick already holds {_NUM} points?", lambda c, m: [TrickPoints(_number(m[1]))]),
    (r"you are last to play", lambda c, m: [LastToPlay()]),
    (r"every card you can play wins this trick", lambda c, m: [EveryCardWins()]),
    (rf"{_NUM} players? (?:is|are) still to play after you", lambda c, m: [PlayersAfter(_number(m[1]))]),
    (rf"{_WHO} has taken every point so far", lambda c, m: [TookEveryPoint(_seat(c.view, m[1]))]),
    (r"you have taken every point so far", lambda c, m: [TookEveryPoint(c.view.seat)]),
    (rf"{_WHO} is winning this trick with {_CARD}", lambda c, m: [WinningTrick(_seat(c.view, m[1]), _card(m[2]))]),
    (rf"{_WHO} is winning this trick with {_CARD} and has taken every point so far",
     lambda c, m: [TookEveryPoint(_seat(c.view, m[1]))]),
    (rf"{_CARD}: it is your only legal card|{_CARD} is your only legal card",
     lambda c, m: [OnlyLegal(_card(m[1] or m[2]))]),
    (rf"you hold (?:only )?{_NUM} other spades? to protect", lambda c, m: [OtherSpadesBeforePass(_number(m[1]))]),
    (r"you hold no other spades to protect", lambda c, m: [OtherSpadesBeforePass(0)]),
    (rf"you hold (?:only )?{_NUM} spades? lower than (?:her|them) to protect",
     lambda c, m: [LowerSpadesBeforePass(_number(m[1]))]),
    (rf"\b{_NUM} spades? lower than her could protect her", lambda c, m: [LowerSpadesBeforePass(_number(m[1]))]),
)
READERS: tuple[tuple[re.Pattern[str], Reader], ...] = tuple((re.compile(p), r) for p, r in _PHRASES)


def stated_facts(view: PlayerView, explanation: str, answer: Card | None = None,
                 tempting: Card | None = None) -> list[tuple[str, Fact]]:
    """Every fact ``explanation`` states, each with the words that state it."""
    ctx = Context(view, answer, tempting)
    lowered = explanation.lower()
    found: list[tuple[str, Fact]] = []
    for pattern, read in READERS:
        for m in pattern.finditer(lowered):
            try:
                found += [(m[0], f) for f in read(ctx, m)]
            except ValueError:  # a seat phrase that names no seat here
                found.append((m[0], _Never()))
    return found


@dataclass(frozen=True)
class _Never:
    """What a phrase naming no seat of this table states: it cannot hold."""

    def holds(self, view: PlayerView) -> bool:
        return False

    def sentence(self, view: PlayerView) -> str:
        return ""



def check_explanation(view: PlayerView, explanation: str, answer: Card | None = None,
                      tempting: Card | None = None) -> list[str]:
    """The stated facts of ``explanation`` that do not hold in the position (empty: every one holds)."""
    problems = []
    for words, fact in stated_facts(view, explanation, answer, tempting):
        if not fact.holds(view):
            problems.append(f"{words}: false here")
    return problems
