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
    nice -n 15 .venv/bin/python benchmarks/bench_to_score.py hints --games 1000 --shard 1/2   # the odd games
    .venv/bin/python benchmarks/bench_to_score.py report            # win rates and the CI of the difference
    nice -n 15 .venv/bin/python benchmarks/bench_to_score.py partings expert --deals 200   # resumes

``hints``: the seat plays the coach's hint (``hint(..., rollouts=R, workers=1)``) with ``to_score=True`` against
``to_score=False``. ``expert``: the expert bot (``rollouts=R``, one core) with ``to_score=True`` against
``False`` (before/after). A game's result is the seat's share of first place (1, 1/2 on a two-way tie, 0).
Each finished game appends a line (both plays) to ``benchmarks/to_score/<mode>-v2.jsonl``; a rerun skips the
games done (resumes). Progress (games done, running figures) goes to ``benchmarks/to_score/<mode>-v2.progress``.
Earlier runs, summed up by ``report --earlier``: ``<mode>.jsonl`` (players before the paired rule, each play a
separate game) and ``<mode>-v2.jsonl`` (lockstep; where the game could end this hand the players took the best
mean chance of their few sampled deals, noise or not: the long search of ``partings`` found those choices no
better than the points card, while the players now leave it there too only beyond sampling noise).

``partings`` looks closer at the first decision where a game's two plays part: the game is replayed to it, and
both moves are judged by a long search (``--deals`` sampled deals common to both, valued by the chance to win the
game at that score line, as the players value theirs but with many more deals). Whole games measure the score's
worth with the noise of every later hand; this measures each parting decision on its own, by the same model of
the chance to win (``<mode>-v3-partings.jsonl``, resumable). A game whose replay parts at another decision than the
recorded one (its players changed since it was played) is counted, not judged.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_tutor.bots import make_bot
from hearts_tutor.coach.hints import hint
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.match import Match
from hearts_tutor.engine.rules import Rules
from hearts_tutor.equity.line import judged_line

OUT = Path(__file__).parent / "to_score"
VERSION = "-v3"
EARLIER = ("", "-v2")
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


@dataclass
class Lockstep:
    """A game played in lockstep up to the tested seat's first disagreement (or to its end): the match there,
    the seats' players, the decisions the two agreed on, and the two moves (None if they never disagreed)."""

    match: Match
    tested: int
    others: list[Any]
    arms: dict[bool, Any]
    decisions: int
    moves: dict[bool, Move] | None


def lockstep(mode: str, game: int, rollouts: int) -> Lockstep:
    """Game ``game`` played with the tested seat's two players both asked at every decision (same seeds), one
    table while they agree."""
    rules = Rules.preset("standard")
    match = Match(rules, seed=1000 + game)
    tested = game % rules.players
    others: list[Any] = [BotPlayer("hard", seed=game * 10 + s) for s in range(rules.players)]
    arms = {True: tested_player(mode, game, True, rollouts), False: tested_player(mode, game, False, rollouts)}
    decisions = 0
    while True:
        seat = seat_to_move(match)
        if seat is None:
            match.next_hand()
            if match.game_over:
                return Lockstep(match, tested, others, arms, decisions, None)
            continue
        if seat != tested:
            apply(match, seat, others[seat].move(match, seat))
            continue
        moves = {t: arms[t].move(match, seat) for t in (True, False)}
        decisions += 1
        if moves[True] != moves[False]:
            return Lockstep(match, tested, others, arms, decisions, moves)
        apply(match, seat, moves[True])


def play_game(mode: str, game: int, rollouts: int) -> dict[str, Any]:
    """One game played both ways in lockstep, forked at the first disagreement and both finished from there; the
    tested seat's share of first place each way and where the two plays parted (None if never)."""
    start = time.process_time()
    step = lockstep(mode, game, rollouts)
    match, tested, parted = step.match, step.tested, None
    matches = {True: match, False: match}
    if step.moves is not None:
        line = judged_line(match.view(tested))
        parted = {"hand": len(match.history) + 1, "played": len(match.hand.plays()), "decision": step.decisions,
                  "phase": match.hand.phase.value, "scores": list(match.scores),
                  "can_end_this_hand": bool(line and line.can_end_this_hand)}
        fork, fork_others = copy.deepcopy((match, step.others))
        apply(match, tested, step.moves[True])
        apply(fork, tested, step.moves[False])
        for m, players, t in ((match, step.others, True), (fork, fork_others, False)):
            players = list(players)
            players[tested] = step.arms[t]
            finish(m, players)
        matches = {True: match, False: fork}
    result: dict[str, Any] = {"game": game, "seat": tested, "parted": parted, "decisions_together": step.decisions,
                              "cpu_seconds": round(time.process_time() - start, 1)}
    for t, key in ((True, "to_score"), (False, "points")):
        m = matches[t]
        winners = m.winners()
        result[key] = {"share": (1.0 / len(winners)) if tested in winners else 0.0, "scores": m.scores,
                       "hands": len(m.history)}
    return result


def judge_parting(mode: str, game: int, rollouts: int, deals: int) -> dict[str, Any] | None:
    """The two moves of a game's parting judged by a long search (``deals`` sampled deals, common to both,
    each rollout valued by the loss in the chance to win the game at the parting's score line): the to-score
    move's gain in that chance over the points move (percentage points; positive: the score-aware move is
    better), with its standard error, and its cost in points of the hand."""
    return judge_step(game, lockstep(mode, game, rollouts), deals)


def judge_step(game: int, step: Lockstep, deals: int) -> dict[str, Any] | None:
    """:func:`judge_parting` of a game already replayed to its parting."""
    from hearts_tutor.bots.heuristic import Beliefs
    from hearts_tutor.bots.search import evaluate_passes, evaluate_plays

    if step.moves is None:
        return None
    moves = step.moves
    view = step.match.view(step.tested)
    line = judged_line(view)
    if line is None or moves[True][0] == "moon":
        return {"game": game, "kind": moves[True][0], "judged": False}
    rng = random.Random(f"parting {game}")
    if moves[True][0] == "pass":
        options = [moves[True][1], moves[False][1]]
        est: dict[Any, Any] = evaluate_passes(view, options, rollouts=deals, rng=rng, value=line.loss_after)
    else:
        beliefs = Beliefs(view)
        est = evaluate_plays(view, rollouts=deals, rng=rng, card_weights=beliefs.card_weights() or None,
                             void_odds=beliefs.void_odds() or None, value=line.loss_after)
        options = [moves[True][1][0], moves[False][1][0]]
    a, b = (est[o].values for o in options)
    d = [y - x for x, y in zip(a, b, strict=True)]  # loss of the points move minus loss of the to-score move
    n = len(d)
    mean = sum(d) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n) if n > 1 else math.inf
    return {"game": game, "kind": moves[True][0], "judged": True, "deals": n,
            "can_end_this_hand": bool(line.can_end_this_hand), "gain": round(mean, 3), "se": round(se, 3),
            "points_cost": round((est[options[0]].points or 0.0) - (est[options[1]].points or 0.0), 3)}


def partings(mode: str, deals: int, rollouts: int, version: str = VERSION, judge: bool = True) -> dict[str, Any]:
    """Judge the partings of the games played so far (resumes from ``<mode><version>-partings.jsonl``; with
    ``judge`` False, or for an earlier version, only sums up what is judged); the mean gain in the chance to win
    over the judged partings, with a 95% CI (over partings). ``rollouts``: those the games were played with (the
    replay's players must be the games' own)."""
    path = OUT / f"{mode}{version}-partings.jsonl"
    done = {json.loads(x)["game"]: json.loads(x) for x in path.read_text().splitlines()} if path.exists() else {}
    for game, r in sorted(load(mode).items()) if version == VERSION and judge else ():
        if game in done or not r["parted"]:
            continue
        step = lockstep(mode, game, rollouts)
        if step.decisions != r["parted"]["decision"] or step.moves is None:  # not the players that played it
            judged = {"game": game, "judged": False, "replay_differs": True}
        else:
            judged = judge_step(game, step, deals)
        with path.open("a") as f:
            f.write(json.dumps(judged) + "\n")
        done[game] = judged
    rows = [r for r in done.values() if r.get("judged")]
    out: dict[str, Any] = {"mode": mode + version, "partings_judged": len(rows),
                           "replays_that_differ": sum(1 for r in done.values() if r.get("replay_differs")),
                           "deals": max((r["deals"] for r in rows), default=deals)}
    for name, subset in (("all", rows), ("game can end this hand", [r for r in rows if r["can_end_this_hand"]]),
                         ("game cannot end this hand", [r for r in rows if not r["can_end_this_hand"]])):
        g = [r["gain"] for r in subset]
        if len(g) > 1:
            m = sum(g) / len(g)
            half = Z95 * math.sqrt(sum((x - m) ** 2 for x in g) / (len(g) - 1) / len(g))
            out[name] = {"n": len(g), "mean_gain_percent": round(m, 3),
                         "ci95": [round(m - half, 3), round(m + half, 3)],
                         "better": sum(1 for r in subset if r["gain"] > 2 * r["se"]),
                         "worse": sum(1 for r in subset if r["gain"] < -2 * r["se"]),
                         "mean_points_cost": round(sum(r["points_cost"] for r in subset) / len(g), 3)}
    return out


def load(mode: str, version: str = VERSION) -> dict[int, dict[str, Any]]:
    """The finished games of a run by number (the earlier run's two lines per game joined into one)."""
    path = OUT / f"{mode}{version}.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            if i == len(lines) - 1:  # another shard is writing it
                continue
            raise
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


def markdown() -> str:
    """The current run's figures as benchmarks/README.md's tables: whole games, then the partings judged."""
    who = {"hints": "the coach's hints: to the score / for points",
           "expert": "the expert: to the score (after) / for points (before)"}
    rows = ["| tested seat | games | parted | first place, to the score | first place, for points | "
            "difference [95% CI] |", "|---|---|---|---|---|---|"]
    for mode in ("hints", "expert"):
        s = summary(mode)
        if s["games"]:
            rows.append(f"| {who[mode]} | {s['games']} | {s['games_parted']} | {s['to_score_wins']:.3f} | "
                        f"{s['points_wins']:.3f} | {s['difference']:+.3f} [{s['ci95'][0]:+.3f}, {s['ci95'][1]:+.3f}] |")
    rows += ["", "| tested seat | partings judged | the to-score move's gain in the chance to win [95% CI] | "
             "better / worse beyond 2 s.e. | the game could end that hand: n, gain | it could not: n, gain |",
             "|---|---|---|---|---|---|"]

    def cell(x: dict[str, Any]) -> str:
        return f"{x['n']}, {x['mean_gain_percent']:+.2f}%" if x else "-"

    for mode in ("hints", "expert"):
        p = partings(mode, 0, 0, judge=False)
        if p["partings_judged"] > 1:
            a, e, c = p["all"], p.get("game can end this hand", {}), p.get("game cannot end this hand", {})
            rows.append(f"| {mode} | {a['n']} | {a['mean_gain_percent']:+.2f}% [{a['ci95'][0]:+.2f}, "
                        f"{a['ci95'][1]:+.2f}] | {a['better']} / {a['worse']} | {cell(e)} | {cell(c)} |")
    return "\n".join(rows)


def run(mode: str, games: int, rollouts: int, shard: tuple[int, int] = (0, 1)) -> None:
    """Play the games not yet done, appending each to the run's file; ``shard`` (i, n): only the games whose number
    is i modulo n, so that n processes (one per core) can share a run."""
    OUT.mkdir(exist_ok=True)
    done = load(mode)
    start = time.time()
    part, parts = shard
    progress = OUT / (f"{mode}{VERSION}.progress" if parts == 1 else f"{mode}{VERSION}.{part}of{parts}.progress")
    for game in range(part, games, parts):
        if game in done:
            continue
        result = play_game(mode, game, rollouts)
        with (OUT / f"{mode}{VERSION}.jsonl").open("a") as f:
            f.write(json.dumps(result) + "\n")
        done[game] = result
        progress.write_text(
            f"{time.strftime('%H:%M:%S')} game {game + 1}/{games} ({time.time() - start:.0f} s this run)\n"
            + json.dumps(summary(mode)) + "\n")
    print(json.dumps(summary(mode)))


def shard_arg(text: str) -> tuple[int, int]:
    """``--shard I/N``: this process's share of the games."""
    try:
        part, parts = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard wants I/N, such as 0/2, not {text!r}") from None
    if not 0 <= part < parts:
        raise argparse.ArgumentTypeError(f"--shard {text}: I must be at least 0 and less than N")
    return part, parts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    for mode in ("hints", "expert"):
        p = sub.add_parser(mode)
        p.add_argument("--games", type=int, default=400)
        p.add_argument("--rollouts", type=int, default=24)
        p.add_argument("--shard", type=shard_arg, default=(0, 1), metavar="I/N",
                       help="play only the games numbered I modulo N (N processes share one run)")
    par = sub.add_parser("partings", help="judge each game's first parting with a long search (resumes)")
    par.add_argument("mode", choices=["hints", "expert"])
    par.add_argument("--deals", type=int, default=400)
    par.add_argument("--rollouts", type=int, default=24, help="the rollouts the games were played with")
    rep = sub.add_parser("report")
    rep.add_argument("--earlier", action="store_true", help="also the earlier runs (-v2 and before)")
    rep.add_argument("--markdown", action="store_true", help="the tables of benchmarks/README.md")
    args = parser.parse_args()
    if args.cmd == "report" and args.markdown:
        print(markdown())
        return 0
    if args.cmd == "report":
        for mode in ("hints", "expert"):
            for version in (*EARLIER, VERSION) if args.earlier else (VERSION,):
                print(json.dumps(summary(mode, version)))
                if (OUT / f"{mode}{version}-partings.jsonl").exists():
                    print(json.dumps(partings(mode, 0, 0, version, judge=False)))
        return 0
    if args.cmd == "partings":
        print(json.dumps(partings(args.mode, args.deals, args.rollouts)))
        return 0
    run(args.cmd, args.games, args.rollouts, args.shard)
    return 0


if __name__ == "__main__":
    sys.exit(main())
