"""Who holds which unseen card, as a bot infers it from what it has seen (the hard level's inference)."""

from __future__ import annotations

from ..engine.cards import QUEEN_OF_SPADES, SPADES, SUIT_MASKS, Card, CardSet, card_name
from ..engine.moves import Trick
from ..engine.view import PlayerView

KING_OF_SPADES = QUEEN_OF_SPADES + 1
ACE_OF_SPADES = QUEEN_OF_SPADES + 2
VOID_AFTER_PASS = 0.14
"""How often a hard bot is void in clubs (or diamonds) after passing (measured over 400 deals)."""


def seat_name(view: PlayerView, seat: int) -> str:
    """How the bot speaks of a seat."""
    if seat == view.seat:
        return "me"
    offset = (seat - view.seat) % view.n
    if offset == 1:
        return f"seat {seat} (on my left)"
    if offset == view.n - 1:
        return f"seat {seat} (on my right)"
    if view.n % 2 == 0 and offset == view.n // 2:
        return f"seat {seat} (across)"
    return f"seat {seat}"



class Beliefs:
    """Who holds which unseen card, as probabilities per seat (the hard level's inference).

    ``prob[c][s]`` is the chance seat ``s`` holds card ``c`` (index ``n`` is the face-down kitty). Facts
    come first: own cards, played cards, voids (``view.excluded``) and the bot's own pass. Evidence from
    play shifts the odds: a seat that threw off another card while void probably had no queen of spades
    (it would have dumped her), and a seat that leads spades while the queen is out seldom holds her.
    """

    def __init__(self, view: PlayerView, *, use_evidence: bool = True) -> None:
        self.view = view
        n = self.n = view.n
        self.factors: dict[Card, list[float]] = {}
        self.evidence: list[str] = []
        unseen = view.unseen()
        self.unseen_counts = [0] * 52
        for c in unseen:
            self.unseen_counts[c] += 1
        self.unseen_mask = 0
        for c in unseen:
            self.unseen_mask |= 1 << c
        known = view.known_holder()
        room = [float(view.hand_sizes[s]) for s in range(n)] + [
            float(view.kitty_size if view.kitty is None else 0)]
        room[view.seat] = 0.0
        for holder in known.values():
            room[holder] = max(0.0, room[holder] - 1)
        self.room = room
        if use_evidence:
            self._read_evidence()
        self.prob: dict[Card, list[float]] = {}
        for c in range(52):
            if not self.unseen_counts[c]:
                continue
            if c in known:
                p = [0.0] * (n + 1)
                p[known[c]] = 1.0
                self.prob[c] = p
                continue
            f = self.factors.get(c)
            w = []
            for s in range(n + 1):
                if room[s] <= 0 or (s < n and view.phase.value != "pass" and view.excluded[s] >> c & 1):
                    w.append(0.0)
                else:
                    w.append(room[s] * (f[s] if f else 1.0))
            total = sum(w)
            self.prob[c] = [x / total if total else 0.0 for x in w]

    def _scale(self, c: Card, seat: int, factor: float) -> None:
        f = self.factors.setdefault(c, [1.0] * (self.n + 1))
        f[seat] *= factor

    def _read_evidence(self) -> None:
        view = self.view
        rules = view.rules
        if not rules.queen_points or not self.unseen_counts[QUEEN_OF_SPADES]:
            return
        queen_gone = 0
        seen: set[tuple[int, str]] = set()  # with two decks, each kind of evidence counts once per seat
        for number, t in enumerate(view.tricks + ((Trick(view.leader, view.trick, None),) if view.trick else ())):
            led = t.cards[0] // 13
            for i, c in enumerate(t.cards):
                seat = (t.leader + i) % view.n
                if seat == view.seat:
                    continue
                if i == 0 and c // 13 == SPADES and c != QUEEN_OF_SPADES and not queen_gone:
                    if rules.decks == 1 or (seat, "lead") not in seen:
                        seen.add((seat, "lead"))
                        self._scale(QUEEN_OF_SPADES, seat, 0.6)
                        self.evidence.append(f"{seat_name(view, seat)} led a spade while the queen was out")
                elif (c // 13 != led and c != QUEEN_OF_SPADES and not queen_gone
                      and not (number == 0 and rules.first_trick_points == "forbidden")
                      and (rules.decks == 1 or (seat, "throw") not in seen)):
                    seen.add((seat, "throw"))
                    self._scale(QUEEN_OF_SPADES, seat, 0.25)
                    self._scale(KING_OF_SPADES, seat, 0.6)
                    self._scale(ACE_OF_SPADES, seat, 0.6)
                    self.evidence.append(
                        f"{seat_name(view, seat)} threw off {card_name(c)}, not the queen: probably without her")
                if c == QUEEN_OF_SPADES:
                    queen_gone += 1
                    if queen_gone >= rules.decks:
                        return

    def holds(self, c: Card, seat: int) -> float:
        p = self.prob.get(c)
        return p[seat] if p else 0.0

    def holds_any(self, mask: CardSet, seat: int) -> float:
        """Chance ``seat`` holds at least one card of ``mask`` (independence assumed)."""
        miss = 1.0
        m = mask & self.unseen_mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            miss *= 1.0 - self.holds(c, seat)
        return 1.0 - miss

    def void_chance(self, suit: int, seat: int) -> float:
        """Chance ``seat`` has no card of ``suit``."""
        view = self.view
        if view.excluded[seat] & SUIT_MASKS[suit] == SUIT_MASKS[suit]:
            return 1.0
        return 1.0 - self.holds_any(SUIT_MASKS[suit], seat)

    def card_weights(self) -> dict[Card, list[float]]:
        """Per-card, per-seat weights for :func:`~hearts_tutor.engine.sampling.sample_deal` (the evidence factors)."""
        return {c: list(f) for c, f in self.factors.items()}

    def void_odds(self, chance: float = VOID_AFTER_PASS) -> dict[int, list[float]]:
        """Per seat and suit, the chance it emptied a short club or diamond suit when passing.

        Applies to seats that have not shown a card of that suit and hold none the bot knows of, in a hand
        with a pass. Players (and the bots) void short side suits on purpose, so after a pass such voids
        are far more common than in a random deal (about one seat in seven for each side suit).
        """
        view = self.view
        if not view.passed or view.phase.value == "pass":
            return {}
        shown = [0] * view.n
        for seat, c in view.plays():
            shown[seat] |= 1 << c
        for c, holder in view.known_holder().items():
            shown[holder] |= 1 << c
        odds: dict[int, list[float]] = {}
        for s in range(view.n):
            if s == view.seat:
                continue
            row = [0.0] * 4
            for suit in (0, 1):
                m = SUIT_MASKS[suit]
                if not shown[s] & m and view.excluded[s] & m != m and self.unseen_mask & m:
                    row[suit] = chance
            if any(row):
                odds[s] = row
        return odds

    def queen_odds(self) -> dict[int, float]:
        p = self.prob.get(QUEEN_OF_SPADES)
        if not p:
            return {}
        out = {s: round(p[s], 3) for s in range(self.n) if s != self.view.seat}
        if self.view.kitty is None and self.view.kitty_size:
            out[-1] = round(p[self.n], 3)
        return out



__all__ = ["ACE_OF_SPADES", "KING_OF_SPADES", "VOID_AFTER_PASS", "Beliefs", "seat_name"]
