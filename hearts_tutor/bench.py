"""Engine speed: random legal playouts of whole standard hands (deal, pass, play)."""

from __future__ import annotations

import random
import time

from .hand import HandState, Phase
from .rules import Rules


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty card set."""
    k = int(rng.random() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_hand(rules: Rules, rng: random.Random, hand_number: int = 0) -> HandState:
    """Deal, pass at random and play random legal cards to the end of the hand."""
    h = HandState.deal_random(rules, rng, hand_number=hand_number)
    if h.phase is Phase.PASS:
        for seat in range(h.n):
            h.pass_cards(seat, rng.sample(h.hand_of(seat), rules.pass_count))
    play, legal_mask = h.play, h.legal_mask
    while h.phase is Phase.PLAY:
        play(random_card(legal_mask(), rng))
    return h


def engine_hands_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            random_hand(rules, rng, done)
            done += 1
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)
