"""Coach benchmarks: hint quality against hard bots, grading stability, and grading/hint speed.

    .venv/bin/python benchmarks/bench_coach.py quality --deals 75 --jobs 2   # 300 hands (duplicate deals)
    .venv/bin/python benchmarks/bench_coach.py stability --positions 200
    .venv/bin/python benchmarks/bench_coach.py speed --positions 60
    .venv/bin/python benchmarks/bench_coach.py reasons --positions 200

``quality``: one seat always plays the coach's hint (passes included) against three hard bots. Every deal
is played four times with the coach in each seat (duplicate), so luck of the cards cancels; the mean is
points per hand for the coach's seat, the 95% CI is over deals. Hard bots in the same deals are shown for
comparison.
``stability``: the same recorded positions (cards played by medium/hard bots in recorded hands, every
preset) graded twice with different seeds; the share graded into the same band.
``speed``: p50/p95/max seconds of grading one move and of one hint, on positions from recorded hands.
``reasons``: milliseconds the coach's reason takes with and without the card it is compared with (the fact that
separates them is found from the position, no rollouts).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hearts_tutor.batch.tournament import deal_for, play_hand
from hearts_tutor.bots import make_bot
from hearts_tutor.bots.base import Decision
from hearts_tutor.coach import grade_pass, grade_play, hint
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.rules import Rules

Z95 = 1.959964


class CoachPlayer:
    """A seat that always plays the coach's hint."""

    def __init__(self, seed: int, hard_seed: int, workers: int | None = None) -> None:
        self.seed = seed
        self.workers = workers
        self.hard = make_bot("hard", seed=hard_seed)
        self.moves = 0

    def decide(self, view):  # type: ignore[no-untyped-def]
        if view.phase is Phase.MOON:
            return self.hard.decide(view)
        self.moves += 1
        h = hint(view, seed=self.seed * 1000 + self.moves, workers=self.workers)
        return Decision("pass" if view.phase is Phase.PASS else "play", view.seat, h.cards, level="coach")


def _quality_deal(task: tuple[str, int, int, int | None]) -> dict:
    preset, seed, deal, workers = task
    rules = Rules.preset(preset)
    n = rules.players
    coach_points, hard_points = [], []
    baseline = play_hand(deal_for(rules, seed, deal), [make_bot("hard", seed=deal * 100 + s) for s in range(n)])
    for seat in range(n):
        players = [CoachPlayer(seed * 7919 + deal * 31 + seat, hard_seed=deal * 100 + s, workers=workers) if s == seat
                   else make_bot("hard", seed=deal * 100 + s) for s in range(n)]
        points = play_hand(deal_for(rules, seed, deal), players)
        coach_points.append(points[seat])
        hard_points += [p for s, p in enumerate(points) if s != seat]
    return {"deal": deal, "coach": sum(coach_points) / n, "hard": sum(hard_points) / len(hard_points),
            "baseline": sum(baseline) / n, "coach_points": coach_points, "baseline_points": baseline}


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, Z95 * math.sqrt(var / len(xs))


def cmd_quality(args: argparse.Namespace) -> None:
    workers = 1 if args.jobs > 1 else None  # with --jobs 1 each hint thinks on both cores
    tasks = [(args.rules, args.seed, d, workers) for d in range(args.first_deal, args.first_deal + args.deals)]
    rows = []
    start = time.perf_counter()
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    with ProcessPoolExecutor(args.jobs) as pool:
        for row in pool.map(_quality_deal, tasks):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            m, ci = _mean_ci([r["coach"] for r in rows])
            d, dci = _mean_ci([r["coach"] - r["baseline"] for r in rows])
            print(f"deal {len(rows)}/{args.deals}: coach {m:.2f} ± {ci:.2f} points/hand, "
                  f"coach - hard in the same seat {d:+.2f} ± {dci:.2f} ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)
    m, ci = _mean_ci([r["coach"] for r in rows])
    hm, hci = _mean_ci([r["hard"] for r in rows])
    bm, bci = _mean_ci([r["baseline"] for r in rows])
    d, dci = _mean_ci([r["coach"] - r["baseline"] for r in rows])
    print(json.dumps({"benchmark": "hint_quality", "rules": args.rules, "deals": len(rows),
                      "hands": len(rows) * Rules.preset(args.rules).players, "coach_mean": round(m, 3),
                      "coach_ci95": round(ci, 3), "hard_mean_same_tables": round(hm, 3), "hard_ci95": round(hci, 3),
                      "all_hard_table_mean": round(bm, 3), "all_hard_ci95": round(bci, 3),
                      "coach_minus_hard_same_seat": round(d, 3), "paired_ci95": round(dci, 3),
                      "target": 5.0, "seconds": round(time.perf_counter() - start, 1)}))


# ----- recorded positions -----

PRESETS = ("standard", "animal_table", "deluxe", "omnibus", "duell", "cancellation", "n_player")


def recorded_positions(count: int, seed: int = 0, presets: tuple[str, ...] = PRESETS) -> list[tuple[HandState, int]]:
    """``count`` play positions from hands played by medium and hard bots over every preset: (state before
    the play, the card the bot played). Positions with a single legal card are skipped."""
    rng = random.Random(seed)
    out: list[tuple[HandState, int]] = []
    hand_no = 0
    while len(out) < count:
        preset = presets[hand_no % len(presets)]
        rules = Rules.preset(preset)
        state = HandState.deal_random(rules, random.Random(f"pos:{seed}:{hand_no}"), hand_number=hand_no)
        bots = [make_bot("medium" if s % 2 else "hard", seed=hand_no * 10 + s) for s in range(rules.players)]
        if state.phase is Phase.PASS:
            for s in range(state.n):
                state.pass_cards(s, bots[s].decide(state.view(s)).cards)
        picks = set(rng.sample(range(rules.tricks_per_hand * rules.players), 3))
        k = 0
        while state.phase is Phase.PLAY and len(out) < count:
            seat = state.to_move
            view = state.view(seat)
            c = bots[seat].decide(view).card
            if k in picks and len(view.legal_plays()) > 1:
                out.append((state.copy(), c))
            state.play(c)
            k += 1
        hand_no += 1
    return out


def cmd_stability(args: argparse.Namespace) -> None:
    positions = recorded_positions(args.positions, args.seed)
    same = 0
    rollouts = []
    flips = []
    start = time.perf_counter()
    for i, (state, c) in enumerate(positions):
        view = state.view(state.to_move)
        a = grade_play(view, c, seed=1, rollouts=args.rollouts)
        b = grade_play(view, c, seed=2, rollouts=args.rollouts)
        rollouts += [a.rollouts, b.rollouts]
        if a.band == b.band:
            same += 1
        else:
            flips.append((a.band, a.cost, b.band, b.cost))
        if (i + 1) % 20 == 0:
            print(f"{i + 1}: {same / (i + 1):.1%} same band", file=sys.stderr, flush=True)
    rollouts.sort()
    print(json.dumps({"benchmark": "grading_stability", "positions": len(positions),
                      "same_band": round(same / len(positions), 4),
                      "rollouts": args.rollouts or {"min": rollouts[0], "median": rollouts[len(rollouts) // 2],
                                                    "max": rollouts[-1]},
                      "flips": flips[:20], "seconds": round(time.perf_counter() - start, 1)}))


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)]


def score_line_for(rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """A match's scores before a hand, for ``speed --scores``: half of them late in the game (someone within 26
    of the target, so the score can matter this hand), half anywhere below it."""
    top = rules.target - 1
    scores = [rng.randrange(0, top - 25) for _ in range(rules.players)]
    if rng.random() < 0.5:
        scores[rng.randrange(rules.players)] = rng.randrange(top - 25, top)
    return tuple(scores)


def cmd_speed(args: argparse.Namespace) -> None:
    presets = (args.preset,) if args.preset else PRESETS
    positions = recorded_positions(args.positions, args.seed + 1, presets)
    grade_t, hint_t, pass_grade_t, pass_hint_t = [], [], [], []
    lines = random.Random(args.seed)
    for state, c in positions:
        view = state.view(state.to_move)
        if args.scores:  # a match in progress: the coach judges at the score where a game-win table fits
            view = dataclasses.replace(view, scores=score_line_for(view.rules, lines))
        t = time.perf_counter()
        grade_play(view, c, seed=3)
        grade_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        hint(view, seed=3)
        hint_t.append(time.perf_counter() - t)
    for i in range(args.passes):
        rules = Rules.preset(presets[i % len(presets)])
        state = HandState.deal_random(rules, random.Random(f"passpos:{i}"), hand_number=0)
        view = state.view(0)
        if args.scores:
            view = dataclasses.replace(view, scores=score_line_for(rules, lines))
        t = time.perf_counter()
        h = hint(view, seed=i)
        pass_hint_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        grade_pass(view, make_bot("medium", seed=i).decide(view).cards, seed=i)
        pass_grade_t.append(time.perf_counter() - t)
        assert len(h.cards) == rules.pass_count

    def stats(xs: list[float]) -> dict[str, float]:
        return {"n": len(xs), "p50": round(_pct(xs, 0.5), 3), "p95": round(_pct(xs, 0.95), 3),
                "max": round(max(xs), 3)}

    print(json.dumps({"benchmark": "coach_speed", "grade_play": stats(grade_t), "hint_play": stats(hint_t),
                      "grade_pass": stats(pass_grade_t), "hint_pass": stats(pass_hint_t),
                      "targets": {"grade_p95": 1.5, "hint_p95": 1.0}}))


def cmd_reasons(args: argparse.Namespace) -> None:
    """What naming the separating fact adds to a grade or a hint: the reason with and without a compared card."""
    from hearts_tutor.coach.hints import explain_play

    views = [state.view(state.to_move) for state, _ in recorded_positions(args.positions, args.seed + 1)]
    views = [v for v in views if len(v.legal_plays()) > 1]
    plain, compared = [], []
    for v in views:
        legal = v.legal_plays()
        t = time.perf_counter()
        explain_play(v, legal[0])
        plain.append(time.perf_counter() - t)
        t = time.perf_counter()
        explain_play(v, legal[0], tempting=legal[-1])
        compared.append(time.perf_counter() - t)
    print(json.dumps({"benchmark": "coach_reasons", "positions": len(views),
                      "ms_p95_without_compared_card": round(1000 * _pct(plain, 0.95), 3),
                      "ms_p95_with_compared_card": round(1000 * _pct(compared, 0.95), 3)}))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    q = sub.add_parser("quality")
    q.add_argument("--deals", type=int, default=75)
    q.add_argument("--rules", default="standard")
    q.add_argument("--seed", type=int, default=0)
    q.add_argument("--jobs", type=int, default=1)
    q.add_argument("--out", default="")
    q.add_argument("--first-deal", type=int, default=0)
    q.set_defaults(func=cmd_quality)
    s = sub.add_parser("stability")
    s.add_argument("--positions", type=int, default=200)
    s.add_argument("--rollouts", type=int, default=None, help="fixed deals per grade (default: adaptive)")
    s.add_argument("--seed", type=int, default=0)
    s.set_defaults(func=cmd_stability)
    sp = sub.add_parser("speed")
    sp.add_argument("--positions", type=int, default=60)
    sp.add_argument("--passes", type=int, default=14)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--scores", action="store_true", help="give every position a match's score line (issue 31)")
    sp.add_argument("--preset", default="", help="positions of these rules only (default: every preset)")
    sp.set_defaults(func=cmd_speed)
    r = sub.add_parser("reasons")
    r.add_argument("--positions", type=int, default=200)
    r.add_argument("--seed", type=int, default=0)
    r.set_defaults(func=cmd_reasons)
    args = p.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
