"""Reasons :func:`~hearts_tutor.coach.reasons.play_reason` does not look for, asked only where the coach would
otherwise fall back on what its rollouts say (STYLE 18: each names the fact in the position that decides).

- Two decks: a card whose other copy already lies in the trick cancels with it and cannot win (the queen of spades
  got rid of that way); a card that wins the trick so far but whose other copy is still out may be cancelled,
  where a card held twice cannot.
- Following, both cards beat the trick so far and the coach's is the higher: no one after can follow suit (or
  nothing out beats the coach's card), so the trick is taken anyway; take it high and keep the card that can
  still lose a later trick.
- Leading: the queen of spades is the only spade out, so a lower spade forces her out; the tempting card is the
  only spade below the queen this hand holds (her guard); the tempting card leads a suit a player has shown out
  of (the queen's known holder, or anyone, with points to throw) and could win that trick.
"""

from __future__ import annotations

from ..engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SPADES, Card, suit_of
from ..engine.view import PlayerView
from . import text
from .facts import (
    BeatsSoFar,
    BothCopiesHeld,
    CardOut,
    CopyInTrick,
    Fact,
    HigherOut,
    LastToPlay,
    LowerOut,
    NoneShownOut,
    OnlyGuard,
    QueenHolderShownOut,
    SeatsShownOut,
    ShownOut,
    SuitOut,
    TrickPoints,
    TwinOut,
    higher_out,
    lower_out,
    may_follow,
    out_of_suit,
    queen_live,
    shown_out,
)
from .flags import queen_scores
from .reasons import Reason, points_to_throw
from .situation import seats_after, stake


def more_reason(view: PlayerView, best: Card, tempting: Card | None) -> Reason | None:
    """Why ``best`` rather than ``tempting``, from one of this module's facts (None if none applies or holds)."""
    if tempting is None or tempting == best:
        return None
    reason = _follow(view, best, tempting) if view.trick else _lead(view, best, tempting)
    return reason if reason is not None and reason.holds(view) else None


def _say(view: PlayerView, template: str, *facts: Fact) -> Reason:
    """The template with each fact's words in turn (a fact opening a sentence capitalised)."""
    words = template
    for f in facts:
        said = f.sentence(view)
        at = words.index("{}")
        if at == 0 or words[:at].rstrip().endswith("."):
            said = text.cap(said)
        words = words[:at] + said + words[at + 2:]
    return Reason(words, facts)


# ----- following -----

def _follow(view: PlayerView, b: Card, t: Card) -> Reason | None:
    led = suit_of(view.trick[0])
    if suit_of(b) != led or suit_of(t) != led:
        return None
    if CopyInTrick(b).holds(view) and not CopyInTrick(t).holds(view):
        if b == QUEEN_OF_SPADES and queen_scores(view.rules):
            return _say(view, text.reason_cancel_queen(t), CopyInTrick(b))
        if BeatsSoFar(t).holds(view):
            return _say(view, text.reason_cancel_twin(b), CopyInTrick(b), BeatsSoFar(t))
        return None
    if not (BeatsSoFar(b).holds(view) and BeatsSoFar(t).holds(view)):
        return None
    if view.rules.decks == 2 and not _no_one_follows(view, led):  # a later copy could cancel either card
        return _twin_may_cancel(view, b, t)
    return _take_it_high(view, b, t)


def _no_one_follows(view: PlayerView, led: int) -> bool:
    """Every player still to play to this trick has shown out of the led suit (or none is left to play)."""
    void = shown_out(view, led)
    return all(s in void for s in seats_after(view))


def _twin_may_cancel(view: PlayerView, b: Card, t: Card) -> Reason | None:
    """Two decks, players still to come: ``b``'s other copy is out and may cancel it, ``t`` is held twice and
    nothing out beats it, so ``t`` surely takes a trick that already holds points."""
    points = stake(view)
    if points <= 0 or higher_out(view, t) or not TwinOut(b).holds(view) or not BothCopiesHeld(t).holds(view):
        return None
    return _say(view, text.reason_twin_may_cancel(b, t), TrickPoints(points), BeatsSoFar(b), TwinOut(b),
                HigherOut(t, 0), BothCopiesHeld(t))


def _take_it_high(view: PlayerView, b: Card, t: Card) -> Reason | None:
    """Both cards win the trick so far and ``b`` is the higher (never the queen of spades): the trick is taken
    either way (no one after can follow suit) or ``b`` surely wins it while ``t`` is no sure duck; keep ``t``,
    which a card still out above it can beat later."""
    led = suit_of(b)
    above_t = higher_out(view, t)
    if b < t or b == QUEEN_OF_SPADES or not above_t:
        return None
    if view.rules.jack_points and JACK_OF_DIAMONDS in (b, t):  # the jack is a card to win: another reason
        return None
    after = seats_after(view)
    keep = HigherOut(t, above_t)
    if _no_one_follows(view, led):
        nobody: Fact = (LastToPlay() if not after else ShownOut(after[0], led) if len(after) == 1
                        else SeatsShownOut(tuple(after), led))
        can_duck = any(not BeatsSoFar(c).holds(view) for c in view.legal_plays())
        return _say(view, text.reason_take_it_high(b, t, sure=True, can_duck=can_duck), BeatsSoFar(t), nobody, keep)
    if view.rules.decks == 1 and not higher_out(view, b):
        return _say(view, text.reason_take_it_high(b, t, sure=False), HigherOut(b, 0), BeatsSoFar(t), keep)
    return None


# ----- leading -----

def _lead(view: PlayerView, b: Card, t: Card) -> Reason | None:
    return _flush_last_spade(view, b, t) or _keep_guard(view, b, t) or _void_lead(view, b, t)


def _kitty_known(view: PlayerView) -> bool:
    """No card out can lie in a face-down kitty: every card out is in another player's hand."""
    return view.kitty_size == 0 or view.kitty is not None


def _flush_last_spade(view: PlayerView, b: Card, t: Card) -> Reason | None:
    """A spade below the queen led while she is the only spade out: her holder must play her, and she wins
    (not said against another spade below her, which would do the same)."""
    if suit_of(b) != SPADES or b > QUEEN_OF_SPADES or view.rules.decks != 1 or not queen_live(view):
        return None
    if suit_of(t) == SPADES and t < QUEEN_OF_SPADES:
        return None
    if out_of_suit(view, SPADES) != [QUEEN_OF_SPADES] or not _kitty_known(view):
        return None
    words = text.reason_flush_last_spade(b, view.rules.card_points(QUEEN_OF_SPADES))
    return Reason(words.format(text.only_one_out(QUEEN_OF_SPADES)), (CardOut(QUEEN_OF_SPADES), SuitOut(SPADES, 1)))


def _keep_guard(view: PlayerView, b: Card, t: Card) -> Reason | None:
    """``t`` is the only spade below the queen this hand holds: led, it leaves her to be played on the next spade
    another player leads."""
    if not queen_scores(view.rules) or suit_of(t) != SPADES or not OnlyGuard(t).holds(view):
        return None
    if any(c > QUEEN_OF_SPADES and suit_of(c) == SPADES for c in view.hand):  # a higher spade could go instead
        return None
    if b == QUEEN_OF_SPADES or (suit_of(b) == SPADES and b < QUEEN_OF_SPADES) or not may_follow(view, SPADES):
        return None
    wins = not higher_out(view, QUEEN_OF_SPADES) and QUEEN_OF_SPADES not in view.unseen()  # (nor her twin out)
    facts: tuple[Fact, ...] = (OnlyGuard(t), *((HigherOut(QUEEN_OF_SPADES, 0),) if wins else ()))
    return _say(view, text.reason_keep_guard(b, t, wins), *facts)


def _void_lead(view: PlayerView, b: Card, t: Card) -> Reason | None:
    """``t`` leads a suit a player has shown out of while points (or the queen, passed to that player) are still
    out to throw, and cards below ``t`` are out, so it could win that trick; ``b``'s suit no one has shown out of
    (and it is long enough that no one need be out of it), or ``b`` cannot win its trick."""
    sb, st = suit_of(b), suit_of(t)
    voids = shown_out(view, st)
    below = lower_out(view, t)
    if sb == st or not voids or not may_follow(view, st) or not below or view.rules.decks != 1:
        return None
    holder = view.known_holder().get(QUEEN_OF_SPADES)
    queen = holder in voids and queen_live(view)
    if not queen and not points_to_throw(view, st):
        return None
    thrower: Fact = QueenHolderShownOut(holder, st) if queen and holder is not None else ShownOut(voids[0], st)
    out_b = out_of_suit(view, sb)
    loses = bool(out_b) and not lower_out(view, b) and _kitty_known(view)
    if loses:
        side: Fact = LowerOut(b, 0)
    elif not shown_out(view, sb) and len(out_b) >= view.n - 1:
        side = NoneShownOut(sb)
    else:
        return None
    return _say(view, text.reason_void_lead_could_win(b, t, queen, loses), thrower, LowerOut(t, below), side)
