"""The rule-based levels of seed 000: easy, medium and hard.

One engine of rules of thumb with skills switched on level by level:

* ``easy`` plays low and high cards as needed: ducks under the winner, dumps the queen and high hearts
  when void, leads low. It does not count cards or make plans.
* ``medium`` also voids short suits on purpose when passing, leads spades aggressively to flush out the
  queen early, tries to win the jack of diamonds, and remembers what it passed (the queen it passed to a
  player who has already played to a spade trick cannot fall on that trick, so its king or ace is safe).
* ``hard`` also counts every played card and tracks voids, infers who holds the queen (or any card) from
  voids, passes and play, acts on those probabilities (and double-checks its best few cards by playing the
  hand out a few times in its head on deals drawn from those probabilities), is more careful when voiding and
  with its high spades, stops moon attempts and shoots the moon when its hand allows. To stop a moon it
  watches a player who has taken every point (or every trick) so far: it keeps its highest heart while that
  heart can still win, and throws that player no hearts. Once the threat is clear (the queen, or many
  hearts) it takes points or the lead from the shooter and leads a heart the shooter cannot beat.

Every score is a rough number of points the card is expected to cost (lower is better).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ..cards import (
    HEART_MASK,
    HEARTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    CardSet,
    card_name,
    card_str,
    join_names,
    join_words,
)
from ..view import PlayerView
from .base import Bot, Decision, Reasoning
from .search import JD, JD_BIT, trick_winner_card

SPADE_MASK = SUIT_MASKS[SPADES]
KING_OF_SPADES = QUEEN_OF_SPADES + 1
ACE_OF_SPADES = QUEEN_OF_SPADES + 2
HIGH_SPADES = (1 << KING_OF_SPADES) | (1 << ACE_OF_SPADES)
MILD_STOP = 3.0
"""Hard: what taking a trick with points from a possible moon shooter is worth (the moon is not yet sure)."""
QS_KEEP = 3
"""Hard: with this many hearts taken by a possible shooter, it no longer gets the queen of spades from me."""
VOID_AFTER_PASS = 0.14
"""How often a hard bot is void in clubs (or diamonds) after passing (measured over 400 deals)."""


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


EASY = Skills()
MEDIUM = Skills(voids_on_purpose=True, flushes_spades=True, remembers_pass=True, wins_jack=True)
HARD = Skills(voids_on_purpose=True, flushes_spades=True, remembers_pass=True, wins_jack=True, sees_voids=True,
              counts_cards=True, infers=True, moon=True)


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
        for number, t in enumerate(view.tricks + ((_open_trick(view),) if view.trick else ())):
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
                        f"{seat_name(view, seat)} threw off {card_name(c)} instead of the queen")
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
        """Per-card, per-seat weights for :meth:`PlayerView.sample` (the evidence factors)."""
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


def _open_trick(view: PlayerView) -> Any:
    from ..hand import Trick

    return Trick(view.leader, view.trick, None)


class HeuristicBot(Bot):
    """Rules of thumb, switched on by level (see the module docstring)."""

    level: ClassVar[str] = "easy"
    skills: ClassVar[Skills] = EASY
    void_max: ClassVar[int] = 2
    """Longest side suit the bot empties by passing."""
    queen_guards: ClassVar[int] = 3
    """Other spades the bot wants before it keeps the queen of spades."""

    # ===== passing =====

    def choose_pass(self, view: PlayerView) -> Decision:
        why = Reasoning()
        rules = view.rules
        k = rules.pass_count
        target = view.pass_target()
        why.observed(f"I pass {k} cards to {seat_name(view, target)}.", receiver=target,
                     direction=view.pass_direction)
        plan = self.pass_plan(view)
        scores = self.pass_scores(view, plan)
        order = sorted(view.hand, key=lambda c: (-scores[c][0], -c))
        chosen = tuple(sorted(order[:k]))
        why.considered("How much I want to be rid of each card (higher: pass it first).",
                       scores={card_str(c): round(scores[c][0], 2) for c in sorted(set(view.hand))})
        reasons = _pass_reasons(view.hand, chosen, scores)
        return Decision("pass", view.seat, chosen, steps=why.chose(
            f"I pass {join_names(chosen)}: {reasons}.", cards=[card_str(c) for c in chosen]), level=self.level)

    def pass_plan(self, view: PlayerView) -> str:
        """'normal', or 'moon' when the hand is strong enough to shoot (hard only)."""
        if self.skills.moon and _moon_hand(view.hand_mask, view.rules):
            return "moon"
        return "normal"

    def pass_scores(self, view: PlayerView, plan: str) -> dict[Card, tuple[float, str]]:
        """Per card: how much it wants to go, and why in a few words."""
        rules = view.rules
        hand = view.hand_mask
        sk = self.skills
        lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        queen = rules.queen_points != 0
        out: dict[Card, tuple[float, str]] = {}
        if plan == "moon":
            for c in view.hand:
                out[c] = (12.0 - c % 13, "is a low card that would stop me taking every trick")
            return out
        # medium and hard: which short side suits to void (the cheapest to empty first)
        void_suits: set[int] = set()
        if sk.voids_on_purpose:
            room = rules.pass_count
            if queen and hand & QS_BIT and lengths[SPADES] <= self.queen_guards:
                room -= 1
            for s in sorted((0, 1), key=lambda s: lengths[s]):
                if 0 < lengths[s] <= min(self.void_max, room) and not (rules.jack_points and hand & JD_BIT and s == 1):
                    if sk.counts_cards and s == 0 and hand & 1 and lengths[s] == 2:
                        continue  # careful: the 2 of clubs leads anyway; a club void comes later
                    void_suits.add(s)
                    room -= lengths[s]
        for c in view.hand:
            suit, rank = divmod(c, 13)
            if suit == SPADES and queen:
                spades = lengths[SPADES]
                if c == QUEEN_OF_SPADES:
                    guarded = spades > self.queen_guards
                    if not sk.voids_on_purpose:
                        out[c] = (40.0, f"is worth {rules.queen_points} points")
                    elif guarded:
                        out[c] = (8.0, KEEP_GUARDED_QUEEN)
                    else:
                        out[c] = (40.0, f"is worth {rules.queen_points} points, and I have few other spades to "
                                        "hide her behind")
                elif rank > 10:
                    if hand & QS_BIT or spades >= 5:
                        out[c] = (rank - 3.0, KEEP_COVERED_SPADE)
                    else:
                        out[c] = (25.0 + rank, "is a high spade that could catch the queen")
                else:
                    out[c] = (rank - 8.0 if sk.flushes_spades else rank - 2.0, KEEP_LOW_SPADE)
            elif suit == HEARTS:
                out[c] = (rank + 3.0, "is a high heart" if rank >= 8 else "is a middling heart")
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

    # ===== playing =====

    def choose_play(self, view: PlayerView) -> Decision:
        why = Reasoning()
        legal = view.legal_plays()
        facts = self._facts(view, why)
        if len(legal) == 1:
            c = legal[0]
            return Decision("play", view.seat, (c,), steps=why.chose(
                f"I play {card_name(c)}: it is the only card I may play.", card=card_str(c)), level=self.level)
        watch = facts["watch"]
        if watch is not None and facts["shooter"] is None:
            why.inferred(f"{seat_name(view, watch).capitalize()} has taken {_moon_progress(view, watch)}: in "
                         "case that player is shooting the moon, I keep a high heart and give them no hearts.",
                         watch=watch)
        scored = {c: self.score_play(view, facts, c) for c in legal}
        why.considered("How my rules of thumb rate each card I may play (lower is better).",
                       scores={card_str(c): round(s[0], 2) for c, s in scored.items()})
        best = min(legal, key=lambda c: (round(scored[c][0], 6), self._tiebreak(view, c)))
        reason = as_chosen(scored[best][1])
        if self.check_samples and facts["shooter"] is None and not facts["shooting"]:
            # (the imagined players never try for the moon, so they cannot judge a moon)
            best, reason = self._check_by_play_out(view, facts, scored, best, reason, why)
        return Decision("play", view.seat, (best,), steps=why.chose(
            f"I play {card_name(best)}: {reason}.", card=card_str(best)), level=self.level)

    sheds_spades: ClassVar[bool] = False
    """Medium and up: glad to get rid of the king and ace of spades while the queen is at large."""
    check_samples: ClassVar[int] = 0
    """Hard: how many imagined deals it plays out to double-check its top few cards (0: never)."""
    check_margin: ClassVar[float] = 0.75
    check_width: ClassVar[int] = 3
    check_gap: ClassVar[float] = 4.0
    check_plays: ClassVar[int] = 0
    """Imagined cards played per check (sets the number of deals between half and three times the samples)."""
    """Cards whose rule-of-thumb cost is this much worse than the best are not worth checking."""

    def _check_by_play_out(self, view: PlayerView, facts: dict[str, Any], scored: dict[Card, tuple[float, str]],
                           best: Card, reason: str, why: Reasoning) -> tuple[Card, str]:
        """Play the hand out on a few imagined deals (the unseen cards dealt as inferred) for the top cards."""
        from .search import paired_playouts, quick_rollout_policy

        ranked = sorted(scored, key=lambda c: (round(scored[c][0], 6), c % 13))[:self.check_width]
        ranked = [c for c in ranked if scored[c][0] - scored[best][0] < self.check_gap]
        if len(ranked) < 2:
            return best, reason
        rng = random.Random(repr((view.seat, view.hand_number, len(view.plays()), view.hand)))
        weights = facts["beliefs"].card_weights() or None
        totals = dict.fromkeys(ranked, 0.0)
        # a fixed amount of imagined play (deterministic, and about the same time early or late in the hand)
        remaining = max(1, sum(view.hand_sizes)) * len(ranked)
        samples = max(self.check_samples // 2, min(3 * self.check_samples, self.check_plays // remaining))
        for _ in range(samples):
            for c, points in paired_playouts(view, ranked, rng, weights, seed_bits=32,
                                             policy=quick_rollout_policy).items():
                totals[c] += points
        means = {c: t / samples for c, t in totals.items()}
        why.considered(f"I played the hand out {samples} times in my head for my best few cards "
                       "(average points for me, lower is better).",
                       playouts={card_str(c): round(m, 2) for c, m in means.items()})
        alt = min(ranked, key=lambda c: (means[c], c % 13))
        if means[best] - means[alt] > self.check_margin:
            return alt, (f"playing the hand out in my head, it cost about {means[best] - means[alt]:.1f} points "
                         f"less than {card_name(best)}")
        return best, reason

    def _tiebreak(self, view: PlayerView, c: Card) -> float:
        return c % 13

    def _facts(self, view: PlayerView, why: Reasoning) -> dict[str, Any]:
        """What the bot notices before choosing a card (and says so)."""
        sk = self.skills
        rules = view.rules
        n = view.n
        facts: dict[str, Any] = {}
        played = view.played_mask()
        hand = view.hand_mask
        queen_scores = rules.queen_points != 0
        queens_played = sum(1 for _, c in view.plays() if c == QUEEN_OF_SPADES)
        queens_in_kitty = view.kitty.count(QUEEN_OF_SPADES) if view.kitty is not None else 0
        queens_seen = queens_played + queens_in_kitty + view.hand.count(QUEEN_OF_SPADES)
        facts["queen_out"] = queen_scores and queens_seen < rules.decks
        facts["after"] = [(view.leader + i) % n for i in range(len(view.trick) + 1, n)]
        if view.trick:
            win = trick_winner_card(view.trick, rules.decks)
            facts["win"] = win
            pts = sum(rules.card_points(c) for c in (*view.trick, *view.carried))
            facts["trick_points"] = pts
            if win is not None:
                winner = view.trick_seats[view.trick.index(win)]
                facts["winner"] = winner
                why.observed(f"{SUIT_NAMES[view.trick[0] // 13].capitalize()} were led; {card_name(win)} "
                             f"from {seat_name(view, winner)} is winning so far{_stake_words(view)}.",
                             trick=[card_str(c) for c in view.trick], winning=card_str(win), points=pts)
            else:
                facts["winner"] = None
                why.observed(f"Every card of the led suit so far has been cancelled{_stake_words(view)}.",
                             trick=[card_str(c) for c in view.trick])
        else:
            why.observed("I am leading this trick." + (" Hearts are broken." if view.hearts_broken else ""),
                         hearts_broken=view.hearts_broken)
        if queen_scores and not facts["queen_out"] and not hand & QS_BIT and (sk.counts_cards or played & QS_BIT):
            why.observed(_queens_gone(rules.decks, queens_in_kitty))
        # medium: remember my pass
        facts["queen_holder"] = None
        if sk.remembers_pass:
            known = view.known_holder()
            if QUEEN_OF_SPADES in known:
                facts["queen_holder"] = known[QUEEN_OF_SPADES]
                holder = known[QUEEN_OF_SPADES]
                done = holder in view.trick_seats
                why.inferred(f"I passed the queen of spades to {seat_name(view, holder)}, who still has her"
                             + (" and has already played to this trick." if done and view.trick else "."),
                             queen_of_spades={holder: 1.0})
        beliefs = Beliefs(view) if sk.infers else Beliefs(view, use_evidence=False)
        facts["beliefs"] = beliefs
        if sk.infers and facts["queen_out"] and facts["queen_holder"] is None:
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
        if sk.moon:
            facts["shooter"] = possible_shooter(view)
            if facts["shooter"] is not None:
                why.inferred(f"{seat_name(view, facts['shooter']).capitalize()} has taken "
                             f"{_moon_progress(view, facts['shooter'])} and may be shooting the moon: I should stop "
                             "that.", shooter=facts["shooter"])
            facts["shooting"] = am_shooting(view)
            if facts["shooting"] and any(_moon_points(view)):
                why.inferred(f"I have taken {_moon_progress(view, view.seat)} and my hand is strong: I am "
                             "shooting the moon (taking every point card).")
            elif facts["shooting"]:
                why.inferred("My hand is strong enough to take every point card, so I am trying to shoot the moon.")
            facts["watch"] = facts["shooter"] if facts["shooter"] is not None else moon_watch(view)
        else:
            facts["shooter"] = None
            facts["shooting"] = False
            facts["watch"] = None
        return facts

    # ----- scoring one card -----

    def score_play(self, view: PlayerView, facts: dict[str, Any], c: Card) -> tuple[float, str]:
        if facts["shooting"]:
            return self._score_shooting(view, facts, c)
        if not view.trick:
            return self._score_lead(view, facts, c)
        led = view.trick[0] // 13
        if c // 13 == led:
            return self._score_follow(view, facts, c)
        return self._score_discard(view, facts, c)

    def _queen_chance(self, view: PlayerView, facts: dict[str, Any], seat: int) -> float:
        """The chance ``seat`` holds the queen of spades, as this level sees it."""
        if not facts["queen_out"]:
            return 0.0
        holder = facts["queen_holder"]
        if holder is not None:
            return 1.0 if seat == holder else 0.0
        if self.skills.infers:
            return facts["beliefs"].holds(QUEEN_OF_SPADES, seat)
        if self.skills.sees_voids and SPADES in view.voids(seat):
            return 0.0
        return 1.0 / max(1, view.n - 1)

    def _void_chance(self, view: PlayerView, facts: dict[str, Any], suit: int, seat: int) -> float:
        sk = self.skills
        if sk.sees_voids and suit in view.voids(seat):
            return 1.0
        if sk.counts_cards:
            return facts["beliefs"].void_chance(suit, seat)
        return 0.1 if len(view.tricks) > 3 else 0.0

    def _dump_value(self, view: PlayerView, facts: dict[str, Any], seat: int) -> float:
        """Points ``seat`` is expected to throw on a trick it cannot follow."""
        q = self._queen_chance(view, facts, seat) * view.rules.queen_points
        return q + (1.5 if view.hearts_broken or len(view.tricks) > 0 else 0.0)

    def _higher_chance(self, view: PlayerView, facts: dict[str, Any], c: Card, seats: list[int]) -> float:
        """The chance one of ``seats`` beats card ``c`` in its suit."""
        suit = c // 13
        higher = SUIT_MASKS[suit] & ~((2 << c) - 1) & ~view.hand_mask
        if self.skills.counts_cards:
            higher &= facts["beliefs"].unseen_mask
            if not higher:
                return 0.0
            beliefs: Beliefs = facts["beliefs"]
            miss = 1.0
            for s in seats:
                miss *= 1.0 - beliefs.holds_any(higher, s)
            return 1.0 - miss
        if not higher:
            return 0.0
        k = higher.bit_count()
        return min(0.95, 1.0 - 0.5 ** (k * len(seats) / max(1, view.n - 1)))

    def _score_follow(self, view: PlayerView, facts: dict[str, Any], c: Card) -> tuple[float, str]:
        rules = view.rules
        sk = self.skills
        win = facts["win"]
        after = facts["after"]
        pts = facts["trick_points"]
        rank = c % 13
        led = c // 13
        own = rules.card_points(c)
        if rules.decks == 2 and c in view.trick:
            # my card cancels its twin: it cannot win
            return own * 0.2 - rank / 26, "it cancels the same card already played, so it cannot win"
        if win is not None and c < win:
            if c == QUEEN_OF_SPADES:
                return -6.0, f"the queen of spades goes under {card_name(win)}: someone else takes her"
            if _is_moon_stopper(view, facts, c):
                return 1.0 - rank / 26, "it is my highest heart, which I keep to stop a moon"
            if rules.decks == 2:  # a twin of the winning card may still cancel it
                return -rank / 26 + (own * 0.1), f"it stays under {card_name(win)}, so I expect to lose the trick"
            return -rank / 26 + (own * 0.1), f"it stays under {card_name(win)}, so I lose the trick"
        # this card would win for now
        beaten = self._higher_chance(view, facts, c, after)
        win_p = 1.0 - beaten
        expected = pts + own
        for s in after:
            expected += self._void_chance(view, facts, led, s) * self._dump_value(view, facts, s)
        if led == SPADES and facts["queen_out"] and c > QUEEN_OF_SPADES:
            queen_risk = min(1.0, sum(self._queen_chance(view, facts, s) for s in after))
            expected += queen_risk * rules.queen_points
        jack = False
        if sk.wins_jack and rules.jack_points and (JD in view.trick or c == JD):
            jack = True
        if c == QUEEN_OF_SPADES and rules.queen_points:
            # the queen is only safe under a higher spade; hoping for one to come is a gamble
            cost = rules.queen_points + pts - 4.0 * beaten
            return cost, "playing the queen here risks taking her myself"
        cost = win_p * (expected + 0.4) - (1 - win_p) * own * 0.5 - rank / 40 - self._relief(view, facts, c)
        if facts["watch"] is not None and facts.get("winner") == facts["watch"]:
            # (while a shooter is clear, the watched seat is the shooter)
            if facts["shooter"] is not None and pts > 0:
                return cost - 8.0 * win_p, "it takes points away from the player trying to shoot the moon"
            if facts["shooter"] is not None:  # with the lead I can give the points to someone else
                return cost - 2.0 * win_p, "it takes the lead away from the player trying to shoot the moon"
            if pts > 0:
                return cost - MILD_STOP * win_p, "it takes points away from the player who may be shooting the moon"
        if not after:
            if jack:
                return cost, "I win the trick and the jack of diamonds with it"
            if pts and win is not None and view.legal & SUIT_MASKS[led] & ((1 << win) - 1):
                return cost, f"I take this trick and its {_points(pts)} to get rid of {card_name(c)}, which could " \
                             "cost me more later"
            if pts:
                return cost, f"I must take this trick and its {_points(pts)} anyway, so I use a high card"
            if view.kitty is None and view.kitty_size and not view.tricks:
                return cost, ("I am last and no points show in the trick (the face-down kitty goes to its winner "
                              "too): a fair time to win with a high card")
            return cost, "I am last and the trick has no points: a safe time to win with a high card"
        if led == SPADES and c > QUEEN_OF_SPADES and facts["queen_out"]:
            holder = facts["queen_holder"]
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

    def _relief(self, view: PlayerView, facts: dict[str, Any], c: Card) -> float:
        """What getting rid of ``c`` now is worth for the rest of the hand (hard: plans ahead)."""
        if not self.skills.counts_cards and not self.sheds_spades:
            return 0.0
        rules = view.rules
        if rules.queen_points and c // 13 == SPADES and c > QUEEN_OF_SPADES:
            if view.hand_mask & QS_BIT:
                return 4.0  # with the queen in hand, high spades only force me to win her later
            if facts["queen_out"]:
                return 2.0
        if c // 13 == HEARTS and self.skills.counts_cards:
            return (c % 13) / 12
        return 0.0

    def _score_discard(self, view: PlayerView, facts: dict[str, Any], c: Card) -> tuple[float, str]:
        rules = view.rules
        sk = self.skills
        rank = c % 13
        suit = c // 13
        hand = view.hand_mask
        shooter_wins = facts["shooter"] is not None and facts.get("winner") == facts["shooter"] and not facts["after"]
        watch = facts["watch"]
        feeds = watch is not None and (facts.get("winner") == watch or watch in facts["after"])
        length = (hand & SUIT_MASKS[suit]).bit_count()
        if c == QUEEN_OF_SPADES and rules.queen_points:
            if shooter_wins or (feeds and view.hearts_taken[watch] >= QS_KEEP):
                return 10.0, "the moon shooter would happily take the queen"
            return -40.0, "I cannot follow suit, so I get rid of the queen of spades"
        if c > QUEEN_OF_SPADES and suit == SPADES and facts["queen_out"]:
            return -25.0 - rank, "a high spade could catch the queen later, so I throw it away now"
        if suit == HEARTS:
            if feeds:  # (the shooter winning as last to play is one case of it)
                return 5.0 - rank / 13 + 3.0 * _is_moon_stopper(view, facts, c), \
                    "I must not feed hearts to the player who may be shooting the moon"
            if facts["shooter"] is not None:
                return -30.0 - rank, "someone else takes this heart, which stops the moon"
            if rank >= 8:
                return -10.0 - rank, "I cannot follow suit, so I throw away a high heart"
            return -10.0 - rank, "I cannot follow suit, so I throw a heart on this trick: its point goes to the winner"
        if c == JD and rules.jack_points:
            return 5.0, "the jack of diamonds is worth -10: I keep it"
        cost = -float(rank)
        if sk.voids_on_purpose and length <= 2:
            cost -= 2.0
            return cost, f"it brings me closer to having no {SUIT_NAMES[suit]}"
        if sk.counts_cards and length and _is_sure_loser(view, facts, c):
            cost += 3.0
        if rank >= 8:
            return cost, "I cannot follow suit, so I throw away a high card"
        return cost, "I cannot follow suit, so I throw away a card I can spare"

    def _score_lead(self, view: PlayerView, facts: dict[str, Any], c: Card) -> tuple[float, str]:
        rules = view.rules
        sk = self.skills
        suit = c // 13
        rank = c % 13
        others = [s for s in range(view.n) if s != view.seat]
        own = rules.card_points(c)
        beaten = self._higher_chance(view, facts, c, others)
        if not sk.counts_cards:
            higher_left = 12 - rank
            beaten = min(beaten, 1.0 - 0.6 ** higher_left)
        win_p = 1.0 - beaten
        expected = float(own)
        for s in others:
            expected += self._void_chance(view, facts, suit, s) * self._dump_value(view, facts, s)
        if suit == HEARTS:
            expected += 0.7 * len(others)
        if suit == SPADES and facts["queen_out"] and c > QUEEN_OF_SPADES:
            expected += rules.queen_points * (1.0 - sum(self._void_chance(view, facts, SPADES, s) * self._queen_chance(
                view, facts, s) for s in others))
        cost = win_p * (expected + 0.3) - rank / 60
        if not view.hand_mask & QS_BIT:
            cost -= self._relief(view, facts, c)
        if sk.counts_cards:
            if suit == HEARTS and view.hand_mask & ~HEART_MASK and not _is_sure_loser(view, facts, c):
                cost += 1.0  # a heart lead puts points into play
            if _is_sure_loser(view, facts, c):
                cost -= 0.5
        reason = _lead_reason(view, sk, suit, rank, win_p, others)
        if c == QUEEN_OF_SPADES and rules.queen_points:
            cost = rules.queen_points * (1.0 - sum(self._higher_chance(view, facts, c, [s]) for s in others) / 2)
            reason = "leading the queen only works when a higher spade must cover her"
        if sk.flushes_spades and suit == SPADES and facts["queen_out"] and c < QUEEN_OF_SPADES \
                and not view.hand_mask & QS_BIT:
            cost -= 1.5 if not view.hand_mask & HIGH_SPADES or sk.counts_cards else 0.5
            reason = _flush_reason(view, c)
        if sk.wins_jack and rules.jack_points and c == JD:
            cost += 3.0
        if suit == HEARTS:
            reason = "a heart lead gives the points to whoever wins" if win_p > 0.5 else \
                "a low heart that others must beat" if rank <= 6 else \
                "others probably hold higher hearts, so someone else should win it"
            shooter = facts["shooter"]
            if shooter is not None:
                stops = 1.0 - self._higher_chance(view, facts, c, [shooter])
                cost -= 8.0 * stops
                if stops > 0.5:
                    reason = "the player trying to shoot the moon probably cannot beat this heart: that stops the moon"
        return cost, reason

    def _score_shooting(self, view: PlayerView, facts: dict[str, Any], c: Card) -> tuple[float, str]:
        """Shooting: win every trick that holds points, highest cards first."""
        rank = c % 13
        if not view.trick:
            return -rank - (5.0 if c // 13 != HEARTS or view.hearts_broken else 0.0), \
                "I am shooting the moon, so I lead a high card to keep winning"
        win = facts["win"]
        led = view.trick[0] // 13
        if c // 13 == led and (win is None or c > win):
            return -20.0 - rank / 13, "I am shooting the moon, so I win this trick"
        if c // 13 != led:
            if c >= 39 or c == QUEEN_OF_SPADES:
                return 20.0, "I am shooting the moon: I keep my points cards"
            return -rank / 13, "I am shooting the moon: I throw a useless low card"
        return -rank / 13, "I cannot win this one, so I keep my high cards"


KEEP_GUARDED_QUEEN = "is safe with the other spades I hold"
KEEP_COVERED_SPADE = "is a high spade, but I have enough other spades to keep it safe"
KEEP_LOW_SPADE = "is a spade below the queen, which keeps me safe from her"
KEEP_LOW_HEART = "is a low heart, good for staying under heart tricks"
KEEP_JACK = "takes 10 points off the score of whoever wins it"
KEEP_LOW_CARD = "is a low card, safe to keep"
KEEP_REASONS = frozenset({KEEP_GUARDED_QUEEN, KEEP_COVERED_SPADE, KEEP_LOW_SPADE, KEEP_LOW_HEART, KEEP_JACK,
                          KEEP_LOW_CARD})
"""Pass reasons that speak for keeping a card (said differently when the card is passed all the same)."""
VOID_REASON = "is one of the few cards I hold of its suit: passing them empties my"


def _pass_reasons(hand: tuple[Card, ...], chosen: tuple[Card, ...], scores: Mapping[Card, tuple[float, str]]
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
        if reason in KEEP_REASONS:
            clauses.append(f"{name}, though {it} {reason}: the rest of my hand is worth keeping even more")
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


AGAINST = {
    "I must not feed hearts to the player who may be shooting the moon":
        "it feeds a heart to the player who may be shooting the moon",
    "the jack of diamonds is worth -10: I keep it": "I would rather keep the jack of diamonds (worth -10)",
    "it is my highest heart, which I keep to stop a moon":
        "it is my highest heart, which I would rather keep to stop a moon",
    "playing the queen here risks taking her myself": "playing the queen here risks taking her myself",
    "the moon shooter would happily take the queen":
        "the player who may be shooting the moon would happily take the queen",
}
"""Reasons that speak against a card, and how to say them when that card is still the one chosen."""


def as_chosen(reason: str) -> str:
    """A card's reason as said when the card is played (a reason against it becomes 'the least bad')."""
    if reason in AGAINST:
        return f"it is the least bad card I may play, although {AGAINST[reason]}"
    return reason


def _lead_reason(view: PlayerView, sk: Skills, suit: int, rank: int, win_p: float, others: list[int]) -> str:
    """Why a lead of this suit and rank is good, as the level sees it."""
    name = SUIT_NAMES[suit]
    if win_p < 0.5:
        if rank <= 6:  # 2 to 8
            return "it is a low card that someone else should have to beat"
        return f"others probably hold higher {name}, so someone else should win it"
    if not sk.sees_voids:
        return "it will probably win the trick, and I hope nobody throws points on it"
    out = [s for s in others if suit in view.voids(s)]
    if out:
        return (f"it will probably win the trick; {join_words([seat_name(view, s) for s in out])} "
                f"{'has' if len(out) == 1 else 'have'} no {name} left and may throw points on it, but my other "
                "leads look worse")
    return f"it will probably win the trick, and nobody has shown out of {name} to throw points on it"


def _flush_reason(view: PlayerView, c: Card) -> str:
    """Why a spade below the queen is led to flush her: "low" only for a 2-7, and "cannot be stuck with her"
    only while no spade above her is in hand."""
    what = "a low spade" if c % 13 <= 5 else "a spade below the queen"
    higher = view.hand_mask & HIGH_SPADES
    if not higher:
        return f"{what} forces the queen of spades out while I cannot be stuck with her"
    kept = " and ".join(card_name(h) for h in (KING_OF_SPADES, ACE_OF_SPADES) if higher >> h & 1)
    return (f"{what} cannot win the trick the queen of spades falls on, and it draws spades out "
            f"(my {kept.replace('the ', '')} could still be stuck with her later)")


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _stake_words(view: PlayerView) -> str:
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
        text = f", with {join_words(parts)} in the trick" + (f" ({_points(total)})" if len(parts) > 1 or not hearts
                                                              else "")
    carried = sum(rules.card_points(c) for c in view.carried)
    if carried:
        goes = "goes" if abs(carried) == 1 else "go"
        text += (f", and {_points(carried)} carried over from cancelled tricks {goes} to its winner" if text else
                 f"; {_points(carried)} carried over from cancelled tricks {goes} to this trick's winner")
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


def _moon_progress(view: PlayerView, seat: int) -> str:
    """What ``seat`` has taken toward a moon: 'every heart played so far and the queen of spades'."""
    parts = []
    if view.hearts_taken[seat]:
        parts.append("every heart played so far")
    if view.rules.queen_points and view.queens_taken[seat]:
        parts.append("both queens of spades" if view.queens_taken[seat] == 2 else "the queen of spades")
    return join_words(parts) if parts else "every trick so far"


def _is_sure_loser(view: PlayerView, facts: dict[str, Any], c: Card) -> bool:
    """Whether ``c`` is below every unseen card of its suit (a safe way to give up the lead later)."""
    beliefs: Beliefs = facts["beliefs"]
    lower = SUIT_MASKS[c // 13] & ((1 << c) - 1) & beliefs.unseen_mask
    higher = SUIT_MASKS[c // 13] & ~((2 << c) - 1) & beliefs.unseen_mask
    return not lower and bool(higher)


def _moon_hand(hand: CardSet, rules: Any) -> bool:
    """A hand strong enough to try for the moon: many high hearts and stoppers in the other suits."""
    hearts = hand & HEART_MASK
    high_hearts = (hearts >> (39 + 8)).bit_count()  # ten to ace
    if hearts.bit_count() < 6 or high_hearts < 4 or not hearts >> 51 & 1:
        return False
    high = sum(((hand & SUIT_MASKS[s]) >> (13 * s + 10)).bit_count() for s in range(3))
    return high >= 4


def _moon_points(view: PlayerView) -> list[int]:
    """Each seat's points toward a moon so far: its hearts and queens of spades."""
    return [view.hearts_taken[s] + view.queens_taken[s] * view.rules.queen_points for s in range(view.n)]


def _lone_scorer(view: PlayerView, raw: list[int]) -> int | None:
    """The one other seat that has taken every point so far, if there is one."""
    takers = [s for s in range(view.n) if raw[s] > 0]
    return takers[0] if len(takers) == 1 and takers[0] != view.seat else None


def possible_shooter(view: PlayerView) -> int | None:
    """A seat that has taken every point so far, enough to be dangerous."""
    rules = view.rules
    raw = _moon_points(view)
    s = _lone_scorer(view, raw)
    if s is None:
        return None
    if view.queens_taken[s] == 0 and rules.queen_points and not _all_queens_played(view):
        return s if view.hearts_taken[s] >= 6 else None
    return s if raw[s] >= 8 or view.hearts_taken[s] >= 5 else None


def moon_watch(view: PlayerView) -> int | None:
    """Another seat that has taken every point so far (at least two), or won every trick so far (three or
    more) with every point, if any: too early to call a moon, but worth keeping a heart stopper for."""
    raw = _moon_points(view)
    if not any(raw):
        first = view.tricks[0].winner if view.tricks else None
        return first if first is not None and first != view.seat and _won_every_trick(view, first, 3) else None
    s = _lone_scorer(view, raw)
    return s if s is not None and (raw[s] >= 2 or _won_every_trick(view, s, 3)) else None


def _won_every_trick(view: PlayerView, seat: int, at_least: int) -> bool:
    """Whether ``seat`` has won every trick so far, and at least ``at_least`` of them."""
    return len(view.tricks) >= at_least and all(t.winner == seat for t in view.tricks)


def _is_moon_stopper(view: PlayerView, facts: dict[str, Any], c: Card) -> bool:
    """Whether ``c`` is my highest heart and could still win a heart trick, while a moon is being watched."""
    if facts.get("watch") is None or c // 13 != HEARTS:
        return False
    mine = view.hand_mask & HEART_MASK
    if c != mine.bit_length() - 1 or mine.bit_count() < 2:
        return False
    higher = HEART_MASK & ~((2 << c) - 1) & facts["beliefs"].unseen_mask
    return higher.bit_count() <= 2


def _all_queens_played(view: PlayerView) -> bool:
    return sum(1 for _, c in view.plays() if c == QUEEN_OF_SPADES) >= view.rules.decks


def am_shooting(view: PlayerView) -> bool:
    rules = view.rules
    me = view.seat
    raw = _moon_points(view)
    if any(raw[s] for s in range(view.n) if s != me):
        return False
    hand = view.hand_mask
    if raw[me] == 0:
        return len(view.tricks) <= 2 and _moon_hand(hand | _taken_mask(view, me), rules)
    # I have all the points so far: keep going while my hearts are the top ones left
    hearts_left = HEART_MASK & ~view.played_mask()
    mine = hand & HEART_MASK
    others = hearts_left & ~mine
    if not others:
        return True
    if rules.queen_points and not view.queens_taken[me] and not hand & QS_BIT:
        return False  # the queen is still out there: too risky
    top_other = others.bit_length() - 1
    return (mine >> top_other).bit_count() >= others.bit_count()


def _taken_mask(view: PlayerView, seat: int) -> CardSet:
    m = 0
    for t in view.tricks:
        if t.winner == seat:
            for c in t.cards:
                m |= 1 << c
    return m


class EasyBot(HeuristicBot):
    """Simple rules only: plays low and high cards as needed, no counting, no plans."""

    level = "easy"
    skills = EASY


class MediumBot(HeuristicBot):
    """Voids short suits, flushes the queen with spade leads, remembers its pass."""

    level = "medium"
    skills = MEDIUM
    void_max = 3
    sheds_spades = True


class HardBot(HeuristicBot):
    """Counts every card, infers who holds what, stops and shoots the moon."""

    level = "hard"
    skills = HARD
    void_max = 3
    sheds_spades = True
    check_samples = 14
    check_plays = 2400
    check_margin = 0.5


def best_passes(bot: HeuristicBot, view: PlayerView, limit: int = 8) -> list[tuple[Card, ...]]:
    """A shortlist of sensible passes from the bot's pass scores (best first)."""
    plan = bot.pass_plan(view)
    scores = bot.pass_scores(view, plan)
    k = view.rules.pass_count
    order = sorted(view.hand, key=lambda c: (-scores[c][0], -c))
    top = order[:k + 3]
    combos = {tuple(sorted(cmb)) for cmb in combinations(top, k)}
    ranked = sorted(combos, key=lambda cmb: -sum(scores[c][0] for c in cmb))
    return ranked[:limit]


LEVEL_SKILLS: Mapping[str, Skills] = {"easy": EASY, "medium": MEDIUM, "hard": HARD}
