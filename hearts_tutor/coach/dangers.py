"""The danger cards of a hand, judged as the coach's own pass judges them (the table's danger panel).

In the coach's order (:func:`~hearts_tutor.coach.passing.suggest_pass`): a queen of spades without three lower
spades or four others to guard her; the ace or king of spades with fewer than three lower spades (or beside
such a queen); the jack to ace of hearts with no low
heart (2 to 6) to play instead; the queen, king or ace of a short side suit (two cards or fewer); then the
mid-range cards
(:func:`~hearts_tutor.coach.midrange.midrange_scores`). A hand strong enough to shoot the moon keeps its
high cards: they are not dangers then.

Once the coach's pass is known (the Hint), :func:`panel_flags` shows every danger it passes first, and drops
the flags that would call for passing a high card the coach keeps, so the panel never disagrees with the Hint.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import CLUBS, DIAMONDS, HEARTS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.hand import Phase
from ..engine.view import PlayerView
from . import text
from .flags import ACE, JACK, KING, LOW_RANKS, QUEEN, Flag, jack_scores, moon_potential, queen_scores
from .midrange import midrange_scores
from .passing import HIGH_SPADE_GUARDS, queen_guarded

#: The flags that say a high card should leave the hand (the others say how to play a card you keep).
HIGH_CARD_FLAGS = ("unguarded_queen", "high_spade_short", "high_heart_no_low", "high_short_suit")
PANEL_SIZE = 3


def hand_dangers(view: PlayerView) -> list[Flag]:
    """Every danger card of the seat's hand, most dangerous first, each with its reason."""
    hand = list(view.hand)
    out: list[Flag] = []
    if not moon_potential(hand):
        out += _spade_dangers(view, hand) + _heart_dangers(hand) + _short_suit_dangers(view, hand)
    flagged = {c for f in out for c in f.cards}
    out += [f for _, f in midrange_scores(view) if not set(f.cards) & flagged]
    return out


def _spade_dangers(view: PlayerView, hand: list[Card]) -> list[Flag]:
    if not queen_scores(view.rules) or view.played_mask() >> QUEEN_OF_SPADES & 1:
        return []
    spades = sorted((c for c in hand if suit_of(c) == SPADES), reverse=True)
    others = [c for c in spades if c != QUEEN_OF_SPADES]
    out = []
    holds_queen = QUEEN_OF_SPADES in hand
    unguarded = holds_queen and not queen_guarded(others)
    if unguarded:
        out.append(Flag("unguarded_queen", "danger", text.danger_unguarded_queen(sorted(others)), (QUEEN_OF_SPADES,)))
    lower = [c for c in spades if c < QUEEN_OF_SPADES]
    passing = view.phase is Phase.PASS  # (holding the queen, a high spade is a danger only if she is passed)
    if (unguarded and passing) or (not holds_queen and len(lower) < HIGH_SPADE_GUARDS):
        for c in (c for c in spades if rank_of(c) in (KING, ACE)):
            out.append(Flag("high_spade_short", "danger" if not holds_queen else "warning",
                            text.danger_high_spade(c, len(lower), holds_queen), (c,)))
    return out


def _heart_dangers(hand: list[Card]) -> list[Flag]:
    hearts = sorted((c for c in hand if suit_of(c) == HEARTS), reverse=True)
    if any(rank_of(c) in LOW_RANKS for c in hearts):
        return []
    return [Flag("high_heart_no_low", "warning", text.danger_high_heart(c), (c,)) for c in hearts if rank_of(c) >= JACK]


def _short_suit_dangers(view: PlayerView, hand: list[Card]) -> list[Flag]:
    """The queen, king or ace of clubs or diamonds with at most one other card of the suit. Not clubs when a club
    opens the hand and the first trick may carry no points (a short high club goes safely on it), nor the
    diamonds that catch a -10 jack of diamonds."""
    rules = view.rules
    safe_clubs = rules.first_lead in ("lowest_club", "any_club") and rules.first_trick_points == "forbidden"
    out = []
    for suit in (CLUBS, DIAMONDS):
        held = sorted((c for c in hand if suit_of(c) == suit), reverse=True)
        if len(held) > 2 or (suit == CLUBS and safe_clubs) or (suit == DIAMONDS and jack_scores(rules)):
            continue
        out += [Flag("high_short_suit", "warning", text.danger_high_short_suit(c, len(held) - 1), (c,))
                for c in held if rank_of(c) >= QUEEN]
    return out


def panel_flags(view: PlayerView, plan: Sequence[Card] | None = None, size: int = PANEL_SIZE) -> list[Flag]:
    """What the danger panel shows: the ``size`` most dangerous cards, or, once the coach's pass ``plan`` is
    known, every danger it passes first, then the flags on kept cards that do not call for passing them."""
    flags = hand_dangers(view)
    if plan is None:
        return flags[:size]
    passed = [f for f in flags if set(f.cards) <= set(plan)]
    kept = [f for f in flags if not set(f.cards) <= set(plan) and f.id not in HIGH_CARD_FLAGS]
    return passed + kept[:max(0, size - len(passed))]
