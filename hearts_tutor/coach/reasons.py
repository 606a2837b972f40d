"""The fact that separates the coach's card from the tempting one (STYLE 18).

Given the position, the card the coach chose and the card it is compared with (the learner's choice in a
grade, the runner-up in a hint, the bots' temptation in a puzzle), :func:`play_reason` finds a fact from the
player's view that tells them apart: a count of the cards still out above each, a void shown in one suit and
not the other, where the queen of spades is, the points on the trick, the last card of a suit. It returns the
reason in words together with the facts it states (each checkable with ``holds``), or None when no fact
separates the two and the coach falls back on what its rollouts say.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import DIAMONDS, HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SPADES, Card, rank_of, suit_of
from ..engine.view import PlayerView
from . import text
from .facts import (
    BeatsSoFar,
    CardOut,
    Fact,
    HigherOut,
    LastOfSuit,
    LowerThan,
    NoneShownOut,
    NoOneElseHolds,
    PlayersAfter,
    QueenHeldBy,
    QueenHolderPlayed,
    QueenLive,
    SeatsShownOut,
    ShownOut,
    StaysUnder,
    SuitOut,
    TookEveryPoint,
    TrickPoints,
    WinningTrick,
    higher_out,
    may_follow,
    out_of_suit,
    queen_live,
    shown_out,
)
from .flags import ACE
from .situation import card_points, is_point_card, moon_suspect, players_after, seats_after, stake, trick_winner


@dataclass(frozen=True)
class Reason:
    """A reason in words and the facts it states."""

    words: str
    facts: tuple[Fact, ...]

    def holds(self, view: PlayerView) -> bool:
        return all(f.holds(view) for f in self.facts)


def _say(view: PlayerView, template: str, *facts: Fact) -> Reason:
    return Reason(template.format(*(f.sentence(view) for f in facts)), facts)


def play_reason(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why ``best`` rather than ``tempting``, from a fact of the position (None if no fact separates them)."""
    if tempting is None or tempting == best:
        return None
    reason = _lead_reason(view, best, tempting) if not view.trick else _follow_reason(view, best, tempting)
    if reason is not None and not view.trick:
        reason = _jack_may_be_lost(view, best, reason)
    if reason is not None and not reason.holds(view):  # never say a fact that is false here
        return None
    return reason


def _high_spade(c: Card) -> bool:
    return suit_of(c) == SPADES and c > QUEEN_OF_SPADES


def _lead_reason(view: PlayerView, b: Card, t: Card) -> Reason | None:
    sb, st = suit_of(b), suit_of(t)
    hb, ht = higher_out(view, b), higher_out(view, t)
    if b == QUEEN_OF_SPADES and view.rules.queen_points:
        return _say(view, text.reason_lead_queen(hb), HigherOut(b, hb)) if hb else None
    if _high_spade(t) and not _high_spade(b) and queen_live(view) and ht < 2:
        holder = view.known_holder().get(QUEEN_OF_SPADES)
        where: Fact = QueenLive() if holder is None else QueenHeldBy(holder)
        return _say(view, text.reason_queen_catch(b, t, ht == 0), where, HigherOut(t, ht))
    voids_t, voids_b = shown_out(view, st), shown_out(view, sb)
    if sb != st and voids_t and not voids_b and ht < 3 and may_follow(view, st) and points_to_throw(view, st):
        return _say(view, text.reason_void_lead(b, t), ShownOut(voids_t[0], st), NoneShownOut(sb))
    if sb != st and not may_follow(view, st) and may_follow(view, sb):
        if hb:
            return _say(view, text.reason_nobody_follows(b, t, lose=True), NoOneElseHolds(st), HigherOut(b, hb))
        return _say(view, text.reason_nobody_follows(b, t, lose=False), NoOneElseHolds(st))
    if hb > 0 and ht == 0 and may_follow(view, st) and may_follow(view, sb):
        rest = out_of_suit(view, sb)
        if len(rest) == 1 and hb == 1 and view.rules.decks == 1:  # the one card out, above ``b``, is in a hand: it wins
            last = (CardOut(rest[0]), SuitOut(sb, 1), HigherOut(b, 1))
            if sb != st and is_point_card(view, rest[0]):  # and it could be thrown on ``t``'s trick
                words = text.reason_lead_to_last_card(b, t, rest[0]).format(HigherOut(t, 0).sentence(view))
                return Reason(words, (*last, HigherOut(t, 0)))
            words = text.reason_lead_loses(b, t, sure=True).format(HigherOut(t, 0).sentence(view),
                                                                   text.only_one_out(rest[0]))
            return Reason(words, (HigherOut(t, 0), *last))
        return _say(view, text.reason_lead_loses(b, t), HigherOut(t, 0), HigherOut(b, hb))
    if (hb == 0 and ht > 0 and sb != HEARTS and may_follow(view, sb) and not voids_b
            and len(out_of_suit(view, sb)) >= 3):
        return _say(view, text.reason_cash_winner(b), HigherOut(b, 0), NoneShownOut(sb))
    if _moon_lead(view, b, hb):
        queen = QUEEN_OF_SPADES in view.hand
        return _say(view, text.reason_moon_lead(b, view.rules, queen), TookEveryPoint(view.seat), HigherOut(b, 0),
                    SuitOut(sb, len(out_of_suit(view, sb))))
    if b == JACK_OF_DIAMONDS and view.rules.jack_points and hb == 0 and view.rules.decks == 1:
        return _say(view, text.reason_lead_boss_jack(view.rules.jack_points), HigherOut(b, 0))
    if hb == 0 and may_follow(view, sb) and points_to_throw(view, sb):  # else 'now' has no reason
        return _say(view, text.reason_boss_now(b), HigherOut(b, 0),
                    SuitOut(sb, len(out_of_suit(view, sb))))
    if hb and ht:
        if sb == st and rank_of(b) < rank_of(t):
            return _say(view, text.reason_lower_same_suit(b), LowerThan(b, t), HigherOut(b, hb))
        if sb == st:
            return _say(view, text.reason_keep_low_exit(b, t), HigherOut(b, hb))
        if hb > ht:
            return _say(view, text.reason_more_above(b), HigherOut(b, hb), HigherOut(t, ht))
    if sb != st and sum(1 for c in view.hand if suit_of(c) == sb) == 1 and sb != HEARTS:
        return _say(view, text.reason_last_of_suit(b, sb), LastOfSuit(b))
    return None


MOON_LEAD_HEARTS = 4
"""Hearts taken (with every point so far) before a top heart's lead is said to go on toward the moon (as a moon
suspect is judged: :func:`~hearts_tutor.coach.situation.moon_suspect`)."""


def _moon_lead(view: PlayerView, b: Card, hb: int) -> bool:
    """A top heart led by a seat that has taken every point so far (four hearts or more) while the queen of
    spades, where she scores, is in its hand or already taken by it: the lead goes on toward the moon."""
    me = view.seat
    if suit_of(b) != HEARTS or hb or view.rules.decks != 1 or view.hearts_taken[me] < MOON_LEAD_HEARTS:
        return False
    if not TookEveryPoint(me).holds(view) or not out_of_suit(view, HEARTS):
        return False
    return not view.rules.queen_points or QUEEN_OF_SPADES in view.hand or bool(view.queens_taken[me])


def _jack_may_be_lost(view: PlayerView, b: Card, reason: Reason) -> Reason:
    """A scoring jack of diamonds led where a higher diamond is out: say what losing the trick gives away."""
    if b != JACK_OF_DIAMONDS or not view.rules.jack_points or not higher_out(view, b) or \
            not reason.words.endswith("."):
        return reason
    return Reason(reason.words[:-1] + text.jack_lost(view.rules.jack_points), reason.facts)


def points_to_throw(view: PlayerView, suit: int) -> bool:
    """A point card of another suit than ``suit`` is still out in another hand: a player out of ``suit`` could
    throw it on a trick of it (the hearts on a club trick; on a heart trick only the queen of spades)."""
    return any(is_point_card(view, c) and suit_of(c) != suit for c in view.unseen())


def _points_may_come(view: PlayerView, led: int, holder: int | None) -> tuple[list[int], str | None]:
    """The seats still to play on this trick that have shown out of the led suit, and what they may still throw
    on the trick ('a heart', 'points, even the queen of spades'); ([], None) when none or nothing to throw."""
    void = [s for s in seats_after(view) if s in shown_out(view, led)]
    if not void:
        return [], None
    hearts = bool(out_of_suit(view, HEARTS))
    if queen_live(view) and QUEEN_OF_SPADES not in view.trick and holder in (None, *void):
        return void, "points, even the queen of spades,"
    if hearts:
        return void, "a heart" if len(void) == 1 else "hearts"
    return [], None


def _follow_reason(view: PlayerView, b: Card, t: Card) -> Reason | None:
    led = suit_of(view.trick[0])
    if suit_of(b) != led or suit_of(t) != led:
        return None
    current = trick_winner(view)
    if current is None:
        return None
    b_wins, t_wins = b > current[1], t > current[1]
    hb = higher_out(view, b)
    after = players_after(view)
    points = stake(view)
    if b_wins and points == 0 and card_points(view, (b,)) <= 0 and (not t_wins or rank_of(b) > rank_of(t)):
        holder = view.known_holder().get(QUEEN_OF_SPADES)
        void, price = _points_may_come(view, led, holder)
        shown: tuple[Fact, ...] = ((SeatsShownOut(tuple(void), led),) if len(void) > 1
                                   else tuple(ShownOut(s, led) for s in void))
        jack = view.rules.jack_points
        if jack and b == JACK_OF_DIAMONDS:  # a card to win, not to get rid of
            return _win_jack(view, t, price, shown, len(void))
        if jack and t == JACK_OF_DIAMONDS and not t_wins:
            return _say(view, text.reason_jack_under(b, jack), TrickPoints(0), BeatsSoFar(b),
                        StaysUnder(t, current[1]))
        if _high_spade(b) and holder is not None and QueenHolderPlayed(holder).holds(view):
            also = next((c for c in view.hand if _high_spade(c) and c != b), None)  # the other of ace and king
            words = text.reason_high_spade_behind_queen(b, t, hb, also, price, len(void))
            return _say(view, words, QueenHolderPlayed(holder), TrickPoints(0), *shown, HigherOut(b, hb))
        catch = jack and suit_of(b) == DIAMONDS and b > JACK_OF_DIAMONDS and CardOut(JACK_OF_DIAMONDS).holds(view)
        t_points = card_points(view, (t,)) if t_wins and higher_out(view, t) == 0 else 0  # t would take its own
        return _say(view, text.reason_take_cheap_trick(b, t, price, len(void), jack if catch else 0, t_points),
                    TrickPoints(0),
                    BeatsSoFar(b), *shown, *((HigherOut(b, hb),) if rank_of(b) != ACE else ()),
                    *((CardOut(JACK_OF_DIAMONDS),) if catch else ()))
    if b_wins and not t_wins:
        if hb <= 1:  # what makes it a winner anyway: the cards above it still out, not the suit's count
            return _say(view, text.reason_take_now(b, led, hb == 0, points_to_throw(view, led)), TrickPoints(points),
                        HigherOut(b, hb))
        return None
    if b_wins and t_wins and rank_of(b) < rank_of(t) and hb and after:
        return _say(view, text.reason_may_be_overtaken(b, t), BeatsSoFar(b), HigherOut(b, hb), PlayersAfter(after))
    return None


def _win_jack(view: PlayerView, t: Card, price: str | None, shown: tuple[Fact, ...], seats: int) -> Reason:
    """Why play the jack of diamonds (where it scores) on a pointless trick it is winning: to win it (``shown``:
    the facts that ``seats`` seats still to play have shown out of diamonds)."""
    above = [c for c in out_of_suit(view, DIAMONDS) if c > JACK_OF_DIAMONDS]
    only = above[0] if len(above) == 1 else None
    beat: tuple[Fact, ...] = ((CardOut(only), HigherOut(JACK_OF_DIAMONDS, 1)) if only is not None
                              else (HigherOut(JACK_OF_DIAMONDS, len(above)),))
    words = text.reason_win_jack(t, view.rules.jack_points, price, seats, only)
    facts: tuple[Fact, ...] = (TrickPoints(0), BeatsSoFar(JACK_OF_DIAMONDS), *shown, *beat)
    said = [f.sentence(view) for f in facts[:2 + len(shown)]] + ([] if only is not None else [beat[0].sentence(view)])
    said[0] = text.cap(said[0])
    return Reason(words.format(*said), facts)


def lead_from_shooter(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why ``best`` when a seat that may be shooting the moon is winning this trick (no points on it yet) and
    ``best`` beats its card while ``tempting`` does not: the lead leaves the shooter, who left on lead would go on
    cashing winners. None when that is not the position, or when ``tempting`` beats the shooter's card too (then
    this is not what separates them)."""
    current = trick_winner(view)
    suspect = moon_suspect(view)
    if current is None or suspect is None or current[0] != suspect or stake(view) != 0:
        return None
    mine = trick_winner(view, best)
    theirs = trick_winner(view, tempting) if tempting is not None else None
    if mine is None or mine[0] != view.seat or (theirs is not None and theirs[0] == view.seat):
        return None
    under = tempting is not None and suit_of(tempting) == suit_of(current[1]) and tempting < current[1]
    facts: tuple[Fact, ...] = (TookEveryPoint(suspect), WinningTrick(*current), BeatsSoFar(best),
                               *((StaysUnder(tempting, current[1]),) if under and tempting is not None else ()))
    said = [f.sentence(view) for f in facts]
    said[2] = text.cap(said[2])
    reason = Reason(text.reason_take_lead_from_shooter(best, view.rules, tempting_stays_under=under).format(*said),
                    facts)
    return reason if reason.holds(view) else None
