"""Monte-Carlo search shared by the expert bot and the coach.

The unseen cards are dealt at random in agreement with a seat's view (:func:`sample_deal`), each
candidate is tried on the same deals (common random numbers, so differences between candidates are
low-variance), and the rest of the hand is played out by :func:`rollout_policy`, a fast model of a
reasonable player. An :class:`Estimate` is the viewing seat's expected points for this hand, after moon,
sweep and bonus scoring: lower is better.

>>> from hearts_tutor.engine.rules import Rules
>>> from hearts_tutor.engine.hand import HandState
>>> state = HandState.deal_random(Rules.preset("standard"), seed=5, hand_number=3)
>>> view = state.view(state.to_move)
>>> est = evaluate_plays(view, rollouts=8, rng=1)
>>> sorted(est) == view.legal_plays() and all(e.n == 8 for e in est.values())
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.cards import HEART_MASK, QS_BIT, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, Card, CardSet
from ..engine.hand import HandState, Phase
from ..engine.rules import Rules
from ..engine.sampling import sample_deal
from ..engine.view import PlayerView
from .rollout_moon import moon_play, points_value, shooter_choice

if TYPE_CHECKING:
    from .helper import SearchHelper

SPADE_MASK = SUIT_MASKS[SPADES]
DIAMOND_MASK = SUIT_MASKS[1]
KS_BIT = 1 << (QUEEN_OF_SPADES + 1)
AS_BIT = 1 << (QUEEN_OF_SPADES + 2)
HIGH_SPADES = KS_BIT | AS_BIT
JD = 22
JD_BIT = 1 << JD
_RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


@dataclass(frozen=True)
class Estimate:
    """Expected points of the viewing seat for this hand (lower is better), its standard error, samples."""

    mean: float
    stderr: float
    n: int
    points: float | None = None
    """The seat's mean points for the hand, when ``mean`` is another value of the rollouts (``value=``)."""
    values: tuple[float, ...] = field(default=(), repr=False, compare=False)
    """Each sampled deal's value, in the order of the deals (the same deals for every candidate of a search, so
    two candidates compare deal by deal: :func:`~hearts_tutor.bots.paired.clearly_worse`)."""


@dataclass(frozen=True)
class ValueAndPoints:
    """A rollout's ``value`` of every seat's points and the seat's own points (picklable for the helper)."""

    value: Callable[[list[int]], float]
    seat: int

    def __call__(self, points: list[int]) -> tuple[float, int]:
        return self.value(points), points[self.seat]

    def of_hand(self, state: HandState) -> tuple[float, int]:
        """The value of a finished hand's actual points, and the seat's points as points-valued play counts
        them (:func:`~.rollout_moon.points_value`)."""
        return self.value(state.points()), points_value(state)[self.seat]


def _rng(rng: random.Random | int | None) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def _highest(mask: CardSet) -> Card:
    return mask.bit_length() - 1


def _lowest(mask: CardSet) -> Card:
    return (mask & -mask).bit_length() - 1


def trick_winner_card(trick: Sequence[Card], decks: int = 1) -> Card | None:
    """The card winning a trick so far: the highest of the led suit (with two decks, uncancelled)."""
    if not trick:
        return None
    led = trick[0] // 13
    if decks == 1:
        best = trick[0]
        for c in trick:
            if c > best and c // 13 == led:
                best = c
        return best
    best = -1
    for c in trick:
        if c // 13 == led and c > best and trick.count(c) == 1:
            best = c
    return best if best >= 0 else None


def _lowest_rank_card(mask: CardSet) -> Card:
    """The card of the lowest rank in a set (the lowest suit on ties)."""
    for rm in _RANK_MASKS:
        if mask & rm:
            return _lowest(mask & rm)
    return _lowest(mask)


def _highest_rank_card(mask: CardSet) -> Card:
    """The card of the highest rank in a set (the longest... here simply the highest suit on ties)."""
    for rm in reversed(_RANK_MASKS):
        if mask & rm:
            return _highest(mask & rm)
    return _highest(mask)


def quick_rollout_policy(state: HandState, rng: random.Random) -> Card:
    """A very fast, plain card for the seat to move (the hard level's double-check plays out with it).

    Follows with the highest card that stays under the winner, ducks the queen, dumps the queen, then
    the high spades, then the highest hearts when void, and leads low (low spades to flush the queen
    when it is safe). It plays from the table facts only (what has been played), never from other seats'
    cards. As a player it scores about 8.9 against three hard bots (``benchmarks/bench_bots.py policy``).
    """
    legal = state.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = state.to_move
    hand = state.hands[seat]
    trick = state.trick
    rules = state.rules
    queen_scores = rules.queen_points != 0
    # the queen is "out" when some other hand still holds her
    queen_out = False
    if queen_scores:
        for s in range(state.n):
            if s != seat and state.hands[s] & QS_BIT:
                queen_out = True
                break
    if not trick:
        return _quick_lead(legal, hand, queen_out)
    led = trick[0] // 13
    suit = SUIT_MASKS[led]
    if legal & suit:
        win = trick_winner_card(trick, rules.decks)
        last = len(trick) == state.n - 1
        if win is None or (led == SPADES and legal & QS_BIT and win > QUEEN_OF_SPADES):
            return _settled_follow(legal, win, last)
        under = legal & ((1 << win) - 1)
        if under:
            return _duck(under, queen_scores)
        if last:
            return _take_last(legal, led, rules)
        if led == SPADES and queen_out:
            rest = legal & ~QS_BIT
            return _lowest(rest) if rest else _lowest(legal)
        return _lowest(legal)
    # void in the led suit: unload
    if queen_scores and legal & QS_BIT:
        return QUEEN_OF_SPADES
    if queen_out and legal & HIGH_SPADES:
        return _highest(legal & HIGH_SPADES)
    if legal & HEART_MASK:
        return _highest(legal & HEART_MASK)
    keep = legal & ~JD_BIT if rules.jack_points and legal & ~JD_BIT else legal
    return _highest_rank_card(keep)


def _settled_follow(legal: CardSet, win: Card | None, last: bool) -> Card:
    """Following suit when the choice is plain: every card so far cancelled (anything of the suit wins for
    now: the highest when last, else the lowest), or the queen of spades under a king or ace."""
    if win is None:
        return _highest(legal & ~QS_BIT) if last and legal & ~QS_BIT else _lowest(legal)
    return QUEEN_OF_SPADES


def _duck(under: CardSet, queen_scores: bool) -> Card:
    """The highest card that stays under the winner (not the queen while she scores and another will do)."""
    if queen_scores and under & QS_BIT and under & ~QS_BIT:
        under &= ~QS_BIT
    return _highest(under)


def _take_last(legal: CardSet, led: int, rules: Rules) -> Card:
    """Last to a trick it must win: the jack of diamonds when it scores, else the highest card but the queen."""
    if rules.jack_points and led == 1 and legal & JD_BIT:
        return JD
    rest = legal & ~QS_BIT if rules.queen_points else legal
    return _highest(rest) if rest else _highest(legal)


def _quick_lead(legal: CardSet, hand: CardSet, queen_out: bool) -> Card:
    spades = legal & SPADE_MASK
    if queen_out and spades and not hand & (QS_BIT | HIGH_SPADES):
        return _lowest(spades)
    options = legal & ~HEART_MASK or legal
    if queen_out and hand & (QS_BIT | HIGH_SPADES) and options & ~SPADE_MASK:
        options &= ~SPADE_MASK
    if hand & QS_BIT and options & ~QS_BIT:
        options &= ~QS_BIT
    return _lowest_rank_card(options)


def rollout_policy(state: HandState, rng: random.Random) -> Card:
    """A fast model of a sound player who plays moons both ways, used to play out the expert's, the coach's,
    the miner's and the verifier's rollouts: :func:`~.moon.moon_play` when a moon decides the play (it
    shoots when its cards and the tricks so far make a moon likely, and stops another seat that can still
    take every point), else :func:`plain_rollout_policy`.
    """
    legal = state.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    card = moon_play(state, legal)
    return card if card is not None else plain_rollout_policy(state, rng)


def plain_rollout_policy(state: HandState, rng: random.Random) -> Card:
    """The rollout model without moons (it never tries one and never stops one).

    It uses only what the seat may know (its own cards and what has been played, so the unseen cards as a
    set), never where the other seats' cards are:

    * leading: a low spade to flush the queen when it holds no spade that could catch her; a low heart
      (the nine or lower) once hearts may be led; otherwise the lowest card of its shortest suit, keeping
      its spades while the queen is out and it holds her or a spade above her;
    * following: the queen of spades under a king or ace; on the first trick (no points allowed) its
      highest card; last to a trick without points, its highest card; otherwise the highest card that stays
      under the winner, or, when it cannot duck, its highest card (the lowest spade while the queen is out);
    * void: the queen, then the king and ace of spades while she is out, then the card most likely to win
      a trick later (high cards, hearts and short suits first).

    As a player it scores about 7.1 against three hard bots (:func:`quick_rollout_policy` about 8.9;
    ``benchmarks/bench_bots.py policy``). Before the moon model it was the rollout model itself.
    """
    legal = state.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = state.to_move
    hands = state.hands
    hand = hands[seat]
    trick = state.trick
    rules = state.rules
    unseen = 0
    for s in range(state.n):
        if s != seat:
            unseen |= hands[s]
    queen_scores = rules.queen_points != 0
    queen_out = queen_scores and bool(unseen & QS_BIT)
    if not trick:
        return _sound_lead(legal, hand, queen_out)
    led = trick[0] // 13
    if not legal & SUIT_MASKS[led]:
        return _sound_discard(legal, unseen, queen_out, rules)
    win = trick_winner_card(trick, rules.decks)
    last = len(trick) == state.n - 1
    if win is None or (led == SPADES and legal & QS_BIT and win > QUEEN_OF_SPADES):
        return _settled_follow(legal, win, last)
    below = (1 << win) - 1
    if not state.tricks and rules.first_trick_points == "forbidden" and led != SPADES and legal & ~QS_BIT:
        return _highest(legal & ~QS_BIT)  # nobody may throw points on the first trick
    if last and not (led == SPADES and queen_out) and not any(c >= 39 or c == QUEEN_OF_SPADES for c in trick):
        over = legal & ~below & ~QS_BIT
        if over:
            return _highest(over)
    under = legal & below
    if under:
        return _duck(under, queen_scores)
    if last:
        return _take_last(legal, led, rules)
    if led == SPADES:
        rest = legal & ~QS_BIT if queen_out else legal
        return _lowest(rest) if rest else _lowest(legal)
    return _highest(legal)


def _sound_lead(legal: CardSet, hand: CardSet, queen_out: bool) -> Card:
    spades = legal & SPADE_MASK
    if queen_out and spades and not hand & (QS_BIT | HIGH_SPADES):
        return _lowest(spades)
    options = legal & ~HEART_MASK or legal
    if options != legal:
        low_heart = _lowest(legal & HEART_MASK)
        if low_heart % 13 <= 7:
            return low_heart
    if queen_out and hand & (QS_BIT | HIGH_SPADES) and options & ~SPADE_MASK:
        options &= ~SPADE_MASK
    if hand & QS_BIT and options & ~QS_BIT:
        options &= ~QS_BIT
    best, best_key = _lowest(options), (99, 99)
    for s in range(4):
        m = options & SUIT_MASKS[s]
        if m:
            low = _lowest(m)
            key = ((hand & SUIT_MASKS[s]).bit_count(), low % 13)
            if key < best_key:
                best_key, best = key, low
    return best


def _sound_discard(legal: CardSet, unseen: CardSet, queen_out: bool, rules: Rules) -> Card:
    if rules.queen_points and legal & QS_BIT:
        return QUEEN_OF_SPADES
    if queen_out and legal & HIGH_SPADES:
        return _highest(legal & HIGH_SPADES)
    keep = legal & ~JD_BIT if rules.jack_points and legal & ~JD_BIT else legal
    best, best_key = _highest(keep), -99
    for s in range(4):
        m = keep & SUIT_MASKS[s]
        if not m:
            continue
        top = _highest(m)
        # how likely the card is to win a trick later: high, a heart, in a short suit, not a sure loser
        key = top % 13 + (4 if s == 3 else 0) + (3 if m.bit_count() <= 2 else 0)
        if not unseen & SUIT_MASKS[s] & ((1 << top) - 1):
            key -= 6
        if key > best_key:
            best, best_key = top, key
    return best


# ----- passing heuristic used for the other seats in pass rollouts -----

def moon_mix_policy(state: HandState, rng: random.Random) -> Card:
    """The bank verifier's players (:mod:`hearts_tutor.practice.verify`): moons both ways first, else the sound
    or the quick policy (a coin toss)."""
    legal = state.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    card = moon_play(state, legal)
    if card is not None:
        return card
    return plain_rollout_policy(state, rng) if rng.random() < 0.5 else quick_rollout_policy(state, rng)


def pass_danger(c: Card, hand: CardSet, rules: Rules) -> float:
    """How much a card wants to leave the hand (higher: pass it first). Simple and fast."""
    suit, rank = divmod(c, 13)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    score = float(rank)
    if suit == SPADES:
        if rules.queen_points:
            if c == QUEEN_OF_SPADES:
                score = 30.0 if length <= 4 else 8.0
            elif rank > 10:
                score = 20.0 + rank if not hand & QS_BIT and length <= 4 else rank - 4.0
            else:
                score = rank - 6.0
    elif suit == 3:
        score = rank + 2.0
    elif c == JD and rules.jack_points:
        score = -10.0
    score += max(0, 4 - length) * 0.8  # short suits: passing helps to void them
    return score


def heuristic_pass(hand: CardSet, rules: Rules, doubles: CardSet = 0) -> tuple[Card, ...]:
    """The ``pass_count`` cards with the highest :func:`pass_danger` (a pass for simulated seats)."""
    cards = [c for c in range(52) if hand >> c & 1]
    cards += [c for c in range(52) if doubles >> c & 1]
    cards.sort(key=lambda c: -pass_danger(c, hand, rules))
    return tuple(sorted(cards[:rules.pass_count]))


# ----- playing out -----

def moon_choice_for(state: HandState, scores: Sequence[int] = ()) -> str:
    """What a simulated shooter picks (the match ``scores`` before this hand, when known): adding 26 to the
    others when that ends the game with it lowest, else taking 26 off its own score
    (:func:`~hearts_tutor.bots.rollout_moon.shooter_choice`)."""
    shooter = state.moon_shooter()
    return shooter_choice(state.rules, scores, shooter) if shooter is not None else "subtract_from_self"


def play_out(state: HandState, rng: random.Random,
             policy: Callable[[HandState, random.Random], Card] = rollout_policy,
             scores: Sequence[int] = ()) -> HandState:
    """Play ``state`` to the end of the hand with ``policy`` (in place); returns it. A shooter who chooses
    scores its moon by :func:`moon_choice_for` with the match ``scores``."""
    play = state.play
    while state.phase is Phase.PLAY:
        play(policy(state, rng))
    if state.phase is Phase.MOON:
        state.choose_moon(moon_choice_for(state, scores))
    return state


def paired_playouts(view: PlayerView, cards: Sequence[Card], rng: random.Random,
                    card_weights: Mapping[Card, Sequence[float]] | None = None, *,
                    seed_bits: int = 48,
                    policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                    void_odds: Mapping[int, Sequence[float]] | None = None,
                    value: Callable[[list[int]], Any] | None = None) -> dict[Card, Any]:
    """On one deal sampled from ``view``: the seat's points after each of ``cards`` (a moon scored by taking 26
    off the shooter's score counted as 26 on every other seat, :func:`~.rollout_moon.points_value`), or ``value``
    of every seat's actual points, e.g. the seat's loss in game-win chance,
    :meth:`~hearts_tutor.equity.line.ScoreLine.loss_after`.

    Every card is played out with the same dice (common random numbers), so differences between the cards
    come from the cards, not from luck. ``seed_bits`` is how many random bits seed those dice; ``policy``
    plays the hand out; ``card_weights`` and ``void_odds`` shape the sampled deal (:func:`sample_deal`). A
    shooter who chooses scores its moon as the view's match scores make best for it (:func:`moon_choice_for`).
    """
    states = _paired_states(view, cards, rng, card_weights, seed_bits, policy, void_odds)
    if value is None:
        return {c: points_value(s)[view.seat] for c, s in states.items()}
    return {c: _value_of(value, s) for c, s in states.items()}


def _value_of(value: Callable[[list[int]], Any], state: HandState) -> Any:
    """``value`` of a finished hand (a :class:`ValueAndPoints` also gives the seat's points-valued points)."""
    return value.of_hand(state) if isinstance(value, ValueAndPoints) else value(state.points())


def paired_hand_points(view: PlayerView, cards: Sequence[Card], rng: random.Random,
                       card_weights: Mapping[Card, Sequence[float]] | None = None, *,
                       seed_bits: int = 48,
                       policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                       void_odds: Mapping[int, Sequence[float]] | None = None) -> dict[Card, tuple[int, ...]]:
    """:func:`paired_playouts` keeping every seat's points for the hand (to judge a move at the game's score)."""
    states = paired_hand_states(view, cards, rng, card_weights, seed_bits=seed_bits, policy=policy,
                                void_odds=void_odds)
    return {c: tuple(s.points()) for c, s in states.items()}


def paired_hand_states(view: PlayerView, cards: Sequence[Card], rng: random.Random,
                       card_weights: Mapping[Card, Sequence[float]] | None = None, *,
                       seed_bits: int = 48,
                       policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                       void_odds: Mapping[int, Sequence[float]] | None = None) -> dict[Card, HandState]:
    """:func:`paired_playouts` keeping each finished hand (who took which point cards: to say why a card costs)."""
    return _paired_states(view, cards, rng, card_weights, seed_bits, policy, void_odds)


def _paired_states(view: PlayerView, cards: Sequence[Card], rng: random.Random,
                   card_weights: Mapping[Card, Sequence[float]] | None, seed_bits: int,
                   policy: Callable[[HandState, random.Random], Card],
                   void_odds: Mapping[int, Sequence[float]] | None) -> dict[Card, HandState]:
    """One deal sampled from ``view`` played out after each of ``cards`` with the same dice: the finished hands."""
    base = sample_deal(view, rng, card_weights, void_odds)
    seed = rng.getrandbits(seed_bits)
    states: dict[Card, HandState] = {}
    for c in cards:
        s = base.copy()
        s.play(c)
        states[c] = play_out(s, random.Random(seed), policy, view.scores)
    return states


def _budget(rollouts: int | None, seconds: float | None) -> tuple[int, float]:
    if rollouts is None and seconds is None:
        rollouts = 100
    limit = rollouts if rollouts is not None else 1 << 62
    deadline = time.perf_counter() + seconds if seconds is not None else math.inf
    return limit, deadline


def evaluate_plays(view: PlayerView, *, rollouts: int | None = None, seconds: float | None = None,
                   rng: random.Random | int | None = None,
                   card_weights: Mapping[Card, Sequence[float]] | None = None,
                   void_odds: Mapping[int, Sequence[float]] | None = None,
                   policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                   early_stop: bool = False, helper: SearchHelper | None = None,
                   value: Callable[[list[int]], float] | None = None) -> dict[Card, Estimate]:
    """Expected points of every legal card of the seat to move, by rollouts on sampled deals (or the mean
    ``value`` of every seat's end-of-hand points, lower is better: playing to the score, issue 31).

    Each sampled deal is played out once after every candidate card (common random numbers). Stops after
    ``rollouts`` deals or ``seconds`` (whichever comes first; 100 deals if neither is given), or with
    ``early_stop`` as soon as one card is clearly best or the rest make no real difference
    (:func:`clearly_decided`). Deterministic for a given ``rng`` seed and ``rollouts`` (without
    ``early_stop``). ``card_weights`` and ``void_odds`` shape the sampled deals (:func:`sample_deal`);
    ``policy`` plays them out. With a time budget, a ``helper`` (:mod:`.helper`) plays out more deals on
    the other core at the same time.
    """
    if not view.my_turn:
        raise ValueError("it is not this seat's turn to play")
    rng = _rng(rng)
    legal = view.legal_plays()
    values: dict[Card, list[float]] = {c: [] for c in legal}
    own: dict[Card, list[float]] = {c: [] for c in legal}
    limit, deadline = _budget(rollouts, seconds)
    options: dict[str, Any] = {"card_weights": card_weights, "policy": policy, "void_odds": void_odds,
                               "value": None if value is None else ValueAndPoints(value, view.seat)}
    helper = _start_helper(helper, rollouts, deadline, rng, paired_playouts, (view, legal), options)
    done = 0
    next_check = 24
    while done < limit:
        _add_rows(values, [paired_playouts(view, legal, rng, **options)], own)
        done += 1
        if time.perf_counter() >= deadline:
            break
        if early_stop and done >= next_check:
            next_check = done + 16
            if helper is not None:
                _add_rows(values, helper.collect(), own)
            if clearly_decided(values):
                break
    if helper is not None:
        _add_rows(values, helper.finish(), own)
    return {c: _estimate(v, own[c]) for c, v in values.items()}


def _estimate(values: list[float], own: list[float] | None = None) -> Estimate:
    n = len(values)
    if not n:
        return Estimate(0.0, math.inf, 0)
    mean = sum(values) / n
    points = sum(own) / len(own) if own else None
    if n < 2:
        return Estimate(mean, math.inf, n, points, tuple(values))
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return Estimate(mean, math.sqrt(var / n), n, points, tuple(values))


def clearly_decided(values: Mapping[Card, Sequence[float]], z: float = 2.5, negligible: float = 0.15) -> bool:
    """Whether paired rollout values already settle the choice: the best card beats each other card by more
    than ``z`` standard errors of the paired difference, or the difference is surely under ``negligible``."""
    cards = list(values)
    n = len(values[cards[0]])
    if n < 2:
        return False
    means = {c: sum(v) / n for c, v in values.items()}
    best = min(cards, key=lambda c: means[c])
    vb = values[best]
    for c in cards:
        if c == best:
            continue
        diffs = [a - b for a, b in zip(values[c], vb, strict=True)]
        m = sum(diffs) / n
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        se = math.sqrt(var / n)
        if m - z * se > 0:
            continue  # clearly worse
        if m + z * se < negligible:
            continue  # no real difference
        return False
    return True


def paired_pass_playouts(view: PlayerView, candidates: Sequence[tuple[Card, ...]], rng: random.Random,
                         policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                         value: Callable[[list[int]], Any] | None = None) -> dict[tuple[Card, ...], Any]:
    """On one deal sampled from ``view`` (passing phase): the seat's points after each candidate pass (counted as
    :func:`paired_playouts` counts them).

    The other seats pass with :func:`heuristic_pass`; everybody then plays with ``policy``, with the same
    dice for every candidate. ``value`` scores every seat's points instead, as in :func:`paired_playouts`.
    """
    seat = view.seat
    rules = view.rules
    base = sample_deal(view, rng)
    others = {s: heuristic_pass(base.hands[s], rules, base.doubles[s]) for s in range(base.n)
              if s != seat and base.passes[s] is None}
    seed = rng.getrandbits(48)
    points: dict[tuple[Card, ...], Any] = {}
    for cand in candidates:
        s = base.copy()
        s.passes = [None] * s.n
        for other, cards in others.items():
            s.pass_cards(other, cards)
        s.pass_cards(seat, cand)
        play_out(s, random.Random(seed), policy, view.scores)
        points[cand] = points_value(s)[seat] if value is None else _value_of(value, s)
    return points


def evaluate_passes(view: PlayerView, candidates: Sequence[tuple[Card, ...]], *, rollouts: int | None = None,
                    seconds: float | None = None,
                    rng: random.Random | int | None = None,
                    policy: Callable[[HandState, random.Random], Card] = rollout_policy,
                    helper: SearchHelper | None = None,
                    value: Callable[[list[int]], float] | None = None) -> dict[tuple[Card, ...], Estimate]:
    """Expected points for this hand of each candidate pass, by rollouts on sampled deals.

    The other seats pass with :func:`heuristic_pass` and everybody then plays with ``policy``
    (:func:`paired_pass_playouts`). Every candidate is tried on the same deals. Same budget rules as
    :func:`evaluate_plays`, and the same use of a ``helper`` and ``value``.
    """
    if view.phase is not Phase.PASS:
        raise ValueError("this is not the passing phase")
    rng = _rng(rng)
    cands = [tuple(sorted(c)) for c in candidates]
    values: dict[tuple[Card, ...], list[float]] = {c: [] for c in cands}
    own: dict[tuple[Card, ...], list[float]] = {c: [] for c in cands}
    limit, deadline = _budget(rollouts, seconds)
    options: dict[str, Any] = {"policy": policy, "value": None if value is None else ValueAndPoints(value, view.seat)}
    helper = _start_helper(helper, rollouts, deadline, rng, paired_pass_playouts, (view, cands), options)
    done = 0
    while done < limit:
        _add_rows(values, [paired_pass_playouts(view, cands, rng, **options)], own)
        done += 1
        if time.perf_counter() >= deadline:
            break
    if helper is not None:
        _add_rows(values, helper.finish(), own)
    return {c: _estimate(values[c], own[c]) for c in cands}


def _start_helper(helper: SearchHelper | None, rollouts: int | None, deadline: float, rng: random.Random,
                  job: Callable[..., Mapping[Any, int]], args: tuple[Any, ...], kwargs: Mapping[str, Any]
                  ) -> SearchHelper | None:
    """The helper, if it has taken on ``job`` for this timed search (it draws its seed from ``rng`` only then,
    so a search with a fixed rollout count sees the same dice as without a helper)."""
    if helper is None or rollouts is not None or not math.isfinite(deadline):
        return None
    return helper if helper.start(job, args, kwargs, rng.getrandbits(48), deadline) else None


K = TypeVar("K")  # a candidate: a card or a pass


def _add_rows(values: Mapping[K, list[float]], rows: Sequence[Mapping[K, Any]],
              own: Mapping[K, list[float]] | None = None) -> None:
    """Append each deal's points (one row per deal, a value per candidate) to the candidates' lists; a
    :class:`ValueAndPoints` pair puts its value in ``values`` and the seat's points in ``own``."""
    for row in rows:
        for key, points in row.items():
            if isinstance(points, tuple):
                values[key].append(points[0])
                if own is not None:
                    own[key].append(points[1])
            else:
                values[key].append(points)


__all__ = ["Estimate", "ValueAndPoints", "clearly_decided", "evaluate_passes", "evaluate_plays", "heuristic_pass",
           "paired_hand_points", "paired_hand_states", "paired_pass_playouts", "paired_playouts",
           "plain_rollout_policy", "play_out", "quick_rollout_policy", "rollout_policy", "trick_winner_card"]
