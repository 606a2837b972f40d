"""Keyboard and screen-reader access to the table: card buttons named in words, a focus that shows.

A card button's text is its accessible name (``Queen of spades``, and when it cannot be clicked, why); the
style sheet hides that text and draws the card's face with generated content that screen readers skip
(``content: "…" / ""``), so a sighted learner sees the same face as before. Every control is a native button,
so Tab, Shift+Tab, Enter and Space work; :data:`FOCUS_CSS` gives the focused one a clear outline.

>>> from hearts_tutor.engine.cards import parse_card
>>> card_label(parse_card("QS"), disabled=True, reason="You must follow clubs.")
'Queen of spades — cannot play: You must follow clubs.'
>>> card_label(parse_card("TH"), selected=True)
'10 of hearts, chosen to pass'
"""

from __future__ import annotations

from ..engine.cards import RANKS, SUIT_SYMBOLS, SUITS, Card, card_name
from . import art


def card_label(c: Card, *, disabled: bool = False, reason: str = "", selected: bool = False) -> str:
    """A card button's accessible name: the card, whether it is chosen, and why it cannot be clicked."""
    name = card_name(c).removeprefix("the ")
    label = name[0].upper() + name[1:] + (", chosen to pass" if selected else "")
    return f"{label} — cannot play: {reason}" if disabled and reason else label


def _faces() -> str:
    """Each card's corner (rank over small suit) and big suit, from its ``ht-rank-<R>`` and ``ht-suit-<S>``
    classes (card codes stay out of the page: only the learner's own cards may be named there)."""
    rules = [f'.ht-table .ht-cardbtn.ht-rank-{r} {{ --ht-rank: "{art.rank_text(i)}"; }}' for i, r in enumerate(RANKS)]
    rules += [f'.ht-table .ht-cardbtn.ht-suit-{s} {{ --ht-suit: "\\{ord(symbol):x}"; }}'
              for s, symbol in zip(SUITS, SUIT_SYMBOLS, strict=True)]
    # .ht-hand: as specific as the table's own suit rules, and later, so these win
    corner, big = 'var(--ht-rank) "\\A " var(--ht-suit)', "var(--ht-suit)"
    for pseudo, content in (("before", corner), ("after", big)):
        rules.append(f".ht-table .ht-hand .jupyter-button.ht-cardbtn::{pseudo} {{ content: {content}; "
                     f'content: {content} / ""; }}')
    return "\n".join(rules)


FOCUS_CSS = """
.ht-table .jupyter-button:focus-visible, .ht-table .jupyter-button.ht-cardbtn:focus-visible,
.ht-table .widget-toggle-button:focus-visible, .ht-table select:focus-visible, .ht-table input:focus-visible {
  outline: calc(3px / var(--ht-zoom, 1)) solid #ffd84d; outline-offset: 2px; box-shadow: 0 0 0 6px #1b1b1b;
  z-index: 5; }
.ht-table .jupyter-button.ht-cardbtn:focus-visible { transform: translateY(-10px); }
.ht-table .ht-resume-bar { background: #fff3cd; border: 1px solid #d9b44a; border-radius: 8px; padding: 4px 8px;
  margin-bottom: 6px; gap: 8px; flex-wrap: wrap; color: #3b2f1e; }
.ht-table .ht-resume-bar .jupyter-button { width: auto; padding: 0 12px; font-weight: 600; }
.ht-table .jupyter-button.ht-cardbtn { font-size: 0; }
.ht-table .jupyter-button.ht-cardbtn::before { font-size: 19px; line-height: 19px; white-space: pre; }
"""


def style_sheet(scope: str = ".ht-table") -> str:
    """The access rules, to follow the table's own style sheet (``scope``: where the controls are, e.g. a
    puzzle's felt outside any table)."""
    return "<style>" + (FOCUS_CSS + _faces()).replace(".ht-table ", scope + " ") + "\n</style>"


__all__ = ["FOCUS_CSS", "card_label", "style_sheet"]
