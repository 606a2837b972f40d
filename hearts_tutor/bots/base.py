"""The bot interface: a decision with its reasoning, step by step (the raw material of telepathy).

A bot sees only a :class:`~hearts_tutor.engine.view.PlayerView`. Every decision carries ordered
:class:`Step` s: what the bot observed, what it inferred, the candidates it weighed with their scores,
and what it chose and why. The final step always names the chosen card(s).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.cards import Card, card_name, join_names
from ..engine.hand import HandState, Phase, moon_goal
from ..engine.view import PlayerView
from .rollout_moon import moon_choice

_MOON_THOUGHT = {
    "wins": " Adding 26 to everyone else ends the game now, with me on the lowest score.",
    "ties": " Adding 26 to everyone else ends the game now with me sharing the lowest score: a shared win, worth "
            "more than playing on.",
    "ties_play_on": " Adding 26 to everyone else would end the game now with me only sharing the lowest score; "
                    "playing on level with the lowest is worth more.",
    "ends_behind": " Adding 26 to everyone else would end the game now with another player below me.",
    "leads": " I will have the lowest score, and the sooner the game ends the better for the leader.",
    "behind": " I will not have the lowest score yet: I need more hands to catch up.",
    "no_end": " Here that makes no difference to when the game ends.",
}
_MOON_CHOSEN = {
    "wins": "I add 26 to every other player: that ends the game and I win.",
    "ties": "I add 26 to every other player: that ends the game with me sharing the win.",
    "ties_play_on": "I subtract 26 from my own score: I play on level with the lowest rather than share the win "
                    "now.",
    "ends_behind": "I subtract 26 from my own score: adding it to the others would end the game with me behind.",
    "leads": "I add 26 to every other player: it brings the end of the game closer while I lead.",
    "behind": "I subtract 26 from my own score: it keeps the others as far from the end while I catch up.",
    "no_end": "I subtract 26 from my own score.",
}

STEP_KINDS = ("observed", "inferred", "considered", "chose")


@dataclass(frozen=True)
class Step:
    """One step of a bot's reasoning: ``kind`` is observed, inferred, considered or chose."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    """A pass (``cards`` holds the cards passed), a play (one card) or a moon choice, with its reasoning."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()
    choice: str | None = None
    steps: tuple[Step, ...] = ()
    level: str = ""

    @property
    def card(self) -> Card:
        """The card played (for a play decision)."""
        if self.kind != "play":
            raise ValueError(f"a {self.kind} decision has no single card")
        return self.cards[0]

    def apply(self, state: HandState) -> None:
        """Carry the decision out on a full hand state."""
        if self.kind == "pass":
            state.pass_cards(self.seat, self.cards)
        elif self.kind == "play":
            state.play(self.cards[0])
        else:
            state.choose_moon(self.choice or "")

    def summary(self) -> str:
        """The last step's sentence (what was chosen and why)."""
        return self.steps[-1].text if self.steps else ""


class Reasoning:
    """Collects steps while a bot thinks."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def observed(self, text: str, **data: Any) -> None:
        self.steps.append(Step("observed", text, data))

    def inferred(self, text: str, **data: Any) -> None:
        self.steps.append(Step("inferred", text, data))

    def considered(self, text: str, **data: Any) -> None:
        self.steps.append(Step("considered", text, data))

    def chose(self, text: str, **data: Any) -> tuple[Step, ...]:
        self.steps.append(Step("chose", text, data))
        return tuple(self.steps)


class Bot(ABC):
    """A computer player of some level; ``decide`` answers any position of its seat."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Decision:
        """The bot's move for the phase of ``view`` (its seat must be the one to act)."""
        if view.phase is Phase.PASS:
            return self.choose_pass(view)
        if view.phase is Phase.PLAY:
            return self.choose_play(view)
        if view.phase is Phase.MOON:
            return self.choose_moon(view)
        raise ValueError("the hand is over: there is nothing to decide")

    @abstractmethod
    def choose_pass(self, view: PlayerView) -> Decision:
        """Three (``pass_count``) cards to pass."""

    @abstractmethod
    def choose_play(self, view: PlayerView) -> Decision:
        """A legal card to play."""

    def choose_moon(self, view: PlayerView) -> Decision:
        """How to score a moon this seat shot: whichever serves it best, with the reason."""
        why = Reasoning()
        why.observed(f"I took {moon_goal(view.rules)}: I shot the moon.")
        scores = list(view.scores)
        me = view.seat
        choice, reason = moon_choice(view.rules, scores, me)
        why.considered("Either way I end 26 points better off against every other player; adding 26 to theirs "
                       "also brings them 26 nearer the end of the game." + _MOON_THOUGHT[reason],
                       scores=scores or [0] * view.n)
        return Decision("moon", me, (), choice, why.chose(_MOON_CHOSEN[reason]), self.level)


def describe_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return join_names(cards)


def describe_card(c: Card) -> str:
    return card_name(c)
