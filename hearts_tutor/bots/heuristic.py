"""The rule-based levels of seed 000: easy, medium and hard.

One engine of rules of thumb with skills switched on level by level:

* ``easy`` plays low and high cards as needed: ducks under the winner, dumps the queen and high hearts
  when void, leads low. It does not count cards or make plans.
* ``medium`` also voids short suits on purpose when passing, leads spades aggressively to flush out the
  queen early, tries to win the jack of diamonds, and remembers what it passed (the queen it passed to a
  player who has already played to a spade trick cannot fall on that trick, so its king or ace is safe).
* ``hard`` also counts every played card and tracks voids, infers who holds the queen (or any card) from
  voids, passes and play, acts on those probabilities (and double-checks its best few cards by playing the
  hand out a few times in its head on deals drawn from those probabilities), is more careful when voiding and
  with its high spades, stops moon attempts and shoots the moon when its hand allows. To stop a moon it
  watches a player who has taken every point (or every trick) so far: it keeps its highest heart while that
  heart can still win, and throws that player no hearts. Once the threat is clear (the queen, or many
  hearts) it takes points or the lead from the shooter and leads a heart the shooter cannot beat. In a match
  (the view has scores) its double-check plays to the score: each imagined deal is valued by its chance of not
  winning the game after the hand (:class:`~hearts_tutor.equity.line.ScoreLine`, ``plays_to_score``), and when
  the game can end this hand it double-checks its top cards however far apart its rules of thumb put them.

Every score is a rough number of points the card is expected to cost (lower is better). The bot notices the
facts of the position once (:func:`~.facts.notice`, a typed :class:`~.facts.Facts`), then scores each card by
its decision: :mod:`.passing`, :mod:`.leading`, :mod:`.following`, :mod:`.discarding`, and :mod:`.moon` while it
shoots.
"""


from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations
from typing import ClassVar

from ..engine.cards import Card, card_name, card_str, join_names
from ..engine.view import PlayerView
from ..equity.line import judged_line
from .base import Bot, Decision, Reasoning
from .beliefs import VOID_AFTER_PASS, Beliefs, seat_name
from .discarding import score_discard
from .facts import EASY, HARD, MEDIUM, Facts, Skills, notice
from .following import score_follow
from .leading import score_lead
from .moon import am_shooting, moon_hand, moon_points, moon_progress, possible_shooter, score_shooting
from .passing import pass_reasons, pass_scores
from .rollout_moon import adding_ends_game, adding_ties_game
from .search import paired_playouts, quick_rollout_policy


class HeuristicBot(Bot):
    """Rules of thumb, switched on by level (see the module docstring)."""

    level: ClassVar[str] = "easy"
    skills: ClassVar[Skills] = EASY
    void_max: ClassVar[int] = 2
    """Longest side suit the bot empties by passing."""
    queen_guards: ClassVar[int] = 3
    """Other spades the bot wants before it keeps the queen of spades."""

    # ===== passing =====

    def choose_pass(self, view: PlayerView) -> Decision:
        why = Reasoning()
        rules = view.rules
        k = rules.pass_count
        target = view.pass_target()
        why.observed(f"I pass {k} cards to {seat_name(view, target)}.", receiver=target,
                     direction=view.pass_direction)
        plan = self.pass_plan(view)
        scores = self.pass_scores(view, plan)
        order = sorted(view.hand, key=lambda c: (-scores[c][0], -c))
        chosen = tuple(sorted(order[:k]))
        why.considered("How much I want to be rid of each card (higher: pass it first).",
                       scores={card_str(c): round(scores[c][0], 2) for c in sorted(set(view.hand))})
        reasons = pass_reasons(view.hand, chosen, scores)
        return Decision("pass", view.seat, chosen, steps=why.chose(
            f"I pass {join_names(chosen)}: {reasons}.", cards=[card_str(c) for c in chosen]), level=self.level)

    def pass_plan(self, view: PlayerView) -> str:
        """'normal', or 'moon' when the hand is strong enough to shoot (hard only) and, in a match, a moon scored
        as the rules say would not end the game with another player lowest."""
        if self.skills.moon and moon_hand(view.hand_mask, view.rules) and not moon_loses_game(view):
            return "moon"
        return "normal"

    def pass_scores(self, view: PlayerView, plan: str) -> dict[Card, tuple[float, str]]:
        """Per card: how much it wants to go, and why in a few words."""
        return pass_scores(view, self.skills, plan, void_max=self.void_max, queen_guards=self.queen_guards)

    # ===== playing =====

    def choose_play(self, view: PlayerView) -> Decision:
        why = Reasoning()
        legal = view.legal_plays()
        facts = self.facts(view, why)
        if len(legal) == 1:
            c = legal[0]
            return Decision("play", view.seat, (c,), steps=why.chose(
                f"I play {card_name(c)}: it is the only card I may play.", card=card_str(c)), level=self.level)
        watch = facts.watch
        if watch is not None and facts.shooter is None:
            why.inferred(f"{seat_name(view, watch).capitalize()} has taken {moon_progress(view, watch)}: in "
                         "case that player is shooting the moon, I keep a high heart and give them no hearts.",
                         watch=watch)
        scored = {c: self.score_play(view, facts, c) for c in legal}
        why.considered("How my rules of thumb rate each card I may play (lower is better).",
                       scores={card_str(c): round(s[0], 2) for c, s in scored.items()})
        best = min(legal, key=lambda c: (round(scored[c][0], 6), self._tiebreak(view, c)))
        reason = as_chosen(scored[best][1])
        if self.check_samples and facts.shooter is None and not facts.shooting:
            # (the imagined players never try for the moon, so they cannot judge a moon)
            best, reason = self._check_by_play_out(view, facts, scored, best, reason, why)
        return Decision("play", view.seat, (best,), steps=why.chose(
            f"I play {card_name(best)}: {reason}.", card=card_str(best)), level=self.level)

    check_samples: ClassVar[int] = 0
    """Hard: how many imagined deals it plays out to double-check its top few cards (0: never)."""
    check_margin: ClassVar[float] = 0.75
    check_width: ClassVar[int] = 3
    check_gap: ClassVar[float] = 4.0
    """Cards whose rule-of-thumb cost is this much worse than the best are not worth checking."""
    check_plays: ClassVar[int] = 0
    """Imagined cards played per check (sets the number of deals between half and three times the samples)."""
    plays_to_score: bool = True
    """Whether the check values imagined deals by the chance to win the game when the view has scores."""

    def _check_by_play_out(self, view: PlayerView, facts: Facts, scored: dict[Card, tuple[float, str]],
                           best: Card, reason: str, why: Reasoning) -> tuple[Card, str]:
        """Play the hand out on a few imagined deals (the unseen cards dealt as inferred) for the top cards."""
        line = judged_line(view) if self.plays_to_score else None
        ranked = sorted(scored, key=lambda c: (round(scored[c][0], 6), c % 13))[:self.check_width]
        if line is None or not line.can_end_this_hand:  # (near the end of the game, points are not the measure)
            ranked = [c for c in ranked if scored[c][0] - scored[best][0] < self.check_gap]
        if len(ranked) < 2:
            return best, reason
        rng = random.Random(repr((view.seat, view.hand_number, len(view.plays()), view.hand)))
        weights = facts.beliefs.card_weights() or None
        totals = dict.fromkeys(ranked, 0.0)
        # a fixed amount of imagined play (deterministic, and about the same time early or late in the hand)
        remaining = max(1, sum(view.hand_sizes)) * len(ranked)
        samples = max(self.check_samples // 2, min(3 * self.check_samples, self.check_plays // remaining))
        value = None if line is None else line.loss_after
        for _ in range(samples):
            for c, points in paired_playouts(view, ranked, rng, weights, seed_bits=32,
                                             policy=quick_rollout_policy, value=value).items():
                totals[c] += points
        means = {c: t / samples for c, t in totals.items()}
        measure = "average points for me" if line is None else "my chance of not winning the game, in %"
        why.considered(f"I played the hand out {samples} times in my head for my best few cards "
                       f"({measure}, lower is better).",
                       playouts={card_str(c): round(m, 2) for c, m in means.items()})
        alt = min(ranked, key=lambda c: (means[c], c % 13))
        # the margin in points, or in chance at the score line's rate of chance per point
        margin = self.check_margin if line is None else self.check_margin * line.percent_per_point()
        if means[best] - means[alt] > margin:
            gain = (f"cost about {means[best] - means[alt]:.1f} points less" if line is None else
                    f"won about {means[best] - means[alt]:.1f} more games in 100")
            return alt, f"playing the hand out in my head, it {gain} than {card_name(best)}"
        return best, reason

    def _tiebreak(self, view: PlayerView, c: Card) -> float:
        return c % 13

    def facts(self, view: PlayerView, why: Reasoning) -> Facts:
        """What the bot notices before choosing a card (and says so)."""
        return notice(view, self.skills, why)

    # ----- scoring one card -----

    def score_play(self, view: PlayerView, facts: Facts, c: Card) -> tuple[float, str]:
        """What playing ``c`` is expected to cost (lower is better), and why, by the decision it makes."""
        if facts.shooting:
            return score_shooting(view, facts.win, c)
        if not view.trick:
            return score_lead(view, facts, c)
        if c // 13 == view.trick[0] // 13:
            return score_follow(view, facts, c)
        return score_discard(view, facts, c)


AGAINST = {
    "I must not feed hearts to the player who may be shooting the moon":
        "it feeds a heart to the player who may be shooting the moon",
    "the jack of diamonds is worth -10: I keep it": "I would rather keep the jack of diamonds (worth -10)",
    "it is my highest heart, which I keep to stop a moon":
        "it is my highest heart, which I would rather keep to stop a moon",
    "playing the queen here risks taking her myself": "playing the queen here risks taking her myself",
    "the moon shooter would happily take the queen":
        "the player who may be shooting the moon would happily take the queen",
}
"""Reasons that speak against a card, and how to say them when that card is still the one chosen."""


def as_chosen(reason: str) -> str:
    """A card's reason as said when the card is played (a reason against it becomes 'the least bad')."""
    if reason in AGAINST:
        return f"it is the least bad card I may play, although {AGAINST[reason]}"
    return reason


class EasyBot(HeuristicBot):
    """Simple rules only: plays low and high cards as needed, no counting, no plans."""

    level = "easy"
    skills = EASY


class MediumBot(HeuristicBot):
    """Voids short suits, flushes the queen with spade leads, remembers its pass."""

    level = "medium"
    skills = MEDIUM
    void_max = 3


def moon_loses_game(view: PlayerView) -> bool:
    """In a match where a moon adds 26 to every other player (no choice): this seat's moon would end the game
    with another player lowest."""
    if view.rules.moon != "add_to_others" or len(view.scores) != view.n:
        return False
    ends, wins = adding_ends_game(view.rules, view.scores, view.seat)
    return ends and not wins and not adding_ties_game(view.rules, view.scores, view.seat)


class HardBot(HeuristicBot):
    """Counts every card, infers who holds what, stops and shoots the moon."""

    level = "hard"
    skills = HARD
    void_max = 3
    check_samples = 14
    check_plays = 2400
    check_margin = 0.5


def best_passes(bot: HeuristicBot, view: PlayerView, limit: int = 8) -> list[tuple[Card, ...]]:
    """A shortlist of sensible passes from the bot's pass scores (best first)."""
    plan = bot.pass_plan(view)
    scores = bot.pass_scores(view, plan)
    k = view.rules.pass_count
    order = sorted(view.hand, key=lambda c: (-scores[c][0], -c))
    top = order[:k + 3]
    combos = {tuple(sorted(cmb)) for cmb in combinations(top, k)}
    ranked = sorted(combos, key=lambda cmb: -sum(scores[c][0] for c in cmb))
    return ranked[:limit]


LEVEL_SKILLS: Mapping[str, Skills] = {"easy": EASY, "medium": MEDIUM, "hard": HARD}


__all__ = ["AGAINST", "LEVEL_SKILLS", "VOID_AFTER_PASS", "Beliefs", "EasyBot", "HardBot", "HeuristicBot", "MediumBot",
           "am_shooting", "as_chosen", "best_passes", "moon_points", "possible_shooter", "seat_name"]
