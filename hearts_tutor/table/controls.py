"""Small builders for the table's ipywidgets: a button and an HTML box, each with its CSS classes."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..engine.cards import RANKS, SUITS, Card, card_str
from . import access, art


def button(description: str, *classes: str, tooltip: str = "", width: str | None = None) -> W.Button:
    b = W.Button(description=description, tooltip=tooltip, layout=W.Layout(width=width) if width else W.Layout())
    for c in classes:
        b.add_class(c)
    return b


def html_box(value: str = "", *classes: str, **layout: Any) -> W.HTML:
    h = W.HTML(value=value, layout=W.Layout(**layout))
    for c in classes:
        h.add_class(c)
    return h


def set_class(widget: W.DOMWidget, name: str, on: bool) -> None:
    """Add the CSS class ``name`` to the widget, or take it away."""
    if on:
        widget.add_class(name)
    else:
        widget.remove_class(name)


def card_button(c: Card, prefix: str) -> W.Button:
    """A card of the learner's hand as the table draws it (class ``ht-cardbtn``, its face from its suit and rank
    classes, its accessible name in words), with the classes ``<prefix>`` and ``<prefix>-<CODE>``."""
    b = W.Button(description=access.card_label(c), layout=W.Layout(width=f"{art.CARD_WIDTH}px", height="90px"))
    for cls in (prefix, f"{prefix}-{card_str(c)}", "ht-cardbtn", f"ht-suit-{SUITS[c // 13]}",
                f"ht-rank-{RANKS[c % 13]}", art.suit_class(c)):
        b.add_class(cls)
    return b
