"""Why the score changes the coach's advice, in words with the position's names and numbers (issue 31).

The coach's hints and grades judge a move in the learner's chance to win the game when the hand is part of a
match (:func:`~hearts_tutor.equity.line.judged_line`); :mod:`.to_score` weighs the options. When the move that
keeps the best chance is not the move that gives the fewest points, :func:`score_reason` says why from the
facts of the position, the most specific fact first:

* the learner is shooting the moon (every point so far, none going to another seat) and, under the standard
  moon (everyone else +26), completing it would end the game with another player below the learner's score
  ("let a point go"), or with the learner lowest or tied for lowest ("take every point"); or the learner has the
  highest score, its own points would end the game with it behind (proven: the others cannot catch it up with the
  points left) and a moon would not: the moon keeps it in the game. Said only when the card agrees (it keeps
  taking tricks, or it lets a point go);
* the trick goes to a player with the lowest score (ties named) and the game can end this hand: give them the
  points ("has the lowest score", never "leads the game": a learner reads "leads" as leading the trick); a
  player still to play whom the points would take to the end is named;
* the learner has the lowest score and the card takes the player winning the trick past the target: end the game;
* the fewest-points card would throw points to a player whom they take past the target, ending the game while
  another player has the lowest score (counting the hand's points so far);
* the learner is near the target and above every other score, within what one player can take without a moon
  (25 points: beyond that only another's moon could end the game): keep away from a big take, and with one point
  of room take no point at all;
* otherwise a plain sentence that the move keeps the best chance at these scores.

Under rules no game-win table fits, the coach judges in points; :func:`points_only_note` says so where the game
can end this hand.

Seats are named "seat N" (the table turns that into the seat's animal). Every sentence states only facts of
the position and the score line: what the rollouts found is said as a chance, never as a certainty.

A reason that is picked among others (:func:`score_reason`, :func:`moon_case`, and the choosers of
:mod:`.score_why`) comes as a :class:`ScoreReason`: its words and its :class:`Kind`, by which the hints, grades
and puzzles decide what else to say; no code decides by reading the words.

Public API (also for lessons): :func:`score_reason`, :func:`line_words` (the score line in words) and
:func:`chance_sentence` (the chance a move keeps, and what another gives up).

>>> from hearts_tutor.engine.rules import Rules
>>> line = ScoreLine(Rules.preset("standard"), (40, 31, 95, 60), seat=0)
>>> line_words(line)
'you 40, seat 1 31, seat 2 95, seat 3 60; the game ends when a score reaches 100'
>>> print(chance_sentence(0.34, 0.28, "the queen of spades"))  # doctest: +NORMALIZE_WHITESPACE
It keeps your best chance to win the game (34%); the queen of spades, which gives you the fewest points, would
leave you 28%.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from ..bots.moon import moon_points, possible_shooter
from ..bots.rollout_moon import moon_choice
from ..engine.cards import HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, card_name, join_words, suit_of
from ..engine.hand import Phase
from ..engine.rules import Rules
from ..engine.view import PlayerView
from ..equity import game_over
from ..equity.line import MOST_POINTS_IN_A_HAND, ScoreLine, judged_line
from ..equity.model import distances
from .facts import higher_out
from .flags import queen_scores
from .situation import card_points, is_point_card, players_after, stake, trick_winner
from .text import BAND_WORDS, cap
from .to_score import percent

T = TypeVar("T", bound=Any)


class Kind(StrEnum):
    """What a score reason argues for: the code that picks or checks words decides by this, never by reading them."""

    SHOOT = "shoot the moon"
    """The learner's own moon: take every point (it wins or keeps the learner in the game; the safety shoot)."""
    LET_MOON_GO = "let the moon go"
    """The learner's own moon would end the game with another player lower: let a point go."""
    LOW_PLAYER = "points to the low player"
    """The points go to the player with the lowest score (:func:`leader_reason`)."""
    END_IT = "end the game"
    """The points end the game while the learner is lowest (:func:`end_it_reason`)."""
    TIE_END = "end the game tied"
    """The points end the game with the learner sharing the lowest score (:func:`tie_end_reason`)."""
    KEEP_GOING = "keep the game going"
    """Points that would end the game while another player is lowest go elsewhere (:func:`ending_reason`)."""
    DANGER = "no big take"
    """A big take near the target would end the game with the learner behind (:func:`danger_reason`)."""
    AIM_LOW = "aim for the low player"
    """Points kept off a third player who would pass every other score while another is lowest."""
    CATCH_UP = "catch up"
    """Points on a player below the learner, one it must finish below."""
    ENDS_ANYWAY = "ends anyway"
    """This hand's points already end the game: who is lowest counting them."""
    PLAIN = "the scores only"
    """No Hearts reason: the score line in words."""


#: The kinds of reason that are about the learner's own moon.
MOON_KINDS = frozenset({Kind.SHOOT, Kind.LET_MOON_GO})


@dataclass(frozen=True)
class ScoreReason:
    """A score reason's words and what it argues for (:class:`Kind`)."""

    kind: Kind
    words: str

    def __str__(self) -> str:
        return self.words


def reason_of(kind: Kind, words: str | None) -> ScoreReason | None:
    """``words`` as a reason of ``kind``, or None without words."""
    return None if words is None else ScoreReason(kind, words)


def who(line: ScoreLine, seat: int) -> str:
    """'you' or 'seat N' (the table names the seat)."""
    return "you" if seat == line.seat else f"seat {seat}"


def to_target(rules: Rules) -> str:
    """'to 100' where the game ends when a score reaches the target, 'past 100' where it must pass it."""
    return f"{'to' if rules.end == 'reach' else 'past'} {rules.target}"


def line_words(line: ScoreLine) -> str:
    """The score line in words: every seat's score and the target."""
    scores = ", ".join(f"{who(line, s)} {v}" for s, v in enumerate(line.scores))
    end = "reaches" if line.rules.end == "reach" else "passes"
    return f"{scores}; the game ends when a score {end} {line.rules.target}"


def chance_sentence(chance: float, rival: float | None = None, rival_move: str = "the fewest-points move") -> str:
    """The chance to win the game a move keeps, and (``rival``) what ``rival_move``, the move that gives the
    fewest points, would leave (to a tenth of a percent where whole percents would read the same).

    >>> print(chance_sentence(0.0149, 0.0095))  # doctest: +NORMALIZE_WHITESPACE
    It keeps your best chance to win the game (1.5%); the fewest-points move, which gives you the fewest points,
    would leave you 0.9%.
    >>> chance_sentence(0.31, 0.2).endswith("(31%); the fewest-points move, which gives you the fewest points, "
    ...                                     "would leave you 20%.")
    True
    """
    compared = rival is not None and chance - rival >= 0.005
    tenths = rival is not None and compared and percent(chance) == percent(rival)  # not '1%' against '1%'
    out = f"It keeps your best chance to win the game ({percent(chance, tenths)})"
    if rival is not None and compared:
        out += f"; {rival_move}, which gives you the fewest points, would leave you {percent(rival, tenths)}"
    return out + "."


def lowest_seats(scores: Sequence[int]) -> list[int]:
    """The seats with the lowest score (more than one on a tie)."""
    low = min(scores)
    return [s for s, v in enumerate(scores) if v == low]


def lowest_words(line: ScoreLine, seat: int, scores: Sequence[int] | None = None) -> str:
    """'seat 1 has the lowest score (30)', 'seat 1 shares the lowest score (30, with seat 3)' or 'you share the
    lowest score (30, with seat 1 and seat 2)', for a seat with the lowest of ``scores`` (default: the line's).
    (Not 'leads the game': a learner reads 'leads' as leading the trick.)"""
    scores = line.scores if scores is None else scores
    others = [who(line, s) for s in lowest_seats(scores) if s != seat]
    you = seat == line.seat
    if not others:
        return f"{who(line, seat)} {'have' if you else 'has'} the lowest score ({scores[seat]})"
    verb = "share" if you else "shares"
    return f"{who(line, seat)} {verb} the lowest score ({scores[seat]}, with {' and '.join(others)})"


def scores_so_far(view: PlayerView, line: ScoreLine) -> list[int]:
    """Every seat's score counting this hand's points so far (at least what each will have after the hand)."""
    return [v + p for v, p in zip(line.scores, moon_points(view), strict=True)]


def would_take(view: PlayerView, line: ScoreLine, taker: int, card: Card, reached: int) -> str:
    """'If seat 2 keeps this trick, the queen of spades would take seat 2, who is winning this trick, to at least
    109: ' (without the 'if' when the learner plays last to the trick)."""
    stays = "" if len(view.trick) == view.n - 1 else f"If {who(line, taker)} keeps this trick, "
    gift = card_name(card) if stays else cap(card_name(card))
    winning = "who is winning this trick" if stays else "who takes this trick"
    return f"{stays}{gift} would take {who(line, taker)}, {winning}, to at least {reached}: "


def left_to_take(view: PlayerView) -> int:
    """The points of the cards nobody has taken yet (the trick's, the learner's hand, the unseen cards), the jack
    of diamonds' minus not counted: the most this hand can still add to one score."""
    cards = (*view.carried, *view.trick, *view.hand, *view.unseen())
    return sum(max(0, view.rules.card_points(c)) for c in cards)


def _left_after(view: PlayerView, card: Card) -> int:
    """The points of every card still to be played but ``card`` (the unseen cards and the rest of the hand), the
    jack of diamonds' minus not counted: the most the learner can still take after playing ``card``."""
    return sum(max(0, card_points(view, (c,))) for c in (*view.unseen(), *(c for c in view.hand if c != card)))


def jack_relief(view: PlayerView) -> int:
    """How far the jack of diamonds (when it scores minus and nobody has taken it) can still lower a score."""
    jack = view.rules.jack_points
    if jack >= 0 or (view.played_mask() >> JACK_OF_DIAMONDS & 1 and JACK_OF_DIAMONDS not in view.trick):
        return 0
    return -jack


def _cannot_be_caught(view: PlayerView, line: ScoreLine, final: int, spent: int) -> bool:
    """Whether no other seat can end this hand on ``final`` or more, the learner having taken ``spent`` of the
    points left: the others' scores (with their points so far) would need more than the points left to them."""
    so_far = moon_points(view)
    if jack_relief(view):
        return False  # the jack of diamonds could still lower the learner's score: nothing proven
    need = sum(max(0, final - (v + so_far[s])) for s, v in enumerate(line.scores) if s != line.seat)
    return need > left_to_take(view) - spent


def points_can_end(line: ScoreLine) -> bool:
    """Whether a seat's own points this hand can end the game (short of a moon: taking every point is a moon, which
    adds nothing to the shooter's score)."""
    return game_over([v + line.rules.moon_points - 1 for v in line.scores], line.rules)


def end_this_hand_words(line: ScoreLine) -> str:
    """The sentence that says whether the game can end this hand: 'The game can end this hand (the line)' when a
    seat can reach the end by its own points, 'Only a moon can end the game this hand (the line)' when a seat
    reaches it only by another's moon (26 added to it), '' when nothing can."""
    if not line.can_end_this_hand:
        return ""
    if points_can_end(line):
        return f"The game can end this hand ({line_words(line)})."
    return f"Only a moon can end the game this hand ({line_words(line)})."


def after_moon(scores: Sequence[int], shooter: int, how: str) -> list[int]:
    """The scores after a hand in which ``shooter`` shoots the moon, scored ``how`` (``add_to_others``: 26 to every
    other seat; ``subtract_from_self``: 26 off the shooter's score)."""
    if how == "add_to_others":
        return [v + (0 if s == shooter else MOST_POINTS_IN_A_HAND) for s, v in enumerate(scores)]
    return [v - (MOST_POINTS_IN_A_HAND if s == shooter else 0) for s, v in enumerate(scores)]


def _took_every_point(view: PlayerView) -> bool:
    """The seat has taken points this hand and nobody else has."""
    taken = [view.hearts_taken[s] + view.queens_taken[s] for s in range(view.n)]
    return taken[view.seat] > 0 and not any(taken[s] for s in range(view.n) if s != view.seat)


def _moon_open(view: PlayerView) -> bool:
    """The learner has taken every point so far and no point is going to another seat: the point cards on the
    trick in progress (if any) are the learner's to win with a legal card."""
    if not _took_every_point(view):
        return False
    if not any(is_point_card(view, c) for c in view.trick):
        return True
    return view.my_turn and any((trick_winner(view, c) or (None,))[0] == view.seat for c in view.legal_plays())


def _keeps_shooting(view: PlayerView, card: Card) -> bool:
    """``card`` keeps the moon on: it wins the trick so far, or, where no card of the learner's can win it, lets go
    a trick that holds no point (a card of no points on a trick of none: nothing goes to another seat), or it leads
    a card no unplayed card of its suit beats."""
    if view.trick:
        def wins(c: Card) -> bool:
            return (trick_winner(view, c) or (None,))[0] == view.seat

        return wins(card) or (stake(view, card) == 0 and not any(wins(c) for c in view.legal_plays()))
    return higher_out(view, card) == 0


def moon_case(view: PlayerView, line: ScoreLine, best: Card | None = None) -> ScoreReason | None:
    """Why the score decides whether to complete a moon the learner is on (it has taken every point so far, none
    is going to another seat, and a moon would end the game), or None; with ``best``, only a reason that agrees
    with that card (it keeps shooting, or it lets a point go).

    Under the standard moon (everyone else +26) completing it either ends the game with the learner lowest or
    tied for lowest (take every point) or with another player lower (let a point go). Where the shooter chooses,
    a moon that would end the game with another player lower is scored by taking 26 off the shooter's own score:
    the safety shoot.
    """
    if not _moon_open(view):
        return None
    me = line.seat
    after = after_moon(line.scores, me, "add_to_others")
    if line.rules.moon == "subtract_from_self" or not game_over(after, line.rules):
        keeps = best is None or _keeps_shooting(view, best)
        return reason_of(Kind.SHOOT, _moon_keeps_you_in(view, line)) if keeps else None
    low = min((s for s in range(len(after)) if s != me), key=lambda s: (after[s], s))
    ending = (f"adding 26 to every other score would end the game with {who(line, low)} on {after[low]}, below "
              f"your {line.scores[me]}")
    shooting = best is None or _keeps_shooting(view, best)
    if after[low] >= line.scores[me]:
        if not shooting:
            return None
        how = "and adding 26 to every other score would" if line.rules.moon == "shooter_chooses" else \
            "now would add 26 to every other score and"
        if after[low] == line.scores[me]:
            return ScoreReason(Kind.SHOOT, f"Shooting the moon {how} end the game with you tied for the lowest score "
                               f"({line.scores[me]}, with {who(line, low)}): take every point for a share of the win.")
        return ScoreReason(Kind.SHOOT, f"Shooting the moon {how} end the game with you lowest on {line.scores[me]}: "
                           "take every point.")
    if line.rules.moon == "shooter_chooses":
        if not shooting:
            return None
        return ScoreReason(Kind.SHOOT, "If you shoot the moon, score it by taking 26 off your own score (the safety "
                           f"shoot): {ending}.")
    if shooting and best is not None:
        return None
    return ScoreReason(Kind.LET_MOON_GO, f"Shooting the moon now would add 26 to every other score and end the game "
                       f"with {who(line, low)} on {after[low]}, below your {line.scores[me]}: the moon cannot win you "
                       "this game, so let a point go.")


def moon_reason(view: PlayerView, line: ScoreLine, best: Card | None = None) -> str | None:
    """:func:`moon_case`'s words."""
    case = moon_case(view, line, best)
    return None if case is None else case.words


def _moon_keeps_you_in(view: PlayerView, line: ScoreLine) -> str | None:
    """The learner, shooting the moon with the highest score, is near enough to the end that its own points end
    the game with it behind (proven: the others cannot catch it up with the points left), and the moon would not
    end the game: the moon keeps it in the game (the only way when its points so far already reach the end)."""
    me, mine = line.seat, line.scores[line.seat]
    if not all(v < mine for s, v in enumerate(line.scores) if s != me):
        return None
    taken = moon_points(view)[me]
    room = distances(line.scores, line.rules)[me] - taken + jack_relief(view)
    if room > left_to_take(view) - 1 or not _cannot_be_caught(view, line, mine + taken + max(room, 0), max(room, 0)):
        return None
    yours = f"You have {mine} and every point so far this hand ({taken} point{'s' if taken != 1 else ''})"
    if room <= 0:
        return (f"{yours}: short of a moon, the game ends after this hand with you behind. Only the moon keeps you in "
                "the game: take every point.")
    mode = line.rules.moon
    if mode == "shooter_chooses":
        mode = moon_choice(line.rules, line.scores, me)[0]
    moon = ", ".join(f"{who(line, s)} {v}" for s, v in enumerate(after_moon(line.scores, me, mode)))
    more = "any point more ends" if room == 1 else f"{room} more points end"
    return (f"{yours}: {more} the game with you behind, while a moon would keep it going ({moon}): keep taking "
            "tricks.")


def leader_reason(view: PlayerView, line: ScoreLine, best: Card, *, anytime: bool = False) -> str | None:
    """The trick goes to a seat with the lowest score and the game can end this hand (or ``anytime``: aim for the
    low player, Andrews' basic tenet, wherever the score stands): give them the points (when the learner shares
    the lowest score with that seat, the points put the learner ahead of it). A seat still to play to the trick
    whom the points would take to the end is named: if it overtakes, they end the game."""
    if not view.trick or suit_of(best) == suit_of(view.trick[0]) or not is_point_card(view, best):
        return None
    winner = trick_winner(view, best)
    if winner is None or winner[0] == line.seat or winner[0] not in lowest_seats(line.scores) or \
            not (anytime or line.can_end_this_hand):
        return None
    if winner[0] not in lowest_seats(scores_so_far(view, line)):
        return None  # no longer the lowest, counting this hand's points so far
    if possible_shooter(view) == winner[0]:
        return None  # every point so far is theirs, enough to be shooting: points on them may help a moon
    leader = winner[0]
    gift = "the queen" if best == QUEEN_OF_SPADES else card_name(best)
    last = len(view.trick) == view.n - 1
    if line.seat in lowest_seats(line.scores):  # ahead by the trick's points and this hand's so far, not the card's
        so_far, me = moon_points(view), line.seat
        ahead = line.scores[leader] + so_far[leader] + stake(view, best) - line.scores[me] - so_far[me]
        if ahead <= 0:
            return None  # counting this hand's points so far, the points would not put the learner ahead
        keeps = "" if last else f" if {who(line, leader)} keeps this trick"
        counted = ", counting this hand's points so far" if any(so_far) else ""
        return (f"{cap(lowest_words(line, me))}: {gift} on {who(line, leader)} puts you {ahead} "
                f"point{'s' if ahead != 1 else ''} ahead of {who(line, leader)}{keeps}{counted}.")
    now = scores_so_far(view, line)
    taken = now != list(line.scores)  # points taken this hand so far: every score is said counting them
    high = max(range(len(now)), key=lambda s: (now[s], -s))
    end = (f" and the game can end this hand ({who(line, high)} {'have' if high == line.seat else 'has'} "
           f"{now[high]} of {line.rules.target})" if points_can_end(line) else "")
    if ends_anyway(view, line):  # this hand's points already end it: say who, not who could
        end = (f" and the game ends after this hand ({who(line, high)} {'have' if high == line.seat else 'has'} "
               f"{now[high]})")
    if best == QUEEN_OF_SPADES:
        taker = who(line, leader) if last else f"{who(line, leader)}, who is winning this trick,"
        give = f"give {taker} {gift}"
    else:  # a heart is not chosen for the low player: any points on their trick count against them
        give = (f"{who(line, leader)} takes this trick, so throw {gift} on it"
                if last else f"throw {gift} on this trick, which {who(line, leader)} is winning")
    if taken:  # (the leader is lowest counting them too: checked above)
        others = [who(line, s) for s in lowest_seats(now) if s != leader]
        out = (f"Counting this hand's points so far, {who(line, leader)} is lowest "
               f"({now[leader]}{', level with ' + ' and '.join(others) if others else ''}){end}: {give}.")
    else:
        out = f"{cap(lowest_words(line, leader))}{end}: {give}."
    if not last and higher_out(view, winner[1]) and not ends_anyway(view, line):  # a seat still to play may overtake
        later = ((view.leader + k) % view.n for k in range(len(view.trick) + 1, view.n))
        for s in later:
            reached = now[s] + stake(view, best) - jack_relief(view)
            if suit_of(view.trick[0]) in view.voids(s) or not game_over([reached], line.rules):
                continue  # it cannot overtake, or the points would not take it to the end
            out += (f" But {who(line, s)} ({now[s]}) still plays to this trick: if {who(line, s)} "
                    f"overtakes, {gift} takes {who(line, s)} to at least {reached} and ends the game.")
    return out


def ends_anyway(view: PlayerView, line: ScoreLine) -> bool:
    """The points taken so far this hand already take a player to the target (no jack of diamonds can lower them):
    the game ends after this hand whatever the learner plays, unless that player shoots the moon."""
    return jack_relief(view) == 0 and game_over(scores_so_far(view, line), line.rules)


def ending_reason(view: PlayerView, line: ScoreLine, rival: Card) -> str | None:
    """The fewest-points card throws points to a player they take past the target while another leads (not when
    the game ends after this hand anyway, :func:`ends_anyway`: then no card keeps it going)."""
    if not view.trick or suit_of(rival) == suit_of(view.trick[0]) or not is_point_card(view, rival) or \
            ends_anyway(view, line):
        return None
    winner = trick_winner(view, rival)
    if winner is None or winner[0] == line.seat:
        return None
    taker = winner[0]
    after = scores_so_far(view, line)  # at least: the points so far
    after[taker] += stake(view, rival) - jack_relief(view)  # the jack of diamonds, if out, may still lower it
    reached = after[taker]
    leader = min(range(len(after)), key=lambda s: (after[s], s))
    if not game_over(after, line.rules) or leader == line.seat or after.count(after[leader]) > 1:
        return None
    if any(moon_points(view)):  # lowest after this hand's points so far (not a fact of the score line)
        lowest = (f"{who(line, leader)} has the lowest score ({after[leader]}; you have {after[line.seat]}, "
                  "counting this hand's points so far)")
    else:
        lowest = f"{lowest_words(line, leader, after)}; you have {after[line.seat]}"
    return (f"{would_take(view, line, taker, rival, reached)}{_unless_moon(view, line, taker, rival, 'lose')}"
            f"that ends the game after this hand while {lowest}, so keep the game going.")


def overtake_ending_reason(view: PlayerView, line: ScoreLine, rival: Card, best: Card | None = None) -> str | None:
    """The fewest-points card, thrown on a trick whose winner so far it would not take past the target, would take a
    player still to play past it if that player overtakes (not known to be out of the suit led, a higher card of it
    still out), while another player than the learner is lowest: keep it for a trick that player cannot win. Not
    when the game ends after this hand anyway, nor where :func:`ending_reason` holds, nor where ``best``, the card
    the reason argues for, would take that player past the target too."""
    if not view.trick or suit_of(rival) == suit_of(view.trick[0]) or not is_point_card(view, rival) or \
            ends_anyway(view, line) or ending_reason(view, line, rival) is not None:
        return None
    winner = trick_winner(view, rival)
    if winner is None or winner[0] == line.seat or higher_out(view, winner[1]) == 0:
        return None
    led, points, now = suit_of(view.trick[0]), stake(view, rival) - jack_relief(view), scores_so_far(view, line)
    for s in ((view.seat + k) % view.n for k in range(1, players_after(view) + 1)):
        after = [v + (points if p == s else 0) for p, v in enumerate(now)]
        low = min(range(len(after)), key=lambda p: (after[p], p))
        if led in view.voids(s) or not game_over(after, line.rules) or low == line.seat or \
                after.count(after[low]) > 1:
            continue
        if best is not None and best != rival and suit_of(best) != led and game_over(
                [now[s] + stake(view, best) - jack_relief(view)], line.rules):
            return None  # the card argued for would end the game the same way: no reason for it
        gift = "the queen of spades" if rival == QUEEN_OF_SPADES else card_name(rival)
        return (f"{cap(who(line, s))} ({now[s]}) still plays to this trick: if "
                f"{who(line, s)} overtakes, {gift} would take {who(line, s)} to at least {after[s]}: "
                f"{_unless_moon(view, line, s, rival, 'lose')}that ends the game after this hand while "
                f"{who(line, low)} has the lowest score ({after[low]}; you have {after[line.seat]}), so keep "
                f"{'her' if rival == QUEEN_OF_SPADES else 'it'} for a trick {who(line, s)} cannot win.")
    return None


def trick_to_winner(view: PlayerView, line: ScoreLine, card: Card) -> tuple[int, list[int]] | None:
    """With ``card`` played: the seat winning the trick, if not the learner, and every score after this hand's
    points so far with the trick's points to that seat; None if the learner wins it (or no trick is on)."""
    if not view.trick:
        return None
    winner = trick_winner(view, card)
    if winner is None or winner[0] == line.seat:
        return None
    after = scores_so_far(view, line)
    after[winner[0]] += stake(view, card)
    return winner[0], after


def _ending_gift(view: PlayerView, line: ScoreLine, best: Card) -> tuple[int, list[int]] | None:
    """:func:`trick_to_winner` when ``best`` is a point card and those points end the game; else None."""
    given = trick_to_winner(view, line, best) if is_point_card(view, best) else None
    return given if given is not None and game_over(given[1], line.rules) else None


def end_it_reason(view: PlayerView, line: ScoreLine, best: Card) -> str | None:
    """The learner has the lowest score (alone) and ``best`` takes the player winning the trick past the
    target: the game ends after this hand with the learner lowest so far, so end it (not when it ends anyway,
    :func:`ends_anyway`: then ``best`` ends nothing)."""
    given = None if ends_anyway(view, line) else _ending_gift(view, line, best)
    if given is None:
        return None
    taker, after = given
    me = line.seat
    if any(after[s] <= after[me] for s in range(len(after)) if s != me):
        return None
    start = (f"{would_take(view, line, taker, best, after[taker])}{_unless_moon(view, line, taker, best, 'win')}"
             "that ends the game after this hand")
    most = after[me] + _left_after(view, best)
    second = min((s for s in range(len(after)) if s != me), key=lambda s: (after[s], s))
    if line.rules.decks == 1 and most < after[second]:
        return (f"{start}, and even if you took every point left you would have {most}, below {who(line, second)}'s "
                f"{after[second]}: give {who(line, taker)} {card_name(best)} and win the game.")
    return (f"{start} while you have the lowest score ({after[me]}): the end of the game is your friend, so give "
            f"{who(line, taker)} {card_name(best)}.")


def tie_end_reason(view: PlayerView, line: ScoreLine, best: Card) -> str | None:
    """The tie case :func:`end_it_reason` leaves: ``best`` takes the player winning the trick past the target, the
    learner then shares the lowest score (counting this hand's points so far), and no other seat can come down
    to it (no jack of diamonds to lower a score, and the points left could not lift a tied seat above another):
    the game ends after this hand and whichever of the tied players takes fewer points from here wins it (not when
    it ends anyway, :func:`ends_anyway`)."""
    given = None if jack_relief(view) or ends_anyway(view, line) else _ending_gift(view, line, best)
    if given is None:
        return None
    taker, after = given
    me, tied = line.seat, lowest_seats(after)
    if me not in tied or len(tied) == 1:
        return None
    most = after[me] + _left_after(view, best)
    if any(after[s] <= most for s in range(len(after)) if s not in tied):
        return None  # a seat above could still end up lowest: nothing proven
    others = " and ".join(who(line, s) for s in tied if s != me)
    counted = ", counting this hand's points so far" if any(moon_points(view)) else ""
    return (f"{would_take(view, line, taker, best, after[taker])}{_unless_moon(view, line, taker, best, 'tie')}"
            "that ends the game after this hand while "
            f"{lowest_words(line, me, after)}{counted}: take fewer points than {others} from here and you win the "
            "game; as many, and you share the win.")


def _unless_moon(view: PlayerView, line: ScoreLine, taker: int, card: Card, conclusion: str) -> str:
    """'unless seat N goes on to shoot the moon, ' where ``taker``, given ``card``, could still shoot and a moon
    would change how the sentence says the game ends (``conclusion``: 'win' or 'lose' for the learner); else ''.

    The taker can still shoot while no other seat has a point this hand and the learner keeps no heart that
    nothing beats (with one, stopping the moon is the learner's to do)."""
    if not may_still_shoot(view, taker):
        return ""
    if any(suit_of(c) == HEARTS and higher_out(view, c) == 0 for c in view.hand if c != card):
        return ""
    return "" if moon_outcome(line, taker) == conclusion else unless_moon_words(line, taker)


def moon_outcome(line: ScoreLine, shooter: int) -> str:
    """What a moon by ``shooter`` this hand, scored as the rules say (or as the shooter would choose), does to the
    game for the learner: 'goes on', 'win', 'tie' (a shared win) or 'lose'."""
    mode = line.rules.moon
    if mode == "shooter_chooses":
        mode = moon_choice(line.rules, line.scores, shooter)[0]
    moon = after_moon(line.scores, shooter, mode)
    me = line.seat
    if not game_over(moon, line.rules):
        return "goes on"
    if all(moon[me] < v for s, v in enumerate(moon) if s != me):
        return "win"
    return "lose" if any(v < moon[me] for v in moon) else "tie"


def may_still_shoot(view: PlayerView, taker: int) -> bool:
    """No seat but ``taker`` has taken a point this hand (so ``taker`` may still shoot the moon)."""
    return not any(p for s, p in enumerate(moon_points(view)) if s != taker)


def unless_moon_words(line: ScoreLine, taker: int) -> str:
    """'unless seat N goes on to shoot the moon, ' ('unless you go on to ...')."""
    return f"unless {who(line, taker)} {'go' if taker == line.seat else 'goes'} on to shoot the moon, "


def danger_reason(view: PlayerView, line: ScoreLine) -> str | None:
    """The learner is near the target and above every other score, near enough to end the game by its own points
    (a moon cannot: it adds nothing to the shooter's score): keep away from a big take, or with one point of room
    take no point at all (this reason explains a card that is not the fewest-points card). Beyond what one
    player can take without a moon, no sentence: only another's moon could end the game there."""
    me = line.seat
    mine = line.scores[me]
    if not all(v < mine for s, v in enumerate(line.scores) if s != me) or jack_relief(view):
        return None  # (with the jack of diamonds out, what ends the game depends on who takes it: nothing to say)
    so_far = moon_points(view)
    if possible_shooter(view) not in (None, me):
        return None  # another player may be shooting the moon: stopping it may be worth a point or two
    taken = so_far[me]
    room = distances(line.scores, line.rules)[me] - taken
    left = left_to_take(view)
    moon_open = may_still_shoot(view, me)
    most = left - 1 if moon_open else left  # taking every point left would be a moon
    if room <= 0 or room > most:
        return None
    final = mine + taken + room
    behind = " with you behind" if _cannot_be_caught(view, line, final, room) else ""
    yours = f"You have {mine}{f' ({taken} more this hand)' if taken else ''}, the highest score"
    if room <= 3:
        take = "any point you take ends" if room == 1 else f"{room} more points end"
        unless = (", unless you can take every one (a moon)" if moon_open and moon_outcome(line, me) != "lose"
                  else "")
        return f"{yours}: {take} the game{behind}. Take no point{unless}: win no trick that can hold a point card."
    queen_out = queen_scores(view.rules) and not view.played_mask() >> QUEEN_OF_SPADES & 1
    big = "the queen, a trick full of hearts" if queen_out else "a trick full of hearts"
    return (f"{yours}: {room} more points would end the game{behind}, so keep away from a big take ({big}), even "
            "at a point or two more on average.")


def moon_win_reason(view: PlayerView, line: ScoreLine) -> str | None:
    """Before any point is taken this hand: the learner's own moon would win the game (26 to every other player
    takes someone to the end and leaves the learner alone lowest); with, when the learner is highest and near the
    end, what taking points short of the moon does. None otherwise."""
    me = line.seat
    if not line.can_end_this_hand or any(moon_points(view)) or jack_relief(view) or moon_outcome(line, me) != "win":
        return None
    moon = after_moon(line.scores, me, "add_to_others")  # a winning moon adds: taking 26 off ends nothing
    past = [f"{who(line, s)} ({moon[s]})" for s in range(len(moon)) if s != me and game_over([moon[s]], line.rules)]
    out = (f"A moon would win you the game: 26 points to every other player take {join_words(past)} "
           f"{to_target(line.rules)} while you stay on {line.scores[me]}, the lowest score.")
    room = distances(line.scores, line.rules)[me]
    if all(v < line.scores[me] for s, v in enumerate(line.scores) if s != me) and room < MOST_POINTS_IN_A_HAND:
        behind = " with you behind" if _cannot_be_caught(view, line, line.scores[me] + room, room) else ""
        yours = "1 point of yours ends" if room == 1 else f"{room} points of yours end"
        out += f" Without the moon, {yours} the game{behind}."
    return out


def points_only_note(view: PlayerView) -> str | None:
    """For a hand of a match under rules no game-win table fits (the coach then judges in points alone), when the
    game can end this hand: a sentence saying so, so that a points grade is not read as if the score did not
    matter; None otherwise (no scores, a game of a fixed number of hands, a table fits, or the end is out of
    reach this hand: no seat can rise by a moon's worth, :attr:`~hearts_tutor.engine.rules.Rules.moon_points`)."""
    rules = view.rules
    if len(view.scores) != view.n or rules.end == "hands" or judged_line(view) is not None:
        return None
    if not game_over([v + rules.moon_points for v in view.scores], rules):
        return None
    line = ScoreLine(rules, tuple(view.scores), view.seat)
    return (f"The coach judges these rules in points only (it has no game-win model for them), but at these scores "
            f"({line_words(line)}) the game can end this hand: check whether the points you give take a player "
            f"{to_target(rules)}, and who would then have the lowest score.")


def with_points_only_note(view: PlayerView, judged: T, card: Card | None = None) -> T:
    """A hint or grade in points (``reason``, or ``explanation`` and ``feedback``) with :func:`points_only_note`
    added, if any; with the ``card`` played (a grade's or a hint's), also :func:`ending_reason`'s fact when that
    card throws points that take the trick's winner to the end while another player has the lowest score."""
    note = points_only_note(view)
    if note is None:
        return judged
    if card is not None and view.my_turn and view.phase is not Phase.PASS:
        line = ScoreLine(view.rules, tuple(view.scores), view.seat)
        fact = ending_reason(view, line, card)
        note += f" {fact}" if fact else ""
    fields = ("reason",) if hasattr(judged, "reason") else ("explanation", "feedback")
    return dataclasses.replace(judged, **{f: f"{_in_points(getattr(judged, f))} {note}" for f in fields})  # type: ignore[type-var]


def _in_points(words: str) -> str:
    """A grade's words with its band said to be in points ('Best move in points only.')."""
    for band in BAND_WORDS.values():
        if words.startswith(band):
            return f"{band[:-1]} in points only.{words[len(band):]}"
    return words


def score_reason(view: PlayerView, line: ScoreLine, best: Card, rival: Card | None = None) -> ScoreReason:
    """Why ``best`` keeps the best chance to win the game at this score line, where ``rival`` (the fewest-points
    card) does not: the most specific fact of the position, else a plain sentence naming the scores."""
    for reason in (moon_case(view, line, best), reason_of(Kind.LOW_PLAYER, leader_reason(view, line, best)),
                   reason_of(Kind.END_IT, end_it_reason(view, line, best)),
                   None if rival is None else reason_of(Kind.KEEP_GOING, ending_reason(view, line, rival)
                                                        or overtake_ending_reason(view, line, rival, best)),
                   reason_of(Kind.DANGER, danger_reason(view, line))):
        if reason is not None:
            return reason
    return ScoreReason(Kind.PLAIN, f"At these scores ({line_words(line)}) the coach's play-outs favour "
                       f"{card_name(best)} for winning the game, though no one fact of the position decides it.")


__all__ = ["MOON_KINDS", "Kind", "ScoreReason", "after_moon", "chance_sentence", "danger_reason", "end_it_reason",
           "end_this_hand_words", "ending_reason", "ends_anyway", "jack_relief", "leader_reason", "left_to_take",
           "line_words", "lowest_seats", "lowest_words", "may_still_shoot", "moon_case", "moon_outcome",
           "moon_reason", "moon_win_reason", "overtake_ending_reason", "points_can_end", "points_only_note",
           "reason_of", "score_reason", "scores_so_far", "tie_end_reason", "to_target", "trick_to_winner",
           "unless_moon_words", "who", "with_points_only_note", "would_take"]
