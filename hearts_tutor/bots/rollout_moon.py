"""Moons in the rollout model: when a seat tries to shoot the moon, and how the others stop it.

The rollout model (:func:`~hearts_tutor.bots.search.rollout_policy`) asks :func:`moon_play` first: it returns a
card when a moon decides the seat's play, else ``None`` (and the plain model plays). Like the rest of the
model it uses only what the seat may know: its own cards, the unseen cards as a set, and the tricks so far
(who has taken which point cards).

* Shooting (:func:`is_shooting`): the seat has taken every point so far (or nobody has any yet, early in
  the hand) and its cards leave at most one trick it may lose (:func:`losers`). It then leads its sure
  winners, wins every trick it can, and throws its useless low cards, never a point card.
* Defending (:func:`moon_threat`): another seat has taken every point so far, enough to be dangerous. The
  seat keeps its highest heart and its side-suit stoppers, never feeds that seat points, gives points to
  anybody else who is winning a trick (splitting the points), and once the threat is serious
  (:data:`STOP_POINTS`) takes a trick with points itself, or leads a heart no one can beat.

>>> from hearts_tutor.engine.cards import parse_cards, mask_of
>>> hand = mask_of(parse_cards("AH KH QH JH TH 9H AS KS AC KC AD KD QD"))
>>> losers(hand, ((1 << 52) - 1) & ~hand)
0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import HEART_MASK, HEARTS, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet
from ..engine.hand import HandState
from ..engine.rules import Rules

QS_BIT = 1 << QUEEN_OF_SPADES
WATCH_POINTS = 2
"""A lone point-taker with this many points is watched: no points fed to it, stoppers kept."""
STOP_POINTS = 8
"""A lone point-taker with this many points (or five hearts) is stopped: the seat takes points itself."""


# ----- scoring a moon -----

def adding_ends_game(rules: Rules, scores: Sequence[int], shooter: int) -> tuple[bool, bool]:
    """Whether adding 26 to every other seat's match score (``scores``, before this hand) ends the game, and
    whether the shooter then wins it alone (its score below every other one; see :func:`adding_ties_game` for a
    tie). Unknown scores: neither."""
    if len(scores) != rules.players or rules.end not in ("reach", "exceed"):
        return False, False
    others = [s + 26 for i, s in enumerate(scores) if i != shooter]
    ends = any(s >= rules.target if rules.end == "reach" else s > rules.target for s in others)
    return ends, ends and scores[shooter] < min(others)


def adding_ties_game(rules: Rules, scores: Sequence[int], shooter: int) -> bool:
    """Whether adding 26 to every other seat ends the game with the shooter tied for the lowest score (a shared
    win)."""
    ends, wins = adding_ends_game(rules, scores, shooter)
    return ends and not wins and scores[shooter] == min(s + 26 for i, s in enumerate(scores) if i != shooter)


def _tie_share_beats_playing_on(rules: Rules, scores: Sequence[int], shooter: int) -> bool:
    """Whether the shooter's share of the tie that adding 26 to the others ends the game with is worth more than
    its chance to win from the scores after taking 26 off its own (by the game-win table; with none, the sure
    share)."""
    from ..equity.model import EquityUnavailable, GameOdds, final_shares

    added = [s + (0 if i == shooter else 26) for i, s in enumerate(scores)]
    share = final_shares(added)[shooter]
    try:
        odds = GameOdds.for_rules(rules)
    except EquityUnavailable:
        return True
    subtracted = [s - (26 if i == shooter else 0) for i, s in enumerate(scores)]
    return share >= odds.win_chance(subtracted, shooter)


MOON_CHOICE_WHY = ("wins", "ties", "ties_play_on", "ends_behind", "leads", "behind", "no_end")
"""Why a shooter who chooses scores its moon as it does (:func:`moon_choice`)."""


def moon_choice(rules: Rules, scores: Sequence[int], shooter: int) -> tuple[str, str]:
    """How a shooter who chooses scores its moon, and why (one of :data:`MOON_CHOICE_WHY`).

    Either way the shooter ends 26 points better off against every other seat; adding 26 to the others also
    brings them 26 nearer the target, so the game ends sooner. That is what the seat with the lowest score
    wants, and what a seat behind does not: 'wins' (adding ends the game with the shooter lowest: add),
    'ties' / 'ties_play_on' (adding ends it with the shooter tied for the lowest score, a shared win: add when
    that share is worth more than the chance to win after subtracting, by the game-win table, else subtract and
    play on level with the lowest), 'ends_behind' (adding would end it with another seat lower: subtract),
    'leads' (the shooter will have the lowest score: add, the end nearer while it leads), 'behind' (it will not:
    subtract, more hands to catch up), 'no_end' (the game ends after a number of hands, or the scores are
    unknown: the same either way; subtract).

    >>> standard = Rules.preset("standard", moon="shooter_chooses")
    >>> [moon_choice(standard, s, 0) for s in ((10, 80, 85, 90), (70, 80, 40, 60), (30, 60, 65, 70), (70, 40, 50, 60))]
    [('add_to_others', 'wins'), ('subtract_from_self', 'ends_behind'), ('add_to_others', 'leads'), \
('subtract_from_self', 'behind')]
    """
    if len(scores) != rules.players or rules.end not in ("reach", "exceed"):
        return "subtract_from_self", "no_end"
    ends, wins = adding_ends_game(rules, scores, shooter)
    if adding_ties_game(rules, scores, shooter):
        if _tie_share_beats_playing_on(rules, scores, shooter):
            return "add_to_others", "ties"
        return "subtract_from_self", "ties_play_on"
    if ends:
        return ("add_to_others", "wins") if wins else ("subtract_from_self", "ends_behind")
    if all(scores[shooter] < s + 26 for i, s in enumerate(scores) if i != shooter):
        return "add_to_others", "leads"
    return "subtract_from_self", "behind"


def shooter_choice(rules: Rules, scores: Sequence[int], shooter: int) -> str:
    """How a shooter who chooses scores its moon (:func:`moon_choice`)."""
    return moon_choice(rules, scores, shooter)[0]


def points_value(state: HandState) -> list[int]:
    """Every seat's points for a finished hand as points-valued play counts them: a moon scored by taking 26 off
    the shooter's score counts as 26 added to every other seat instead.

    Both ways of scoring a moon leave the same gaps between the scores (the shooter 26 points up on each other
    player), but a seat that values a hand by its own points alone would find another seat's moon free when the
    shooter subtracts, and be indifferent to stopping it. Adding 26 to every seat's points (the shooter's -26
    becomes 0) is the add-to-others score, which changes no gap and charges each defender the moon's real
    cost, as under the standard rules. Chance-to-win valuations at a match's scores use the actual points."""
    result = state.result()
    if result.shooter is not None and result.moon_choice == "subtract_from_self":
        return [p + 26 for p in result.points]
    return list(result.points)


# ----- facts from the tricks so far -----

def moon_points(state: HandState) -> list[int]:
    """Each seat's points toward a moon so far: its hearts and (while she scores) queens of spades."""
    qp = state.rules.queen_points
    return [h + q * qp for h, q in zip(state.hearts_taken, state.queens_taken, strict=True)]


def lone_taker(points: list[int]) -> int | None:
    """The one seat that has taken every point so far (None when nobody or several have points)."""
    taker = None
    for s, p in enumerate(points):
        if p:
            if taker is not None:
                return None
            taker = s
    return taker


def moon_threat(state: HandState, seat: int) -> int | None:
    """Another seat that has taken every point so far, at least :data:`WATCH_POINTS` of them, if any."""
    points = moon_points(state)
    t = lone_taker(points)
    return t if t is not None and t != seat and points[t] >= WATCH_POINTS else None


def serious_threat(state: HandState, shooter: int) -> bool:
    """Whether the lone point-taker is far enough on to be worth taking points to stop."""
    return moon_points(state)[shooter] >= STOP_POINTS or state.hearts_taken[shooter] >= 5


# ----- the strength of a hand -----

def suit_losers(mine: CardSet, unseen: CardSet) -> int:
    """Tricks the seat's cards of one suit may lose: its cards not above every unseen card, less those that
    win once its top cards have drawn the other seats' cards of the suit."""
    if not mine or not unseen:
        return 0
    top_unseen = unseen.bit_length() - 1
    winners = (mine >> (top_unseen + 1)).bit_count()
    rest = mine.bit_count() - winners
    return min(rest, max(0, unseen.bit_count() - winners))


def losers(hand: CardSet, unseen: CardSet) -> int:
    """Tricks a hand may lose, suit by suit (:func:`suit_losers`)."""
    return sum(suit_losers(hand & m, unseen & m) for m in SUIT_MASKS)


def is_shooting(state: HandState, seat: int, hand: CardSet, unseen: CardSet) -> bool:
    """Whether the seat plays for the moon: it has every point taken so far (or nobody has any and it is
    early), and its cards leave at most one trick to lose (two once it has taken 13 points or more)."""
    points = moon_points(state)
    t = lone_taker(points)
    if t is None:
        if any(points) or len(state.tricks) > 4:
            return False
        return losers(hand, unseen) <= 1 and (hand & HEART_MASK).bit_count() >= 4
    if t != seat:
        return False
    allowed = 2 if points[seat] >= 13 else 1
    return losers(hand, unseen) <= allowed


# ----- the trick on the table -----

def _winning_seat(state: HandState) -> tuple[int, Card]:
    """The seat winning the trick so far and its card (one deck)."""
    trick = state.trick
    led = trick[0] // 13
    best, place = trick[0], 0
    for i, c in enumerate(trick):
        if c // 13 == led and c > best:
            best, place = c, i
    return (state.leader + place) % state.n, best


def _has_played(state: HandState, seat: int) -> bool:
    return (seat - state.leader) % state.n < len(state.trick)


def _trick_points(state: HandState) -> bool:
    return any(c >= 39 or (c == QUEEN_OF_SPADES and state.rules.queen_points) for c in state.trick)


def _point_cards(state: HandState) -> CardSet:
    return HEART_MASK | (QS_BIT if state.rules.queen_points else 0)


def _highest(mask: CardSet) -> Card:
    return mask.bit_length() - 1


def _lowest(mask: CardSet) -> Card:
    return (mask & -mask).bit_length() - 1


def _lowest_rank(mask: CardSet) -> Card:
    """The card of the lowest rank in a set."""
    return min((c for c in range(52) if mask >> c & 1), key=lambda c: (c % 13, c))


# ----- shooting -----

def shoot_play(state: HandState, legal: CardSet, hand: CardSet, unseen: CardSet) -> Card:
    """The shooter's card: lead a sure winner, win the trick when it can, else throw a low non-point card."""
    if not state.trick:
        return _shoot_lead(legal, unseen)
    _, win = _winning_seat(state)
    led = state.trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        over = follow & ~((1 << win) - 1) if win // 13 == led else follow
        if over:
            last = len(state.trick) == state.n - 1
            return _lowest(over) if last else _highest(over)
        return _lowest(follow)
    keep = legal & ~_point_cards(state)
    return _lowest_rank(keep) if keep else _lowest(legal)


def _shoot_lead(legal: CardSet, unseen: CardSet) -> Card:
    """A sure winner from the suit with the most of the other seats' cards (drawing them), else the
    highest card of the longest suit."""
    best, best_key = -1, (-1, -1)
    for m in SUIT_MASKS:
        mine = legal & m
        if not mine:
            continue
        top = _highest(mine)
        others = unseen & m
        if others and others.bit_length() - 1 > top:
            continue
        key = (others.bit_count(), mine.bit_count())
        if key > best_key:
            best, best_key = top, key
    if best >= 0:
        return best
    longest = max((legal & m for m in SUIT_MASKS), key=lambda x: x.bit_count())
    return _highest(longest)


# ----- defending -----

def defend_play(state: HandState, seat: int, legal: CardSet, hand: CardSet, unseen: CardSet, shooter: int
                ) -> Card | None:
    """The defender's card against ``shooter``, or None when the plain model's card will do."""
    serious = serious_threat(state, shooter)
    if not state.trick:
        return _stopping_lead(legal, unseen) if serious else None
    winner, win = _winning_seat(state)
    led = state.trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    shooter_done = _has_played(state, shooter)
    if not follow:
        return _defending_discard(state, legal, hand, winner, shooter, shooter_done)
    if not serious or not (led == HEARTS or _trick_points(state)):
        if winner != shooter:
            return None
        over = follow & ~((1 << win) - 1) & ~_point_cards(state)
        if over and not _trick_points(state):
            return _lowest(over)  # take the lead away from the shooter while it costs nothing yet
        below = follow & ((1 << win) - 1)
        return _lowest(below) if below else None  # keep the high cards to stop the moon later
    if winner != shooter and shooter_done:
        return None  # someone else takes these points already
    over = follow & ~((1 << win) - 1)
    if not over:
        return _lowest(follow)  # keep the stoppers
    last = len(state.trick) == state.n - 1
    return _lowest(over) if last or shooter_done else _highest(over)


def _stopping_lead(legal: CardSet, unseen: CardSet) -> Card | None:
    """A heart no unseen heart beats (taking it stops the moon), if the seat may lead one."""
    hearts = legal & HEART_MASK
    if not hearts:
        return None
    top = _highest(hearts)
    return top if top > _highest(unseen & HEART_MASK) else None


def _defending_discard(state: HandState, legal: CardSet, hand: CardSet, winner: int, shooter: int,
                       shooter_done: bool) -> Card:
    """Void in the led suit: points to anybody but the shooter once the shooter cannot win this trick;
    otherwise no points, keeping the high heart and the side-suit stoppers."""
    points = legal & _point_cards(state)
    if points and winner != shooter and shooter_done:
        return QUEEN_OF_SPADES if points & QS_BIT else _highest(points)
    safe = legal & ~points
    if not safe:
        return _lowest(legal)
    return _lowest_rank(safe) if hand & HEART_MASK else _highest(safe)


# ----- the entry point -----

def moon_play(state: HandState, legal: CardSet) -> Card | None:
    """The card a moon decides for the seat to move (shooting or stopping), or None for the plain model.

    One deck only (with two decks identical cards cancel, and the plain model plays). Cheap when no moon
    is on: most calls return after looking at who has taken points."""
    rules = state.rules
    if rules.decks != 1:
        return None
    hts = state.hearts_taken
    if len(hts) - hts.count(0) > 1:
        return None  # hearts taken by two seats: no moon this hand
    qp = rules.queen_points
    taker = None
    points = 0
    for s, (h, q) in enumerate(zip(state.hearts_taken, state.queens_taken, strict=True)):
        if h or (q and qp):
            if taker is not None:
                return None  # the points are split: no moon this hand
            taker, points = s, h + q * qp
    seat = state.to_move
    hand = state.hands[seat]
    if taker is None:
        if len(state.tricks) > 4 or (hand & HEART_MASK).bit_count() < 4:
            return None
    elif taker != seat and points < WATCH_POINTS:
        return None
    unseen = 0
    for s, h in enumerate(state.hands):
        if s != seat:
            unseen |= h
    if taker is None or taker == seat:
        return shoot_play(state, legal, hand, unseen) if is_shooting(state, seat, hand, unseen) else None
    return defend_play(state, seat, legal, hand, unseen, taker)


__all__ = ["STOP_POINTS", "WATCH_POINTS", "adding_ends_game", "adding_ties_game", "defend_play", "is_shooting",
           "lone_taker", "losers", "moon_play", "moon_points", "moon_threat", "serious_threat", "shoot_play",
           "shooter_choice", "suit_losers"]
