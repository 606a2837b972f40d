"""What one seat may know.

Bots and the coach see only a :class:`PlayerView`. It holds the seat's own cards, the cards it passed and
received, every played card and who played it, the tricks, the points taken, whether hearts are broken, and
what the plays revealed about other hands (voids and other cards a seat cannot hold). It holds no hidden
card, so peeking is impossible by construction. :func:`~hearts_tutor.engine.sampling.sample_deal` deals the
unseen cards at random in a way that agrees with all of it. A view is made from a hand's state
(``HandState.view(seat)``); it reads that state through the narrow :class:`Observed` protocol, so this module
does not import the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .cards import ALL_CARDS, HEART_MASK, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, cards_in
from .moves import Phase, Trick, TrickProgress, Verdict, forbidden_leads, play_verdict, points_mask
from .rules import Rules


class Observed(Protocol):
    """What a view reads of a hand's state (:class:`~hearts_tutor.engine.hand.HandState` is one)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def pass_direction(self) -> str: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def kitty(self) -> tuple[Card, ...]: ...
    @property
    def passes(self) -> Sequence[tuple[Card, ...] | None]: ...
    @property
    def received(self) -> Sequence[tuple[Card, ...]]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def carried(self) -> Sequence[Card]: ...
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def hearts_taken(self) -> Sequence[int]: ...
    @property
    def queens_taken(self) -> Sequence[int]: ...
    @property
    def jacks_taken(self) -> Sequence[int]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    def hand_of(self, seat: int) -> list[Card]: ...
    def legal_mask(self) -> CardSet: ...


@dataclass(frozen=True)
class PlayerView(TrickProgress):
    """One seat's knowledge of a hand (no hidden card of another seat)."""

    rules: Rules
    seat: int
    dealer: int
    hand_number: int
    pass_direction: str
    phase: Phase
    hand: tuple[Card, ...]
    """Own cards, ascending, a card held twice listed twice."""
    passed: tuple[Card, ...] | None
    """Own pass once chosen."""
    received: tuple[Card, ...]
    """Cards received in the pass (after the exchange)."""
    to_move: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    hand_sizes: tuple[int, ...]
    hearts_taken: tuple[int, ...]
    queens_taken: tuple[int, ...]
    jacks_taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    carried: tuple[Card, ...]
    """Played cards lying on the table from fully cancelled tricks (kitty cards not shown)."""
    kitty_size: int
    kitty: tuple[Card, ...] | None
    """The kitty's cards once turned up (after the first trick was taken), else None."""
    excluded: tuple[CardSet, ...]
    """Per seat, the cards the plays prove it cannot hold (voids and the like)."""
    legal: CardSet
    """Own legal cards when it is this seat's turn to play."""
    scores: tuple[int, ...] = field(default=())
    """Match scores before this hand, when the hand is part of a match."""
    passes_done: tuple[bool, ...] = field(default=())

    # ----- construction -----

    @classmethod
    def of(cls, state: Observed, seat: int) -> PlayerView:
        n = state.n
        sizes = tuple(len(state.hand_of(s)) for s in range(n))
        first_taken = any(t.winner is not None for t in state.tricks)
        return cls(
            rules=state.rules, seat=seat, dealer=state.dealer, hand_number=state.hand_number,
            pass_direction=state.pass_direction, phase=state.phase, hand=tuple(state.hand_of(seat)),
            passed=state.passes[seat], received=state.received[seat] if state.phase is not Phase.PASS else (),
            to_move=state.to_move, leader=state.leader, trick=tuple(state.trick), tricks=tuple(state.tricks),
            hearts_broken=state.hearts_broken, hand_sizes=sizes, hearts_taken=tuple(state.hearts_taken),
            queens_taken=tuple(state.queens_taken), jacks_taken=tuple(state.jacks_taken),
            tricks_won=tuple(state.tricks_won),
            # the kitty lies first in the carried pile until a trick is taken; its cards stay face down
            carried=tuple(state.carried if first_taken else state.carried[len(state.kitty):]),
            kitty_size=len(state.kitty), kitty=state.kitty if first_taken else None,
            excluded=_excluded_cards(state),
            legal=state.legal_mask() if state.to_move == seat and state.phase is Phase.PLAY else 0,
            passes_done=tuple(p is not None for p in state.passes),
        )

    # ----- convenient facts -----

    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def hand_mask(self) -> CardSet:
        m = 0
        for c in self.hand:
            m |= 1 << c
        return m

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.phase is Phase.PLAY


    def plays(self) -> list[tuple[int, Card]]:
        """Every card played so far with the seat that played it."""
        out = []
        for t in self.tricks:
            out += [((t.leader + i) % self.n, c) for i, c in enumerate(t.cards)]
        out += list(zip(self.trick_seats, self.trick, strict=True))
        return out

    def played_mask(self) -> CardSet:
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m

    def voids(self, seat: int) -> list[int]:
        """Suits ``seat`` is known to hold none of."""
        return [s for s in range(4) if self.excluded[seat] & SUIT_MASKS[s] == SUIT_MASKS[s]]

    def pass_target(self) -> int:
        return (self.seat + self.rules.pass_offset(self.pass_direction)) % self.n

    def pass_source(self) -> int:
        return (self.seat - self.rules.pass_offset(self.pass_direction)) % self.n

    def known_holder(self) -> dict[Card, int]:
        """Cards whose holder this seat knows (its own pass, not yet played)."""
        target = self.pass_target()
        return dict.fromkeys(self.passed_still_held(), target)

    def passed_still_held(self) -> list[Card]:
        """The seat's passed cards the receiver must still hold: each copy passed, less the copies the receiver
        has played since (with two decks the seat may keep or see the other copy; that does not move this one)."""
        if not self.passed or self.phase is Phase.PASS:
            return []
        target = self.pass_target()
        replayed = [c for seat, c in self.plays() if seat == target]
        out: list[Card] = []
        for c in sorted(set(self.passed)):
            out += [c] * max(0, self.passed.count(c) - replayed.count(c))
        return out

    def unseen(self) -> list[Card]:
        """The cards this seat has not seen: in other hands or the face-down kitty (with multiplicity)."""
        counts = [0] * 52
        for c in cards_in(self.rules.deck_mask):
            counts[c] = self.rules.decks
        seen: list[Card] = list(self.hand)
        for t in self.tricks:
            seen += t.cards
        seen += self.trick
        if self.kitty is not None:
            seen += self.kitty
        for c in seen:
            counts[c] -= 1
        return [c for c in range(52) for _ in range(counts[c])]

    # ----- legality, from the engine's own cascade -----

    def legal_plays(self) -> list[Card]:
        """This seat's legal cards now (empty when it is not its turn to play)."""
        return cards_in(self.legal)

    def why_illegal(self, c: Card) -> Verdict | None:
        """None if this seat may play ``c`` now, else the engine's rule id and sentence."""
        return play_verdict(self.rules, self.phase, self.to_move, self.seat, hand=self.hand_mask, legal=self.legal,
                            trick=self.trick, first_trick=not self.tricks, c=c)


def _excluded_cards(state: Observed) -> tuple[CardSet, ...]:
    """Cards each seat is proven not to hold, from the legality of what it played (the rules' own facts)."""
    n, rules = state.n, state.rules
    excluded = [0] * n
    points = points_mask(rules)
    forbid_lead = forbidden_leads(rules)
    first_forbidden = rules.first_trick_points == "forbidden"
    queen_breaks = rules.queen_breaks_hearts
    broken = False
    all_tricks = [(t.leader, t.cards) for t in state.tricks] + (
        [(state.leader, tuple(state.trick))] if state.trick else [])
    for number, (lead_seat, cards) in enumerate(all_tricks):
        led = cards[0] // 13
        for i, c in enumerate(cards):
            seat = (lead_seat + i) % n
            bit = 1 << c
            if i == 0:
                if number == 0 and rules.first_lead in ("left_of_dealer", "rotate") and bit & (HEART_MASK | QS_BIT):
                    excluded[seat] |= ALL_CARDS & ~(HEART_MASK | QS_BIT)
                elif number > 0 and not broken and bit & forbid_lead:
                    excluded[seat] |= ALL_CARDS & ~forbid_lead
            elif c // 13 != led:
                excluded[seat] |= SUIT_MASKS[led]
                if number == 0 and first_forbidden and bit & points:
                    excluded[seat] |= ALL_CARDS & ~points
            elif number == 0 and first_forbidden and bit & points:
                excluded[seat] |= SUIT_MASKS[led] & ~points
            if c >= 39 or (c == QUEEN_OF_SPADES and queen_breaks):
                broken = True
    return tuple(excluded)


__all__ = ["PlayerView"]
