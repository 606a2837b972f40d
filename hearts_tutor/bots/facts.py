"""What a heuristic bot notices before it chooses a card, as a typed record (:class:`Facts`), and the
estimates its decisions share: who may hold the queen, who may be void, who may beat a card.

The levels differ by their :class:`Skills` (:data:`EASY`, :data:`MEDIUM`, :data:`HARD`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import (
    HEART_MASK,
    HEARTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    card_name,
    card_str,
    join_words,
)
from ..engine.view import PlayerView
from .base import Reasoning
from .beliefs import Beliefs, seat_name
from .moon import am_shooting, moon_points, moon_progress, moon_watch, possible_shooter
from .search import JD, trick_winner_card


@dataclass(frozen=True)
class Skills:
    """What a level knows how to do."""

    voids_on_purpose: bool = False
    flushes_spades: bool = False
    remembers_pass: bool = False
    wins_jack: bool = False
    sees_voids: bool = False
    counts_cards: bool = False
    infers: bool = False
    moon: bool = False
    sheds_spades: bool = False
    """Glad to get rid of the king and ace of spades while the queen is at large."""


EASY = Skills()
MEDIUM = Skills(voids_on_purpose=True, flushes_spades=True, remembers_pass=True, wins_jack=True, sheds_spades=True)
HARD = Skills(voids_on_purpose=True, flushes_spades=True, remembers_pass=True, wins_jack=True, sees_voids=True,
              counts_cards=True, infers=True, moon=True, sheds_spades=True)


@dataclass(frozen=True)
class Facts:
    """What a bot notices before choosing a card (:func:`notice`), with the skills it noticed it with."""

    skills: Skills
    queen_out: bool
    """A queen of spades that scores is still to be played (none in my hand, the kitty or on the table)."""
    after: tuple[int, ...]
    """The seats still to play to this trick after me."""
    beliefs: Beliefs
    queen_holder: int | None = None
    """The seat I passed the queen of spades to, while she is still there (a medium bot remembers its pass)."""
    win: Card | None = None
    """The card winning the trick so far (None when I lead, or when every card of the led suit cancelled)."""
    winner: int | None = None
    """The seat whose card wins the trick so far."""
    trick_points: int = 0
    """The points in the trick, with those carried over from cancelled tricks."""
    shooter: int | None = None
    """A seat that may be shooting the moon (hard)."""
    shooting: bool = False
    """I am shooting the moon (hard)."""
    watch: int | None = None
    """A seat to keep a heart stopper for: the possible shooter, or one that has taken every point so far."""


def notice(view: PlayerView, skills: Skills, why: Reasoning) -> Facts:
    """What a bot with these skills notices before choosing a card (and says so in ``why``)."""
    sk = skills
    rules = view.rules
    n = view.n
    played = view.played_mask()
    hand = view.hand_mask
    queen_scores = rules.queen_points != 0
    queens_played = sum(1 for _, c in view.plays() if c == QUEEN_OF_SPADES)
    queens_in_kitty = view.kitty.count(QUEEN_OF_SPADES) if view.kitty is not None else 0
    queens_seen = queens_played + queens_in_kitty + view.hand.count(QUEEN_OF_SPADES)
    queen_out = queen_scores and queens_seen < rules.decks
    after = tuple((view.leader + i) % n for i in range(len(view.trick) + 1, n))
    win: Card | None = None
    winner: int | None = None
    pts = 0
    if view.trick:
        win = trick_winner_card(view.trick, rules.decks)
        pts = sum(rules.card_points(c) for c in (*view.trick, *view.carried))
        if win is not None:
            winner = view.trick_seats[view.trick.index(win)]
            why.observed(f"{SUIT_NAMES[view.trick[0] // 13].capitalize()} were led; {card_name(win)} "
                         f"from {seat_name(view, winner)} is winning so far{stake_words(view)}.",
                         trick=[card_str(c) for c in view.trick], winning=card_str(win), points=pts)
        else:
            why.observed(f"Every card of the led suit so far has been cancelled{stake_words(view)}.",
                         trick=[card_str(c) for c in view.trick])
    else:
        why.observed("I am leading this trick." + (" Hearts are broken." if view.hearts_broken else ""),
                     hearts_broken=view.hearts_broken)
    if queen_scores and not queen_out and not hand & QS_BIT and (sk.counts_cards or played & QS_BIT):
        why.observed(_queens_gone(rules.decks, queens_in_kitty))
    # medium: remember my pass
    queen_holder: int | None = None
    if sk.remembers_pass:
        known = view.known_holder()
        if QUEEN_OF_SPADES in known:
            queen_holder = holder = known[QUEEN_OF_SPADES]
            done = holder in view.trick_seats
            why.inferred(f"I passed the queen of spades to {seat_name(view, holder)}, who still has her"
                         + (" and has already played to this trick." if done and view.trick else "."),
                         queen_of_spades={holder: 1.0})
    beliefs = Beliefs(view) if sk.infers else Beliefs(view, use_evidence=False)
    if sk.infers and queen_out and queen_holder is None:
        odds = beliefs.queen_odds()
        if odds:
            copies = rules.decks - queens_seen
            text = ", ".join(f"{seat_name(view, s) if s >= 0 else 'the kitty'} "
                             f"{round(100 * (1 - (1 - p) ** copies))}%" for s, p in odds.items())
            because = "; ".join(list(dict.fromkeys(beliefs.evidence))[-3:])
            voids = [s for s in range(n) if s != view.seat and SPADES in view.voids(s)]
            if voids:
                because = "; ".join([f"{seat_name(view, s)} has no spades" for s in voids]
                                    + ([because] if because else []))
            who = "Who holds the queen of spades" if copies == 1 else \
                "Both queens of spades are unseen; the chance each player holds one"
            why.inferred(f"{who}: {text}." + (f" {because[0].upper()}{because[1:]}." if because else ""),
                         queen_of_spades=odds)
    shooter: int | None = None
    shooting = False
    watch: int | None = None
    if sk.moon:
        shooter = possible_shooter(view)
        if shooter is not None:
            why.inferred(f"{seat_name(view, shooter).capitalize()} has taken "
                         f"{moon_progress(view, shooter)} and may be shooting the moon: I should stop "
                         "that.", shooter=shooter)
        shooting = am_shooting(view)
        if shooting and any(moon_points(view)):
            why.inferred(f"I have taken {moon_progress(view, view.seat)} and my hand is strong: I am "
                         "shooting the moon (taking every point card).")
        elif shooting:
            why.inferred("My hand is strong enough to take every point card, so I am trying to shoot the moon.")
        watch = shooter if shooter is not None else moon_watch(view)
    return Facts(skills=skills, queen_out=queen_out, after=after, beliefs=beliefs, queen_holder=queen_holder,
                 win=win, winner=winner, trick_points=pts, shooter=shooter, shooting=shooting, watch=watch)


# ----- what the decisions share -----

def queen_chance(view: PlayerView, facts: Facts, seat: int) -> float:
    """The chance ``seat`` holds the queen of spades, as this level sees it."""
    if not facts.queen_out:
        return 0.0
    holder = facts.queen_holder
    if holder is not None:
        return 1.0 if seat == holder else 0.0
    if facts.skills.infers:
        return facts.beliefs.holds(QUEEN_OF_SPADES, seat)
    if facts.skills.sees_voids and SPADES in view.voids(seat):
        return 0.0
    return 1.0 / max(1, view.n - 1)


def void_chance(view: PlayerView, facts: Facts, suit: int, seat: int) -> float:
    sk = facts.skills
    if sk.sees_voids and suit in view.voids(seat):
        return 1.0
    if sk.counts_cards:
        return facts.beliefs.void_chance(suit, seat)
    return 0.1 if len(view.tricks) > 3 else 0.0


def dump_value(view: PlayerView, facts: Facts, seat: int) -> float:
    """Points ``seat`` is expected to throw on a trick it cannot follow."""
    q = queen_chance(view, facts, seat) * view.rules.queen_points
    return q + (1.5 if view.hearts_broken or len(view.tricks) > 0 else 0.0)


def higher_chance(view: PlayerView, facts: Facts, c: Card, seats: Sequence[int]) -> float:
    """The chance one of ``seats`` beats card ``c`` in its suit."""
    suit = c // 13
    higher = SUIT_MASKS[suit] & ~((2 << c) - 1) & ~view.hand_mask
    if facts.skills.counts_cards:
        higher &= facts.beliefs.unseen_mask
        if not higher:
            return 0.0
        beliefs: Beliefs = facts.beliefs
        miss = 1.0
        for s in seats:
            miss *= 1.0 - beliefs.holds_any(higher, s)
        return 1.0 - miss
    if not higher:
        return 0.0
    k = higher.bit_count()
    return min(0.95, 1.0 - 0.5 ** (k * len(seats) / max(1, view.n - 1)))


def relief(view: PlayerView, facts: Facts, c: Card) -> float:
    """What getting rid of ``c`` now is worth for the rest of the hand (hard: plans ahead)."""
    if not facts.skills.counts_cards and not facts.skills.sheds_spades:
        return 0.0
    rules = view.rules
    if rules.queen_points and c // 13 == SPADES and c > QUEEN_OF_SPADES:
        if view.hand_mask & QS_BIT:
            return 4.0  # with the queen in hand, high spades only force me to win her later
        if facts.queen_out:
            return 2.0
    if c // 13 == HEARTS and facts.skills.counts_cards:
        return (c % 13) / 12
    return 0.0


def is_sure_loser(view: PlayerView, facts: Facts, c: Card) -> bool:
    """Whether ``c`` is below every unseen card of its suit (a safe way to give up the lead later)."""
    beliefs: Beliefs = facts.beliefs
    lower = SUIT_MASKS[c // 13] & ((1 << c) - 1) & beliefs.unseen_mask
    higher = SUIT_MASKS[c // 13] & ~((2 << c) - 1) & beliefs.unseen_mask
    return not lower and bool(higher)


def is_moon_stopper(view: PlayerView, facts: Facts, c: Card) -> bool:
    """Whether ``c`` is my highest heart and could still win a heart trick, while a moon is being watched."""
    if facts.watch is None or c // 13 != HEARTS:
        return False
    mine = view.hand_mask & HEART_MASK
    if c != mine.bit_length() - 1 or mine.bit_count() < 2:
        return False
    higher = HEART_MASK & ~((2 << c) - 1) & facts.beliefs.unseen_mask
    return higher.bit_count() <= 2


def points_text(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def stake_words(view: PlayerView) -> str:
    """', with 2 hearts and the queen of spades in the trick (15 points)': the point cards in the trick, and
    the points carried over from cancelled tricks ('' when there are none)."""
    rules = view.rules
    hearts = sum(1 for c in view.trick if c >= 39)
    queens = view.trick.count(QUEEN_OF_SPADES) if rules.queen_points else 0
    parts = [f"{hearts} heart{'s' if hearts > 1 else ''}"] if hearts else []
    if queens:
        parts.append("both queens of spades" if queens == 2 else "the queen of spades")
    if rules.jack_points and JD in view.trick:
        parts.append("the jack of diamonds" if view.trick.count(JD) == 1 else "both jacks of diamonds")
    text = ""
    if parts:
        total = sum(rules.card_points(c) for c in view.trick)
        text = f", with {join_words(parts)} in the trick" + (f" ({points_text(total)})" if len(parts) > 1 or not hearts
                                                              else "")
    carried = sum(rules.card_points(c) for c in view.carried)
    if carried:
        goes = "goes" if abs(carried) == 1 else "go"
        text += (f", and {points_text(carried)} carried over from cancelled tricks {goes} to its winner" if text else
                 f"; {points_text(carried)} carried over from cancelled tricks {goes} to this trick's winner")
    return text


def _queens_gone(decks: int, in_kitty: int) -> str:
    """Why no queen of spades can fall on a trick any more (none is in my hand)."""
    if decks == 1:
        return ("The queen of spades was in the kitty, so nobody can play her." if in_kitty
                else "The queen of spades has already been played.")
    if in_kitty == 2:
        return "Both queens of spades were in the kitty, so nobody can play them."
    if in_kitty:
        return "One queen of spades has been played and the other was in the kitty."
    return "Both queens of spades have already been played."


__all__ = ["EASY", "HARD", "MEDIUM", "Facts", "Skills", "dump_value", "higher_chance", "is_moon_stopper",
           "is_sure_loser", "notice", "points_text", "queen_chance", "relief", "stake_words", "void_chance"]
