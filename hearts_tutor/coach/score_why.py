"""Which score reason a hint or a grade shows beside a card, and only one that argues for that card (issue 31).

:mod:`.score_advice` words each reason the score can give (a moon that ends the game, the queen to the player
with the lowest score, ending the game while the learner is lowest, keeping the game going); this module picks
the one to show:

* :func:`agreeing_reason`: the first reason that argues *for* a card (the coach's move, or a move graded best),
  for every hint and grade where the game can end this hand, whether or not the card is also the fewest-points
  card. A reason that argues for another card is never shown.
* :func:`feedback_reason`: the reason a wrong move is wrong, told before the coach's move is revealed, so it names
  no card but the learner's own.
* :func:`unsure_words`: the hint's "the coach is not sure" caveat when the simulations cannot tell its card
  from another's chance to win the game (as a grade says it when it is not sure of its band);
  :func:`kept_chance_sentence`: the chance a hint's card keeps, never called the best when another card's is.
* :func:`score_why`: why the score picks another card than the fewest points (``score_reason``, or
  :func:`take_it_reason`: the points already on this trick would end the game while another player is lowest,
  so take the trick; :func:`catch_up_reason`: the points go to a player below the learner, one the learner must
  finish below); :func:`specific_reason` adds :func:`ends_anyway_words` (the points taken so far end the
  game after this hand) and gives None rather than a plain sentence: the opening of a play-to-score puzzle.
* :func:`low_player_note`: far from the end, the card that throws the most points throws them on the player with
  the lowest score (aim for the low player).
* :func:`pass_reason`: what the score asks of a pass when the game can end this hand (a moon pass: that the moon
  would win the game; else keep away from a big take near the target; keep your own take small while lowest;
  want the game to go on when its end would lose it).
* :func:`hopeless`: no choice keeps even 1% of a chance to win the game, so a hint or grade there is in points.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..bots.moon import moon_points
from ..bots.paired import paired_difference
from ..engine.cards import QUEEN_OF_SPADES, Card, card_name
from ..engine.view import PlayerView
from ..equity import game_over
from ..equity.line import MOST_POINTS_IN_A_HAND, ScoreLine
from ..equity.model import distances
from .bands import BAND_LIMITS, UNSURE_BELOW, sure_none_better
from .score_advice import (
    Kind,
    ScoreReason,
    after_moon,
    chance_sentence,
    danger_reason,
    end_it_reason,
    ending_reason,
    ends_anyway,
    jack_relief,
    leader_reason,
    left_to_take,
    line_words,
    lowest_seats,
    lowest_words,
    may_still_shoot,
    moon_case,
    moon_outcome,
    moon_reason,
    moon_win_reason,
    overtake_ending_reason,
    reason_of,
    score_reason,
    scores_so_far,
    tie_end_reason,
    to_target,
    trick_to_winner,
    unless_moon_words,
    who,
    would_take,
)
from .situation import card_points, is_point_card, stake, trick_winner
from .text import cap, play_phrase
from .to_score import percent

if TYPE_CHECKING:
    from ..bots.search import Estimate

def ends_game(view: PlayerView, line: ScoreLine, card: Card) -> bool:
    """Whether ``card`` lets the player winning the trick (not the learner) take this trick's points, with the
    hand's points so far, to the target: the game then ends after this hand."""
    given = trick_to_winner(view, line, card)
    return given is not None and game_over(given[1], line.rules)


def agreeing_reason(view: PlayerView, line: ScoreLine, card: Card, others: Sequence[Card] = ()
                    ) -> ScoreReason | None:
    """The first score reason that argues for ``card``: completing or letting go a moon
    (:func:`~.score_advice.moon_case`), the points to the player with the lowest score
    (:func:`~.score_advice.leader_reason`), ending the game while the learner is lowest
    (:func:`~.score_advice.end_it_reason`), or one of ``others`` (in order) giving away points that end the game
    while another player is lowest (:func:`~.score_advice.ending_reason`,
    :func:`~.score_advice.overtake_ending_reason`, :func:`take_it_reason`), said only when ``card`` does not end the
    game itself. None when the game cannot end this hand or no reason agrees."""
    if not line.can_end_this_hand:
        return None
    for reason in (moon_case(view, line, card), reason_of(Kind.LOW_PLAYER, leader_reason(view, line, card)),
                   reason_of(Kind.END_IT, end_it_reason(view, line, card)),
                   reason_of(Kind.TIE_END, tie_end_reason(view, line, card))):
        if reason is not None:
            return reason
    if ends_game(view, line, card):
        return None
    for other in others:
        if other != card and (reason := reason_of(Kind.KEEP_GOING, ending_reason(view, line, other)
                                                  or overtake_ending_reason(view, line, other, card)
                                                  or take_it_reason(view, line, card, other))
                              or reason_of(Kind.AIM_LOW, low_player_reason(view, line, card, other))):
            return reason
    return None


def score_why(view: PlayerView, line: ScoreLine, best: Card, rival: Card) -> ScoreReason:
    """Why ``best`` keeps the best chance to win the game where ``rival``, the fewest-points card, does not:
    :func:`~.score_advice.score_reason`, or where it has only its plain sentence, :func:`take_it_reason` and the
    others, or that the game ends after this hand anyway (:func:`ends_anyway_words`), with the gap a card closes to
    a player below the learner (:func:`catch_up_reason`)."""
    why = score_reason(view, line, best, rival)
    if why.kind is not Kind.PLAIN:
        return why
    for specific in (reason_of(Kind.KEEP_GOING, take_it_reason(view, line, best, rival)),
                     reason_of(Kind.TIE_END, tie_end_reason(view, line, best)),
                     reason_of(Kind.AIM_LOW, low_player_reason(view, line, best, rival)),
                     reason_of(Kind.LOW_PLAYER, low_player_note(view, line, best))):
        if specific is not None:
            return specific
    catch_up, anyway = catch_up_reason(view, line, best, rival), ends_anyway_words(view, line)
    if catch_up is not None:
        return ScoreReason(Kind.CATCH_UP, f"{anyway} {catch_up}" if anyway else catch_up)
    return reason_of(Kind.ENDS_ANYWAY, anyway) or why


def specific_reason(view: PlayerView, line: ScoreLine, best: Card, rival: Card) -> ScoreReason | None:
    """:func:`score_why` when it names a Hearts reason or that the game ends after this hand anyway, else None."""
    why = score_why(view, line, best, rival)
    return None if why.kind is Kind.PLAIN else why


def feedback_reason(view: PlayerView, line: ScoreLine, chosen: Card, best: Card, *, fewest: bool = False
                    ) -> str | None:
    """Why ``chosen`` is worse than ``best`` at this score, in words that name no card but ``chosen`` (said before
    the coach's move is revealed): the moon (``best`` completes it or lets it go and ``chosen`` does the other),
    ``chosen`` ending the game while another player is lowest, or (``fewest``: ``chosen`` is the fewest-points card
    and the score picks another) the danger of a big take near the target. None if no such reason holds."""
    if not line.can_end_this_hand or chosen == best:
        return None
    moon = moon_reason(view, line, best)
    if moon is not None and moon_reason(view, line, chosen) is None:
        return moon
    if not ends_game(view, line, best) and (ending := ending_reason(view, line, chosen)) is not None:
        return ending
    return danger_reason(view, line) if fewest else None


def names_only(reason: str, view: PlayerView, card: Card) -> bool:
    """Whether ``reason`` names no legal card but ``card`` (so it does not give the coach's move away)."""
    lower = reason.lower()
    return not any(play_phrase(c) in lower for c in view.legal_plays() if c != card)


def unsure_words(est: Mapping[Card, Estimate], best: Card, order: Callable[[Card], Hashable]) -> str:
    """' The coach is not sure of this hint: ...' when the chance that another card keeps a better chance to win
    the game than ``best`` by more than the 'best' band (0.3 of a win in 100 games) is above 1 - ``UNSURE_BELOW``,
    deal by deal over the search's sampled deals (``est``: valued by the chance of not winning, in percent); ''
    otherwise, or when the deals cannot be paired."""
    base = est[best].values
    others = [c for c in est if c != best]
    if len(base) < 2 or not others or any(len(est[c].values) != len(base) for c in others):
        return ""
    if sure_none_better(paired_difference(est[c].values, base) for c in others) >= UNSURE_BELOW:
        return ""
    runner = min(others, key=lambda c: (round(est[c].mean, 9), order(c)))
    return (f" The coach is not sure of this hint: the simulations cannot tell {play_phrase(best)} from "
            f"{play_phrase(runner)} well at these scores.")


def _lowest(scores: Sequence[int]) -> int | None:
    """The one seat with the lowest score (None on a tie)."""
    seats = lowest_seats(scores)
    return seats[0] if len(seats) == 1 else None


def _moon_clause(view: PlayerView, line: ScoreLine, taker: int) -> str:
    """'unless seat N goes on to shoot the moon, ' ('unless you go on') while ``taker`` may still shoot (no other
    seat has a point this hand) and a moon, scored some way the rules allow, would not end the game; else ''."""
    if not may_still_shoot(view, taker):
        return ""
    rules = line.rules
    ways = ("add_to_others", "subtract_from_self") if rules.moon == "shooter_chooses" else (rules.moon,)
    if all(game_over(after_moon(line.scores, taker, way), rules) for way in ways):
        return ""  # the moon ends the game too: no 'unless'
    return unless_moon_words(line, taker)


def take_it_reason(view: PlayerView, line: ScoreLine, best: Card, rival: Card) -> str | None:
    """The points already on this trick would take the player winning it after ``rival`` past the target while
    another player has the lowest score, and ``best`` wins the trick for the learner without ending the game: take
    the trick and keep the game going. None otherwise (or when the points would go with ``rival`` itself, which
    :func:`~.score_advice.ending_reason` words, or when the game ends after this hand anyway)."""
    if not view.trick or stake(view) <= 0 or not ends_game(view, line, rival) or ending_reason(view, line, rival) \
            or ends_anyway(view, line):
        return None
    mine, theirs = trick_winner(view, best), trick_winner(view, rival)
    if mine is None or theirs is None or mine[0] != line.seat:
        return None
    taker, so_far = theirs[0], moon_points(view)
    after = scores_so_far(view, line)
    if game_over([v + (stake(view, best) if s == line.seat else 0) for s, v in enumerate(after)], line.rules):
        return None  # the learner's own take would end the game too
    after[taker] += stake(view, rival)
    low = _lowest(after)
    if low is None or low == line.seat:
        return None
    points = stake(view, rival)
    last = len(view.trick) == view.n - 1
    keeps = "" if last else f"If {who(line, taker)} keeps it, "
    take = "take the trick" if last else "take the trick over"
    counted = ", counting this hand's points so far" if any(so_far) else ""
    return (f"{keeps}{'this' if keeps else 'This'} trick's {points} point{'s' if points != 1 else ''} would take "
            f"{who(line, taker)} to at least {after[taker]}: {_moon_clause(view, line, taker)}that ends the game "
            f"after this hand while {who(line, low)} has the lowest score ({after[low]}; you have {after[line.seat]}"
            f"{counted}), so {take} with {card_name(best)} and "
            "keep the game going.")


def low_player_reason(view: PlayerView, line: ScoreLine, best: Card, rival: Card) -> str | None:
    """Aim for the low player (Andrews): the learner is behind, another seat alone has the lowest score, and
    ``rival`` would give this trick's points to a third seat, taking it above every other score (nearest the end of
    the game), where ``best`` keeps them off it (it wins the trick, or gives that seat fewer points); said for
    ``best`` only, and only when ``rival``'s points do not end the game this hand
    (:func:`~.score_advice.ending_reason` words that). None otherwise (also under a jack of diamonds that scores
    minus: who ends nearer the end is then not proven)."""
    if not view.trick or best == rival or view.rules.jack_points < 0:
        return None
    theirs, mine = trick_winner(view, rival), trick_winner(view, best)
    points = stake(view, rival)
    if theirs is None or mine is None or points <= 0 or theirs[0] == line.seat:
        return None
    taker, me = theirs[0], line.seat
    if mine[0] == taker and stake(view, best) >= points:
        return None  # ``best`` gives the same seat as many points: it keeps nothing off
    if mine[0] == line.seat and stake(view, best) > 0:
        return None  # ``best`` takes the points itself: that brings the end nearer too
    low = _lowest(line.scores)
    after = scores_so_far(view, line)
    if low is None or low in (me, taker) or _lowest(after) != low:
        return None
    gap = after[me] - after[low]  # counting this hand's points so far
    nearest = max(v for s, v in enumerate(after) if s != taker)
    after[taker] += points
    if game_over(after, line.rules) or after[taker] <= nearest:
        return None  # the game ends (ending_reason), or another player stays nearer the end than the taker
    gift = "the queen of spades" if rival == QUEEN_OF_SPADES else card_name(rival)
    on_trick = points - card_points(view, (rival,))
    give = (f"{gift} on {who(line, taker)}" if on_trick <= 0 else
            f"{gift} would give {who(line, taker)} this trick's {points} points and")
    take = "would take" if on_trick <= 0 else "take"
    keeps = "" if len(view.trick) == view.n - 1 else f"if {who(line, taker)} keeps this trick, "
    keep = "her" if rival == QUEEN_OF_SPADES else "it"
    kept = (f" Keep {keep} for a trick {who(line, low)} wins." if is_point_card(view, rival) and rival != best
            and card_points(view, (best,)) < card_points(view, (rival,)) else "")
    lowest = (f"Counting this hand's points so far, {who(line, low)} is lowest ({after[low]})"  # (low: not the taker)
              if any(moon_points(view)) else cap(lowest_words(line, low)))
    return (f"{lowest}, {gap} below you: {keeps}{give} {take} "
            f"{who(line, taker)} to at least {after[taker]} and bring the end of the game nearer while you are "
            f"behind.{kept}")


def catch_up_reason(view: PlayerView, line: ScoreLine, best: Card, rival: Card) -> str | None:
    """The learner is behind (another player has a lower score, counting this hand's points so far) and the game
    can end this hand: ``best`` throws more points than ``rival`` on a trick taken by a player below the learner,
    one the learner must finish below to win, and those points do not end the game themselves (or it ends after
    this hand anyway); the points still to take could bring every lower score up to the learner's. None otherwise,
    and under a jack of diamonds that scores minus (who ends lower is then not proven)."""
    if not view.trick or best == rival or not line.can_end_this_hand or view.rules.jack_points < 0:
        return None
    theirs = trick_winner(view, best)
    if theirs is None or theirs[0] == line.seat:
        return None
    taker, me = theirs[0], line.seat
    other = trick_winner(view, rival)
    given = stake(view, best) - (stake(view, rival) if other is not None and other[0] == taker else 0)
    after = scores_so_far(view, line)
    if given <= 0 or after[taker] >= after[me] or min(after) == after[me]:
        return None
    if sum(after[me] - v for v in after if v < after[me]) > left_to_take(view):
        return None  # the points still to take cannot bring every lower score up to the learner's: catching up
        # with this player is not what the card is for
    reached = after[taker] + stake(view, best)
    if game_over([reached], line.rules) and not ends_anyway(view, line):
        return None  # these points end the game: the ending reasons say so
    where = ("level with you" if reached == after[me] else
             f"{reached - after[me]} above you" if reached > after[me] else f"{after[me] - reached} below you")
    anyway = ends_anyway(view, line)  # (ends_anyway_words, said before this, says the lowest score wins)
    counted = ", counting this hand's points so far" if any(moon_points(view)) and not anyway else ""
    has = f"{who(line, taker)} {'has' if after[taker] == line.scores[taker] else 'is on'} {after[taker]}"
    start = cap(has) if anyway else f"You need the lowest score when the game ends, and {has}"
    return f"{start} to your {after[me]}{counted}. {would_take(view, line, taker, best, reached)}{where}."


def ends_anyway_words(view: PlayerView, line: ScoreLine) -> str | None:
    """The points taken so far already take a player to the target, so the game ends after this hand whoever takes
    the rest (unless that player shoots the moon): the lowest score at the end of the hand wins. None otherwise."""
    so_far = moon_points(view)
    after = scores_so_far(view, line)
    if not game_over(after, line.rules):
        return None
    top = max(range(len(after)), key=lambda s: (after[s], s == line.seat))
    low = min(after)
    lowest = lowest_seats(after)
    if len(lowest) == 1:
        now = f"{'you are' if lowest[0] == line.seat else who(line, lowest[0]) + ' is'} lowest, on {low}"
    else:
        names = [who(line, s) for s in sorted(lowest, key=lambda s: s != line.seat)]
        now = f"{', '.join(names[:-1])} and {names[-1]} are lowest, on {low}"
    yours = "your score is" if top == line.seat else "their score is"
    taken = f"{so_far[top]} point{'s' if so_far[top] != 1 else ''}"
    return (f"With the {taken} {who(line, top)} {'have' if top == line.seat else 'has'} taken this "
            f"hand, {yours} at least {after[top]}: {_moon_clause(view, line, top)}the game ends after this hand "
            f"and the lowest score wins (counting this hand's points so far, {now}).")


#: How far below the learner the lowest score must be for "aim for the low player" to be a reason.
LOW_PLAYER_GAP = 5


def low_player_note(view: PlayerView, line: ScoreLine, card: Card) -> str | None:
    """Where the game cannot end this hand: ``card`` throws the most points any legal card could on a player with
    the lowest score (Andrews: aim for the low player), in :func:`~.score_advice.leader_reason`'s words; else
    None (near the end :func:`agreeing_reason` says it, with the end in view). The low player must be
    :data:`LOW_PLAYER_GAP` points or more below the learner, or share the lowest score with the learner (the
    points put the learner ahead), but not with everyone (0-0-0-0: nobody to aim at)."""
    low = lowest_seats(line.scores)
    mine = line.scores[line.seat]
    if line.can_end_this_hand or len(low) == len(line.scores) or \
            (line.seat not in low and mine - line.scores[low[0]] < LOW_PLAYER_GAP):
        return None
    if card_points(view, (card,)) < max(card_points(view, (c,)) for c in view.legal_plays()):
        return None
    return leader_reason(view, line, card, anytime=True)


def pass_reason(view: PlayerView, line: ScoreLine, moon_pass: bool = False) -> str | None:
    """What the score asks of a pass when the game can end this hand: for a moon pass (``moon_pass``), that the
    moon would win the game (:func:`~.score_advice.moon_win_reason`); else keep away from a big take near the
    target (:func:`~.score_advice.danger_reason`), keep your own take small while lowest and another player can
    end the game, or want the game to go on when its ending this hand would lose it for you (a moon, 26 points,
    cannot make up the gap). None otherwise, and when the jack of diamonds can lower a score. The danger comes
    first while the queen alone would end the game; with more room, wanting the game to go on (when it holds) says
    more."""
    if not line.can_end_this_hand or jack_relief(view):
        return None
    if moon_pass and (moon := moon_win_reason(view, line)):
        return moon
    room = distances(line.scores, line.rules)[line.seat]
    first = danger_reason(view, line) if room <= line.rules.queen_points else None
    return (first or _behind_at_pass(line) or danger_reason(view, line) or _lowest_at_pass(line)
            or _catch_up_at_pass(line))


def queen_receiver_note(view: PlayerView, line: ScoreLine, cards: Sequence[Card]) -> str | None:
    """Where a pass gives the queen of spades away: to whom, and what she does if the receiver cannot get rid of her
    (the receiver decides where she falls), when the score makes that matter: the receiver alone has the lowest
    score, :data:`LOW_PLAYER_GAP` or more below the learner, or her 13 points alone would take the receiver to the
    end of the game. None otherwise."""
    if QUEEN_OF_SPADES not in cards or not line.rules.queen_points or view.pass_direction == "keep":
        return None
    to = view.pass_target()
    if to == line.seat:
        return None
    name, score = who(line, to), line.scores[to]
    stuck = f"if {name} cannot get rid of her, her {line.rules.queen_points} points"
    if lowest_seats(line.scores) == [to] and line.scores[line.seat] - score >= LOW_PLAYER_GAP:
        return f"The queen goes to {name}, who has the lowest score ({score}): {stuck} land on the leader."
    reached = list(line.scores)
    reached[to] += line.rules.queen_points
    if game_over(reached, line.rules):
        return f"The queen goes to {name} ({score}): {stuck} alone take {name} {to_target(line.rules)}."
    return None


def _can_end(line: ScoreLine, seat: int) -> bool:
    """Whether ``seat``'s own points this hand (everything but a moon) can take it to the end of the game."""
    return distances(line.scores, line.rules)[seat] < MOST_POINTS_IN_A_HAND


def _ending_seats(line: ScoreLine, seats: Sequence[int]) -> list[int]:
    """The seats of ``seats`` that can end the game by their own points this hand: those the queen alone (or a few
    hearts) would take there if any, else all that can (one that needs nearly every point is named only then)."""
    can = [s for s in seats if _can_end(line, s)]
    room = distances(line.scores, line.rules)
    near = [s for s in can if room[s] <= max(line.rules.queen_points, 1)]
    return near or can


def _enders(line: ScoreLine, seats: Sequence[int]) -> tuple[str, str]:
    """'seat 2 (92)' or 'you (90) or seat 1 (95)', and the same without the scores ('you or seat 1')."""
    def either(names: list[str]) -> str:
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"

    return either([f"{who(line, s)} ({line.scores[s]})" for s in seats]), either([who(line, s) for s in seats])


def _lowest_at_pass(line: ScoreLine) -> str | None:
    """The learner has the lowest score (alone, or shared) and another player can end the game this hand."""
    me = line.seat
    enders = _ending_seats(line, [s for s in range(len(line.scores)) if s != me])
    low = lowest_seats(line.scores)
    if me not in low or len(low) == len(line.scores) or not enders:
        return None
    names, them = _enders(line, enders)
    reach = to_target(line.rules)
    if low == [me]:
        return (f"You have the lowest score ({line.scores[me]}), and {names} can end the game this hand: points "
                f"that take {them} {reach} win you the game if you still have the lowest score after the hand, so "
                "keep your own take small.")
    return (f"{cap(lowest_words(line, me))}, and {names} can end the game this hand: points that take {them} "
            f"{reach} win you the game if you then have fewer points than the rest (as many: a shared win), so keep "
            "your own take small.")


def _behind_at_pass(line: ScoreLine) -> str | None:
    """The learner is more than a moon (26 points) above the lowest score, so the game ending this hand loses it
    for the learner, and some player (the learner too) can end it by their own points."""
    me, low = line.seat, min(line.scores)
    enders = _ending_seats(line, sorted(range(len(line.scores)), key=lambda s: s != me))
    if line.scores[me] - low <= MOST_POINTS_IN_A_HAND or not enders:
        return None
    names, them = _enders(line, enders)
    return (f"{cap(lowest_words(line, lowest_seats(line.scores)[0]))}, more than a moon's {MOST_POINTS_IN_A_HAND} "
            f"points below your {line.scores[me]}: if the game ends this hand, you cannot win it. Your chance is that "
            f"it goes on, and {names} can end it: points that take {them} {to_target(line.rules)} end it.")


def _catch_up_at_pass(line: ScoreLine) -> str | None:
    """The learner is behind the lowest score by a moon's 26 points or less, and another player can end the game
    this hand. If the learner taking no point and the others the points they need (the player ending it enough
    to, every player not above the learner enough to pass it) fits in one hand, ended this hand the game is the
    learner's only with more than the gap fewer points than the lowest player: aim the points at them; if it does
    not fit, only the learner's own moon can win it (or nothing): the learner's chance is that it goes on."""
    me, low = line.seat, min(line.scores)
    gap = line.scores[me] - low
    enders = _ending_seats(line, [s for s in range(len(line.scores)) if s != me])
    if not 0 < gap <= MOST_POINTS_IN_A_HAND or not enders:
        return None
    lowest = lowest_seats(line.scores)
    names, _ = _enders(line, enders)
    them = who(line, lowest[0]) if len(lowest) == 1 else "each of them"
    head = (f"{cap(lowest_words(line, lowest[0]))}, {gap} below your {line.scores[me]}, and {names} can end the game "
            "this hand")
    moon = moon_outcome(line, me)
    if any(_can_pass_you(line, e) for e in enders):
        by_moon = " (or by a moon, which would win it)" if moon == "win" else ""
        return (f"{head}: if it does, you win it only with at least {gap + 1} points fewer than {them} this hand"
                f"{by_moon}, so aim your points at {them}.")
    only = {"win": "only your own moon can win it for you",
            "tie": "only your own moon can give you a share of it"}.get(moon, "you cannot win it")
    below = "the players below you" if len(lowest) > 1 else who(line, lowest[0])
    return (f"{head}: if it does, {only}, since the points it takes to end the game leave too few for {below} to "
            "finish above you. Your chance is that it goes on.")


def _can_pass_you(line: ScoreLine, ender: int) -> bool:
    """Whether one hand's points can end the game through ``ender`` and leave the learner alone lowest: the learner
    takes none, ``ender`` what takes it to the end, every other player not above the learner enough to pass it
    (26 in all, and not all of them to one player: that is a moon)."""
    me, mine = line.seat, line.scores[line.seat]
    room = distances(line.scores, line.rules)
    needs = [max(mine - v + 1, room[s] if s == ender else 0, 0) for s, v in enumerate(line.scores) if s != me]
    return sum(needs) < MOST_POINTS_IN_A_HAND or (sum(needs) == MOST_POINTS_IN_A_HAND and sum(map(bool, needs)) > 1)


#: Below this chance to win the game (in percent) for every option, a grade or a hint at a score line is in points
#: when the fewest-points option is within the 'best' band of the best too: "Best move" for a choice the points
#: call a mistake, on a hundredth of a percent, would mislead (a moon that ends the game lost, against a fraction
#: of a percent kept by letting it go, is still told apart).
HOPELESS_PERCENT = 1.0


def hopeless(loss: Mapping[Any, float], fewest: Any) -> bool:
    """Whether no option keeps even :data:`HOPELESS_PERCENT` of a chance to win the game and the fewest-points option
    ``fewest`` is within the 'best' band (:data:`~.bands.BAND_LIMITS`, in percent of the chance) of the best
    (``loss``: each option's chance of not winning, in percent)."""
    best = min(loss.values())
    return best > 100 - HOPELESS_PERCENT and loss[fewest] - best < BAND_LIMITS[0]


def hopeless_words(line: ScoreLine) -> str:
    """That no choice keeps a chance to win the game here, so the judgment is in points."""
    return (f"At these scores ({line_words(line)}) no choice keeps even {HOPELESS_PERCENT:g}% of a chance to win the "
            "game in the coach's simulations, so this is judged in points.")


def won_anyway(loss: Mapping[Any, float], fewest: Any) -> bool:
    """Whether every option keeps more than ``100 - HOPELESS_PERCENT`` percent of a chance to win the game and the
    fewest-points option ``fewest`` is within the 'best' band of the best (``loss`` as :func:`hopeless`)."""
    return max(loss.values()) < HOPELESS_PERCENT and loss[fewest] - min(loss.values()) < BAND_LIMITS[0]


def settled_words(line: ScoreLine, loss: Mapping[Any, float], fewest: Any) -> str | None:
    """:func:`hopeless_words` or, where every choice wins (:func:`won_anyway`), that every choice keeps more than
    99% of a chance, so the judgment is in points; None where the choice matters to the game."""
    if hopeless(loss, fewest):
        return hopeless_words(line)
    if won_anyway(loss, fewest):
        return (f"At these scores ({line_words(line)}) every choice keeps more than {100 - HOPELESS_PERCENT:g}% of a "
                "chance to win the game in the coach's simulations, so this is judged in points.")
    return None


def score_decides_words(line: ScoreLine) -> str:
    """That the score, not the points, decides the move here (naming no card)."""
    return f"At these scores ({line_words(line)}) the score, not the points, decides this move."


def kept_chance_sentence(est: Mapping[Any, Estimate], card: Any, what: str = "card") -> str:
    """The chance to win the game ``card`` (or a pass, ``what``) keeps (``est``: the search valued by the chance of
    not winning, in percent): :func:`~.score_advice.chance_sentence` when no option has a better mean, else that
    the simulations cannot tell it from the best (the fewest-points option kept where the chance does not clearly
    prefer another)."""
    chance = 1.0 - est[card].mean / 100
    if est[card].mean <= min(e.mean for e in est.values()) + 1e-9:
        return chance_sentence(chance)
    return (f"Its chance to win the game ({percent(chance)}) is as good as any other {what}'s, as far as the "
            "simulations can tell.")


def sorted_options(means: Mapping[Any, float], first: Sequence[Any] = ()) -> list[Any]:
    """``first``, then the other options of ``means`` best first (the lowest mean)."""
    rest = sorted((o for o in means if o not in first), key=lambda o: means[o])
    return [*first, *rest]


__all__ = [
    "HOPELESS_PERCENT",
    "agreeing_reason",
    "ends_anyway_words",
    "ends_game",
    "feedback_reason",
    "hopeless",
    "hopeless_words",
    "kept_chance_sentence",
    "low_player_note",
    "low_player_reason",
    "names_only",
    "pass_reason",
    "queen_receiver_note",
    "score_decides_words",
    "score_why",
    "settled_words",
    "sorted_options",
    "specific_reason",
    "take_it_reason",
    "unsure_words",
    "won_anyway",
]
