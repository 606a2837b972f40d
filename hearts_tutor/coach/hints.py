"""Hints (the coach's move with its reason) and tutor-mode warnings before a risky move is committed.

The coach's pass: its own suggestion (:func:`~hearts_tutor.coach.passing.suggest_pass`), variations on it
and the hard bots' shortlist, compared by rollouts (``bots.search.evaluate_passes``); a hand strong enough
to shoot the moon passes its lowest cards. The coach's play: every legal card compared by rollouts against
the bots' model of the other players (``bots.search.evaluate_plays``, common random numbers, the hard bots'
inference of who holds what, a time budget that keeps a hint under a second, stopping sooner once one card
is clearly best or the rest make no real difference). The rollouts' players play moons both ways
(:mod:`hearts_tutor.bots.rollout_moon`), so the rollouts choose the card while a moon is on too; the hint then words
it as stopping or shooting the moon. The reason is chosen from the position: staying under the card that
wins the trick, throwing away a dangerous card when out of the led suit, leading a low spade to force out
the queen, stopping a moon...

In a match (the view has scores; :func:`~hearts_tutor.equity.line.judged_line`) the rollouts value each deal by
the learner's chance of not winning the game at the scores after the hand, so the hint plays to the score; when
that picks another card than the fewest points would, the reason says why from the position
(:func:`~hearts_tutor.coach.score_why.score_why`) and gives the chance in words; where the game can end this
hand the hint also names the first score reason that argues for its card
(:func:`~hearts_tutor.coach.score_why.agreeing_reason`), and says when the coach is not sure (the simulations
cannot tell its card's chance from another's). ``to_score=False`` hints for points alone (as outside a match).

Measured strength and speed: ``benchmarks/bench_coach.py`` (see benchmarks/README.md, "Coach").
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..bots.paired import SCORE_MATTERS, card_order, score_decides
from ..bots.passing import moon_pass_order
from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.hand import Phase
from ..engine.view import PlayerView
from ..equity.line import ScoreLine, judged_line
from . import text
from .duck import duck_reason
from .facts import higher_out, out_of_suit
from .flags import Flag
from .moon_reasons import feed_shooter_reason, keep_jack_reason, keep_stopper_reason, moon_pass_reason, moon_try_hand
from .more_reasons import more_reason
from .passing import hand_before_pass, pass_candidates, queen_guarded, suggest_pass
from .reasons import lead_from_shooter, play_reason

if TYPE_CHECKING:
    from ..bots.search import Estimate
from .situation import (
    card_points,
    high_hearts,
    is_high_spade,
    is_point_card,
    may_hold,
    moon_suspect,
    players_after,
    queen_unseen,
    seats_after,
    stake,
    trick_winner,
)

#: How close two cards' estimates (expected points, or percent of not winning the game) must be to count as the
#: same: such a card is named as doing as well, never as the worse card a reason is set against.
SAME_POINTS = 0.01

#: Expected points within which a card with no reason to give is said to be close to the next: the choice
#: matters little.
CLOSE_POINTS = 0.5

#: Seconds of rollouts behind one hint (the hint's p95 target is 1.0 s on two cores).
HINT_SECONDS = 0.9
PASS_HINT_SECONDS = 0.7


@dataclass(frozen=True)
class Hint:
    """The coach's move (one card, or the cards to pass) and why, in one or two sentences."""

    cards: tuple[Card, ...]
    reason: str
    expected: float | None = None
    choice: str | None = None
    """How to score a moon the seat shot (``add_to_others`` or ``subtract_from_self``), in the moon phase."""
    line: ScoreLine | None = None
    """The score line the hint played to (None: for points alone)."""
    chance: float | None = None
    """The chance to win the game the move keeps, from 0 to 1 (with a score line)."""
    unit: str = "points"
    """``chance`` when the score decided or the reason speaks of the chance to win the game, else ``points``."""

    @property
    def card(self) -> Card:
        return self.cards[0]


def hint(view: PlayerView, *, seed: int = 0, seconds: float | None = None, rollouts: int | None = None,
         workers: int | None = None, to_score: bool = True) -> Hint:
    """The coach's move for the seat's turn, with the reason.

    A timed hint thinks on both cores (:mod:`hearts_tutor.bots.helper`) unless ``workers=1``. In a match it
    plays to the score unless ``to_score=False``.
    """
    line = judged_line(view) if to_score else None
    if line is None and to_score and view.phase is not Phase.MOON:
        from .score_advice import points_only_note, with_points_only_note

        if points_only_note(view):  # no game-win table for these rules: in points, saying so
            plain = hint(view, seed=seed, seconds=seconds, rollouts=rollouts, workers=workers, to_score=False)
            return with_points_only_note(view, plain, plain.cards[0] if len(plain.cards) == 1 else None)
    if view.phase is Phase.PASS:
        return _hint_pass(view, seed=seed, seconds=seconds, rollouts=rollouts, workers=workers, line=line)
    if view.phase is Phase.MOON and view.to_move == view.seat:
        from ..bots.rollout_moon import moon_choice

        choice, why = moon_choice(view.rules, view.scores, view.seat)
        return Hint((), text.hint_moon_choice(why), None, choice)
    if not view.my_turn:
        raise ValueError("it is not this seat's turn to play")
    legal = view.legal_plays()
    if len(legal) == 1:
        return Hint((legal[0],), text.hint_only_card(legal[0]))
    from ..bots.helper import helper_for
    from ..bots.heuristic import Beliefs
    from ..bots.search import evaluate_plays

    if rollouts is None and seconds is None:
        seconds = HINT_SECONDS
    beliefs = Beliefs(view)
    est = evaluate_plays(view, rollouts=rollouts, seconds=seconds, rng=random.Random(seed),
                         card_weights=beliefs.card_weights() or None, void_odds=beliefs.void_odds() or None,
                         early_stop=rollouts is None, helper=helper_for(workers, timed=rollouts is None),
                         value=None if line is None else line.loss_after)
    order = tie_order(view)
    ranked = sorted(legal, key=lambda c: (round(est[c].mean, 9), *order(c)))
    if line is not None:
        fewest = min(legal, key=lambda c: (round(est[c].points or 0.0, 9), *order(c)))
        if not score_decides(line, est, fewest, order):
            ranked.remove(fewest)  # the score makes no difference: the fewest points, as outside a match
            ranked.insert(0, fewest)
        to_score_hint = _score_hint(view, line, est, ranked, fewest)
        if to_score_hint is not None:
            return to_score_hint
    best = ranked[0]
    settled = None
    if line is not None and line.can_end_this_hand:
        from .score_why import settled_words

        settled = settled_words(line, {c: est[c].mean for c in legal}, fewest)
    moon = _moon_hint(view, best, est[best].mean if line is None else est[best].points or 0.0, line)
    if moon is not None:
        if line is None:
            return moon
        from .score_why import agreeing_reason, kept_chance_sentence

        if settled is not None:  # no choice keeps a chance, or every one wins: in points, saying so
            return dataclasses.replace(moon, reason=f"{moon.reason} {settled}", line=line,
                                       chance=1.0 - est[best].mean / 100, unit="points")
        note = agreeing_reason(view, line, best, ranked[1:])
        chance = 1.0 - est[best].mean / 100
        reason = moon.reason + (f" {note} {kept_chance_sentence(est, best)}" if note else "")
        found = dataclasses.replace(moon, reason=reason, line=line, chance=chance, unit="chance" if note else "points")
        return _unsure(found, est)
    if line is None:
        means = {c: est[c].mean for c in legal}
        best = points_contrast(view, means)[0]
        return Hint((best,), points_play_reason(view, means), est[best].mean)
    if settled is not None:  # judged in points, saying so
        means = {c: est[c].points or 0.0 for c in legal}
        best = points_contrast(view, means)[0]
        return Hint((best,), f"{points_play_reason(view, means)} {settled}", est[best].points, line=line,
                    chance=1.0 - est[best].mean / 100, unit="points")
    chance = 1.0 - est[best].mean / 100
    contrast = next((c for c in ranked[1:] if est[c].mean - est[best].mean > SAME_POINTS), ranked[1])  # does worse
    reason = explain_play(view, best, est[best].points, tempting=contrast)
    if line.can_end_this_hand:
        from .score_advice import Kind, reason_of
        from .score_why import agreeing_reason, ends_anyway_words, kept_chance_sentence

        agrees = agreeing_reason(view, line, best, ranked[1:])
        if agrees is None:  # this hand's points may end the game already: then say so
            agrees = reason_of(Kind.ENDS_ANYWAY, ends_anyway_words(view, line))
        kind = None if agrees is None else agrees.kind
        if kind is Kind.SHOOT:  # the learner's own moon: not point-avoiding words
            reason = text.hint_keep_shooting(best, view.rules, "Play" if view.trick else "Lead")
        elif kind is Kind.LOW_PLAYER and best != QUEEN_OF_SPADES:  # it said 'throw <best> on': not twice
            reason = text.hint_expectation(est[best].points or 0.0)
        reason = (f"{agrees} " if agrees else "") + reason + " " + kept_chance_sentence(est, best)
    else:
        from .score_why import low_player_note

        low = low_player_note(view, line, best)
        reason = f"{low} {reason}" if low else reason
    return _unsure(Hint((best,), reason, est[best].points, line=line, chance=chance,
                        unit="chance" if line.can_end_this_hand else "points"), est)


def _unsure(found: Hint, est: Mapping[Card, Estimate]) -> Hint:
    """``found`` with the coach's "not sure" caveat when it is judged in chance and the simulations cannot tell its
    card's chance to win the game from another's (:func:`~hearts_tutor.coach.score_why.unsure_words`)."""
    if found.unit != "chance" or not found.cards:
        return found
    from .score_why import unsure_words

    caveat = unsure_words(est, found.card, card_order)
    return dataclasses.replace(found, reason=found.reason + caveat) if caveat else found


def _score_hint(view: PlayerView, line: ScoreLine, est: Mapping[Card, Estimate], ranked: Sequence[Card],
                fewest: Card) -> Hint | None:
    """The hint when the score changes the advice (the best card for the game is not the ``fewest``-points
    card): why, from the position, and the chances. None when the fewest points are also the best for the game."""
    from .score_advice import chance_sentence
    from .score_why import score_why

    best = ranked[0]
    chance = 1.0 - est[best].mean / 100
    if fewest == best or est[fewest].mean - est[best].mean < SCORE_MATTERS:
        return None  # the points decide: the usual words (with the chance when the game can end this hand)
    reason = score_why(view, line, best, fewest).words + " " + chance_sentence(chance, 1.0 - est[fewest].mean / 100,
                                                                     text.play_phrase(fewest))
    return _unsure(Hint((best,), reason, est[best].points, line=line, chance=chance, unit="chance"), est)


def _moon_hint(view: PlayerView, c: Card, expected: float, line: ScoreLine | None = None) -> Hint | None:
    """The hint's words while a moon is on (someone else may be shooting it, or this seat is); the card is
    the rollouts' (their players play moons both ways, :mod:`hearts_tutor.bots.rollout_moon`). At a score ``line``
    where the other player's moon would end the game with the learner lowest (or sharing it), no words about
    stopping it (lesson 14: that moon is not one to pay to stop)."""
    from ..bots.heuristic import am_shooting, possible_shooter

    shooter = possible_shooter(view)
    if shooter is not None and line is not None:
        from .score_advice import moon_outcome

        if moon_outcome(line, shooter) in ("win", "tie"):
            return None
    if shooter is None:
        if not am_shooting(view):
            return None
        return Hint((c,), text.hint_shooting(c, view.rules, started=any(view.hearts_taken) or any(view.queens_taken)),
                    expected)
    who = text.seat_phrase(view.seat, shooter, view.n)
    if not view.trick:
        return Hint((c,), text.hint_lead_against_moon(c, who, view.rules), expected)
    if stake(view) > 0 and all((trick_winner(view, d) or (None,))[0] != shooter for d in view.legal_plays()):
        return None  # this trick's points go to another player whatever is played: the moon is stopped already
    if _surely_wins(view, c):
        if stake(view, c) <= 0:  # no points on it: winning it takes the lead, it stops nothing yet
            return Hint((c,), text.hint_lead_against_moon(c, who, view.rules, take=True), expected)
        return Hint((c,), text.hint_stop_moon(c, who, view.rules), expected)
    winner = (trick_winner(view, c) or (None,))[0]
    if is_point_card(view, c) and winner is not None and winner not in (shooter, view.seat):
        taker = text.seat_phrase(view.seat, winner, view.n)
        return Hint((c,), text.hint_points_elsewhere(c, who, taker, view.rules,
                                                               len(view.trick) == view.n - 1), expected)
    if winner == shooter and is_point_card(view, c):
        return None  # points thrown on the shooter's own trick: 'give the shooter no more points' would contradict it
    if any(suit_of(h) == suit_of(c) and h < c for h in view.hand) or _would_win(view, c) or rank_of(c) >= 8 or \
            not any(rank_of(h) >= 8 for h in view.hand if h != c):
        return None  # not the lowest of its suit, a ten or higher, a card that may win, or no high card left to
        # keep: 'keep your high cards' would not fit it
    return Hint((c,), text.hint_moon_watch(c, who, view.rules), expected)


def _hint_pass(view: PlayerView, *, seed: int, seconds: float | None, rollouts: int | None,
               workers: int | None = None, line: ScoreLine | None = None) -> Hint:
    """The coach's pass: its own suggestion, a few variations and the hard bots' shortlist, with the moon pass when
    the hand can try for the moon or a moon would win the game this hand, compared by rollouts (in points, or at
    a score line in the chance to win the game)."""
    from ..bots.helper import helper_for
    from ..bots.search import evaluate_passes

    moon = moon_options(view, line)
    try_moon = not moon_loses(view, line)
    mine, reason = suggest_pass(view, try_moon)
    mine = tuple(sorted(mine))
    if view.passed is not None:
        return Hint(mine, reason)
    options = pass_candidates(view, moon=try_moon)
    for p in (*_hard_shortlist(view), *moon):
        if p not in options:
            options.append(p)
    if rollouts is None and seconds is None:
        seconds = PASS_HINT_SECONDS
    est = evaluate_passes(view, options, rollouts=rollouts, seconds=seconds, rng=random.Random(seed),
                          helper=helper_for(workers, timed=rollouts is None),
                          value=None if line is None else line.loss_after)
    best = min(options, key=lambda p: (round(est[p].mean, 9), p != mine, p))
    no_chance = False
    if line is not None:
        from .score_why import hopeless

        fewest = min(options, key=lambda p: (round(est[p].points or 0.0, 9), p != mine, p))
        no_chance = hopeless({p: e.mean for p, e in est.items()}, fewest)
        if no_chance or not score_decides(line, est, fewest, lambda p: (p != mine, p)):
            best = fewest  # the score makes no difference: the fewest points, as outside a match
    moon_pass = is_moon_pass(view, line, best, moon)
    if best == mine:
        words = reason
    elif moon_pass:
        words = text.reason_pass_moon(list(best), view.rules, losers=[c for c in best if higher_out(view, c)])
    else:
        words = explain_pass(view, best)
    if line is None:
        return Hint(best, words, est[best].mean)
    from .score_why import queen_receiver_note

    goes = queen_receiver_note(view, line, best)
    words = f"{words} {goes}" if goes else words
    chance = 1.0 - est[best].mean / 100
    if no_chance:
        from .score_why import hopeless_words

        return Hint(best, f"{words} {hopeless_words(line)}", est[best].points, line=line, chance=chance,
                    unit="points")
    if line.can_end_this_hand:
        from .score_advice import chance_sentence
        from .score_why import kept_chance_sentence, pass_reason

        why = pass_reason(view, line, moon_pass)
        kept = (chance_sentence(chance, 1.0 - est[fewest].mean / 100, text.pass_phrase(fewest)) if best != fewest
                else kept_chance_sentence(est, best, "pass"))
        words = (f"{why} " if why else "") + f"{words} {kept}"
    return Hint(best, words, est[best].points, line=line, chance=chance,
                unit="chance" if line.can_end_this_hand else "points")


def is_moon_pass(view: PlayerView, line: ScoreLine | None, option: tuple[Card, ...],
                 moon: Sequence[tuple[Card, ...]] | None = None) -> bool:
    """Whether the pass ``option`` is a moon try's (said as one): the hand can try for the moon, the coach weighs a
    moon pass here (``moon``: :func:`moon_options`, if known), and ``option`` is it or keeps every heart and the
    spades above the queen (which catch her)."""
    moon = moon_options(view, line) if moon is None else moon
    keeps = not any(suit_of(c) == HEARTS or (suit_of(c) == SPADES and c > QUEEN_OF_SPADES) for c in option)
    return bool(moon) and moon_try_hand(hand_before_pass(view), view) and (option in moon or keeps)


def moon_loses(view: PlayerView, line: ScoreLine | None) -> bool:
    """At the score ``line`` (None: in points), the learner's own moon this hand would end the game with another
    player lowest (:func:`~hearts_tutor.bots.heuristic.moon_loses_game`, the hard bots' test)."""
    from ..bots.heuristic import moon_loses_game

    return line is not None and moon_loses_game(view)


def moon_options(view: PlayerView, line: ScoreLine | None = None) -> list[tuple[Card, ...]]:
    """The moon pass (:func:`~hearts_tutor.bots.passing.moon_pass_order`), to compare with the other passes, when
    the hand can try for the moon, or when at the score ``line`` the learner's moon would win the game this hand;
    none where the learner's moon would end the game with another player lowest."""
    from .score_advice import moon_outcome

    hand = hand_before_pass(view)
    wins = line is not None and line.can_end_this_hand and moon_outcome(line, view.seat) == "win"
    if moon_loses(view, line) or not (wins or moon_try_hand(hand, view)):
        return []
    return [tuple(sorted(moon_pass_order(hand, view.rules)[:view.rules.pass_count]))]


def _hard_shortlist(view: PlayerView, limit: int = 4) -> list[tuple[Card, ...]]:
    """The hard bots' own shortlist of sensible passes (more candidates for the rollouts to compare)."""
    from ..bots.heuristic import HardBot, best_passes

    return [tuple(sorted(p)) for p in best_passes(HardBot(seed=0), view, limit=limit)]


def explain_pass(view: PlayerView, cards: tuple[Card, ...], *, opening: bool = False,
                 accepted: Sequence[tuple[Card, ...]] = ()) -> str:
    """Why pass these cards, in the coach's words: a reason per group of cards ('Pass the queen of spades: ...').
    ``opening``: the words open by naming the pass once ('Pass A, B and C. The queen of spades: ...', or 'Pass
    the 4, 9 and jack of diamonds to ...' when one reason covers it all), as a puzzle's explanation does.
    ``accepted``: the other passes the coach accepts too, best first (a well-guarded queen passed while one of
    them keeps her is then said to be fine to keep)."""
    moon = moon_pass_reason(view, cards)
    if moon is not None:
        return f"Pass {text.cards_phrase(cards)}. {moon.words}" if opening else moon.words
    parts = _pass_parts(view, cards, accepted)
    if opening:
        return text.pass_reasons(cards, parts)
    return " ".join(say("alone") for _, say in parts)


def _pass_parts(view: PlayerView, cards: tuple[Card, ...], accepted: Sequence[tuple[Card, ...]] = ()
                ) -> list[tuple[list[Card], Callable[[text.PassForm], str]]]:
    """The pass in groups, each with its reason (said in a form, :data:`~hearts_tutor.coach.text.PassForm`): the
    queen of spades, the suits it empties, the high and mid-range cards, the low cards per suit."""
    hand = hand_before_pass(view)
    parts: list[tuple[list[Card], Callable[[text.PassForm], str]]] = []
    rest = list(cards)
    if QUEEN_OF_SPADES in cards and view.rules.queen_points:
        others = [c for c in hand if suit_of(c) == SPADES and c != QUEEN_OF_SPADES]
        lower = sum(1 for c in others if c < QUEEN_OF_SPADES)
        if not queen_guarded(others):
            parts.append(([QUEEN_OF_SPADES], lambda form: text.reason_pass_queen(lower, form=form)))
        else:
            keep = next((p for p in accepted if QUEEN_OF_SPADES not in p), None)
            parts.append(([QUEEN_OF_SPADES], partial(text.reason_pass_queen_anyway, others, keep=keep)))
        rest = [c for c in rest if c != QUEEN_OF_SPADES]
    for suit in range(3):
        suit_held = [c for c in hand if suit_of(c) == suit]
        if suit_held and all(c in rest for c in suit_held):
            parts.append((suit_held, partial(text.reason_pass_void, suit, suit_held)))
            rest = [c for c in rest if c not in suit_held]
    high = [c for c in rest if rank_of(c) >= 5]  # 7 and up
    if high:
        parts.append((high, partial(text.reason_pass_dangerous, high)))
    low = [c for c in rest if rank_of(c) < 5]
    kept = [c for c in hand if c not in cards]
    for suit in sorted({suit_of(c) for c in low}):
        left = sum(1 for c in kept if suit_of(c) == suit)
        group = [c for c in low if suit_of(c) == suit]
        parts.append((group, partial(text.reason_pass_low, group, left)))
    return parts


def tie_order(view: PlayerView) -> Callable[[Card], tuple[int, ...]]:
    """How a hint breaks a tie between cards that come out the same: when leading, the lowest card first
    (:func:`~hearts_tutor.bots.paired.card_order`); when following or throwing away, the highest first (shed the
    high card while it costs nothing, keep the low one to duck later), but a card that would take the trick with
    points in it last, the fewer of them the earlier."""
    if not view.trick:
        return card_order

    def order(c: Card) -> tuple[int, ...]:
        taken = stake(view, c) if _would_win(view, c) else 0
        return (int(taken > 0), taken, -rank_of(c), -c)
    return order


def points_contrast(view: PlayerView, means: Mapping[Card, float]) -> tuple[Card, list[Card], Card | None]:
    """From each legal card's expected points: the best card, the others that do as well (within
    :data:`SAME_POINTS`), and the best of those that do worse, its contrast (None when every card does the same).
    Ties go as the hint breaks them (:func:`tie_order`), so the words are of the card the hint shows."""
    order = tie_order(view)
    ranked = sorted(means, key=lambda c: (round(means[c], 9), *order(c)))
    same = [c for c in ranked[1:] if means[c] - means[ranked[0]] <= SAME_POINTS]
    return ranked[0], same, next((c for c in ranked[1:] if c not in same), None)


def points_play_reason(view: PlayerView, means: Mapping[Card, float]) -> str:
    """The words of a play hint judged in points (``means``: each legal card's expected points): the best card's
    reason against its contrast (:func:`points_contrast`, :func:`explain_play`), naming the cards that do as well;
    where every card comes out the same, that the choice makes no difference."""
    best, same, worse = points_contrast(view, means)
    verb = "Play" if view.trick else "Lead"
    if worse is None and len({card_points(view, (c,)) for c in means}) > 1:  # the same, but not the same cards:
        return explain_play(view, best, means[best], tempting=max(same, key=lambda c: card_points(view, (c,))))
    if worse is None:
        return text.hint_any_card(best, means[best], verb, others=len(same))
    reason = explain_play(view, best, means[best], tempting=worse)
    if text.GENERIC in reason and means[worse] - means[best] < CLOSE_POINTS:  # no reason, and little to choose
        reason = text.hint_close(best, worse, means[best], means[worse], verb)
    return f"{reason} {text.as_good(same)}" if same else reason


def explain_play(view: PlayerView, c: Card, expected: float | None = None, tempting: Card | None = None,
                 accepted: Sequence[Card] = ()) -> str:
    """Why ``c`` is a good card here, in the coach's words (with the expected points when known).

    ``tempting`` is the card it is compared with (the learner's, the runner-up, the bots' temptation): the
    reason then names a fact that separates the two (:func:`~hearts_tutor.coach.reasons.play_reason`).
    ``accepted``: the other cards the coach accepts here (a puzzle's answers), so the words never call one of
    them better than ``c``.
    """
    legal = view.legal_plays()
    if len(legal) == 1:
        return text.hint_only_card(c)
    fact = play_reason(view, c, tempting)
    if _keeps_shooting(view, c):
        why = text.hint_shooting(c, view.rules, verb="Play" if view.trick else "Lead")
    elif not view.trick:
        flush_too = tempting is not None and suit_of(tempting) == SPADES and tempting < QUEEN_OF_SPADES
        if suit_of(c) == SPADES and c < QUEEN_OF_SPADES and queen_unseen(view) and not flush_too and not any(
                suit_of(h) == SPADES and h > QUEEN_OF_SPADES for h in view.hand):  # no ace or king to catch her
            why = text.hint_flush_queen(c)
        elif fact is not None:
            why = fact.words
        elif rank_of(c) <= 4 and tempting is not None and rank_of(c) < rank_of(tempting) and higher_out(view, c):
            why = text.hint_lead_low(c)  # (never of a card that nothing out can beat: it wins by force)
        else:
            more = more_reason(view, c, tempting)
            why = more.words if more is not None else text.hint_generic(c, "Lead")
    else:
        led = suit_of(view.trick[0])
        current = trick_winner(view)
        suspect = moon_suspect(view)
        if suspect is not None and _would_win(view, c) and stake(view) > 0:
            why = text.hint_stop_moon(c, text.seat_phrase(view.seat, suspect, view.n), view.rules)
        elif (lead := lead_from_shooter(view, c, tempting)) is not None:
            why = lead.words
        elif (feed := feed_shooter_reason(view, c, tempting)) is not None:
            why = feed.words
        elif suit_of(c) != led:
            taker = trick_winner(view, c) if players_after(view) == 0 else None  # last to play: known
            who = text.seat_phrase(view.seat, taker[0], view.n) if taker else None
            lower = tempting if tempting is not None and suit_of(tempting) == suit_of(c) and tempting < c and \
                view.rules.card_points(tempting) == view.rules.card_points(c) else None  # the same, but lower
            if lower is not None:  # keep the lowest of the suit, the card that ducks best
                lower = min(h for h in view.hand if suit_of(h) == suit_of(c))
            why = (text.hint_discard_points(c, led, who, view.rules.card_points(c), lower) if is_point_card(view, c)
                   else text.hint_discard(c, led, view.rules.jack_points))
        elif current is not None and c < current[1]:
            both_under = tempting is not None and suit_of(tempting) == led and tempting < current[1]
            keep = (keep_stopper_reason(view, c, tempting) or keep_jack_reason(view, c, tempting)
                    if both_under else None)
            if keep is not None:
                why = keep.words
            elif both_under and tempting is not None and tempting < c:  # 'stays under' is true of both
                saved = card_points(view, (c,)) - card_points(view, (tempting,))  # what it sheds beyond ``tempting``
                known = text.seat_phrase(view.seat, current[0], view.n) if players_after(view) == 0 else None
                why = text.hint_duck_higher(c, tempting, current[1], saved, known)
            else:
                why = duck_reason(view, c, tempting, accepted).words
        elif players_after(view) == 0 and _would_win(view, c) and stake(view, c) < 0:
            why = text.hint_win_bonus(c, stake(view, c))
        elif players_after(view) == 0 and _would_win(view, c) and stake(view, c) == 0:
            why = text.hint_win_safely(c)
        elif fact is not None:
            why = fact.words
        elif all(_surely_wins(view, d) for d in legal) and card_points(view, (c,)) == min(
                card_points(view, (d,)) for d in legal) < max(card_points(view, (d,)) for d in legal):
            theirs = card_points(view, (tempting,)) if tempting is not None else 0
            why = text.hint_win_cheapest(c, card_points(view, (c,)), tempting, theirs, players_after(view) == 0)
        else:
            more = more_reason(view, c, tempting)
            why = more.words if more is not None else text.hint_generic(c)
    if expected is not None:
        why += " " + text.hint_expectation(expected)
    return why


def _keeps_shooting(view: PlayerView, c: Card) -> bool:
    """Whether ``c`` goes on with a moon the seat has started: it has taken every point so far, its cards still
    top the hearts out (the hard bots' test), and ``c`` wins this trick or, led, is the top card of its suit."""
    from ..bots.heuristic import am_shooting

    started = any(view.hearts_taken) or any(view.queens_taken)
    if not started or not am_shooting(view):
        return False
    if view.trick:
        return _would_win(view, c)
    return not any(suit_of(u) == suit_of(c) and u > c for u in view.unseen())


def _surely_wins(view: PlayerView, c: Card) -> bool:
    """``c`` wins this trick whatever the players after play: it beats the trick so far and is the last card played
    to it or no card of its suit above it is still out."""
    return _would_win(view, c) and (players_after(view) == 0 or higher_out(view, c) == 0)


def _would_win(view: PlayerView, c: Card) -> bool:
    w = trick_winner(view, c)
    return w is not None and w[0] == view.seat


def tutor_warning(view: PlayerView, card: Card) -> Flag | None:
    """A warning before ``card`` is committed, if it is risky: taking points a safe card would avoid,
    winning a spade trick with a high spade while the queen is still out, breaking hearts needlessly, or
    throwing away the last high heart while someone may be shooting the moon. None if nothing stands out."""
    if not view.my_turn or not view.legal >> card & 1:
        return None
    legal = view.legal_plays()
    if len(legal) == 1:
        return None  # a forced card: nothing safer to take back to
    after = players_after(view)
    trick = view.trick
    led = suit_of(trick[0]) if trick else suit_of(card)
    wins = _would_win(view, card)

    if trick and after == 0 and wins:
        pts = stake(view, card)
        if pts > 0:
            safe = [c for c in legal if not _would_win(view, c)]
            if safe:
                sev = "danger" if pts >= 5 else "warning"
                return Flag("takes_points", sev, text.warn_takes_points(card, pts, safe), (card,))

    if is_high_spade(card) and led == SPADES and wins and after > 0 and queen_unseen(view):
        later = seats_after(view)
        safer = [c for c in legal if not is_high_spade(c) and c != QUEEN_OF_SPADES]
        if safer and any(may_hold(view, s, QUEEN_OF_SPADES) for s in later):
            lower = any(suit_of(c) == SPADES for c in safer)
            return Flag("high_spade_queen_out", "danger", text.warn_high_spade_queen_out(card, lower), (card,))

    suspect = moon_suspect(view)
    if suspect is not None and suit_of(card) == HEARTS and rank_of(card) >= 9:
        mine = high_hearts(view.hand)
        if mine == [card] and not wins:
            who = text.seat_phrase(view.seat, suspect, view.n)
            return Flag("throws_moon_stopper", "danger",
                        text.warn_moon_stopper(card, who, view.rules, bool(out_of_suit(view, HEARTS))), (card,))

    if trick and not view.hearts_broken and suit_of(card) == HEARTS and suit_of(trick[0]) != HEARTS:
        if wins and after == 0:
            return Flag("breaks_hearts_own_trick", "warning", text.warn_breaks_hearts_own(card), (card,))
        others = [c for c in legal if suit_of(c) != HEARTS and c != QUEEN_OF_SPADES]
        if rank_of(card) <= 4 and others:
            return Flag("breaks_hearts_needlessly", "warning", text.warn_breaks_hearts(card), (card,))
    return None
