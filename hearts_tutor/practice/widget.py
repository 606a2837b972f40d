"""The practice panel: today's reviews, then new puzzles at the learner's level, and a progress view.

It renders a :class:`~.session.Practice` and forwards clicks; it works on its own in a notebook
(``PracticePanel()``), in a lesson's practice cell (:func:`lesson_practice`) and inside the table on the Voila
page (the table's Practice button). Only the learner's view of each position is used, so no opponent's card
reaches the browser. The progress view draws its plots with matplotlib (PNG images, so they show in Voila and
in a notebook alike).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from ..coach.text import chance_tenths
from ..engine.cards import Card, card_name
from ..engine.view import PlayerView
from ..table.felt import PositionFelt
from ..table.puzzle import question_html, rules_words
from .bank import LESSON_THEMES, THEME_NAMES, THEMES, VARIANT_LESSONS, parse_move
from .session import Outcome, Practice

MIXED = "Mixed"
PROVISIONAL_RD = 110.0
"""A rating whose deviation is above this is shown as provisional (``1500?``), as chess sites do."""


def score_line_html(view: PlayerView, target: int) -> str:
    """A play-to-score puzzle's score line: the game's scores before this hand by the seats' names, the learner
    first, then clockwise, and the target.

    >>> from dataclasses import replace
    >>> from hearts_tutor import Rules
    >>> from hearts_tutor.batch.tournament import deal_for
    >>> view = replace(deal_for(Rules.preset("standard"), 1, 0).view(0), scores=(45, 91, 60, 70))
    >>> score_line_html(view, 100)  # doctest: +ELLIPSIS
    "<p class='ht-score-line'>Score before this hand, game to 100: <b>You 45</b> · ... 91 · ... 60 · ... 70</p>"
    """
    from ..table.position import seat_names

    names = seat_names(view)
    order = [(view.seat + k) % view.n for k in range(view.n)]
    parts = [f"<b>{html.escape(names[s])} {view.scores[s]}</b>" if s == view.seat else
             f"{html.escape(names[s])} {view.scores[s]}" for s in order]
    return f"<p class='ht-score-line'>Score before this hand, game to {target}: {' · '.join(parts)}</p>"


def _move_text(kind: str, key: str) -> str:
    names = [card_name(c) for c in parse_move(key)]
    return ", ".join(names) if kind == "pass" else names[0]


class PracticePanel(W.VBox):
    """Practice in a notebook or on the page: theme chooser, rating, reviews due, the puzzle, feedback, progress.

    ``themes`` limits the puzzles to some themes (a lesson's); ``practice`` is the session to show (by default
    one on the shipped bank and the learner's database).
    """

    def __init__(self, practice: Practice | None = None, *, themes: Sequence[str] = (), title: str = "Practice",
                 **session: Any) -> None:
        self.session = practice or Practice(**session)
        self.allowed = tuple(themes) or THEMES
        self.buttons: dict[Card, W.Button] = {}
        self.errors: list[str] = []
        options = [(f"{MIXED} ({'these lessons' if themes else 'every theme'})", "")]
        options += [(THEME_NAMES[t], t) for t in self.allowed]
        chosen = self.session.theme if self.session.theme in self.allowed else ""
        self.theme = W.Dropdown(options=options, value=chosen, description="Theme",
                                layout=W.Layout(width="330px"), style={"description_width": "60px"})
        self.theme.add_class("ht-theme")
        self.rating = W.HTML()
        self.rating.add_class("ht-rating")
        self.due = W.HTML()
        self.due.add_class("ht-reviews-due")
        self.progress_button = W.ToggleButton(description="Progress", tooltip="Your rating and habits over time")
        self.progress = W.VBox(layout=W.Layout(display="none"))
        self.progress.add_class("ht-progress")
        self.heading = W.HTML()
        self.felt = PositionFelt("ht-puzzle-card", self._guarded(self.click))
        self.pass_button = W.Button(description="Pass these cards", button_style="primary", disabled=True)
        self.pass_button.add_class("ht-puzzle-submit")
        self.reveal_button = W.Button(description="Show me", tooltip="Show the answer")
        self.reveal_button.add_class("ht-puzzle-reveal")
        self.puzzle = W.VBox([self.heading, self.felt, W.HBox([self.pass_button, self.reveal_button])],
                             layout=W.Layout(padding="4px 0", margin="6px 0"))
        self.puzzle.add_class("ht-puzzle")
        self.feedback = W.HTML()
        self.feedback.add_class("ht-feedback")
        self.next_button = W.Button(description="Next puzzle ▶", button_style="success")
        self.next_button.add_class("ht-next-puzzle")
        self.message = W.HTML()
        bar = W.HBox([self.theme, self.rating, self.due, self.progress_button],
                      layout=W.Layout(align_items="center", flex_flow="row wrap", justify_content="space-between"))
        super().__init__([W.HTML(f"<h3 style='margin:4px 0'>♥ {html.escape(title)}</h3>"), bar, self.message,
                          self.progress, self.puzzle, self.feedback, self.next_button],
                         layout=W.Layout(max_width="860px"))
        self.add_class("ht-practice-panel")
        self.theme.observe(self._guarded(lambda _: self.choose_theme(self.theme.value or None)), "value")
        self.progress_button.observe(self._guarded(lambda _: self.show_progress(self.progress_button.value)), "value")
        self.pass_button.on_click(self._guarded(lambda _: self.submit_pass()))
        self.reveal_button.on_click(self._guarded(lambda _: self.reveal()))
        self.next_button.on_click(self._guarded(lambda _: self.next_puzzle()))
        if self.session.learner.message:
            self.message.value = f"<p style='color:#b00020'>{html.escape(self.session.learner.message)}</p>"
        self.next_puzzle()

    # ----- acting -----

    def _guarded(self, fn: Any) -> Any:
        def callback(arg: Any) -> None:
            try:
                fn(arg)
            except Exception as e:  # shown, not lost in the kernel's log
                self.errors.append(repr(e))
                self.feedback.value = f"<p style='color:#b00020'>Something went wrong: {html.escape(str(e))}</p>"
        return callback

    def choose_theme(self, theme: str | None) -> None:
        """Practise one theme (None: every theme this panel offers) from the next puzzle on."""
        self.session.theme = theme
        if not self.session.over and self.session.tries == 0 and not (self.session.item and self.session.item.review):
            self.next_puzzle()
        else:
            self._render_bar()

    def next_puzzle(self) -> None:
        """Put up the next puzzle: a due review first, else a new one near the learner's rating."""
        session = self.session
        pool_themes = [session.theme] if session.theme else [] if self.allowed == THEMES else list(self.allowed)
        item = session.next(pool_themes)
        self.feedback.value = ""
        self.feedback.remove_class("ht-right")
        self.feedback.remove_class("ht-wrong")
        for cls in [c for c in self.puzzle._dom_classes if c.startswith("ht-puzzle-id-") or c == "ht-review"]:
            self.puzzle.remove_class(cls)
        if item is None:
            self.heading.value = self._none_left(pool_themes)
            self.felt.layout.display = "none"
            self.pass_button.layout.display = "none"
            self.reveal_button.disabled = True
            self._render_bar()
            return
        p = item.puzzle
        self.puzzle.add_class(f"ht-puzzle-id-{p.id}")
        if item.review:
            self.puzzle.add_class("ht-review")
        kind = "Review of an earlier mistake" if item.review else "New puzzle"
        themes = ", ".join(THEME_NAMES[t] for t in p.themes) or "general play"
        self.heading.value = (f"<p><b>{kind}</b> · {html.escape(themes)} · {html.escape(rules_words(p.preset))} · "
                              f"rated {p.rating:.0f}</p>")
        if p.scores is not None and p.target is not None:
            self.heading.value += score_line_html(item.view, p.target)
        self.felt.layout.display = ""
        self.felt.show(item.view, question_html(item.view, p.kind))
        self.buttons = self.felt.buttons
        self.pass_button.layout.display = "" if p.kind == "pass" else "none"
        self.pass_button.disabled = True
        self.reveal_button.disabled = False
        self.next_button.description = "Skip ▶"
        self._render_bar()

    def _none_left(self, themes: Sequence[str]) -> str:
        """What to say when no puzzle is left: none of these themes in the bank at all (a theme whose puzzles
        have not been found yet), or all of them done for now."""
        if self.session.pool(themes):
            return "<p class='ht-no-puzzle'>No puzzle left in this theme: choose another.</p>"
        names = ", ".join(THEME_NAMES[t] for t in themes) if themes else "these themes"
        return (f"<p class='ht-no-puzzle'>The puzzle bank holds no puzzles of this kind yet "
                f"({html.escape(names.lower() if themes else names)}): they come with a later version of the "
                "bank. Until then, play the hands at the table above.</p>")

    def click(self, c: Card) -> Outcome | None:
        """A click on a card of the puzzle hand: a try for a play, a (un)selection for a pass."""
        item = self.session.item
        if item is None or self.session.over:
            return None
        if item.puzzle.kind == "pass":
            self.pass_button.disabled = not self.felt.toggle_pass(c)
            return None
        return self.answer([c])

    def submit_pass(self) -> Outcome | None:
        return self.answer(list(self.felt.selected))

    def answer(self, cards: Sequence[Card]) -> Outcome:
        outcome = self.session.answer(cards)
        self._show(outcome)
        return outcome

    def reveal(self) -> Outcome:
        outcome = self.session.reveal()
        self._show(outcome)
        return outcome

    # ----- showing -----

    def _show(self, outcome: Outcome) -> None:
        item = self.session.item
        assert item is not None
        colour = "#1b5e20" if outcome.correct else "#b71c1c"
        parts = [f"<p style='color:{colour}'><b>{html.escape(outcome.text)}</b></p>" if not outcome.over else
                 f"<p><b style='color:{colour}'>{'Solved' if self.session.solved else 'Missed'}.</b> "
                 f"{html.escape(outcome.text)}</p>"]
        if outcome.rating_change:
            before, after = outcome.rating_change
            arrow = "▲" if after >= before else "▼"
            parts.append(f"<p class='ht-rating-change'>Your rating: {before:.0f} → {after:.0f} "
                         f"({arrow} {abs(after - before):.0f})</p>")
        if outcome.options:
            rows = "".join(
                f"<tr style='{'font-weight:bold;color:#1b5e20' if ok else ''}'>"
                f"<td>{html.escape(_move_text(item.puzzle.kind, move))}</td>"
                f"<td>{chance_tenths(mean) if item.puzzle.chances else f'{mean:.1f}'}</td>"
                f"<td>± {ci:.1f}</td><td>{'✓ accepted' if ok else ''}</td></tr>"
                for move, mean, ci, ok in outcome.options)
            measure = ("Chance to win the game" if item.puzzle.chances else
                       "Expected points (lower is better)")
            parts.append(f"<table class='ht-options'><tr><th>Move</th><th>{measure}</th><th>95% CI</th>"
                         f"<th>Accepted</th></tr>{rows}</table>")
        self.feedback.value = "".join(parts)
        self.feedback.add_class("ht-right" if outcome.correct else "ht-wrong")
        self.feedback.remove_class("ht-wrong" if outcome.correct else "ht-right")
        if outcome.over:
            self.reveal_button.disabled = True
            self.pass_button.disabled = True
            self.next_button.description = "Next puzzle ▶"
            self.felt.show_best(c for key in item.puzzle.answers for c in parse_move(key)
                                if item.puzzle.kind == "play" or key == item.puzzle.best)
        self._render_bar()
        if self.progress_button.value:
            self.show_progress(True)

    def _render_bar(self) -> None:
        learner = self.session.learner
        r = learner.rating(self.session.theme)
        where = THEME_NAMES[self.session.theme] if self.session.theme else "overall"
        provisional = r.rd > PROVISIONAL_RD
        note = " (provisional: a few more puzzles settle it)" if provisional else ""
        why = (f"<br><small class='ht-provisional'>? = provisional: ± {2 * r.rd:.0f} until a few more puzzles "
               "settle it</small>") if provisional else ""
        self.rating.value = (f"<span title='Glicko-2 rating{note}, ± {2 * r.rd:.0f} at 95%'>"
                             f"Rating ({html.escape(where)}): "
                             f"<b class='ht-rating-value'>{r.rating:.0f}</b>{'?' if provisional else ''}{why}</span>")
        due = self.session.reviews_due()
        self.due.value = f"<span>Reviews due: <b class='ht-reviews-due-count'>{due}</b></span>"

    def show_progress(self, on: bool = True) -> None:
        """Show (or hide) the progress view: rating over time, cost per move by theme, reviews coming due."""
        self.progress.layout.display = "" if on else "none"
        if not on:
            return
        from .progress import progress_images

        try:
            images = progress_images(self.session.learner)
        except ModuleNotFoundError as e:  # the static site ships no matplotlib (a binary package)
            self.progress.children = [W.HTML(f"<i>The progress charts need {html.escape(e.name or 'matplotlib')}, "
                                             "which is not installed here.</i>")]
            return
        self.progress.children = [W.Image(value=png, format="png", layout=W.Layout(max_width="100%"))
                                  for png in images]


def lesson_practice(lesson: str, **session: Any) -> PracticePanel:
    """The practice cell of a lesson: puzzles of the themes it teaches (``bank.LESSON_THEMES``), of the standard
    four-player game, or of other rules for the variants lesson (``bank.VARIANT_LESSONS``)."""
    if lesson not in LESSON_THEMES:
        raise ValueError(f"no lesson named {lesson!r} (lessons: {', '.join(LESSON_THEMES)})")
    session.setdefault("variants", lesson in VARIANT_LESSONS)
    return PracticePanel(themes=LESSON_THEMES[lesson], title="Practise what this lesson teaches", **session)


__all__ = ["PracticePanel", "lesson_practice", "score_line_html"]
