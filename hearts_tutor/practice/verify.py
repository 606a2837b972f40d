"""The bank's second verifier: a model that plays moons both ways and differs from the miner's.

The miner grades with the coach's model (the rollout policy on deals shaped by the hard bots' inference) and
asks a second opinion of the hard and medium bots. This verifier deals the unseen cards uniformly (no
inference) and plays them out with :func:`~hearts_tutor.bots.search.moon_mix_policy`: every seat tries a moon
or stops one as :mod:`hearts_tutor.bots.rollout_moon` says, and otherwise plays either the sound rollout policy
or the quick one, a coin toss per card (common random numbers, so every option sees the same tosses). A puzzle
keeps its answer when this model's best option is one of its answers and its tempting move is still wrong
(graded below good).

Verdicts are appended to a JSON-lines file, one per puzzle, so a long run is resumable
(:func:`reverify`): ``python -m hearts_tutor.practice.verify OUT [BANK...]``; ``--drop`` then removes from the
bank files the puzzles their verdicts reject (:func:`drop_rejected`).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..bots.heuristic import am_shooting
from ..engine.record import referee_record
from .at_score import judge_at_score
from .bank import NOT_RECORD, BankError, Puzzle, bank_files, move_key, parse_move, read_bank_file
from .mine import compare, option_values
from .themes import queen_goes_elsewhere

VERIFY_DEALS = 300
"""Sampled deals per play puzzle (a pass puzzle gets :data:`VERIFY_PASS_DEALS`)."""
VERIFY_PASS_DEALS = 200


def moon_dependent(puzzle: Puzzle) -> bool:
    """Whether the puzzle's answer expects fewer points than seat 0 has already taken (only a moon does that)."""
    taken = puzzle.record.to_state().raw_points()[0]
    return puzzle.expected[puzzle.best][0] < taken - 0.5


def is_moon_try(puzzle: Puzzle) -> bool:
    """Whether the puzzle's answer is a moon try: the seat is shooting (the hard bots' test) or the answer
    expects fewer points than the seat has already taken."""
    return puzzle.kind == "play" and (am_shooting(puzzle.view()) or moon_dependent(puzzle))


def moon_label(puzzle: Puzzle) -> str:
    """The theme of a moon try: ``pass-moon`` for a pass, ``shoot-moon`` for a play."""
    return "pass-moon" if puzzle.kind == "pass" else "shoot-moon"


def label_problems(puzzle: Puzzle) -> list[str]:
    """What is wrong with the puzzle's theme labels, checked against the position."""
    problems = []
    if "unload-queen" in puzzle.themes and not (puzzle.kind == "play" and queen_goes_elsewhere(puzzle.view())):
        problems.append("unload-queen, but the queen played now would not land with another seat")
    if "shoot-moon" in puzzle.themes and not is_moon_try(puzzle):
        problems.append("shoot-moon, but the answer is no moon try")
    label = moon_label(puzzle)
    if moon_dependent(puzzle) and label not in puzzle.themes:
        problems.append(f"its answer expects fewer points than already taken (a moon) without the {label} label")
    return problems


def moon_confirmed(puzzle: Puzzle, verdict: dict[str, Any]) -> bool:
    """Whether the moon model confirms a moon-dependent answer: it keeps the answer and also expects fewer
    points than the seat has already taken."""
    taken = puzzle.record.to_state().raw_points()[0]
    means = verdict.get("means") or {}
    return bool(verdict.get("kept")) and means.get(puzzle.best, taken) < taken - 0.5


def verify_puzzle(puzzle: Puzzle, seed: int) -> dict[str, Any]:
    """This model's verdict on one puzzle: kept, its best option, each option's mean and cost, or an error."""
    out: dict[str, Any] = {"id": puzzle.id, "moon_dependent": moon_dependent(puzzle)}
    verdict = referee_record({k: v for k, v in puzzle.to_json().items() if k not in NOT_RECORD})
    if not verdict["ok"]:
        return {**out, "kept": False, "error": f"the referee rejects its record: {verdict['error']}"}
    options: list[Any] = [parse_move(k) for k in puzzle.expected]
    if puzzle.kind == "play":
        options = [o[0] for o in options]
    deals = VERIFY_PASS_DEALS if puzzle.kind == "pass" else VERIFY_DEALS
    key = (lambda o: move_key(o)) if puzzle.kind == "pass" else (lambda o: move_key((o,)))
    if puzzle.scores is not None:  # a play-to-score puzzle: judged by the chance to win the game at its scores
        return {**out, **_verdict_at_score(puzzle, options, seed, deals)}
    result = compare(option_values(puzzle.view(), options, seed=seed, deals=deals, model="moon"))
    accepted = {key(o) for o in result.accepted}
    kept = key(result.best) in puzzle.answers and not accepted & wrong_options(puzzle)
    return {**out, "kept": kept, "error": None, "deals": deals, "best": key(result.best), "accepted": sorted(accepted),
            "means": {key(o): round(m, 3) for o, m in result.means.items()},
            "cost": {key(o): round(c, 3) for o, c in result.cost.items()}}


def _verdict_at_score(puzzle: Puzzle, options: list[Any], seed: int, deals: int) -> dict[str, Any]:
    """The moon model's verdict in chance to win the game at the puzzle's score line (plays only)."""
    if puzzle.kind != "play":
        raise BankError(f"puzzle {puzzle.id}: only plays are judged at a score line")
    judged = judge_at_score(puzzle.view(), options, seed=seed, deals=deals, model="moon")
    accepted = {move_key((o,)) for o in judged.accepted}
    kept = move_key((judged.best,)) in puzzle.answers and not accepted & wrong_options(puzzle)
    return {"kept": kept, "error": None, "deals": deals, "best": move_key((judged.best,)),
            "accepted": sorted(accepted), "chance": {move_key((o,)): round(c, 4) for o, c in judged.chance.items()},
            "means": {move_key((o,)): round(m, 3) for o, m in judged.points.items()}}


def wrong_options(puzzle: Puzzle) -> set[str]:
    """The moves a check must still find wrong: the stored temptation, else every option not accepted."""
    tempting = puzzle.source.get("tempting")
    return {tempting} if isinstance(tempting, str) and tempting in puzzle.expected else \
        set(puzzle.expected) - set(puzzle.answers)


def _done_ids(out: Path) -> set[str]:
    if not out.exists():
        return set()
    return {json.loads(line)["id"] for line in out.read_text().splitlines() if line.strip()}


def reverify(banks: Sequence[Path], out: Path, *, seed: int = 30) -> int:
    """Verify every puzzle of ``banks`` not yet in ``out`` (appending a verdict line each, with the CPU seconds it
    took); how many done."""
    done = _done_ids(out)
    count = 0
    with out.open("a") as f:
        for puzzle in _puzzles(banks):
            if puzzle.id in done:
                continue
            start = time.process_time()
            try:
                row = verify_puzzle(puzzle, seed)
            except Exception as e:  # a bad puzzle is a verdict, not the end of the run
                row = {"id": puzzle.id, "kept": False, "error": f"{type(e).__name__}: {e}"}
            row["cpu"] = round(time.process_time() - start, 2)
            f.write(json.dumps(row) + "\n")
            f.flush()
            count += 1
    return count


def rejection(puzzle: Puzzle, verdict: dict[str, Any] | None) -> str | None:
    """Why the bank drops a puzzle after its verdict (None: it stays, or it has no verdict yet): the verifier
    rejects it, its moon is not confirmed, or a theme label does not hold in its position."""
    if verdict is None:
        return None
    if not verdict.get("kept"):
        best = verdict.get("best")
        if verdict.get("error") or best is None:
            return verdict.get("error") or "no verdict"
        if best not in puzzle.answers:
            return f"the moon model's best option is {best}, not an answer"
        wrong = sorted(set(verdict.get("accepted", ())) - set(puzzle.answers))
        return f"the moon model accepts {', '.join(wrong)} too"
    if moon_dependent(puzzle) and not moon_confirmed(puzzle, verdict):
        return "its answer expects fewer points than already taken, and the moon model does not confirm the moon"
    problems = label_problems(puzzle)
    return "; ".join(problems) if problems else None


def drop_rejected(banks: Sequence[Path], verdicts: Path) -> dict[str, str]:
    """Remove from the bank files every puzzle :func:`rejection` rejects (each other line is kept as it is);
    the ids dropped and why."""
    found: dict[str, dict[str, Any]] = {}
    if verdicts.exists():
        for line in verdicts.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                found[row["id"]] = row
    dropped: dict[str, str] = {}
    for path in banks:
        puzzles, _ = read_bank_file(path)
        gone = {p.id: why for p in puzzles if (why := rejection(p, found.get(p.id))) is not None}
        if not gone:
            continue
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        kept = [lines[0]] + [ln for ln in lines[1:] if not ln.strip() or json.loads(ln).get("id") not in gone]
        path.write_text("".join(kept), encoding="utf-8")
        dropped.update(gone)
    return dropped


def _puzzles(banks: Iterable[Path]) -> Iterable[Puzzle]:
    for path in banks:
        puzzles, _ = read_bank_file(path)
        yield from puzzles


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    drop = "--drop" in args
    args = [a for a in args if a != "--drop"]
    if not args:
        print("usage: python -m hearts_tutor.practice.verify [--drop] OUT [BANK...]", file=sys.stderr)
        return 2
    banks = [Path(a) for a in args[1:]] or bank_files()
    if drop:
        for pid, why in drop_rejected(banks, Path(args[0])).items():
            print(f"dropped {pid}: {why}")
        return 0
    n = reverify(banks, Path(args[0]))
    print(f"verified {n} puzzles into {args[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["VERIFY_DEALS", "VERIFY_PASS_DEALS", "drop_rejected", "is_moon_try", "label_problems", "moon_confirmed",
           "moon_dependent", "moon_label", "rejection", "reverify", "verify_puzzle", "wrong_options"]
