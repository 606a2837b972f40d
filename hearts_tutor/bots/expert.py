"""The expert: Monte-Carlo search over deals consistent with what it knows, guided by inference.

For each move it deals the unseen cards many times with :func:`~hearts_tutor.engine.sampling.sample_deal`,
shaped by the hard level's inferences (who probably holds the queen; which players probably emptied a short
suit when they passed), plays every legal card on each deal and finishes the hand with
:func:`~hearts_tutor.bots.search.rollout_policy` (common random numbers: every card is tried on the same
deals). It plays the card with the fewest expected points, and says so when its rules of thumb (the hard
level's) would have played another. Passes: the hard level's shortlist of passes, compared the same way
(``rollout_passes=False`` passes as the hard level does).

The rollouts' players play moons both ways (:mod:`.moon`: they shoot when their cards and the tricks make a
moon likely and stop a seat that can still take every point), so the search judges moons too; for a hand
strong enough to shoot it passes as the hard level does.

The budget is anytime (``seconds`` per move, default 1.0) and stops early once one card is clearly best or
the rest make no difference; ``rollouts=`` fixes the number of deals instead (deterministic for a seed). A
forced move is instant. With a time budget it plays out deals on both cores (a helper process,
:mod:`.helper`); ``workers=1`` keeps it to one, as when several games run side by side.

Playing to the score (issue 31): when the hand is part of a match (the view has scores) and a game-win table
fits the rules, each rollout is valued by the expert's chance of not winning the game at the scores after the
hand (:class:`~hearts_tutor.equity.line.ScoreLine`), so it gives the queen to the leader near the target and
keeps clear of ending the game behind; ``to_score=False`` plays for the fewest points of the hand instead.
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from ..engine.cards import Card, card_name, card_str, join_names
from ..engine.view import PlayerView
from ..equity.line import ScoreLine, judged_line, percent
from .base import Bot, Decision, Reasoning
from .helper import SearchHelper, helper_for
from .heuristic import Beliefs, HardBot, as_chosen, best_passes, seat_name
from .paired import score_decides
from .search import Estimate, evaluate_passes, evaluate_plays

DEFAULT_SECONDS = 1.0
ROLLOUTS_EXPLAINED = (" Rollouts: I deal the cards I cannot see in many ways they may lie, and play the rest of "
                      "the hand out on each deal.")


def _pts(x: float) -> str:
    """Points to one decimal, never '-0.0'."""
    return f"{round(x, 1) + 0.0:.1f}"


def _chance(loss: float) -> str:
    """The chance to win the game the rollouts estimate (``loss``: the chance of not winning, in percent), in the
    coach's words: 'about 31%', never a certain 0% or 100% (:func:`~hearts_tutor.equity.line.percent`)."""
    words = percent(1 - loss / 100)
    return f"about {words}" if words[0].isdigit() else words


def _costs_more(diff: float, best: Card, line: ScoreLine | None = None) -> str:
    """How the rollouts compare the rules of thumb's card with the chosen one (``diff`` in points, or in
    percent of the chance to win the game with a score ``line``)."""
    if diff < 0.05:
        return f"find {card_name(best)} at least as good"
    if line is not None:
        return f"say it wins about {diff:.1f} fewer games in 100 than {card_name(best)}"
    return f"say it costs about {diff:.1f} points more than {card_name(best)}"


def _measure(line: ScoreLine | None, what: str) -> str:
    """What the rollouts' numbers are, for the reasoning steps."""
    if line is None:
        return f"Expected points for this hand after each {what}, from rollouts (lower is better)."
    return (f"My chance of not winning the game (in %) after each {what}, from rollouts at the scores "
            f"{'-'.join(map(str, line.scores))} (lower is better).")


class ExpertBot(Bot):
    """Monte-Carlo over sampled deals with policy rollouts; anytime, explains its numbers."""

    level: ClassVar[str] = "expert"

    def __init__(self, seed: int | None = None, *, seconds: float | None = None, rollouts: int | None = None,
                 early_stop: bool = True, rollout_passes: bool = True, workers: int | None = None,
                 to_score: bool = True) -> None:
        super().__init__(seed)
        self.workers = workers
        self.seed = seed
        self.rollouts = rollouts
        self.seconds = (DEFAULT_SECONDS if rollouts is None else None) if seconds is None else seconds
        self.early_stop = early_stop and rollouts is None
        self.hard = HardBot(seed=seed)
        self.rollout_passes = rollout_passes
        self.to_score = to_score
        self._helper()  # start the second core's helper now, so it is ready by the first search

    def score_line(self, view: PlayerView) -> ScoreLine | None:
        """The score line this bot plays to in ``view`` (None: it plays for points)."""
        return judged_line(view) if self.to_score else None

    def _move_rng(self, view: PlayerView) -> random.Random:
        """A generator that depends only on the seed and the position (so a decision is reproducible)."""
        key = (self.seed, view.seat, view.hand_number, view.phase.value, len(view.plays()), view.hand)
        return random.Random(repr(key))

    # ----- passing -----

    def choose_pass(self, view: PlayerView) -> Decision:
        why = Reasoning()
        target = view.pass_target()
        why.observed(f"I pass {view.rules.pass_count} cards to {seat_name(view, target)}.", receiver=target)
        if not self.rollout_passes or self.hard.pass_plan(view) == "moon":
            # a moon hand passes its low cards (the rollouts' players pass as the heuristic does, never for a moon)
            decision = self.hard.choose_pass(view)
            return Decision("pass", view.seat, decision.cards, steps=decision.steps, level=self.level)
        shortlist = best_passes(self.hard, view, limit=6)
        if len(shortlist) == 1:
            chosen = shortlist[0]
            return Decision("pass", view.seat, chosen, steps=why.chose(
                f"I pass {join_names(chosen)}: it is the only sensible pass.", cards=[card_str(c) for c in chosen]),
                level=self.level)
        why.considered("Passes worth trying: " + "; ".join(join_names(p) for p in shortlist) + ".",
                       candidates=[[card_str(c) for c in p] for p in shortlist])
        seconds = None if self.seconds is None else max(0.05, 0.95 * self.seconds - 0.02)
        line = self.score_line(view)
        est = evaluate_passes(view, shortlist, rollouts=self.rollouts, seconds=seconds, rng=self._move_rng(view),
                              helper=self._helper(), value=None if line is None else line.loss_after)
        best = min(shortlist, key=lambda p: (est[p].mean, p))
        if line is not None:
            fewest = min(shortlist, key=lambda p: (est[p].points or 0.0, p))
            if not score_decides(line, est, fewest, lambda p: p):
                best = fewest  # the score makes no difference: the pass playing for points would choose
        why.considered(_measure(line, "pass") + ROLLOUTS_EXPLAINED,
                       scores={" ".join(card_str(c) for c in p): round(e.mean, 2) for p, e in est.items()},
                       samples=est[best].n)
        result = (f"cost me the fewest points (about {_pts(est[best].mean)} for the hand)" if line is None else
                  f"left me the best chance to win the game ({_chance(est[best].mean)})")
        return Decision("pass", view.seat, best, steps=why.chose(
            f"I pass {join_names(best)}: over {est[best].n} sampled deals this pass {result}.",
            cards=[card_str(c) for c in best]), level=self.level)

    # ----- playing -----

    def choose_play(self, view: PlayerView) -> Decision:
        legal = view.legal_plays()
        if len(legal) == 1:
            why = Reasoning()
            c = legal[0]
            why.observed("I have only one legal card.")
            return Decision("play", view.seat, (c,), steps=why.chose(
                f"I play {card_name(c)}: it is the only card I may play.", card=card_str(c)), level=self.level)
        why = Reasoning()
        facts = self.hard.facts(view, why)  # observed and inferred steps, with the queen's odds
        beliefs: Beliefs = facts.beliefs
        rules_of_thumb = {c: self.hard.score_play(view, facts, c) for c in legal}
        hunch = min(legal, key=lambda c: (round(rules_of_thumb[c][0], 6), c % 13))
        line = self.score_line(view)
        est = self.search(view, beliefs.card_weights(), beliefs.void_odds(), line=line)
        best = min(legal, key=lambda c: (round(est[c].mean, 9), c % 13, c))
        if line is not None:
            fewest = min(legal, key=lambda c: (round(est[c].points or 0.0, 9), c % 13, c))
            if not score_decides(line, est, fewest, lambda c: (c % 13, c)):
                best = fewest  # the score makes no difference: the card playing for points would choose
        if best != hunch:
            thumb = as_chosen(rules_of_thumb[hunch][1])
            why.considered(f"My rules of thumb suggest {card_name(hunch)}, since {thumb}. But the rollouts "
                           f"{_costs_more(est[hunch].mean - est[best].mean, best, line)}." + ROLLOUTS_EXPLAINED,
                           rule_of_thumb=card_str(hunch))
        why.considered(_measure(line, "card") + ("" if best != hunch else ROLLOUTS_EXPLAINED),
                       scores={card_str(c): round(e.mean, 2) for c, e in est.items()},
                       stderr={card_str(c): round(e.stderr, 2) for c, e in est.items() if math.isfinite(e.stderr)},
                       samples=est[best].n)
        runner = min((c for c in legal if c != best), key=lambda c: est[c].mean)
        margin = est[runner].mean - est[best].mean
        if line is not None:
            chance = f"{_chance(est[best].mean)} to win the game"
            reason = (f"it keeps my chance to win the game as high as any card ({chance})" if margin < 0.05 else
                      f"it wins about {margin:.1f} more games in 100 than {card_name(runner)} ({chance})")
        elif margin < 0.05:
            reason = f"it is as good as any ({_pts(est[best].mean)} points expected)"
        else:
            reason = (f"it saves about {margin:.1f} points on average compared with {card_name(runner)} "
                      f"({_pts(est[best].mean)} expected)")
        return Decision("play", view.seat, (best,), steps=why.chose(
            f"I play {card_name(best)}: {reason}.", card=card_str(best)), level=self.level)

    def search(self, view: PlayerView, weights: dict[Card, list[float]],
               void_odds: dict[int, list[float]] | None = None, line: ScoreLine | None = None
               ) -> dict[Card, Estimate]:
        """Rollouts of every legal card on common sampled deals, anytime with an early stop.

        ``weights`` and ``void_odds`` (the hard level's inferences) shape the sampled deals; with a score
        ``line`` each rollout is valued by the loss in game-win chance (percent) instead of points.
        """
        # leave room for the bookkeeping around the search so the whole move stays within the budget
        seconds = None if self.seconds is None else max(0.01, 0.95 * self.seconds - 0.01)
        return evaluate_plays(view, rollouts=self.rollouts, seconds=seconds,
                              rng=self._move_rng(view), card_weights=weights or None, void_odds=void_odds,
                              early_stop=self.early_stop, helper=self._helper(),
                              value=None if line is None else line.loss_after)

    def _helper(self) -> SearchHelper | None:
        """The second core's search helper, when this bot thinks for a time and may use both cores."""
        return helper_for(self.workers, timed=self.rollouts is None)

    def decide_options(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "rollouts": self.rollouts, "workers": self.workers, "to_score": self.to_score}
