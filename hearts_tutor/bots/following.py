"""Following suit: what a card of the led suit is expected to cost (a heuristic bot's rules of thumb)."""

from __future__ import annotations

from ..engine.cards import QUEEN_OF_SPADES, SPADES, SUIT_MASKS, Card, card_name
from ..engine.view import PlayerView
from .beliefs import seat_name
from .facts import Facts, dump_value, higher_chance, is_moon_stopper, points_text, queen_chance, relief, void_chance
from .search import JD

MILD_STOP = 3.0
"""Hard: what taking a trick with points from a possible moon shooter is worth (the moon is not yet sure)."""


def score_follow(view: PlayerView, facts: Facts, c: Card) -> tuple[float, str]:
    rules = view.rules
    sk = facts.skills
    win = facts.win
    after = facts.after
    pts = facts.trick_points
    rank = c % 13
    led = c // 13
    own = rules.card_points(c)
    if rules.decks == 2 and c in view.trick:
        # my card cancels its twin: it cannot win
        return own * 0.2 - rank / 26, "it cancels the same card already played, so it cannot win"
    if win is not None and c < win:
        if c == QUEEN_OF_SPADES:
            return -6.0, f"the queen of spades goes under {card_name(win)}: someone else takes her"
        if is_moon_stopper(view, facts, c):
            return 1.0 - rank / 26, "it is my highest heart, which I keep to stop a moon"
        if rules.decks == 2:  # a twin of the winning card may still cancel it
            return -rank / 26 + (own * 0.1), f"it stays under {card_name(win)}, so I expect to lose the trick"
        return -rank / 26 + (own * 0.1), f"it stays under {card_name(win)}, so I lose the trick"
    # this card would win for now
    beaten = higher_chance(view, facts, c, after)
    win_p = 1.0 - beaten
    expected: float = pts + own
    for s in after:
        expected += void_chance(view, facts, led, s) * dump_value(view, facts, s)
    if led == SPADES and facts.queen_out and c > QUEEN_OF_SPADES:
        queen_risk = min(1.0, sum(queen_chance(view, facts, s) for s in after))
        expected += queen_risk * rules.queen_points
    jack = False
    if sk.wins_jack and rules.jack_points and (JD in view.trick or c == JD):
        jack = True
    if c == QUEEN_OF_SPADES and rules.queen_points:
        # the queen is only safe under a higher spade; hoping for one to come is a gamble
        cost = rules.queen_points + pts - 4.0 * beaten
        return cost, "playing the queen here risks taking her myself"
    cost = win_p * (expected + 0.4) - (1 - win_p) * own * 0.5 - rank / 40 - relief(view, facts, c)
    if facts.watch is not None and facts.winner == facts.watch:
        # (while a shooter is clear, the watched seat is the shooter)
        if facts.shooter is not None and pts > 0:
            return cost - 8.0 * win_p, "it takes points away from the player trying to shoot the moon"
        if facts.shooter is not None:  # with the lead I can give the points to someone else
            return cost - 2.0 * win_p, "it takes the lead away from the player trying to shoot the moon"
        if pts > 0:
            return cost - MILD_STOP * win_p, "it takes points away from the player who may be shooting the moon"
    if not after:
        if jack:
            return cost, "I win the trick and the jack of diamonds with it"
        if pts and win is not None and view.legal & SUIT_MASKS[led] & ((1 << win) - 1):
            return cost, f"I take this trick and its {points_text(pts)} to get rid of {card_name(c)}, which could " \
                         "cost me more later"
        if pts:
            return cost, f"I must take this trick and its {points_text(pts)} anyway, so I use a high card"
        if view.kitty is None and view.kitty_size and not view.tricks:
            return cost, ("I am last and no points show in the trick (the face-down kitty goes to its winner "
                          "too): a fair time to win with a high card")
        return cost, "I am last and the trick has no points: a safe time to win with a high card"
    if led == SPADES and c > QUEEN_OF_SPADES and facts.queen_out:
        holder = facts.queen_holder
        if holder is not None and holder in view.trick_seats:
            return cost, (f"{seat_name(view, holder)} holds the queen but has already played, "
                          "so she cannot land on this trick")
        return cost, "I may win the trick, though the queen could still fall on it"
    if not sk.counts_cards:  # these levels guess; they do not count the cards
        if win_p < 0.3:
            return cost, "I expect someone after me to play higher"
        if win_p >= 0.995:
            return cost, "I expect to win the trick"
        return cost, f"I may win the trick: I guess the chance is about {round(100 * win_p)}%"
    if win_p < 0.3:
        return cost, "someone after me will probably play higher"
    if win_p >= 0.995:
        return cost, "I will almost surely win the trick"
    return cost, f"I may win the trick, about {round(100 * win_p)}% likely"


__all__ = ["score_follow"]
