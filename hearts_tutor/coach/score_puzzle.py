"""Lesson puzzles judged at the game's score: the learner's chance to win the game, not the hand's points.

A curated deal may carry the game's ``scores`` before the hand (seat order, as a ``play-to-score`` puzzle
does). Every legal card is then played out on the same sampled deals of the unseen cards (common random
numbers: one sampled deal, the same dice for every card), each rollout keeping every seat's points, and
:func:`~hearts_tutor.coach.to_score.compare` weighs the cards by the chance to win the game at those scores
(:class:`~hearts_tutor.coach.to_score.ScoreLine`). A card is right when it gives up at most
:data:`~hearts_tutor.coach.to_score.CHANCE_GOOD` of that chance (or, where the score makes no difference, at most
:data:`~hearts_tutor.coach.to_score.POINTS_GOOD` points): the grades' 'good', as the practice bank judges.

>>> from hearts_tutor.engine.hand import HandState
>>> from hearts_tutor.engine.rules import Rules
>>> from hearts_tutor.engine.cards import parse_cards
>>> deal = [parse_cards(h) for h in ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")]
>>> view = HandState(Rules.preset("standard"), deal, hand_number=3).view(0)  # a keep hand: seat 0 leads
>>> judge = ScoreJudge(view_at_scores(view, (10, 20, 30, 40)), seed=1, rollouts=2)
>>> [card_str(c) for c in judge.accepted]  # the 2 of clubs must lead
['2C']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from functools import cached_property

from ..bots.search import paired_hand_points
from ..engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, card_name, card_str, join_names, suit_of
from ..engine.view import PlayerView
from .to_score import ScoreLine, Verdict, compare, percent


def view_at_scores(view: PlayerView, scores: Sequence[int]) -> PlayerView:
    """The same view, in a game whose scores before this hand are ``scores`` (seat order)."""
    if len(scores) != view.n:
        raise ValueError(f"{len(scores)} scores for a table of {view.n} players")
    return dataclasses.replace(view, scores=tuple(int(s) for s in scores))


def score_outcomes(view: PlayerView, cards: Sequence[Card], *, rollouts: int, seed: int
                   ) -> dict[Card, list[tuple[int, ...]]]:
    """Every seat's points at the end of the hand after each of ``cards``, over ``rollouts`` sampled deals
    (the same deals and dice for every card, :func:`~hearts_tutor.bots.search.paired_hand_points`)."""
    if not view.my_turn:
        raise ValueError("it is not this seat's turn to play")
    rng = random.Random(seed)
    same = equivalent_cards(view, cards)
    played = sorted(set(same.values()))
    out: dict[Card, list[tuple[int, ...]]] = {c: [] for c in played}
    for _ in range(rollouts):
        row = paired_hand_points(view, played, rng)
        for c in played:
            out[c].append(row[c])
    return {c: out[same[c]] for c in cards}


def equivalent_cards(view: PlayerView, cards: Sequence[Card]) -> dict[Card, Card]:
    """Each card's stand-in: the lowest card of its run of touching cards (same suit, every card between them
    held by the seat or already played, the same points), which plays exactly like it. One deck only; else
    each card stands for itself."""
    if view.rules.decks != 1:
        return {c: c for c in cards}
    gone = {c for _, c in view.plays()} | set(view.hand)
    special = {QUEEN_OF_SPADES, JACK_OF_DIAMONDS}  # points of their own (the jack in some rules)
    out: dict[Card, Card] = {}
    for c in sorted(cards):
        lower = next((d for d in sorted(out, reverse=True) if suit_of(d) == suit_of(c)), None)
        touching = (lower is not None and c not in special and lower not in special
                    and all(x in gone for x in range(lower + 1, c)))
        out[c] = out[lower] if touching and lower is not None else c
    return out


class ScoreJudge:
    """The coach's verdict on every legal card of a position at the game's score (the view's ``scores``)."""

    def __init__(self, view: PlayerView, *, seed: int, rollouts: int) -> None:
        if not view.scores:
            raise ValueError("a score puzzle needs the game's scores before the hand")
        line = ScoreLine.from_view(view)
        if line is None:
            raise ValueError(f"no game-win model for the {view.rules.name} rules")
        self.view = view
        self.line = line
        self.seed = seed
        self.rollouts = rollouts

    @cached_property
    def verdict(self) -> Verdict[Card]:
        """The legal cards weighed by the chance to win the game (computed once, on the first question)."""
        outcomes = score_outcomes(self.view, self.view.legal_plays(), rollouts=self.rollouts, seed=self.seed)
        return compare(self.line, outcomes)

    def accepts(self, c: Card) -> bool:
        """Whether ``c`` is as good as the best card (:meth:`~hearts_tutor.coach.to_score.Verdict.accepts`)."""
        return self.verdict.accepts(c)

    @property
    def accepted(self) -> list[Card]:
        return [c for c in self.view.legal_plays() if self.accepts(c)]

    def words(self, c: Card) -> str:
        """What ``c`` does to the learner's chances, e.g. 'The queen of spades: this lowers your chance to win
        the game from 31% to 0%.'"""
        cost = self.verdict.cost_words(c)
        return f"{card_name(c)[0].upper()}{card_name(c)[1:]}: {cost}."

    def answer(self, prefer: Sequence[Card] = ()) -> str:
        """The coach's card (one of ``prefer`` when they are as good) and what it keeps."""
        v = self.verdict
        best = next((c for c in prefer if self.accepts(c)), v.best)
        chance = v.chance[best]
        also = [c for c in self.accepted if c != best]
        more = f" {join_names(also).capitalize()} would do as well." if also else ""
        if v.in_points:
            return f"The coach would play {card_name(best)}: here the score makes no difference.{more}"
        if chance >= 1:
            return (f"The coach would play {card_name(best)}: at these scores you win the game on every deal the "
                    f"coach played out.{more}")
        return (f"The coach would play {card_name(best)}: at these scores it keeps your best chance to win the "
                f"game, about {percent(chance)}.{more}")

    def table(self) -> dict[str, tuple[float, float]]:
        """Per legal card: (mean chance to win the game, mean points this hand), for tests and notes."""
        v = self.verdict
        return {card_str(c): (v.chance[c], v.points[c]) for c in self.view.legal_plays()}


__all__ = ["ScoreJudge", "score_outcomes", "view_at_scores"]
