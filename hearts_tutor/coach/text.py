"""Every sentence the coach says, in one place, so the wording can be reviewed together.

Rules for the wording (SPEC section 6, acceptance 5): plain words a beginner understands, cards named as
people say them ("the queen of spades"), and any Hearts term explained the first time a message uses it,
e.g. "void (you hold no cards of that suit)". Engine legality sentences are quoted word for word from
:func:`hearts_tutor.engine.hand.describe_rule`; they are not repeated here.

>>> cards_phrase([36])
'the queen of spades'
>>> cap("the queen of spades is here.")
'The queen of spades is here.'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, TypeAlias

from ..engine.cards import (
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    RANK_NAMES,
    SUIT_NAMES,
    Card,
    card_name,
    join_names,
    join_words,
    rank_of,
    suit_of,
)
from ..engine.hand import moon_goal
from ..engine.rules import Rules
from .flags import ACE, KING, QUEEN

# ----- small helpers -----

VOID = "void (you hold no cards of that suit)"


def void_in(suit: int) -> str:
    """'void in diamonds (holding no diamonds at all)'."""
    return f"void in {SUIT_NAMES[suit]} (holding no {SUIT_NAMES[suit]} at all)"
MIDRANGE = "a mid-range card (7 to jack)"
GUARDS = "guards (lower spades you can play while the queen waits)"


def shoot(rules: Rules) -> str:
    """'shooting the moon (one player taking every heart and the queen of spades)'."""
    return f"shooting the moon (one player taking {moon_goal(rules)})"


def cap(text: str) -> str:
    """Capitalise the first letter of a sentence."""
    return text[:1].upper() + text[1:]


def cards_phrase(cards: Iterable[Card]) -> str:
    """'the 2 of clubs and the ace of hearts'."""
    return join_names(sorted(cards, key=lambda c: (suit_of(c), rank_of(c))))


def suit_name(suit: int) -> str:
    return SUIT_NAMES[suit]


def count_word(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "thirteen")
    return words[n] if 0 <= n < len(words) else str(n)


def points_phrase(x: float) -> str:
    """'about 1.5 points' / 'about 1 point' / 'nothing'."""
    r = round(x, 1)
    if abs(r) < 0.05:
        return "no points"
    if r == 1:
        return "about 1 point"
    return f"about {r:g} points"


def seat_phrase(me: int, seat: int, players: int) -> str:
    """Where a seat sits from ``me``: 'the player on your left', 'seat 3'."""
    if seat == me:
        return "you"
    if seat == (me + 1) % players:
        return "the player on your left"
    if seat == (me - 1) % players:
        return "the player on your right"
    if players % 2 == 0 and seat == (me + players // 2) % players:
        return "the player across from you"
    return f"seat {seat}"


# ----- passing flags -----

def _other_spades(n: int) -> str:
    """"only two other spades", "only one other spade", "no other spades"."""
    return f"only {count_word(n)} other spade" + ("" if n == 1 else "s") if n else "no other spades"


def keep_queen_short(spades: list[Card], advice: bool = True) -> str:
    """The queen kept beside ``spades`` (her other spades, too few lower ones to guard her): only the spades lower
    than her are counted as guards; the ace and king above her are named as the cards that cannot guard her.
    ``advice``: end with when to keep her (the learner's own pass; not said of a puzzle's tempting pass).

    >>> from hearts_tutor.engine.cards import parse_cards
    >>> keep_queen_short(parse_cards("2S 9S KS"), advice=False)
    'You kept the queen of spades (13 points) with only two spades lower than her (the 2 and 9 of spades; the king \
of spades above her cannot guard her). Other players lead spades to force her out, and each lead uses up one of \
those two.'
    """
    low = sorted(c for c in spades if c < QUEEN_OF_SPADES)
    above = sorted(c for c in spades if c > QUEEN_OF_SPADES)
    n = len(low)
    held = f"only {count_word(n)} spade{'' if n == 1 else 's'} lower than her" if n else "no spade lower than her"
    notes = [cards_short(low)] if low else []
    if above:
        notes.append(f"{cards_short(above)} above her cannot guard her")
    which = f" ({'; '.join(notes)})" if notes else ""
    if not n:
        uses = "you have no lower spade to play under them"
    elif n == 1:
        uses = "the first lead uses up that one"
    else:
        uses = f"each lead uses up one of those {count_word(n)}"
    out = (f"You kept the queen of spades (13 points) with {held}{which}. Other players lead spades to force her "
           f"out, and {uses}.")
    if advice:
        out += (" Strong players keep her with three spades lower than her (four are safer); with fewer, pass "
                "her.")
    return out


def pass_spade_guards(guards: list[Card]) -> str:
    return (f"You passed {cards_phrase(guards)} but kept the queen of spades. Low spades are her {GUARDS}; "
            "without them you may have to play the queen early and take her 13 points yourself.")


def pass_high_spade_unneeded(passed: list[Card], other_spades: int) -> str:
    """``other_spades``: the spades lower than the queen the hand held."""
    return (f"You passed {cards_phrase(passed)} without holding the queen of spades, although you had "
            f"{count_word(other_spades)} spades lower than the queen to play first. With that many spades the queen "
            "is forced out before you run short, so the high spade was safe; a more dangerous card could have gone "
            "instead.")


def queen_off_spades(passed: list[Card]) -> str:
    return (f"In these rules the queen of spades scores nothing, so passing {cards_phrase(passed)} was not "
            "needed: high spades are no more dangerous than other high cards now. A risky card of another suit "
            "would have helped you more.")


def pass_low_hearts(hearts: list[Card]) -> str:
    return (f"You passed {cards_phrase(hearts)}. Low hearts are your safest cards: late in the hand, when hearts "
            "are led, they let you stay under the others and take no points. Pass high cards instead.")


def moon_pass_low_hearts(hearts: list[Card], rules: Rules) -> str:
    return (f"A good pass for {shoot(rules)}: you passed {cards_phrase(hearts)}. A heart that can lose a trick is "
            "what usually ruins a moon, because another player wins that trick with a higher heart.")


def moon_keep_low_hearts(hearts: list[Card], rules: Rules) -> str:
    return (f"This hand has the high cards for {shoot(rules)}. If you try it, pass {cards_phrase(hearts)}: "
            "hearts that can lose a trick ruin a moon, because another player wins that trick with a higher heart.")


def missed_void(suit: int, cards: list[Card]) -> str:
    return (f"You could have made yourself {void_in(suit)} by passing "
            f"{cards_phrase(cards)}. Once you hold no {suit_name(suit)}, every time {suit_name(suit)} are "
            "led you may throw away a dangerous card instead.")


def keep_midrange(cards: list[Card]) -> str:
    one = len(cards) == 1
    return (f"You kept {cards_phrase(cards)}: {'a mid-range card' if one else 'mid-range cards'} (7 to jack) "
            f"with no lower card of {'its' if one else 'their'} suit to play under the others. Such cards often "
            "win a trick late in the hand, when someone can throw points on it. You passed a low card that was "
            "safe to keep." )


def keep_midrange_info(cards: list[Card]) -> str:
    one = len(cards) == 1
    return (f"Watch {cards_phrase(cards)}: {'a mid-range card' if one else 'mid-range cards'} (7 to jack) with "
            "no lower card of the same suit to play under the others. Play such cards early, before anyone "
            "runs out of the suit.")


def pass_jack_of_diamonds() -> str:
    return ("You passed the jack of diamonds. In these rules it takes 10 points off the score of whoever wins "
            "it, so it is a prize to keep and win, not a card to give away.")


def pass_high_diamonds(cards: list[Card]) -> str:
    return (f"You passed {cards_phrase(cards)}. When the jack of diamonds takes 10 points off your score, high "
            "diamonds are what let you win the trick it falls on; keep them.")


def pass_moon_stopper(card: Card, rules: Rules) -> str:
    return (f"You passed {card_name(card)} and kept no high heart. High hearts stop another player from "
            f"{shoot(rules)}: one heart trick won by you spoils it.")


def pass_good() -> str:
    return "A sound pass: nothing in it gives the coach cause for concern."


def remembered_pass(passed: list[Card], who: str, still_out: list[Card]) -> str:
    text_ = f"You passed {cards_phrase(passed)} to {who}."
    if still_out:
        text_ += (f" {cap(cards_phrase(still_out))} {'has' if len(still_out) == 1 else 'have'} not been played "
                  f"yet, so {who} still holds {'it' if len(still_out) == 1 else 'them'}.")
    return text_


# ----- the coach's own pass -----

PassForm: TypeAlias = Literal["alone", "whole", "part", "coach"]
"""How a pass reason is said: ``"alone"`` (its own sentence, 'Pass the king of hearts: ...'), ``"whole"`` (the
one reason for the whole pass, which it names once: 'Pass the 4, 9 and jack of diamonds to ...'), ``"part"``
(one group of a pass already named: 'The queen of spades: ...') or ``"coach"`` (the whole pass as the coach's own,
revealed: 'The coach would pass the 4, 9 and jack of diamonds to ...')."""


def cards_short(cards: Iterable[Card]) -> str:
    """Cards of one suit named once: 'the 4, 9 and jack of diamonds'; other sets as :func:`cards_phrase`.

    >>> from hearts_tutor.engine.cards import parse_cards
    >>> cards_short(parse_cards("4D 9D JD")), cards_short(parse_cards("JC AH"))
    ('the 4, 9 and jack of diamonds', 'the jack of clubs and the ace of hearts')
    """
    cards = sorted(cards, key=lambda c: (suit_of(c), rank_of(c)))
    if len(cards) < 2 or len({suit_of(c) for c in cards}) > 1 or len(set(cards)) < len(cards):
        return cards_phrase(cards)
    ranks = [RANK_NAMES[rank_of(c)] for c in cards]
    return f"the {join_words(ranks)} of {SUIT_NAMES[suit_of(cards[0])]}"


def _pass_head(cards: list[Card], form: PassForm) -> str:
    """'Pass the king of hearts' (alone), 'Pass the 4, 9 and jack of diamonds' (whole), 'The queen of spades'
    (part), 'The coach would pass the 4, 9 and jack of diamonds' (coach)."""
    if form == "part":
        return cap(cards_short(cards))
    if form == "coach":
        return f"The coach would pass {cards_short(cards)}"
    return f"Pass {cards_phrase(cards) if form == 'alone' else cards_short(cards)}"


def reason_pass_queen(lower_spades: int, queens: int = 1, form: PassForm = "alone") -> str:
    """``lower_spades``: the spades below the queen held (the ones that protect her)."""
    few = (f"only {count_word(lower_spades)} spade{'' if lower_spades == 1 else 's'}" if lower_spades
           else "no spade")
    if queens > 1:
        head = {"part": "Both queens of spades", "coach": "The coach would pass both queens of spades"}.get(
            form, "Pass both queens of spades")
        return (f"{head}: you hold {few} lower than them to protect them, "
                "so they would likely win tricks for you (13 points each).")
    return (f"{_pass_head([QUEEN_OF_SPADES], form)}: you hold {few} lower than her to protect her, "
            "so she would likely win a trick for you (13 points).")


def reason_pass_high_spades(cards: list[Card], form: PassForm = "alone") -> str:
    return (f"{_pass_head(cards, form)}: with few other spades, the queen of spades could be thrown on "
            f"{'it' if len(cards) == 1 else 'them'} when spades are led.")


def reason_pass_void(suit: int, cards: list[Card], form: PassForm = "alone") -> str:
    if form == "part":
        verb = "leaves" if len(cards) == 1 else "leave"
        return (f"{_pass_head(cards, form)} {verb} you {void_in(suit)}; then you can throw away dangerous cards "
                f"whenever {suit_name(suit)} are led.")
    return (f"{_pass_head(cards, form)} to become {void_in(suit)}; then you can "
            f"throw away dangerous cards whenever {suit_name(suit)} are led.")


def reason_pass_low(cards: list[Card], left: int, form: PassForm = "alone") -> str:
    """A low card in the pass the simulations chose (low cards are usually the ones to keep)."""
    suit = suit_name(suit_of(cards[0]))
    one = len(cards) == 1
    head = f"{cap(cards_phrase(cards))} {'goes' if one else 'go'} too" if form == "alone" else _pass_head(cards, form)
    if left <= 1 and suit_of(cards[0]) != HEARTS:
        return (f"{head}: that leaves you {'no' if not left else 'only one'} {suit if not left else suit[:-1]}, so "
                "you can soon throw away dangerous cards when that suit is led.")
    return (f"{head}: low cards are usually worth keeping, but over many simulated deals this pass cost you the "
            "fewest points.")


def _high_and_midrange(cards: list[Card]) -> str:
    """What makes these 7-and-up cards dangerous, each called what it is: high (queen to ace) or mid-range."""
    high = any(rank_of(c) >= QUEEN for c in cards)
    mid = any(rank_of(c) < QUEEN for c in cards)
    if high and mid:
        return ("high cards (queen to ace) and mid-range cards (7 to jack) are the ones most likely to win tricks "
                "with points in them.")
    if high:
        return "high cards (queen to ace) are the ones most likely to win tricks with points in them."
    return ("mid-range cards (7 to jack) are too high to stay under the other players' cards and too low to be sure "
            "of winning, so they often win tricks late in the hand, when points are thrown on them.")


def reason_pass_dangerous(cards: list[Card], form: PassForm = "alone") -> str:
    if all(rank_of(c) >= 5 for c in cards):  # 7 and up (rank index 5)
        return f"{_pass_head(cards, form)}: {_high_and_midrange(cards)}"
    return (f"{_pass_head(cards, form)}: of the cards left, these are the most likely to win tricks with points "
            "in them.")


def reason_pass_queen_anyway(others: list[Card], form: PassForm = "alone",
                             keep: Sequence[Card] | None = None) -> str:
    """The queen passed although she is guarded (``others``: the other spades held): only the spades lower than
    her protect her; the ace and king above her do not. ``keep``: an accepted pass that keeps her; with three or
    more spades lower than her, keeping her is then said to be fine too (strong players keep her so guarded)."""
    lower = [c for c in others if c < QUEEN_OF_SPADES]
    above = [c for c in others if c > QUEEN_OF_SPADES]
    n = len(lower)
    protect = f"{count_word(n)} spade{'' if n == 1 else 's'} lower than her could protect her"
    if above:
        protect += f" ({cards_phrase(above)} above her cannot)"
    head = _pass_head([QUEEN_OF_SPADES], form)
    if keep and n >= 3:
        return (f"{head}: {protect}, so keeping her is fine too (the coach also accepts passing "
                f"{cards_phrase(keep)}); passing her comes out only slightly better in the coach's simulations.")
    but = "but" if n else "and"
    return (f"{head}: {protect}, {but} she is worth 13 points, and the coach's simulations say you do better "
            "without her.")


def pass_reasons(cards: Iterable[Card], parts: list[tuple[list[Card], Callable[[PassForm], str]]],
                 coach: bool = False) -> str:
    """A pass explained once: 'Pass the 4, 9 and jack of diamonds to ...' when one reason covers the whole pass,
    else 'Pass A, B and C. The queen of spades: ... The jack of clubs and the ace of hearts: ...'. Each part is
    its cards and its reason in a given form. ``coach``: the coach's own pass revealed ('The coach would pass
    ...')."""
    cards = sorted(cards)
    if len(parts) == 1 and sorted(parts[0][0]) == cards:
        return parts[0][1]("coach" if coach else "whole")
    head = f"The coach would pass {cards_phrase(cards)}." if coach else f"Pass {cards_phrase(cards)}."
    return " ".join([head, *(say("part") for _, say in parts)])


def coach_pass_among_best(cards: Iterable[Card]) -> str:
    """The coach's reveal of a taught pass that is not its own but rates as well on the same deals."""
    return (f"The coach would pass {cards_phrase(cards)}, one of the passes that give you the fewest points on "
            "average here.")


def coach_pass_fewest(cards: Iterable[Card]) -> str:
    """The coach's reveal of the pass its simulations rate best when it is not the one its rules of thumb pick."""
    return f"The coach would pass {cards_phrase(cards)}: it gives you the fewest expected points here."


def reason_pass_high_with_queen(cards: list[Card], direction: str = "left", form: PassForm = "alone") -> str:
    one = len(cards) == 1
    it, they = ("it", "it") if one else ("them", "they")
    if direction == "right":
        where = ("passing right, her new holder plays just before you on most spade tricks, so the danger is "
                 f"smaller than after a pass to the left, but on a spade trick you lead she plays last and can be "
                 f"dropped on {it}")
    else:
        where = f"her new holder will often play after you on a spade trick, and she can be dropped on {it}"
    head = f"Pass {cards_phrase(cards)} too" if form == "alone" else _pass_head(cards, form)
    return f"{head}: with few spades to play under {it}, {they} may have to win a spade trick; {where}."


def reason_pass_moon(cards: list[Card], rules: Rules, form: PassForm = "alone", *,
                     losers: Sequence[Card] | None = None) -> str:
    """A moon try's pass. ``losers``: the passed cards another player can beat (None: all of them); the rest are
    winners the moon needs least (when none can be beaten, every heart is kept if no heart goes)."""
    losing = list(cards) if losers is None else [c for c in cards if c in losers]
    spares = [c for c in cards if c not in losing]
    if not spares:
        why = "cards that can lose a trick, and hearts that can most of all, are what ruin a moon."
    elif not losing:
        keep = "" if any(suit_of(c) == HEARTS for c in cards) else ", and keep every heart"
        why = f"no other player holds a card that beats one of yours, so pass the winners the moon needs least{keep}."
    else:
        verb = "is the winner" if len(spares) == 1 else "are the winners"
        why = (f"{cards_phrase(losing)} can lose a trick, and a trick lost (a heart trick most of all) ruins a "
               f"moon; {cards_phrase(spares)} {verb} the moon needs least.")
    if form == "alone":
        return f"This hand can try {shoot(rules)}. Pass {cards_phrase(cards)}: {why}"
    return f"{_pass_head(cards, form)}: this hand can try {shoot(rules)}, and {why}"


def reason_pass_moon_try(rules: Rules, hearts: list[Card], side: list[Card], rest: list[Card]) -> str:
    """A moon try's pass (coach/moon_reasons.py fills {}, when hearts go, with how many hearts above the highest
    passed heart are out): the hearts that can lose a heart trick first, then the other cards that can lose a trick."""
    one = len(hearts) == 1
    out = (f"This hand can try {shoot(rules)}: pass the cards that can lose a trick, and keep the high cards that "
           "win tricks.")
    if hearts:
        out += (f" {cap(cards_phrase(hearts))} most of all: {{}}, so {'it' if one else 'each of them'} can lose a "
                "heart trick, and one heart taken by another player ruins the moon.")
    if side:
        out += (f" {cap(cards_phrase(side))} can lose a trick{' too' if hearts else ''}, and a player out of the "
                "suit led can throw a heart on a trick you lose.")
    if rest:
        out += (f" {cap(cards_phrase(rest))} {'goes' if len(rest) == 1 else 'go'} too: over many simulated deals "
                "this pass cost you the fewest points.")
    return out


# ----- the hand's danger cards (coach/dangers.py) -----

def danger_unguarded_queen(others: list[Card]) -> str:
    which = f" ({cards_phrase(others)})" if others else ""
    return (f"The queen of spades (13 points) with {_other_spades(len(others))}{which}: other players lead spades "
            "to force her out, and without three spades lower than her (or four others) to play first she is "
            "likely to win a trick for you.")


def danger_high_spade(c: Card, lower: int, holds_queen: bool) -> str:
    """``lower``: the spades below the queen held (the ones that can be played under a spade lead)."""
    few = (f"only {count_word(lower)} spade{'' if lower == 1 else 's'} lower than the queen" if lower
           else "no spade lower than the queen")
    if holds_queen:
        return (f"{cap(card_name(c))} with {few}: if the queen of spades leaves in your pass, {card_name(c)} "
                "could win the spade trick she is thrown on.")
    return (f"{cap(card_name(c))} with {few}: when spades are led you may have to win the trick, and the queen "
            "of spades (13 points) can be thrown on it.")


def danger_high_short_suit(c: Card, others: int) -> str:
    suit = SUIT_NAMES[suit_of(c)]
    few = f"only one other {suit[:-1]}" if others else f"no other {suit[:-1]}"
    return (f"{cap(card_name(c))} with {few}: you will soon have to play it on a {suit[:-1]} trick, and if it "
            f"wins one after a player has run out of {suit}, points can be thrown on it.")


def danger_high_heart(c: Card) -> str:
    return (f"{cap(card_name(c))} with no low heart (2 to 6) to play instead: it is likely to win a heart trick, "
            "and every heart trick carries points.")


# ----- mid-range cards in play -----

def midrange_intro(c: Card) -> str:
    return (f"{cap(card_name(c))} is {MIDRANGE}: too high to stay under the other players' cards, "
            "too low to be sure of winning.")


def midrange_opponent_void(c: Card, who: str) -> str:
    return (f"{midrange_intro(c)} {cap(who)} has run out of {suit_name(suit_of(c))}, so if it wins a "
            f"{suit_name(suit_of(c))[:-1]} trick, points can be thrown on it.")


def midrange_led_often(c: Card, times: int) -> str:
    return (f"{midrange_intro(c)} {cap(suit_name(suit_of(c)))} have been led {count_word(times)} times already; "
            "the next time someone is likely to be out of them and throw points on the trick.")


def midrange_heart(c: Card) -> str:
    return f"{midrange_intro(c)} A heart trick always carries points, and {card_name(c)} may end up winning one."


def midrange_no_cover(c: Card) -> str:
    return (f"{midrange_intro(c)} You have no lower {suit_name(suit_of(c))[:-1]} to play under the others, "
            "so get rid of it while everybody still has to follow suit.")


# ----- tutor warnings (before a move is committed) -----

def warn_high_spade_queen_out(c: Card, lower_spade: bool = True) -> str:
    safer = "A lower spade is safer." if lower_spade else "Another card is safer."
    return (f"Careful: the queen of spades has not been played yet. {cap(card_name(c))} would win this spade "
            f"trick, and a player still to play could drop the queen on it (13 points). {safer}")


def warn_takes_points(c: Card, points: int, safe: list[Card]) -> str:
    alt = f" {cap(cards_phrase(safe[:2]))} would not." if safe else ""
    return f"Careful: {card_name(c)} wins this trick and its {points} point{'s' if points != 1 else ''}.{alt}"


def warn_breaks_hearts(c: Card) -> str:
    return (f"Throwing {card_name(c)} now breaks hearts (after that anyone may lead hearts). Low hearts are your "
            "safest cards later in the hand; a card of another suit would be a better throw-away now.")


def warn_breaks_hearts_own(c: Card) -> str:
    return (f"Careful: {card_name(c)} breaks hearts (after that anyone may lead hearts), and you would win this "
            "trick yourself, taking the point.")


def warn_moon_stopper(c: Card, who: str | None, rules: Rules, heart_out: bool = True, shooter: str | None = None
                      ) -> str:
    """``who``: the seat that may be shooting the moon (None: the words around have already said so; ``shooter``
    then names it where needed); ``heart_out``: another hand may still hold a heart, so ``c`` can still win a heart
    trick. When none is out, it stops the moon on any trick the shooter does not win (led, it wins its own)."""
    if heart_out:
        keep = f"{card_name(c)} is your last high heart; keep it to win a heart trick and stop the moon."
    else:
        shooter = who or shooter or "the shooter"
        keep = (f"no other heart is still out, so {card_name(c)} stops the moon on any trick {shooter} does not "
                "win: lead it if you get the lead, or throw it on a trick another player wins.")
    if who is None:
        return f"Careful: {keep}"
    return f"Careful: {who} has taken every point so far and may be {shoot(rules)}. {cap(keep)}"


# ----- hints -----

MOON_CHOICE_HINTS = {
    "wins": "Add 26 to every other player: that ends the game now, with you on the lowest score.",
    "ties": "Add 26 to every other player: that ends the game now with you sharing the lowest score (a shared "
            "win), worth more here than playing on level with the lowest after taking 26 off your own score.",
    "ties_play_on": "Take 26 off your own score: adding 26 to the others would end the game now with you only "
                    "sharing the lowest score (a shared win); taking it off your own keeps the game going with you "
                    "level with the lowest, and that is worth more here.",
    "ends_behind": "Take 26 off your own score: adding it to the others would end the game now with another "
                   "player below you.",
    "leads": "Add 26 to every other player: you will have the lowest score, and that brings the end of the game "
             "closer while you have it (either way you end 26 points better off against everyone).",
    "behind": "Take 26 off your own score: you will not have the lowest score yet, and adding to the others would "
              "bring the end of the game closer before you catch up (either way you end 26 points better off "
              "against everyone).",
    "no_end": "Either way you end 26 points better off against everyone, and the end of the game does not "
              "move: take 26 off your own score.",
}
"""The coach's hint for scoring a moon the learner shot, by :func:`~hearts_tutor.bots.rollout_moon.moon_choice`'s
reason."""


def hint_moon_choice(why: str) -> str:
    """The hint for scoring one's moon, for a reason of :func:`~hearts_tutor.bots.rollout_moon.moon_choice`."""
    return MOON_CHOICE_HINTS[why]


def hint_only_card(c: Card) -> str:
    return f"Play {card_name(c)}: it is your only legal card."


def hint_duck(c: Card, winner: Card) -> str:
    return f"Play {card_name(c)}: it stays under {card_name(winner)}, so you do not take this trick."


def hint_duck_higher(c: Card, lower: Card, winner: Card, points: int = 0, taker: str | None = None) -> str:
    """``c`` and ``lower`` both stay under ``winner``: shed the higher one now (``points``: what ``c`` gives the
    trick's winner more than ``lower`` would, said when above 0: the queen of spades over a lower spade; ``taker``:
    who takes the trick, where that is known already)."""
    if points > 0:
        queen = c == QUEEN_OF_SPADES
        its = f"{'her' if queen else 'its'} {points} point{'' if points == 1 else 's'}"
        return (f"Play {card_name(c)}: {'she stays' if queen else 'it stays'} under {card_name(winner)}, so "
                f"{taker or 'whoever wins this trick'} takes {its}, not you; get rid of {'her' if queen else 'it'} "
                f"while it is safe and keep {card_name(lower)} to duck a later trick.")
    return (f"Play {card_name(c)}: it stays under {card_name(winner)}, as {card_name(lower)} would; get rid of the "
            f"higher card while it is safe and keep {card_name(lower)} to duck a later trick.")


def duck_cancel_safe(c: Card, winner: Card, anchor: Card, tempting: Card | None) -> str:
    """Two decks: ``c`` stays under ``winner``, whose other copy is out ({}), and under ``anchor`` ({}), which
    nothing can cancel ({}); ``tempting``, if given, is above ``anchor``."""
    then = (f" {cap(card_name(tempting))} would beat {card_name(anchor)} and could take the trick then."
            if tempting is not None else "")
    return (f"Play {card_name(c)}: it stays under {card_name(winner)}. {{}}, and if it falls on this trick the two "
            f"cancel, but {{}}, which nothing can cancel ({{}}): you do not take this trick.{then}")


def duck_cancel_open(c: Card, winner: Card, surer: Card | None = None, rated_same: bool = False) -> str:
    """Two decks: ``c`` stays under ``winner``, whose other copy is out ({}) and could cancel it. ``surer``: a
    card of this hand whose other copy lies in the trick: played, the two cancel, so it can never win the trick
    (the surer duck, named so ``c`` is not taken for the only safe card). ``rated_same``: the coach accepts
    ``surer`` too, so both are named as the answer (the words must not call the other card better than the
    answer)."""
    if surer is not None and rated_same:
        return (f"Play {card_name(c)} or {card_name(surer)}: both stay under {card_name(winner)}, and the coach "
                f"rates them about the same. {{}}, and only if it falls on this trick and the two cancel could "
                f"{card_name(c)} win it; {card_name(surer)} is surer still: with the other "
                f"{card_name(surer).removeprefix('the ')} already in this trick, the two would cancel, so it can "
                "never win this trick.")
    out = (f"Play {card_name(c)}: it stays under {card_name(winner)}; {{}}, and only if it falls on this trick "
           "and the two cancel could this trick come to you.")
    if surer is not None:
        out += (f" {cap(card_name(surer))} is surer still: with the other {card_name(surer).removeprefix('the ')} "
                "already in this trick, the two would cancel, so it can never win it.")
    return out


def hint_discard(c: Card, suit: int, jack_points: int = 0) -> str:
    """Throw away ``c`` (out of ``suit``); ``jack_points``: what the jack of diamonds scores in these rules (a
    scoring jack is no dangerous card: thrown, it takes its points off the trick winner's score)."""
    if c == JACK_OF_DIAMONDS and jack_points:
        return (f"Throw away the jack of diamonds: you are out of {suit_name(suit)}, so you may play any card; the "
                f"jack takes {-jack_points} points off the score of whoever wins this trick, and the coach's "
                "simulations find that costs you less than your other cards would.")
    if rank_of(c) < 5:  # 2 to 6: not a card anyone fears
        return (f"Throw away {card_name(c)}: you are out of {suit_name(suit)}, so you may play any card, and "
                "your other cards are worth more to you for later.")
    return (f"Throw away {card_name(c)}: you are out of {suit_name(suit)}, so this is a free chance to get rid "
            "of a dangerous card.")


def hint_discard_points(c: Card, suit: int, taker: str | None = None, points: int = 0,
                        keep: Card | None = None) -> str:
    """Throw the point card ``c`` (out of ``suit``, worth ``points``); ``taker``: who takes this trick, where that
    is known already (the learner is last to play), named instead of 'whoever wins it'; ``keep``: a lower card of
    ``c``'s suit that would go the same way, kept to duck a later trick."""
    kept = (f"; throw the higher {SUIT_NAMES[suit_of(c)][:-1]} while it costs you no points and keep {card_name(keep)} "
            f"to duck a later {SUIT_NAMES[suit_of(c)][:-1]} trick" if keep is not None else "")
    if taker is not None:
        its = "its point goes" if points == 1 else f"its {points} points go"
        return (f"Throw {card_name(c)} on this trick: you are out of {suit_name(suit)}, and {taker} takes it, so "
                f"{its} to them, not to you{kept}.")
    return (f"Throw {card_name(c)} on this trick: you are out of {suit_name(suit)}, so the points go to "
            f"whoever wins it{kept}.")


def hint_flush_queen(c: Card) -> str:
    return (f"Lead {card_name(c)}: the queen of spades has not been played yet, and with no ace or king of spades "
            "of your own, leading spades lower than her again and again forces her out (\"flushing\" her); "
            f"{card_name(c)} can never win the trick she lands on.")


def hint_win_safely(c: Card) -> str:
    return (f"Play {card_name(c)}: you are last to play and there are no points in this trick, so winning it "
            "with a high card is free and gets that card out of your hand.")


def hint_win_cheapest(c: Card, own: int, tempting: Card | None = None, theirs: int = 0, last: bool = True) -> str:
    """Every legal card surely wins the trick (``last`` to play, else no higher card of the suit is out): win it
    with ``c``, the card adding the fewest points of its own (``own``); ``tempting`` would add ``theirs``."""
    adds = "adds no points of its own" if own == 0 else f"adds the fewest points of its own ({own})"
    also = f"; {card_name(tempting)} would add {theirs}" if tempting is not None and theirs > own else ""
    why = "you are last to play and every card you can play wins this trick" if last else \
        "every card you can play wins this trick, as no card that could beat it is still out"
    return f"Play {card_name(c)}: {why}, so win it with the one that {adds}{also}."


def hint_any_card(c: Card, expected: float, verb: str = "Play", others: int = 2) -> str:
    """Every legal card comes out the same in the coach's play-outs (about ``expected`` points); ``others``: how many
    other legal cards there are."""
    other = "the other card" if others == 1 else "any other card"
    every = "both cards you can play give" if others == 1 else "every card you can play gives"
    return (f"{verb} {card_name(c)}, or {other}: in the coach's play-outs {every} you the same "
            f"({points_phrase(expected)} this hand), so here the choice makes no difference.")


def feedback_more_points(extra: float) -> str:
    """Said before the coach's move is revealed: the learner's card also takes more points (``extra``) on average."""
    if extra < 0.5:  # within the play-outs' noise
        return "It takes about as many points this hand as the coach's choice; what it loses is the chance to win."
    return f"It also takes {points_phrase(extra)} more than the coach's choice this hand, on average."


def hint_close(c: Card, other: Card, mine: float, theirs: float, verb: str = "Play") -> str:
    """No one fact of the position decides, and the next card does little worse (``mine``, ``theirs``: expected
    points): say there is little between the two rather than give a reason."""
    return (f"{verb} {card_name(c)}: in the coach's play-outs it gives you {points_phrase(mine)} this hand and "
            f"{card_name(other)}, the next best, {points_phrase(theirs).removeprefix('about ')}: there is little to "
            "choose between those two.")


def as_good(cards: Sequence[Card]) -> str:
    """Said after a hint's reason: the other cards that came out the same in the coach's play-outs."""
    names = join_words([card_name(c) for c in cards])
    return f"{cap(names)} {'does' if len(cards) == 1 else 'do'} as well in the coach's play-outs."


def hint_win_bonus(c: Card, points: int) -> str:
    return (f"Play {card_name(c)}: you are last to play and this trick holds the jack of diamonds, so winning "
            f"it takes {-points} point{'' if points == -1 else 's'} off your score.")


def hint_lead_low(c: Card) -> str:
    return f"Lead {card_name(c)}: a low card is unlikely to win the trick, so others take it."


def hint_stop_moon(c: Card, who: str, rules: Rules) -> str:
    return (f"Take this trick with {card_name(c)}: {who} has taken every point so far and may be {shoot(rules)}; "
            f"one trick with points won by anyone but {who} stops it.")


def hint_points_elsewhere(c: Card, who: str, taker: str, rules: Rules, last: bool) -> str:
    keeps = "" if last else f", if {taker} keeps this trick"
    return (f"Play {card_name(c)}: {who} has taken every point so far and may be {shoot(rules)}; {card_name(c)} "
            f"goes to {taker}{keeps}, and a point won by anyone but {who} stops the moon.")


def hint_lead_against_moon(c: Card, who: str, rules: Rules, take: bool = False) -> str:
    verb = f"Take the lead with {card_name(c)}" if take else f"Lead {card_name(c)}"
    return (f"{verb}: {who} has taken every point so far and may be {shoot(rules)}; one trick with points won by "
            f"anyone but {who} stops it.")


def hint_moon_watch(c: Card, who: str, rules: Rules) -> str:
    return (f"Play {card_name(c)}: {who} has taken every point so far and may be {shoot(rules)}. Keep your high "
            "cards to win a trick with points later, and give the shooter no more points than you must.")


def hint_shooting(c: Card, rules: Rules, started: bool = True, verb: str = "Play") -> str:
    goal = f"take {moon_goal(rules)}"
    if not started:  # nobody has taken a point yet
        return f"{verb} {card_name(c)}: your cards are strong enough to try for the moon ({goal})."
    return (f"{verb} {card_name(c)}: you have taken every point so far and your cards are strong, so keep "
            f"going for the moon ({goal}).")


def hint_keep_shooting(c: Card, rules: Rules, verb: str = "Play") -> str:
    return f"{verb} {card_name(c)} and keep going for the moon (take {moon_goal(rules)})."


GENERIC = "when the coach plays the rest of the hand out many times"
"""The words of the coach's fallback reason, said only when no fact separates the answer from the temptation."""


def hint_generic(c: Card, verb: str = "Play") -> str:
    return f"{verb} {card_name(c)}: {GENERIC}, this card gives you the fewest points."


def hint_expectation(x: float) -> str:
    return f"With it the coach expects you to score {points_phrase(x)} this hand."


def tempting_no_void() -> str:
    """Said of a tempting pass that empties no suit, where the answer empties one (its words say which)."""
    return "That pass empties no suit, so it leaves you no void to throw dangerous cards on."


def tempting_keeps_lone_high(c: Card, decks: int = 1) -> str:
    """A puzzle's tempting pass keeps the high heart ``c`` (one the answer passes) as the hand's only heart. With
    one deck the ace surely wins the heart trick it must be played on (the king, or an ace with two decks, may);
    the lone ace stops a moon too, which lesson 2 teaches, so the words say why it goes anyway."""
    head = (f"That pass keeps {card_name(c)} as your only heart: still held when hearts are first led, it has to "
            "be played")
    if decks == 1 and rank_of(c) == ACE:
        return (f"{head}, and it wins that trick, with the points in it (a lone ace of hearts does stop a moon, but "
                "in this hand the simulations find passing it better).")
    return f"{head}, and it may win that trick, with the points in it."


def answer_keeps_long_hearts(hearts: list[Card], count: int) -> str:
    """The answer keeps ``hearts`` (high hearts the tempting pass gives away) in a hand of ``count`` hearts."""
    one = len(hearts) == 1
    return (f"{cap(cards_phrase(hearts))} {'stays' if one else 'stay'}: with {count_word(count)} hearts you will "
            f"take heart tricks anyway, and passing {'it' if one else 'them'} would not change that.")


def temptation_flag(reason: str) -> str:
    """A pass flag said of the tempting pass rather than of the learner's own ("You kept" -> "That pass keeps"),
    so a puzzle's explanation does not contradict a learner who answered right.

    >>> temptation_flag("You passed the 2 of hearts but kept the queen of spades.")
    'That pass gives away the 2 of hearts but keeps the queen of spades.'
    """
    out = re.sub(r"\bYou passed (.*?) (but|and) kept\b", r"That pass gives away \1 \2 keeps", reason)
    out = re.sub(r"\bYou passed\b", "That pass gives away", out)
    out = re.sub(r"\bYou kept\b", "That pass keeps", out)
    return re.sub(r"\bYou could have made yourself\b", "Another pass could have made you", out)


# ----- reasons from facts (coach/reasons.py fills each {} with a fact's words) -----

def reason_queen_catch(b: Card, t: Card, certain: bool = True) -> str:
    """{} the queen is live, and {} higher spades out (``certain``: none, so ``t`` would surely win her trick)."""
    would = "would" if certain else "could"
    return (f"Lead {card_name(b)}, not {card_name(t)}: {{}}, and {{}}, so {card_name(t)} {would} win the spade "
            "trick she can be thrown on.")


def reason_lead_queen(higher: int = 2) -> str:
    """{} the ``higher`` spades above her still out."""
    them = "one of them" if higher > 1 else "it"
    return (f"Lead the queen of spades: {{}}, so a player holding {them} with no lower spade has to win her "
            "(13 points).")


def reason_nobody_follows(b: Card, t: Card, lose: bool) -> str:
    tail = (f", while {{}}, so {card_name(b)} can lose the trick." if lose
            else f"; {card_name(b)} makes the others follow suit.")
    return (f"Lead {card_name(b)}: {{}}, so {card_name(t)} would win the trick and everyone else could throw points "
            f"on it{tail}")


def reason_boss_now(b: Card) -> str:
    """{} nothing higher out, {} the suit's cards out; said only while a point card of another suit is still out
    in another hand, so players out of the suit can throw points on a later trick of it."""
    suit = SUIT_NAMES[suit_of(b)]
    return (f"Lead {card_name(b)} now: {{}}, so it wins any {suit[:-1]} trick you play it on, and {{}}; the fewer "
            f"{suit} are left, the likelier a later {suit[:-1]} trick is one that players out of {suit} throw points "
            "on.")


def reason_lead_boss_jack(points: int) -> str:
    """The jack of diamonds (scoring ``points``, -10) led when nothing above it is out ({}): it wins its trick."""
    return (f"Lead the jack of diamonds now: {{}}, so it wins the trick, and in these rules whoever wins it takes "
            f"{-points} points off their score.")


def reason_moon_lead(b: Card, rules: Rules, queen: bool) -> str:
    """{} you took every point, {} ``b`` unbeaten, {} hearts out (``queen``: the queen of spades is in your hand)."""
    held = " and hold the queen of spades" if queen else ""
    return (f"Lead {card_name(b)} now: {{}}{held}, so {shoot(rules)} may be in reach; {{}}, so it wins the trick, "
            "and everyone still holding a heart must follow with one ({}).")


def jack_lost(points: int) -> str:
    """Said after a reason to lead the scoring jack of diamonds that can lose its trick."""
    return f"; if it does, whoever wins that trick gets the {-points} points off their score instead of you."


def reason_void_lead(b: Card, t: Card) -> str:
    return (f"Lead {card_name(b)}: {{}}, so a {SUIT_NAMES[suit_of(t)][:-1]} lead lets them throw points on the "
            f"trick, while {{}}.")


def reason_lead_to_last_card(b: Card, t: Card, last: Card) -> str:
    """``last``, above ``b``, is the only card of ``b``'s suit still out, so its holder must win ``b``'s trick;
    ``t`` cannot be beaten ({}), so led it wins, and ``last`` may be thrown on it."""
    return (f"Lead {card_name(b)}: {only_one_out(last)}, so its holder must take this "
            f"trick; {{}}, so led now it would win the trick, and {card_name(last)} may be thrown on it.")


def only_one_out(c: Card) -> str:
    """'the ace of hearts is the only heart still out' (read back by the facts checker)."""
    return f"{card_name(c)} is the only {SUIT_NAMES[suit_of(c)][:-1]} still out"


def reason_lead_loses(b: Card, t: Card, sure: bool = False) -> str:
    """{} ``t`` unbeaten, {} cards above ``b`` out (``sure``: {} the one card out of its suit, above it, so ``b``
    surely loses the trick)."""
    return (f"Lead {card_name(b)}: {{}}, so it would win the trick, while {{}}, so {card_name(b)} "
            f"{'will' if sure else 'can'} lose it.")


def reason_cash_winner(b: Card) -> str:
    return (f"Lead {card_name(b)} now: {{}} and {{}}, so it wins the trick, most likely while the others still "
            "follow suit; "
            f"kept for later, it could win a {SUIT_NAMES[suit_of(b)][:-1]} trick that someone out of the suit "
            "throws points on.")


def reason_lower_same_suit(b: Card) -> str:
    return f"Lead {card_name(b)}: {{}}, and {{}}, so it is the less likely to win the trick."


def reason_keep_low_exit(b: Card, t: Card) -> str:
    return (f"Lead {card_name(b)} and keep {card_name(t)}: {{}}, so it can lose the trick now, and a low "
            f"{SUIT_NAMES[suit_of(t)][:-1]} is worth more late in the hand, when it lets you stay under the others.")


def reason_more_above(b: Card) -> str:
    return f"Lead {card_name(b)}: {{}}, while only {{}}, so {card_name(b)} is the less likely to win the trick."


def reason_last_of_suit(b: Card, suit: int) -> str:
    return (f"Lead {card_name(b)}: {{}}; once you are out of {SUIT_NAMES[suit]} you may throw away a dangerous "
            f"card whenever {SUIT_NAMES[suit]} are led.")


def reason_take_lead_from_shooter(b: Card, rules: Rules, *, tempting_stays_under: bool) -> str:
    """{} took every point, {} winning the trick, {} beats so far[, {} stays under]."""
    under = "; {}, which leaves them on lead" if tempting_stays_under else ""
    return (f"Play {card_name(b)}: {{}} and may be {shoot(rules)}, and {{}}. {{}}, so the lead leaves them: a shooter "
            f"left on lead can go on cashing winners{under}.")


def reason_keep_from_shooter(b: Card, t: Card, suit: int, rules: Rules, *, last: bool, completes: bool = False,
                             unbeaten: bool = False) -> str:
    """Don't feed a shooter: {} winning the trick (``t`` is the card that would feed them; ``completes``: ``t`` is
    the only point card they have not taken, so on their trick it gives them the moon outright; ``unbeaten``: {}
    no card still out can beat their card, so they win this trick for certain)."""
    sure = last or unbeaten
    why = ", and {}" if unbeaten and not last else ""
    head = (f"Throw away {card_name(b)} (you are out of {suit_name(suit)}): {{}} and has taken every point so far"
            f"{why}, so {card_name(t)} on this trick {'would' if sure else 'could'}")
    if completes:
        return f"{head} let them finish {shoot(rules)}: it is the only point card they have not taken yet."
    return f"{head} help them toward {shoot(rules)}."


def reason_keep_stopper(b: Card, t: Card, winner: Card, rules: Rules, *, lower_out: bool) -> str:
    """Both cards stay under a shooter's trick: {} took every point, {} above ``t``[, {} above ``b``]."""
    lower = ", while {}" if lower_out else ""
    return (f"Play {card_name(b)} and keep {card_name(t)}: {{}} and may be {shoot(rules)}; both cards stay under "
            f"{card_name(winner)}, but {{}}{lower}, so {card_name(t)} is the card that can win a later heart trick "
            "and stop the moon.")


def reason_keep_jack(b: Card, winner: Card, points: int) -> str:
    """Both cards stay under the winner, the tempting one the jack of diamonds."""
    return (f"Play {card_name(b)}: it stays under {card_name(winner)}, and so does the jack of diamonds, but the "
            f"jack would take {-points} points off the score of whoever wins this trick; keep it for a trick you win "
            "yourself.")


def reason_keep_jack_catcher(b: Card, t: Card, winner: Card, points: int) -> str:
    """Both cards stay under the winner; ``t`` is above the jack of diamonds, which is still out ({})."""
    return (f"Play {card_name(b)} and keep {card_name(t)}: both stay under {card_name(winner)}, but {{}}, and "
            f"{card_name(t)} can win the trick it falls on, taking {-points} points off your score.")


def _may_land(price: str | None, seats: int = 1) -> str:
    """', but {} (a seat still to play has shown out of the suit) and plays after you, so a heart may still land on
    it' when ``price`` (what they may throw) is given (one {} for all such seats: 'the players on your left and
    across from you have both shown out of clubs'); else nothing."""
    if not price:
        return ""
    if seats == 1:
        return f", but {{}} and plays after you, so {price} may still land on it"
    return f", but {{}} and play after you, so {price} may still land on it"  # {} names them all at once


def reason_take_cheap_trick(b: Card, t: Card, price: str | None = None, seats: int = 1,
                            jack_points: int = 0, t_points: int = 0) -> str:
    """{} no points, {} beats so far[, {} a seat after shown out], {} higher out (``price``: what that seat may
    throw on the trick). ``jack_points``: the jack of diamonds scores that (-10) and ``b``, a diamond above it,
    can win it on this trick ({} it is still out). ``t_points``: ``t`` would win the trick too and bring that many
    points of its own into it (the queen of spades: 13)."""
    cheap = "; even so, this is a good moment" if price else ", so this is a cheap moment"
    above = "" if rank_of(b) == ACE else " ({})"  # nothing is higher, no need to say so
    jack = (f"; {{}}, and {card_name(b)} can win it ({-jack_points} points off your score) if it falls on this "
            "trick" if jack_points else "")
    if t_points > 0:
        own = "her own 13 points" if t == QUEEN_OF_SPADES and t_points == 13 else \
            f"its own {t_points} point{'' if t_points == 1 else 's'}"
        return (f"Play {card_name(b)}: {{}} and {{}}{_may_land(price, seats)}{cheap} to get rid of it{above}{jack}; "
                f"{card_name(t)} would win this trick too, and take {own} with it.")
    return (f"Play {card_name(b)}: {{}} and {{}}{_may_land(price, seats)}{cheap} to get rid of it{above}{jack}; "
            f"{card_name(t)} would keep it in your hand to win a later trick, perhaps with points in it.")


def reason_win_jack(t: Card, points: int, price: str | None = None, seats: int = 1, beaten_by: Card | None = None
                    ) -> str:
    """Play the jack of diamonds (where it scores ``points``, -10) to win it: {} no points, {} beats so far[, {} a
    seat after shown out], then {} the diamonds above it still out (``beaten_by``: instead, the only one, named).
    Never 'get rid of' it: the jack is a card to win."""
    if price in ("a heart", "hearts"):  # a point or two: less than the jack is worth
        land = f"{_may_land(price, seats)}, which costs far less than the {-points} points the jack takes off"
    else:
        land = _may_land(price, seats)
    beat = f"only {card_name(beaten_by)}, still out, can beat it" if beaten_by is not None else "{}"
    return (f"Play the jack of diamonds: in these rules whoever wins it takes {-points} points off their score. "
            f"{{}} and {{}}{land}, and {beat}; {card_name(t)} would give up this chance to win it.")


def reason_jack_under(b: Card, points: int) -> str:
    """``b`` wins a pointless trick ({} no points, {} beats so far) where the jack of diamonds, the tempting card,
    would stay under the winner so far ({}) and hand its ``points`` (-10) to whoever wins the trick."""
    return (f"Play {card_name(b)}: {{}} and {{}}, while {{}}, so played here the jack would take {-points} points "
            "off the score of whoever wins this trick; keep it for a trick you win yourself.")


def reason_high_spade_behind_queen(b: Card, t: Card, higher: int = 0, also: Card | None = None,
                                   price: str | None = None, seats: int = 1) -> str:
    """A high spade wins a pointless spade trick after the queen's holder has played to it: {} holder played,
    {} no points. ``higher``: the spades above ``b`` still out; ``also``: the other of the ace and king when this
    hand holds it too (the next high spade to play the same way); ``price``: what a seat still to play that
    has shown out of spades may throw on the trick ({} that seat shown out).

    >>> from hearts_tutor.engine.cards import parse_card
    >>> reason_high_spade_behind_queen(parse_card("KS"), parse_card("3S"), higher=1).split("(")[1]
    'only the ace of spades, still out, could beat it); the 3 of spades would keep it in your hand.'
    """
    if also is not None:
        why = (f" (you hold {card_name(also)} too: play it the same way later, on a spade trick her holder has "
               "already played to without her)")
    elif rank_of(b) == ACE:  # nothing is higher, no need to say so
        why = ""
    elif higher == 1 and rank_of(b) == KING:  # the ace still out
        why = " (only the ace of spades, still out, could beat it)"
    elif higher:
        why = f" ({count_word(higher)} higher spades are still out)"
    else:
        why = f" (no spade higher than {card_name(b)} is still out)"
    return (f"Play {card_name(b)}: {{}}, so she cannot fall on {card_name(b)} now, and "
            f"{{}}{_may_land(price, seats)}. Kept, "
            f"{card_name(b)} could win a later spade trick with the queen on it{why}; {card_name(t)} would keep "
            "it in your hand.")


def reason_take_now(b: Card, suit: int, certain: bool, thrown: bool = True) -> str:
    """{} trick points, but {} higher cards out (``certain``: none, so it surely wins a trick of its suit;
    ``thrown``: a point card of another suit is still out in another hand, which a player out of the suit could
    throw on a later trick of it; else that is not said)."""
    will = "will win" if certain else "will likely win"
    own = ", and you take her 13 points when she does" if b == QUEEN_OF_SPADES else ""  # (the queen takes herself)
    head = f"Play {card_name(b)}: {{}}, but {{}}, so {card_name(b)} {will} a {SUIT_NAMES[suit][:-1]} trick anyway{own}"
    if not thrown:
        return f"{head}."
    return f"{head}; better now than later, when a player out of {SUIT_NAMES[suit]} can throw more points on it."


def reason_may_be_overtaken(b: Card, t: Card) -> str:
    return (f"Play {card_name(b)}: {{}}, but {{}} and {{}}, so it may yet be overtaken; {card_name(t)} would "
            "be more likely to keep the trick.")


# ----- more reasons from facts (coach/more_reasons.py fills each {} with a fact's words) -----

def reason_cancel_queen(t: Card) -> str:
    """Two decks: {} the other queen of spades lies in this trick, so this seat's queen cancels with her."""
    return ("Play the queen of spades: {}, so the two cancel and yours cannot win this trick: a chance to get rid of "
            f"her without winning it; {card_name(t)} would keep her in your hand.")


def reason_cancel_twin(b: Card) -> str:
    """Two decks: {} the other copy of ``b`` lies in this trick, while {} the tempting card beats so far."""
    return f"Play {card_name(b)}: {{}}, so the two cancel and yours cannot win this trick, while {{}}."


def reason_twin_may_cancel(b: Card, t: Card) -> str:
    """Two decks, both cards beat the trick so far: {} its points, {} ``b`` beats so far, {} ``b``'s other copy is
    out; ``t`` cannot be beaten ({}) nor cancelled ({} both copies held)."""
    suit = SUIT_NAMES[suit_of(b)][:-1]
    return (f"Play {card_name(b)}: {{}}; {{}}, and so does {card_name(t)}. But {{}}: a player after you who holds "
            f"it could cancel yours, and the trick would then go to the highest other {suit}, not to you. "
            f"{cap(card_name(t))} would take the points for sure: {{}}, and {{}}, so nothing can cancel it.")


def reason_take_it_high(b: Card, t: Card, sure: bool, can_duck: bool = False) -> str:
    """Both cards beat the trick so far and ``b`` is the higher. ``sure``: {} ``t`` beats so far, {} no one after
    can follow suit (last to play, or shown out), so the trick is taken either way (``can_duck``: another legal
    card would stay under it, so 'either of them', not 'whichever you play'); else {} nothing out beats ``b`` and
    {} ``t`` beats so far. Then {} the cards still out above ``t``."""
    suit = SUIT_NAMES[suit_of(b)][:-1]
    keep = (f"Take it with the {RANK_NAMES[rank_of(b)]} and keep the {RANK_NAMES[rank_of(t)]}: {{}}, so it can "
            f"still lose a later {suit} trick.")
    if sure:
        which = "with either of them" if can_duck else "whichever you play"
        return f"Play {card_name(b)}: {{}} as well, and {{}}, so you take this trick {which}. {keep}"
    return (f"Play {card_name(b)}: {{}}, so it wins this trick for sure, and {{}} too, so it is no sure duck "
            f"either. {keep}")


def reason_flush_last_spade(b: Card, points: int) -> str:
    """{} the queen of spades is the only spade out: her holder must play her on a spade lead, and she beats
    ``b``."""
    return (f"Lead {card_name(b)}: {{}}, so whoever holds her must play her on this trick, and she beats "
            f"{card_name(b)}: her holder wins the trick and takes her {points} points.")


def reason_keep_guard(b: Card, t: Card, wins: bool) -> str:
    """``t`` is {} the only spade below the queen this hand holds (``wins``: {} nothing above her is out, so she
    would win the spade trick she is forced onto)."""
    tail = ", and {}, so she would win that trick" if wins else ""
    return (f"Lead {card_name(b)} and keep {card_name(t)}: {{}}; without it, a spade led by another player would "
            f"make you play the queen{tail}.")


def reason_void_lead_could_win(b: Card, t: Card, queen: bool, b_loses: bool) -> str:
    """{} a seat has shown out of ``t``'s suit (``queen``: the seat this hand passed the queen to), {} cards below
    ``t`` still out, so ``t`` could win the trick they throw on; then {} no one shown out of ``b``'s suit or
    (``b_loses``) {} no card below ``b`` out, so ``b`` cannot win."""
    tail = f", so {card_name(b)} cannot win its trick" if b_loses else ""
    return (f"Lead {card_name(b)}: {{}}, so a {SUIT_NAMES[suit_of(t)][:-1]} lead lets them throw "
            f"{'her' if queen else 'points'} on the trick, and {{}}, so {card_name(t)} could win it, while "
            f"{{}}{tail}.")


# ----- grading -----

BAND_WORDS = {
    "best": "Best move.",
    "good": "Good move.",
    "inaccuracy": "An inaccuracy.",
    "mistake": "A mistake.",
    "blunder": "A blunder.",
}


def grade_best(move: str, x: float, alternatives: int, top: bool = True) -> str:
    if alternatives <= 1:
        return f"{BAND_WORDS['best']} {cap(move)} was your only choice."
    if not top:  # within what the simulations can tell of the lowest
        return (f"{BAND_WORDS['best']} {cap(move)} is as good as the coach's choice, as far as the simulations "
                f"can tell ({points_phrase(x)} on average).")
    return f"{BAND_WORDS['best']} {cap(move)} gives you the fewest points on average ({points_phrase(x)})."


def grade_cost(band: str, move: str, cost: float, best_move: str | None) -> str:
    tail = (f" {cap(best_move)} would have been better." if best_move
            else " Another choice would have been better.")
    return (f"{BAND_WORDS[band]} {cap(move)} costs you {points_phrase(cost)} more on average than the coach's "
            f"choice.{tail}")


def grade_feedback(band: str, cost: float) -> str:
    return f"{BAND_WORDS[band]} That costs {points_phrase(cost)} more than the best move on average."


TRY_AGAIN = "Try again?"


def grade_close_call() -> str:
    return (" The coach is not sure of this grade: the simulations cannot tell these moves apart well, so it "
            "could be a step better or worse.")


def grade_reveal(move: str, reason: str) -> str:
    return f"The coach's move: {move}. {reason}"


def play_phrase(c: Card) -> str:
    return card_name(c)


def pass_phrase(cards: Iterable[Card]) -> str:
    return "passing " + cards_phrase(cards)


# ----- review -----

def review_heading(seat: int, rules_name: str, players: int) -> str:
    return f"Review of seat {seat} ({rules_name.replace('_', ' ')} rules, {players} players)."


def review_points(points: int) -> str:
    return f"You scored {points} point{'s' if points != 1 else ''} this hand."


def wins_in_100(cost: float, exact: bool = False) -> str:
    """A cost in the chance to win the game (``cost``: percentage points) as games won in 100: 'about 6 wins in 100
    games', 'less than 1 win in 100 games', or with ``exact`` '6.0 wins in 100 games'. (Not '6% of your chance':
    a player may read that as 6% of what the chance was.)

    >>> wins_in_100(6.2), wins_in_100(0.4), wins_in_100(1.04, exact=True)
    ('about 6 wins in 100 games', 'less than 1 win in 100 games', '1.0 wins in 100 games')
    """
    if exact:
        return f"{cost:.1f} wins in 100 games"
    if cost < 0.5:
        return "less than 1 win in 100 games"
    n = round(cost)
    return f"about {n} win{'s' if n != 1 else ''} in 100 games"


def review_cost(cost: float, unit: str = "points") -> str:
    """A graded move's cost: 'cost 1.5 points', or in chance 'cost 6.0 wins in 100 games'."""
    if unit == "chance":
        return f"cost {wins_in_100(cost, exact=True)}"
    return f"cost {cost:.1f} points"


def review_pass_line(cards: list[Card], band: str, cost: float, unit: str = "points") -> str:
    return f"Your pass: {cards_phrase(cards)}. Grade: {band} ({review_cost(cost, unit)})."


def review_coach_pass(cards: Iterable[Card]) -> str:
    return f"  The coach would pass {cards_phrase(cards)}."


def review_flag(severity: str, reason: str) -> str:
    word = {"info": "Note", "warning": "Warning", "danger": "Danger"}[severity]
    return f"  {word}: {reason}"


def review_play_line(trick: int, c: Card, band: str, cost: float, best: Card, unit: str = "points") -> str:
    tail = f"; the coach would play {card_name(best)}" if best != c else "; the coach's choice too"
    return f"Trick {trick}: you played {card_name(c)}. Grade: {band} ({review_cost(cost, unit)}{tail})."


def chance_tenths(p: float) -> str:
    """A chance to win the game estimated from rollouts (``p`` in percent) to a tenth, never a certain 0% or 100%:
    'almost none' and 'almost certain' at the ends, 'less than 0.1%' and 'more than 99.9%' next to them.

    >>> chance_tenths(31.44), chance_tenths(0.0), chance_tenths(0.04), chance_tenths(99.96), chance_tenths(100.0)
    ('31.4%', 'almost none', 'less than 0.1%', 'more than 99.9%', 'almost certain')
    """
    from ..equity.line import percent

    return percent(p / 100, tenths=True)


def review_expected_line(expected: dict[Card, float], unit: str = "points") -> str:
    """Every legal card with the points the coach expects after it, fewest first (``unit="chance"``: the
    values are the chance of not winning the game in percent, said as the chance to win, best first)."""
    order = sorted(expected, key=lambda c: expected[c])
    if unit == "chance":
        return "   You could play: " + "; ".join(
            f"{card_name(c)}, {chance_tenths(100 - expected[c])}" if math.isfinite(expected[c]) else card_name(c)
            for c in order) + " (your chance to win the game after each)."
    return "   You could play: " + "; ".join(
        f"{card_name(c)}, {expected[c]:.1f}" if math.isfinite(expected[c]) else card_name(c) for c in order
    ) + " (points expected this hand)."


def review_illegal_line(cards: Iterable[Card], reason: str) -> str:
    return f"   Not allowed: {cards_phrase(cards)}. {reason}"


def review_moon(me: int, shooter: int, players: int, choice: str, graded_mistakes: bool) -> str:
    """The moon of a reviewed hand: who shot it and how it scored; after the learner's own moon with mistakes
    listed, why they still count (each grade judged its move before the other hands were known)."""
    if shooter != me:
        scored = ("26 points to you and every other player" if choice == "add_to_others"
                  else "26 off their own score")
        return f"{cap(seat_phrase(me, shooter, players))} shot the moon: {scored}."
    scored = "every other player takes 26 points" if choice == "add_to_others" else "you take 26 off your score"
    out = f"You shot the moon: {scored}."
    if graded_mistakes:
        out += (" Each grade in this review judges its move before the other hands were known: the moon came off, "
                "but the moves marked as mistakes risked more than the coach's choice.")
    return out


def review_no_mistakes() -> str:
    return "No mistakes this hand. Well played!"


def review_mistakes_heading(n: int) -> str:
    return f"{cap(count_word(n))} mistake{'s' if n != 1 else ''} this hand, in order:"


def review_mistake(number: int, trick: int | None, cards: Iterable[Card], explanation: str) -> str:
    where = "Your pass" if trick is None else f"Trick {trick}"
    return f"{number}. {where} ({cards_phrase(cards)}): {explanation}"


def review_bot_heading(who: str, level: str, played: Card, chose: Card) -> str:
    """The record does not say who played the other seats: this is how a bot of ``level`` in that seat reads it."""
    if chose == played:
        return f"   How a {level} bot in the seat of {who} sees it, before playing {card_name(played)} as was played:"
    return (f"   How a {level} bot in the seat of {who} sees it: it would play {card_name(chose)}, where "
            f"{card_name(played)} was played:")


def review_bot_step(step: str) -> str:
    return f"     - {step}"


ALL_TEMPLATES = [name for name in dir() if not name.startswith("_")]
