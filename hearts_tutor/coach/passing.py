"""The pass: flags on the cards chosen and the cards kept, and the pass the coach would make.

Strategy from seeds 001 and 003, Joe Andrews' columns and heartscardgame.org: keep the queen of spades with four
other spades, or three lower than her (three guards, preferably four); pass her with fewer, or when the ace or
king is one of only three; a passed queen takes a short ace or king of spades with her (passing left or across
her new holder often plays after you on a spade trick; passing right she mostly plays before you, which makes
keeping them less dangerous, but the coach's simulations still usually pass them); keep the ace or king of
spades without her beside three low spades; keep low spades (the queen's guards) if
you keep her; use the pass to void (empty) a short
suit; keep low hearts (your safest cards) unless you are shooting the moon, when the hearts that can lose a
trick must go; after unguarded high spades and high cards in short suits, mid-range 7-J cards with no lower
card of their suit are the holdings to watch. Variants change the advice: when the jack of diamonds
is worth -10 keep it and the high diamonds that catch it; when the queen of spades scores nothing, high
spades are ordinary cards.

>>> from hearts_tutor import HandState, Rules, parse_cards
>>> from hearts_tutor.engine.cards import parse_card
>>> deal = [parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC QS 3S 2H 3H")] + [[] for _ in range(3)]
>>> rest = sorted(set(range(52)) - set(deal[0]))
>>> deal = [deal[0]] + [rest[i * 13:(i + 1) * 13] for i in range(3)]
>>> view = HandState(Rules.preset("standard"), deal).view(0)
>>> [f.id for f in review_pass(view, parse_cards("2H 3H 2C")).flags]
['keep_queen_short_spades', 'pass_low_hearts']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..bots.passing import beaten_by_others, moon_pass_order
from ..engine.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SPADES,
    Card,
    card_str,
    rank_of,
    suit_of,
)
from ..engine.hand import IllegalMove, Phase
from ..engine.moves import hand_masks, verify_pass_cards
from ..engine.rules import Rules
from ..engine.view import PlayerView
from . import text
from .flags import (
    ACE,
    JACK,
    KING,
    LOW_RANKS,
    MIDRANGE_RANKS,
    QUEEN,
    Flag,
    jack_scores,
    moon_potential,
    queen_scores,
    suit_cards,
    worst,
)

QUEEN_GUARDS_SAFE = 4
"""With this many other spades the queen of spades is safe to keep, whatever they are (heartscardgame.org: "at
least four others... the higher the better")."""
QUEEN_LOW_GUARDS = 3
"""Spades lower than the queen with which keeping her is still right, if closer: three guards, preferably four.
With the ace or king as one of only three, passing her does better (the coach's rollouts)."""
HIGH_SPADE_GUARDS = 3
"""Low spades beside the ace or king of spades (without the queen) to keep them (Joe Andrews: "always keep the
Ace or King of Spades whenever you have at least three low supporting spades")."""


def queen_guarded(others: Sequence[Card]) -> bool:
    """Whether the queen of spades is safe enough to keep beside these other spades: four of any rank, or three
    lower than her.

    >>> from hearts_tutor.engine.cards import parse_cards
    >>> queen_guarded(parse_cards("2S 3S 4S")), queen_guarded(parse_cards("AS 3S 4S")), queen_guarded([])
    (True, False, False)
    """
    low = [c for c in others if c < QUEEN_OF_SPADES]
    return len(others) >= QUEEN_GUARDS_SAFE or len(low) >= QUEEN_LOW_GUARDS


@dataclass(frozen=True)
class PassReview:
    """The coach's flags on a pass: the cards passed, the cards kept, and what it noticed."""

    cards: tuple[Card, ...]
    kept: tuple[Card, ...]
    flags: tuple[Flag, ...] = field(default=())

    @property
    def severity(self) -> str | None:
        """The most serious flag's severity (None when the pass raises no concern)."""
        return worst(self.flags)

    @property
    def ids(self) -> list[str]:
        return [f.id for f in self.flags]

    def to_json(self) -> dict[str, Any]:
        return {"cards": [card_str(c) for c in self.cards], "flags": [f.to_json() for f in self.flags]}


def hand_before_pass(view: PlayerView) -> list[Card]:
    """The seat's cards before its pass (the view's hand during the pass, else rebuilt from what it passed
    and received)."""
    if view.passed is None:
        return list(view.hand)
    played_by_me = [c for s, c in view.plays() if s == view.seat]
    now = list(view.hand) + played_by_me
    for c in view.received:
        now.remove(c)
    return sorted(now + list(view.passed))


def check_pass(view: PlayerView, cards: Sequence[Card]) -> None:
    """Raise :class:`~hearts_tutor.engine.hand.IllegalMove` (the engine's rule) unless these cards can be passed
    from the hand the seat held before its pass."""
    if view.pass_direction == "keep":
        raise IllegalMove("no_passing", "This is a keep hand: nobody passes, you play the cards dealt.")
    hand, doubles = hand_masks(hand_before_pass(view))
    verify_pass_cards(view.rules.pass_count, list(cards), hand, doubles)


def _spade_facts(cards: Iterable[Card]) -> tuple[bool, list[Card], list[Card]]:
    """(holds the queen, spades other than the queen, the ace and king of spades held)."""
    spades = suit_cards(cards, SPADES)
    others = [c for c in spades if c != QUEEN_OF_SPADES]
    high = [c for c in spades if rank_of(c) in (KING, ACE)]
    return QUEEN_OF_SPADES in spades, others, high


def review_pass(view: PlayerView, cards: Sequence[Card]) -> PassReview:
    """Flags for passing ``cards`` from the seat's hand (the hand before the pass, as dealt)."""
    hand = hand_before_pass(view)
    check_pass(view, cards)
    passed = sorted(cards)
    kept = list(hand)
    for c in passed:
        kept.remove(c)
    rules = view.rules
    flags: list[Flag] = []
    moon = moon_potential(hand)
    queen_on = queen_scores(rules)

    held_queen, _, _ = _spade_facts(hand)
    kept_queen, kept_other_spades, _ = _spade_facts(kept)
    passed_spades = suit_cards(passed, SPADES)
    guarded = queen_guarded(kept_other_spades)
    if queen_on and kept_queen and not moon:
        if not guarded:
            flags.append(Flag("keep_queen_short_spades", "danger" if len(kept_other_spades) < 3 else "warning",
                              text.keep_queen_short(kept_other_spades), (QUEEN_OF_SPADES, *kept_other_spades)))
        guards = [c for c in passed_spades if c < QUEEN_OF_SPADES]
        if guards:
            flags.append(Flag("pass_spade_guards", "danger" if not guarded else "warning",
                              text.pass_spade_guards(guards), tuple(guards)))
    high_passed = [c for c in passed_spades if rank_of(c) in (KING, ACE)]
    if queen_on and high_passed and not held_queen:
        low = [c for c in suit_cards(hand, SPADES) if c < QUEEN_OF_SPADES]
        if len(low) >= QUEEN_GUARDS_SAFE:  # with three the coach keeps it too, but passing it costs next to nothing
            flags.append(Flag("pass_high_spade_unneeded", "warning",
                              text.pass_high_spade_unneeded(high_passed, len(low)), tuple(high_passed)))
    if not queen_on:
        top = [c for c in passed_spades if rank_of(c) >= QUEEN]
        if top:
            flags.append(Flag("queen_off_spades", "info", text.queen_off_spades(top), tuple(top)))

    low_hearts_passed = [c for c in suit_cards(passed, HEARTS) if rank_of(c) in LOW_RANKS]
    low_hearts_kept = [c for c in suit_cards(kept, HEARTS) if rank_of(c) in LOW_RANKS]
    if moon:
        if low_hearts_passed:
            flags.append(Flag("moon_pass_low_hearts", "info", text.moon_pass_low_hearts(low_hearts_passed, rules),
                              tuple(low_hearts_passed)))
        elif low_hearts_kept:
            flags.append(Flag("moon_keep_low_hearts", "info", text.moon_keep_low_hearts(low_hearts_kept, rules),
                              tuple(low_hearts_kept)))
    elif low_hearts_passed:
        flags.append(Flag("pass_low_hearts", "warning", text.pass_low_hearts(low_hearts_passed),
                          tuple(low_hearts_passed)))

    if not moon:
        void = _missed_void(rules, hand, passed, kept)
        if void is not None:
            suit, suit_held = void
            flags.append(Flag("missed_void", "warning", text.missed_void(suit, suit_held), tuple(suit_held)))

        risky = _dangerous_midrange(rules, kept)
        if risky:
            emptied = {suit_of(c) for c in passed if not suit_cards(kept, suit_of(c))}  # voids the pass made
            passed_low = any(rank_of(c) in LOW_RANKS and suit_of(c) not in emptied | {HEARTS} for c in passed)
            if passed_low:
                flags.append(Flag("keep_midrange", "warning", text.keep_midrange(risky), tuple(risky)))
            else:
                flags.append(Flag("keep_midrange", "info", text.keep_midrange_info(risky), tuple(risky)))

    if jack_scores(rules):
        if JACK_OF_DIAMONDS in passed:
            flags.append(Flag("pass_jack_of_diamonds", "warning", text.pass_jack_of_diamonds(),
                              (JACK_OF_DIAMONDS,)))
        high_d = [c for c in suit_cards(passed, DIAMONDS) if rank_of(c) > JACK]
        if high_d:
            flags.append(Flag("pass_high_diamonds", "warning", text.pass_high_diamonds(high_d), tuple(high_d)))

    ace_h = HEARTS * 13 + ACE
    if ace_h in passed and not any(suit_of(c) == HEARTS and rank_of(c) >= QUEEN for c in kept) and not moon:
        flags.append(Flag("pass_moon_stopper", "info", text.pass_moon_stopper(ace_h, rules), (ace_h,)))
    return PassReview(tuple(passed), tuple(sorted(kept)), tuple(flags))


def _void_suits(rules: Rules, hand: Sequence[Card]) -> list[int]:
    """Suits worth voiding by the pass: clubs, diamonds (not when holding the -10 jack or high diamonds
    that catch it), and spades only where the queen does not score, or where the only spades held are the ace
    and king (the queen elsewhere): spades below the queen are kept, to play under her if she is led or passed
    to you (lesson 2)."""
    suits = [CLUBS, DIAMONDS]
    if not queen_scores(rules) or (QUEEN_OF_SPADES not in hand
                                   and all(rank_of(c) > QUEEN for c in suit_cards(hand, SPADES))):
        suits.append(SPADES)
    if jack_scores(rules) and any(suit_of(c) == DIAMONDS and rank_of(c) >= JACK for c in hand):
        suits.remove(DIAMONDS)
    return suits


def makes_void(hand: Sequence[Card], kept: Sequence[Card]) -> bool:
    """Whether keeping ``kept`` of ``hand`` empties a suit other than hearts that the hand held."""
    return any(suit != HEARTS and suit_cards(hand, suit) and not suit_cards(kept, suit) for suit in range(4))


def _missed_void(rules: Rules, hand: Sequence[Card], passed: Sequence[Card],
                 kept: Sequence[Card]) -> tuple[int, list[Card]] | None:
    """A short suit the pass could have emptied but did not (None when the pass made a void anyway)."""
    k = rules.pass_count
    if makes_void(hand, kept):
        return None
    needed = 0
    held_queen, others, _ = _spade_facts(hand)
    if queen_scores(rules) and held_queen and not queen_guarded(others):
        needed = 1  # the queen must go too
    options = []
    for suit in _void_suits(rules, hand):
        cards = suit_cards(hand, suit)
        if 0 < len(cards) <= k - needed and len(cards) <= 2:
            options.append((sum(rank_of(c) for c in cards), suit, cards))
    if not options:
        return None
    _, suit, cards = max(options)
    return suit, cards


def _dangerous_midrange(rules: Rules, kept: Sequence[Card]) -> list[Card]:
    """Kept 7-J cards with no lower card of their suit kept (hearts too), not spades below a live queen, and not
    a suit's only card (a singleton goes the first time its suit is led, early in the hand, not late)."""
    out = []
    for c in kept:
        if rank_of(c) not in MIDRANGE_RANKS:
            continue
        suit = suit_of(c)
        if suit == SPADES and queen_scores(rules) and c < QUEEN_OF_SPADES:
            continue
        if c == JACK_OF_DIAMONDS and jack_scores(rules):
            continue
        if not any(suit_of(d) == suit and d < c for d in kept) and any(suit_of(d) == suit for d in kept if d != c):
            out.append(c)
    return out


# ----- the coach's pass -----

def _danger(rules: Rules, hand: Sequence[Card], c: Card, keep_queen: bool) -> float:
    """How much the coach wants ``c`` out of the hand (higher: pass it sooner)."""
    r, suit = rank_of(c), suit_of(c)
    score = float(r)
    length = len(suit_cards(hand, suit))
    if suit == SPADES and queen_scores(rules):
        if c == QUEEN_OF_SPADES:
            return -50.0 if keep_queen else 40.0
        if keep_queen:
            return -20.0  # every other spade is one of her guards
        if r > QUEEN:
            low = sum(1 for d in hand if suit_of(d) == SPADES and d < QUEEN_OF_SPADES)
            return 30.0 + r if low < HIGH_SPADE_GUARDS else 1.0
        return r / 2 - 2
    if suit == HEARTS:
        score = r + 1.5 if r >= JACK else (r - 8.0 if r in LOW_RANKS else r - 1.0)
    if jack_scores(rules) and suit == DIAMONDS and r >= JACK:
        return -30.0
    if r in MIDRANGE_RANKS and not any(suit_of(d) == suit and d < c for d in hand):
        score += 3.0
    if suit != HEARTS and length <= 2:
        score += 2.0
    return score


PassParts = list[tuple[list[Card], Callable[[text.PassForm], str]]]
"""A pass in groups of cards, each with its reason said in a :data:`~hearts_tutor.coach.text.PassForm`."""


def suggest_pass(view: PlayerView, moon: bool = True) -> tuple[tuple[Card, ...], str]:
    """The pass the coach would make, and why (plain sentences, one a group of cards); ``moon=False``: not the moon
    pass, even for a hand that could try (a moon would lose the game at the score)."""
    cards, parts = suggest_pass_parts(view, moon)
    return cards, " ".join(say("alone") for _, say in parts)


def reveal_pass(view: PlayerView) -> tuple[tuple[Card, ...], str]:
    """The pass the coach would make, said as its own with the pass named once ('The coach would pass A, B and C.
    The queen of spades: ...')."""
    cards, parts = suggest_pass_parts(view)
    return cards, text.pass_reasons(cards, parts, coach=True)


def suggest_pass_parts(view: PlayerView, moon: bool = True) -> tuple[tuple[Card, ...], PassParts]:
    """The pass the coach would make, in groups, each with its reason (``moon``: as :func:`suggest_pass`)."""
    rules = view.rules
    hand = hand_before_pass(view)
    k = rules.pass_count
    if moon and moon_potential(hand):
        moon_pass = moon_pass_order(hand, rules)[:k]
        losers = [c for c in moon_pass if beaten_by_others(hand, c)]
        return tuple(sorted(moon_pass)), [(moon_pass, partial(text.reason_pass_moon, moon_pass, rules,
                                                               losers=losers))]

    chosen: list[Card] = []
    reasons: PassParts = []
    held_queen, others, high = _spade_facts(hand)
    keep_queen = False
    if queen_scores(rules):
        if held_queen and not queen_guarded(others):
            chosen += [c for c in hand if c == QUEEN_OF_SPADES][:k]  # both of them with two decks
            queens = list(chosen)
            reasons.append((queens, partial(text.reason_pass_queen, sum(1 for c in others if c < QUEEN_OF_SPADES),
                                            len(queens))))
            extra = sorted(high, reverse=True)[:k - len(chosen)]
            if extra:
                chosen += extra
                reasons.append((extra, partial(text.reason_pass_high_with_queen, extra, view.pass_direction)))
        elif held_queen:
            keep_queen = True
        elif high and len(others) - len(high) < HIGH_SPADE_GUARDS:
            top = sorted(high, reverse=True)[:k]
            chosen += top
            reasons.append((top, partial(text.reason_pass_high_spades, top)))

    slots = k - len(chosen)
    if slots > 0:
        best = None
        for suit in _void_suits(rules, hand):
            cards = [c for c in suit_cards(hand, suit) if c not in chosen]
            if not cards or len(cards) > slots:
                continue
            if suit == SPADES and keep_queen:
                continue
            if len(cards) <= 2 or max(rank_of(c) for c in cards) >= JACK:
                value = sum(_danger(rules, hand, c, keep_queen) for c in cards) + 4 - 2 * len(cards)
                if best is None or value > best[0]:
                    best = (value, suit, cards)
        if best is not None:
            _, suit, cards = best
            chosen += cards
            reasons.append((cards, partial(text.reason_pass_void, suit, cards)))

    slots = k - len(chosen)
    if slots > 0:
        rest = sorted((c for c in hand if c not in chosen),
                      key=lambda c: (-_danger(rules, hand, c, keep_queen), -c))
        fill = rest[:slots]
        chosen += fill
        reasons.append((fill, partial(text.reason_pass_dangerous, fill)))
    return tuple(sorted(chosen)), reasons


def pass_candidates(view: PlayerView, extra: Iterable[Sequence[Card]] = (), limit: int = 6, moon: bool = True
                    ) -> list[tuple[Card, ...]]:
    """A handful of sensible passes to compare by rollouts: the coach's own (``moon``: as :func:`suggest_pass`),
    variations on it, and ``extra``."""
    rules = view.rules
    hand = hand_before_pass(view)
    k = rules.pass_count
    mine, _ = suggest_pass(view, moon)
    out: list[tuple[Card, ...]] = [tuple(sorted(mine))]
    for e in extra:
        t = tuple(sorted(e))
        if t not in out:
            out.append(t)
    held_queen, _, _ = _spade_facts(hand)
    for keep_queen in (False, True) if held_queen else (False,):
        ranked = sorted(hand, key=lambda c: (-_danger(rules, hand, c, keep_queen), -c))
        t = tuple(sorted(ranked[:k]))
        if t not in out:
            out.append(t)
        # swap the weakest card of the coach's pass for each of the next most dangerous ones
        for alt in ranked[k:k + 3]:
            base = sorted(mine, key=lambda c: _danger(rules, hand, c, keep_queen))
            t = tuple(sorted([alt, *base[1:]]))
            if t not in out and len(set(t)) == k:
                out.append(t)
    highest = tuple(sorted(sorted(hand, key=lambda c: (-rank_of(c), -c))[:k]))
    if highest not in out:
        out.append(highest)
    keepers = [tuple(sorted(e)) for e in extra]
    trimmed = out[:limit]
    for t in keepers:
        if t not in trimmed:
            trimmed.append(t)
    return trimmed


def remembered_pass(view: PlayerView) -> str | None:
    """What the seat passed and to whom, and which of those cards that player still holds (None before the
    pass or in a keep hand)."""
    if not view.passed or view.phase is Phase.PASS:
        return None
    who = text.seat_phrase(view.seat, view.pass_target(), view.n)
    still = sorted(view.known_holder())
    return text.remembered_pass(list(view.passed), who, still)
