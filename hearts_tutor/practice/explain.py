"""Explanations from facts: write every bank puzzle's ``explanation`` again, and check what they state.

``hearts-tutor puzzles explain [FILE]`` rewrites each puzzle's explanation with the coach's current words
(:func:`~hearts_tutor.practice.mine.explain_decision`: the answer's reason names the fact that separates it from
the stored temptation). ``hearts-tutor puzzles facts [FILE] [--graded N]`` reads every explanation back and
checks each fact it states against the puzzle's position (:func:`~hearts_tutor.coach.facts.check_explanation`),
and does the same for ``N`` moves graded by the coach in bot games.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..coach.facts import check_explanation
from ..coach.score_facts import check_score_explanation
from ..coach.text import GENERIC
from ..engine.cards import Card
from ..engine.hand import Phase
from .bank import BankError, Puzzle, parse_move


def tempting_move(puzzle: Puzzle) -> str:
    """The stored temptation (the weak bots' most tempting wrong move), else the best-graded wrong option."""
    for key in ("tempting", "your_move"):  # a bank puzzle's temptation; a table review's own old move
        stored = puzzle.source.get(key)
        if isinstance(stored, str) and stored in puzzle.expected:
            return stored
    wrong = [o for o in puzzle.expected if o not in puzzle.answers]
    if not wrong:
        raise BankError(f"puzzle {puzzle.id}: no wrong option to explain the answer against")
    return min(wrong, key=lambda o: puzzle.expected[o][0])


def _move(puzzle: Puzzle, key: str) -> Any:
    cards = parse_move(key)
    return cards[0] if puzzle.kind == "play" else tuple(sorted(cards))


def puzzle_explanation(puzzle: Puzzle) -> str:
    """The coach's words for a puzzle, made again from its position, answer and temptation."""
    from .mine import Takes, explain_decision, takes_words, with_takes

    view = puzzle.view()
    tempting = tempting_move(puzzle)
    if puzzle.scores is not None:
        return _explanation_at_score(puzzle, view, tempting)
    cost = puzzle.expected[tempting][0] - puzzle.expected[puzzle.best][0]
    accepted = [_move(puzzle, a) for a in sorted(puzzle.answers, key=lambda a: puzzle.expected[a][0])]
    best, worse = _move(puzzle, puzzle.best), _move(puzzle, tempting)
    words = explain_decision(view, best, worse, cost, accepted)
    takes = puzzle.source.get("takes") or {}
    if puzzle.kind == "play" and puzzle.best in takes and tempting in takes:
        said = takes_words(best, worse, {best: Takes.from_json(takes[puzzle.best]),
                                         worse: Takes.from_json(takes[tempting])}, view.rules.decks == 1,
                            view.rules.jack_points)
        words = with_takes(words, said)
    return words


def says_only_generic(words: str) -> bool:
    """Whether an explanation gives only the coach's fallback reason (:data:`GENERIC`), with no play-out figure of
    what the temptation makes the learner take (:func:`~.mine.takes_words`)."""
    return GENERIC in words and "the coach's play-outs" not in words


def record_takes(data: dict[str, Any], puzzle: Puzzle, words: str) -> bool:
    """Give a play puzzle (``data``, read as ``puzzle``) whose words (``words``, :func:`puzzle_explanation`) give
    only the fallback reason ``source["takes"]`` (unless it has them, the jack of diamonds counted): what the learner
    takes after its answer and after its temptation (:func:`~.mine.play_takes`, its grading's seed and deals).
    Whether it was given them."""
    from .mine import play_takes

    source = data["source"]
    grade = source.get("grade") or {}
    stored = (source.get("takes") or {}).get(puzzle.best) or {}
    if puzzle.kind != "play" or puzzle.scores is not None or "jack" in stored or "seed" not in grade or \
            GENERIC not in words:
        return False
    tempting = tempting_move(puzzle)
    cards = {key: _move(puzzle, key) for key in (puzzle.best, tempting)}
    takes = play_takes(puzzle.view(), list(cards.values()), seed=grade["seed"], deals=grade["deals"])
    source["takes"] = {key: takes[card].to_json() for key, card in cards.items()}
    return True


def _explanation_at_score(puzzle: Puzzle, view: Any, tempting: str) -> str:
    """A play-to-score puzzle's words, made again from its score line and its stored grading in chance."""
    from .score_puzzles import Playouts, explain_at_score

    stored = puzzle.source.get("to_score") or {}
    chance, ends = stored.get("chance") or {}, stored.get("ends") or {}
    if puzzle.kind != "play" or any(k not in chance or k not in ends for k in (puzzle.best, tempting)):
        raise BankError(f"puzzle {puzzle.id}: a play-to-score puzzle needs its grading in chance (source.to_score)")
    best, worse = _move(puzzle, puzzle.best), _move(puzzle, tempting)
    playouts = stored.get("playouts") or {}
    after = ({best: Playouts.from_json(playouts[puzzle.best]), worse: Playouts.from_json(playouts[tempting])}
             if puzzle.best in playouts and tempting in playouts else None)
    return explain_at_score(view, best, worse, {best: chance[puzzle.best][0], worse: chance[tempting][0]},
                            {best: puzzle.expected[puzzle.best][0], worse: puzzle.expected[tempting][0]},
                            {best: ends[puzzle.best], worse: ends[tempting]}, after)


def puzzle_problems(puzzle: Puzzle) -> list[str]:
    """The facts a puzzle's explanation states that do not hold in its position (its score line included)."""
    view = puzzle.view()
    answer: Card | None = None
    tempting: Card | None = None
    if puzzle.kind == "play":
        answer, tempting = _move(puzzle, puzzle.best), _move(puzzle, tempting_move(puzzle))
    return check_explanation(view, puzzle.explanation, answer, tempting) + \
        check_score_explanation(view, puzzle.explanation)


def regenerate_file(path: Path, progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Write every puzzle's explanation in one bank file again (other fields and lines untouched);
    (changed, puzzles)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out, changed, total = lines[:1], 0, 0
    for line in lines[1:]:
        if not line.strip():
            out.append(line)
            continue
        data = json.loads(line)
        puzzle = Puzzle.from_json(data)
        words = puzzle_explanation(puzzle)
        given = record_takes(data, puzzle, words)
        if given:  # the words again, with what the play-outs show
            words = puzzle_explanation(Puzzle.from_json(data))
        total += 1
        if words != data["explanation"] or given:
            data["explanation"] = words
            changed += 1
            line = json.dumps(data, separators=(",", ":"))
        out.append(line)
        if progress is not None:
            progress(1)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return changed, total


@dataclass
class FactReport:
    """What the fact checker found: explanations checked, the generic ones, and every false statement."""

    checked: int = 0
    generic: int = 0
    false: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"checked": self.checked, "generic": self.generic, "false": self.false}


def check_puzzles(puzzles: Iterable[Puzzle], progress: Callable[[int], None] | None = None) -> FactReport:
    """Check the stated facts of every puzzle's explanation."""
    report = FactReport()
    for p in puzzles:
        report.checked += 1
        report.generic += says_only_generic(p.explanation)
        for problem in puzzle_problems(p):
            report.false.append({"id": p.id, "problem": problem, "explanation": p.explanation})
        if progress is not None:
            progress(1)
    return report


def check_graded_moves(count: int, *, seed: int = 0, rollouts: int = 60,
                       progress: Callable[[int], None] | None = None) -> FactReport:
    """Grade ``count`` moves (a random legal card at random points of hard bots' games, standard rules) and
    check the stated facts of each grade's explanation and of the hint's reason there."""
    from ..batch.tournament import deal_for
    from ..bots import make_bot
    from ..coach.grading import grade_play
    from ..coach.hints import points_contrast, points_play_reason
    from ..engine.rules import Rules

    rules = Rules.preset("standard")
    rng = random.Random(seed)
    report = FactReport()
    deal = 0
    while report.checked < count:
        state = deal_for(rules, seed, deal)
        bots = [make_bot("hard", seed=seed * 100 + deal * 4 + s) for s in range(rules.players)]
        deal += 1
        while state.phase is not Phase.DONE and report.checked < count:
            if state.phase is Phase.PASS:
                for s in range(state.n):
                    if state.passes[s] is None:
                        state.pass_cards(s, bots[s].decide(state.view(s)).cards)
                continue
            view = state.view(state.to_move)
            legal = view.legal_plays() if state.phase is Phase.PLAY else []
            if len(legal) > 1 and rng.random() < 0.3:
                chosen = rng.choice(legal)
                grade = grade_play(view, chosen, seed=rng.getrandbits(31), rollouts=rollouts)
                means = {c: grade.expected[c] for c in legal}
                hinted = points_play_reason(view, means)  # the words of the hint there, and what they compare
                best, _same, contrast = points_contrast(view, means)
                said = [(grade.explanation, grade.best, chosen), (hinted, best, contrast)]
                report.checked += 1
                for words, answer, other in said:
                    report.generic += says_only_generic(words)
                    for problem in check_explanation(view, words, answer, other):
                        report.false.append({"deal": deal - 1, "seat": view.seat, "trick": len(view.tricks) + 1,
                                             "problem": problem, "explanation": words})
                if progress is not None:
                    progress(1)
            bots[state.to_move].decide(view).apply(state)
    return report
