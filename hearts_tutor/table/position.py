"""A position on the table's felt from one player's view alone (a practice puzzle, a lesson's puzzle): the seats
with their animals, names and points, the trick in progress where each card lands, and every earlier trick with
who led it, who played each card and who took it. Pure functions (HTML text), drawn with the table's own art
(:mod:`.art`) and trick pieces (:mod:`.render`); the learner's cards are the widget's (:mod:`.felt`).

Only what the view holds is drawn: an opponent's card appears only once it was played face up.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..engine.view import PlayerView
from . import art
from .layout import seat_sides
from .render import trick_area_html, trick_row_html

YOU = "You"


def seat_names(view: PlayerView) -> list[str]:
    """Each seat's name as the table says it, by seat: "You" for the viewer, the animals clockwise from its left
    (the same animals as at the table, whatever the viewer's own seat number)."""
    animals = art.seat_animals(view.n)
    return [YOU if s == view.seat else art.title_name(animals[(s - view.seat) % view.n][0]) for s in range(view.n)]


def points_taken(view: PlayerView) -> list[int]:
    """Each seat's points taken so far this hand (hearts, and the queen and the jack as the rules score them)."""
    r = view.rules
    return [view.hearts_taken[s] + view.queens_taken[s] * r.queen_points + view.jacks_taken[s] * r.jack_points
            for s in range(view.n)]


def _seat_html(view: PlayerView, seat: int, names: Sequence[str], scores: Sequence[int] | None) -> str:
    rel = (seat - view.seat) % view.n
    _name, fur, kind = art.seat_animals(view.n)[rel]
    game = f"<b>{scores[seat]}</b> pts · " if scores else ""
    cards = view.hand_sizes[seat]
    return (f'<div class="ht-pseat ht-pseat-{rel}"><img alt="" src="{art.avatar_uri(kind, fur)}">'
            f'<div><div class="ht-pseat-name">{html.escape(names[seat])}</div>'
            f'<div class="ht-pseat-info">{game}this hand {points_taken(view)[seat]} · '
            f'{cards} card{"s" if cards != 1 else ""}</div></div></div>')


def felt_html(view: PlayerView, scores: Sequence[int] | None = None) -> str:
    """The felt above the learner's hand: the opponents round the trick area, and the trick so far in it.

    ``scores`` are the game's scores before the hand, by seat (a play-to-score puzzle's), shown with each seat.
    """
    names = seat_names(view)
    sides: dict[str, list[int]] = {"left": [], "top": [], "right": []}
    for rel, (side, _place) in seat_sides(view.n).items():
        sides[side].append((view.seat + rel) % view.n)
    sides["left"].reverse()  # the first seat on the left at the bottom, as at the table
    column = {side: "".join(_seat_html(view, s, names, scores) for s in seats) for side, seats in sides.items()}
    cards = [((s - view.seat) % view.n, c) for s, c in zip(view.trick_seats, view.trick, strict=True)]
    trick = trick_area_html(cards, view.n, view.rules.decks)
    return (f'<div class="ht-pfelt-top">{column["top"]}</div>'
            f'<div class="ht-pfelt-middle"><div class="ht-pfelt-side">{column["left"]}</div>'
            f'<div class="ht-pfelt-trick">{trick}</div><div class="ht-pfelt-side">{column["right"]}</div></div>')


def me_html(view: PlayerView, scores: Sequence[int] | None = None) -> str:
    """The learner's own seat under the trick: the monkey, points so far, and whether hearts are broken."""
    names = seat_names(view)
    broken = (f'<span class="ht-hb-on">{art.BROKEN_HEART} Hearts broken</span>' if view.hearts_broken else
              f'<span class="ht-hb-off">{art.WHOLE_HEART} Hearts not broken</span>')
    return _seat_html(view, view.seat, names, scores) + f'<div class="ht-pfelt-hearts">{broken}</div>'


def history_html(view: PlayerView) -> str:
    """Every trick played so far, in order: who led, each card under who played it, and who took it."""
    names = seat_names(view)
    if not view.tricks:
        return '<div class="ht-phistory"><b>Tricks so far</b>: none yet, this is the first trick.</div>'
    rows = []
    for number, t in enumerate(view.tricks, 1):
        led = names[t.leader]
        took = "nobody (cancelled)" if t.winner is None else names[t.winner].lower() if t.winner == view.seat \
            else names[t.winner]
        head = (f'<div class="ht-phistory-head">Trick {number}: {html.escape(led)} led, '
                f'{html.escape(took)} took it</div>')
        rows.append(f'<div class="ht-phistory-trick">{head}'
                    f'{trick_row_html(t.cards, t.leader, t.winner, names, view.rules.decks)}</div>')
    return f'<div class="ht-phistory"><b>Tricks so far</b>{"".join(rows)}</div>'


__all__ = ["felt_html", "history_html", "me_html", "points_taken", "seat_names"]
