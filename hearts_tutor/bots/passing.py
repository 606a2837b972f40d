"""Choosing the cards to pass (a heuristic bot's rules of thumb), and saying why in a sentence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.cards import HEARTS, QS_BIT, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, SUIT_NAMES, Card, card_name, join_names
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .facts import Skills
from .search import JD, JD_BIT


def pass_scores(view: PlayerView, skills: Skills, plan: str, *, void_max: int, queen_guards: int
                ) -> dict[Card, tuple[float, str]]:
    """Per card: how much it wants to go, and why in a few words (``void_max``: the longest side suit it
    empties by passing; ``queen_guards``: the other spades it wants before it keeps the queen)."""
    rules = view.rules
    hand = view.hand_mask
    sk = skills
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    queen = rules.queen_points != 0
    out: dict[Card, tuple[float, str]] = {}
    if plan == "moon":
        order = moon_pass_order(view.hand, rules)
        for i, c in enumerate(order):
            out[c] = (float(len(order) - i), MOON_LOSER if beaten_by_others(view.hand, c) else MOON_SPARE)
        return out
    # medium and hard: which short side suits to void (the cheapest to empty first)
    void_suits: set[int] = set()
    if sk.voids_on_purpose:
        room = rules.pass_count
        if queen and hand & QS_BIT and lengths[SPADES] <= queen_guards:
            room -= 1
        for s in sorted((0, 1), key=lambda s: lengths[s]):
            if 0 < lengths[s] <= min(void_max, room) and not (rules.jack_points and hand & JD_BIT and s == 1):
                if sk.counts_cards and s == 0 and hand & 1 and lengths[s] == 2:
                    continue  # careful: the 2 of clubs leads anyway; a club void comes later
                void_suits.add(s)
                room -= lengths[s]
    for c in view.hand:
        suit, rank = divmod(c, 13)
        if suit == SPADES and queen:
            spades = lengths[SPADES]
            if c == QUEEN_OF_SPADES:
                guarded = spades > queen_guards
                if not sk.voids_on_purpose:
                    out[c] = (40.0, f"is worth {rules.queen_points} points")
                elif guarded:
                    out[c] = (8.0, KEEP_GUARDED_QUEEN)
                else:
                    out[c] = (40.0, f"is worth {rules.queen_points} points, and I have few other spades to "
                                    "hide her behind")
            elif rank > 10:
                if hand & QS_BIT or spades >= 5:
                    out[c] = (rank - 3.0, KEEP_SPADE_WITH_QUEEN if hand & QS_BIT else KEEP_COVERED_SPADE)
                else:
                    out[c] = (25.0 + rank, "is a high spade that could catch the queen")
            else:
                out[c] = (rank - 8.0 if sk.flushes_spades else rank - 2.0, KEEP_LOW_SPADE)
        elif suit == HEARTS:
            out[c] = (rank + 3.0, "is a high heart" if rank >= 8 else "is a middling heart" if rank >= 4
                      else "is a low heart")
            if sk.counts_cards and rank <= 3:
                out[c] = (rank - 2.0, KEEP_LOW_HEART)
        elif c == JD and rules.jack_points:
            out[c] = (-10.0, KEEP_JACK)
        else:
            if suit in void_suits:
                out[c] = (20.0 + rank, f"{VOID_REASON} {SUIT_NAMES[suit]}")
            else:
                out[c] = (float(rank), "is a high card" if rank >= 9 else "is a middling card" if rank >= 5
                          else KEEP_LOW_CARD)
    return out


def higher_outside(hand: Sequence[Card], c: Card) -> int:
    """How many cards of ``c``'s suit higher than ``c`` are outside ``hand`` (other players' cards that beat it)."""
    held = {x for x in hand if x // 13 == c // 13}
    return sum(1 for r in range(c + 1, (c // 13 + 1) * 13) if r not in held)


def beaten_by_others(hand: Sequence[Card], c: Card) -> bool:
    """Whether a card of ``c``'s suit higher than ``c`` is outside ``hand`` (another player could beat it)."""
    return higher_outside(hand, c) > 0


def moon_pass_order(hand: Sequence[Card], rules: Rules) -> list[Card]:
    """A moon hand's cards in the order to pass them: first the cards another player can beat, the most beatable
    first (a heart counts as three more: one heart trick lost ruins the moon), then the winners the moon needs
    least: clubs and diamonds before the high spades that catch the queen, the hearts last; the queen of spades,
    13 of the moon's points in hand, never."""
    def key(c: Card) -> tuple[int, int, int]:
        suit = c // 13
        if c == QUEEN_OF_SPADES and rules.queen_points:
            return (2, 0, 0)
        if (above := higher_outside(hand, c)) > 0:
            return (0, -(above + 3 * (suit == HEARTS)), c % 13)
        keep = 2 if suit == HEARTS else 1 if suit == SPADES and rules.queen_points else 0
        return (1, keep, c % 13)

    return sorted(hand, key=key)


MOON_LOSER = "could lose a trick, and one trick lost can ruin my moon"
MOON_SPARE = "is a winner my moon needs least"
KEEP_GUARDED_QUEEN = "is safe with the other spades I hold"
KEEP_COVERED_SPADE = "is safe enough with the other spades I hold"
KEEP_SPADE_WITH_QUEEN = "cannot catch the queen while I hold her"
KEEP_LOW_SPADE = "is a spade below the queen, which keeps me safe from her"
KEEP_LOW_HEART = "is a low heart, good for staying under heart tricks"
KEEP_JACK = "takes 10 points off the score of whoever wins it"
KEEP_LOW_CARD = "is a low card, safe to keep"
KEEP_REASONS = frozenset({KEEP_GUARDED_QUEEN, KEEP_COVERED_SPADE, KEEP_SPADE_WITH_QUEEN, KEEP_LOW_SPADE,
                          KEEP_LOW_HEART, KEEP_JACK, KEEP_LOW_CARD})
"""Pass reasons that speak for keeping a card (said differently when the card is passed all the same)."""
VOID_REASON = "is one of the few cards I hold of its suit: passing them empties my"


def pass_reasons(hand: tuple[Card, ...], chosen: tuple[Card, ...], scores: Mapping[Card, tuple[float, str]]
                  ) -> str:
    """'the queen of spades is worth 13 points; the 3 and the 5 of clubs empty my clubs ...': one clause per
    card passed (both copies of a card, and the cards that empty one suit, share a clause), and reasons that
    speak for keeping a card said as such."""
    kept = list(hand)
    for c in chosen:
        kept.remove(c)
    clauses = []
    voiding: dict[int, list[Card]] = {}
    for c in sorted(chosen, key=lambda c: (-scores[c][0], c)):
        if scores[c][1].startswith(VOID_REASON):
            voiding.setdefault(c // 13, []).append(c)
    for c in sorted(set(chosen), key=lambda c: (-scores[c][0], c)):
        name, it = (card_name(c), "it") if chosen.count(c) == 1 else (join_names([c, c]), "each")
        reason = scores[c][1]
        if reason.startswith(VOID_REASON):
            if str(c // 13) not in clauses:
                clauses.append(str(c // 13))  # the place of the clause for the suit it empties
            continue
        if reason == KEEP_SPADE_WITH_QUEEN and QUEEN_OF_SPADES in chosen:
            clauses.append(f"{name} {'goes' if it == 'it' else 'go'} with the queen: with her gone, {it} could be "
                           "the card she is dropped on")
        elif reason in KEEP_REASONS:
            clauses.append(f"{name}, though {it} {reason} (the rest of my hand is worth keeping even more)")
        else:
            clauses.append(f"{name} {reason}" if it == "it" else f"{name} ({it} {reason})")
    for suit, cards in voiding.items():
        name = SUIT_NAMES[suit]
        left = sum(1 for k in kept if k // 13 == suit)
        one = len(cards) == 1
        what = (f"{'empties' if one else 'empty'} my {name}, so I can throw away bad cards when {name} are led"
                if not left else
                f"{'leaves' if one else 'leave'} me only {left} {name if left > 1 else name[:-1]}, closer to none")
        clauses[clauses.index(str(suit))] = f"{join_names(cards)} {what}"
    return "; ".join(clauses)


__all__ = ["KEEP_REASONS", "MOON_LOSER", "MOON_SPARE", "VOID_REASON", "beaten_by_others", "higher_outside",
           "moon_pass_order", "pass_reasons", "pass_scores"]
