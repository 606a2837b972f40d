"""``hearts-tutor bench equity`` and ``benchmarks/bench_equity.py``: self-play, build, calibrate and time the
game-win model. Each step resumes or reuses what earlier runs left in the data directory.

Calibration: for every held-out game and every score line in it (before each hand, the first 0-0-0-0
included), every seat's predicted chance is set against its share of the game's win; the lines are grouped
by predicted chance in tenths (0-10%, ..., 90-100%), each tenth with its mean prediction, the observed win
rate and a 95% interval from resampling whole games. The Brier score is compared with a guess of 1 in 4.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from ..engine.rules import Rules
from .model import GameOdds, load_table
from .selfplay import extend, game_line, hand_line, read_games, read_hands

DATA = Path("benchmarks/equity_data")
"""Where the self-play records live (relative to the working directory, a checkout's top)."""
PACKAGE = Path(__file__).parent
MOONS = ("add_to_others", "subtract_from_self", "shooter_chooses")


def step_hands(data: Path, count: int) -> str:
    added = extend(data / "hands.txt", count, hand_line)
    return f"self-play hands: {count} in {data / 'hands.txt'} ({added} new)"


def step_games(data: Path, count: int) -> str:
    added = extend(data / "games.jsonl", count, game_line)
    return f"held-out games: {count} in {data / 'games.jsonl'} ({added} new)"


def step_build(data: Path, games: int) -> str:
    """Build the three tables (one per moon mode) from the recorded hands into the package."""
    from .build import build_table

    hands = read_hands(data / "hands.txt")
    out = []
    for moon in MOONS:
        start = time.perf_counter()
        table = build_table(hands, moon, games=games)
        path = PACKAGE / f"table-{table['key']}.json"
        path.write_text(json.dumps(table, separators=(",", ":")) + "\n")
        out.append(f"{path.name}: {path.stat().st_size:,} bytes, {time.perf_counter() - start:.0f} s")
    load_table.cache_clear()
    return "tables from " + f"{len(hands)} hands ({table['meta']['moons']} moons):\n  " + "\n  ".join(out)


def calibration(games: list[dict[str, Any]], rules: Rules, *, resamples: int = 400, seed: int = 0
                ) -> dict[str, Any]:
    """Predicted against observed win rates by tenth of the prediction, and Brier scores (see module doc)."""
    odds = GameOdds.for_rules(rules)
    per_game: list[list[tuple[float, float]]] = []
    for g in games:
        scores = list(rules.starting_scores())
        lines = [list(scores)]
        for pts in g["hands"]:
            scores = [s + p for s, p in zip(scores, pts, strict=True)]
            lines.append(list(scores))
        final = lines.pop()
        shares = [1.0 / final.count(min(final)) if v == min(final) else 0.0 for v in final]
        per_game.append([(odds.win_chance(line, seat), shares[seat]) for line in lines for seat in range(4)])
    pairs = [p for g in per_game for p in g]
    rng = random.Random(seed)
    boot: list[list[float]] = [[] for _ in range(10)]
    for _ in range(resamples):
        sample = [p for _ in per_game for p in per_game[rng.randrange(len(per_game))]]
        for b, (_m, obs, n) in enumerate(_bins(sample)):
            if n:
                boot[b].append(obs)
    rows = []
    for b, (pred, obs, n) in enumerate(_bins(pairs)):
        lo, hi = (_quantile(boot[b], 0.025), _quantile(boot[b], 0.975)) if boot[b] else (float("nan"),) * 2
        rows.append({"bin": f"{10 * b}-{10 * b + 10}%", "n": n, "predicted": round(pred, 3),
                     "observed": round(obs, 3), "ci95": [round(lo, 3), round(hi, 3)]})
    brier = statistics.fmean((p - o) ** 2 for p, o in pairs)
    base = statistics.fmean((0.25 - o) ** 2 for _, o in pairs)
    return {"games": len(games), "lines": len(pairs) // 4, "predictions": len(pairs), "bins": rows,
            "brier": round(brier, 4), "brier_one_in_four": round(base, 4), "skill": round(1 - brier / base, 3)}


def _bins(pairs: list[tuple[float, float]]) -> list[tuple[float, float, int]]:
    sums = [[0.0, 0.0, 0] for _ in range(10)]
    for p, o in pairs:
        b = sums[min(int(p * 10), 9)]
        b[0] += p
        b[1] += o
        b[2] += 1
    return [(s / n, o / n, int(n)) if n else (float("nan"), float("nan"), 0) for s, o, n in sums]


def _quantile(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def step_calibrate(data: Path, as_json: bool) -> str:
    result = calibration(read_games(data / "games.jsonl"), Rules.preset("standard"))
    if as_json:
        return json.dumps(result)
    lines = [f"{result['games']} held-out games, {result['lines']} score lines, {result['predictions']} predictions",
             f"{'predicted':<10}{'n':>6}{'mean pred':>11}{'observed':>10}   95% CI (games resampled)"]
    for r in result["bins"]:
        lines.append(f"{r['bin']:<10}{r['n']:>6}{r['predicted']:>11.3f}{r['observed']:>10.3f}   "
                     f"{r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}")
    lines.append(f"Brier {result['brier']} (a guess of 1 in 4: {result['brier_one_in_four']}; skill "
                 f"{result['skill']})")
    return "\n".join(lines)


def step_speed(calls: int = 20000) -> str:
    """Processor microseconds per call (not wall time: the machine is shared) of one table lookup, of a
    seat's chance at a new score line and at one seen before (cached)."""
    odds = GameOdds.for_rules(Rules.preset("standard"))
    rng = random.Random(5)
    lines = [[rng.randrange(0, 99) for _ in range(4)] for _ in range(calls)]
    start = time.process_time()
    for line in lines:
        odds.table.lookup(line[0], sorted(line[1:]))
    cold = (time.process_time() - start) / calls * 1e6
    start = time.process_time()
    for line in lines:
        odds.win_chance(line, 0)
    chances = (time.process_time() - start) / calls * 1e6
    start = time.process_time()
    for line in lines[:1000] * (calls // 1000):
        odds.win_chance(line, 0)
    cached = (time.process_time() - start) / calls * 1e6
    return (f"one table lookup {cold:.1f} us; win_chance of a new score line (all four seats, normalised) "
            f"{chances:.1f} us; of a score line seen before {cached:.1f} us")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_equity", description="build and test the game-win model")
    p.add_argument("step", nargs="?", default="all", choices=["hands", "games", "build", "calibrate", "speed", "all"])
    p.add_argument("--count", type=int, default=None, help="hands or games to have in the data (one step)")
    p.add_argument("--hands", type=int, default=1072, help="self-play hands for the model (all)")
    p.add_argument("--games", type=int, default=257, help="held-out games (all)")
    p.add_argument("--sims", type=int, default=1500, help="simulated games per grid point")
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    steps = {"hands": lambda: step_hands(args.data, args.count or args.hands),
             "games": lambda: step_games(args.data, args.count or args.games),
             "build": lambda: step_build(args.data, args.sims),
             "calibrate": lambda: step_calibrate(args.data, args.json),
             "speed": step_speed}
    for name in (steps if args.step == "all" else [args.step]):
        print(steps[name](), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
