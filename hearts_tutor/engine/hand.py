"""One hand of Hearts: deal, simultaneous passing, tricks, scoring.

The state is small and fast (cards are ints, hands are bitmasks) because Monte-Carlo bots and the
coach's grading play thousands of hands a second through it. Every legality rule has an id and a plain
sentence; an illegal action raises :class:`IllegalMove` and leaves the state exactly as it was.

>>> from hearts_tutor.engine.rules import Rules
>>> h = HandState.deal_random(Rules.preset("standard"), seed=1, hand_number=3)  # a keep hand
>>> h.phase
<Phase.PLAY: 'play'>
>>> cards_str(h.legal_plays())
['2C']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import (
    HEART_MASK,
    JACK_OF_DIAMONDS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    cards_in,
    cards_str,
)
from .moves import (
    CLUB_MASK,
    Action,
    HandResult,
    IllegalMove,
    Phase,
    Trick,
    TrickProgress,
    Verdict,
    check_deal,
    first_lead_card,
    forbidden_leads,
    hand_masks,
    moon_goal,
    play_verdict,
    points_mask,
    verify_pass_cards,
)
from .rules import MOON_CHOICES, Rules
from .view import PlayerView

#: ``_PLAY_ACTIONS[seat][card]``: the (immutable, shared) history record of a play, made once.
_PLAY_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action("play", seat, (c,)) for c in range(52)) for seat in range(11))
_new_tuple = tuple.__new__
#: The distinct cards of a deck in ascending order, by deck mask (deal_random copies and shuffles it).
_DECK_CARDS: dict[int, tuple[Card, ...]] = {}


class HandState(TrickProgress):
    """The full state of one hand (all four hands visible: the referee's and the dealer's view)."""

    __slots__ = (  # noqa: RUF023 (grouped: the deal, the play, the history, rule caches)
        "rules", "n", "dealer", "hand_number", "pass_direction", "deal", "kitty", "hands", "doubles",
        "phase", "passes", "received", "trick", "leader", "to_move", "hearts_broken", "tricks",
        "carried", "hearts_taken", "queens_taken", "jacks_taken", "tricks_won", "won",
        "history", "moon_choice", "_legal", "_first_lead_card", "_points_mask", "_forbid_lead",
        "_first_trick_forbidden", "_first_lead", "_queen_breaks", "_one_deck", "_tricks_per_hand",
    )

    def __init__(self, rules: Rules, deal: list[list[Card]], *, kitty: list[Card] | None = None,
                 dealer: int = 0, hand_number: int = 0, pass_direction: str | None = None) -> None:
        """Start a hand from each seat's dealt cards (checked against the rules' deck)."""
        self.rules = rules
        n = self.n = rules.players
        self.dealer = dealer % n
        self.hand_number = hand_number
        direction = pass_direction or rules.pass_direction(hand_number)
        if direction not in ("left", "right", "across", "keep"):
            raise ValueError(f"pass direction must be left, right, across or keep, not {direction!r}")
        if direction == "across" and n % 2:
            raise ValueError(f"cannot pass across with {n} players")
        self.pass_direction = direction
        kitty = list(kitty or [])
        check_deal(rules, deal, kitty)
        self.deal = tuple(tuple(sorted(h)) for h in deal)
        self.kitty = tuple(sorted(kitty))
        self.hands = [0] * n
        self.doubles = [0] * n
        for seat, cards in enumerate(deal):
            self.hands[seat], self.doubles[seat] = hand_masks(cards)
        self.passes: list[tuple[Card, ...] | None] = [None] * n
        self.received: list[tuple[Card, ...]] = [()] * n
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.carried: list[Card] = list(self.kitty)
        self.hearts_taken = [0] * n
        self.queens_taken = [0] * n
        self.jacks_taken = [0] * n
        self.tricks_won = [0] * n
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.hearts_broken = False
        self.history: list[Action] = []
        self.moon_choice: str | None = None
        self._legal: CardSet = -1
        self._cache_rules()
        self.leader = self.to_move = 0
        if direction == "keep":
            self._start_play()
        else:
            self.phase = Phase.PASS

    def _cache_rules(self) -> None:
        """Keep the rule facts the hot path reads on the instance (derived from ``self.rules`` only)."""
        rules = self.rules
        self._points_mask = points_mask(rules)
        self._first_trick_forbidden = rules.first_trick_points == "forbidden"
        self._forbid_lead = forbidden_leads(rules)
        self._first_lead_card = first_lead_card(rules)
        self._first_lead = rules.first_lead
        self._queen_breaks = rules.queen_breaks_hearts
        self._one_deck = rules.decks == 1
        self._tricks_per_hand = rules.tricks_per_hand

    # ----- construction helpers -----

    @classmethod
    def deal_random(cls, rules: Rules, seed: int | random.Random | None = None, *, dealer: int = 0,
                    hand_number: int = 0, pass_direction: str | None = None) -> HandState:
        """A shuffled deal; the same seed gives the same hand."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        distinct = _DECK_CARDS.get(rules.deck_mask)
        if distinct is None:
            distinct = _DECK_CARDS[rules.deck_mask] = tuple(cards_in(rules.deck_mask))
        deck = list(distinct) * rules.decks
        rng.shuffle(deck)
        size, n = rules.hand_size, rules.players
        deal = [deck[i * size:(i + 1) * size] for i in range(n)]
        return cls(rules, deal, kitty=deck[n * size:], dealer=dealer, hand_number=hand_number,
                   pass_direction=pass_direction)

    def copy(self) -> HandState:
        """An independent copy (lists copied, immutable parts shared)."""
        new = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.doubles = self.doubles[:]
        new.passes = self.passes[:]
        new.received = self.received[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.carried = self.carried[:]
        new.hearts_taken = self.hearts_taken[:]
        new.queens_taken = self.queens_taken[:]
        new.jacks_taken = self.jacks_taken[:]
        new.tricks_won = self.tricks_won[:]
        new.won = [w[:] for w in self.won]
        new.history = self.history[:]
        return new

    # ----- card bookkeeping -----

    def _add(self, seat: int, c: Card) -> None:
        bit = 1 << c
        if self.hands[seat] & bit:
            self.doubles[seat] |= bit
        else:
            self.hands[seat] |= bit

    def _remove(self, seat: int, c: Card) -> None:
        bit = 1 << c
        if self.doubles[seat] & bit:
            self.doubles[seat] ^= bit
        else:
            self.hands[seat] ^= bit

    def hand_of(self, seat: int) -> list[Card]:
        """A seat's cards, ascending, with both copies of a card held twice."""
        if not self.doubles[seat]:
            return cards_in(self.hands[seat])
        return sorted(cards_in(self.hands[seat]) + cards_in(self.doubles[seat]))

    def holds(self, seat: int, c: Card) -> bool:
        return bool(self.hands[seat] >> c & 1)


    # ----- passing -----

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s pass."""
        return (seat + self.rules.pass_offset(self.pass_direction)) % self.n

    def pass_source(self, seat: int) -> int:
        """The seat whose pass ``seat`` receives."""
        return (seat - self.rules.pass_offset(self.pass_direction)) % self.n

    def verify_pass(self, seat: int, cards: list[Card] | tuple[Card, ...]) -> None:
        """Raise :class:`IllegalMove` unless ``seat`` may pass these cards now."""
        k = self.rules.pass_count
        if self.phase is not Phase.PASS:
            if self.pass_direction == "keep":
                raise IllegalMove("no_passing", "This is a keep hand: nobody passes, you play the cards dealt.")
            raise IllegalMove("not_passing_phase", "The passing is over; it is time to play.")
        if not 0 <= seat < self.n:
            raise IllegalMove("no_such_seat", f"There is no seat {seat} at a table of {self.n}.")
        if self.passes[seat] is not None:
            raise IllegalMove("already_passed", "You have already passed your cards this hand.")
        verify_pass_cards(k, cards, self.hands[seat], self.doubles[seat])

    def can_pass(self, seat: int, cards: list[Card] | tuple[Card, ...]) -> bool:
        try:
            self.verify_pass(seat, cards)
        except IllegalMove:
            return False
        return True

    def pass_cards(self, seat: int, cards: list[Card] | tuple[Card, ...]) -> None:
        """Choose ``seat``'s pass; when every seat has chosen, the cards change hands together."""
        self.verify_pass(seat, cards)
        chosen = self.passes[seat] = tuple(sorted(cards))
        self.history.append(Action("pass", seat, chosen))
        if None not in self.passes:
            self._exchange()

    def _exchange(self) -> None:
        n, offset, passes = self.n, self.rules.pass_offset(self.pass_direction), self.passes
        for seat, cards in enumerate(passes):
            self.received[(seat + offset) % n] = cards or ()
        if self._one_deck:  # every card once: move the passed sets with bit operations
            hands, passed = self.hands, [0] * n
            for seat, cards in enumerate(passes):
                for c in cards or ():
                    passed[seat] |= 1 << c
                hands[seat] ^= passed[seat]
            for seat in range(n):
                hands[(seat + offset) % n] |= passed[seat]
        else:
            for seat, cards in enumerate(passes):
                for c in cards or ():
                    self._remove(seat, c)
            for seat, cards in enumerate(passes):
                for c in cards or ():
                    self._add((seat + offset) % n, c)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        fl = self.rules.first_lead
        if fl in ("lowest_club", "any_club"):
            bit = 1 << self._first_lead_card
            leader = next(s for s in range(self.n) if self.hands[s] & bit)
        elif fl == "left_of_dealer":
            leader = (self.dealer + 1) % self.n
        else:
            leader = self.hand_number % self.n
        self.leader = self.to_move = leader
        self._legal = -1

    # ----- playing -----

    def legal_mask(self) -> CardSet:
        """The distinct cards the seat to move may play now (0 outside the play phase)."""
        if self._legal >= 0:
            return self._legal
        if self.phase is not Phase.PLAY:
            return 0
        hand = self.hands[self.to_move]
        trick = self.trick
        if trick:
            follow = hand & SUIT_MASKS[trick[0] // 13]
            legal = follow or hand
            if self._first_trick_forbidden and not self.tricks:
                safe = legal & ~self._points_mask
                if safe:
                    legal = safe
        elif not self.tricks:
            fl = self._first_lead
            if fl == "lowest_club":
                legal = 1 << self._first_lead_card
            elif fl == "any_club":
                legal = hand & CLUB_MASK
            else:
                legal = (hand & ~(HEART_MASK | QS_BIT)) or hand
        elif self.hearts_broken:
            legal = hand
        else:
            legal = (hand & ~self._forbid_lead) or hand
        self._legal = legal
        return legal

    def legal_plays(self) -> list[Card]:
        """The distinct legal cards, sorted by suit (C, D, S, H) then rank."""
        return cards_in(self.legal_mask())

    def why_illegal(self, c: Card, seat: int | None = None) -> Verdict | None:
        """None if ``c`` may be played now by the seat to move, else the rule that forbids it.

        Walks the same cascade as :meth:`legal_mask` (:func:`~.moves.play_verdict`), naming the first rule that
        removes the card.
        """
        seat = self.to_move if seat is None else seat
        return play_verdict(self.rules, self.phase, self.to_move, seat, hand=self.hands[seat], legal=self.legal_mask(),
                            trick=self.trick, first_trick=not self.tricks, c=c)

    def verify_play(self, c: Card) -> None:
        """Raise :class:`IllegalMove` naming the rule unless ``c`` is legal now."""
        if not isinstance(c, int) or not 0 <= c < 52:
            raise IllegalMove("not_a_card", f"{c!r} is not a card.")
        verdict = self.why_illegal(c)
        if verdict is not None:
            raise IllegalMove(verdict.rule, verdict.reason, c)

    def can_play(self, c: Card) -> bool:
        return self.phase is Phase.PLAY and bool(self.legal_mask() >> c & 1)

    def play(self, c: Card) -> None:
        """The seat to move plays ``c``; an illegal card raises and changes nothing."""
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()  # 0 outside the play phase
        if type(c) is not int or c < 0 or not legal >> c & 1:  # legal cards are below 52
            self.verify_play(c)  # raises with the rule that forbids it
            c = int(c)
        seat = self.to_move
        bit = 1 << c
        doubles = self.doubles
        if doubles[seat] & bit:
            doubles[seat] ^= bit
        else:
            self.hands[seat] ^= bit
        self.history.append(_PLAY_ACTIONS[seat][c])
        trick = self.trick
        trick.append(c)
        if not self.hearts_broken and (c >= 39 or (c == QUEEN_OF_SPADES and self._queen_breaks)):
            self.hearts_broken = True
        self._legal = -1
        if len(trick) == self.n:
            self._finish_trick()
        else:
            seat += 1
            self.to_move = seat if seat < self.n else 0

    def _finish_trick(self) -> None:
        trick, n, leader = self.trick, self.n, self.leader
        if self._one_deck:
            # One deck: every card differs, nothing cancels, nothing is carried (no kitty).
            top, place, above = trick[0], 0, (trick[0] // 13 + 1) * 13
            taken = 1 << top
            for i in range(1, n):
                c = trick[i]
                taken |= 1 << c
                if top < c < above:  # higher and of the led suit
                    top, place = c, i
            taker = (leader + place) % n
            self.tricks.append(_new_tuple(Trick, (leader, tuple(trick), taker)))
            self.trick = []
            if taken >> 22:  # the jack of diamonds or anything above it: spades, hearts
                hearts = (taken >> 39).bit_count()
                if hearts:
                    self.hearts_taken[taker] += hearts
                if taken >> QUEEN_OF_SPADES & 1:
                    self.queens_taken[taker] += 1
                if taken >> JACK_OF_DIAMONDS & 1:
                    self.jacks_taken[taker] += 1
            self.tricks_won[taker] += 1
            self.won[taker].extend(trick)
            self.leader = self.to_move = taker
            if len(self.tricks) == self._tricks_per_hand:
                self._finish_hand()
            return
        led = trick[0] // 13
        # Two decks: identical cards cancel; a fully cancelled trick is carried to the next winner.
        best = -1
        winner: int | None = None
        for i, c in enumerate(trick):
            if c // 13 == led and c > best and trick.count(c) == 1:
                best, winner = c, (leader + i) % n
        self.tricks.append(Trick(leader, tuple(trick), winner))
        self.trick = []
        pile = self.carried + trick if self.carried else trick
        last = len(self.tricks) == self._tricks_per_hand
        if winner is None:
            self.carried = [] if last else pile
            self.to_move = leader  # the same player leads again
        else:
            self.carried = []
            h = q = j = 0
            for c in pile:
                if c >= 39:
                    h += 1
                elif c == QUEEN_OF_SPADES:
                    q += 1
                elif c == JACK_OF_DIAMONDS:
                    j += 1
            self.hearts_taken[winner] += h
            self.queens_taken[winner] += q
            self.jacks_taken[winner] += j
            self.tricks_won[winner] += 1
            self.won[winner].extend(pile)
            self.leader = self.to_move = winner
        if last:
            self._finish_hand()

    def _finish_hand(self) -> None:
        if self.rules.moon == "shooter_chooses" and self.moon_shooter() is not None and self.sweeper() is None:
            self.phase = Phase.MOON
            self.to_move = self.moon_shooter()  # type: ignore[assignment]
        else:
            self.phase = Phase.DONE

    def choose_moon(self, choice: str) -> None:
        """The shooter says how the moon scores: ``add_to_others`` or ``subtract_from_self``."""
        if self.phase is not Phase.MOON:
            raise IllegalMove("no_moon_choice", "There is no moon to score: nobody shot it, or it is scored already.")
        if choice not in MOON_CHOICES:
            raise IllegalMove("bad_moon_choice",
                              f"The moon scores as add_to_others or subtract_from_self, not {choice!r}.")
        self.moon_choice = choice
        self.history.append(Action("moon", self.to_move, (), choice))
        self.phase = Phase.DONE

    # ----- points -----

    def raw_points(self) -> list[int]:
        """Points taken so far, card by card (no moon, sweep or bonus)."""
        r = self.rules
        return [self.hearts_taken[s] + self.queens_taken[s] * r.queen_points + self.jacks_taken[s] * r.jack_points
                for s in range(self.n)]

    def moon_shooter(self) -> int | None:
        """The seat that took every heart and every scoring queen, if one did."""
        decks = self.rules.decks
        need_queens = decks if self.rules.queen_points else None
        for s in range(self.n):
            if self.hearts_taken[s] == 13 * decks and (need_queens is None or self.queens_taken[s] == need_queens):
                return s
        return None

    def sweeper(self) -> int | None:
        """With ``sweep: plus_52``, the seat that won every trick, if one did."""
        if self.rules.sweep != "plus_52":
            return None
        for s in range(self.n):
            if self.tricks_won[s] == self.rules.tricks_per_hand:
                return s
        return None

    def result(self) -> HandResult:
        """The hand's points per seat after moon, sweep and bonus rules (raw points while unfinished)."""
        r = self.rules
        raw = self.raw_points()
        if self.phase is not Phase.DONE:
            return HandResult(points=raw, raw=raw)
        jack = [self.jacks_taken[s] * r.jack_points for s in range(self.n)]
        sweeper = self.sweeper()
        if sweeper is not None:
            points = [jack[s] + (0 if s == sweeper else 52) for s in range(self.n)]
            return HandResult(points=points, raw=raw, sweeper=sweeper)
        shooter = self.moon_shooter()
        if shooter is not None:
            choice = r.moon if r.moon != "shooter_chooses" else self.moon_choice
            if choice == "add_to_others":
                points = [jack[s] if s == shooter else raw[s] + 26 for s in range(self.n)]
            else:
                points = [jack[s] - 26 if s == shooter else raw[s] for s in range(self.n)]
            return HandResult(points=points, raw=raw, shooter=shooter, moon_choice=choice)
        bonus = [0] * self.n
        if r.clean_hand_bonus == "no_tricks":
            bonus = [-5 if self.tricks_won[s] == 0 else 0 for s in range(self.n)]
        elif r.clean_hand_bonus == "no_points":
            bonus = [-5 if not self._took_scoring_card(s) else 0 for s in range(self.n)]
        return HandResult(points=[raw[s] + bonus[s] for s in range(self.n)], raw=raw, bonus=tuple(bonus))

    def _took_scoring_card(self, seat: int) -> bool:
        r = self.rules
        return bool(self.hearts_taken[seat] or (r.queen_points and self.queens_taken[seat])
                    or (r.jack_points and self.jacks_taken[seat]))

    def points(self) -> list[int]:
        return self.result().points

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    # ----- history -----

    def plays(self) -> list[Card]:
        """Every card played so far, in order."""
        return [a.cards[0] for a in self.history if a.kind == "play"]

    def replay(self, actions: list[Action]) -> None:
        for a in actions:
            if a.kind == "pass":
                self.pass_cards(a.seat, a.cards)
            elif a.kind == "play":
                if a.seat != self.to_move:
                    raise IllegalMove("not_your_turn", f"It is seat {self.to_move}'s turn, not seat {a.seat}'s.")
                self.play(a.cards[0])
            else:
                self.choose_moon(a.choice or "")

    def restart(self) -> HandState:
        """The same hand as dealt, before any action."""
        return HandState(self.rules, [list(h) for h in self.deal], kitty=list(self.kitty), dealer=self.dealer,
                         hand_number=self.hand_number, pass_direction=self.pass_direction)

    def undo(self) -> Action:
        """Take back the last action (replayed from the deal); returns it."""
        if not self.history:
            raise IllegalMove("nothing_to_undo", "Nothing has happened yet this hand.")
        last = self.history[-1]
        fresh = self.restart()
        fresh.replay(self.history[:-1])
        for name in HandState.__slots__:
            setattr(self, name, getattr(fresh, name))
        return last

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know, with no hidden card in it."""
        return PlayerView.of(self, seat)

    @classmethod
    def at_view(cls, view: PlayerView, hands: Sequence[Sequence[Card]] | None = None,
                kitty: Sequence[Card] = ()) -> HandState:
        """A state at ``view``'s position holding ``hands`` (by default only the view's own cards: enough to ask
        the rules about them) and ``kitty`` (the face-down kitty when it is not turned up yet)."""
        if hands is None:
            hands = [list(view.hand) if seat == view.seat else [] for seat in range(view.n)]
        s = cls.__new__(cls)
        r = view.rules
        n = view.n
        s.rules, s.n, s.dealer, s.hand_number = r, n, view.dealer, view.hand_number
        s.pass_direction = view.pass_direction
        s.deal = ()  # a sampled position has no known deal: it cannot be restarted or undone
        s.kitty = tuple(kitty)
        s.hands = [0] * n
        s.doubles = [0] * n
        for seat, cards in enumerate(hands):
            for c in cards:
                s._add(seat, c)
        s.passes = [view.passed if seat == view.seat else None for seat in range(n)]
        if view.phase is not Phase.PASS:
            s.passes = [p if p is not None else () for p in s.passes]
        s.received = [view.received if seat == view.seat else () for seat in range(n)]
        s.trick = list(view.trick)
        s.tricks = list(view.tricks)
        first_taken = any(t.winner is not None for t in view.tricks)
        s.carried = list(view.carried) + ([] if first_taken else list(kitty))
        s.hearts_taken = list(view.hearts_taken)
        s.queens_taken = list(view.queens_taken)
        s.jacks_taken = list(view.jacks_taken)
        s.tricks_won = list(view.tricks_won)
        s.won = [[] for _ in range(n)]
        s.hearts_broken = view.hearts_broken
        s.history = []
        s.moon_choice = None
        s.phase = view.phase
        s.leader, s.to_move = view.leader, view.to_move
        s._legal = -1
        s._cache_rules()
        return s

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(cards_str(self.hand_of(s))) for s in range(self.n))
        return f"<HandState {self.phase.value} to_move={self.to_move} trick={cards_str(self.trick)} hands: {hands}>"


__all__ = ["Action", "HandResult", "HandState", "IllegalMove", "Phase", "Trick", "Verdict", "moon_goal"]
