"""Deals of the unseen cards that agree with what one seat knows (the bots' and the coach's Monte-Carlo).

>>> from hearts_tutor.engine.hand import HandState
>>> from hearts_tutor.engine.rules import Rules
>>> state = HandState.deal_random(Rules.preset("standard"), seed=1)
>>> sampled = sample_deal(state.view(0), random.Random(2))
>>> sampled.hand_of(0) == state.hand_of(0), sum(len(sampled.hand_of(s)) for s in range(4))
(True, 52)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .cards import ALL_CARDS, SUIT_MASKS, Card, CardSet
from .hand import HandState
from .moves import Phase
from .view import PlayerView


def sample_deal(view: PlayerView, rng: random.Random | None = None,
                card_weights: Mapping[Card, Sequence[float]] | None = None,
                void_odds: Mapping[int, Sequence[float]] | None = None) -> HandState:
    """A full state that agrees with everything ``view``'s seat knows, the unseen cards dealt at random.

    ``card_weights`` (card -> weight per seat) biases where a card goes, e.g. by a bot's inference of
    who holds the queen; ``void_odds`` (seat -> chance per suit) makes a seat void in a suit that often,
    e.g. because players empty short suits when they pass. Known facts (voids, the seat's own pass) are
    always respected; a void that no deal allows is dropped.
    """
    rng = rng or random.Random()
    n = view.n
    need = list(view.hand_sizes)
    need[view.seat] = 0
    hands: list[list[Card]] = [[] for _ in range(n + 1)]  # seat n is the face-down kitty
    kitty_open = view.kitty is None and view.kitty_size > 0
    capacity = [*need, view.kitty_size if kitty_open else 0]
    pool = view.unseen()
    # Cards whose holder is known are kept out of the dealing, so that no repair moves them away.
    known = [(view.pass_target(), c) for c in view.passed_still_held()]
    if (view.phase is Phase.PLAY and not view.tricks and not view.trick
            and view.rules.first_lead in ("lowest_club", "any_club")):
        clubs = view.rules.deck_mask & SUIT_MASKS[0]
        known.append((view.to_move, (clubs & -clubs).bit_length() - 1))  # the seat to lead holds the opener
    placed: list[tuple[int, Card]] = []
    for holder, c in known:
        if holder != view.seat and capacity[holder] > 0 and c in pool:
            pool.remove(c)
            placed.append((holder, c))
            capacity[holder] -= 1
    forbidden = [0] * (n + 1) if view.phase is Phase.PASS else [*view.excluded, 0]
    forbidden[view.seat] = ALL_CARDS
    if not (void_odds and _deal_with_voids(void_odds, placed, pool, hands, capacity, forbidden, rng,
                                           card_weights)):
        _deal_constrained(pool, hands, capacity, forbidden, rng, card_weights)
    for holder, c in placed:
        hands[holder].append(c)
    hands[view.seat] = list(view.hand)
    return HandState.at_view(view, hands[:n], hands[n] if kitty_open else list(view.kitty or ()))


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


__all__ = ["sample_deal"]
