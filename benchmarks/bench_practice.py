"""Practice benchmarks: the puzzle bank's validity, and the speed of practice.

    .venv/bin/python benchmarks/bench_practice.py validity --puzzles 300 --jobs 2
    .venv/bin/python benchmarks/bench_practice.py speed --runs 30

``validity``: on puzzles held out from tuning (a seeded sample of the shipped bank; the bot levels' strengths
that give the starting ratings were fixed before any puzzle was mined, and nothing was tuned on the bank), each
bot level answers every puzzle with new dice: its solve rate with a 95% Wilson interval, and its performance
rating against the puzzles' starting ratings (Glicko-2, from the ``glicko2`` package). A valid bank orders the
solve rates easy < medium < hard < expert, and the ratings the same way.
``speed``: p50/p95 of opening practice to the first puzzle (a fresh bank load each time) and of an answer to
its feedback (judged from the stored grading), on a throw-away learner database.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import itertools

from hearts_tutor.bots import LEVELS, make_bot
from hearts_tutor.practice import session as practice_session
from hearts_tutor.practice.bank import Puzzle, load_bank, move_key, parse_move

Z95 = 1.959964


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / d
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d
    return (centre - half, centre + half)


def solve(task: tuple[Puzzle, int]) -> dict[str, bool]:
    """Each level's answer to one puzzle (new seeds; the expert with a fixed 200 deals a move)."""
    puzzle, seed = task
    view = puzzle.view()
    out = {}
    for i, level in enumerate(LEVELS):
        options = {"rollouts": 200, "workers": 1} if level == "expert" else {}
        d = make_bot(level, seed=seed * 11 + i, **options).decide(view)
        move = d.cards[0] if d.kind == "play" else tuple(d.cards)
        out[level] = move_key(move) in puzzle.answers
    return out


def performance_rating(results: list[tuple[float, bool]]) -> tuple[float, float]:
    """A player's Glicko-2 rating after playing every puzzle (rating, solved) as one rating period."""
    import glicko2

    player = glicko2.Player()
    player.update_player([r for r, _ in results], [80.0] * len(results), [1.0 if ok else 0.0 for _, ok in results])
    return player.getRating(), player.getRd()


def validity(args: argparse.Namespace) -> dict[str, object]:
    bank = load_bank()
    rng = random.Random(args.seed)
    sample = rng.sample(bank.puzzles, min(args.puzzles, len(bank.puzzles)))
    tasks = [(p, 1000 + i) for i, p in enumerate(sample)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            answers = list(pool.map(solve, tasks, chunksize=4))
    else:
        answers = [solve(t) for t in tasks]
    rows = {}
    for level in LEVELS:
        k = sum(a[level] for a in answers)
        lo, hi = wilson(k, len(answers))
        rating, rd = performance_rating([(p.rating, a[level]) for p, a in zip(sample, answers, strict=True)])
        rows[level] = {"solved": k, "rate": round(k / len(answers), 3), "ci95": [round(lo, 3), round(hi, 3)],
                       "rating": round(rating), "rd": round(rd)}
    rates = [rows[lv]["rate"] for lv in LEVELS]
    ratings = [rows[lv]["rating"] for lv in LEVELS]
    return {"puzzles": len(sample), "bank": len(bank), "by_level": rows,
            "rates_ordered": all(a < b for a, b in itertools.pairwise(rates)),
            "ratings_ordered": all(a < b for a, b in itertools.pairwise(ratings)),
            "seconds": round(time.perf_counter() - start, 1)}


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)]


def speed(args: argparse.Namespace) -> dict[str, object]:
    from hearts_tutor.practice.learner import LearnerDB
    from hearts_tutor.practice.widget import PracticePanel

    opening, answering = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            practice_session._BANK = None  # a fresh bank load, as in a new kernel
            db = LearnerDB(Path(tmp) / f"learner-{run}.sqlite3")
            t = time.perf_counter()
            panel = PracticePanel(practice_session.Practice(learner=db, seed=run))
            opening.append(time.perf_counter() - t)
            for _ in range(3):
                item = panel.session.item
                if item is None:
                    break
                p = item.puzzle
                t = time.perf_counter()
                if p.kind == "play":
                    panel.click(item.view.legal_plays()[0])
                else:
                    for c in parse_move(next(iter(p.expected))):  # a graded pass
                        panel.click(c)
                    panel.submit_pass()
                answering.append(time.perf_counter() - t)
                panel.next_puzzle()
            db.close()
    return {"runs": args.runs,
            "open_to_first_puzzle_s": {"p50": round(percentile(opening, 0.5), 3),
                                       "p95": round(percentile(opening, 0.95), 3)},
            "answer_to_feedback_s": {"p50": round(percentile(answering, 0.5), 4),
                                     "p95": round(percentile(answering, 0.95), 4), "n": len(answering)}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    v = sub.add_parser("validity")
    v.add_argument("--puzzles", type=int, default=300)
    v.add_argument("--seed", type=int, default=2026)
    v.add_argument("--jobs", type=int, default=2)
    s = sub.add_parser("speed")
    s.add_argument("--runs", type=int, default=30)
    args = p.parse_args()
    result = validity(args) if args.what == "validity" else speed(args)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
