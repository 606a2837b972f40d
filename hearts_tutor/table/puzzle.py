"""Lesson puzzles: one position from a curated deal, a question, and the coach's verdict.

A puzzle deal is a JSON file in ``lessons/deals/``: a hand record (SPEC section 4) whose plays stop where the
learner must act, the learner's seat, and the exercise with its expected answer::

    {"title": "...", "seat": 0, "record": {...},
     "exercise": {"kind": "play", "prompt": "Which card would you play?", "answer": ["QS"],
                  "why": "...", "seed": 7, "rollouts": 200}}

``kind`` is ``play`` (one card, graded by the coach), ``legal`` (any legal card is right; the engine's
reason is given for an illegal one) or ``pass`` (three cards, graded by the coach). A deal may carry the game's
``scores`` before the hand (seat order): its play is then judged by the chance to win the game at those scores
(:mod:`~hearts_tutor.coach.score_puzzle`), and the scores are shown with the seats.

The widget holds only the learner's :class:`~hearts_tutor.engine.view.PlayerView`, never the other hands, so the
opponents' cards cannot reach the browser.

>>> deal = PuzzleDeal.from_json({"title": "t", "seat": 2, "record": {"deal": [
...     ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
...     ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
...     ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
...     ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]],
...     "pass": "keep", "plays": ["2C", "3D"]},
...     "exercise": {"kind": "legal", "prompt": "Which card may you play?", "answer": []}})
>>> feedback = judge(deal.view(), deal.exercise, [parse_card("QS")])
>>> feedback.correct
False
>>> print(feedback.text)  # doctest: +NORMALIZE_WHITESPACE
The queen of spades is not allowed here. No hearts or the queen of spades on the first trick while you hold
another card you could play.
>>> judge(deal.view(), deal.exercise, [parse_card("2S")]).correct
True
"""

from __future__ import annotations

import html
import importlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..coach import Exercise as CoachExercise
from ..coach import grade_pass, grade_play, legality, review_pass
from ..coach.exercise import ACCEPTED as ACCEPTED_BANDS
from ..coach.score_puzzle import ScoreJudge, view_at_scores
from ..engine.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    card_name,
    card_str,
    join_names,
    parse_card,
    rank_of,
    suit_of,
)
from ..engine.hand import Phase
from ..engine.record import HandRecord
from ..engine.view import PlayerView
from .felt import PositionFelt
from .render import turn_advice

KINDS = ("play", "legal", "pass")
OPPONENT_NAMES = ("blue otter", "yellow bird", "red fox")
"""The opponents of a four-player table, clockwise from the learner's left (SPEC section 5)."""
RIGHT_WORDS = "Right!"
WRONG_WORDS = "Not quite."
MAX_TRIES = 3
SCORE_ROLLOUTS = 300
"""Deals a score puzzle plays out when its exercise names no number."""


def _lessons_dir() -> Path:
    """The course folder: ``lessons/`` of a checkout, or ``hearts_tutor/lessons`` when installed."""
    lessons = importlib.import_module("hearts_tutor.lessons")  # lessons/ is mapped into the package
    return Path(str(lessons.__file__)).resolve().parent


LESSONS_DIR = _lessons_dir()


# ----- the deal and its exercise -----


@dataclass(frozen=True)
class Exercise:
    """The question asked about a puzzle's position, with the answer the lesson teaches."""

    kind: str
    prompt: str
    answer: tuple[Card, ...]
    """The cards the lesson accepts (play: any one of them), the three cards to pass, or nothing (legal)."""
    why: str = ""
    """The lesson's own explanation, shown when the answer is revealed."""
    hint: str = ""
    """A nudge after a weak try: what makes the wrong answers weak, without naming the right one."""
    hint_other_suits: bool = False
    """The hint steers towards the answer's suit: it is not given after a try in that suit."""
    seed: int = 1
    """Seed of the coach's rollouts, so the verdict is the same every time."""
    rollouts: int | None = None
    """How many deals of the unseen cards the coach plays out (None: the coach's default)."""
    max_tries: int = MAX_TRIES

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exercise:
        kind = data.get("kind", "play")
        if kind not in KINDS:
            raise ValueError(f"exercise kind must be one of {', '.join(KINDS)}, not {kind!r}")
        answer = tuple(parse_card(t) for t in data.get("answer", []))
        if kind == "play" and not answer:
            raise ValueError("a play exercise needs at least one answer card")
        return cls(kind=kind, prompt=data.get("prompt", ""), answer=answer, why=data.get("why", ""),
                   hint=data.get("hint", ""), hint_other_suits=bool(data.get("hint_other_suits", False)),
                   seed=int(data.get("seed", 1)), rollouts=data.get("rollouts"),
                   max_tries=int(data.get("max_tries", MAX_TRIES)))


@dataclass(frozen=True)
class PuzzleDeal:
    """A curated position: a hand record stopped where the learner (``seat``) must act, and its exercise."""

    name: str
    title: str
    seat: int
    record: HandRecord
    exercise: Exercise
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    scores: tuple[int, ...] = ()
    """The game's scores before this hand, by seat (a play-to-score puzzle), or () when the score plays no part."""

    @classmethod
    def from_json(cls, data: dict[str, Any], name: str = "") -> PuzzleDeal:
        scores = tuple(int(s) for s in data.get("scores", ()))
        exercise = Exercise.from_json(data["exercise"])
        if scores and exercise.kind != "play":
            raise ValueError("a puzzle with the game's scores must be a play exercise")
        return cls(name=name or data.get("name", ""), title=data.get("title", ""), seat=int(data.get("seat", 0)),
                   record=HandRecord.from_json(data["record"]), exercise=exercise, raw=data, scores=scores)

    @classmethod
    def load(cls, name: str | Path) -> PuzzleDeal:
        """A deal by name (``lessons/deals/<name>.json``) or by path."""
        path = deal_path(name)
        return cls.from_json(json.loads(path.read_text(encoding="utf-8")), name=path.stem)

    def view(self) -> PlayerView:
        """What the learner may know at the puzzle's position (no other hand in it)."""
        view = self.record.to_state().view(self.seat)
        return view_at_scores(view, self.scores) if self.scores else view


def deal_path(name: str | Path) -> Path:
    """Where a deal lives: a path as given, else ``deals/<name>.json`` beside the notebook or in the course."""
    p = Path(name)
    if p.suffix == ".json" and p.exists():
        return p
    for folder in (Path.cwd() / "deals", Path.cwd() / "lessons" / "deals", LESSONS_DIR / "deals"):
        candidate = folder / f"{p.stem}.json"
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"no puzzle deal named {str(name)!r} (looked in lessons/deals)")


def deal_names() -> list[str]:
    """Every curated deal of the course."""
    return sorted(p.stem for p in (LESSONS_DIR / "deals").glob("*.json"))


# ----- judging an answer -----


@dataclass(frozen=True)
class Feedback:
    """The verdict on one try: right or not, and the words that explain it."""

    correct: bool
    legal: bool
    text: str
    grade: Any = None
    """The coach's grade when it graded the try (expected points, best, cost, band, explanation)."""


class Checker:
    """Checks the learner's tries at one puzzle with the coach, retry before reveal.

    Plays and passes go to the coach's :class:`~hearts_tutor.coach.Exercise` (graded by rollouts with the
    deal's seed, so the verdict never changes); a try is right when the coach rates it best or good. An
    illegal card costs no try: the engine's rule is quoted instead. ``legal`` exercises accept any legal card.
    """

    def __init__(self, view: PlayerView, exercise: Exercise) -> None:
        self.view = view
        self.exercise = exercise
        self.at_score = ScoreJudge(view, seed=exercise.seed, rollouts=exercise.rollouts or SCORE_ROLLOUTS) if (
            view.scores and exercise.kind == "play") else None
        self.coach = None if exercise.kind == "legal" or self.at_score else CoachExercise(
            view, seed=exercise.seed, rollouts=exercise.rollouts, tries=exercise.max_tries)
        self.tries = 0
        self.solved = False

    @property
    def over(self) -> bool:
        """Solved, or out of tries (the answer is then shown)."""
        if self.coach is not None:
            return self.coach.over
        if self.at_score is not None:
            return self.solved or self.tries >= self.exercise.max_tries
        return self.solved

    def check(self, chosen: Sequence[Card]) -> Feedback:
        """The coach's verdict on one try."""
        chosen = list(chosen)
        view, ex = self.view, self.exercise
        if ex.kind == "pass":
            k = view.rules.pass_count
            if len(chosen) != k:
                return Feedback(False, False, f"Choose exactly {k} cards to pass.")
        else:
            if len(chosen) != 1:
                return Feedback(False, False, "Choose one card.")
            verdict = legality(view)[chosen[0]]
            if verdict is not None:
                return Feedback(False, False, f"{card_name(chosen[0]).capitalize()} is not allowed here. "
                                              f"{verdict.reason}")
        self.tries += 1
        if ex.kind == "legal":
            self.solved = True
            return Feedback(True, True, f"Yes, {card_name(chosen[0])} may be played here. {_legal_summary(view)}")
        if self.at_score is not None:
            return self._check_at_score(chosen[0])
        assert self.coach is not None
        if self.coach.over:  # exploring after the answer is out: grade the card on the same deals
            grade = (grade_pass(view, chosen, seed=ex.seed, rollouts=ex.rollouts) if ex.kind == "pass"
                     else grade_play(view, chosen[0], seed=ex.seed, rollouts=ex.rollouts))
            return Feedback(grade.band in ACCEPTED_BANDS, True, grade.explanation, grade)
        attempt = self.coach.attempt(chosen if ex.kind == "pass" else chosen[0])
        text = attempt.feedback
        if not attempt.solved and ex.kind == "pass":
            # the flags say what is wrong with this pass, without telling which cards to pass before the reveal
            hidden = [c for c in ex.answer if c not in chosen]
            flags = [f for f in (_unprescribed(flag.reason, hidden) for flag in review_pass(view, chosen).flags) if f]
            if flags:
                invite = " Try again?" if text.endswith(" Try again?") else ""
                text = text.removesuffix(invite) + " " + " ".join(flags) + invite
        if not attempt.solved and not self.coach.over and ex.hint and not _took_the_hint(ex, chosen):
            invite = " Try again?" if text.endswith(" Try again?") else ""
            text = text.removesuffix(invite) + " " + ex.hint + invite
        self.solved = self.solved or attempt.solved
        return Feedback(attempt.solved, True, text, attempt.grade)

    def _check_at_score(self, c: Card) -> Feedback:
        """A try at a score puzzle: right when it keeps the best chance to win the game (within noise)."""
        assert self.at_score is not None
        right = self.at_score.accepts(c)
        text = self.at_score.words(c)
        if not right and not self.over and self.exercise.hint:
            text += " " + self.exercise.hint
        if not right and not self.over:
            text += " Try again?"
        self.solved = self.solved or right
        return Feedback(right, True, text)

    def answer_text(self) -> str:
        """The coach's own move and its reason (for the reveal)."""
        if self.at_score is not None:
            return self.at_score.answer(self.exercise.answer)
        if self.coach is None:
            return f"The legal cards here: {join_names(self.view.legal_plays())}."
        answer = self.exercise.answer
        hint = self.coach.reveal(prefer=(answer[0] if self.exercise.kind == "play" else answer) or None)
        if self.exercise.kind == "pass":  # the reveal names the pass once ('The coach would pass ...')
            return hint.reason
        return f"The coach would play {join_names(hint.cards)}. {hint.reason}"


def _took_the_hint(ex: Exercise, chosen: Sequence[Card]) -> bool:
    """A play in the suit of the lesson's answer already follows a hint that steers towards that suit: repeating
    it would speak as if the try had been in another suit."""
    return ex.hint_other_suits and ex.kind == "play" and any(suit_of(chosen[0]) == suit_of(a) for a in ex.answer)


_TO_PASS = re.compile(r"\bpass(ing)?\b", re.IGNORECASE)


def _unprescribed(reason: str, hidden: Sequence[Card]) -> str:
    """``reason`` without its sentences that say to pass any of the ``hidden`` cards ("" if none is left)."""
    names = [card_name(c) for c in hidden]
    kept = []
    for sentence in reason.split(". "):
        advice = _TO_PASS.search(sentence)
        if advice is None or not any(n in sentence[advice.end():].lower() for n in names):
            kept.append(sentence)
    out = ". ".join(kept)
    return out if not out or out.endswith((".", "?", "!")) else out + "."


def judge(view: PlayerView, exercise: Exercise, chosen: Sequence[Card]) -> Feedback:
    """The coach's verdict on one try at a fresh puzzle position."""
    return Checker(view, exercise).check(chosen)


def _legal_summary(view: PlayerView) -> str:
    legal = view.legal_plays()
    if len(legal) == 1:
        return "It is your only legal card."
    return f"Your legal cards are {join_names(legal)}."


# ----- how the position is described -----


def seat_name(view: PlayerView, seat: int) -> str:
    """'you', or the opponent's name as seen from the learner's seat."""
    offset = (seat - view.seat) % view.n
    if offset == 0:
        return "you"
    if view.n == 4:
        return f"the {OPPONENT_NAMES[offset - 1]}"
    return f"the player {offset} seat{'s' if offset > 1 else ''} to your left"


def card_html(c: Card) -> str:
    """A small face-up card in HTML."""
    colour = "#c0392b" if suit_of(c) in (1, 3) else "#222"
    rank = "10" if rank_of(c) == 8 else card_str(c)[0]
    return (f'<span class="ht-puzzle-card" title="{card_name(c)}" style="display:inline-block;min-width:2.2em;'
            f"padding:2px 4px;margin:1px;border:1px solid #999;border-radius:4px;background:#fff;color:{colour};"
            f'font-weight:bold;text-align:center">{rank}{SUIT_SYMBOLS[suit_of(c)]}</span>')


def describe_position(view: PlayerView, *, fold_tricks: bool = False) -> str:
    """The situation in plain words (HTML): the phase, the trick so far, what is known.

    ``fold_tricks`` puts the earlier tricks in a collapsed ``<details>`` so the rest stays in view.
    """
    parts: list[str] = []
    if view.phase is Phase.PASS:
        receiver = seat_name(view, view.pass_target())
        parts.append(f"<p>The cards have just been dealt. This hand passes {view.pass_direction}: "
                     f"your three cards go to {receiver}.</p>")
        return "".join(parts)
    if view.received:
        giver = seat_name(view, view.pass_source())
        parts.append(f"<p>You passed {join_names(view.passed or ())} and received "
                     f"{join_names(view.received)} from {giver}.</p>")
    earlier = []
    for number, t in enumerate(view.tricks, 1):
        cards = " ".join(card_html(c) for c in t.cards)
        took = (f"{seat_name(view, t.winner)} took it" if t.winner is not None else
                "it cancelled out: its cards went to the next trick's winner")
        earlier.append(f"<li>Trick {number}: {cards} ({seat_name(view, t.leader)} led; {took})</li>")
    if earlier and fold_tricks:
        parts.append(f"<details><summary>The {len(earlier)} trick{'s' if len(earlier) > 1 else ''} played so far"
                     "</summary><ul>" + "".join(earlier) + "</ul></details>")
    elif earlier:
        parts.append("<p>Tricks played so far:</p><ul>" + "".join(earlier) + "</ul>")
    if view.trick:
        played = ", ".join(f"{seat_name(view, s)}: {card_html(c)}"
                           for s, c in zip(view.trick_seats, view.trick, strict=True))
        parts.append(f"<p><b>This trick:</b> {played}. {SUIT_NAMES[view.led_suit or 0].capitalize()} were led; "
                     "it is your turn.</p>")
    else:
        parts.append("<p><b>This trick:</b> you are on lead (you play the first card).</p>")
    facts = ["Hearts are broken." if view.hearts_broken else "Hearts are not broken yet."]
    for seat in range(view.n):
        if seat == view.seat:
            continue
        voids = view.voids(seat)
        if voids:
            facts.append(f"{seat_name(view, seat).capitalize()} has no "
                         f"{' and no '.join(SUIT_NAMES[s] for s in voids)} left.")
    taken = [f"{seat_name(view, s)} {p}" for s, p in enumerate(_points_taken(view)) if p]
    if taken:
        facts.append("Points taken so far: " + ", ".join(taken) + ".")
    parts.append("<p>" + " ".join(facts) + "</p>")
    return "".join(parts)


def _points_taken(view: PlayerView) -> list[int]:
    r = view.rules
    return [view.hearts_taken[s] + view.queens_taken[s] * r.queen_points + view.jacks_taken[s] * r.jack_points
            for s in range(view.n)]


# ----- the widget -----


RULES_WORDS = {
    "standard": "Standard rules",
    "animal_table": "Animal Table rules (pass left, across, right; the queen does not break hearts)",
    "deluxe": "Hearts Deluxe rules (jack of diamonds -10, the queen not led before hearts break)",
    "omnibus": "Omnibus rules (jack of diamonds -10)",
    "duell": "GameDuell rules (taking every trick gives the others 52)",
    "cancellation": "Cancellation Hearts (two decks: twin cards cancel)",
    "n_player": "Hearts for three or more (cards removed to deal evenly)",
}
"""Each preset as a player reads it (the preset's id is for files and the command line)."""


def rules_words(preset: str) -> str:
    """A preset's name in a player's words: ``animal_table`` is "Animal Table rules (...)"."""
    return RULES_WORDS.get(preset, f"{preset.replace('_', ' ').capitalize()} rules")


def question_html(view: PlayerView, kind: str, prompt: str = "") -> str:
    """The line over the learner's hand: the question (``prompt``, or the usual one for ``kind``), and what the
    rules allow now, in the table's own words."""
    if kind == "legal":  # the question is which cards may be played: the rules' words would answer it
        return f"<b>{html.escape(prompt or 'Which card may you play?')}</b>"
    if kind == "pass":
        k = view.rules.pass_count
        target = seat_name(view, view.pass_target())
        rule = f"Choose {k} cards to pass {view.pass_direction} to {target}, then press Pass."
        return f"<b>{html.escape(prompt or f'Which {k} cards do you pass?')}</b> {html.escape(rule)}"
    return f"<b>{html.escape(prompt or 'Which card do you play?')}</b> Your turn: {turn_advice(view)}"


class Puzzle(widgets.VBox):
    """A lesson puzzle: click a card (or three, then Pass) and the coach says what it thinks.

    A wrong try explains why the choice is weak and invites another; the answer is shown after a right
    try, a click on "Show me", or ``max_tries`` wrong tries. Only the learner's view is kept: the other
    hands never reach the widget, so they cannot reach the browser.
    """

    def __init__(self, deal: PuzzleDeal | str | Path) -> None:
        if not isinstance(deal, PuzzleDeal):
            deal = PuzzleDeal.load(deal)
        self.name = deal.name
        self.exercise = deal.exercise
        self._view = deal.view()  # the learner's knowledge only; the full deal is not kept
        self.checker = Checker(self._view, self.exercise)
        self.revealed = False
        self.history: list[Feedback] = []

        title = widgets.HTML(f"<h4 style='margin:4px 0'>{html.escape(deal.title)}</h4>")
        self.felt = PositionFelt("ht-card", self._clicked)
        self.felt.show(self._view, question_html(self._view, self.exercise.kind, self.exercise.prompt),
                       grey=self.exercise.kind != "legal")  # greyed cards would give the answer away
        self.card_buttons = self.felt.buttons
        self.submit = widgets.Button(description="Pass these three", disabled=True, button_style="primary")
        self.submit.add_class("ht-puzzle-submit")
        self.submit.on_click(lambda _b: self._guarded(self._submit_pass))
        self.reveal_button = widgets.Button(description="Show me", tooltip="Show the answer")
        self.reveal_button.add_class("ht-puzzle-reveal")
        self.reveal_button.on_click(lambda _b: self._guarded(self.reveal))
        controls = [self.submit, self.reveal_button] if self.exercise.kind == "pass" else [self.reveal_button]
        self.verdict = widgets.HTML("")
        self.verdict.add_class("ht-puzzle-verdict")
        self.answer = widgets.HTML("")
        self.answer.add_class("ht-puzzle-answer")
        super().__init__([title, self.felt, widgets.HBox(controls), self.verdict, self.answer],
                         layout=widgets.Layout(padding="4px 0", margin="8px 0"))
        self.add_class("ht-puzzle")
        if deal.name:
            self.add_class(f"ht-puzzle-{deal.name}")

    # ----- building -----

    def _clicked(self, c: Card) -> None:
        self._guarded(lambda: self.click(c))

    def _guarded(self, action: Any) -> None:
        """Run a callback and show any error in the verdict (ipywidgets would otherwise hide it)."""
        try:
            action()
        except Exception as e:
            self.verdict.value = f"<p style='color:#b00020'>Something went wrong: {html.escape(str(e))}</p>"
            raise

    # ----- acting -----

    @property
    def view(self) -> PlayerView:
        """The learner's view of the position (nothing hidden in it)."""
        return self._view

    @property
    def solved(self) -> bool:
        return self.checker.solved

    @property
    def tries(self) -> int:
        return self.checker.tries

    @property
    def selected(self) -> list[Card]:
        """The cards chosen for a pass so far."""
        return self.felt.selected

    def click(self, c: Card) -> Feedback | None:
        """The learner clicks a card: a try for one-card exercises, a (un)selection for a pass."""
        if self.exercise.kind == "pass":
            self.submit.disabled = not self.felt.toggle_pass(c)
            return None
        return self.try_answer([c])

    def _submit_pass(self) -> None:
        self.try_answer(list(self.felt.selected))

    def try_answer(self, cards: Sequence[Card]) -> Feedback:
        """One try: the coach's verdict is shown, and the answer once right or out of tries."""
        was_over = self.checker.over
        self.verdict.value = "<p><i>The coach is thinking…</i></p>"
        feedback = self.checker.check(cards)
        self.history.append(feedback)
        what = join_names(sorted(cards)) or "nothing"
        if feedback.correct:
            head = f"<b style='color:#1b5e20'>{RIGHT_WORDS}</b> You chose {html.escape(what)}."
            self.verdict.remove_class("ht-puzzle-wrong")
            self.verdict.add_class("ht-puzzle-right")
        else:
            head = f"<b style='color:#b71c1c'>{WRONG_WORDS}</b> You chose {html.escape(what)}."
            self.verdict.remove_class("ht-puzzle-right")
            self.verdict.add_class("ht-puzzle-wrong")
        invite = not feedback.correct and not self.checker.over and "try again" not in feedback.text.lower()
        tail = " Have another try." if invite else ""
        self.verdict.value = f"<p>{head} {html.escape(feedback.text)}{tail}</p>"
        if self.checker.over and not was_over:
            self.reveal()
        return feedback

    def reveal(self) -> None:
        """Show the answer: the coach's move with its reason, and the lesson's own explanation."""
        if self.revealed:
            return
        self.revealed = True
        self.answer.value = (f"<p><b>{html.escape(self.checker.answer_text())}</b></p>"
                             f"<p><i>Why:</i> {html.escape(self.exercise.why)}</p>")
        best = self._view.legal_plays() if self.exercise.kind == "legal" else self.exercise.answer
        self.felt.show_best(best)


def show(name: str) -> Puzzle:
    """The puzzle of a curated deal, ready to display in a notebook."""
    return Puzzle(name)


__all__ = ["Exercise", "Feedback", "Puzzle", "PuzzleDeal", "deal_names", "deal_path", "describe_position",
           "judge", "show"]
