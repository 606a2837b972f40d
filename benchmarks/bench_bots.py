"""Bot strength and decision time.

Strength: one bot against copies of another on duplicate deals (each deal replayed with the seats rotated,
so the bot plays it from every seat), mean points per hand with a 95% CI over deals (fair share 6.5).
Running results are printed after every deal, so a run cut short still reports what it measured.

    python benchmarks/bench_bots.py strength hard medium --hands 2000 --jobs 2
    python benchmarks/bench_bots.py strength expert hard --hands 400 --jobs 2
    python benchmarks/bench_bots.py timing --hands 40
    python benchmarks/bench_bots.py policy rollout_policy --deals 300 --jobs 2
    python benchmarks/bench_bots.py moon hard --deals 100 --jobs 2
    python benchmarks/bench_bots.py moonset-mine --deals 200 --jobs 2
    python benchmarks/bench_bots.py moonset
    python benchmarks/bench_bots.py field expert hard --hands 400 --rollouts 40 --sims 1000 \
        --log benchmarks/strength/after_expert_hard.log        # resumable: skips the hands in the log
    python benchmarks/bench_bots.py field-report benchmarks/strength   # before_X.log vs after_X.log

Moon set: positions from bot games (a seat always trying for the moon, three hard bots) where that seat is on
course for a moon (every point so far, ten or more or five hearts, three tricks played) and another seat is to
play, shipped as ``tests/moon_positions.jsonl``; ``moonset`` plays each out with the shooter still trying and
the other seats playing a rollout model, and counts how often the model stops the moon (before: the plain
model, after: the moon model).

Policy: a rollout policy of ``bots.search`` as a player (on one sampled deal of what it cannot see, passing
like a hard bot) against three bots, duplicate deals: how good a model of the table the search plays out.

Moon: a seat that always tries to shoot the moon (it passes its lowest cards and takes every trick it can
while it has every point, then plays as the hard level) against three bots, duplicate deals: how often the
field lets a moon through, the test of its moon stopping.

Field: the expert or the hint follower against three hard bots or three ISMCTS (``field``), duplicate deals;
``--log FILE`` appends ``DEAL d SEAT s POINTS p`` lines and skips the hands already there, so a run resumes
where it stopped; ``field-report`` pairs before/after logs: mean ± 95% CI over complete deals and the
after-minus-before difference paired by deal, its CI over deals.

Timing: percentiles of the wall time of every play and pass decision per level (forced moves included),
from games where that level plays all seats.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from hearts_tutor.batch.tournament import _bot_seed, _play_deal, deal_for, options_for_jobs, play_hand
from hearts_tutor.bots import LEVELS, make_bot, search
from hearts_tutor.bots.base import Decision, Reasoning
from hearts_tutor.bots.facts import Facts
from hearts_tutor.bots.heuristic import HardBot
from hearts_tutor.bots.moon import moon_points
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import Rules
from hearts_tutor.engine.sampling import sample_deal


def stats(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 1.959964 * sd / math.sqrt(len(xs))


def strength(bot: str, field: str, hands: int, jobs: int, rules_name: str, seed: int, seconds: float | None
             ) -> None:
    rules = Rules.preset(rules_name)
    n = rules.players
    deals = math.ceil(hands / n)
    levels = tuple([bot] + [field] * (n - 1))
    expert: dict[str, float] = {}
    if seconds is not None:
        expert["seconds"] = seconds
    options = options_for_jobs({"expert": expert}, jobs=jobs, deals=deals)  # --jobs 1: the expert uses both cores
    tasks = [(rules, seed, d, levels, True, options) for d in range(deals)]
    per_deal: list[float] = []
    start = time.perf_counter()
    print(f"# {bot} against {n - 1} x {field}, {rules_name} rules, duplicate deals, seed {seed}", flush=True)
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        for rotations in pool.map(_play_deal, tasks, chunksize=1 if bot == "expert" else 10):
            pts = [p for assignment, points in rotations for lv, p in zip(assignment, points, strict=True)
                   if lv == bot]
            per_deal.append(sum(pts) / len(pts))
            m, ci = stats(per_deal)
            print(f"deals {len(per_deal)} hands {len(per_deal) * n} {bot} mean {m:.3f} ci95 {ci:.3f} "
                  f"elapsed {time.perf_counter() - start:.0f}s", flush=True)
    m, ci = stats(per_deal)
    print(f"RESULT {bot} vs {n - 1}x {field}: {m:.3f} ± {ci:.3f} points/hand over {len(per_deal) * n} hands "
          f"({len(per_deal)} deals), {time.perf_counter() - start:.0f} s", flush=True)


class PolicyPlayer:
    """A seat that plays a rollout policy on one sampled deal of what it cannot see (passing like a hard bot)."""

    def __init__(self, policy: Any, seed: int) -> None:
        self.policy = policy
        self.rng = random.Random(seed)
        self.hard = make_bot("hard", seed=seed)

    def decide(self, view: Any) -> Decision:
        if view.phase is not Phase.PLAY:
            return self.hard.decide(view)
        card = self.policy(sample_deal(view, self.rng), self.rng)
        return Decision("play", view.seat, (card,), level="policy")


def _policy_deal(task: tuple[str, str, int]) -> float:
    name, field, deal = task
    rules = Rules.preset("standard")
    policy = getattr(search, name)
    points = []
    for seat in range(rules.players):
        players = [PolicyPlayer(policy, deal * 10 + s) if s == seat
                   else make_bot(field, seed=_bot_seed(0, deal, seat, s)) for s in range(rules.players)]
        points.append(play_hand(deal_for(rules, 0, deal), players)[seat])
    return sum(points) / len(points)


def policy_strength(name: str, field: str, deals: int, jobs: int) -> None:
    """A rollout policy as a player against three bots of ``field``, duplicate deals."""
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        per_deal = list(pool.map(_policy_deal, [(name, field, d) for d in range(deals)], chunksize=10))
    m, ci = stats(per_deal)
    print(f"RESULT {name} as a player vs 3x {field}: {m:.3f} ± {ci:.3f} points/hand over {deals * 4} hands "
          f"({deals} deals)", flush=True)


class MoonTrier(HardBot):
    """Always tries to shoot the moon: the hard level's moon pass and shooting line while it has every point."""

    level = "moon-trier"

    def pass_plan(self, view: Any) -> str:
        return "moon"

    def facts(self, view: Any, why: Reasoning) -> Facts:
        facts = super().facts(view, why)
        others_scored = any(p for s, p in enumerate(moon_points(view)) if s != view.seat)
        if others_scored:
            return replace(facts, shooting=False)
        return replace(facts, shooting=True, shooter=None, watch=None)


def _moon_deal(task: tuple[str, int, int]) -> tuple[float, float]:
    field, seed, deal = task
    rules = Rules.preset("standard")
    moons = points = 0
    for seat in range(rules.players):
        players = [MoonTrier(seed=deal * 10 + s) if s == seat
                   else make_bot(field, seed=_bot_seed(seed, deal, seat, s)) for s in range(rules.players)]
        state = deal_for(rules, seed, deal)
        points += play_hand(state, players)[seat]
        moons += state.result().shooter == seat
    return moons / rules.players, points / rules.players


def moon_stopping(field: str, deals: int, jobs: int, seed: int) -> None:
    """An always-trying moon shooter against three bots of ``field``: its success rate and mean points."""
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        rows = list(pool.map(_moon_deal, [(field, seed, d) for d in range(deals)], chunksize=4))
    rate, rate_ci = stats([r[0] for r in rows])
    m, ci = stats([r[1] for r in rows])
    print(f"RESULT a seat always trying for the moon vs 3x {field}: shot it in {100 * rate:.1f}% ± "
          f"{100 * rate_ci:.1f}% of {deals * 4} hands, {m:.2f} ± {ci:.2f} points/hand ({deals} deals, seed {seed})",
          flush=True)


def use_plain_model() -> None:
    """Make the plain rollout model (before the moon model) the default everywhere it is a default: the
    expert's and the coach's searches, the miner's and the verifier's play-outs."""
    plain = search.plain_rollout_policy
    search.rollout_policy = plain  # type: ignore[assignment]
    for f in (search.evaluate_plays, search.evaluate_passes, search.paired_playouts):
        if f.__kwdefaults__ and "policy" in f.__kwdefaults__:
            f.__kwdefaults__["policy"] = plain
    for f in (search.play_out, search.paired_pass_playouts):
        f.__defaults__ = tuple(plain if d is not None and getattr(d, "__name__", "") == "rollout_policy" else d
                               for d in f.__defaults__ or ())


class HintFollower:
    """A seat that always plays the coach's hint (a fixed number of rollouts, so load does not change it)."""

    def __init__(self, seed: int, rollouts: int) -> None:
        self.seed, self.rollouts, self.moves = seed, rollouts, 0
        self.hard = make_bot("hard", seed=seed)

    def decide(self, view: Any) -> Decision:
        from hearts_tutor.coach import hint

        if view.phase is Phase.MOON:
            return self.hard.decide(view)
        self.moves += 1
        h = hint(view, seed=self.seed * 1000 + self.moves, rollouts=self.rollouts, workers=1)
        return Decision("pass" if view.phase is Phase.PASS else "play", view.seat, h.cards, level="hint")


def _field_player(player: str, seed: int, rollouts: int) -> Any:
    if player == "hint":
        return HintFollower(seed, rollouts)
    return make_bot("expert", seed=seed, rollouts=rollouts, workers=1)


def _ismcts(bi: Any, game: Any, seed: int, sims: int) -> Any:
    """OpenSpiel's ISMCTS with a fixed number of simulations a move (a time limit on a loaded machine may
    leave it no simulation at all, and it then fails)."""
    evaluator = bi.pyspiel.RandomRolloutEvaluator(1, seed)
    return bi.pyspiel.ISMCTSBot(seed, evaluator, 2.0, sims, -1, bi.pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                False, False, 0.0)


def _field_hand(task: tuple[str, str, str, int, int, int, int, int]) -> tuple[int, int, float]:
    """One hand of ``player`` in ``seat`` against three of ``field``: (deal, seat, the player's points)."""
    player, field, model, seed, deal, seat, rollouts, sims = task
    if model == "plain":
        use_plain_model()
    rules = Rules.preset("standard")
    state = deal_for(rules, seed, deal)
    me = _field_player(player, (seed * 1000 + deal) * 10 + seat, rollouts)
    if field == "hard":
        players = [me if s == seat else make_bot("hard", seed=_bot_seed(seed, deal, seat, s)) for s in range(4)]
        return deal, seat, float(play_hand(state, players)[seat])
    import bench_ismcts as bi

    game = bi.pyspiel.load_game("hearts")
    os_state = game.new_initial_state()
    os_state.apply_action(bi.DIRECTION[state.pass_direction])
    for i in range(rules.hand_size):
        for s in range(4):
            os_state.apply_action(bi.spiel(state.deal[s][i]))
    rng = random.Random(f"{seed}:{deal}:{seat}")
    easy = make_bot("easy", seed=rng.getrandbits(32))  # ISMCTS cannot pass: its seats pass like the easy bot
    others = {s: _ismcts(bi, game, rng.getrandbits(31), sims) for s in range(4) if s != seat}
    if state.phase is Phase.PASS:
        choices = [(me if s == seat else easy).decide(state.view(s)).cards for s in range(4)]
        for s in range(4):
            for c in choices[s]:
                os_state.apply_action(bi.spiel(c))
            state.pass_cards(s, choices[s])
    while state.phase is Phase.PLAY:
        s = state.to_move
        card = me.decide(state.view(s)).card if s == seat else bi.ours(others[s].step(os_state))
        state.play(card)
        os_state.apply_action(bi.spiel(card))
    if state.phase is Phase.MOON:
        state.choose_moon("add_to_others")
    return deal, seat, float(state.points()[seat])


def read_field_log(path: Path) -> dict[int, dict[int, float]]:
    """The ``DEAL d SEAT s POINTS p`` lines of a field log: each deal's points by seat (the first line of a
    (deal, seat) counts; other lines are ignored)."""
    per_deal: dict[int, dict[int, float]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 6 and parts[0] == "DEAL" and parts[2] == "SEAT" and parts[4] == "POINTS":
                per_deal.setdefault(int(parts[1]), {}).setdefault(int(parts[3]), float(parts[5]))
    return per_deal


def deal_means(per_deal: dict[int, dict[int, float]]) -> dict[int, float]:
    """The player's mean points per hand of every complete deal (all four seats played)."""
    return {d: sum(v.values()) / 4 for d, v in per_deal.items() if len(v) == 4}


def field_strength(player: str, field: str, model: str, hands: int, jobs: int, seed: int, rollouts: int,
                   sims: int, log: Path | None = None) -> None:
    """The expert or the hint follower against three hard bots or three ISMCTS, duplicate deals, with the
    moon model or the plain one (before it). With ``log``, the (deal, seat) hands already in it are skipped
    and new lines are appended, so a run can be resumed; running figures cover every complete deal in it."""
    deals = math.ceil(hands / 4)
    per_deal = read_field_log(log) if log else {}
    tasks = [(player, field, model, seed, d, s, rollouts, sims) for d in range(deals) for s in range(4)
             if s not in per_deal.get(d, {})]
    start = time.perf_counter()
    out = log.open("a") if log else None

    def emit(line: str) -> None:
        print(line, flush=True)
        if out:
            out.write(line + "\n")
            out.flush()

    emit(f"# {player} ({rollouts} rollouts a move, {model} model) vs 3x {field}, duplicate deals, seed {seed}"
         + (f" (resumed: {len(deal_means(per_deal))} deals complete, {len(tasks)} hands to play)" if per_deal else ""))
    ctx = multiprocessing.get_context("fork")
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            for deal, seat, points in pool.map(_field_hand, tasks, chunksize=1):
                per_deal.setdefault(deal, {})[seat] = points
                emit(f"DEAL {deal} SEAT {seat} POINTS {points:.0f}")
                if len(per_deal[deal]) == 4:
                    done = list(deal_means(per_deal).values())
                    m, ci = stats(done)
                    emit(f"deals {len(done)} {player} mean {m:.3f} ci95 {ci:.3f} "
                         f"elapsed {time.perf_counter() - start:.0f}s")
    finally:
        if out:
            out.close()
    done = list(deal_means(per_deal).values())
    m, ci = stats(done) if done else (math.nan, math.inf)
    print(f"RESULT {player} ({model} model) vs 3x {field}: {m:.3f} ± {ci:.3f} points/hand over {4 * len(done)} "
          f"hands ({len(done)} deals), {time.perf_counter() - start:.0f} s", flush=True)


def field_pairs(paths: list[Path]) -> list[tuple[str, Path, Path]]:
    """Before/after log pairs: one directory (``before_X.log`` with ``after_X.log``) or paths given as
    BEFORE AFTER pairs."""
    if len(paths) == 1 and paths[0].is_dir():
        pairs = [(b.name[len("before_"):-len(".log")], b, b.with_name("after_" + b.name[len("before_"):]))
                 for b in sorted(paths[0].glob("before_*.log"))]
        missing = [str(a) for _, _, a in pairs if not a.exists()]
        if missing or not pairs:
            raise SystemExit(f"no before_*.log in {paths[0]}" if not pairs else f"missing: {', '.join(missing)}")
        return pairs
    if len(paths) % 2:
        raise SystemExit("report takes one directory or BEFORE AFTER pairs of logs")
    return [(f"{b.name} / {a.name}", b, a) for b, a in zip(paths[::2], paths[1::2], strict=True)]


def field_report(paths: list[Path]) -> None:
    """For each before/after pair of field logs: mean points per hand ± 95% CI over complete deals, and the
    after-minus-before difference paired by deal (deals complete in both) with its 95% CI over deals."""
    print("| run | before: mean ± 95% CI (deals) | after: mean ± 95% CI (deals) | after − before, paired by deal |")
    print("|---|---|---|---|")
    for name, b, a in field_pairs(paths):
        before, after = deal_means(read_field_log(b)), deal_means(read_field_log(a))
        cells = []
        for means in (before, after):
            m, ci = stats(list(means.values())) if means else (math.nan, math.inf)
            cells.append(f"{m:.2f} ± {ci:.2f} ({len(means)})")
        both = sorted(before.keys() & after.keys())
        diffs = [after[d] - before[d] for d in both]
        dm, dci = stats(diffs) if diffs else (math.nan, math.inf)
        print(f"| {name} | {cells[0]} | {cells[1]} | {dm:+.2f} ± {dci:.2f} over {len(both)} deals |")


MOON_SET = Path(__file__).resolve().parent.parent / "tests" / "moon_positions.jsonl"


def on_course(state: Any, shooter: int) -> bool:
    """Whether ``shooter`` is on course for a moon: it has taken every point so far, at least ten points or
    five hearts, after three tricks or more."""
    from hearts_tutor.bots import rollout_moon as moon

    points = moon.moon_points(state)
    return (moon.lone_taker(points) == shooter and len(state.tricks) >= 3
            and (points[shooter] >= 10 or state.hearts_taken[shooter] >= 5))


def _mine_moon_deal(task: tuple[int, int]) -> list[dict[str, Any]]:
    """Positions of one deal (each seat in turn the moon trier, three hard bots): the first play of a
    defender while the trier is on course for a moon."""
    seed, deal = task
    rules = Rules.preset("standard")
    found = []
    for seat in range(rules.players):
        players = [MoonTrier(seed=deal * 10 + s) if s == seat
                   else make_bot("hard", seed=_bot_seed(seed, deal, seat, s)) for s in range(rules.players)]
        state = deal_for(rules, seed, deal)
        while state.phase is not Phase.DONE:
            if state.phase is Phase.PASS:
                for s in range(rules.players):
                    if state.passes[s] is None:
                        state.pass_cards(s, players[s].decide(state.view(s)).cards)
                continue
            if state.to_move != seat and on_course(state, seat):
                found.append({"record": HandRecord.from_state(state).to_json(), "shooter": seat,
                              "to_move": state.to_move, "deal": deal, "seed": seed})
                break
            players[state.to_move].decide(state.view(state.to_move)).apply(state)
    return found


def mine_moon_set(deals: int, jobs: int, seed: int, out: Path) -> None:
    """Mine the moon test set: positions from bot games where a seat is on course for a moon."""
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool, out.open("w") as f:
        n = 0
        for rows in pool.map(_mine_moon_deal, [(seed, d) for d in range(deals)], chunksize=2):
            for row in rows:
                f.write(json.dumps(row) + "\n")
                n += 1
    print(f"mined {n} positions from {deals * 4} hands into {out}", flush=True)


def moon_set_outcome(row: dict[str, Any], policy: Any) -> tuple[bool, list[int]]:
    """Play a moon-set position out: the shooter keeps trying (:class:`MoonTrier`), the other seats play
    ``policy``. (moon stopped, points per seat)."""
    state = HandRecord.from_json(row["record"]).to_state()
    shooter = row["shooter"]
    trier = MoonTrier(seed=row["deal"] * 10 + shooter)
    rng = random.Random(row["deal"])
    while state.phase is Phase.PLAY:
        if state.to_move == shooter:
            trier.decide(state.view(shooter)).apply(state)
        else:
            state.play(policy(state, rng))
    return state.result().shooter != shooter, state.points()


def moon_set(names: list[str], path: Path) -> None:
    """How often each rollout model stops the moons of the moon test set."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for name in names:
        policy = getattr(search, name)
        stopped = [moon_set_outcome(row, policy)[0] for row in rows]
        rate, ci = stats([float(x) for x in stopped])
        print(f"RESULT {name} stops {sum(stopped)} of {len(rows)} moons on course ({100 * rate:.1f}% ± "
              f"{100 * ci:.1f}%)", flush=True)


def pct(times: list[float], p: float) -> float:
    """The ``p`` percentile of sorted times, in milliseconds."""
    return 1000 * times[min(len(times) - 1, int(p * len(times)))]


def timing(hands: int, levels: list[str], seconds: float | None) -> None:
    rules = Rules.preset("standard")
    print(f"{'level':<8}{'decisions':>10}{'p50 ms':>9}{'p90 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for level in levels:
        times: list[float] = []
        count = hands if level != "expert" else max(1, hands // 10)
        for d in range(count):
            state = deal_for(rules, 99, d)
            opts = {"seconds": seconds} if level == "expert" and seconds is not None else {}
            bots = [make_bot(level, seed=s, **opts) for s in range(4)]
            while state.phase is not Phase.DONE:
                seats = [s for s in range(4) if state.passes[s] is None] if state.phase is Phase.PASS else [
                    state.to_move]
                for seat in seats:
                    t = time.perf_counter()
                    decision = bots[seat].decide(state.view(seat))
                    times.append(time.perf_counter() - t)
                    decision.apply(state)
        times.sort()

        print(f"{level:<8}{len(times):>10}{pct(times, 0.5):>9.2f}{pct(times, 0.9):>9.2f}{pct(times, 0.95):>9.2f}"
              f"{pct(times, 0.99):>9.2f}"
              f"{1000 * times[-1]:>9.2f}", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("bot", choices=LEVELS)
    s.add_argument("field", choices=LEVELS)
    s.add_argument("--hands", type=int, default=400)
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--rules", default="standard")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--seconds", type=float, default=None, help="expert budget per move (default 1.0)")
    t = sub.add_parser("timing")
    t.add_argument("--hands", type=int, default=40, help="hands per level (expert: a tenth)")
    t.add_argument("--levels", default=",".join(LEVELS))
    t.add_argument("--seconds", type=float, default=None)
    r = sub.add_parser("policy", help="a rollout policy of bots.search as a player against three bots")
    r.add_argument("name", choices=["rollout_policy", "plain_rollout_policy", "quick_rollout_policy"])
    r.add_argument("--field", choices=LEVELS, default="hard")
    r.add_argument("--deals", type=int, default=300)
    r.add_argument("--jobs", type=int, default=2)
    m = sub.add_parser("moon", help="a seat always trying for the moon against three bots")
    m.add_argument("field", choices=LEVELS)
    m.add_argument("--deals", type=int, default=100)
    m.add_argument("--jobs", type=int, default=2)
    m.add_argument("--seed", type=int, default=0)
    f = sub.add_parser("field", help="the expert or the hint follower vs 3 hard or 3 ISMCTS, either model")
    f.add_argument("player", choices=["expert", "hint"])
    f.add_argument("field", choices=["hard", "ismcts"])
    f.add_argument("--model", choices=["moon", "plain"], default="moon",
                   help="the rollout model: with moons (now) or the plain one (before)")
    f.add_argument("--hands", type=int, default=200)
    f.add_argument("--jobs", type=int, default=1)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--rollouts", type=int, default=60, help="sampled deals per move (fixed: load does not matter)")
    f.add_argument("--sims", type=int, default=400, help="ISMCTS simulations per move")
    f.add_argument("--log", type=Path, default=None,
                   help="resume: skip the (deal, seat) hands whose DEAL lines are in FILE, append new ones")
    fr = sub.add_parser("field-report", help="before/after field logs: means and the difference paired by deal")
    fr.add_argument("logs", type=Path, nargs="+", help="a directory of before_X.log/after_X.log, or BEFORE AFTER pairs")
    ms = sub.add_parser("moonset", help="how often the rollout models stop the moons of the moon test set")
    ms.add_argument("--names", default="plain_rollout_policy,rollout_policy")
    ms.add_argument("--file", type=Path, default=MOON_SET)
    mm = sub.add_parser("moonset-mine", help="mine the moon test set from bot games")
    mm.add_argument("--deals", type=int, default=200)
    mm.add_argument("--jobs", type=int, default=2)
    mm.add_argument("--seed", type=int, default=0)
    mm.add_argument("--out", type=Path, default=MOON_SET)
    a = p.parse_args()
    if a.what == "field":
        field_strength(a.player, a.field, a.model, a.hands, a.jobs, a.seed, a.rollouts, a.sims, a.log)
    elif a.what == "field-report":
        field_report(a.logs)
    elif a.what == "moonset":
        moon_set(a.names.split(","), a.file)
    elif a.what == "moonset-mine":
        mine_moon_set(a.deals, a.jobs, a.seed, a.out)
    elif a.what == "moon":
        moon_stopping(a.field, a.deals, a.jobs, a.seed)
    elif a.what == "policy":
        policy_strength(a.name, a.field, a.deals, a.jobs)
    elif a.what == "strength":
        strength(a.bot, a.field, a.hands, a.jobs, a.rules, a.seed, a.seconds)
    else:
        timing(a.hands, a.levels.split(","), a.seconds)


if __name__ == "__main__":
    main()
