"""Reasons that turn on the moon, said from facts (STYLE 18): a pass that tries for it, and the plays that keep
points and heart stoppers from a player who may be shooting it.

- :func:`moon_pass_reason`: a hand strong enough to try for the moon (the coach's test, ``moon_potential``, or
  the hard bots', ``moon_hand``) whose pass gives away hearts that can lose a heart trick and keeps its aces,
  kings and queens is explained as a moon pass, not with the reasons for avoiding points.
- :func:`feed_shooter_reason`: out of the led suit, the answer keeps a point card off a trick that a seat which
  has taken every point so far is winning.
- :func:`keep_stopper_reason`: both cards stay under a moon suspect's trick; the one kept is the heart that can
  still win a heart trick from them.
- :func:`keep_jack_reason`: both cards stay under the winner and the other is the jack of diamonds, which would
  take its points off the winner's score; or the other is a diamond above the jack, which is still out, kept to
  win the trick the jack falls on.

Each returns a :class:`~hearts_tutor.coach.reasons.Reason` whose facts hold (None otherwise).
"""

from __future__ import annotations

from ..bots.moon import moon_hand
from ..engine.cards import HEARTS, JACK_OF_DIAMONDS, Card, mask_of, rank_of, suit_of
from ..engine.view import PlayerView
from . import text
from .facts import CanLoseTrick, CardOut, Fact, HigherOut, StaysUnder, TookEveryPoint, WinningTrick, higher_out
from .flags import QUEEN, moon_potential
from .reasons import Reason
from .situation import is_point_card, moon_suspect, players_after, trick_winner


def moon_try_hand(hand: list[Card] | tuple[Card, ...], view: PlayerView) -> bool:
    """Whether a hand (as dealt) passes the coach's or the hard bots' test for trying the moon."""
    return moon_potential(hand) or moon_hand(mask_of(hand), view.rules)


def _checked(words: str, facts: tuple[Fact, ...], view: PlayerView) -> Reason | None:
    reason = Reason(words, facts)
    return reason if reason.holds(view) else None


def moon_pass_reason(view: PlayerView, cards: tuple[Card, ...] | list[Card]) -> Reason | None:
    """Why pass ``cards`` as a moon try: the hand can try for the moon and the pass is the moon pass (it gives
    away cards that can lose a trick, hearts first, and no card of queen rank or higher). None otherwise, and
    after the pass (the counts of cards still out are the hand's as dealt)."""
    from .passing import hand_before_pass

    if view.passed is not None or not moon_try_hand(hand_before_pass(view), view):
        return None
    if any(rank_of(c) >= QUEEN for c in cards):
        return None
    losing = [c for c in cards if higher_out(view, c) > 0]
    if not losing:
        return None
    hearts = sorted(c for c in losing if suit_of(c) == HEARTS)
    side = sorted((c for c in losing if suit_of(c) != HEARTS), key=lambda c: (suit_of(c), rank_of(c)))
    rest = [c for c in cards if c not in losing]
    facts: tuple[Fact, ...] = tuple(CanLoseTrick(c) for c in side)
    if hearts:
        facts = (HigherOut(hearts[-1], higher_out(view, hearts[-1])), *facts)
    template = text.reason_pass_moon_try(view.rules, hearts, side, rest)
    return _checked(template.format(facts[0].sentence(view)) if hearts else template, facts, view)


def feed_shooter_reason(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why throw away ``best`` rather than the point card ``tempting``: the seat winning this trick has taken
    every point so far (a moon suspect), and ``tempting`` on it would feed their moon."""
    if tempting is None or not view.trick:
        return None
    led = suit_of(view.trick[0])
    current = trick_winner(view)
    suspect = moon_suspect(view)
    if current is None or suspect is None or current[0] != suspect:
        return None
    if suit_of(best) == led or suit_of(tempting) == led or is_point_card(view, best) \
            or not is_point_card(view, tempting):
        return None
    facts: tuple[Fact, ...] = (WinningTrick(*current), TookEveryPoint(suspect))
    left = [c for c in (*view.unseen(), *view.hand, *view.trick) if is_point_card(view, c)]
    last = players_after(view) == 0
    unbeaten = not last and higher_out(view, current[1]) == 0  # they win this trick for certain
    if unbeaten:
        facts += (HigherOut(current[1], 0),)
    template = text.reason_keep_from_shooter(best, tempting, led, view.rules, last=last,
                                             completes=left == [tempting], unbeaten=unbeaten)
    return _checked(template.format(facts[0].sentence(view), *(f.sentence(view) for f in facts[2:])), facts, view)


def keep_stopper_reason(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why play ``best`` and keep the heart ``tempting`` when both stay under the trick's winning card and a
    seat may be shooting the moon: fewer hearts above ``tempting`` are still out, so it is the one that can win a
    later heart trick."""
    current = trick_winner(view)
    suspect = moon_suspect(view)
    if tempting is None or current is None or suspect is None:
        return None
    if suit_of(best) != HEARTS or suit_of(tempting) != HEARTS or not best < tempting < current[1]:
        return None
    hb, ht = higher_out(view, best), higher_out(view, tempting)
    if ht >= hb:
        return None
    facts: tuple[Fact, ...] = (TookEveryPoint(suspect), HigherOut(tempting, ht),
                               *((HigherOut(best, hb),) if hb else ()))
    said = [f.sentence(view) for f in facts]
    template = text.reason_keep_stopper(best, tempting, current[1], view.rules, lower_out=bool(hb))
    return _checked(template.format(*said), facts, view)


def keep_jack_reason(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why play ``best`` rather than the jack of diamonds when both stay under another seat's winning card and
    the jack takes points off its winner's score."""
    current = trick_winner(view)
    points = view.rules.jack_points
    if tempting is None or current is None or points >= 0:
        return None
    facts: tuple[Fact, ...] = (StaysUnder(best, current[1]), StaysUnder(tempting, current[1]))
    if tempting == JACK_OF_DIAMONDS:
        return _checked(text.reason_keep_jack(best, current[1], points), facts, view)
    if suit_of(tempting) == suit_of(JACK_OF_DIAMONDS) and best < JACK_OF_DIAMONDS < tempting:
        facts += (CardOut(JACK_OF_DIAMONDS),)
        words = text.reason_keep_jack_catcher(best, tempting, current[1], points).format(facts[-1].sentence(view))
        return _checked(words, facts, view)
    return None
