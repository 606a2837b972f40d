"""Engine speed: random legal playouts of whole standard hands, ours against OpenSpiel driven from Python.

Both sides do the same work per hand: deal (a shuffle for us, 52 sampled chance outcomes for OpenSpiel after its
pass-direction outcome), a random pass of three cards per seat, then random legal cards to the end of the hand,
asking the engine for the legal moves before every play. Ours goes through the public API
(``HandState.deal_random``, ``pass_cards``, ``legal_mask``, ``play``; see ``hearts_tutor.bench.random_hand``).

    .venv/bin/python benchmarks/bench_engine.py [--seconds S] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from hearts_tutor.bench import engine_hands_per_second


def openspiel_hands_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """Random playouts of OpenSpiel's ``hearts`` (default flags: standard rules) from Python."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    choice = rng.choice

    def one_hand() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))

    return _rate(one_hand, seconds)


def _rate(one_hand: Callable[[], None], seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            one_hand()
        done += 50
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="time per engine (default 5)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    ours = engine_hands_per_second(args.seconds)
    try:
        theirs: float | None = openspiel_hands_per_second(args.seconds)
    except ImportError:
        theirs = None
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
