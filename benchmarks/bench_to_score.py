"""Playing to the score (issue 31, acceptance 2): whole games to the target against three hard bots.

Each game is one match (standard rules, to 100) with its own fixed deals (``Match(seed=...)``), played twice:
once with the tested seat playing to the score and once playing for points, the other three seats hard bots
(which play to the score themselves). The tested seat moves round the table from game to game.

The two plays of a game go in lockstep: one table while the tested seat's two players choose the same move (at
every decision both are asked, with the same seeds), forked at their first disagreement and both finished from
there. So the common start of a game is played once, and a game where the score never changed the tested seat's
move is the same game both ways (its paired difference is exactly 0). Each game records whether and where (hand,
cards played) its two plays parted.

    nice -n 15 .venv/bin/python benchmarks/bench_to_score.py hints  --games 400 --rollouts 24   # resumes
    nice -n 15 .venv/bin/python benchmarks/bench_to_score.py expert --games 400 --rollouts 24   # resumes
    .venv/bin/python benchmarks/bench_to_score.py report            # win rates and the CI of the difference

``hints``: the seat plays the coach's hint (``hint(..., rollouts=R, workers=1)``) with ``to_score=True`` against
``to_score=False``. ``expert``: the expert bot (``rollouts=R``, one core) with ``to_score=True`` against
``False`` (before/after). A game's result is the seat's share of first place (1, 1/2 on a two-way tie, 0).
Each finished game appends a line (both plays) to ``benchmarks/to_score/<mode>-v2.jsonl``; a rerun skips the
games done (resumes). Progress (games done, running figures) goes to ``benchmarks/to_score/<mode>-v2.progress``.
The earlier run (players before the paired rule, each play a separate game) is ``<mode>.jsonl``;
``report --earlier`` sums it up.
"""

from __future__ import annotations

import argparse
import copy
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
from hearts_tutor.equity.line import judged_line

OUT = Path(__file__).parent / "to_score"
VERSION = "-v2"
Z95 = 1.959964
Move = tuple[str, tuple[int, ...], str | None]  # kind, cards, moon choice


def apply(match: Match, seat: int, move: Move) -> None:
    """Make ``move`` for ``seat`` at the match's table."""
    kind, cards, choice = move
    state = match.hand
    if kind == "pass":
        state.pass_cards(seat, cards)
    elif kind == "moon":
        state.choose_moon(choice or "add_to_others")
    else:
        state.play(cards[0])


class HintPlayer:
    """A seat that plays the coach's hints (to the score or for points)."""

    def __init__(self, to_score: bool, rollouts: int, seed: int) -> None:
        self.to_score, self.rollouts, self.seed = to_score, rollouts, seed

    def move(self, match: Match, seat: int) -> Move:
        view = match.view(seat)
        h = hint(view, seed=self.seed, rollouts=self.rollouts, workers=1, to_score=self.to_score)
        if view.phase is Phase.PASS:
            return ("pass", tuple(sorted(h.cards)), None)
        if view.phase is Phase.MOON:
            return ("moon", (), h.choice or "add_to_others")
        return ("play", h.cards[:1], None)


class BotPlayer:
    """A seat that plays a bot's decisions."""

    def __init__(self, level: str, seed: int, **options: Any) -> None:
        self.bot = make_bot(level, seed=seed, **options)

    def move(self, match: Match, seat: int) -> Move:
        d = self.bot.decide(match.view(seat))
        return (d.kind, tuple(sorted(d.cards)) if d.kind == "pass" else tuple(d.cards), d.choice)


def seat_to_move(match: Match) -> int | None:
    """The next seat to decide (None when the hand is over)."""
    state = match.hand
    if state.phase is Phase.PASS:
        return next(s for s in range(match.rules.players) if state.passes[s] is None)
    if state.phase is Phase.DONE:
        return None
    return state.to_move


def finish(match: Match, players: list[Any]) -> None:
    """Play the match to its end (players by seat)."""
    while True:
        seat = seat_to_move(match)
        if seat is None:
            match.next_hand()
            if match.game_over:
                return
            continue
        apply(match, seat, players[seat].move(match, seat))


def tested_player(mode: str, game: int, to_score: bool, rollouts: int) -> Any:
    if mode == "hints":
        return HintPlayer(to_score, rollouts, seed=game)
    return BotPlayer("expert", seed=game, rollouts=rollouts, workers=1, to_score=to_score)


def play_game(mode: str, game: int, rollouts: int) -> dict[str, Any]:
    """One game played both ways in lockstep; the tested seat's share of first place each way and where the two
    plays parted (None if never)."""
    rules = Rules.preset("standard")
    match = Match(rules, seed=1000 + game)
    tested = game % rules.players
    others: list[Any] = [BotPlayer("hard", seed=game * 10 + s) for s in range(rules.players)]
    arms = {True: tested_player(mode, game, True, rollouts), False: tested_player(mode, game, False, rollouts)}
    start = time.process_time()
    decisions, parted = 0, None
    matches = {True: match, False: match}
    while True:
        seat = seat_to_move(match)
        if seat is None:
            match.next_hand()
            if match.game_over:
                break
            continue
        if seat != tested:
            apply(match, seat, others[seat].move(match, seat))
            continue
        moves = {t: arms[t].move(match, seat) for t in (True, False)}
        decisions += 1
        if moves[True] == moves[False]:
            apply(match, seat, moves[True])
            continue
        line = judged_line(match.view(seat))
        parted = {"hand": len(match.history) + 1, "played": len(match.hand.plays()), "decision": decisions,
                  "phase": match.hand.phase.value, "scores": list(match.scores),
                  "can_end_this_hand": bool(line and line.can_end_this_hand)}
        fork, fork_others = copy.deepcopy((match, others))
        apply(match, seat, moves[True])
        apply(fork, seat, moves[False])
        for m, players, t in ((match, others, True), (fork, fork_others, False)):
            players = list(players)
            players[tested] = arms[t]
            finish(m, players)
        matches = {True: match, False: fork}
        break
    result: dict[str, Any] = {"game": game, "seat": tested, "parted": parted, "decisions_together": decisions,
                              "cpu_seconds": round(time.process_time() - start, 1)}
    for t, key in ((True, "to_score"), (False, "points")):
        m = matches[t]
        winners = m.winners()
        result[key] = {"share": (1.0 / len(winners)) if tested in winners else 0.0, "scores": m.scores,
                       "hands": len(m.history)}
    return result


def load(mode: str, version: str = VERSION) -> dict[int, dict[str, Any]]:
    """The finished games of a run by number (the earlier run's two lines per game joined into one)."""
    path = OUT / f"{mode}{version}.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        if version:
            done[r["game"]] = r
        else:  # the earlier run: a line per game and play
            arm = "to_score" if r["to_score"] else "points"
            done.setdefault(r["game"], {"game": r["game"], "parted": "?"})[arm] = r
    return {g: r for g, r in done.items() if "to_score" in r and "points" in r}


def summary(mode: str, version: str = VERSION) -> dict[str, Any]:
    """First-place shares both ways over the games finished, and the 95% CI of the paired difference."""
    done = load(mode, version)
    games = sorted(done)
    n = len(games)
    if not n:
        return {"mode": mode + version, "games": 0}
    a = [done[g]["to_score"]["share"] for g in games]
    b = [done[g]["points"]["share"] for g in games]
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else math.inf
    half = Z95 * sd / math.sqrt(n)
    out = {"mode": mode + version, "games": n, "to_score_wins": round(sum(a) / n, 4),
           "points_wins": round(sum(b) / n, 4), "difference": round(mean, 4),
           "ci95": [round(mean - half, 4), round(mean + half, 4)], "sd_of_difference": round(sd, 4),
           "games_differing_in_result": sum(1 for x in d if x)}
    if version:
        parted = [done[g]["parted"] for g in games if done[g]["parted"]]
        out["games_parted"] = len(parted)
        out["parted_at_hand"] = sorted(p["hand"] for p in parted)
        out["cpu_seconds_per_game"] = round(sum(done[g]["cpu_seconds"] for g in games) / n, 1)
    return out


def run(mode: str, games: int, rollouts: int) -> None:
    OUT.mkdir(exist_ok=True)
    done = load(mode)
    start = time.time()
    for game in range(games):
        if game in done:
            continue
        result = play_game(mode, game, rollouts)
        with (OUT / f"{mode}{VERSION}.jsonl").open("a") as f:
            f.write(json.dumps(result) + "\n")
        done[game] = result
        (OUT / f"{mode}{VERSION}.progress").write_text(
            f"{time.strftime('%H:%M:%S')} game {game + 1}/{games} ({time.time() - start:.0f} s this run)\n"
            + json.dumps(summary(mode)) + "\n")
    print(json.dumps(summary(mode)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    for mode in ("hints", "expert"):
        p = sub.add_parser(mode)
        p.add_argument("--games", type=int, default=400)
        p.add_argument("--rollouts", type=int, default=24)
    rep = sub.add_parser("report")
    rep.add_argument("--earlier", action="store_true", help="also the earlier run (before the paired rule)")
    args = parser.parse_args()
    if args.cmd == "report":
        for mode in ("hints", "expert"):
            if args.earlier:
                print(json.dumps(summary(mode, "")))
            print(json.dumps(summary(mode)))
        return 0
    run(args.cmd, args.games, args.rollouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
