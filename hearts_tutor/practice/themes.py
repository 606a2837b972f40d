"""Which themes a puzzle teaches, from the coach's own flags and facts about the position (SPEC section 11).

The themes compare the accepted answer with the most tempting wrong option: a pass puzzle is about the queen
when one of them passes her and the other keeps her, about a void when only the answer makes one, and so on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..engine.cards import HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.rules import Rules
from ..engine.view import PlayerView

MIDRANGE = range(5, 10)  # 7 to jack
ENDGAME_CARDS = 4
"""A play with this many cards or fewer in hand is about the last tricks."""
COUNT_UNSEEN = 3
"""A suit with this few unseen cards left (after several rounds) is one to count."""

# the coach's pass flags (coach.passing.review_pass) and the themes their lesson teaches
_PASS_FLAG_THEMES = {
    "keep_queen_short_spades": "pass-queen", "queen_off_spades": "pass-queen",
    "pass_spade_guards": "pass-spade-guards", "pass_high_spade_unneeded": "pass-spade-guards",
    "missed_void": "pass-void", "keep_midrange": "pass-midrange", "pass_low_hearts": "pass-moon",
    "moon_pass_low_hearts": "pass-moon", "moon_keep_low_hearts": "pass-moon", "pass_moon_stopper": "pass-moon",
    "pass_jack_of_diamonds": "jack-of-diamonds", "pass_high_diamonds": "jack-of-diamonds",
}


def is_variant(rules: Rules) -> bool:
    """Rules that change the play of a hand from the standard game's (the target and the like do not)."""
    base = Rules.preset("standard")
    return any(getattr(rules, f.name) != getattr(base, f.name) for f in dataclasses.fields(Rules)
               if f.name not in _MATCH_ONLY)


_MATCH_ONLY = {"name", "target", "hands", "end", "handicap", "turn_clock"}


def pass_themes(view: PlayerView, answer: Sequence[Card], tempting: Sequence[Card]) -> list[str]:
    """Themes of a pass puzzle whose answer is ``answer`` and whose most tempting wrong pass is ``tempting``."""
    from ..coach.passing import hand_before_pass, review_pass

    themes: set[str] = set()
    mine = {f.id for f in review_pass(view, answer).flags}
    theirs = {f.id for f in review_pass(view, tempting).flags}
    for flag in theirs - mine:
        if flag in _PASS_FLAG_THEMES:
            themes.add(_PASS_FLAG_THEMES[flag])
    hand = hand_before_pass(view)
    rules = view.rules
    queen_moves = (QUEEN_OF_SPADES in answer) != (QUEEN_OF_SPADES in tempting)
    if rules.queen_points and QUEEN_OF_SPADES in hand and queen_moves:
        themes.add("pass-queen")
    if QUEEN_OF_SPADES in hand or any(suit_of(c) == SPADES and c > QUEEN_OF_SPADES for c in hand):
        guards = [sum(1 for c in p if suit_of(c) == SPADES and c != QUEEN_OF_SPADES) for p in (answer, tempting)]
        if guards[0] != guards[1]:
            themes.add("pass-spade-guards")
    for suit in range(4):  # one of the two passes empties a suit and the other does not: when to void
        held = [c for c in hand if suit_of(c) == suit]
        if held and suit != HEARTS and all(c in answer for c in held) != all(c in tempting for c in held):
            themes.add("pass-void")
    mid = [sum(1 for c in p if rank_of(c) in MIDRANGE) for p in (answer, tempting)]
    if mid[0] > mid[1]:
        themes.add("pass-midrange")
    jack_moves = (JACK_OF_DIAMONDS in answer) != (JACK_OF_DIAMONDS in tempting)
    if rules.jack_points and JACK_OF_DIAMONDS in hand and jack_moves:
        themes.add("jack-of-diamonds")
    if is_variant(rules):
        themes.add("variant")
    return sorted(themes)


def queen_goes_elsewhere(view: PlayerView) -> bool:
    """Whether the queen of spades, played now by the viewing seat, can land with another seat: another
    seat's card already beats her, or a higher spade is still out (its holder may have to take her). A queen
    played as the top spade left comes back to her owner: that is no unloading."""
    from ..coach.situation import trick_winner

    if QUEEN_OF_SPADES not in view.hand:
        return False
    if view.trick:
        winner = trick_winner(view, QUEEN_OF_SPADES)
        if winner is not None and winner[0] != view.seat:
            return True
    return any(suit_of(c) == SPADES and c > QUEEN_OF_SPADES for c in view.unseen())


def play_themes(view: PlayerView, answer: Card, tempting: Card) -> list[str]:
    """Themes of a play puzzle whose answer is ``answer`` and whose most tempting wrong card is ``tempting``."""
    from ..bots.heuristic import am_shooting
    from ..coach.situation import moon_suspect, queen_unseen, trick_winner

    themes: set[str] = set()
    rules = view.rules
    if view.trick:
        led = suit_of(view.trick[0])
        following = suit_of(answer) == led
        if following:
            wins = [(w is not None and w[0] == view.seat) for w in (trick_winner(view, answer),
                                                                   trick_winner(view, tempting))]
            if not wins[0] and (wins[1] or not any(wins)):  # ducking, or choosing which card to duck with
                themes.add("duck")
            if wins[0]:  # taking the trick now (to shed a high card), or choosing what to take it with
                themes.add("take-early")
            if rank_of(answer) in MIDRANGE or rank_of(tempting) in MIDRANGE:
                themes.add("midrange-follow")
        else:
            themes.add("void-discard")
    else:
        if suit_of(answer) == SPADES and answer < QUEEN_OF_SPADES and queen_unseen(view):
            themes.add("flush-queen")
        else:
            themes.add("avoid-lead")
    if rules.queen_points and QUEEN_OF_SPADES in (answer, tempting) and queen_goes_elsewhere(view):
        themes.add("unload-queen")
    if rules.jack_points and (JACK_OF_DIAMONDS in (answer, tempting) or JACK_OF_DIAMONDS in view.trick):
        themes.add("jack-of-diamonds")
    if len(view.hand) <= ENDGAME_CARDS:
        themes.add("endplay")
    if len(view.tricks) >= 3:
        unseen = view.unseen()
        for suit in {suit_of(answer), suit_of(tempting)}:
            left = sum(1 for c in unseen if suit_of(c) == suit)
            if left <= COUNT_UNSEEN and any(t.cards and suit_of(t.cards[0]) == suit for t in view.tricks):
                themes.add("count-suit")
    if moon_suspect(view) is not None:
        themes.add("stop-moon")
    if am_shooting(view):
        themes.add("shoot-moon")
    if is_variant(rules):
        themes.add("variant")
    return sorted(themes)


__all__ = ["is_variant", "pass_themes", "play_themes", "queen_goes_elsewhere"]
