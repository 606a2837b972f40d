"""Puzzles of the theme ``play-to-score``: positions whose answer by the chance of winning the game differs from
the answer by points (issue 31, SPEC section 11).

Where the score lines come from: whole self-play games of the bots (:mod:`hearts_tutor.equity.selfplay`, the
games kept in ``benchmarks/equity_data/games.jsonl``, played again when that file is missing). Each mined deal
takes one score line from those games at a hand where the highest score is within ``NEAR_TARGET`` of the target
(so this hand can end the game), deals a new hand with that hand's number (its pass direction), and lets bots of
mixed levels play it, seeing the scores. Every play with more than one legal card is a candidate; it becomes a
puzzle only when every filter holds, cheapest first:

1. ``forced``: more than one legal card.
2. ``score_same`` / ``screen``: a quick screen (``Budget.screen`` deals, every seat's points kept) judges the
   cards by the seat's chance to win the game at the new scores (:func:`hearts_tutor.coach.to_score.compare`)
   and by its points this hand; the two pick different cards, the chance's pick ahead by ``SCREEN_CHANCE``.
3. ``margin``: the coach's grading model (``Budget.grade`` deals) confirms it: the best card by chance beats the
   best card by points by at least ``CHANCE_MARGIN`` of game-win chance (and so does every card accepted as
   right: within ``ANSWER_BAND`` of the best), the best beats every other card, and the points' card takes fewer
   points, each with the 95% confidence interval of the paired difference clear of the bound (and the mean lead
   in chance at least ``CHANCE_GAP``).
4. ``stable``: the same grading with new dice (as ``puzzles check`` grades it) still finds its best card among
   the answers and the points' card wrong.
5. ``second_opinion``: the bank's second verifier (:func:`hearts_tutor.practice.verify.verify_puzzle`: uniform
   deals, moons both ways, a mix of policies) judged at the same score line keeps the answer, and the points'
   card wrong.

The puzzle carries its ``scores`` (seat 0 first) and ``target``, ``expected`` in points (SPEC 11) and, in
``source["to_score"]``, each card's chance to win the game with its 95% half-width, and what the play-outs after
the answer and the tempting card show (``playouts``, :class:`Playouts`). Its explanation opens with the reason
(the coach's Hearts reason, :func:`score_words`, else what the play-outs show: :func:`moon_words`,
:func:`points_go_words`), then names the score facts that decide it (who has how many points, how near the
target, who has the lowest score) and what each card does to the game (how often it ends this hand with the
learner winning or losing), as measured.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..coach.bands import CHANCE_GOOD
from ..coach.score_advice import MOON_KINDS, Kind, ScoreReason
from ..coach.text import play_phrase
from ..coach.to_score import ScoreLine, compare, percent
from ..engine.cards import Card
from ..engine.hand import HandState, Phase
from ..engine.record import HandRecord
from ..engine.rules import Rules
from ..engine.view import PlayerView
from ..equity import final_shares, game_over
from ..equity.line import MOST_POINTS_IN_A_HAND, share_words
from .at_score import ChanceComparison, chances_of, judge_at_score, lead_in_chance, score_line
from .bank import BANK_DIR, move_key
from .mine import (
    DEFAULT_BUDGET,
    SEAT_MIXES,
    Budget,
    half_width,
    paired_lower_bound,
    play_outcomes,
    starting_rating,
)

THEME = "play-to-score"
SCREEN_CHANCE = 0.015
"""The screen's least lead in game-win chance of the chance's card over the points' card."""
CHANCE_MARGIN = 0.01
"""The least lead in game-win chance (the lower end of its 95% interval) of every answer over the points' card."""
ANSWER_BAND = 2 * CHANCE_GOOD
"""Cards this close to the best card's chance are answers too (twice the checks' 'good' band, so that new dice
that reorder near-equal cards, such as two low spades, still find the best among the answers)."""
CHANCE_GAP = 0.02
"""The least mean lead in game-win chance of the best card over the points' card."""
GAMES_FILE = BANK_DIR.parents[2] / "benchmarks" / "equity_data" / "games.jsonl"
"""The self-play games the score lines come from (:mod:`hearts_tutor.equity.selfplay`)."""
NEAR_TARGET = 14
"""The score lines mined: the highest score at most this far below the target (where the game may well end)."""
GAMES = 257
"""How many of the self-play games to draw score lines from."""
BANK_FILE = BANK_DIR / "standard-score.jsonl"


# ----- the score facts, in words -----

def end_rates(line: ScoreLine, rows: Sequence[Sequence[int]]) -> tuple[float, float, float]:
    """How often the hand ends the game with the seat winning (or sharing the win), with it losing, and with it
    sharing the win (a tie for the lowest score, counted in the first too)."""
    won = lost = shared = 0
    for p in rows:
        after = [s + x for s, x in zip(line.scores, p, strict=True)]
        if game_over(after, line.rules):
            share = final_shares(after)[line.seat]
            won += share > 0
            shared += 0 < share < 1
            lost += share == 0
    return won / len(rows), lost / len(rows), shared / len(rows)


def score_facts_words(view: PlayerView) -> str:
    """The score line's deciding facts, in words the fact checker reads back (:mod:`hearts_tutor.coach.
    score_facts`): the highest score and how far it is from the target, and so of every other player's score that
    points taken in one hand could bring to the target (not the lowest's, nor where this hand's points already end
    the game); who has the lowest score. Where points have been taken this hand, they are the scores before it
    ('Before this hand, ... had ...'), and every score counting this hand's points so far follows."""
    from ..bots.moon import moon_points
    from ..coach.facts import who
    from ..coach.text import cap

    scores, target, me = list(view.scores), view.rules.target, view.seat
    so_far = moon_points(view)
    before = any(so_far)
    has, have = ("had", "had") if before else ("has", "have")
    top = max(range(view.n), key=lambda s: (scores[s], s == me))
    name = "you" if top == me else who(view, top)
    short = target - scores[top]
    start = f"Before this hand, {name}" if before else cap(name)
    now_scores = [v + p for v, p in zip(scores, so_far, strict=True)]
    ended = game_over(now_scores, view.rules)  # this hand's points already end the game: said after the scores
    can_end = "." if ended else ": this hand can end the game."
    near = [] if ended else [  # other players who could reach it (not the lowest: said next)
        s for s in sorted(range(view.n), key=lambda s: (-scores[s], s))
        if s not in (top, me) and target - scores[s] <= MOST_POINTS_IN_A_HAND and scores[s] > min(scores)]
    also = "".join(f"{', and' if s == near[-1] else ','} {who(view, s)} {has} {scores[s]} points, "
                   f"{target - scores[s]} short of {target}" for s in near)
    words = [f"{start} {have if top == me else has} {scores[top]} points, {short} short of {target}{also}{can_end}"]
    low = min(scores)
    lowest = [s for s in range(view.n) if scores[s] == low]
    if lowest == [me]:
        second = min(scores[s] for s in range(view.n) if s != me)
        words.append(f"You {have} the lowest score ({low}), {second - low} below the next.")
    elif me in lowest:  # a tie: the win would be shared
        others = " and ".join(who(view, s) for s in lowest if s != me)
        words.append(f"You {'shared' if before else 'share'} the lowest score ({low}) with {others}.")
    else:
        yours = "" if top == me else f"; you {have} {scores[me]}"  # (the sentence before says so already)
        first = f"{cap(who(view, lowest[0]))} {has}" if len(lowest) == 1 else \
            f"{cap(' and '.join(who(view, s) for s in lowest))} {'shared' if before else 'share'}"
        words.append(f"{first} the lowest score ({low}){yours}.")
    if before:
        now = [f"{'you' if s == me else who(view, s)} {now_scores[s]}"
               for s in sorted(range(view.n), key=lambda s: (s != me, (s - me) % view.n))]
        ends = ": the game ends after this hand" if ended else ""
        words.append(f"Counting this hand's points so far: {', '.join(now)}{ends}.")
    return " ".join(words)


def score_words(view: PlayerView, best: Card, tempting: Card) -> ScoreReason | None:
    """The Hearts reason the score picks ``best`` over ``tempting`` (who takes the points and what that does to the
    end of the game: :func:`~hearts_tutor.coach.score_why.specific_reason`), with the seats named as the puzzle
    names them ('the player on your left'); None when no such reason can be said of the position."""
    import re

    from ..coach.facts import who
    from ..coach.score_why import specific_reason
    from ..coach.text import cap

    reason = specific_reason(view, score_line(view), best, tempting)
    if reason is None:
        return None
    why = re.sub(r"\bseat (\d)'s (\d+)", lambda m: f"the {m[2]} of {who(view, int(m[1]))}", reason.words, flags=re.I)
    why = re.sub(r"\bseat (\d)\b", lambda m: who(view, int(m[1])), why)
    why = re.sub(r"\bSeat (\d)\b", lambda m: cap(who(view, int(m[1]))), why)
    return dataclasses.replace(reason, words=why)


def ends_words(b: str, t: str, best: Sequence[float], tempting: Sequence[float]) -> str:
    """What the answer ``b`` and the tempting card ``t`` do to the game this hand (each: how often it then ends with
    the learner winning, and losing; a third figure, the shared wins among those won): the one difference of 5% or
    more when it supports the answer (it wins the game this hand more often, or the tempting card loses it more
    often); the answer's extra wins first and then its extra losses when it has both; else both outcomes of both
    cards (a difference against the answer is never left out); '' when they differ by less than 5%.

    >>> print(ends_words("A", "B", (0.11, 0.33), (0.0, 0.31)))
     After A the game ends this hand with you winning in 11% of the coach's play-outs, after B in none.
    >>> print(ends_words("A", "B", (0.11, 0.47), (0.0, 0.31)))  # doctest: +NORMALIZE_WHITESPACE
     After A the game ends this hand with you winning in 11% of the coach's play-outs, after B in none; A also ends
     more games with you losing (47% against 31%).
    >>> print(ends_words("A", "B", (0.02, 0.47, 0.02), (0.0, 0.31, 0.0)))  # doctest: +NORMALIZE_WHITESPACE
     After A the game ends this hand in 49% of the coach's play-outs (you win or share the win in 2%, lose in 47%);
     after B in 31% (you win or share the win in none, lose in 31%).
    """
    won_b, lost_b, won_t, lost_t = best[0], best[1], tempting[0], tempting[1]
    ties = any(len(x) > 2 and x[2] > 0 for x in (best, tempting))  # a shared win counted among the wins: say so
    winning, win = ("winning or sharing the win", "win or share the win") if ties else ("winning", "win")
    win_gain, loss_saved = won_b - won_t, lost_t - lost_b
    if max(win_gain, loss_saved) >= 0.05 and min(win_gain, loss_saved) > -0.05:
        if win_gain >= loss_saved:
            return (f" After {b} the game ends this hand with you {winning} in {share_words(won_b)} of the coach's "
                    f"play-outs, after {t} in {share_words(won_t)}.")
        return (f" After {t} the game ends this hand with you losing in {share_words(lost_t)} of the coach's "
                f"play-outs, after {b} in {share_words(lost_b)}.")
    if win_gain >= 0.05:  # the answer wins more games this hand and loses more too: its wins first
        return (f" After {b} the game ends this hand with you {winning} in {share_words(won_b)} of the coach's "
                f"play-outs, after {t} in {share_words(won_t)}; {b} also ends more games with you losing "
                f"({share_words(lost_b)} against {share_words(lost_t)}).")
    if max(-win_gain, -loss_saved) >= 0.05:
        return (f" After {b} the game ends this hand in {share_words(won_b + lost_b)} of the coach's play-outs "
                f"(you {win} in {share_words(won_b)}, lose in {share_words(lost_b)}); after {t} in "
                f"{share_words(won_t + lost_t)} (you {win} in {share_words(won_t)}, lose in {share_words(lost_t)}).")
    return ""


SHIFT = 1.5
"""The least difference in the lowest player's mean points this hand between the answer and the tempting card
that :func:`points_go_words` names."""
MOVED = 0.05
"""The least difference in how often something happens after the answer and after the tempting card (a moon, a
player reaching the target, the game ending with the learner winning or losing) that the play-out words name."""
CLOSE = 5
"""A player at most this far above the learner is one the learner must stay below too: catching up on the lowest
player is not named when the answer loses ground to such a player (:func:`catch_up_words`)."""


@dataclass(frozen=True)
class Playouts:
    """What the coach's play-outs after one card show, beyond the learner's points: each seat's mean points this
    hand (``taken``, seat order), how often the learner shoots the moon (``moon``), how often each seat ends the
    hand at or past the target (``reach``), how often each seat shoots the moon (``moons``) and how often each seat
    ends the hand at or past the target with the learner winning or sharing the win (``reach_won``)."""

    taken: tuple[float, ...]
    moon: float
    reach: tuple[float, ...]
    moons: tuple[float, ...] = ()
    reach_won: tuple[float, ...] = ()

    @classmethod
    def of(cls, line: ScoreLine, rows: Sequence[Sequence[int]]) -> Playouts:
        """The summary of ``rows`` (every seat's points this hand, one row per play-out) at ``line``."""
        n, target = len(rows[0]), line.rules.target

        def shot(r: Sequence[int], s: int) -> bool:
            return r[s] == 0 and all(v == 26 for o, v in enumerate(r) if o != s)

        won = [final_shares([v + x for v, x in zip(line.scores, r, strict=True)])[line.seat] > 0 for r in rows]
        moons = tuple(sum(shot(r, s) for r in rows) / len(rows) for s in range(n))
        reach = tuple(sum(line.scores[s] + r[s] >= target for r in rows) / len(rows) for s in range(n))
        reach_won = tuple(sum(line.scores[s] + r[s] >= target and w for r, w in zip(rows, won, strict=True))
                          / len(rows) for s in range(n))
        return cls(tuple(sum(r[s] for r in rows) / len(rows) for s in range(n)), moons[line.seat], reach, moons,
                   reach_won)

    def turned(self, seat: int) -> Playouts:
        """The same, seat ``seat`` first (a puzzle's seat order)."""
        def turn(x: tuple[float, ...]) -> tuple[float, ...]:
            return (*x[seat:], *x[:seat])

        return Playouts(turn(self.taken), self.moon, turn(self.reach), turn(self.moons), turn(self.reach_won))

    def to_json(self) -> dict[str, Any]:
        return {"taken": [round(x, 2) for x in self.taken], "moon": round(self.moon, 4),
                "reach": [round(x, 4) for x in self.reach], "moons": [round(x, 4) for x in self.moons],
                "reach_won": [round(x, 4) for x in self.reach_won]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Playouts:
        return cls(tuple(data["taken"]), float(data["moon"]), tuple(data["reach"]), tuple(data.get("moons", ())),
                   tuple(data.get("reach_won", ())))


def moon_words(view: PlayerView, best: Card, tempting: Card, after: Mapping[Card, Playouts]) -> str | None:
    """The answer lets the learner shoot the moon :data:`MOVED` more often than the tempting card, and a moon now
    ends the game with the learner lowest (or sharing it); None otherwise."""
    from ..coach.score_advice import moon_outcome

    outcome = moon_outcome(score_line(view), view.seat)
    if after[best].moon - after[tempting].moon < MOVED or outcome not in ("win", "tie"):
        return None
    lowest = "with you lowest" if outcome == "win" else "with you sharing the lowest score"
    return (f"After {play_phrase(best)} you shoot the moon in {share_words(after[best].moon)} of the coach's "
            f"play-outs, after {play_phrase(tempting)} in {share_words(after[tempting].moon)}: a moon now ends the "
            f"game {lowest}.")


def points_go_words(view: PlayerView, best: Card, tempting: Card, after: Mapping[Card, Playouts],
                    ends: Mapping[Card, Sequence[float]]) -> str | None:
    """Where the points go, when that is why the answer wins more games (``ends``: how often the hand ends the game
    with the learner winning, and losing, after each card). One of these, the catching-up one first when most of
    the games the answer ends are the learner's wins:

    - another player's moon (:func:`other_moon_words`);
    - reaching: the tempting card lets another player reach the target :data:`MOVED` more often, and the game ends
      with the learner losing that much more often after it (and in 9 of 10 of the games that player ends), while
      the learner is not lowest (or is, but the games that end after the tempting card end with the learner losing
      ten times as often as winning: its own points);
    - the learner alone has the lowest score, and the answer lets another player reach the target :data:`MOVED`
      more often, the game ending with the learner winning that much more often after it;
    - catching up (:func:`catch_up_words`).

    None when none holds."""
    from ..coach.facts import who

    line = score_line(view)
    me, scores, target = view.seat, line.scores, view.rules.target
    b, t, pb, pt = play_phrase(best), play_phrase(tempting), after[best], after[tempting]
    won_b, lost_b, won_t, lost_t = ends[best][0], ends[best][1], ends[tempting][0], ends[tempting][1]
    lowest = [s for s in range(view.n) if scores[s] == min(scores)]
    others = [s for s in range(view.n) if s != me and scores[s] < target]
    moon = other_moon_words(view, best, tempting, after, ends)
    if moon is not None:
        return moon
    catch = catch_up_words(view, best, tempting, after)
    if catch is not None and won_b > lost_b:
        return catch
    if lost_t - lost_b >= MOVED and (me not in lowest or won_t <= lost_t / 10):
        e = max(others, key=lambda s: pt.reach[s] - pb.reach[s])
        lost_there = not pt.reach_won or pt.reach_won[e] <= 0.1 * pt.reach[e]  # 'those games' are lost (9 in 10)
        if pt.reach[e] - pb.reach[e] >= MOVED and lost_t >= 0.8 * pt.reach[e] and lost_there:
            if me in lowest:
                then = "the game then ends, and with the points you take this hand you would not have the lowest score"
            elif len(lowest) == 1:
                then = f"those games end before you have caught {who(view, lowest[0])} ({scores[lowest[0]]})"
            else:
                then = f"those games end before you have caught up with the lowest score ({scores[lowest[0]]})"
            return (f"After {t}, {who(view, e)}, on {scores[e]} of {target}, reaches {target} in "
                    f"{share_words(pt.reach[e])} of the coach's play-outs, after {b} in {share_words(pb.reach[e])}: "
                    f"{then}.")
    if lowest == [me] and won_b - won_t >= MOVED:
        e = max(others, key=lambda s: pb.reach[s] - pt.reach[s])
        if pb.reach[e] - pt.reach[e] >= MOVED:
            return (f"After {b}, {who(view, e)}, on {scores[e]} of {target}, reaches {target} in "
                    f"{share_words(pb.reach[e])} of the coach's play-outs, after {t} in {share_words(pt.reach[e])}: "
                    "the game ends while you are still lowest, so the sooner it ends the better.")
    return catch


def other_moon_words(view: PlayerView, best: Card, tempting: Card, after: Mapping[Card, Playouts],
                     ends: Mapping[Card, Sequence[float]]) -> str | None:
    """Another player's moon, when it is what the cards change: the answer lets them shoot it :data:`MOVED` more
    often and their moon now ends the game with the learner lowest (or sharing it), the answer winning more games
    this hand, or the tempting card does and their moon ends it with the learner behind, the tempting card losing
    more games this hand (``ends``). The largest such difference; None when there is none."""
    from ..coach.facts import who
    from ..coach.score_advice import moon_outcome

    line = score_line(view)
    pb, pt = after[best], after[tempting]
    if not pb.moons or not pt.moons:
        return None
    said: list[tuple[float, str]] = []
    for s in range(view.n):
        if s == view.seat:
            continue
        outcome, more = moon_outcome(line, s), pb.moons[s] - pt.moons[s]
        if more >= MOVED and outcome in ("win", "tie") and ends[best][0] > ends[tempting][0]:
            lowest = "with you lowest" if outcome == "win" else "with you sharing the lowest score"
            first, then = best, tempting
        elif -more >= MOVED and outcome == "lose" and ends[tempting][1] > ends[best][1]:
            first, then, lowest = tempting, best, "with you behind"
        else:
            continue
        said.append((abs(more), f"After {play_phrase(first)} {who(view, s)} goes on to shoot the moon in "
                                f"{share_words(after[first].moons[s])} of the coach's play-outs, after "
                                f"{play_phrase(then)} in {share_words(after[then].moons[s])}: 26 on every other "
                                f"score now ends the game {lowest}."))
    return max(said, key=lambda x: x[0])[1] if said else None


def catch_up_words(view: PlayerView, best: Card, tempting: Card, after: Mapping[Card, Playouts]) -> str | None:
    """The answer closes the gap to the one player with the lowest score (the learner is not lowest) by
    :data:`SHIFT` points or more on average, counting the learner's own points and leaving out the learner's moons
    (26 on every other seat), and loses no such ground to a player at most :data:`CLOSE` above the learner: 'you
    gain about N points on the player you have to catch'. None otherwise."""
    from ..coach.facts import who
    from ..coach.text import points_phrase

    scores, me = score_line(view).scores, view.seat
    pb, pt = after[best], after[tempting]
    lowest = [s for s in range(view.n) if scores[s] == min(scores)]
    if me in lowest or len(lowest) != 1:
        return None

    def gain(s: int) -> float:
        """How much more the answer closes on seat ``s`` than the tempting card (their points less the learner's)."""
        return (pb.taken[s] - pb.taken[me]) - (pt.taken[s] - pt.taken[me]) - 26 * (pb.moon - pt.moon)

    low = lowest[0]
    if gain(low) < SHIFT or any(gain(s) <= -SHIFT for s in range(view.n)
                                if s not in (me, low) and 0 < scores[s] - scores[me] <= CLOSE):
        return None

    def bare(x: float) -> str:
        return points_phrase(x).removeprefix("about ")

    def pair(p: Playouts) -> str:
        return f"{bare(p.taken[low])} and {bare(p.taken[me])}"

    return (f"After {play_phrase(best)}, {who(view, low)}, who has the lowest score ({scores[low]}), takes "
            f"{points_phrase(pb.taken[low])} this hand on average and you "
            f"{bare(pb.taken[me])} ({pair(pt)} after {play_phrase(tempting)}): you "
            f"gain {points_phrase(gain(low))} on the player you have to catch.")


def explain_at_score(view: PlayerView, best: Card, tempting: Card, chance: Mapping[Card, float],
                     points: Mapping[Card, float], ends: Mapping[Card, Sequence[float]],
                     after: Mapping[Card, Playouts] | None = None) -> str:
    """Why the answer, at this score: the reason the score picks it, then the score facts, what each card does to
    the game (``ends``: how often it ends the game this hand with the learner winning, and losing), and the cost in
    chance (``chance``, ``points``: each card's means). The reason is the coach's Hearts reason
    (:func:`score_words`), checked against the play-outs when ``after`` gives what they show: the learner's moon
    comes first when it makes up half the answer's lead in chance and the Hearts reason is not the moon's
    (:func:`moon_words`); 'keep the game going' is not said when the answer does not end the game less often, nor
    'take every point' when the play-outs after it hold no more moons; without a Hearts reason, where the points
    go (:func:`points_go_words`), else what each card does to the game this hand (:func:`ends_words`) comes
    first."""
    from ..coach.text import points_phrase

    b, t = play_phrase(best), play_phrase(tempting)
    game = ends_words(b, t, ends[best], ends[tempting])
    fewer = points[best] - points[tempting]
    reason = score_words(view, best, tempting)
    why = None if reason is None else reason.words
    if after is not None:
        moon = moon_words(view, best, tempting, after)
        ends_less = sum(ends[best][:2]) <= sum(ends[tempting][:2]) - MOVED
        more_moons = after[best].moon - after[tempting].moon >= MOVED
        kind = None if reason is None else reason.kind
        if (kind is Kind.KEEP_GOING and not ends_less) or (kind is Kind.SHOOT and not more_moons):
            why = None  # the play-outs do not bear the Hearts reason out
        moon_counts = after[best].moon - after[tempting].moon >= (chance[best] - chance[tempting]) / 2
        if moon is not None and (why is None or (kind not in MOON_KINDS and moon_counts)):
            why = moon
        why = why or points_go_words(view, best, tempting, after, ends)
    lower, higher = percent(chance[tempting]), percent(chance[best])
    only = "only " if lower[0].isdigit() else ""  # not 'only almost none'
    yours = (f"you are almost certain to win the game, after {t} your chance is {only}{lower}"
             if higher == "almost certain" else f"your chance to win the game is {higher}, after {t} {only}{lower}")
    if why is None and game:  # no reason to give: what each card does to the game comes first
        why, game = game.strip(), ""
    return (f"{why + ' ' if why else ''}{score_facts_words(view)}{game} Play to the score: after {b} {yours}, "
            f"though {t} takes {points_phrase(fewer)} fewer this hand on average.")


# ----- one decision -----

def clear_answers(chances: Mapping[Card, list[float]], answers: Sequence[Card], tempting: Card) -> bool:
    """Whether the answers stand clear: each leads the points' card by :data:`CHANCE_MARGIN` and the best
    answer beats every other card, the 95% intervals of the paired differences clear of those bounds (so new
    dice do not make another card best)."""
    best = max(answers, key=lambda c: sum(chances[c]))
    return all(lead_in_chance(chances, c, tempting) >= CHANCE_MARGIN for c in answers) and \
        all(lead_in_chance(chances, best, c) > 0 for c in chances if c not in answers)


def consider_at_score(view: PlayerView, record: HandRecord, ident: str, source: dict[str, Any], seed: int,
                      budget: Budget) -> tuple[dict[str, Any] | None, str]:
    """The play-to-score puzzle made from one play, or None and the name of the filter that rejected it."""
    from .bank import Puzzle
    from .mine import level_choices
    from .themes import play_themes
    from .verify import verify_puzzle

    cards = view.legal_plays()
    if len(cards) < 2:
        return None, "forced"
    line = score_line(view)
    screen = compare(line, play_outcomes(view, cards, seed=seed, deals=budget.screen))
    if screen.best_by_chance == screen.best_by_points:
        return None, "score_same"
    if screen.chance[screen.best_by_chance] - screen.chance[screen.best_by_points] < SCREEN_CHANCE:
        return None, "screen"
    quarter = play_outcomes(view, cards, seed=seed + 1, deals=budget.grade // 4)
    first = compare(line, quarter)
    chances = chances_of(line, quarter)
    if first.best_by_chance == first.best_by_points or \
            -lead_in_chance(chances, first.best_by_points, first.best_by_chance) < CHANCE_MARGIN:
        return None, "margin"
    outcomes = play_outcomes(view, cards, seed=seed + 1, deals=budget.grade)
    verdict = compare(line, outcomes)
    chances = chances_of(line, outcomes)
    best, tempting = verdict.best_by_chance, verdict.best_by_points
    if best == tempting:
        return None, "score_same"
    points = {c: [float(p[view.seat]) for p in rows] for c, rows in outcomes.items()}
    answers = [c for c in cards if verdict.chance[best] - verdict.chance[c] <= ANSWER_BAND]
    if not clear_answers(chances, answers, tempting) or \
            paired_lower_bound(points, best, tempting) <= 0 or \
            verdict.chance[best] - verdict.chance[tempting] < CHANCE_GAP:
        return None, "margin"
    ends = {c: end_rates(line, outcomes[c]) for c in (best, tempting)}
    after = {c: Playouts.of(line, outcomes[c]) for c in (best, tempting)}
    judged = ChanceComparison(dict(verdict.chance), {c: half_width(v) for c, v in chances.items()},
                              dict(verdict.points), best, tempting, budget.grade)
    choices = level_choices(view, seed)
    solved = {lv: ch in answers for lv, ch in choices.items()}
    themes = [THEME, *(t for t in play_themes(view, best, tempting) if t != THEME)]
    puzzle = record.to_json()
    seat = view.seat
    puzzle.update({
        "id": ident, "kind": "play", "answers": [move_key(a) for a in answers], "best": move_key(best),
        "expected": {move_key(c): [round(verdict.points[c], 3), round(half_width(points[c]), 3)] for c in cards},
        "themes": themes, "rating": starting_rating(solved),
        "explanation": explain_at_score(view, best, tempting, judged.chance, judged.points, ends, after),
        "source": {**source, "grade": {"model": "rollout policy with the hard bots' inference of the unseen cards, "
                                                "judged by the chance to win the game", "deals": budget.grade,
                                       "seed": seed + 1},
                   "tempting": move_key(tempting),
                   "to_score": {"chance": {move_key(c): [round(verdict.chance[c], 4), round(judged.spread[c], 4)]
                                           for c in cards},
                                "ends": {move_key(c): [round(x, 4) for x in e] for c, e in ends.items()},
                                "playouts": {move_key(c): a.turned(seat).to_json() for c, a in after.items()},
                                "margin": round(lead_in_chance(chances, best, tempting), 4),
                                "points_margin": round(paired_lower_bound(points, best, tempting), 3)},
                   "choices": {lv: move_key(c) for lv, c in choices.items()},
                   "solved_by": [lv for lv, ok in solved.items() if ok]},
        "scores": [*line.scores[seat:], *line.scores[:seat]], "target": view.rules.target,
    })
    again = judge_at_score(view, cards, seed=seed + 3, deals=budget.grade)
    if again.best not in answers or tempting in again.accepted:
        return None, "stable"
    second = verify_puzzle(Puzzle.from_json(puzzle), seed + 2)
    if not second.get("kept"):
        return None, "second_opinion"
    puzzle["source"]["second_opinion"] = {"model": "uniform deals; moons both ways, sound or quick play (a coin "
                                                   "toss), judged by the chance to win the game",
                                          "deals": second["deals"], "seed": seed + 2, "best": second["best"]}
    return puzzle, "kept"


def still_clear(puzzle: Any) -> bool:
    """Whether a bank puzzle's answers stand clear (:func:`clear_answers`) when its position is graded again with
    the miner's budget and grading seed: for puzzles mined before that rule."""
    from .bank import parse_move

    grade = puzzle.source.get("grade") or {}
    cards = [parse_move(k)[0] for k in puzzle.expected]
    view = puzzle.view()
    chances = chances_of(score_line(view), play_outcomes(view, cards, seed=int(grade.get("seed", 0)),
                                                         deals=int(grade.get("deals", DEFAULT_BUDGET.grade))))
    answers = [parse_move(k)[0] for k in puzzle.answers]
    return clear_answers(chances, answers, parse_move(puzzle.source["tempting"])[0])


# ----- score lines and whole deals -----

@cache
def game_hands(games: int = GAMES) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
    """(first dealer, the hands' points) of the self-play games, from :data:`GAMES_FILE` (played again if it
    is missing)."""
    from ..equity.selfplay import read_games, self_play_game

    rows = read_games(GAMES_FILE)[:games] if GAMES_FILE.exists() else []
    rows += [self_play_game(i) for i in range(len(rows), games)]
    return tuple((int(g["first_dealer"]), tuple(tuple(h) for h in g["hands"])) for g in rows)


def near_end_lines(rules: Rules, games: int = GAMES) -> list[tuple[int, int, tuple[int, ...], int]]:
    """Every (game, hand number, scores before it, dealer) of the self-play games where the highest score is
    within :data:`NEAR_TARGET` of the target (so this hand can end the game)."""
    out = []
    for g, (first_dealer, hands) in enumerate(game_hands(games)):
        scores = [0] * rules.players
        for k, points in enumerate(hands):
            if max(scores) >= rules.target - NEAR_TARGET and ScoreLine(rules, tuple(scores), 0).can_end_this_hand:
                out.append((g, k, tuple(scores), (first_dealer + k) % rules.players))
            scores = [s + p for s, p in zip(scores, points, strict=True)]
    return out


def _seed(*parts: Any) -> int:
    return random.Random(":".join(map(str, parts))).getrandbits(31)


def mine_score_deal(rules: Rules, seed: int, deal: int, budget: Budget = DEFAULT_BUDGET
                    ) -> tuple[list[dict[str, Any]], Counter]:
    """Deal a hand at a score line of the self-play games, let bots of mixed levels play it seeing the scores,
    and mine every play; the puzzles and each filter's count."""
    from dataclasses import replace

    from ..bots import make_bot

    lines = near_end_lines(rules)
    game, hand_number, scores, dealer = lines[random.Random(f"score-line:{seed}:{deal}").randrange(len(lines))]
    n = rules.players
    mix = SEAT_MIXES[deal % len(SEAT_MIXES)]
    levels = [mix[s % len(mix)] for s in range(n)]
    bots = [make_bot(lv, seed=_seed("score-bot", seed, deal, s)) for s, lv in enumerate(levels)]
    state = HandState.deal_random(rules, random.Random(f"score-deal:{seed}:{deal}"), dealer=dealer,
                                  hand_number=hand_number)
    counts: Counter = Counter()
    puzzles: list[dict[str, Any]] = []
    base = {"rules": rules.name, "seed": seed, "deal": deal, "bots": levels,
            "score_line": {"self_play_game": game, "hand": hand_number, "scores": list(scores)}}

    def view_of(seat: int) -> PlayerView:
        return replace(state.view(seat), scores=scores)

    if state.phase is Phase.PASS:
        for seat in range(n):
            state.pass_cards(seat, bots[seat].decide(view_of(seat)).cards)
    while state.phase is not Phase.DONE:
        if state.phase is Phase.MOON:
            state.choose_moon(bots[state.to_move].decide(view_of(state.to_move)).choice or "")
            continue
        view = view_of(state.to_move)
        if len(view.legal_plays()) > 1:
            label = f"p{len(view.plays())}"
            puzzle, verdict = consider_at_score(
                view, HandRecord.from_state(state).seen_from(view.seat), f"{rules.name}-score-{seed}-{deal}-{label}",
                {**base, "seat": view.seat, "decision": label}, _seed("score-decide", seed, deal, label), budget)
            counts[verdict] += 1
            if puzzle is not None:
                puzzles.append(puzzle)
        else:
            counts["forced"] += 1
        bots[state.to_move].decide(view).apply(state)
    return puzzles, counts


def mine_score(hands: int, out: Path = BANK_FILE, *, seed: int = 0, jobs: int = 1,
               budget: Budget = DEFAULT_BUDGET) -> Any:
    """Mine deals 0..hands-1 of ``seed`` for play-to-score puzzles into ``out`` (appending, resumable through
    the same progress file as every miner, :func:`~hearts_tutor.practice.mine.done_path`)."""
    from .mine import mine

    return mine(Rules.preset("standard"), hands, out, seed=seed, jobs=jobs, budget=budget, deal_miner=mine_score_deal)


def record_playouts(path: Path = BANK_FILE) -> tuple[int, list[str]]:
    """Grade every play-to-score puzzle of ``path`` whose stored play-outs lack a field of today's
    (:class:`Playouts` with ``reach_won``, ``ends`` with the shared wins) again with its stored seed and deals,
    every legal card, and keep from that one run its chances, points (``expected``), ``ends`` and ``playouts``
    (puzzle seat order), so that no two figures its explanation states come from different runs. Other fields and
    lines are left as they are. Returns how many were graded again, and the ids of those whose answer that grading
    no longer bears out (the best card not among the answers, or the tempting card within the answers' band):
    they are not written. Explanations are then rewritten by ``puzzles explain``."""
    from .bank import Puzzle

    lines = path.read_text(encoding="utf-8").splitlines()
    out, graded, dropped = lines[:1], 0, []
    for text in lines[1:]:
        data = json.loads(text) if text.strip() else None
        stored = (data or {}).get("source", {}).get("to_score")
        fresh = stored is not None and all("reach_won" in v for v in (stored.get("playouts") or {"": {}}).values()) \
            and all(len(v) == 3 for v in stored.get("ends", {}).values())
        if data is None or stored is None or fresh or "tempting" not in data["source"]:
            out.append(text)
            continue
        puzzle = Puzzle.from_json(data)
        view = puzzle.view()
        grade = data["source"]["grade"]
        outcomes = play_outcomes(view, view.legal_plays(), seed=grade["seed"], deals=grade["deals"])
        line = score_line(view)
        verdict, chances = compare(line, outcomes), chances_of(line, outcomes)
        by_key = {move_key(c): c for c in outcomes}
        best, tempting = by_key[puzzle.best], by_key[data["source"]["tempting"]]
        answers = [by_key[a] for a in puzzle.answers]
        top = max(outcomes, key=lambda c: verdict.chance[c])
        if (top not in answers and verdict.chance[top] - verdict.chance[best] > ANSWER_BAND) or \
                verdict.chance[best] - verdict.chance[tempting] <= ANSWER_BAND:
            dropped.append(puzzle.id)
            continue
        stored["chance"] = {k: [round(verdict.chance[c], 4), round(half_width(chances[c]), 4)]
                            for k, c in by_key.items()}
        data["expected"] = {k: [round(verdict.points[c], 3),
                                round(half_width([float(r[view.seat]) for r in outcomes[c]]), 3)]
                            for k, c in by_key.items()}
        stored["playouts"] = {move_key(c): Playouts.of(line, outcomes[c]).to_json() for c in (best, tempting)}
        stored["ends"] = {move_key(c): [round(x, 4) for x in end_rates(line, outcomes[c])] for c in (best, tempting)}
        out.append(json.dumps(data, separators=(",", ":")))
        graded += 1
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return graded, dropped


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_tutor.practice.score_puzzles HANDS [SEED] [OUT]``: mine play-to-score puzzles;
    ``... playouts [FILE]``: grade the bank's puzzles again so that every figure comes from one run, with what the
    play-outs after the answer and the tempting card show (:func:`record_playouts`)."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "playouts":
        graded, dropped = record_playouts(Path(args[1]) if len(args) > 1 else BANK_FILE)
        print(json.dumps({"graded": graded, "dropped": dropped}))
        return 0
    if not args or not args[0].isdigit():
        print("usage: python -m hearts_tutor.practice.score_puzzles HANDS [SEED] [OUT]", file=sys.stderr)
        return 2
    out = Path(args[2]) if len(args) > 2 else BANK_FILE
    report = mine_score(int(args[0]), out, seed=int(args[1]) if len(args) > 1 else 0)
    print(json.dumps({"out": str(out), **report.to_json()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "BANK_FILE",
    "CHANCE_MARGIN",
    "THEME",
    "Playouts",
    "catch_up_words",
    "clear_answers",
    "consider_at_score",
    "end_rates",
    "explain_at_score",
    "mine_score",
    "mine_score_deal",
    "moon_words",
    "near_end_lines",
    "other_moon_words",
    "points_go_words",
    "record_playouts",
    "score_facts_words",
    "score_words",
    "still_clear",
]
