"""Grades at the score: the cost of a move in the chance to win the game it gives up (issue 31).

In a match (:func:`~hearts_tutor.equity.line.judged_line`) every option of a grade is played out on the same
sampled deals as in :mod:`.grading`, and each rollout keeps two numbers: the learner's points for the hand and
the learner's chance of not winning the game at the scores after it (:meth:`ScoreLine.loss_after`, percent).
Both are compared the paired way (differences within ``NOISE_Z`` standard errors count as 0).

Where the score makes no difference (the game cannot end this hand and the chance cannot tell the fewest-points
option from the best one) the grade stays in points, as outside a match, with ``unit="points"`` and the score
line attached. Otherwise it is in chance (``unit="chance"``): ``cost`` is the percent of the chance to win the
game the move gives up against the best move, and the words say so ("costs you about 6 wins in 100 games
game"). When the fewest points would have been the wrong move, the explanation says why from the position
(:func:`~hearts_tutor.coach.score_why.score_why`) instead of a points reason for the score's card, and the
feedback before the reveal gives the score's reason in words that name no other card. Wherever the game can end
this hand, a grade names the first score reason that argues for the best card (for a right move, the learner's
own): :func:`~hearts_tutor.coach.score_why.agreeing_reason`.

The bands in chance (percent of the chance to win the game given up). Over the game-win table, a point of the
learner's own this hand is worth about 1% of the chance at typical scores (0.8% at 0-0-0-0, 1.1% at 40 each,
1.6% at 70 each, ``benchmarks/README.md``), so the chance bands keep the point bands' numbers, now in percent:

=============  ===============  ==========================================================================
band           cost (chance)    why
=============  ===============  ==========================================================================
best           <= 0.3%          nothing a player could notice over many games
good           <= 1.0%          about what one heart costs at typical scores
inaccuracy     <= 2.5%          a heart or two's worth: worth learning from
mistake        <= 6.0%          one game in seventeen thrown away
blunder        > 6.0%           like taking the queen at typical scores, or losing a won game often
=============  ===============  ==========================================================================
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.view import PlayerView
from ..equity.line import ScoreLine
from . import text
from .bands import UNSURE_BELOW
from .grading import AT_SCORE, BAND_LIMITS, Grade, collect_deals, make_grade, summarise
from .hints import is_moon_pass
from .score_advice import Kind, end_this_hand_words, ends_anyway, line_words, points_can_end
from .score_why import (
    agreeing_reason,
    ends_anyway_words,
    feedback_reason,
    low_player_note,
    names_only,
    pass_reason,
    score_decides_words,
    score_why,
    settled_words,
    sorted_options,
)
from .situation import stake, trick_winner
from .to_score import percent

#: Upper limits of each band but the last in percent of the chance to win the game: the points bands' numbers
#: (the same limits as :data:`~.bands.CHANCE_BAND_LIMITS`, which holds them as fractions of 1).
CHANCE_PERCENT_LIMITS = BAND_LIMITS
#: Seconds taken off a grade's deadline at a score line: the second comparison and the reasons after the deals
#: (a few milliseconds; the margin keeps the grade's p95 under 1.5 s on a loaded machine).
SCORE_MARGIN = 0.05


class ChanceWords:
    """The grade's words in chance to win the game (the points words are :mod:`.text`'s)."""

    @staticmethod
    def grade_best(move: str, x: float, alternatives: int, top: bool = True) -> str:
        """A best move; ``x`` is its chance of not winning the game, in percent."""
        if alternatives <= 1:
            return text.grade_best(move, 0.0, 1)
        chance = percent(1 - x / 100)
        if not top:
            return (f"{text.BAND_WORDS['best']} {text.cap(move)} is as good as the coach's choice for your chance "
                    f"to win the game, as far as the simulations can tell ({chance}).")
        return f"{text.BAND_WORDS['best']} {text.cap(move)} keeps your best chance to win the game ({chance})."

    @staticmethod
    def grade_cost(band: str, move: str, cost: float, best_move: str | None) -> str:
        tail = (f" {text.cap(best_move)} would have been better." if best_move
                else " Another choice would have been better.")
        return (f"{text.BAND_WORDS[band]} {text.cap(move)} costs you {text.wins_in_100(cost)} against the "
                f"coach's choice.{tail}")

    @staticmethod
    def grade_feedback(band: str, cost: float) -> str:
        return f"{text.BAND_WORDS[band]} That costs you {text.wins_in_100(cost)}."


def grade_at_score(view: PlayerView, line: ScoreLine, kind: str, cards: tuple[Card, ...], chosen: Any,
                   run_one: Callable[[random.Random], dict[Any, tuple[float, float]]], options: Sequence[Hashable],
                   seed: int, rollouts: int, order: Callable[[Any], Any], deadline: float) -> Grade:
    """The grade of ``chosen`` at the score ``line``: ``run_one`` gives each option's (chance of not winning in
    percent, points) on one sampled deal (:func:`~.grading.play_values` / ``pass_values`` with a line)."""
    rows = collect_deals(run_one, options, seed, rollouts, deadline - SCORE_MARGIN)
    loss = summarise({o: [v[0] for v in vs] for o, vs in rows.items()}, order)
    points = summarise({o: [v[1] for v in vs] for o, vs in rows.items()}, order)
    note = settled_words(line, loss.means, points.best)
    if note is not None:  # no choice keeps a chance, or every one wins: the points decide
        grade = make_grade(view, kind, cards, chosen, points, dict(points.means))
        close = _close_call(grade)
        return dataclasses.replace(grade, explanation=_add(grade.explanation, note, close),
                                   feedback=_add(grade.feedback, note, close), line=line)
    if not score_matters(line, loss, points.best):
        grade = make_grade(view, kind, cards, chosen, points, dict(points.means))
        low = low_player_note(view, line, chosen if grade.band == "best" else grade.best) if kind == "play" else None
        if low is not None:  # aim for the low player: said after the grade (naming the card) as the reason
            close = _close_call(grade)
            feedback = _add(grade.feedback, low, close) if grade.band == "best" else grade.feedback
            grade = dataclasses.replace(grade, explanation=_add(grade.explanation, low, close), feedback=feedback)
        return dataclasses.replace(grade, line=line)
    grade = make_grade(view, kind, cards, chosen, loss, dict(loss.means), limits=CHANCE_PERCENT_LIMITS,
                       words=ChanceWords)
    explanation, feedback = grade.explanation, grade.feedback
    # the move playing for points would make: the learner's own if the points cannot tell it from the fewest
    fewest = chosen if points.cost[chosen] == 0 else points.best
    close = _close_call(grade)
    if loss.cost[fewest] > 0 and loss.best != fewest and grade.band != "best":
        if kind == "play":
            extra = points.means[chosen] - points.means[grade.best]  # what the learner's card takes more
            explanation, feedback = _score_decided(view, line, grade, chosen, fewest, close, extra=extra)
        else:
            why = pass_reason(view, line, is_moon_pass(view, line, loss.best))
            plain = (f"At these scores ({line_words(line)}) the coach's play-outs favour {text.pass_phrase(loss.best)} "
                     "for winning the game, though no one fact of the position decides it.")
            explanation = _add(explanation, why or plain, close)
            feedback = _add(feedback, why, close) if why else feedback
    elif line.can_end_this_hand:
        if kind == "play":
            card = chosen if grade.band == "best" else loss.best
            others = [o for o in sorted_options(loss.means, () if card == chosen else (chosen,))
                      if card == loss.best or not _same_effect(view, o, loss.best)]  # nor against the coach's card
            agrees = agreeing_reason(view, line, card, others)
            if agrees is not None and agrees.kind is Kind.SHOOT and grade.band != "best":
                explanation = _moon_cost(view, grade, chosen, close)  # the learner's own moon: not points words
            if agrees is not None:
                explanation = _add(explanation, agrees.words, close)
            if grade.band == "best":
                feedback = explanation
            elif (against := feedback_reason(view, line, chosen, loss.best)) is not None and \
                    names_only(against, view, chosen):
                feedback = _add(feedback, against, close)
        elif (why := pass_reason(view, line, is_moon_pass(view, line, grade.best))) is not None:
            explanation = _add(explanation, why, close)
        said = kind == "play" and agrees is not None and agrees.kind is Kind.LOW_PLAYER and \
            (points_can_end(line) or ends_anyway(view, line))  # its words say whether the game ends already
        if not said:
            explanation = _add(explanation, ends_anyway_words(view, line) or end_this_hand_words(line), close)
    beside = {o: (points.means[o], points.se.get(o, 0.0)) for o in points.means}
    return dataclasses.replace(grade, explanation=explanation, feedback=feedback, line=line, unit="chance",
                               points=beside)


def _moon_cost(view: PlayerView, grade: Grade, chosen: Card, close: str) -> str:
    """A play's explanation while the score says to complete the learner's own moon: what ``chosen`` costs, then
    'Play X and keep going for the moon' for the coach's card, not the point-avoiding reason the points would give."""
    verb = "Play" if view.trick else "Lead"
    return (ChanceWords.grade_cost(grade.band, text.play_phrase(chosen), grade.cost, text.play_phrase(grade.best))
            + " " + text.hint_keep_shooting(grade.best, view.rules, verb) + close)


def _close_call(grade: Grade) -> str:
    """The grade's "not sure" caveat when it is not sure of its band, else ''."""
    return text.grade_close_call() if grade.rollouts and grade.confidence < UNSURE_BELOW else ""


def _add(words: str, extra: str, close: str) -> str:
    """``words`` with the sentence ``extra`` added, before the "not sure" caveat ``close`` if they end with it."""
    if close and words.endswith(close):
        return f"{words[:-len(close)]} {extra}{close}"
    return f"{words} {extra}"


def _same_effect(view: PlayerView, a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` do the same to this trick: the same card, or both give it, with as many points, to the
    same player (a reason against one is as true of the other)."""
    if a == b:
        return True
    if not view.trick:
        return False
    return (trick_winner(view, a) or (None,))[0] == (trick_winner(view, b) or (None,))[0] and \
        stake(view, a) == stake(view, b)


def _score_decided(view: PlayerView, line: ScoreLine, grade: Grade, chosen: Card, fewest: Card, close: str, *,
                   extra: float = -1.0) -> tuple[str, str]:
    """A play's explanation and feedback when the score picks another card (``grade.best``) than the points would
    (``fewest``): the score's reason instead of a points reason (a points reason for the score's card may be
    false: it is not the fewest-points card), and in the feedback, before the reveal, the reason the learner's card
    is wrong in words that name no other card (else that the score, not the points, decides). Where the score has
    no Hearts reason and the score's card takes no more points than the learner's on average (``extra``, the
    learner's card's points over it, is not below 0: the points could not tell the learner's card from the
    fewest), the points reason against the learner's card, and the feedback says it takes more points too."""
    from .hints import explain_play, tutor_warning

    best = grade.best
    reason = score_why(view, line, best, fewest)
    in_points = reason.kind is Kind.PLAIN and extra >= 0
    why = explain_play(view, best, tempting=chosen) if in_points else reason.words
    warning = tutor_warning(view, chosen)
    explanation = (ChanceWords.grade_cost(grade.band, text.play_phrase(chosen), grade.cost, text.play_phrase(best))
                   + " " + why + (" " + warning.reason if warning is not None else "") + close)
    against = feedback_reason(view, line, chosen, best, fewest=chosen == fewest)
    if against is None or not names_only(against, view, chosen):
        against = (why if names_only(why, view, chosen) else
                   text.feedback_more_points(extra) if in_points else score_decides_words(line))
    return explanation, ChanceWords.grade_feedback(grade.band, grade.cost) + " " + against + close


def score_matters(line: ScoreLine, loss: Any, fewest: Any) -> bool:
    """Whether to grade in chance: the game can end this hand, or the chance can tell the fewest-points option
    (``fewest``) from the best one (``loss`` is the paired summary of the chance of not winning)."""
    return line.can_end_this_hand or loss.cost[fewest] > 0


AT_SCORE[:] = [grade_at_score]

__all__ = ["CHANCE_PERCENT_LIMITS", "ChanceWords", "grade_at_score", "score_matters"]
