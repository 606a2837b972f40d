"""What a puzzle's tempting pass does wrong that its answer does not: the pass review's flags of the tempting
pass, said of that pass ('That pass keeps ...'), each only about cards the answer treats differently (a criticism
that applies to the answer just as much separates nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, Card, rank_of, suit_of
from ..engine.view import PlayerView
from . import text
from .flags import KING, QUEEN
from .passing import hand_before_pass, makes_void, review_pass

LONG_HEARTS = 6
"""Hearts enough that the hand takes heart tricks whichever high heart it passes."""


def answer_keeps(view: PlayerView, best: Sequence[Card], tempting: Sequence[Card]) -> str | None:
    """What the answer keeps that the tempting pass gives away, when that is the difference to speak to: high
    hearts (queen and up) in a hand long enough in hearts to take heart tricks anyway."""
    from .hints import moon_pass_reason

    if moon_pass_reason(view, tuple(best)) is not None:  # the moon reason already says why the high hearts stay
        return None
    hand = hand_before_pass(view)
    kept = [c for c in hand if c not in best]
    hearts = sum(1 for c in kept if suit_of(c) == HEARTS)
    high = sorted(c for c in tempting if c not in best and suit_of(c) == HEARTS and rank_of(c) >= QUEEN)
    if high and hearts >= LONG_HEARTS:
        return text.answer_keeps_long_hearts(high, hearts)
    return None


def _lone_high(view: PlayerView, best: Sequence[Card], tempting: Sequence[Card]) -> list[str]:
    """The ace or king of hearts the tempting pass keeps as the hand's only heart, when the answer passes it."""
    hand = hand_before_pass(view)
    kept = [c for c in hand if c not in tempting]
    hearts = [c for c in kept if suit_of(c) == HEARTS]
    if len(hearts) == 1 and rank_of(hearts[0]) >= KING and hearts[0] in best:
        return [text.tempting_keeps_lone_high(hearts[0], view.rules.decks)]
    return []


def tempting_pass_flags(view: PlayerView, best: Sequence[Card], tempting: Sequence[Card]) -> list[str]:
    """The tempting pass's flags the answer's own review does not raise, in the words said of that pass: the
    mid-range cards it keeps named only when the answer passes them, the queen it keeps counted by the spades
    lower than her (without the advice the answer's own reason already gives)."""
    hand = hand_before_pass(view)
    kept_by_answer = {c for c in hand if c not in best}
    mine = {f.id for f in review_pass(view, best).flags}
    out = []
    for f in review_pass(view, tempting).flags:
        if f.id in mine or f.severity == "info":
            continue
        if f.id == "missed_void":  # said of the tempting pass: only where the answer makes a void (its reason)
            if makes_void(hand, sorted(kept_by_answer)):
                out.append(text.tempting_no_void())
            continue
        if f.id == "keep_midrange":
            only = [c for c in f.cards if c not in kept_by_answer]
            if only:
                out.append(text.temptation_flag(text.keep_midrange(only)))
            continue
        if f.id == "keep_queen_short_spades":
            others = [c for c in f.cards if c != QUEEN_OF_SPADES]
            out.append(text.temptation_flag(text.keep_queen_short(others, advice=False)))
            continue
        out.append(text.temptation_flag(f.reason))
    return out + _lone_high(view, best, tempting)
