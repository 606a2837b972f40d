"""What the table borrows from the bots and the coach.

Each coach function is looked up by name when it is needed (the coach's models load on the first question, not
when the table starts); where the coach offers no such function the table falls back to the engine's own
legality sentences.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.base import Bot, Decision, Reasoning
from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, Card, card_name, rank_of, suit_of
from ..engine.hand import HandResult, Phase, Trick
from ..engine.rules import Rules
from ..engine.view import PlayerView

DEFAULT_LEVELS = ("easy", "medium", "hard", "expert")
COACH_DEALS_ENV = "HEARTS_TUTOR_COACH_DEALS"
"""Environment: the sampled deals behind each grade, hint and review at the tables of this process (unset: the
coach's own budget). Fewer deals answer sooner and judge more roughly: for a class on a small server."""
LEARNER = 0
"""The learner's seat (at the bottom of the table)."""
HAND_OVER = "Hand over: "
"""How the table's message about a scored hand begins (the status line then does not say it again)."""


def coach_function(name: str) -> Callable[..., Any] | None:
    """``hearts_tutor.coach.<name>`` if the coach provides it, else None."""
    from .. import coach  # on the first question: the table draws before the coach's models load

    fn = getattr(coach, name, None)
    return fn if callable(fn) else None


def coach_deals(value: int | str | None = None) -> int | None:
    """The deals behind the coach's answers at a table: ``value``, else :data:`COACH_DEALS_ENV`, else None (the
    coach's own budget); raises ValueError naming a value that is not a whole number of at least 2.

    >>> coach_deals(24), coach_deals("8")
    (24, 8)
    """
    if value is None:
        value = os.environ.get(COACH_DEALS_ENV) or None
        if value is None:
            return None
    try:
        deals = int(value)
    except (TypeError, ValueError):
        deals = 0
    if deals < 2 or str(value).strip() != str(deals):
        raise ValueError(f"the coach's deals ({COACH_DEALS_ENV}) must be a whole number of at least 2, "
                         f"not {value!r}")
    return deals


def call_coach(name: str, *args: Any, deals: int | None = None) -> Any:
    """``hearts_tutor.coach.<name>(*args)`` (run in a worker process by the table), on ``deals`` sampled deals
    where given (the coach's ``rollouts``)."""
    fn = coach_function(name)
    if fn is None:
        raise RuntimeError(f"the coach has no {name}")
    return fn(*args) if deals is None else fn(*args, rollouts=deals)


def compute_hint(view: PlayerView, deals: int | None = None) -> tuple[tuple[Card, ...], str]:
    """The coach's hint for the learner's decision (its cards and reason), on ``deals`` sampled deals where
    given, with fallbacks while the coach is missing."""
    fn = coach_function("hint")
    if fn is not None:
        res = fn(view) if deals is None else fn(view, rollouts=deals)
        note = score_line_note(res)
        return tuple(getattr(res, "cards", ()) or ()), str(getattr(res, "reason", "") or "") + note
    if view.phase is Phase.PASS:
        sp = coach_function("suggest_pass")
        if sp is not None:
            cards, reason = sp(view)
            return tuple(cards), str(reason)
    d = SimpleBot().decide(view)
    return d.cards, d.summary()


def score_line_note(judged: Any) -> str:
    """' (Judged at the score: ...)' for a hint or grade judged in the chance to win the game, or a review that
    played to a score line; '' where the score made no difference (judged in points: nothing to add)."""
    line = getattr(judged, "line", None)
    words = coach_function("line_words")
    if line is None or words is None or getattr(judged, "unit", "chance") == "points":
        return ""
    return f" (Judged at the score: {words(line)}.)"


def bot_levels() -> tuple[str, ...]:
    try:
        from ..bots import LEVELS  # type: ignore[attr-defined]
    except ImportError:
        return DEFAULT_LEVELS
    return tuple(LEVELS)


def opponent_levels(levels: Sequence[str], available: Sequence[str], seats: int = 10) -> list[str]:
    """The levels of the opponents in seats 1..``seats``: ``levels`` where available, medium (or the nearest
    available level) for the others.

    >>> opponent_levels(["expert", "genius"], ("easy", "medium", "expert"), seats=3)
    ['expert', 'medium', 'medium']
    """
    default = next((lv for lv in ("medium", "hard", "easy") if lv in available), "easy")
    return ([lv if lv in available else default for lv in levels] + [default] * seats)[:seats]


def make_level_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` from the bots package, or a simple stand-in while that is not available."""
    try:
        from ..bots import make_bot  # type: ignore[attr-defined]
    except ImportError:
        return SimpleBot(seed)
    try:
        if level == "expert":
            return make_bot(level, seed, seconds=0.6)
        return make_bot(level, seed)
    except (ImportError, TypeError, ValueError):
        try:
            return make_bot(level, seed)
        except Exception:
            return SimpleBot(seed)


class SimpleBot(Bot):
    """A plain, careful player: passes its most dangerous cards, ducks when it can, dumps points when void."""

    level = "simple"

    def choose_pass(self, view: PlayerView) -> Decision:
        why = Reasoning()
        why.observed(f"I hold {len(view.hand)} cards and must pass {view.rules.pass_count}.")

        def danger(c: Card) -> float:
            d = rank_of(c)
            if c == QUEEN_OF_SPADES or (suit_of(c) == SPADES and rank_of(c) > 10):
                d += 20
            if suit_of(c) == HEARTS:
                d += 5
            return d

        chosen = tuple(sorted(sorted(view.hand, key=danger, reverse=True)[:view.rules.pass_count]))
        why.considered("High spades and hearts are the most dangerous to keep.")
        return Decision("pass", view.seat, chosen,
                        steps=why.chose("I pass " + ", ".join(card_name(c) for c in chosen) + "."), level=self.level)

    def choose_play(self, view: PlayerView) -> Decision:
        why = Reasoning()
        legal = view.legal_plays()
        if view.trick:
            led = view.led_suit
            follow = [c for c in legal if suit_of(c) == led]
            best = max(c for c in view.trick if suit_of(c) == led)
            if follow:
                under = [c for c in follow if c < best]
                card = max(under) if under else (max(follow) if len(view.trick) == view.n - 1 else min(follow))
                why.considered("I follow suit, staying under the winning card if I can.")
            else:
                dump = [c for c in legal if c == QUEEN_OF_SPADES] or [c for c in legal if suit_of(c) == HEARTS]
                card = max(dump or legal, key=rank_of)
                why.considered("I cannot follow suit, so I throw away my most dangerous card.")
        else:
            card = min(legal, key=rank_of)
            why.considered("I lead my lowest card to avoid taking the trick.")
        return Decision("play", view.seat, (card,), steps=why.chose(f"I play {card_name(card)}."), level=self.level)


def taken_with(tricks: Sequence[Trick], k: int) -> tuple[list[Trick], bool]:
    """What goes with trick ``k`` to its winner (Cancellation): the cancelled tricks just before it, and whether
    the kitty goes too (it does while no trick has been won yet)."""
    j = k - 1
    while j >= 0 and tricks[j].winner is None:
        j -= 1
    return list(tricks[j + 1:k]), j < 0


def trick_sentence(tricks: Sequence[Trick], kitty: Sequence[Card], rules: Rules, names: Sequence[str]) -> str:
    """What the table says of the last of ``tricks``, just finished: who takes it, with its points (counting the
    kitty and cancelled tricks that go with it), or that it cancelled out and where its cards go."""
    trick = tricks[-1]
    if trick.winner is None:
        if len(tricks) == rules.tricks_per_hand:
            return " The last trick cancelled out: nobody takes its cards."
        leader = "you lead" if trick.leader == LEARNER else f"{names[trick.leader]} leads"
        return (" The trick cancelled out: nobody wins it. Its cards stay for the winner of the next trick, and "
                f"{leader} again.")
    who = "You take" if trick.winner == LEARNER else f"{names[trick.winner]} takes"
    cancelled, first = taken_with(tricks, len(tricks) - 1)
    with_kitty = first and bool(kitty)
    what = "the trick" + (" and the kitty" if with_kitty else "")
    if cancelled:
        what += " and the cancelled trick's cards" if len(cancelled) == 1 else " and the cancelled tricks' cards"
    extra = [c for t in cancelled for c in t.cards] + (list(kitty) if with_kitty else [])
    pts = sum(rules.card_points(c) for c in (*trick.cards, *extra))
    return f" {who} {what}" + (f" ({pts:+d} point{'' if abs(pts) == 1 else 's'})." if pts else ".")


def hand_over_sentence(points: Sequence[int], result: HandResult, who: Callable[[int], str]) -> str:
    """What the table says when a hand is scored: each seat's points (``who`` names a seat), and a moon or a sweep."""
    parts = [f"{who(s)} {p:+d}" for s, p in enumerate(points)]
    extra = ""
    if result.shooter is not None:
        extra = f" {who(result.shooter)} shot the moon!"
    if result.sweeper is not None:
        extra = f" {who(result.sweeper)} took every trick!"
    return HAND_OVER + ", ".join(parts) + "." + extra


def is_learner_turn(view: PlayerView) -> bool:
    return view.phase is Phase.PLAY and view.to_move == view.seat
