"""What one seat may know, and deals of the unseen cards consistent with it.

Bots and the coach see only a :class:`PlayerView`. It holds the seat's own cards, the cards it passed and
received, every played card and who played it, the tricks, the points taken, whether hearts are broken, and
what the plays revealed about other hands (voids and other cards a seat cannot hold). It holds no hidden
card, so peeking is impossible by construction. :meth:`PlayerView.sample` deals the unseen cards at random
in a way that agrees with all of it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import ALL_CARDS, HEART_MASK, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, cards_in
from .hand import HandState, Phase, Trick, Verdict
from .rules import Rules


@dataclass(frozen=True)
class PlayerView:
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
    def of(cls, state: HandState, seat: int) -> PlayerView:
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

    @property
    def is_first_trick(self) -> bool:
        return not self.tricks

    @property
    def trick_seats(self) -> list[int]:
        return [(self.leader + i) % self.n for i in range(len(self.trick))]

    @property
    def led_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

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
        return dict.fromkeys(self._passed_still_held(), target)

    def _passed_still_held(self) -> list[Card]:
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

    def position(self) -> HandState:
        """A state at this position holding only this seat's cards (enough to ask the rules about them)."""
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        hands[self.seat] = list(self.hand)
        return self._state_with(hands, [])

    def legal_plays(self) -> list[Card]:
        """This seat's legal cards now (empty when it is not its turn to play)."""
        return cards_in(self.legal)

    def why_illegal(self, c: Card) -> Verdict | None:
        """None if this seat may play ``c`` now, else the engine's rule id and sentence."""
        return self.position().why_illegal(c, self.seat)

    # ----- sampling -----

    def sample(self, rng: random.Random | None = None,
               card_weights: Mapping[Card, Sequence[float]] | None = None,
               void_odds: Mapping[int, Sequence[float]] | None = None) -> HandState:
        """A full state that agrees with everything this seat knows, the unseen cards dealt at random.

        ``card_weights`` (card -> weight per seat) biases where a card goes, e.g. by a bot's inference of
        who holds the queen; ``void_odds`` (seat -> chance per suit) makes a seat void in a suit that often,
        e.g. because players empty short suits when they pass. Known facts (voids, the seat's own pass) are
        always respected; a void that no deal allows is dropped.
        """
        rng = rng or random.Random()
        n = self.n
        need = list(self.hand_sizes)
        need[self.seat] = 0
        hands: list[list[Card]] = [[] for _ in range(n + 1)]  # seat n is the face-down kitty
        kitty_open = self.kitty is None and self.kitty_size > 0
        capacity = [*need, self.kitty_size if kitty_open else 0]
        pool = self.unseen()
        # Cards whose holder is known are kept out of the dealing, so that no repair moves them away.
        known = [(self.pass_target(), c) for c in self._passed_still_held()]
        if (self.phase is Phase.PLAY and not self.tricks and not self.trick
                and self.rules.first_lead in ("lowest_club", "any_club")):
            clubs = self.rules.deck_mask & SUIT_MASKS[0]
            known.append((self.to_move, (clubs & -clubs).bit_length() - 1))  # the seat to lead holds the opener
        placed: list[tuple[int, Card]] = []
        for holder, c in known:
            if holder != self.seat and capacity[holder] > 0 and c in pool:
                pool.remove(c)
                placed.append((holder, c))
                capacity[holder] -= 1
        forbidden = [0] * (n + 1) if self.phase is Phase.PASS else [*self.excluded, 0]
        forbidden[self.seat] = ALL_CARDS
        if not (void_odds and self._deal_with_voids(void_odds, placed, pool, hands, capacity, forbidden, rng,
                                                    card_weights)):
            _deal_constrained(pool, hands, capacity, forbidden, rng, card_weights)
        for holder, c in placed:
            hands[holder].append(c)
        hands[self.seat] = list(self.hand)
        return self._state_with(hands[:n], hands[n] if kitty_open else list(self.kitty or ()))

    @staticmethod
    def _deal_with_voids(void_odds: Mapping[int, Sequence[float]], placed: list[tuple[int, Card]],
                         pool: list[Card], hands: list[list[Card]], capacity: list[int], forbidden: list[CardSet],
                         rng: random.Random, card_weights: Mapping[Card, Sequence[float]] | None) -> bool:
        """Deal with some seats made void by chance (in place); False, changing nothing, if none was drawn.

        When no deal allows all the voids drawn, they are dropped one at a time until one does.
        """
        voids = [(seat, suit) for seat, odds in void_odds.items() for suit, p in enumerate(odds)
                 if p > 0 and rng.random() < p and not any(h == seat and c // 13 == suit for h, c in placed)]
        while voids:
            trial_hands = [h[:] for h in hands]
            trial_forbidden = forbidden[:]
            for seat, suit in voids:
                trial_forbidden[seat] |= SUIT_MASKS[suit]
            try:
                _deal_constrained(pool[:], trial_hands, capacity[:], trial_forbidden, rng, card_weights)
            except ValueError:
                voids.pop(rng.randrange(len(voids)))
                continue
            hands[:] = trial_hands
            return True
        return False

    def _state_with(self, hands: list[list[Card]], kitty: list[Card]) -> HandState:
        """A HandState at this view's position with the given current hands."""
        s = HandState.__new__(HandState)
        r = self.rules
        n = self.n
        s.rules, s.n, s.dealer, s.hand_number = r, n, self.dealer, self.hand_number
        s.pass_direction = self.pass_direction
        s.deal = ()  # a sampled position has no known deal: it cannot be restarted or undone
        s.kitty = tuple(kitty)
        s.hands = [0] * n
        s.doubles = [0] * n
        for seat, cards in enumerate(hands):
            for c in cards:
                s._add(seat, c)
        s.passes = [self.passed if seat == self.seat else None for seat in range(n)]
        if self.phase is not Phase.PASS:
            s.passes = [p if p is not None else () for p in s.passes]
        s.received = [self.received if seat == self.seat else () for seat in range(n)]
        s.trick = list(self.trick)
        s.tricks = list(self.tricks)
        first_taken = any(t.winner is not None for t in self.tricks)
        s.carried = list(self.carried) + ([] if first_taken else list(kitty))
        s.hearts_taken = list(self.hearts_taken)
        s.queens_taken = list(self.queens_taken)
        s.jacks_taken = list(self.jacks_taken)
        s.tricks_won = list(self.tricks_won)
        s.won = [[] for _ in range(n)]
        s.hearts_broken = self.hearts_broken
        s.history = []
        s.moon_choice = None
        s.phase = self.phase
        s.leader, s.to_move = self.leader, self.to_move
        s._legal = -1
        s._cache_rules()
        return s


def _excluded_cards(state: HandState) -> tuple[CardSet, ...]:
    """Cards each seat is proven not to hold, from the legality of what it played (the hand's own rule facts)."""
    n, rules = state.n, state.rules
    excluded = [0] * n
    points = state._points_mask
    forbid_lead = state._forbid_lead
    first_forbidden = state._first_trick_forbidden
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
            if c >= 39 or (c == QUEEN_OF_SPADES and state._queen_breaks):
                broken = True
    return tuple(excluded)


def _deal_constrained(pool: list[Card], hands: list[list[Card]], capacity: list[int], forbidden: list[CardSet],
                      rng: random.Random, card_weights: Mapping[Card, Sequence[float]] | None) -> None:
    """Give every pool card to a holder with room that may hold it (in place).

    Most constrained cards go first, each to a random eligible holder weighted by its free room (and the
    caller's weights); a dead end is repaired by moving cards along an augmenting path, so a deal that
    exists is always found.
    """
    holders = range(len(hands))
    rng.shuffle(pool)
    pool.sort(key=lambda c: sum(1 for h in holders if capacity[h] and not forbidden[h] >> c & 1))
    for c in pool:
        eligible = [h for h in holders if capacity[h] > 0 and not forbidden[h] >> c & 1]
        if eligible:
            weights = [capacity[h] * (card_weights[c][h] if card_weights and c in card_weights
                                      and h < len(card_weights[c]) else 1.0) for h in eligible]
            if sum(weights) <= 0:
                weights = [float(capacity[h]) for h in eligible]
            h = rng.choices(eligible, weights)[0]
        else:
            h = _make_room(c, hands, capacity, forbidden)
        hands[h].append(c)
        capacity[h] -= 1


def _make_room(c: Card, hands: list[list[Card]], capacity: list[int], forbidden: list[CardSet]) -> int:
    """Free a place for ``c`` by moving cards along a path to a holder with room; return where it fits."""
    start = [h for h in range(len(hands)) if not forbidden[h] >> c & 1]
    parent: dict[int, tuple[int, int] | None] = {h: None for h in start}
    queue = list(start)
    while queue:
        h = queue.pop(0)
        if capacity[h] > 0:
            # walk back: each step moves one card from the previous holder to this one
            while parent[h] is not None:
                prev, idx = parent[h]  # type: ignore[misc]
                moved = hands[prev].pop(idx)
                hands[h].append(moved)
                capacity[h] -= 1
                capacity[prev] += 1
                h = prev
            return h
        for idx, d in enumerate(hands[h]):
            for g in range(len(hands)):
                if g not in parent and not forbidden[g] >> d & 1:
                    parent[g] = (h, idx)
                    queue.append(g)
    raise ValueError("no deal of the unseen cards agrees with this view")


__all__ = ["PlayerView"]
