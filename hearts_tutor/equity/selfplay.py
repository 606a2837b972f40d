"""Self-play records for the game-win model: single hands' points per seat, and whole games to the target.

Both are played by the same table of bots, one ``hard`` and three ``medium``, under the standard rules. The hard
seat moves round with the index (in a game, hand by hand, so that over a game the seats are alike, as the model
assumes). Each record is one line of text appended to a file, so a run that is stopped picks up where it left
off (the line count is the next index; every index has its own seeds).

* a hand line: ``hand_number raw0 raw1 raw2 raw3 shooter`` (raw points taken, the moon shooter or -1);
* a game line: JSON ``{"game": g, "first_dealer": d, "hands": [[p0, p1, p2, p3], ...]}`` (scored points).

The hands build the model (:mod:`hearts_tutor.equity.build`); the games, played apart from them, test it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..batch.tournament import deal_for
from ..engine.hand import HandState, Phase
from ..engine.match import Match
from ..engine.rules import Rules

TABLE: tuple[str, ...] = ("hard", "medium", "medium", "medium")
"""The bots at the table, seat 0 first, before the rotation by deal or game number."""
HANDS_SEED = 31_000
GAMES_SEED = 31_500


@dataclass(frozen=True)
class HandOutcome:
    """One self-play hand: its number (the pass direction), each seat's raw points and the moon shooter."""

    hand_number: int
    raw: tuple[int, ...]
    shooter: int | None

    def to_line(self) -> str:
        return " ".join(str(v) for v in (self.hand_number, *self.raw, -1 if self.shooter is None else self.shooter))

    @classmethod
    def from_line(cls, line: str) -> HandOutcome:
        """Parse a hand line; a malformed one is a clear :class:`ValueError`."""
        fields = [int(v) for v in line.split()]
        if len(fields) < 4:
            raise ValueError(f"not a self-play hand line: {line!r}")
        shooter = fields[-1]
        return cls(fields[0], tuple(fields[1:-1]), None if shooter < 0 else shooter)


def _bots(levels: Sequence[str], rotation: int, seed: str) -> list[Any]:
    from ..bots import make_bot

    n = len(levels)
    return [make_bot(levels[(seat - rotation) % n], seed=random.Random(f"{seed}:{seat}").getrandbits(32))
            for seat in range(n)]


def _play(state: HandState, bots: Sequence[Any], scores: Sequence[int] | None = None) -> None:
    """Play ``state`` to the end (moon choice included), each bot seeing the match scores when given."""
    from dataclasses import replace

    while state.phase is not Phase.DONE:
        seat = next(s for s in range(state.n) if state.passes[s] is None) if state.phase is Phase.PASS \
            else state.to_move
        view = state.view(seat)
        if scores is not None:
            view = replace(view, scores=tuple(scores))
        decision = bots[seat].decide(view)
        if state.phase is Phase.PASS:
            state.pass_cards(seat, decision.cards)
        else:
            decision.apply(state)


def self_play_hand(index: int, rules: Rules | None = None, levels: Sequence[str] = TABLE) -> HandOutcome:
    """Hand number ``index`` of the model's self-play (deterministic)."""
    rules = rules or Rules.preset("standard")
    state = deal_for(rules, HANDS_SEED, index)
    _play(state, _bots(levels, index, f"equity-hand:{index}"))
    return HandOutcome(state.hand_number, tuple(state.raw_points()), state.moon_shooter())


def self_play_game(index: int, rules: Rules | None = None, levels: Sequence[str] = TABLE) -> dict[str, Any]:
    """Whole game number ``index`` of the held-out games: the points of every hand, in order."""
    rules = rules or Rules.preset("standard")
    first_dealer = index % rules.players
    match = Match(rules, seed=GAMES_SEED + index, first_dealer=first_dealer)
    while True:
        _play(match.hand, _bots(levels, index + match.hand_number, f"equity-game:{index}:{match.hand_number}"),
              match.scores)
        match.next_hand()
        if match.is_over:
            break
    return {"game": index, "first_dealer": first_dealer, "hands": match.hand_points}


def count_lines(path: Path) -> int:
    """Records already in ``path`` (0 when it does not exist)."""
    if not path.exists():
        return 0
    with path.open() as f:
        return sum(1 for line in f if line.strip())


def extend(path: Path, total: int, record: Callable[[int], str], progress: Callable[[int], Any] | None = None
           ) -> int:
    """Append records ``record(i)`` to ``path`` until it holds ``total`` (resumable); returns how many it added."""
    path.parent.mkdir(parents=True, exist_ok=True)
    start = count_lines(path)
    for i in range(start, total):
        line = record(i)
        with path.open("a") as f:
            f.write(line + "\n")
        if progress:
            progress(1)
    return max(0, total - start)


def hand_line(index: int) -> str:
    return self_play_hand(index).to_line()


def game_line(index: int) -> str:
    return json.dumps(self_play_game(index), separators=(",", ":"))


def read_hands(path: Path) -> list[HandOutcome]:
    with path.open() as f:
        return [HandOutcome.from_line(line) for line in f if line.strip()]


def read_games(path: Path) -> list[dict[str, Any]]:
    with path.open() as f:
        return [json.loads(line) for line in f if line.strip()]


__all__ = ["TABLE", "HandOutcome", "count_lines", "extend", "game_line", "hand_line", "read_games", "read_hands",
           "self_play_game", "self_play_hand"]
