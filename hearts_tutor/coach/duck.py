"""Why a card that stays under the card winning the trick keeps you from taking it, Cancellation included.

With one deck a card below the winner so far can never take the trick. With two decks (Cancellation, SPEC
section 3) the winner can still be cancelled by its other copy falling later in the trick, which then goes to the
highest uncancelled card of the led suit: the duck is sure only while a card above it in the trick cannot be
cancelled (its other copy has been played, or is in this hand).
"""

from __future__ import annotations

from collections.abc import Collection

from ..engine.cards import Card, suit_of
from ..engine.view import PlayerView
from . import text
from .facts import Fact, LowerThan, OtherCopyHeld, OtherCopyOut, OtherCopyPlayed, StaysUnder
from .reasons import Reason
from .situation import players_after, trick_winner


def _uncancellable(view: PlayerView, a: Card) -> Fact | None:
    """The fact that nothing can cancel ``a`` in this trick, if one holds."""
    for fact in (OtherCopyPlayed(a), OtherCopyHeld(a)):
        if fact.holds(view):
            return fact
    return None


def duck_reason(view: PlayerView, c: Card, tempting: Card | None = None, accepted: Collection[Card] = ()
                ) -> Reason:
    """Why ``c``, which stays under the card winning the trick so far, does not take the trick (``tempting``: the
    card it is compared with; ``accepted``: the other cards the coach accepts here, if known)."""
    current = trick_winner(view)
    if current is None or suit_of(c) != suit_of(current[1]) or not c < current[1]:
        raise ValueError("duck_reason: the card does not stay under a card winning this trick")
    winner = current[1]
    if view.rules.decks == 1 or players_after(view) == 0 or not OtherCopyOut(winner).holds(view):
        return Reason(text.hint_duck(c, winner), (StaysUnder(c, winner),))
    led = suit_of(view.trick[0])
    anchors = [(a, f) for a in sorted(set(view.trick), reverse=True)
               if suit_of(a) == led and a > c and (f := _uncancellable(view, a)) is not None]
    if not anchors:
        facts: tuple[Fact, ...] = (StaysUnder(c, winner), OtherCopyOut(winner))
        surer = next((d for d in sorted(set(view.hand)) if suit_of(d) == led and d != c and d < winner
                      and OtherCopyHeld(d).holds(view)), None)  # it cancels its copy in the trick: never wins
        same = surer is not None and surer in accepted
        copy_out = facts[1].sentence(view)
        words = text.duck_cancel_open(c, winner, surer, same).format(text.cap(copy_out) if same else copy_out)
        if surer is not None:
            facts += (OtherCopyHeld(surer), StaysUnder(surer, winner))
        return Reason(words, facts)
    anchor, why = anchors[0]
    facts = (StaysUnder(c, winner), OtherCopyOut(winner), LowerThan(c, anchor), why)
    beats = tempting is not None and suit_of(tempting) == led and anchor < tempting < winner
    words = text.duck_cancel_safe(c, winner, anchor, tempting if beats else None)
    said = (text.cap(facts[1].sentence(view)), facts[2].sentence(view), why.sentence(view))
    return Reason(words.format(*said), facts)
