"""Bots against bots: mean points per hand for each bot, with a 95% confidence interval (SPEC section 9).

Each hand is a fresh deal (the pass direction follows the rules' cycle by hand number). With
``duplicate`` every deal is replayed once per seat with the bots rotated, so each bot plays every deal
from every seat; the confidence interval is then computed over deals (a deal's seat-hands are strongly
correlated), otherwise over hands. A level that sits in several seats is pooled under its name.

>>> result = run_tournament(["easy", "medium", "easy", "medium"], 8, duplicate=True, seed=1)
>>> result.hands, sorted(result.by_bot), result.by_bot["easy"].n
(8, ['easy', 'medium'], 16)
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.hand import HandState, Phase
from ..engine.rules import Rules, RulesError
from .runner import BatchError, in_order, progress_bar, run_batch

Z95 = 1.959964


@dataclass(frozen=True)
class BotStats:
    """One bot's result: mean points per hand, the half-width of its 95% CI, and hands played."""

    mean: float
    ci95: float
    n: int
    units: int = 0
    """Independent units the CI is computed over (deals with duplicate, else hands)."""

    def to_json(self) -> dict[str, Any]:
        # one deal gives no spread to measure: the CI is then unknown (null), never a bare Infinity
        ci = round(self.ci95, 4) if math.isfinite(self.ci95) else None
        return {"mean": round(self.mean, 4), "ci95": ci, "n": self.n}


@dataclass
class TournamentResult:
    hands: int
    by_bot: dict[str, BotStats]
    seconds: float
    rules: str = "standard"
    deals: int = 0
    duplicate: bool = False
    seats: tuple[str, ...] = ()
    per_deal: list[dict[str, float]] = field(default_factory=list, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "by_bot": {k: v.to_json() for k, v in self.by_bot.items()},
                "seconds": round(self.seconds, 2)}

    def table(self) -> str:
        how = (f"{self.deals} deals x {len(self.seats)} seat rotations, duplicate" if self.duplicate
               else f"{self.deals} deals")
        lines = [f"{self.rules} rules, {self.hands} hands ({how}), {self.seconds:.1f} s",
                 f"{'bot':<10}{'mean/hand':>11}{'95% CI':>10}{'hands':>8}"]
        for name, st in sorted(self.by_bot.items(), key=lambda kv: kv[1].mean):
            ci = "± " + format(st.ci95, ".3f") if math.isfinite(st.ci95) else "n/a"
            lines.append(f"{name:<10}{st.mean:>11.3f}{ci:>10}{st.n:>8}")
        return "\n".join(lines)


def _seat_levels(seats: Sequence[str], players: int) -> list[str]:
    """One level per seat: the list as given, repeated to fill a larger table."""
    if not seats:
        raise ValueError("name at least one bot level for the seats")
    if len(seats) > players:
        raise ValueError(f"{len(seats)} bots named but the table has {players} seats")
    return [seats[i % len(seats)] for i in range(players)]


def _bot_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    return random.Random(f"bot:{seed}:{deal}:{rotation}:{seat}").getrandbits(32)


def deal_for(rules: Rules, seed: int, deal: int) -> HandState:
    """The hand of deal number ``deal`` (the same for every rotation)."""
    return HandState.deal_random(rules, random.Random(f"deal:{seed}:{deal}"), dealer=deal % rules.players,
                                 hand_number=deal)


def play_hand(state: HandState, bots: Sequence[Any]) -> list[int]:
    """Play a hand to the end with one bot per seat (any object with ``decide(view)``); its points."""
    while state.phase is not Phase.DONE:
        if state.phase is Phase.PASS:
            for seat in range(state.n):
                if state.passes[seat] is None:
                    state.pass_cards(seat, bots[seat].decide(state.view(seat)).cards)
        else:
            seat = state.to_move
            bots[seat].decide(state.view(seat)).apply(state)
    return state.points()


def _play_deal(task: tuple[Rules, int, int, tuple[str, ...], bool, Mapping[str, Mapping[str, Any]]]
               ) -> list[tuple[tuple[str, ...], list[int]]]:
    """Every rotation of one deal: [(level per seat, points per seat), ...]."""
    from ..bots import make_bot

    rules, seed, deal, levels, duplicate, options = task
    n = rules.players
    out = []
    for rotation in range(n if duplicate else 1):
        assignment = tuple(levels[(seat - rotation) % n] for seat in range(n))
        bots = [make_bot(lv, seed=_bot_seed(seed, deal, rotation, seat), **dict(options.get(lv, {})))
                for seat, lv in enumerate(assignment)]
        points = play_hand(deal_for(rules, seed, deal), bots)
        out.append((assignment, points))
    return out


def options_for_jobs(bot_options: Mapping[str, Mapping[str, Any]] | None, *, jobs: int, deals: int
                     ) -> dict[str, dict[str, Any]]:
    """A copy of ``bot_options`` for ``deals`` deals played in ``jobs`` processes: when games run side by side
    the cores are taken by the games, so the expert keeps to one (``workers=1``) unless told otherwise."""
    options = {k: dict(v) for k, v in (bot_options or {}).items()}
    if jobs > 1 and deals > 1:
        options.setdefault("expert", {}).setdefault("workers", 1)
    return options


def run_tournament(seats: Sequence[str], hands: int, *, rules: Rules | str = "standard", seed: int = 0,
                   duplicate: bool = False, jobs: int = 1,
                   bot_options: Mapping[str, Mapping[str, Any]] | None = None, scheduler: str | None = None,
                   progress: Callable[[int], Any] | None = None) -> TournamentResult:
    """Bots play ``hands`` hands (with ``duplicate``, rounded up to whole deals times the seat count).

    ``seats`` names a level per seat (repeated to fill a larger table); ``bot_options`` maps a level to
    keyword options for :func:`~hearts_tutor.bots.make_bot` (e.g. ``{"expert": {"seconds": 0.5}}``);
    ``jobs`` plays deals in that many processes, or ``scheduler`` (an address) on a Dask cluster, with the same
    result; ``progress(1)`` is called after each deal.
    """
    from ..bots import LEVELS

    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    if hands <= 0:
        raise ValueError(f"the number of hands must be positive, not {hands}")
    for lv in seats:
        if lv not in LEVELS:
            raise ValueError(f"unknown bot level {lv!r} (levels: {', '.join(LEVELS)})")
    levels = tuple(_seat_levels(seats, rules.players))
    n = rules.players
    deals = math.ceil(hands / n) if duplicate else hands
    # on a cluster games run side by side too
    options = options_for_jobs(bot_options, jobs=2 if scheduler else jobs, deals=deals)
    tasks = [(rules, seed, d, levels, duplicate, options) for d in range(deals)]
    start = time.perf_counter()
    results = in_order(run_batch(_play_deal, tasks, jobs=jobs, scheduler=scheduler), deals, progress)
    return _summarise(results, rules, levels, duplicate, time.perf_counter() - start)


def _summarise(results: list[list[tuple[tuple[str, ...], list[int]]]], rules: Rules, levels: tuple[str, ...],
               duplicate: bool, seconds: float) -> TournamentResult:
    names = sorted(set(levels))
    per_deal: list[dict[str, float]] = []
    counts = dict.fromkeys(names, 0)
    for rotations in results:
        sums = dict.fromkeys(names, 0.0)
        k = dict.fromkeys(names, 0)
        for assignment, points in rotations:
            for lv, p in zip(assignment, points, strict=True):
                sums[lv] += p
                k[lv] += 1
        per_deal.append({lv: sums[lv] / k[lv] for lv in names})
        for lv in names:
            counts[lv] += k[lv]
    by_bot = {}
    for lv in names:
        xs = [d[lv] for d in per_deal]
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else math.inf
        by_bot[lv] = BotStats(m, Z95 * sd / math.sqrt(len(xs)) if len(xs) > 1 else math.inf, counts[lv], len(xs))
    hands = sum(len(r) for r in results)
    return TournamentResult(hands=hands, by_bot=by_bot, seconds=seconds, rules=rules.name, deals=len(results),
                            duplicate=duplicate, seats=levels, per_deal=per_deal)


def cli_tournament(args: Any) -> int:
    """``hearts-tutor tournament``: print the table, or one JSON object with ``--json``."""
    seats = [s.strip() for s in str(args.seats).split(",") if s.strip()]
    try:
        rules = Rules.preset(args.rules)
        if len(seats) != rules.players:  # a short list would silently seat some levels twice
            example = ",".join((seats or ["easy"])[i % max(1, len(seats))] for i in range(rules.players))
            raise ValueError(f"--seats names {len(seats)} bot{'s' if len(seats) != 1 else ''} but {rules.name} is "
                             f"played by {rules.players}: name one level per seat (e.g. --seats {example})")
        if args.hands <= 0:
            raise ValueError(f"the number of hands must be positive, not {args.hands}")
        deals = math.ceil(args.hands / rules.players) if args.duplicate else args.hands
        with progress_bar(deals, "deal") as bar:
            result = run_tournament(seats, args.hands, rules=rules, seed=args.seed, duplicate=args.duplicate,
                                    jobs=max(1, args.jobs or os.cpu_count() or 1), scheduler=args.scheduler,
                                    progress=bar.update)
    except (ValueError, RulesError, BatchError) as e:
        print(f"hearts-tutor tournament: {e}", file=sys.stderr)
        return 2
    if result.hands != args.hands:
        print(f"hearts-tutor tournament: --duplicate plays every deal once from each of the {len(result.seats)} "
              f"seats, so {args.hands} hands were rounded up to {result.hands}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(result.table())
    return 0


__all__ = ["BotStats", "TournamentResult", "cli_tournament", "play_hand", "run_tournament"]
