"""Playing to the score (issue 31, acceptance 2): whole games to the target against three hard bots.

Each game is one match (standard rules, to 100) with its own fixed deals (``Match(seed=...)``): the same deals
are played twice, once with the tested seat playing to the score and once playing for points, the other three
seats hard bots (which play to the score themselves). The tested seat moves round the table from game to game.

    nice -n 19 .venv/bin/python benchmarks/bench_to_score.py hints  --games 400 --rollouts 60
    nice -n 19 .venv/bin/python benchmarks/bench_to_score.py expert --games 400 --rollouts 60
    .venv/bin/python benchmarks/bench_to_score.py report            # win rates and the CI of the difference

``hints``: the seat plays the coach's hint (``hint(..., rollouts=R, workers=1)``) with ``to_score=True`` against
``to_score=False``. ``expert``: the expert bot (``rollouts=R``, one core) with ``to_score=True`` against
``False`` (before/after). A game's result is the seat's share of first place (1, 1/2 on a two-way tie, 0).
Each finished game appends a line to ``benchmarks/to_score/<mode>.jsonl``; a rerun skips the games done (resumes).
Progress (games done, running figures) goes to ``benchmarks/to_score/<mode>.progress``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from hearts_tutor.bots import make_bot
from hearts_tutor.coach.hints import hint
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.match import Match
from hearts_tutor.engine.rules import Rules

OUT = Path(__file__).parent / "to_score"
Z95 = 1.959964


class HintPlayer:
    """A seat that plays the coach's hints (to the score or for points)."""

    def __init__(self, to_score: bool, rollouts: int, seed: int) -> None:
        self.to_score, self.rollouts, self.seed = to_score, rollouts, seed

    def act(self, match: Match, seat: int) -> None:
        view = match.view(seat)
        h = hint(view, seed=self.seed, rollouts=self.rollouts, workers=1, to_score=self.to_score)
        state = match.hand
        if view.phase is Phase.PASS:
            state.pass_cards(seat, h.cards)
        elif view.phase is Phase.MOON:
            state.choose_moon(h.choice or "add_to_others")
        else:
            state.play(h.cards[0])


class BotPlayer:
    """A seat that plays a bot's decisions."""

    def __init__(self, level: str, seed: int, **options: Any) -> None:
        self.bot = make_bot(level, seed=seed, **options)

    def act(self, match: Match, seat: int) -> None:
        self.bot.decide(match.view(seat)).apply(match.hand)


def play_game(mode: str, game: int, to_score: bool, rollouts: int) -> dict[str, Any]:
    """One whole game; the tested seat's share of first place and the final scores."""
    rules = Rules.preset("standard")
    match = Match(rules, seed=1000 + game)
    tested = game % rules.players
    players: list[Any] = [BotPlayer("hard", seed=game * 10 + s) for s in range(rules.players)]
    if mode == "hints":
        players[tested] = HintPlayer(to_score, rollouts, seed=game)
    else:
        players[tested] = BotPlayer("expert", seed=game, rollouts=rollouts, workers=1, to_score=to_score)
    while True:
        state = match.hand
        if state.phase is Phase.PASS:
            for s in range(rules.players):
                if state.passes[s] is None:
                    players[s].act(match, s)
        elif state.phase is Phase.DONE:
            match.next_hand()
            if match.game_over:
                break
        else:
            players[state.to_move].act(match, state.to_move)
    winners = match.winners()
    return {"game": game, "to_score": to_score, "seat": tested, "scores": match.scores,
            "share": (1.0 / len(winners)) if tested in winners else 0.0, "hands": len(match.history)}


def load(mode: str) -> dict[tuple[int, bool], dict[str, Any]]:
    path = OUT / f"{mode}.jsonl"
    done: dict[tuple[int, bool], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[(r["game"], r["to_score"])] = r
    return done


def summary(mode: str) -> dict[str, Any]:
    """Win rates of both arms over the games both have finished, and the 95% CI of the paired difference."""
    done = load(mode)
    games = sorted(g for g, t in done if t and (g, False) in done)
    n = len(games)
    if not n:
        return {"mode": mode, "games": 0}
    a = [done[(g, True)]["share"] for g in games]
    b = [done[(g, False)]["share"] for g in games]
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else math.inf
    half = Z95 * sd / math.sqrt(n)
    return {"mode": mode, "games": n, "to_score_wins": round(sum(a) / n, 4), "points_wins": round(sum(b) / n, 4),
            "difference": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "games_differing": sum(1 for x in d if x)}


def run(mode: str, games: int, rollouts: int) -> None:
    OUT.mkdir(exist_ok=True)
    done = load(mode)
    start = time.time()
    for game in range(games):
        for to_score in (True, False):
            if (game, to_score) in done:
                continue
            result = play_game(mode, game, to_score, rollouts)
            with (OUT / f"{mode}.jsonl").open("a") as f:
                f.write(json.dumps(result) + "\n")
            done[(game, to_score)] = result
        figures = summary(mode)
        (OUT / f"{mode}.progress").write_text(
            f"{time.strftime('%H:%M:%S')} game {game + 1}/{games} ({time.time() - start:.0f} s this run)\n"
            + json.dumps(figures) + "\n")
    print(json.dumps(summary(mode)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    for mode in ("hints", "expert"):
        p = sub.add_parser(mode)
        p.add_argument("--games", type=int, default=400)
        p.add_argument("--rollouts", type=int, default=60)
    sub.add_parser("report")
    args = parser.parse_args()
    if args.cmd == "report":
        for mode in ("hints", "expert"):
            print(json.dumps(summary(mode)))
        return 0
    run(args.cmd, args.games, args.rollouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
