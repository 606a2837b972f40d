"""Deals with moon material, to mine the moon themes far faster than random deals do.

In a random deal a hand strong enough to shoot comes about once in a few hundred hands, so a miner aimed at
``shoot-moon``, ``stop-moon`` and ``pass-moon`` throws away almost every deal. :func:`moon_deal` gives one seat
of the deal (one the hard bots play, since they try moons) a hand with moon material, drawn with high hearts
and side-suit aces, kings and queens more likely, until it is one the hard bots would shoot with
(:func:`~hearts_tutor.bots.moon.moon_hand`) or the coach sees moon potential in
(:func:`~hearts_tutor.coach.flags.moon_potential`); the other cards are dealt at random. The shooter's plays then
teach shooting, the other seats' plays stopping it, and the passes of such hands passing for (or against) a
moon. Only the standard deck (one deck, every seat dealt the same number of cards, no kitty) is supported.

>>> from hearts_tutor.engine.rules import Rules
>>> from hearts_tutor.bots.moon import moon_hand
>>> from hearts_tutor.coach.flags import moon_potential
>>> from hearts_tutor.engine.cards import cards_in
>>> state, seat = moon_deal(Rules.preset("standard"), 1, 0, ("hard", "medium", "easy", "hard"))
>>> hand = state.hands[seat]
>>> seat in (0, 3) and (moon_hand(hand, state.rules) or moon_potential(cards_in(hand)))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import HEARTS, Card, cards_in, mask_of, rank_of, suit_of
from ..engine.hand import HandState
from ..engine.rules import Rules

HIGH_HEART_WEIGHT = 7.0
"""How much likelier a heart from the ten up is drawn into the shooter's hand than a low side card."""
LOW_HEART_WEIGHT = 2.0
SIDE_TOP_WEIGHT = 4.0
"""Side-suit aces and kings (queens get half): the stoppers a shooter needs."""
TRIES = 200


def _weight(c: Card) -> float:
    rank = rank_of(c)  # 0 is the two, 12 the ace
    if suit_of(c) == HEARTS:
        return HIGH_HEART_WEIGHT if rank >= 8 else LOW_HEART_WEIGHT
    if rank >= 11:
        return SIDE_TOP_WEIGHT
    return SIDE_TOP_WEIGHT / 2 if rank == 10 else 1.0


def has_moon_material(hand: Sequence[Card], rules: Rules) -> bool:
    """A hand the hard bots would shoot with, or one the coach sees moon potential in."""
    from ..bots.moon import moon_hand
    from ..coach.flags import moon_potential

    return moon_hand(mask_of(hand), rules) or moon_potential(hand)


def _draw(deck: list[Card], size: int, rng: random.Random) -> list[Card]:
    """``size`` cards without replacement, each drawn with probability in proportion to its weight."""
    keyed = sorted(deck, key=lambda c: rng.random() ** (1.0 / _weight(c)), reverse=True)
    return keyed[:size]


def moon_deal(rules: Rules, seed: int, deal: int, levels: Sequence[str]) -> tuple[HandState, int]:
    """Deal number ``deal`` of ``seed``: one seat played by a hard bot (any seat when none is) holds moon
    material; the state (dealer and hand number as :func:`~hearts_tutor.batch.tournament.deal_for` gives them)
    and that seat."""
    if rules.decks != 1 or rules.kitty_size:
        raise ValueError(f"moon deals need one deck and no kitty, not the {rules.name} rules")
    rng = random.Random(f"moon-deal:{seed}:{deal}")
    n, size = rules.players, rules.hand_size
    hard = [s for s in range(n) if levels[s % len(levels)] == "hard"] or list(range(n))
    seat = rng.choice(hard)
    deck = list(cards_in(rules.deck_mask))
    hand = _draw(deck, size, rng)
    for _ in range(TRIES):
        if has_moon_material(hand, rules):
            break
        hand = _draw(deck, size, rng)
    else:
        raise RuntimeError(f"no moon hand drawn in {TRIES} tries (deal {deal} of seed {seed})")
    rest = [c for c in deck if c not in set(hand)]
    rng.shuffle(rest)
    hands = [rest[(s if s < seat else s - 1) * size:((s if s < seat else s - 1) + 1) * size] for s in range(n)]
    hands[seat] = sorted(hand)
    return HandState(rules, hands, dealer=deal % n, hand_number=deal), seat


__all__ = ["has_moon_material", "moon_deal"]
