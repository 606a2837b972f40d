"""Grades: what each option is expected to cost, and a band for the move the learner chose.

Every legal option (each legal card, or a shortlist of passes that always includes the learner's) is
played out on the same sampled deals of the unseen cards (common random numbers: each deal is one call of
the bots' :func:`~hearts_tutor.bots.search.evaluate_plays` / ``evaluate_passes`` with one rollout, so the
values are paired), with the bots' model of the other players (``rollout_policy``) and, for plays, the hard
bots' inference of who holds what (``Beliefs.card_weights``, and ``Beliefs.void_odds``: players often empty
a short suit when they pass). ``expected[x]`` is the learner's average
points this hand after option ``x``; the best option has the lowest.

The cost of a move is how many points more than the best option it gives up on average. Sampling noise
must not decide a band, so the comparison is paired (the difference is measured deal by deal,
:mod:`hearts_tutor.bots.paired`) and a move whose difference from the best is within ``NOISE_Z`` (2) standard
errors of that difference counts as costing 0: the simulations cannot tell it from the best. The bands, in
points of expected score this hand:

=============  ===============  ==========================================================================
band           cost (points)    why
=============  ===============  ==========================================================================
best           <= 0.3           no difference a player could notice: less than a third of a heart
good           <= 1.0           up to about one heart on average
inaccuracy     <= 2.5           a heart or two: worth learning from, not a disaster
mistake        <= 6.0           several hearts, or a real chance (up to ~45%) of taking the queen (13)
blunder        > 6.0            like taking the queen of spades one time in two, or worse
=============  ===============  ==========================================================================

Bands follow cost monotonically. ``confidence`` is the chance, under a normal approximation of the paired
difference, that the true cost lies in the band given. Without an explicit ``rollouts`` the number of deals
is fixed by the number of options (``PLAY_BUDGET`` rollouts shared among them, between ``MIN_ROLLOUTS`` and
``MAX_ROLLOUTS`` deals), so a grade depends only on the position, the seed and the options, never on the
machine's speed or on which option is being graded; grading one move stays under 1.5 s on two cores
(``benchmarks/bench_coach.py speed``). A safety deadline (``DEADLINE``) stops a grade on an overloaded
machine with whatever deals are done.

In a match (the view has scores) the same rollouts also give each option's chance to win the game, and the
grade is in that chance where the score matters (:mod:`.score_grading`, which documents the chance bands);
``to_score=False`` grades in points alone.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.paired import Summary, card_order, summarise
from ..engine.cards import Card, card_str
from ..engine.hand import IllegalMove, Phase
from ..engine.view import PlayerView
from ..equity.line import ScoreLine, judged_line
from . import text
from .bands import BAND_LIMITS, BANDS, UNSURE_BELOW, band_of, sure_none_better
from .passing import check_pass, pass_candidates, suggest_pass
from .score_advice import points_only_note, with_points_only_note

#: Rollouts (deals x options) behind one play grade, and the bounds on the number of deals.
PLAY_BUDGET = 4000
MIN_ROLLOUTS = 200
MAX_ROLLOUTS = 1000
FORCED_ROLLOUTS = 32
#: The same for a pass (a pass rollout plays a whole hand, about twice the work of a play rollout).
PASS_BUDGET = 1500
PASS_MIN_ROLLOUTS = 150
PASS_MAX_ROLLOUTS = 400
DEADLINE = 1.4
#: The grader at a score line, :func:`.score_grading.grade_at_score`, put here when that module is imported (the
#: coach package imports it), so that this module does not import it back.
AT_SCORE: list[Callable[..., Grade]] = []


def deals_for(options: int, *, kind: str = "play") -> int:
    """The default number of sampled deals for grading among ``options`` options.

    >>> deals_for(2), deals_for(9), deals_for(13), deals_for(7, kind="pass")
    (1000, 444, 307, 214)
    """
    if kind == "pass":
        return max(PASS_MIN_ROLLOUTS, min(PASS_MAX_ROLLOUTS, PASS_BUDGET // max(1, options)))
    if options <= 1:
        return FORCED_ROLLOUTS
    return max(MIN_ROLLOUTS, min(MAX_ROLLOUTS, PLAY_BUDGET // options))


def _band_range(band: str, limits: Sequence[float] = BAND_LIMITS) -> tuple[float, float]:
    i = BANDS.index(band)
    lo = -math.inf if i == 0 else limits[i - 1]
    hi = limits[i] if i < len(limits) else math.inf
    return lo, hi


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass(frozen=True)
class Grade:
    """A graded move: the cards (one card, or a pass), each option's expected points, the best option,
    the cost of the move in points, its band, the confidence in that band, and a plain explanation.

    ``feedback`` says how good the move was without naming the best option (for retry before reveal).
    """

    cards: tuple[Card, ...]
    expected: dict[Any, float]
    best: Any
    cost: float
    band: str
    confidence: float
    explanation: str
    feedback: str = ""
    kind: str = "play"
    rollouts: int = 0
    stderr: dict[Any, float] = field(default_factory=dict)
    """Standard error of each option's paired difference from the best."""
    costs: dict[Any, float] = field(default_factory=dict)
    """The cost of every option (0 for the best and for options the simulations cannot tell from it)."""
    line: ScoreLine | None = None
    """The score line the grade was judged at (None: a lone hand, or ``to_score=False``)."""
    unit: str = "points"
    """What ``cost``, ``costs`` and ``expected`` measure: ``points`` this hand, or ``chance``: percent of the
    chance to win the game (``expected`` is then each option's chance of not winning, in percent)."""
    points: dict[Any, tuple[float, float]] = field(default_factory=dict)
    """A grade in chance: each option's expected points this hand and the standard error of its paired difference
    from the fewest (empty for a grade in points, whose ``expected`` are the points)."""

    @property
    def card(self) -> Card:
        if self.kind != "play":
            raise ValueError("a pass grade has no single card")
        return self.cards[0]

    @property
    def move(self) -> Any:
        return self.cards[0] if self.kind == "play" else tuple(self.cards)

    def band_of_option(self, option: Any) -> str:
        return band_of(self.costs[option])  # the chance bands have the points bands' limits (.score_grading)


# ----- paired rollouts -----

def _deal_rng(seed: int, i: int) -> random.Random:
    return random.Random(seed * 1_000_003 + i)


def _collect(run_one: Callable[[random.Random], dict[Any, Any]], options: Sequence[Hashable], seed: int,
             start: int, count: int, values: dict[Any, list[Any]], deadline: float) -> int:
    """Add up to ``count`` paired deals (numbers start..start+count-1); returns how many were added."""
    done = 0
    for i in range(start, start + count):
        point = run_one(_deal_rng(seed, i))
        for o in options:
            values[o].append(point[o])
        done += 1
        if time.perf_counter() >= deadline:
            break
    return done


def _confidence(summary: Summary, option: Any, limits: Sequence[float] = BAND_LIMITS) -> float:
    if option == summary.best:
        others = [o for o in summary.means if o != option]
        if not others:
            return 1.0
        # the chance that no other option is better by more than the band's width
        return max(0.0, min(1.0, sure_none_better(((summary.diff[o], summary.se[o]) for o in others), limits[0])))
    band = band_of(summary.cost[option], limits)
    lo, hi = _band_range(band, limits)
    m, s = summary.diff[option], summary.se[option]
    if s == 0 or not math.isfinite(s):
        return 1.0 if lo < m <= hi else 0.0
    return max(0.0, min(1.0, _phi((hi - m) / s) - _phi((lo - m) / s)))


def run_deals(run_one: Callable[[random.Random], dict[Any, float]], options: Sequence[Hashable], seed: int,
         rollouts: int, order: Callable[[Any], Any], deadline: float = DEADLINE) -> Summary:
    """Play every option out on ``rollouts`` paired deals (fewer if ``deadline`` seconds pass first)."""
    return summarise(collect_deals(run_one, options, seed, rollouts, deadline), order)


def collect_deals(run_one: Callable[[random.Random], dict[Any, Any]], options: Sequence[Hashable], seed: int,
                  rollouts: int, deadline: float = DEADLINE) -> dict[Any, list[Any]]:
    """Each option's values on ``rollouts`` paired deals (fewer if ``deadline`` seconds pass first)."""
    values: dict[Any, list[Any]] = {o: [] for o in options}
    _collect(run_one, options, seed, 0, rollouts, values, time.perf_counter() + deadline)
    return values


# ----- grading a play -----

def play_values(view: PlayerView, line: ScoreLine | None = None
                ) -> tuple[list[Card], Callable[[random.Random], dict[Any, Any]]]:
    """The legal cards and a function that plays each of them out on one sampled deal (with a score ``line``:
    each card's (chance of not winning the game in percent, points) on that deal)."""
    from ..bots.heuristic import Beliefs
    from ..bots.search import evaluate_plays

    legal = view.legal_plays()
    beliefs = Beliefs(view)
    weights = beliefs.card_weights() or None
    voids = beliefs.void_odds() or None

    def run_one(rng: random.Random) -> dict[Any, Any]:
        est = evaluate_plays(view, rollouts=1, rng=rng, card_weights=weights, void_odds=voids,
                             value=None if line is None else line.loss_after)
        return {c: e.mean if line is None else (e.mean, e.points) for c, e in est.items()}

    return legal, run_one


def grade_play(view: PlayerView, card: Card, *, seed: int = 0, rollouts: int | None = None,
               deadline: float = DEADLINE, to_score: bool = True) -> Grade:
    """Grade playing ``card`` in this position (the seat to move must be the view's seat); in a match, at the
    score unless ``to_score=False``."""
    if not view.my_turn:
        raise ValueError("it is not this seat's turn to play")
    verdict = view.why_illegal(card)
    if verdict is not None:
        raise IllegalMove(verdict.rule, verdict.reason, card)
    line = judged_line(view) if to_score else None
    if line is None and to_score and points_only_note(view):  # no game-win table for these rules: say so
        plain = grade_play(view, card, seed=seed, rollouts=rollouts, deadline=deadline, to_score=False)
        return with_points_only_note(view, plain, card)
    legal, run_one = play_values(view, line)
    n = deals_for(len(legal)) if rollouts is None else rollouts
    if len(legal) == 1:
        n = min(n, FORCED_ROLLOUTS)
    if line is not None and AT_SCORE:
        return AT_SCORE[0](view, line, "play", (card,), card, run_one, legal, seed, n, card_order, deadline)
    summary = run_deals(run_one, legal, seed, n, card_order, deadline)
    return make_grade(view, "play", (card,), card, summary, dict(summary.means))


def make_grade(view: PlayerView, kind: str, cards: tuple[Card, ...], chosen: Any, summary: Summary,
                expected: dict[Any, float], *, limits: Sequence[float] = BAND_LIMITS, words: Any = text) -> Grade:
    """The grade of ``chosen`` from the options' paired ``summary``; ``limits`` are the bands' limits and
    ``words`` says the cost (``grade_best``, ``grade_cost``, ``grade_feedback``, as :mod:`.text` does in points)."""
    from .hints import explain_play, tutor_warning

    cost = summary.cost[chosen]
    band = band_of(cost, limits)
    confidence = _confidence(summary, chosen, limits) if summary.n else 1.0
    def phrase(option: Any) -> str:
        return text.play_phrase(option) if kind == "play" else text.pass_phrase(option)

    move = phrase(chosen)
    best = summary.best
    best_move = phrase(best)
    alternatives = len(summary.means)
    if band == "best":
        x = summary.means.get(chosen, math.nan)
        if alternatives <= 1 or not math.isfinite(x):
            feedback = words.grade_best(move, 0.0, 1)
        else:
            feedback = words.grade_best(move, x, alternatives, top=chosen == best)
        explanation = feedback
    else:
        feedback = words.grade_feedback(band, cost)
        why_best = explain_play(view, best, tempting=chosen) if kind == "play" else ""
        explanation = words.grade_cost(band, move, cost, best_move) + (" " + why_best if why_best else "")
    if kind == "play" and band != "best":
        warning = tutor_warning(view, chosen)
        if warning is not None:
            explanation += " " + warning.reason
            feedback += " " + _without_other_cards(warning.reason, [c for c in summary.means if c != chosen])
    if summary.n and confidence < UNSURE_BELOW:
        explanation += text.grade_close_call()
        feedback += text.grade_close_call()
    return Grade(cards=cards, expected=expected, best=best, cost=round(cost, 3), band=band,
                 confidence=round(confidence, 3), explanation=explanation, feedback=feedback, kind=kind,
                 rollouts=summary.n, stderr={o: round(s, 3) for o, s in summary.se.items()},
                 costs={o: round(c, 3) for o, c in summary.cost.items()})


def _without_other_cards(reason: str, others: Sequence[Card]) -> str:
    """The sentences of ``reason`` that name none of ``others`` (so feedback does not give a move away)."""
    names = [text.play_phrase(c) for c in others]
    kept = [s for s in reason.split(". ") if not any(n in s.lower() for n in names)]
    out = ". ".join(kept)
    return out if out.endswith((".", "?", "!")) else out + "."


# ----- grading a pass -----

def pass_values(view: PlayerView, options: Sequence[tuple[Card, ...]], line: ScoreLine | None = None
                ) -> Callable[[random.Random], dict[Any, Any]]:
    """A function that plays each pass out on one sampled deal (its points, or with a score ``line`` its
    (chance of not winning in percent, points))."""
    from ..bots.search import evaluate_passes

    def run_one(rng: random.Random) -> dict[Any, Any]:
        est = evaluate_passes(view, list(options), rollouts=1, rng=rng, value=None if line is None else line.loss_after)
        return {o: e.mean if line is None else (e.mean, e.points) for o, e in est.items()}

    return run_one


def pass_order(p: tuple[Card, ...]) -> tuple[Card, ...]:
    return p


def pass_view(view: PlayerView) -> PlayerView:
    """The view to grade a pass from: the seat's position before its pass."""
    if view.phase is not Phase.PASS:
        raise ValueError("passes are graded in the passing phase (use the view from before the pass)")
    return view


def grade_pass(view: PlayerView, cards: Sequence[Card], *, seed: int = 0, rollouts: int | None = None,
               candidates: Sequence[Sequence[Card]] = (), deadline: float = DEADLINE, to_score: bool = True) -> Grade:
    """Grade passing ``cards`` against a shortlist of sensible passes (the coach's own among them); in a match,
    at the score unless ``to_score=False``."""
    view = pass_view(view)
    check_pass(view, cards)
    chosen = tuple(sorted(cards))
    line = judged_line(view) if to_score else None
    from .hints import moon_loses, moon_options

    try_moon = not moon_loses(view, line)
    options = pass_candidates(view, extra=[chosen, *candidates, *moon_options(view, line)], moon=try_moon)
    if line is None and to_score and points_only_note(view):  # no game-win table for these rules: say so
        plain = grade_pass(view, cards, seed=seed, rollouts=rollouts, candidates=candidates, deadline=deadline,
                           to_score=False)
        return with_points_only_note(view, plain)
    run_one = pass_values(view, options, line)
    n = deals_for(len(options), kind="pass") if rollouts is None else rollouts
    if line is not None and AT_SCORE:
        grade = AT_SCORE[0](view, line, "pass", chosen, chosen, run_one, options, seed, n, pass_order, deadline)
    else:
        summary = run_deals(run_one, options, seed, n, pass_order, deadline)
        grade = make_grade(view, "pass", chosen, chosen, summary, dict(summary.means))
    if grade.band != "best":
        mine, reason = suggest_pass(view, try_moon)
        if tuple(sorted(mine)) == grade.best:
            grade = dataclasses.replace(grade, explanation=grade.explanation + " " + reason)
    return grade


def option_text(option: Any) -> str | list[str]:
    """Canonical text of an option: 'QS' for a card, ['2C', '3C', 'QS'] for a pass."""
    return card_str(option) if isinstance(option, int) else [card_str(c) for c in option]
