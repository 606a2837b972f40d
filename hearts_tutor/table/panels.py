"""What the side panels show, from a :class:`~.core.TableCore`: the coach and its notes, the tutor's warning,
telepathy, the score pad, the statistics and the problems log. Pure functions (HTML text), no widgets."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots.base import Step
from ..coach.text import wins_in_100
from ..engine.cards import Card, parse_cards
from ..engine.hand import Phase
from ..practice.stats_store import StatsStore
from . import art
from .coaching import (
    MISTAKES,
    NOTE_ORDER,
    FlagsNote,
    Grade,
    HintNote,
    Note,
    OwnReview,
    Remark,
    Working,
)
from .helpers import LEARNER, coach_function, score_line_note
from .render import live_points

if TYPE_CHECKING:
    from .core import TableCore

_SEAT_NUMBER = re.compile(r"\b[Ss]eat (\d+)\b")


def named(names: Sequence[str], text: str) -> str:
    """Bots and coach speak of "seat 3"; at the table each seat is its animal ("Red Fox").

    >>> named(["Brown Monkey", "Blue Otter"], "Seat 1 passed to seat 7.")
    'Blue Otter passed to seat 7.'
    """
    return _SEAT_NUMBER.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)


def faces(cards: Sequence[Card]) -> str:
    return ", ".join(art.card_face(c) for c in cards)


# ================================================================ the coach

def coach_html(core: TableCore) -> str:
    """The coach panel: why cards are greyed on the learner's turn, then the coach's notes."""
    view = core.learner_view()
    parts = []
    if core.learner_to_play() and core.shown_trick is None:
        legality = core.coach.legality(view)
        verdicts = legality.values() if legality is not None else (view.why_illegal(c) for c in view.hand)
        bad = {v.reason for v in verdicts if v is not None}
        if bad:
            parts.append("<p><b>Why some cards are greyed</b></p>" + "".join(
                f'<div class="ht-flag info">{html.escape(b)}</div>' for b in sorted(bad)))
    for key in NOTE_ORDER:
        if key != "hand" or core.match.hand.phase is Phase.PASS:
            parts.append(note_html(core, key))
    if not any(parts):
        parts.append("<p>Ask for a <b>hint</b> any time it is your move. "
                     + ("Tutor mode is on: I will warn you before a risky card." if core.tutor else "") + "</p>")
    return "".join(parts)


def note_html(core: TableCore, key: str) -> str:
    """The coach's note ``key`` (one of :data:`~.coaching.NOTE_ORDER`) as HTML; empty when there is none."""
    note = core.coach.notes.get(key)
    return "" if note is None else _note_html(core, note)


def _note_html(core: TableCore, note: Note) -> str:
    if isinstance(note, Working):
        return f"<p>{html.escape(note.mark)}<i>{html.escape(note.text)}</i></p>"
    if isinstance(note, Remark):
        return f"<p>{html.escape(note.text)}</p>"
    if isinstance(note, HintNote):
        return (f"<p>✦ <b>Hint: {html.escape(faces(note.cards))}</b><br>"
                f"{html.escape(named(core.names, note.reason))}</p>")
    if isinstance(note, FlagsNote):
        return flags_html(note.flags, note.title)
    if isinstance(note, Grade):
        return grade_html(note, core.names)
    if isinstance(note, OwnReview):
        return own_review_html(note.grades, computer_helped=bool(core.computer_moves))
    # a ReviewNote: the coach's own review of the hand
    if not note.computer_moves_left_out:
        return "<p><b>Hand review</b></p>" + review_html(note.review, lambda i: trick_thoughts(core, i), core.names)
    own = own_moves(core)
    mistakes = getattr(note.review, "mistakes", None)
    if own == 0:
        return ("<p><b>Hand review</b>: the computer made every move of this hand for you, and its moves are not "
                "reviewed.</p>")
    if isinstance(mistakes, tuple | list) and not mistakes:
        return (f"<p><b>Hand review</b>: no mistakes in the {own} move{'s' if own != 1 else ''} you made yourself. "
                "The computer made the rest, and its moves are not reviewed.</p>")
    return ("<p><b>Hand review</b></p>" + review_html(note.review, lambda i: trick_thoughts(core, i), core.names)
            + "<p><small>Moves the computer made for you are not reviewed.</small></p>")


def _explained(mistake: Any) -> str:
    """A reviewed mistake's explanation ('' without one)."""
    return str(getattr(mistake, "explanation", "") or "")


def _line_in_words(review: Any) -> str:
    """' (you 40, seat 1 95, ...; the game ends when ...)': the score line as the coach's sentences quote it."""
    words = coach_function("line_words")
    line = getattr(review, "line", None)
    return f" ({words(line)})" if words is not None and line is not None else ""


def _without(text: str, quoted: str) -> str:
    """``text`` without the score line it quotes (said once at the top of the review instead)."""
    return text.replace(quoted, "") if quoted else text


def own_moves(core: TableCore) -> int:
    """How many moves of a finished hand (its pass, its cards) the learner made, not the computer."""
    h = core.match.hand
    moves = len(h.plays()) // h.n + (h.pass_direction != "keep")  # one card a trick, and the pass
    return moves - len(core.computer_moves)


def flags_html(flags: Sequence[Any], title: str) -> str:
    items = "".join(
        f'<div class="ht-flag {html.escape(str(getattr(f, "severity", "info")))}">'
        f'{html.escape(str(getattr(f, "reason", f)))}</div>' for f in flags)
    return f"<p><b>{html.escape(title)}</b></p>{items}"


def _what(grade: Grade) -> str:
    return art.card_face(grade.move) if isinstance(grade.move, int) else faces(grade.move)


def grade_html(grade: Grade, names: Sequence[str] = ()) -> str:
    """The grade of the learner's last move, its cost (in points, or in the chance to win the game) and the
    coach's move; ``names`` name the seats in the explanation."""
    band = grade.band
    line = (f'<p><b>Your last move</b> ({html.escape(_what(grade))}): <span class="ht-grade {html.escape(band)}">'
            f'{html.escape(band or "graded")}</span>')
    if grade.cost is not None and band != "best":  # (a best move's cost is within noise of the coach's choice)
        line += (f" — costs {wins_in_100(grade.cost, exact=True)} against the best"
                 if grade.unit == "chance" else f" — costs {grade.cost:.1f} pts against the best")
    if grade.best and band != "best":
        line += f"; the coach would play {html.escape(faces(grade.best))}"
    expl = named(names, grade.explanation) if names else grade.explanation
    return line + (f".<br><small>{html.escape(expl)}</small></p>" if expl else ".</p>")


def own_review_html(grades: Sequence[Grade], *, computer_helped: bool = False) -> str:
    """The hand's review from the table's own grades: the moves graded an inaccuracy or worse
    (``computer_helped``: the computer made some of the learner's moves, which were not graded)."""
    if not grades:
        return ""
    bad = [f"{_what(g)}: {g.band}" + (f" (best {faces(g.best)})" if g.best else "")
           for g in grades if g.band in MISTAKES]
    if not bad and computer_helped:
        return (f"<p><b>Hand review</b>: no mistakes in the {len(grades)} move{'s' if len(grades) != 1 else ''} "
                "you made yourself. The computer made the rest, and its moves are not reviewed.</p>")
    if not bad:
        return "<p><b>Hand review</b>: no mistakes this hand. Well played!</p>"
    return "<p><b>Hand review</b></p><ul>" + "".join(f"<li>{html.escape(t)}</li>" for t in bad) + "</ul>"


def trick_thoughts(core: TableCore, index: int) -> str:
    """What the bots were thinking on the trick of play ``index``, as they thought it at the table."""
    n = core.rules.players
    start = index - index % n
    parts = []
    for j in range(start, start + n):
        d = core.play_decisions.get(j)
        if j == index or d is None or d.seat == LEARNER or not d.steps:
            continue
        steps = "".join(f"<li>{html.escape(named(core.names, st.text))}{step_scores(st, d.cards)}</li>"
                        for st in d.steps)
        parts.append(f"<details><summary>What {html.escape(core.names[d.seat])} ({html.escape(d.level)} bot) "
                     f"was thinking before playing {html.escape(art.card_face(d.card))}</summary>"
                     f"<ol>{steps}</ol></details>")
    return "".join(parts)


def review_html(review: Any, thoughts: Callable[[int], str] | None = None, names: Sequence[str] = ()) -> str:
    """The coach's hand review, whatever shape it has (object with mistakes, a dict, or text); ``thoughts(index)``
    adds what the bots were thinking on the trick of the play at ``index``; ``names``: the seats' names at the
    table (the coach's "seat N" becomes the seat's animal, as in hints and grades). A review judged at a score
    line says the line once, after the mistakes (a phone held sideways must show the first mistake), not in
    every mistake."""
    if review is None:
        return "<p>No review.</p>"
    if isinstance(review, str):
        return f"<p>{html.escape(review)}</p>"
    mistakes = getattr(review, "mistakes", None)
    if isinstance(mistakes, tuple | list):
        note = score_line_note(review).strip().strip("()")
        judged = f"<p><small>{html.escape(named(names, note))}</small></p>" if note else ""
        once = _line_in_words(review) if note else ""
        moon = review.moon_words() if callable(getattr(review, "moon_words", None)) else ""
        moon = f"<p><small>{html.escape(moon)}</small></p>" if moon else ""  # after the list: a phone shows it first
        if not mistakes:
            return "<p>No mistakes this hand. Well played!</p>" + moon + judged
        items = []
        for m in mistakes:
            band = str(getattr(m, "band", ""))
            index = getattr(m, "index", None)
            players = getattr(review, "players", 0)
            where = ("Your pass" if getattr(m, "kind", "") == "pass" or not isinstance(index, int) else
                     f"Trick {index // players + 1}" if players else f"Play {index + 1}")
            cost = getattr(m, "cost", None)
            cost_text = "" if not isinstance(cost, int | float) else (
                f" (costs {wins_in_100(cost, exact=True)})" if getattr(m, "unit", "") == "chance"
                else f" (costs {cost:.1f})")
            cards = faces(getattr(m, "cards", ()))
            items.append(f'<div class="ht-flag warning"><span class="ht-grade {html.escape(band)}">'
                         f"{html.escape(band)}</span> {html.escape(where)}: {html.escape(cards)}"
                         f"{cost_text}<br><small>{html.escape(named(names, _without(_explained(m), once)))}</small>"
                         f"{thoughts(index) if thoughts and isinstance(index, int) else ''}</div>")
        return (f"<p>{len(mistakes)} thing{'s' if len(mistakes) != 1 else ''} to learn from:</p>"
                + "".join(items) + moon + judged)
    for attr in ("summary", "text"):
        value = getattr(review, attr, None)
        if callable(value):
            value = value()
        if isinstance(value, str) and value:
            return "<p>" + html.escape(value).replace("\n", "<br>") + "</p>"
    data = review.to_json() if hasattr(review, "to_json") else review
    if isinstance(data, dict):
        items = []
        for play in data.get("plays", []):
            band = play.get("band")
            if band in MISTAKES:
                items.append(f'<li><span class="ht-grade {html.escape(band)}">{html.escape(band)}</span> '
                             f'{html.escape(str(play.get("card")))} (best {html.escape(str(play.get("best")))}, '
                             f'cost {play.get("cost", 0):.1f})</li>')
        p = data.get("pass")
        if isinstance(p, dict) and p.get("band") in MISTAKES:
            items.insert(0, f"<li>Pass {html.escape(' '.join(map(str, p.get('cards', []))))}: "
                            f"{html.escape(p['band'])}</li>")
        return "<ul>" + "".join(items) + "</ul>" if items else "<p>No mistakes this hand. Well played!</p>"
    return f"<p>{html.escape(str(data))}</p>"


@dataclass(frozen=True)
class WarningView:
    """The tutor's question on the felt, and its two buttons' words."""

    html: str
    buttons: tuple[str, str]  # go ahead, take it back


def warning_view(core: TableCore) -> WarningView | None:
    if core.warning is None:
        return None
    move, flag = core.warning.move, core.warning.flag
    a_pass = isinstance(move, tuple)
    what = "passing " + faces(move) if isinstance(move, tuple) else art.card_face(move)
    text = (f'<div class="ht-flag warning">⚠ <b>Are you sure about {what}?</b> '
            f'{html.escape(named(core.names, str(getattr(flag, "reason", flag))))}</div>')
    return WarningView(text, ("Pass them anyway", "Choose again") if a_pass else ("Play it anyway", "Take it back"))


# ================================================================ telepathy

@dataclass(frozen=True)
class TelepathyView:
    """The telepathy panel: the bot's thoughts so far, and whether there are steps before and after."""

    html: str
    has_previous: bool
    has_next: bool


def telepathy_view(core: TableCore) -> TelepathyView | None:
    """What the bot being read was thinking at its last decision, up to the step shown (None: closed)."""
    seat = core.telepathy_seat
    if seat is None or seat >= len(core.names):
        return None
    name = core.names[seat]
    d = core.decisions.get(seat)
    head = (f"<h4>✧ Inside {html.escape(name)}'s head</h4>"
            f"<small>{html.escape(core.bots[seat].level or core.levels[seat])} bot</small>")
    if d is None or not d.steps:
        return TelepathyView(head + f"<p>{html.escape(name)} has not decided anything yet this hand.</p>",
                             False, False)
    what = "passing" if d.kind == "pass" else "the moon" if d.kind == "moon" else f"playing {art.card_face(d.card)}"
    at = min(core.telepathy_at, len(d.steps) - 1)
    steps = "".join(
        f'<div class="ht-step{" ht-current" if i == at else ""}"><span class="ht-kind">{i + 1}. '
        f'{html.escape(st.kind)}</span><br>{html.escape(named(core.names, st.text))}{step_scores(st, d.cards)}</div>'
        for i, st in enumerate(d.steps[:at + 1]))
    return TelepathyView(head + f"<p>Its last decision: <b>{html.escape(what)}</b> "
                         f"(step {at + 1} of {len(d.steps)})</p>{steps}", at > 0, at < len(d.steps) - 1)


def step_scores(step: Step, chosen: Sequence[Card]) -> str:
    """A considered step's candidates, best first, the bot's choice in bold: with the numbers when they are
    expected points from played-out deals, as a ranking when they are rule-of-thumb scores."""
    data = getattr(step, "data", {}) or {}
    key = "playouts" if "playouts" in data else "scores"
    scores = data.get(key)
    if not isinstance(scores, dict) or len(scores) < 2:
        return ""
    points = key == "playouts" or "samples" in data
    try:
        options = [(parse_cards(k), float(v)) for k, v in scores.items()]
    except (ValueError, TypeError):
        return ""
    options.sort(key=lambda o: -o[1] if "higher" in step.text else o[1])
    parts = []
    for cards, value in options:
        label = html.escape(" ".join(art.card_face(c) for c in cards)) + (f" {value:.1f}" if points else "")
        picked = sorted(cards) == sorted(chosen) or (len(cards) == 1 and cards[0] in chosen)
        parts.append(f"<b>{label}</b>" if picked else label)
    return f'<div class="ht-scores">{"in order: " if not points else ""}{" · ".join(parts)}</div>'


# ================================================================ score pad, statistics, problems

def scorepad_html(core: TableCore) -> str:
    """Every hand's points and the totals, with a chart of the scores."""
    m = core.match
    n = core.rules.players
    head = "".join(f'<th><span class="ht-dot" style="background:{core.colours[s]}"></span>'
                   f'{html.escape(core.names[s].split()[-1])}</th>' for s in range(n))
    rows = []
    start = m.start_scores
    if any(start):
        rows.append("<tr><td>Handicap</td>" + "".join(f"<td>{v}</td>" for v in start) + "</tr>")
    for i, pts in enumerate(m.hand_points):
        rows.append(f"<tr><td>Hand {i + 1}</td>" + "".join(f"<td>{p}</td>" for p in pts) + "</tr>")
    if not core.hand_scored and not m.is_over:
        rows.append(f"<tr><td><i>Hand {len(m.hand_points) + 1} so far</i></td>"
                    + "".join(f"<td><i>{p}</i></td>" for p in live_points(core)) + "</tr>")
    rows.append('<tr class="ht-total"><td>Total</td>' + "".join(f"<td>{v}</td>" for v in m.scores) + "</tr>")
    series = [[start[s]] for s in range(n)]
    for pts in m.hand_points:
        for s in range(n):
            series[s].append(series[s][-1] + pts[s])
    target = core.rules.target if core.rules.end != "hands" else None
    chart = art.score_chart_svg(series, core.colours, core.names, target)
    return (f"<h4>✎ Score pad</h4><table class='ht-scoretable'><tr><th>Hand</th>{head}</tr>{''.join(rows)}"
            f"</table><div style='margin-top:6px'>{chart}</div>")


def stats_html(store: StatsStore) -> str:
    """The learner's record across games (read again: another table may have added to it)."""
    store.reload()
    rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>"
                   for k, v in store.stats.summary_rows())
    note = f'<div class="ht-notice">{html.escape(store.message)}</div>' if store.message else ""
    return (f"<h4>∑ Statistics</h4>{note}<table class='ht-scoretable'>{rows}</table>"
            f"<small>Kept in {html.escape(str(store.path))}</small>")


def log_html(errors: Sequence[str]) -> str:
    """The last problems, for the learner to see (and report)."""
    if not errors:
        return ""
    items = "".join(f"<pre>{html.escape(t)}</pre>" for t in errors[-3:])
    return f'<details open><summary>⚠ Something went wrong ({len(errors)})</summary>{items}</details>'
