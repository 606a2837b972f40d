"""Engine speed: random legal playouts of whole standard hands, ours against OpenSpiel driven from Python.

Both sides do the same work per hand: deal (a shuffle for us, 52 sampled chance outcomes for OpenSpiel after its
pass-direction outcome), a random pass of three cards per seat, then random legal cards to the end of the hand,
asking the engine for the legal moves before every play. Ours goes through the public API
(``HandState.deal_random``, ``pass_cards``, ``legal_mask``, ``play``; see ``hearts_tutor.batch.bench.random_hand``).
The two are timed in alternating slices within one run, so a busy machine slows both alike.

    .venv/bin/python benchmarks/bench_engine.py [--seconds S] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import random
import sys
import time
from collections.abc import Callable

from hearts_tutor.batch.bench import random_hand
from hearts_tutor.engine.rules import Rules


def openspiel_one_hand(seed: int = 0) -> Callable[[], None]:
    """One random playout of OpenSpiel's ``hearts`` (default flags: standard rules) from Python, per call."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    choice = random.Random(seed).choice

    def one_hand() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))

    return one_hand


def our_one_hand(seed: int = 0) -> Callable[[], None]:
    """One random playout of a standard hand with hearts_tutor's engine, per call."""
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    number = itertools.count()

    def one_hand() -> None:
        random_hand(rules, rng, next(number))

    return one_hand


def interleaved_rates(runners: dict[str, Callable[[], None]], seconds: float, rounds: int = 10) -> dict[str, float]:
    """Hands per second of each runner, measured in alternating slices so that a busy machine slows all alike."""
    hands = dict.fromkeys(runners, 0)
    spent = dict.fromkeys(runners, 0.0)
    for _ in range(rounds):
        for name, one_hand in runners.items():
            start = time.perf_counter()
            deadline = start + seconds / rounds
            while True:
                for _ in range(20):
                    one_hand()
                hands[name] += 20
                now = time.perf_counter()
                if now >= deadline:
                    break
            spent[name] += now - start
    return {name: hands[name] / spent[name] for name in runners}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="time per engine, in 10 alternating slices (default 5)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    runners = {"ours": our_one_hand()}
    with contextlib.suppress(ImportError):  # without OpenSpiel: our figure alone
        runners["openspiel"] = openspiel_one_hand()
    rates = interleaved_rates(runners, args.seconds)
    ours, theirs = rates["ours"], rates.get("openspiel")
    ratio = ours / theirs if theirs else None
    if args.json:
        print(json.dumps({"hearts_tutor_hands_per_s": round(ours, 1),
                          "openspiel_hands_per_s": round(theirs, 1) if theirs else None,
                          "ratio": round(ratio, 3) if ratio else None}))
        return 0
    print(f"hearts_tutor (pure Python): {ours:8,.0f} hands/s")
    if theirs is None:
        print("OpenSpiel: not installed (pip install open_spiel) - no comparison", file=sys.stderr)
        return 0
    print(f"OpenSpiel (C++ from Python): {theirs:8,.0f} hands/s")
    print(f"ratio ours/OpenSpiel:        {ratio:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
