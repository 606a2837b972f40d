"""Re-verifying a bank with new dice, and listing it (``hearts-tutor puzzles check`` and ``list``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..batch.runner import run_batch
from ..engine.hand import IllegalMove
from ..engine.record import referee_record
from .at_score import judge_at_score
from .bank import NOT_RECORD, Bank, BankError, Puzzle, move_key, parse_move
from .mine import DEFAULT_BUDGET, Budget, compare, option_values
from .verify import wrong_options


@dataclass
class CheckReport:
    """``puzzles check``'s answer (SPEC section 11)."""

    puzzles: int = 0
    kept_answer: int = 0
    changed: list[str] = field(default_factory=list)
    invalid: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"puzzles": self.puzzles, "kept_answer": self.kept_answer, "changed": self.changed,
                "invalid": self.invalid}


def check_puzzle(puzzle: Puzzle, seed: int, budget: Budget = DEFAULT_BUDGET) -> tuple[bool, str | None]:
    """Grade the puzzle's options again with the coach's model on new dice: (answer kept, error or None).

    The answer is kept when the new grading's best option is one of the puzzle's answers and the tempting
    move (``source["tempting"]``, the weak bots' wrong choice) is still wrong: graded below good against that
    best. Other options near the good band's limit may cross it with new dice; they do not change the answer.
    A ``play-to-score`` puzzle is graded by the chance to win the game at its scores (:mod:`.at_score`).
    The prefix must also pass the referee.
    """
    verdict = referee_record({k: v for k, v in puzzle.to_json().items() if k not in NOT_RECORD})
    if not verdict["ok"]:
        return False, f"the referee rejects its record: {verdict['error']}"
    try:
        view = puzzle.view()
    except BankError as e:
        return False, str(e)
    options: list[Any] = [parse_move(k) for k in puzzle.expected]
    if puzzle.kind == "play":
        options = [o[0] for o in options]
        legal = view.legal_plays()
        if any(o not in legal for o in options):
            return False, f"puzzle {puzzle.id}: a graded option is not a legal card"
    else:  # a pass the engine refuses would stop the rollouts with an exception: name it instead
        state = puzzle.record.to_state()
        for o in options:
            try:
                state.verify_pass(0, o)
            except IllegalMove as e:
                return False, f"puzzle {puzzle.id}: the graded pass {move_key(o)} is not legal: {e.reason}"

    deals = budget.grade_pass if puzzle.kind == "pass" else budget.grade
    if puzzle.scores is not None:  # a play-to-score puzzle: the chance to win the game at its scores decides
        if puzzle.kind != "play":
            return False, f"puzzle {puzzle.id}: only plays are judged at a score line"
        judged = judge_at_score(view, options, seed=seed, deals=deals)
        best, accepted = move_key(judged.best), {move_key(o) for o in judged.accepted}
    else:
        result = compare(option_values(view, options, seed=seed, deals=deals))
        best, accepted = move_key(result.best), {move_key(o) for o in result.accepted}
    return best in puzzle.answers and not accepted & wrong_options(puzzle), None


def _check_task(task: tuple[Puzzle, int, Budget]) -> tuple[str, bool, str | None, float]:
    puzzle, seed, budget = task
    start = time.process_time()
    kept, error = check_puzzle(puzzle, seed, budget)
    return puzzle.id, kept, error, time.process_time() - start


def read_check_log(log: Path, seed: int) -> dict[str, tuple[bool, str | None]]:
    """The verdicts a ``--log`` file holds for ``seed``, by puzzle id (the last line of an id wins)."""
    verdicts: dict[str, tuple[bool, str | None]] = {}
    if not log.exists():
        return verdicts
    for n, line in enumerate(log.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if int(row["seed"]) == seed:
                verdicts[str(row["id"])] = (bool(row["kept"]), row.get("error"))
        except (ValueError, KeyError, TypeError) as e:
            raise BankError(f"{log}:{n}: not a check verdict: {e}") from None
    return verdicts


def check_bank(puzzles: Iterable[Puzzle], *, seed: int, jobs: int = 1, budget: Budget = DEFAULT_BUDGET,
               progress: Callable[[int], None] | None = None, log: Path | None = None) -> CheckReport:
    """Re-verify every puzzle (in ``jobs`` processes); the report of SPEC section 11. With ``log``, each verdict
    is appended to that file as it comes (id, kept, error, seed, CPU seconds) and puzzles it already judged
    with this seed are not checked again, so a stopped run resumes."""
    puzzles = list(puzzles)
    verdicts = read_check_log(log, seed) if log is not None else {}
    tasks = [(p, seed, budget) for p in puzzles if p.id not in verdicts]
    if progress and len(tasks) < len(puzzles):
        progress(len(puzzles) - len(tasks))
    for _, (pid, kept, error, cpu) in run_batch(_check_task, tasks, jobs=jobs):
        verdicts[pid] = (kept, error)
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"id": pid, "kept": kept, "error": error, "seed": seed,
                                    "cpu": round(cpu, 2)}) + "\n")
        if progress:
            progress(1)
    report = CheckReport(puzzles=len(puzzles))
    for p in puzzles:
        kept, error = verdicts[p.id]
        if error is not None:
            report.invalid.append({"id": p.id, "error": error})
        elif kept:
            report.kept_answer += 1
        else:
            report.changed.append(p.id)
    return report


def list_lines(bank: Bank, *, theme: str | None = None, rules: str | None = None) -> list[dict[str, Any]]:
    """One summary per puzzle: id, rules preset, themes, rating."""
    return [{"id": p.id, "rules": p.preset, "kind": p.kind, "themes": list(p.themes), "rating": p.rating}
            for p in bank.select(themes=[theme] if theme else [], rules=rules)]


__all__ = ["CheckReport", "check_bank", "check_puzzle", "list_lines", "read_check_log"]
