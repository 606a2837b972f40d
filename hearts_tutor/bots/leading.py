"""Leading a trick (a heuristic bot's rules of thumb): low cards, spades to flush the queen, heart stoppers."""

from __future__ import annotations

from ..engine.cards import (
    HEART_MASK,
    HEARTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_NAMES,
    Card,
    card_name,
    join_words,
)
from ..engine.view import PlayerView
from .beliefs import ACE_OF_SPADES, KING_OF_SPADES, seat_name
from .facts import Facts, Skills, dump_value, higher_chance, is_sure_loser, queen_chance, relief, void_chance
from .search import HIGH_SPADES, JD


def score_lead(view: PlayerView, facts: Facts, c: Card) -> tuple[float, str]:
    rules = view.rules
    sk = facts.skills
    suit = c // 13
    rank = c % 13
    others = [s for s in range(view.n) if s != view.seat]
    own = rules.card_points(c)
    beaten = higher_chance(view, facts, c, others)
    if not sk.counts_cards:
        higher_left = 12 - rank
        beaten = min(beaten, 1.0 - 0.6 ** higher_left)
    win_p = 1.0 - beaten
    expected = float(own)
    for s in others:
        expected += void_chance(view, facts, suit, s) * dump_value(view, facts, s)
    if suit == HEARTS:
        expected += 0.7 * len(others)
    if suit == SPADES and facts.queen_out and c > QUEEN_OF_SPADES:
        expected += rules.queen_points * (1.0 - sum(void_chance(view, facts, SPADES, s) * queen_chance(
            view, facts, s) for s in others))
    cost = win_p * (expected + 0.3) - rank / 60
    if not view.hand_mask & QS_BIT:
        cost -= relief(view, facts, c)
    if sk.counts_cards:
        if suit == HEARTS and view.hand_mask & ~HEART_MASK and not is_sure_loser(view, facts, c):
            cost += 1.0  # a heart lead puts points into play
        if is_sure_loser(view, facts, c):
            cost -= 0.5
    reason = _lead_reason(view, sk, suit, rank, win_p, others)
    if c == QUEEN_OF_SPADES and rules.queen_points:
        cost = rules.queen_points * (1.0 - sum(higher_chance(view, facts, c, [s]) for s in others) / 2)
        reason = "leading the queen only works when a higher spade must cover her"
    if sk.flushes_spades and suit == SPADES and facts.queen_out and c < QUEEN_OF_SPADES \
            and not view.hand_mask & QS_BIT:
        cost -= 1.5 if not view.hand_mask & HIGH_SPADES or sk.counts_cards else 0.5
        reason = flush_reason(view, c)
    if sk.wins_jack and rules.jack_points and c == JD:
        cost += 3.0
    if suit == HEARTS:
        reason = "a heart lead gives the points to whoever wins" if win_p > 0.5 else \
            "a low heart that others must beat" if rank <= 6 else \
            "others probably hold higher hearts, so someone else should win it"
        shooter = facts.shooter
        if shooter is not None:
            stops = 1.0 - higher_chance(view, facts, c, [shooter])
            cost -= 8.0 * stops
            if stops > 0.5:
                reason = "the player trying to shoot the moon probably cannot beat this heart: that stops the moon"
    return cost, reason


def _lead_reason(view: PlayerView, sk: Skills, suit: int, rank: int, win_p: float, others: list[int]) -> str:
    """Why a lead of this suit and rank is good, as the level sees it."""
    name = SUIT_NAMES[suit]
    if win_p < 0.5:
        if rank <= 6:  # 2 to 8
            return "it is a low card that someone else should have to beat"
        return f"others probably hold higher {name}, so someone else should win it"
    if not sk.sees_voids:
        return "it will probably win the trick, and I hope nobody throws points on it"
    out = [s for s in others if suit in view.voids(s)]
    if out:
        return (f"it will probably win the trick; {join_words([seat_name(view, s) for s in out])} "
                f"{'has' if len(out) == 1 else 'have'} no {name} left and may throw points on it, but my other "
                "leads look worse")
    return f"it will probably win the trick, and nobody has shown out of {name} to throw points on it"


__all__ = ["score_lead"]


def flush_reason(view: PlayerView, c: Card) -> str:
    """Why a spade below the queen is led to flush her: "low" only for a 2-7, and "cannot be stuck with her"
    only while no spade above her is in hand."""
    what = "a low spade" if c % 13 <= 5 else "a spade below the queen"
    higher = view.hand_mask & HIGH_SPADES
    if not higher:
        return f"{what} forces the queen of spades out while I cannot be stuck with her"
    kept = " and ".join(card_name(h) for h in (KING_OF_SPADES, ACE_OF_SPADES) if higher >> h & 1)
    return (f"{what} cannot win the trick the queen of spades falls on, and it draws spades out "
            f"(my {kept.replace('the ', '')} could still be stuck with her later)")
