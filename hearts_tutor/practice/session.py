"""A practice session without widgets: today's reviews first, then new puzzles near the learner's rating.

The widget (:mod:`.widget`) only shows what a :class:`Practice` says and forwards clicks, so the same flow runs
in a notebook, on the Voila page and in tests. Answers are judged from the grading stored in the bank (no
rollouts), except a pass the coach never compared, which is graded on the spot. Only the first try at a puzzle
is rated (Glicko-2); a miss becomes a review item (FSRS) that comes back on its own schedule, and so does every
mistake or blunder the learner makes at the table (:func:`review_from_grade`).

>>> import tempfile, pathlib
>>> from .learner import LearnerDB
>>> db = LearnerDB(pathlib.Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> practice = Practice(learner=db, seed=1)
>>> item = practice.next()
>>> item.puzzle.id in practice.bank.by_id
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ..coach.text import wins_in_100
from ..coach.to_score import chance_words
from ..engine.cards import Card, card_name, join_names
from ..engine.record import HandRecord
from ..engine.view import PlayerView
from .bank import THEMES, Bank, BankError, Judgement, Puzzle, load_bank, move_key, parse_move

MAX_TRIES = 2
"""Tries before the answer is shown (the first one alone is rated)."""
NEAREST = 8
"""New puzzles are drawn at random from this many of the unsolved ones nearest the learner's rating."""
REVIEW_BANDS = ("mistake", "blunder")
"""Table moves graded in these bands become review items."""

_BANK: Bank | None = None
_TICK = timedelta(microseconds=1)


def shipped_bank() -> Bank:
    """The bank shipped in the package, loaded once per process."""
    global _BANK
    if _BANK is None:
        _BANK = load_bank()
    return _BANK


@dataclass(frozen=True)
class Item:
    """A puzzle on the table: a new one, or a review of an earlier miss (``review``)."""

    puzzle: Puzzle
    review: bool
    view: PlayerView


@dataclass(frozen=True)
class Outcome:
    """The verdict on one try and what to show: the words, and once over the options' expected points."""

    correct: bool
    legal: bool
    text: str
    over: bool
    judgement: Judgement | None = None
    options: tuple[tuple[str, float, float, bool], ...] = ()
    """(move, expected points, ci95, accepted) for every graded option, best first: shown when over; for a
    play-to-score puzzle (``judgement.chance`` set, or the puzzle's ``chances``) the chance to win the game in
    percent and its ci95 instead of the points."""
    rating_change: tuple[float, float] | None = None
    """The learner's rating before and after this puzzle (first try only; reviews are not rated)."""


@dataclass
class Practice:
    """One learner's practice: ``next()`` puts up a puzzle, ``answer(cards)`` judges a try."""

    bank: Bank = field(default_factory=shipped_bank)
    learner: Any = None
    theme: str | None = None
    rules: str | None = None
    variants: bool | None = None
    """False: only puzzles of the standard four-player game (reviews too); True: only other rules'; None: any."""
    seed: int | None = None
    timer: Callable[[], float] = time.monotonic
    """Seconds for timing each answer (the learner database keeps its own clock for dates)."""
    item: Item | None = None
    tries: int = 0
    solved: bool = False
    started: float = 0.0
    served: dict[str, datetime] = field(default_factory=dict)
    """The puzzles and reviews put up in this run, and when: a review comes again only once it has come due
    after it was shown (Skip moves on; a miss waits for FSRS's step), a new puzzle not in this run."""
    comes_back: datetime | None = None
    """When the puzzle on the table comes back for review, once an answer has scheduled it."""

    def __post_init__(self) -> None:
        if self.learner is None:
            from .learner import LearnerDB

            self.learner = LearnerDB()
        if self.theme is not None and self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r} (themes: {', '.join(THEMES)})")
        self.rng = random.Random(self.seed)

    # ----- choosing -----

    def reviews_due(self) -> int:
        """How many reviews are due now."""
        return len(self.learner.due_reviews())

    def next(self, themes: Sequence[str] = ()) -> Item | None:
        """Today's first due review, else a new puzzle near the learner's rating (None when none is left); never
        another puzzle cut from the same deal as the one just shown (a moon's leads come in runs) while another is left.

        ``themes`` limits both to those themes (a lesson's); by default the chosen ``theme``, or every theme.
        """
        wanted = set(themes or ([self.theme] if self.theme else []))
        shown = self.item.puzzle if self.item else None
        last = shown.deal if shown else None
        held: Puzzle | None = None  # a due review of another puzzle of the deal just shown: only if nothing else is
        for due in self.learner.due_reviews():
            if (wanted and not wanted & set(due.themes)) or due.due <= self.served.get(due.key, due.due - _TICK):
                continue
            try:
                puzzle = Puzzle.from_json(due.puzzle)
            except ValueError:
                continue  # a review whose position no longer loads is skipped, not fatal
            if not self._fits(puzzle):
                continue
            if puzzle.deal != last or (shown is not None and puzzle.id == shown.id):
                return self._show(puzzle, review=True)
            held = held or puzzle
        pool = self.pool(themes)
        tried = self.learner.attempted()
        unseen = [p for p in pool if p.id not in self.served]
        fresh = [p for p in unseen if p.id not in tried] or unseen
        apart = [p for p in fresh if p.deal != last]
        if held is not None and not apart:
            return self._show(held, review=True)
        if not fresh:
            return None
        target = self.learner.rating(self.theme).rating
        nearest = sorted(apart or fresh, key=lambda p: abs(p.rating - target))[:NEAREST]
        return self._show(self.rng.choice(nearest), review=False)

    def pool(self, themes: Sequence[str] = ()) -> list[Puzzle]:
        """The bank's puzzles :meth:`next` chooses new ones from (of ``themes``, else the chosen theme)."""
        wanted = themes or ([self.theme] if self.theme else [])
        return self.bank.select(themes=sorted(wanted), rules=self.rules, variants=self.variants)

    def _fits(self, puzzle: Puzzle) -> bool:
        return (self.rules is None or puzzle.preset == self.rules) and (
            self.variants is None or puzzle.variant == self.variants)

    def _show(self, puzzle: Puzzle, review: bool) -> Item:
        self.item = Item(puzzle, review, puzzle.view())
        self.served[puzzle.id] = self.learner.now()
        self.tries, self.solved, self.comes_back = 0, False, None
        self.started = self.timer()
        return self.item

    # ----- answering -----

    @property
    def over(self) -> bool:
        return self.solved or self.tries >= MAX_TRIES

    def answer(self, cards: Sequence[Card]) -> Outcome:
        """Judge one try: an illegal card or a pass of the wrong size costs no try."""
        if self.item is None:
            raise ValueError("no puzzle is on the table: call next() first")
        puzzle, view = self.item.puzzle, self.item.view
        problem = _problem(view, puzzle.kind, cards)
        if problem:
            return Outcome(False, False, problem, self.over)
        judgement = puzzle.judge(cards)
        if puzzle.kind == "pass" and judgement.expected is None:
            judgement = _grade_unlisted_pass(puzzle, view, cards)
        first = self.tries == 0 and not self.over
        self.tries += 1
        self.solved = self.solved or judgement.correct
        change = self._record(puzzle, judgement, cards) if first else None
        if judgement.correct and judgement.move != puzzle.best:
            best = join_names(list(parse_move(puzzle.best)))
            behind = f"only {judgement.cost:.1f} points behind" if judgement.cost >= 0.05 else "as good as"
            if judgement.chance is not None:
                behind = f"only {wins_in_100(100 * judgement.cost)} behind" if judgement.cost >= 0.005 \
                    else "as good as"
            text = f"Right! {_move_words(puzzle.kind, judgement.move)} is good: {behind} the coach's best, {best}."
        elif judgement.correct:
            text = f"Right! {_move_words(puzzle.kind, judgement.move)} is the coach's answer."
        elif self.over:
            text = f"Not quite: {_cost_words(judgement)}"
        else:
            text = f"Not quite: {_cost_words(judgement)} Try again?"
        if self.over:
            text += " " + _explanation(puzzle) + self._when_back()
        return Outcome(judgement.correct, True, text, self.over, judgement,
                       self.options() if self.over else (), change)

    def _when_back(self) -> str:
        """When the puzzle comes back for review ("" when it is not on the schedule)."""
        if self.comes_back is None:
            return ""
        return f" You will see it again {when_words(self.comes_back, self.learner.now())}, for review."

    def reveal(self) -> Outcome:
        """Give up: the answer and the explanation (counts as a miss if nothing was tried)."""
        if self.item is None:
            raise ValueError("no puzzle is on the table")
        puzzle = self.item.puzzle
        change = None
        if self.tries == 0:  # a give-up costs what the tempting wrong move costs
            tempting = puzzle.source.get("tempting")
            cards = parse_move(tempting) if isinstance(tempting, str) and tempting in puzzle.expected else ()
            miss = puzzle.judge(cards) if cards else Judgement(False, "", 0.0, "blunder", None)
            change = self._record(puzzle, dataclasses.replace(miss, correct=False), ())
        self.tries = max(self.tries, MAX_TRIES)
        best = _move_words(puzzle.kind, puzzle.best)
        return Outcome(self.solved, True, f"The coach's answer: {best}. {_explanation(puzzle)}{self._when_back()}",
                       True, None, self.options(), change)

    def options(self) -> tuple[tuple[str, float, float, bool], ...]:
        assert self.item is not None
        p = self.item.puzzle
        if p.chances:  # best first: the highest chance to win the game, in percent
            return tuple((k, 100 * m, 100 * c, k in p.answers)
                         for k, (m, c) in sorted(p.chances.items(), key=lambda kv: -kv[1][0]))
        rows = sorted(p.expected.items(), key=lambda kv: kv[1][0])
        return tuple((k, m, c, k in p.answers) for k, (m, c) in rows)

    def _record(self, puzzle: Puzzle, judgement: Judgement, cards: Sequence[Card]) -> tuple[float, float] | None:
        from .learner import Attempt

        review = self.item is not None and self.item.review
        cost = judgement.cost if judgement.cost == judgement.cost else 0.0
        in_chance = judgement.chance is not None  # a cost in chance (0 to 1) is stored in percent, as grades say it
        attempt = Attempt(source="review" if review else "puzzle", puzzle_id=puzzle.id, kind=puzzle.kind,
                          position=puzzle.to_json(), choice=[move_key(tuple(cards))] if cards else [],
                          correct=judgement.correct, band=judgement.band or "blunder",
                          cost=round(100 * cost, 3) if in_chance else cost,
                          seconds=round(self.timer() - self.started, 3), themes=list(puzzle.themes),
                          unit="chance" if in_chance else "points")
        if review:
            self.learner.record_attempt(attempt)
            self.comes_back = self.learner.review_result(puzzle.id, judgement.correct)
            return None
        change = self.learner.record_attempt(attempt, puzzle_rating=puzzle.rating)
        if not judgement.correct:  # on the schedule, and first due after FSRS's step for a miss, not at once
            self.learner.add_review(puzzle.id, puzzle.to_json(), list(puzzle.themes))
            self.comes_back = self.learner.review_result(puzzle.id, False)
        return (change.before, change.after)


def when_words(due: datetime, now: datetime) -> str:
    """When a review comes due, as a learner reads it: "later today", "tomorrow", "in 3 days (Friday 6 November)".

    >>> from datetime import UTC
    >>> now = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
    >>> when_words(now + timedelta(days=1), now), when_words(now + timedelta(days=4), now)
    ('tomorrow', 'in 4 days (Thursday 5 November)')
    """
    days = (due.astimezone().date() - now.astimezone().date()).days
    if days <= 0:
        return "later today"
    if days == 1:
        return "tomorrow"
    return f"in {days} days ({due.astimezone():%A} {due.astimezone().day} {due.astimezone():%B})"


def _problem(view: PlayerView, kind: str, cards: Sequence[Card]) -> str:
    """Why a try cannot be judged (the wrong number of cards, an illegal card), or ""."""
    if kind == "pass":
        k = view.rules.pass_count
        if len(cards) != k or len(set(cards)) != k or any(c not in view.hand for c in cards):
            return f"Choose {k} different cards from your hand to pass."
        return ""
    if len(cards) != 1:
        return "Choose one card."
    verdict = view.why_illegal(cards[0])
    if verdict is not None:
        return f"{card_name(cards[0]).capitalize()} is not allowed here. {verdict.reason}"
    return ""


def _grade_unlisted_pass(puzzle: Puzzle, view: PlayerView, cards: Sequence[Card]) -> Judgement:
    """A pass the coach did not compare when the puzzle was made: graded now against the stored best."""
    from ..coach import grade_pass

    grade = grade_pass(view, cards, seed=0, rollouts=120, candidates=[parse_move(puzzle.best)])
    key = move_key(tuple(cards))
    cost = max(0.0, grade.expected[tuple(sorted(cards))] - grade.expected[tuple(sorted(parse_move(puzzle.best)))])
    return Judgement(False, key, round(cost, 3), grade.band, grade.expected[tuple(sorted(cards))])


def _explanation(puzzle: Puzzle) -> str:
    """The coach's words about the answer. A review of a table move has them made again from its position: the
    grade stored by older versions spoke of the learner's old move ("A mistake..."), which would contradict a
    right answer now."""
    if puzzle.source.get("from") != "table":
        return puzzle.explanation
    from .explain import puzzle_explanation

    try:
        return puzzle_explanation(puzzle)
    except (BankError, ValueError):
        return puzzle.explanation


def _move_words(kind: str, move: str) -> str:
    cards = parse_move(move)
    words = join_names(list(cards))
    return (f"Passing {words}" if kind == "pass" else words[0].upper() + words[1:]) if words else "Nothing"


def _cost_words(j: Judgement) -> str:
    from ..coach import text

    if j.cost != j.cost:  # not graded
        return "the coach cannot grade that move."
    if j.chance is not None and j.best_chance is not None:
        return f"{text.BAND_WORDS.get(j.band, '')} At this score {chance_words(j.cost, j.chance, j.best_chance)}."
    return f"{text.BAND_WORDS.get(j.band, '')} It costs {text.points_phrase(j.cost)} more than the best move on " \
           "average.".lstrip()


# ----- mistakes at the table become reviews -----

def review_from_grade(view: PlayerView, record: HandRecord, grade: Any, themes: Sequence[str]
                      ) -> dict[str, Any] | None:
    """A review item (a puzzle in the bank's format) for a graded table move of band mistake or blunder.

    ``record`` is the hand so far (its plays stop before the move; for a pass, before any pass), ``view`` the
    learner's view at that moment and ``themes`` the move's. Returns None for a move that is not a mistake.
    """
    if grade.band not in REVIEW_BANDS:
        return None
    turned = record.seen_from(view.seat)
    if grade.kind == "pass":
        turned.passes = []
    from .mine import explain_decision

    accepted = [o for o in grade.costs if grade.band_of_option(o) in ("best", "good")]  # as in the bank
    best = grade.best
    source: dict[str, Any] = {"from": "table", "your_move": move_key(grade.move), "tempting": move_key(grade.move),
                              "cost": grade.cost, "band": grade.band}
    data = turned.to_json()
    if grade.unit == "chance":  # judged at the game's score: a play-to-score item, replayed at its score line
        line = grade.line
        assert line is not None, "a grade in chance has its score line"
        expected = {move_key(o): [round(m, 3), _half_width(se)] for o, (m, se) in grade.points.items()}
        source["to_score"] = {"chance": {
            move_key(o): [round(1 - x / 100, 4), round(_half_width(grade.stderr.get(o, 0.0)) / 100, 4)]
            for o, x in grade.expected.items()}}
        fewest = min(grade.points, key=lambda o: grade.points[o][0]) if grade.points else best
        themes = [*themes, "play-to-score"] if fewest not in accepted and "play-to-score" not in themes else themes
        data.update({"scores": [line.scores[(view.seat + i) % view.n] for i in range(view.n)],
                     "target": view.rules.target})
        explanation = grade.explanation
    else:
        expected = {move_key(o): [round(m, 3), _half_width(grade.stderr.get(o, 0.0))]
                    for o, m in grade.expected.items()}
        explanation = explain_decision(view, best, grade.move, grade.cost)
    digest = hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]
    data.update({"id": f"table-{digest}", "kind": grade.kind, "answers": [move_key(o) for o in accepted],
                 "best": move_key(best), "expected": expected, "themes": list(themes), "rating": 1500.0,
                 "explanation": explanation, "source": source})
    return data


def _half_width(se: float) -> float:
    """The 95% half-width of a standard error (0 where the simulations had too few deals to give one)."""
    return round(1.96 * se, 3) if math.isfinite(se) else 0.0


def record_table_move(learner: Any, view: PlayerView, record: HandRecord, grade: Any) -> str | None:
    """File a graded move of the learner at the table: an (unrated) attempt, and a review item when it was a
    mistake or a blunder. Returns a problem to show instead of raising (the game goes on)."""
    from .learner import Attempt
    from .themes import pass_themes, play_themes

    try:
        themes = (pass_themes(view, grade.best, grade.move) if grade.kind == "pass"
                  else play_themes(view, grade.best, grade.move))
        learner.record_attempt(Attempt(source="table", puzzle_id=None, kind=grade.kind,
                                       position={**record.seen_from(view.seat).to_json(), "seat": view.seat},
                                       choice=[move_key(grade.move)], correct=grade.band in ("best", "good"),
                                       band=grade.band, cost=float(grade.cost), seconds=0.0, themes=themes,
                                       unit="chance" if grade.unit == "chance" else "points"))
        item = review_from_grade(view, record, grade, themes)
        if item is not None:
            learner.add_review(item["id"], item, item["themes"])
    except (OSError, ValueError, sqlite3.Error) as e:  # a locked or read-only database must not stop the game
        return f"Could not keep this move for practice: {e}"
    return None


__all__ = ["MAX_TRIES", "Item", "Outcome", "Practice", "record_table_move", "review_from_grade", "shipped_bank"]
