"""The coach at the table: its notes, hints, the tutor's warnings, grades of the learner's moves, hand reviews.

The coach's notes are small values (:data:`Note`) that :mod:`.panels` turns into HTML. Every coach function is
optional (:func:`~.helpers.coach_function`) and a failing one never stops the game: the problem is logged.
Hints, grades and reviews are heavy, so they run through the table's :class:`~.pacing.Pacer` (in a worker
in async mode) and land in the notes when they are ready.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from ..engine.cards import Card
from ..engine.hand import Phase
from ..engine.match import Match
from ..engine.record import HandRecord
from ..engine.view import PlayerView
from ..practice.session import record_table_move
from ..practice.stats import Stats
from ..practice.stats_store import StatsStore
from .events import Change
from .helpers import LEARNER, call_coach, coach_function, compute_hint, score_line_note
from .pacing import Pacer

#: The grades that make a move worth reviewing.
MISTAKES = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class TutorWarning:
    """The tutor questions a move before it is made: a card, or the cards of a pass, and the coach's flag."""

    move: Card | tuple[Card, ...]
    flag: Any


@dataclass(frozen=True)
class Working:
    """The coach is at work on something (``mark`` goes before the words)."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class Remark:
    """A plain sentence of the coach."""

    text: str


@dataclass(frozen=True)
class HintNote:
    """The coach's hint: the cards it would choose, and why."""

    cards: tuple[Card, ...]
    reason: str


@dataclass(frozen=True)
class FlagsNote:
    """The coach's flags (each with a severity and a reason) under a title."""

    title: str
    flags: tuple[Any, ...]


@dataclass(frozen=True)
class Grade:
    """The coach's grade of one of the learner's moves."""

    kind: str  # play or pass
    move: Card | tuple[Card, ...]
    band: str  # best, good, inaccuracy, mistake, blunder ("" when the coach gave none)
    cost: float | None  # expected points lost against the best move
    best: tuple[Card, ...]  # the coach's move
    explanation: str
    index: int | None  # the play's index in the hand (None: the pass)
    unit: str = "points"  # what the cost measures: points, or chance (percent of the chance to win the game)


@dataclass(frozen=True)
class OwnReview:
    """The hand's review made from the table's own grades (when the coach has no review of its own)."""

    grades: tuple[Grade, ...]


@dataclass(frozen=True)
class ReviewNote:
    """The coach's review of the hand; ``computer_moves_left_out`` when moves the computer made are left out."""

    review: Any
    computer_moves_left_out: bool = False


Note = Working | Remark | HintNote | FlagsNote | Grade | OwnReview | ReviewNote
#: The coach panel shows its notes in this order.
NOTE_ORDER = ("hint", "pass", "hand", "grade", "review")


class CoachedTable(Protocol):
    """What the coach needs of its table (:class:`~.core.TableCore` is one)."""

    match: Match
    pacer: Pacer
    store: StatsStore
    hint_cards: tuple[Card, ...]
    autopilot: bool
    demo: bool
    grading: bool
    coach_deals: int | None
    hand_scored: bool
    hand_version: int
    computer_moves: set[int | None]

    def learner_view(self) -> PlayerView: ...
    def is_bot(self, seat: int) -> bool: ...
    def update_stats(self, change: Callable[[Stats], Any]) -> None: ...
    def log(self, text: str) -> None: ...
    def notify(self, change: Change = Change.EVERYTHING) -> None: ...


class Coach:
    """The coach beside one table: it reads the table's state and keeps its notes for the learner."""

    def __init__(self, table: CoachedTable) -> None:
        self.table = table
        self.notes: dict[str, Note] = {}
        self.grades: list[Grade] = []  # this hand's graded moves that were not taken back

    def call(self, name: str, *args: Any) -> Any:
        """``hearts_tutor.coach.<name>(*args)`` now, or None if the coach lacks it or fails (the failure is
        logged)."""
        fn = coach_function(name)
        if fn is None:
            return None
        try:
            return fn(*args)
        except Exception:  # the coach must never break the table: show the problem, carry on
            self.table.log(f"coach.{name} failed:\n{traceback.format_exc(limit=4)}")
            return None

    def forget(self, *keys: str) -> None:
        for key in keys:
            self.notes.pop(key, None)

    def new_hand(self) -> None:
        """A new deal: the notes start again, with the mid-range danger cards of the learner's hand."""
        self.notes = {}
        self.grades = []
        self.show_dangers(self.table.learner_view())

    def show_dangers(self, view: PlayerView, plan: tuple[Card, ...] | None = None) -> None:
        """The danger cards of the learner's hand, judged as the coach's pass judges them; once the coach's pass
        (``plan``) is known, the dangers it passes come first and nothing shown contradicts it."""
        flags = self.call("panel_flags", view, plan) or []
        if flags:
            self.notes["hand"] = FlagsNote("Danger cards in your hand", tuple(flags))
        else:
            self.forget("hand")

    def legality(self, view: PlayerView) -> dict[Card, Any] | None:
        """The coach's sentence (the engine's own words) for every card in hand, None without the coach."""
        found = self.call("legality", view)
        return found if isinstance(found, dict) else None

    # ================================================================ passing

    def review_selection(self, view: PlayerView, selected: Sequence[int]) -> None:
        """The coach's flags on the pass the learner has chosen (none until the cards are all chosen)."""
        self.forget("pass")
        if len(selected) != view.rules.pass_count:
            return
        review = self.call("review_pass", view, [view.hand[i] for i in selected])
        if review is None:
            return
        flags = tuple(getattr(review, "flags", ()) or ())
        self.notes["pass"] = (FlagsNote("About this pass", flags) if flags else
                              Remark("✓ The coach sees nothing wrong with this pass."))

    def pass_warning(self, view: PlayerView, cards: tuple[Card, ...]) -> TutorWarning | None:
        """The tutor's question before a dangerous pass, or None."""
        review = self.call("review_pass", view, list(cards))
        danger = [f for f in getattr(review, "flags", ()) or () if getattr(f, "severity", "") == "danger"]
        return TutorWarning(tuple(sorted(cards)), danger[0]) if danger else None

    def play_warning(self, view: PlayerView, card: Card) -> TutorWarning | None:
        """The tutor's question before a risky card, or None."""
        flag = self.call("tutor_warning", view, card)
        return TutorWarning(card, flag) if flag is not None else None

    # ================================================================ hints

    def hint(self, view: PlayerView) -> None:
        """Ask the coach for its move in the learner's decision (the answer comes in the notes)."""
        table = self.table
        h = table.match.hand
        if table.is_bot(LEARNER) or not ((h.phase is Phase.PASS and h.passes[LEARNER] is None) or view.my_turn):
            self.notes["hint"] = Remark("✦ Nothing to decide right now: the hint is for your own turn.")
            table.notify()
            return
        self.notes["hint"] = Working("The coach is thinking…", mark="✦ ")
        table.notify()
        table.pacer.background(partial(compute_hint, deals=table.coach_deals), (view,), self._show_hint,
                               queue="hints")

    def _show_hint(self, args: tuple[PlayerView], result: tuple[tuple[Card, ...], str]) -> None:
        view = args[0]
        table = self.table
        if view.hand != table.learner_view().hand or view.phase is not table.match.hand.phase:
            return  # the position moved on
        cards, reason = result
        table.hint_cards = cards
        self.notes["hint"] = HintNote(cards, reason)
        if view.phase is Phase.PASS:
            self.show_dangers(view, tuple(cards))
        table.notify()

    # ================================================================ grades

    def grade_later(self, kind: str, view: PlayerView, move: Card | tuple[Card, ...]) -> None:
        """Have the learner's ``move`` (a play, or a pass) graded; the grade comes in the notes."""
        table = self.table
        name = "grade_play" if kind == "play" else "grade_pass"
        if coach_function(name) is None or table.autopilot or table.demo or not table.grading:
            return
        self.notes["grade"] = Working("Grading your move…")
        at = len(table.match.hand.plays()) - 1 if kind == "play" else None
        version = table.hand_version
        record = HandRecord.from_state(table.match.hand)  # the hand up to the move, for the practice reviews
        record.plays = record.plays[:at] if at is not None else []
        if at is None:
            record.passes = []
        table.pacer.background(partial(call_coach, deals=table.coach_deals), (name, view, move),
                               lambda _args, g: self.show_grade(kind, move, g, at, version, filed=(view, record)))

    def show_grade(self, kind: str, move: Card | tuple[Card, ...], g: Any, at: int | None = None,
                   version: int | None = None, filed: tuple[PlayerView, HandRecord] | None = None) -> None:
        """The coach's grade ``g`` of a move has come: show it, count it, and file it for practice."""
        table = self.table
        plays = table.match.hand.plays()
        if version is not None and (version != table.hand_version or (
                at is not None and (at >= len(plays) or plays[at] != move))):
            return  # the move was taken back (undo), or the hand is gone, before its grade came
        band = str(getattr(g, "band", "") or "")
        cost = getattr(g, "cost", None)
        best = getattr(g, "best", None)
        grade = Grade(kind, move, band, float(cost) if isinstance(cost, int | float) else None,
                      tuple(best) if isinstance(best, tuple | list) else (best,) if isinstance(best, int) else (),
                      str(getattr(g, "explanation", "") or "") + score_line_note(g), at,
                      "chance" if getattr(g, "unit", "") == "chance" else "points")
        self.notes["grade"] = grade
        if band:
            self.grades.append(grade)
            if table.hand_scored and coach_function("review_hand") is None:
                self.notes["review"] = OwnReview(tuple(self.grades))
            if table.hand_scored and not table.demo:  # (earlier grades go to the statistics with the hand)
                table.update_stats(lambda st: st.record_band(band))
            # every graded move is an attempt (its cost in points, or in chance at a score line); a mistake, a
            # review (one judged in chance carries its score line, as a play-to-score puzzle does)
            if filed is not None and not table.demo:
                problem = record_table_move(table.store.learner, *filed, g)
                if problem:
                    table.log(problem)
        table.notify()

    def taken_back(self, plays_left: int) -> None:
        """The learner took back moves: only the first ``plays_left`` plays of the hand stand."""
        self.forget("grade")
        self.grades = [g for g in self.grades if g.index is None or g.index < plays_left]

    # ================================================================ the hand's review

    def start_review(self) -> None:
        """The hand is over: the coach reviews it (or the table sums up its own grades)."""
        table = self.table
        if coach_function("review_hand") is None or table.demo or not table.grading:
            self.notes["review"] = OwnReview(tuple(self.grades))
            return
        self.notes["review"] = Working("The coach is reviewing the hand…")
        record = HandRecord.from_state(table.match.hand)
        m = table.match
        scores = m.scores  # the scores before this hand (the review judges at them)
        if len(m.hand_points) > len(m.history):
            scores = [s - p for s, p in zip(scores, m.hand_points[-1], strict=True)]
        table.pacer.background(partial(call_coach, deals=table.coach_deals),
                               ("review_hand", record, LEARNER, 0, tuple(scores)), self.show_review)

    def show_review(self, _args: tuple[Any, ...], review: Any) -> None:
        """The coach's review of the hand has come (moves the computer made for the learner are left out)."""
        moves = self.table.computer_moves
        mistakes = getattr(review, "mistakes", None)
        left_out = False
        if moves and isinstance(mistakes, tuple | list) and dataclasses.is_dataclass(review) \
                and not isinstance(review, type):
            own = tuple(m for m in mistakes
                        if (None if getattr(m, "kind", "") == "pass" else getattr(m, "index", None)) not in moves)
            review = dataclasses.replace(review, mistakes=own)
            left_out = True
        self.notes["review"] = ReviewNote(review, left_out)
        self.table.notify()
