"""Throwing off a card of another suit (a heuristic bot's rules of thumb): the queen, high spades, hearts."""

from __future__ import annotations

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, SUIT_NAMES, Card
from ..engine.view import PlayerView
from .facts import Facts, is_moon_stopper, is_sure_loser
from .search import JD

QS_KEEP = 3
"""Hard: with this many hearts taken by a possible shooter, it no longer gets the queen of spades from me."""


def score_discard(view: PlayerView, facts: Facts, c: Card) -> tuple[float, str]:
    rules = view.rules
    sk = facts.skills
    rank = c % 13
    suit = c // 13
    hand = view.hand_mask
    shooter_wins = facts.shooter is not None and facts.winner == facts.shooter and not facts.after
    watch = facts.watch
    feeds = watch is not None and (facts.winner == watch or watch in facts.after)
    length = (hand & SUIT_MASKS[suit]).bit_count()
    if c == QUEEN_OF_SPADES and rules.queen_points:
        if shooter_wins or (feeds and watch is not None and view.hearts_taken[watch] >= QS_KEEP):
            return 10.0, "the moon shooter would happily take the queen"
        return -40.0, "I cannot follow suit, so I get rid of the queen of spades"
    if c > QUEEN_OF_SPADES and suit == SPADES and facts.queen_out:
        return -25.0 - rank, "a high spade could catch the queen later, so I throw it away now"
    if suit == HEARTS:
        if feeds:  # (the shooter winning as last to play is one case of it)
            return 5.0 - rank / 13 + 3.0 * is_moon_stopper(view, facts, c), \
                "I must not feed hearts to the player who may be shooting the moon"
        if facts.shooter is not None:
            return -30.0 - rank, "someone else takes this heart, which stops the moon"
        if rank >= 8:
            return -10.0 - rank, "I cannot follow suit, so I throw away a high heart"
        return -10.0 - rank, "I cannot follow suit, so I throw a heart on this trick: its point goes to the winner"
    if c == JD and rules.jack_points:
        return 5.0, "the jack of diamonds is worth -10: I keep it"
    cost = -float(rank)
    if sk.voids_on_purpose and length <= 2:
        cost -= 2.0
        return cost, f"it brings me closer to having no {SUIT_NAMES[suit]}"
    if sk.counts_cards and length and is_sure_loser(view, facts, c):
        cost += 3.0
    if rank >= 8:
        return cost, "I cannot follow suit, so I throw away a high card"
    return cost, "I cannot follow suit, so I throw away a card I can spare"


__all__ = ["score_discard"]
