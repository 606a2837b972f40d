"""Which cards may be played now, and the rule that forbids each other card: asked of the engine.

>>> from hearts_tutor import HandState, Rules, card_str
>>> h = HandState.deal_random(Rules.preset("standard"), seed=1, hand_number=3)
>>> verdicts = legality(h.view(h.to_move))
>>> [card_str(c) for c, v in verdicts.items() if v is None]
['2C']
>>> sorted({v.rule for v in verdicts.values() if v})
['first_lead_lowest_club']
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.hand import Verdict
from ..engine.view import PlayerView


def legality(view: PlayerView) -> dict[Card, Verdict | None]:
    """For every distinct card in the seat's hand: None if it may be played now, else the engine's
    rule id and sentence (never a second copy of the rules)."""
    return {c: view.why_illegal(c) for c in sorted(set(view.hand))}


def illegal_reasons(view: PlayerView) -> dict[Card, Verdict]:
    """Only the forbidden cards, with the rule that forbids each."""
    return {c: v for c, v in legality(view).items() if v is not None}
