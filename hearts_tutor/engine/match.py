"""A game of Hearts: hands in sequence, the pass cycle rotating, the dealer moving left, running scores.

>>> m = Match(Rules.preset("duell", hands=1), seed=3)
>>> while not m.is_over:
...     h = m.hand
...     if h.phase is Phase.PASS:
...         for s in range(h.n):
...             h.pass_cards(s, h.hand_of(s)[:3])
...     elif h.phase is Phase.PLAY:
...         h.play(h.legal_plays()[0])
...     else:
...         _ = m.next_hand()
>>> len(m.history), len(m.winners()) >= 1
(1, True)
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from .hand import HandState, Phase
from .record import HandRecord, RecordError
from .rules import Rules, RulesError
from .view import PlayerView


class Match:
    """A whole game: scores start from the handicap; the game ends as ``rules.end`` says."""

    def __init__(self, rules: Rules, *, seed: int | None = None, first_dealer: int = 0) -> None:
        self.rules = rules
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.first_dealer = first_dealer % rules.players
        self.start_scores = rules.starting_scores()
        self.history: list[HandRecord] = []
        self.hand_points: list[list[int]] = []
        self.hand = self._deal(0)

    def _deal(self, number: int) -> HandState:
        rng = random.Random(f"{self.seed}:{number}")
        return HandState.deal_random(self.rules, rng, dealer=(self.first_dealer + number) % self.rules.players,
                                     hand_number=number)

    @property
    def hand_number(self) -> int:
        return len(self.history)

    @property
    def scores(self) -> list[int]:
        """Running scores including finished hands (not the hand in progress)."""
        totals = list(self.start_scores)
        for pts in self.hand_points:
            totals = [t + p for t, p in zip(totals, pts, strict=True)]
        return totals

    def view(self, seat: int) -> PlayerView:
        return replace(self.hand.view(seat), scores=tuple(self.scores))

    @property
    def game_over(self) -> bool:
        """Whether the finished hands end the game."""
        r = self.rules
        if not self.hand_points:
            return False
        if r.end == "hands":
            return len(self.hand_points) >= r.hands
        if r.end == "reach":
            return max(self.scores) >= r.target
        return max(self.scores) > r.target

    @property
    def is_over(self) -> bool:
        return self.game_over and self.hand.phase is Phase.DONE and len(self.history) == len(self.hand_points)

    def finish_hand(self) -> list[int]:
        """Score the finished hand in progress (once) and return its points."""
        if self.hand.phase is not Phase.DONE:
            raise ValueError("the hand is not over yet")
        if len(self.hand_points) == len(self.history) + 1:
            return self.hand_points[-1]
        points = self.hand.points()
        self.hand_points.append(points)
        return points

    def next_hand(self) -> HandState:
        """Score the finished hand and deal the next one (unless the game is over)."""
        self.finish_hand()
        self.history.append(HandRecord.from_state(self.hand))
        if not self.game_over:
            self.hand = self._deal(len(self.history))
        return self.hand

    def winners(self) -> list[int]:
        """The seats with the lowest score (ties share the win)."""
        s = self.scores
        low = min(s)
        return [i for i, v in enumerate(s) if v == low]

    # ----- save and load -----

    def to_json(self) -> dict[str, Any]:
        rules = self.rules.to_json()
        return {"rules": rules, "seed": self.seed, "first_dealer": self.first_dealer,
                "hands": [r.to_json() for r in self.history], "current": HandRecord.from_state(self.hand).to_json()}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        try:
            rules = Rules.from_json(data["rules"])
            m = cls(rules, seed=data["seed"], first_dealer=data.get("first_dealer", 0))
            for rec in data["hands"]:
                state = HandRecord.from_json(rec).to_state()
                if state.phase is not Phase.DONE:
                    raise RecordError("a finished hand of the match is incomplete")
                m.hand = state
                m.next_hand()
            if "current" in data and not m.is_over:
                m.hand = HandRecord.from_json(data["current"]).to_state()
        except (KeyError, TypeError) as e:
            raise RecordError(f"not a saved match: missing or bad {e}") from None
        except RulesError as e:
            raise RecordError(f"bad rules in saved match: {e}") from None
        return m

    @classmethod
    def load(cls, path: str | Path) -> Match:
        try:
            data = json.loads(Path(path).read_text())
        except json.JSONDecodeError as e:
            raise RecordError(f"{path} is not valid JSON: {e.msg}") from None
        return cls.from_json(data)
