"""Speed: random legal playouts of whole standard hands (deal, pass, play), and how long each bot level and the
coach take over one decision (the same code runs in the browser: ``benchmarks/bench_site.py``)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from ..engine.hand import HandState, Phase
from ..engine.rules import Rules


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


def positions(count: int, seed: int = 0) -> list[HandState]:
    """``count`` standard hands after a random pass, stopped with one to five tricks played (varied positions)."""
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    found = []
    for i in range(count):
        h = HandState.deal_random(rules, rng, hand_number=4 * i + 3)  # a hold hand: play starts at once
        for _ in range(rng.randrange(4, 21)):
            h.play(random_card(h.legal_mask(), rng))
        found.append(h)
    return found


def decision_times(count: int = 6, seed: int = 0) -> dict[str, dict[str, float]]:
    """Seconds per decision (median and max over ``count`` positions) of each bot level (a play, after a first
    unmeasured one that sets the bot up) and of the coach's hint and grade, each with its default budget."""
    from ..bots import LEVELS, make_bot
    from ..coach import grade_play, hint

    hands = positions(count + 1, seed)
    views = [h.view(h.to_move) for h in hands]
    deciders: dict[str, Callable[..., object]] = {}
    for level in LEVELS:
        deciders[level] = make_bot(level, seed=seed).decide
    deciders["hint"] = hint
    deciders["grade"] = lambda view: grade_play(view, view.legal_plays()[0])
    times: dict[str, dict[str, float]] = {}
    for name, decide in deciders.items():
        decide(views[0])  # warm-up: imports, the expert's helper
        took = []
        for view in views[1:]:
            start = time.perf_counter()
            decide(view)
            took.append(time.perf_counter() - start)
        times[name] = {"median": round(statistics.median(took), 3), "max": round(max(took), 3)}
    return times
