"""What a puzzle's tempting pass does wrong that its answer does not: the pass review's flags of the tempting
pass, said of that pass ('That pass keeps ...'), each only about cards the answer treats differently (a criticism
that applies to the answer just as much separates nothing)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import QUEEN_OF_SPADES, Card
from ..engine.view import PlayerView
from . import text
from .passing import hand_before_pass, makes_void, review_pass


def tempting_pass_flags(view: PlayerView, best: Sequence[Card], tempting: Sequence[Card]) -> list[str]:
    """The tempting pass's flags the answer's own review does not raise, in the words said of that pass: the
    mid-range cards it keeps named only when the answer passes them, the queen it keeps counted by the spades
    lower than her (without the advice the answer's own reason already gives)."""
    hand = hand_before_pass(view)
    answer_keeps = {c for c in hand if c not in best}
    mine = {f.id for f in review_pass(view, best).flags}
    out = []
    for f in review_pass(view, tempting).flags:
        if f.id in mine or f.severity == "info":
            continue
        if f.id == "missed_void":  # said of the tempting pass: only where the answer makes a void (its reason)
            if makes_void(hand, sorted(answer_keeps)):
                out.append(text.tempting_no_void())
            continue
        if f.id == "keep_midrange":
            only = [c for c in f.cards if c not in answer_keeps]
            if only:
                out.append(text.temptation_flag(text.keep_midrange(only)))
            continue
        if f.id == "keep_queen_short_spades":
            others = [c for c in f.cards if c != QUEEN_OF_SPADES]
            out.append(text.temptation_flag(text.keep_queen_short(others, advice=False)))
            continue
        out.append(text.temptation_flag(f.reason))
    return out
