"""The coach's review of one finished hand from one seat's side, and the ``hearts-tutor review`` command.

The record is replayed with the engine; every decision of the seat is looked at from the view that seat
had at the time (``state.view(seat)``): the pass with its flags and grade, and for every play the legal
cards, the engine's reason for each other card in hand, the expected points of each legal card, the card
played, its cost and band, and the coach's choice (SPEC section 9). The mistakes (inaccuracies and worse)
are listed in order with their cost, the explanation, and what the bots at the table were thinking on
that trick (their decision steps). Given the match's ``scores`` before the hand, every grade is judged at that
score line (:mod:`.score_grading`) and the review says which line it used.
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, card_str, cards_str
from ..engine.hand import HandState, Phase
from ..engine.record import HandRecord, RecordError, decode_json, json_error
from ..engine.view import PlayerView
from ..equity.line import ScoreLine, judged_line
from . import text
from .grading import Grade, grade_pass, grade_play
from .legality import legality
from .passing import PassReview, review_pass

MISTAKE_BANDS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class PlayReview:
    """One play of the reviewed seat: position ``index`` in the record."""

    index: int
    card: Card
    legal: tuple[Card, ...]
    illegal: dict[Card, tuple[str, str]]
    grade: Grade

    def to_json(self) -> dict[str, Any]:
        g = self.grade
        return {"index": self.index, "card": card_str(self.card), "legal": cards_str(self.legal),
                "illegal": {card_str(c): {"rule": r, "reason": why} for c, (r, why) in self.illegal.items()},
                "expected": {card_str(c): _num(x) for c, x in g.expected.items()},
                "best": card_str(g.best), "cost": _num(g.cost), "band": g.band}


@dataclass(frozen=True)
class Thought:
    """What one bot was thinking when it played on the trick of a mistake."""

    seat: int
    index: int
    card: Card
    """The card the record says was played."""
    level: str
    steps: tuple[str, ...]
    chose: Card = -1
    """The card a bot of this level would play there (the steps are its reasoning)."""


@dataclass(frozen=True)
class Mistake:
    """A decision graded inaccuracy or worse, with what the bots were thinking on that trick."""

    kind: str
    index: int | None
    cards: tuple[Card, ...]
    band: str
    cost: float
    explanation: str
    thoughts: tuple[Thought, ...] = ()
    unit: str = "points"
    """What ``cost`` measures: points, or chance (percent of the chance to win the game)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "index": self.index, "cards": cards_str(self.cards), "band": self.band,
                "cost": _num(self.cost), "explanation": self.explanation,
                "bots": [{"seat": t.seat, "index": t.index, "card": card_str(t.card), "level": t.level,
                          "bot_card": card_str(t.chose) if t.chose >= 0 else None,
                          "steps": list(t.steps)} for t in self.thoughts]}


@dataclass(frozen=True)
class HandReview:
    """The review of one hand from ``seat``'s side."""

    seat: int
    rules_name: str
    players: int
    pass_review: PassReview | None
    pass_grade: Grade | None
    plays: tuple[PlayReview, ...]
    mistakes: tuple[Mistake, ...] = field(default=())
    points: tuple[int, ...] = ()
    line: ScoreLine | None = None
    """The score line the grades were judged at (None: a lone hand, judged in points)."""
    shooter: int | None = None
    """The seat that shot the moon this hand, if one did."""
    moon_choice: str | None = None
    """How that moon scored: ``add_to_others`` or ``subtract_from_self``."""

    def moon_words(self) -> str:
        """What the moon did this hand, from the reviewed seat's side ('' when nobody shot it). After the learner's
        own moon the grades still stand: each judged its move before the other hands were known."""
        if self.shooter is None:
            return ""
        return text.review_moon(self.seat, self.shooter, self.players, self.moon_choice or "add_to_others",
                                bool(self.mistakes))

    def to_json(self) -> dict[str, Any]:
        """Exactly the ``review --json`` shape of SPEC section 9 (``"pass"`` is null in a hand without passing)."""
        passed: dict[str, Any] | None = None
        if self.pass_review is not None and self.pass_grade is not None:
            g = self.pass_grade
            passed = {"cards": cards_str(self.pass_review.cards),
                      "flags": [{"id": f.id, "severity": f.severity, "reason": f.reason}
                                for f in self.pass_review.flags],
                      "best": cards_str(g.best), "cost": _num(g.cost), "band": g.band}
        return {"pass": passed, "plays": [p.to_json() for p in self.plays]}

    def details(self) -> dict[str, Any]:
        """:meth:`to_json` plus the mistakes in order, with what the bots were thinking."""
        out = self.to_json()
        out["mistakes"] = [m.to_json() for m in self.mistakes]
        return out

    def to_text(self) -> str:
        """The review as a learner reads it."""
        lines = [text.review_heading(self.seat, self.rules_name, self.players)]
        if self.points:
            lines.append(text.review_points(self.points[self.seat]))
        if self.shooter is not None:
            lines.append(self.moon_words())
        if self.line is not None:
            from .score_advice import line_words

            lines.append(f"Judged at the score: {line_words(self.line)}.")
        if self.pass_review is not None and self.pass_grade is not None:
            g = self.pass_grade
            lines.append(text.review_pass_line(list(self.pass_review.cards), g.band, g.cost, g.unit))
            if g.band != "best":
                lines.append(text.review_coach_pass(g.best))
            lines.extend(text.review_flag(f.severity, f.reason) for f in self.pass_review.flags)
        for p in self.plays:
            lines.append(text.review_play_line(self._trick(p.index), p.card, p.grade.band, p.grade.cost,
                                               p.grade.best, p.grade.unit))
            if len(p.legal) > 1:
                lines.append(text.review_expected_line({c: p.grade.expected.get(c, math.nan) for c in p.legal},
                                                       p.grade.unit))
            reasons: dict[str, list[Card]] = {}
            for c, (_, why) in p.illegal.items():
                reasons.setdefault(why, []).append(c)
            lines.extend(text.review_illegal_line(cards, why) for why, cards in reasons.items())
        lines.append("")
        if not self.mistakes:
            lines.append(text.review_no_mistakes())
        else:
            lines.append(text.review_mistakes_heading(len(self.mistakes)))
            for i, m in enumerate(self.mistakes, 1):
                trick = None if m.index is None else self._trick(m.index)
                lines.append(text.review_mistake(i, trick, m.cards, m.explanation))
                for t in m.thoughts:
                    who = text.seat_phrase(self.seat, t.seat, self.players)
                    lines.append(text.review_bot_heading(who, t.level, t.card, t.chose))
                    lines.extend(text.review_bot_step(s) for s in t.steps)
        return "\n".join(lines)

    def _trick(self, index: int) -> int:
        """The trick (counted from 1) of the play at ``index``."""
        return index // self.players + 1


def _num(x: float) -> float | None:
    return round(x, 3) if isinstance(x, float | int) and math.isfinite(x) else None


def review_hand(record: HandRecord, seat: int = 0, seed: int = 0, scores: Sequence[int] = (), *,
                rollouts: int | None = None, bots: str = "hard") -> HandReview:
    """Review a complete hand record from ``seat``'s side (raises :class:`RecordError` naming the problem);
    ``scores``: the match's scores before the hand, to judge the moves at (none: in points)."""
    if scores and len(scores) != record.rules.players:
        raise RecordError(f"{len(scores)} scores for a table of {record.rules.players}", rule="bad_scores")

    def seen(view: PlayerView) -> PlayerView:
        return dataclasses.replace(view, scores=tuple(scores)) if scores else view

    rules = record.rules
    if not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise RecordError(f"there is no seat {seat} at a table of {rules.players}", rule="no_such_seat")
    state = record.start()
    pass_rev: PassReview | None = None
    pass_grade: Grade | None = None
    mistakes: list[Mistake] = []
    if state.phase is Phase.PASS:
        if not record.passes or len(record.passes) != state.n or any(not p for p in record.passes):
            raise RecordError(f"the record is incomplete: this hand passes {state.pass_direction}, but the "
                              "passes of every seat are not given", rule="incomplete_record")
        view = seen(state.view(seat))
        cards = record.passes[seat]
        try:
            pass_rev = review_pass(view, cards)
        except Exception as e:  # the engine's IllegalMove: name it as a record problem
            reason = getattr(e, "reason", str(e))
            raise RecordError(f"seat {seat}'s pass: {reason}", rule=getattr(e, "rule", "bad_pass")) from None
        pass_grade = grade_pass(view, cards, seed=seed, rollouts=rollouts)
        if pass_grade.band in MISTAKE_BANDS:
            mistakes.append(Mistake("pass", None, tuple(pass_grade.cards), pass_grade.band, pass_grade.cost,
                                    pass_grade.explanation, unit=pass_grade.unit))
    record.apply_passes(state)
    before: list[HandState] = []
    plays: list[PlayReview] = []
    for k, c in enumerate(record.plays):
        if state.phase is Phase.PLAY:
            before.append(state.copy())
            if state.to_move == seat:
                view = seen(state.view(seat))
                verdicts = legality(view)
                legal = tuple(view.legal_plays())
                illegal = {h: (v.rule, v.reason) for h, v in verdicts.items() if v is not None}
                if c in legal:
                    grade = grade_play(view, c, seed=seed * 1000 + k, rollouts=rollouts)
                    plays.append(PlayReview(k, c, legal, illegal, grade))
        HandRecord.play_into(state, k, c)
    if state.phase is Phase.PLAY or state.phase is Phase.PASS:
        total = rules.tricks_per_hand * rules.players
        raise RecordError(f"the record is incomplete: {len(record.plays)} of {total} plays are given; the "
                          "review needs a finished hand", rule="incomplete_record")
    if state.phase is Phase.MOON and record.moon_choice is not None:
        state.choose_moon(record.moon_choice)
    result = state.result()
    for p in plays:
        if p.grade.band in MISTAKE_BANDS:
            mistakes.append(Mistake("play", p.index, (p.card,), p.grade.band, p.grade.cost, p.grade.explanation,
                                    _thoughts(before, p.index, seat, rules.players, bots, seed), p.grade.unit))
    mistakes.sort(key=lambda m: -1 if m.index is None else m.index)
    return HandReview(seat=seat, rules_name=rules.name, players=rules.players, pass_review=pass_rev,
                      pass_grade=pass_grade, plays=tuple(plays), mistakes=tuple(mistakes),
                      points=tuple(result.points), line=judged_line(seen(record.start().view(seat))),
                      shooter=result.shooter, moon_choice=result.moon_choice)


def _thoughts(before: list[HandState], index: int, seat: int, players: int, level: str,
              seed: int) -> tuple[Thought, ...]:
    """The bots' reasoning for every other play of the trick that holds play ``index``."""
    from ..bots import make_bot

    state = before[index]
    start = index - len(state.trick)
    out = []
    for j in range(start, min(start + players, len(before))):
        s = before[j]
        who = s.to_move
        if j == index or who == seat or s.trick_number != state.trick_number:
            continue
        decision = make_bot(level, seed=seed * 100 + who).decide(s.view(who))
        played = before[j + 1].plays()[-1] if j + 1 < len(before) else decision.card
        out.append(Thought(who, j, played, level, tuple(step.text for step in decision.steps), decision.card))
    return tuple(out)


# ----- the command -----

def read_record(raw: str) -> HandRecord:
    """One hand record from the command's input: a JSON object, or a single JSON line."""
    body = raw.strip()
    if not body:
        raise RecordError("the input is empty: expected one hand record (a JSON object)")
    try:
        data = json.loads(body)
    except json.JSONDecodeError as e:
        lines = [ln for ln in body.splitlines() if ln.strip()]
        if len(lines) > 1:
            raise RecordError(f"expected one hand record, but the input has {len(lines)} lines and is not one "
                              f"JSON object ({json_error(e)})") from None
        raise RecordError(f"not valid JSON: {json_error(e)}") from None
    except (RecursionError, ValueError):
        data = decode_json(body)  # says what is wrong
    return HandRecord.from_json(data)


def cli_review(args: Any) -> int:
    """``hearts-tutor review [FILE|-] [--seat N] [--seed S] [--json]``: 0 done, 1 bad record, 2 unreadable."""
    name = getattr(args, "file", "-") or "-"
    try:
        if name == "-":
            raw = sys.stdin.read()
        else:
            with open(name, encoding="utf-8") as f:
                raw = f.read()
    except OSError as e:
        print(f"hearts-tutor review: cannot read {name}: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print(f"hearts-tutor review: unreadable input: {e}", file=sys.stderr)
        return 2
    try:
        record = read_record(raw)
    except RecordError as e:
        where = f" (play {e.play})" if e.play is not None else ""
        print(f"hearts-tutor review: bad record{where}: {e}", file=sys.stderr)
        return 1
    if not 0 <= args.seat < record.rules.players:
        print(f"hearts-tutor review: --seat {args.seat}: there is no seat {args.seat} at a table of "
              f"{record.rules.players} (seats 0 to {record.rules.players - 1})", file=sys.stderr)
        return 2
    scores = getattr(args, "scores", ())
    if scores and len(scores) != record.rules.players:
        print(f"hearts-tutor review: --scores: {len(scores)} scores for a table of {record.rules.players}",
              file=sys.stderr)
        return 2
    try:
        review = review_hand(record, seat=args.seat, seed=args.seed, scores=scores)
    except RecordError as e:
        where = f" (play {e.play})" if e.play is not None else ""
        print(f"hearts-tutor review: bad record{where}: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(review.to_json()))
    else:
        print(review.to_text())
    return 0
