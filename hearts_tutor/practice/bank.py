"""The puzzle bank: verified one-decision puzzles with their stored grading (SPEC section 11).

A puzzle is a hand record prefix (SPEC section 4) stopped where seat 0 must pass or play, plus ``id``,
``answers`` (the moves the coach accepts), ``expected`` (each graded option's expected points this hand and the
half-width of its 95% confidence interval), ``themes``, ``rating`` (difficulty on the Glicko-2 scale),
``explanation`` (the coach's words) and ``source`` (how it was found). A move is written as its card (``"QS"``)
or, for a pass, its cards in canonical order joined by spaces (``"2C 9S QS"``). A pass puzzle's ``expected``
holds the shortlist of passes the coach compared, not all of them.

A bank file is JSON Lines: a header ``{"format": "hearts_tutor puzzle bank", "schema": 1}``, then one puzzle
a line. The package ships one bank, split in several files under ``practice/bank/``.

>>> bank = load_bank()
>>> len(bank) > 0 and all(p.record.to_state().view(0).seat == 0 for p in bank.puzzles[:3])
True
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..engine.cards import Card, CardError, card_str, parse_card
from ..engine.hand import Phase
from ..engine.record import HandRecord, RecordError, decode_json
from ..engine.view import PlayerView

FORMAT = "hearts_tutor puzzle bank"
SCHEMA = 1
BANK_DIR = Path(__file__).resolve().parent / "bank"

THEMES = ("pass-queen", "pass-spade-guards", "pass-void", "pass-midrange", "pass-moon", "duck", "take-early",
          "unload-queen", "flush-queen", "avoid-lead", "void-discard", "count-suit", "midrange-follow",
          "stop-moon", "shoot-moon", "jack-of-diamonds", "endplay", "play-to-score", "variant")
"""Theme ids (SPEC section 11), stable: attempts and ratings are stored under them."""

THEME_NAMES = {
    "pass-queen": "Passing the queen of spades", "pass-spade-guards": "Spade guards in the pass",
    "pass-void": "Passing to make a void", "pass-midrange": "Passing mid-range cards",
    "pass-moon": "Passing and the moon", "duck": "Ducking under the winner", "take-early": "Taking a trick early",
    "unload-queen": "Getting rid of the queen", "flush-queen": "Flushing out the queen",
    "avoid-lead": "Choosing a safe lead", "void-discard": "Discarding when void", "count-suit": "Counting a suit",
    "midrange-follow": "Following with mid-range cards", "stop-moon": "Stopping a moon",
    "shoot-moon": "Shooting the moon", "jack-of-diamonds": "The jack of diamonds", "endplay": "The last tricks",
    "play-to-score": "Playing to the score", "variant": "Rule variants",
}

LESSON_THEMES = {
    "01_rules": ("duck", "void-discard"),
    "02_passing": ("pass-queen", "pass-spade-guards", "pass-void", "pass-midrange"),
    "03_midrange": ("midrange-follow", "duck"),
    "04_queen": ("unload-queen", "flush-queen", "pass-queen"),
    "05_voids": ("pass-void", "void-discard"),
    "06_counting": ("count-suit", "endplay"),
    "07_moon": ("stop-moon", "pass-moon"),
    "08_variants": ("variant", "jack-of-diamonds"),
    "09_telepathy": ("avoid-lead", "take-early"),
    "10_spades": ("pass-queen", "pass-spade-guards", "flush-queen", "unload-queen"),
    "11_first_trick": ("pass-void", "pass-midrange", "void-discard"),
    "12_shooting": ("shoot-moon", "pass-moon"),
    "13_moon_defence": ("stop-moon", "pass-moon"),
    "14_play_to_score": ("play-to-score",),
}
"""The themes each strategy lesson teaches (its practice cell serves puzzles of these)."""
VARIANT_LESSONS = frozenset({"08_variants"})
"""The lessons whose practice serves puzzles of other rules; every other lesson's serves standard four-player
puzzles only (a learner of lesson 1 must not meet an eight-player Cancellation deal)."""

PUZZLE_FIELDS = ("id", "kind", "answers", "best", "expected", "themes", "rating", "explanation", "source")
SCORE_FIELDS = ("scores", "target")
"""A ``play-to-score`` puzzle's score line (SPEC section 11): the game's scores before the hand, seat 0 first, and
the target; optional, and never part of the hand record."""
NOT_RECORD = PUZZLE_FIELDS + SCORE_FIELDS
"""Every field of a puzzle that is not its hand record prefix."""
KINDS = ("pass", "play")


_DECISION_SUFFIX = re.compile(r"-p(?:ass)?\d+$")


def deal_of(puzzle_id: str) -> str:
    """The deal a puzzle was cut from: its id without the last ``-p<n>`` / ``-pass<n>`` part (the decision),
    so ``standard-60-36-p28`` and ``standard-60-36-p32`` share ``standard-60-36``; an id without one is its own."""
    return _DECISION_SUFFIX.sub("", puzzle_id)


class BankError(ValueError):
    """A bank file or a puzzle that cannot be used; the message names the file, line and problem."""


Move = Card | tuple[Card, ...]


def move_key(move: Move | Sequence[Card]) -> str:
    """The text of a move: ``"QS"`` for a card, ``"2C 9S QS"`` for a pass (sorted).

    >>> move_key(parse_card("QS")), move_key([parse_card("QS"), parse_card("2C")])
    ('QS', '2C QS')
    """
    if isinstance(move, int):
        return card_str(move)
    return " ".join(card_str(c) for c in sorted(move))


def parse_move(text: str) -> tuple[Card, ...]:
    """The cards of a move's text (one card for a play)."""
    return tuple(parse_card(t) for t in text.split())


@dataclass(frozen=True)
class Judgement:
    """What the stored grading says of one answer: right or not, its cost against the best, and its band."""

    correct: bool
    move: str
    cost: float
    band: str
    expected: float | None
    """The move's expected points this hand, or None for a pass the coach did not compare."""
    chance: float | None = None
    """A play-to-score puzzle's judgement is in the chance to win the game (``cost`` is chance given up, from 0 to
    1): the move's chance. None for a judgement in points."""
    best_chance: float | None = None
    """The best move's chance to win the game (a judgement in chance)."""


@dataclass(frozen=True)
class Puzzle:
    """One verified decision from seat 0's side, with the coach's stored grading."""

    id: str
    record: HandRecord
    kind: str
    answers: tuple[str, ...]
    best: str
    expected: dict[str, tuple[float, float]]
    themes: tuple[str, ...]
    rating: float
    explanation: str
    source: dict[str, Any] = field(default_factory=dict, compare=False)
    scores: tuple[int, ...] | None = None
    """The game's scores before the hand, seat 0 first (a ``play-to-score`` puzzle's), else None."""

    @property
    def deal(self) -> str:
        """The deal the puzzle was cut from (:func:`deal_of`): puzzles of one deal share it."""
        return deal_of(self.id)

    @property
    def target(self) -> int | None:
        """The score that ends the game, when the puzzle has a score line."""
        return self.record.rules.target if self.scores is not None else None

    @property
    def preset(self) -> str:
        """The rules' preset name (``custom`` rules carry their preset's name too)."""
        return self.record.rules.name

    @property
    def variant(self) -> bool:
        """Whether the puzzle's rules change the play from the standard four-player game's."""
        from .themes import is_variant

        return is_variant(self.record.rules)

    def view(self) -> PlayerView:
        """What the learner knows at the puzzle's position (raises :class:`BankError` if the engine rejects it)."""
        try:
            state = self.record.to_state()
        except RecordError as e:
            raise BankError(f"puzzle {self.id}: the engine rejects its position: {e}") from None
        want = Phase.PASS if self.kind == "pass" else Phase.PLAY
        if state.phase is not want or (want is Phase.PLAY and state.to_move != 0):
            raise BankError(f"puzzle {self.id}: the position is not seat 0's {self.kind}")
        view = state.view(0)
        return replace(view, scores=self.scores) if self.scores is not None else view

    @property
    def chances(self) -> dict[str, tuple[float, float]]:
        """A play-to-score puzzle's stored chance to win the game per option, with its 95% half-width (empty for
        a puzzle judged in points)."""
        stored = (self.source.get("to_score") or {}).get("chance") if self.scores is not None else None
        if not isinstance(stored, dict):
            return {}
        return {k: (float(v[0]), float(v[1])) for k, v in stored.items()}

    def judge(self, cards: Sequence[Card]) -> Judgement:
        """The stored verdict on an answer (no rollouts): right when it is one of the accepted moves (an accepted
        move other than the best keeps its small cost and its band, best or good). A play-to-score puzzle's
        cost is the chance to win the game given up (:func:`~hearts_tutor.coach.bands.chance_band`)."""
        from ..coach.grading import band_of

        key = move_key(cards[0] if self.kind == "play" and len(cards) == 1 else tuple(cards))
        chances = self.chances
        if chances and key in chances and self.best in chances:
            return self._judge_in_chance(key, chances)
        best = self.expected[self.best][0]
        mine = self.expected.get(key)
        if mine is None:
            return Judgement(False, key, math.nan, "", None) if key not in self.answers else \
                Judgement(True, key, 0.0, "best", None)
        cost = 0.0 if key == self.best else round(max(0.0, mine[0] - best), 3)
        band = band_of(cost)
        if key in self.answers:
            return Judgement(True, key, cost, band if band in ("best", "good") else "good", mine[0])
        return Judgement(False, key, cost, band, mine[0])

    def _judge_in_chance(self, key: str, chances: dict[str, tuple[float, float]]) -> Judgement:
        from ..coach.bands import chance_band

        best, mine = chances[self.best][0], chances[key][0]
        cost = 0.0 if key == self.best else round(max(0.0, best - mine), 4)
        band = chance_band(cost)
        if key in self.answers:
            band = band if band in ("best", "good") else "good"
        return Judgement(key in self.answers, key, cost, band, self.expected[key][0] if key in self.expected else None,
                         chance=mine, best_chance=best)

    def to_json(self) -> dict[str, Any]:
        out = self.record.to_json()
        out.update({"id": self.id, "kind": self.kind, "answers": list(self.answers), "best": self.best,
                    "expected": {k: [round(m, 3), round(c, 3)] for k, (m, c) in self.expected.items()},
                    "themes": list(self.themes), "rating": round(self.rating, 1), "explanation": self.explanation,
                    "source": self.source})
        if self.scores is not None:
            out.update({"scores": list(self.scores), "target": self.target})
        return out

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """Parse one puzzle; a :class:`BankError` names what is wrong."""
        if not isinstance(data, dict):
            raise BankError("a puzzle must be a JSON object")
        pid = data.get("id")
        if not isinstance(pid, str) or not pid:
            raise BankError("a puzzle needs an id (text)")
        missing = [k for k in PUZZLE_FIELDS if k not in data]
        if missing:
            raise BankError(f"puzzle {pid}: missing {', '.join(missing)}")
        try:
            record = HandRecord.from_json({k: v for k, v in data.items() if k not in NOT_RECORD})
        except RecordError as e:
            raise BankError(f"puzzle {pid}: bad hand record: {e}") from None
        kind = data["kind"]
        if kind not in KINDS:
            raise BankError(f"puzzle {pid}: kind must be pass or play, not {kind!r}")
        expected = data["expected"]
        if not isinstance(expected, dict) or not expected:
            raise BankError(f"puzzle {pid}: expected must map each option to [points, ci95]")
        try:
            options = {_canonical(k, kind): (float(v[0]), float(v[1])) for k, v in expected.items()}
            answers = tuple(_canonical(a, kind) for a in data["answers"])
            best = _canonical(data["best"], kind)
        except (CardError, TypeError, ValueError, IndexError) as e:
            raise BankError(f"puzzle {pid}: bad option: {e}") from None
        if not answers or any(a not in options for a in answers) or best not in answers:
            raise BankError(f"puzzle {pid}: every answer, and the best, must be a graded option")
        themes = data["themes"]
        if not isinstance(themes, list) or any(t not in THEMES for t in themes):
            raise BankError(f"puzzle {pid}: unknown theme in {themes!r}")
        rating = data["rating"]
        if isinstance(rating, bool) or not isinstance(rating, int | float) or not math.isfinite(rating):
            raise BankError(f"puzzle {pid}: rating must be a number")
        return cls(id=pid, record=record, kind=kind, answers=answers, best=best, expected=options,
                   themes=tuple(themes), rating=float(rating), explanation=str(data["explanation"]),
                   source=data["source"] if isinstance(data["source"], dict) else {},
                   scores=_score_line(pid, data, record))


def _score_line(pid: str, data: dict[str, Any], record: HandRecord) -> tuple[int, ...] | None:
    """A puzzle's scores, checked against its rules (None when it has no score line)."""
    if "scores" not in data and "target" not in data:
        if "play-to-score" in data["themes"]:
            raise BankError(f"puzzle {pid}: a play-to-score puzzle needs its scores and target")
        return None
    scores, target, rules = data.get("scores"), data.get("target"), record.rules
    if not isinstance(scores, list) or len(scores) != rules.players or \
            any(isinstance(v, bool) or not isinstance(v, int) for v in scores):
        raise BankError(f"puzzle {pid}: scores must list {rules.players} whole numbers, seat 0 first, not {scores!r}")
    if target != rules.target:
        raise BankError(f"puzzle {pid}: target {target!r} is not its rules' target ({rules.target})")
    return tuple(scores)


def _canonical(text: Any, kind: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"a move must be text, not {text!r}")
    cards = parse_move(text)
    if len(cards) != 1 and kind == "play":
        raise ValueError(f"a play is one card, not {text!r}")
    return move_key(cards[0] if kind == "play" else cards)


@dataclass
class Bank:
    """Puzzles by id, in file order."""

    puzzles: list[Puzzle]
    problems: list[str] = field(default_factory=list)
    """Lines that could not be read (each names its file, line and problem); the rest of the bank is usable."""

    def __post_init__(self) -> None:
        self.by_id = {p.id: p for p in self.puzzles}

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def __getitem__(self, pid: str) -> Puzzle:
        return self.by_id[pid]

    def select(self, *, themes: Iterable[str] = (), rules: str | None = None,
               variants: bool | None = None) -> list[Puzzle]:
        """The puzzles with any of ``themes`` (all when none given) under the preset ``rules``; ``variants``
        False keeps the standard four-player game's only, True only the others' (None: either)."""
        wanted = set(themes)
        unknown = wanted - set(THEMES)
        if unknown:
            raise ValueError(f"unknown theme {sorted(unknown)[0]!r} (themes: {', '.join(THEMES)})")
        return [p for p in self.puzzles if (not wanted or wanted & set(p.themes))
                and (rules is None or p.preset == rules) and (variants is None or p.variant == variants)]


def header() -> dict[str, Any]:
    return {"format": FORMAT, "schema": SCHEMA}


def read_bank_file(path: Path) -> tuple[list[Puzzle], list[str]]:
    """The puzzles of one bank file and the problems of its unreadable lines.

    A file that is not a bank (no header, another format, a newer schema) raises :class:`BankError`.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BankError(f"{path}: cannot read the bank: {e}") from None
    lines = text.splitlines()
    try:
        head = decode_json(lines[0]) if lines else None
    except RecordError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise BankError(f"{path}: not a hearts_tutor puzzle bank (its first line must be {json.dumps(header())})")
    if head.get("schema") != SCHEMA:
        raise BankError(f"{path}: puzzle bank schema {head.get('schema')!r}; this version reads schema {SCHEMA}")
    puzzles, problems = [], []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            puzzles.append(Puzzle.from_json(decode_json(line)))
        except (BankError, RecordError) as e:
            problems.append(f"{path.name} line {number}: {e}")
    return puzzles, problems


def bank_files(path: Path | str | None = None) -> list[Path]:
    """The files of a bank: a file as given, every ``*.jsonl`` of a folder, or the shipped bank."""
    p = Path(path) if path is not None else BANK_DIR
    if p.is_dir():
        return sorted(p.glob("*.jsonl"))
    if not p.exists():
        raise BankError(f"{p}: no such puzzle bank")
    return [p]


def load_bank(path: Path | str | None = None) -> Bank:
    """A bank (default: the one shipped in the package). Puzzles with the same id: the first one counts."""
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    seen: set[str] = set()
    for f in bank_files(path):
        got, bad = read_bank_file(f)
        problems += bad
        for p in got:
            if p.id in seen:
                problems.append(f"{f.name}: puzzle {p.id} appears twice; the first one is kept")
                continue
            seen.add(p.id)
            puzzles.append(p)
    return Bank(puzzles, problems)


def append_puzzles(path: Path, puzzles: Iterable[dict[str, Any]]) -> int:
    """Append puzzles (JSON objects) to a bank file, writing the header first if the file is new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists() or path.stat().st_size == 0
    if not new:
        read_bank_file(path)  # refuse to append to something that is not a bank
    n = 0
    with path.open("a", encoding="utf-8") as f:
        if new:
            f.write(json.dumps(header()) + "\n")
        for p in puzzles:
            f.write(json.dumps(p, separators=(",", ":")) + "\n")
            n += 1
        f.flush()
    return n


__all__ = ["BANK_DIR", "KINDS", "LESSON_THEMES", "NOT_RECORD", "SCHEMA",
           "SCORE_FIELDS", "THEMES", "THEME_NAMES", "VARIANT_LESSONS", "Bank", "BankError", "Judgement", "Puzzle",
           "append_puzzles", "bank_files", "deal_of", "load_bank", "move_key", "parse_move", "read_bank_file"]
