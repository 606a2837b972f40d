"""A puzzle on the table's own felt: the seats, the trick and the earlier tricks (:mod:`.position`), and the
learner's hand as the table's card buttons, greyed with the reason when a card may not be played, chosen (raised)
for a pass, and played with the mouse or the keyboard (Tab, Enter, Space) as at the table.

:class:`PositionFelt` is the practice panel's puzzle (``ht-puzzle-card-<CODE>`` buttons) and a lesson's
(``ht-card-<CODE>``); it holds only the learner's view, so no opponent's card reaches the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as W

from ..engine.cards import Card
from ..engine.hand import Phase
from ..engine.view import PlayerView
from . import access, art, position
from .art import zoom_steps
from .controls import card_button, html_box, set_class

SCOPE = ".ht-pscope"
PUZZLE_FELT_WIDTH = 700  # four seats round the trick area, the rail included: below this the felt is drawn smaller
NARROW_PUZZLE = 600  # below this the seats are chips beside a narrower trick, and only the hand sets the width
_ZOOMS = (0.9, 0.8)
_NARROW_ZOOMS = (0.9, 0.8, 0.7, 0.65)
ZOOM = f"{art.TABLE_ZOOM} * var(--ht-pzoom, 1)"
"""The zoom a puzzle's felt is drawn at: the table's, when the puzzle is inside one, times its own
(:func:`_fit_css`)."""


def _size(px: float) -> str:
    """A word's font size on the puzzle's felt: ``px``, or larger to show :data:`.art.LEGIBLE` pixels at its zoom."""
    return art.legible(px, ZOOM)


_CSS = f"""
.ht-pscope {{ container: ht-pscope / inline-size; font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; }}
.ht-pscope .ht-pfelt {{ {art.FELT_LOOK} padding: 8px 12px; max-width: 830px; min-width: {PUZZLE_FELT_WIDTH - 40}px;
  box-sizing: border-box; }}
.ht-pscope .widget-html-content {{ line-height: 1.35; }}
.ht-pfelt-picture, .ht-pfelt-picture > .widget-html-content {{ width: 100%; min-width: 0; }}
.ht-pfelt-top {{ display: flex; justify-content: center; gap: 12px; min-height: 52px; }}
.ht-pfelt-middle {{ display: flex; align-items: center; justify-content: space-between; }}
.ht-pfelt-side {{ display: flex; flex-direction: column; gap: 10px; width: 140px; flex: none; }}
.ht-pfelt-trick {{ flex: 1 1 auto; min-width: 0; }}
.ht-pfelt-trick .ht-trickarea {{ width: 380px; height: 262px; max-width: 100%; }}
.ht-pseat {{ display: flex; align-items: center; gap: 6px; background: rgba(0,0,0,.22); border-radius: 14px;
  padding: 3px 8px 3px 4px; color: #f3f7f2; }}
.ht-pseat img {{ width: 40px; height: 40px; background: rgba(255,255,255,.92); border-radius: 12px; flex: none; }}
.ht-pseat-name {{ font-weight: 700; font-size: {_size(14)}; color: #fff; }}
.ht-pseat-info {{ font-size: {_size(12)}; color: #d7ecd9; }}
.ht-pseat-info b {{ color: #fff; }}
.ht-pfelt-status {{ background: rgba(0,0,0,.28); border-radius: 10px; padding: 5px 12px; font-size: {_size(15)};
  color: #fffbe6; text-align: center; margin: 4px auto 0 auto; }}
.ht-pfelt-status b {{ color: #ffd84d; }}
.ht-pfelt-me .widget-html-content {{ display: flex; align-items: center; justify-content: center; gap: 14px;
  font-size: {_size(13)}; }}
.ht-pfelt-me .ht-heart-icon {{ vertical-align: -5px; }}
.ht-pfelt-me .ht-hb-on {{ color: #ff8a9a; font-weight: 700; }} .ht-pfelt-me .ht-hb-off {{ color: #a5c9ad; }}
.ht-pscope .ht-phistory {{ background: #1f6b3a; color: #f3f7f2; border-radius: 12px; padding: 6px 10px;
  margin-top: 6px; max-width: 830px; box-sizing: border-box; font-size: {_size(13)}; }}
.ht-phistory > b {{ display: block; }}
.ht-phistory-trick {{ display: inline-block; vertical-align: top; margin: 4px 10px 2px 0; }}
.ht-phistory-head {{ font-size: {_size(12)}; color: #fff6cf; }}
{art.corner_cards(".ht-pscope .ht-phistory", _size(12), "1.1")}{art.corner_only(".ht-pscope .ht-phistory")}
.ht-pscope .ht-trickarea .htc-tl, .ht-pscope .ht-trickarea .htc-br {{ font-size: {_size(17)}; line-height: 0.95; }}
.ht-pscope .jupyter-button.ht-cardbtn.ht-puzzle-best {{ transform: translateY(-10px);
  box-shadow: 0 0 0 4px #69db7c, 0 0 14px 4px rgba(105,219,124,.8); }}
"""


def _fit_css() -> str:
    """Below its width the puzzle's felt is drawn smaller, so that every card of the hand stays in view; on a
    phone the seats become chips and the felt is as wide as the hand."""
    zoom = ("@container ht-pscope (max-width: {w:.2f}px) {{ .ht-pscope .ht-pfelt, .ht-pscope .ht-phistory "
            "{{ zoom: {z}; --ht-pzoom: {z}; }} }}")
    narrow = (f"@container ht-pscope (max-width: {NARROW_PUZZLE - 0.02:.2f}px) {{ .ht-pscope .ht-pfelt "
              "{ min-width: 0; zoom: 1; --ht-pzoom: 1; } .ht-pfelt-side { width: 84px; } "
              ".ht-pseat { flex-direction: column; padding: 3px; text-align: center; } "
              ".ht-pseat img { width: 30px; height: 30px; } "
              f".ht-pseat-name {{ font-size: {_size(13)}; }} .ht-pseat-info {{ font-size: {_size(11)}; }} }}")
    hand = art.HAND_WIDTH + 2 * (10 + 12) + 4
    return "\n".join([*(zoom.format(w=w, z=z) for w, z in zoom_steps(_ZOOMS, PUZZLE_FELT_WIDTH)), narrow,
                      *(zoom.format(w=w, z=z) for w, z in zoom_steps(_NARROW_ZOOMS, hand))])


def style_sheet() -> str:
    """The puzzle felt's CSS: its own layout, and the table's hand and keyboard rules under its scope."""
    return ("<style>" + _CSS + _fit_css() + art.hand_css(SCOPE) + "</style>"
            + access.style_sheet(SCOPE))


class PositionFelt(W.VBox):
    """A position from the learner's view, drawn as at the table, with the hand's cards to click.

    ``prefix`` names the card buttons (``<prefix>`` and ``<prefix>-<CODE>``); ``on_card`` gets each click.
    """

    def __init__(self, prefix: str, on_card: Callable[[Card], None]) -> None:
        self.prefix = prefix
        self.on_card = on_card
        self.buttons: dict[Card, W.Button] = {}
        self.view: PlayerView | None = None
        self.grey = True
        self.selected: list[Card] = []  # the cards chosen for a pass
        self.picture = html_box("", "ht-pfelt-picture")
        self.status = html_box("", "ht-pfelt-status")
        self.hand = W.HBox()
        self.hand.add_class("ht-hand")
        self.hand.add_class("ht-puzzle-hand")
        self.me = html_box("", "ht-pfelt-me")
        self.felt = W.VBox([self.picture, self.status, self.hand, self.me])
        self.felt.add_class("ht-pfelt")
        self.history = html_box("", "ht-pfelt-history")
        super().__init__([html_box(style_sheet()), self.felt, self.history])
        self.add_class("ht-pscope")

    def show(self, view: PlayerView, question: str, *, grey: bool = True) -> None:
        """Draw ``view`` with ``question`` on the status line; the cards that may not be played are greyed
        (unless not ``grey``: a question about which cards may be played). The game's scores, when the view has
        them (a play-to-score puzzle), show with each seat."""
        self.view = view
        self.grey = grey
        self.selected = []
        scores = list(view.scores) or None
        self.picture.value = position.felt_html(view, scores)
        self.me.value = position.me_html(view, scores)
        self.history.value = position.history_html(view)
        self.status.value = question
        for b in self.buttons.values():
            b.close()
        self.buttons = {}
        for c in view.hand:
            if c in self.buttons:
                continue
            b = card_button(c, self.prefix)
            b.on_click(lambda _b, c=c: self.on_card(c))
            self.buttons[c] = b
        self.hand.children = tuple(self.buttons.values())
        fit = art.hand_fit_class(len(self.buttons))
        for cls in [k for k in self.hand._dom_classes if k.startswith("ht-hand-n")]:
            self.hand.remove_class(cls)
        if fit:
            self.hand.add_class(fit)
        self.mark()

    def toggle_pass(self, c: Card) -> bool:
        """Choose ``c`` for the pass, or put it back (no more cards than the rules pass); whether the pass is
        complete."""
        assert self.view is not None
        count = self.view.rules.pass_count
        if c in self.selected:
            self.selected.remove(c)
        elif len(self.selected) < count:
            self.selected.append(c)
        self.mark(self.selected)
        return len(self.selected) == count

    def mark(self, selected: Iterable[Card] = ()) -> None:
        """Raise the ``selected`` cards (a pass being chosen); grey every card that may not be played, with why."""
        view = self.view
        if view is None:
            return
        chosen = set(selected)
        for c, b in self.buttons.items():
            verdict = view.why_illegal(c) if view.phase is Phase.PLAY and self.grey else None
            reason = verdict.reason if verdict else ""
            with b.hold_sync():
                b.disabled = bool(reason)
                b.tooltip = reason or ("Click to choose this card for the pass (click again to put it back)"
                                       if view.phase is Phase.PASS else f"Play {art.card_face(c)}")
                b.description = access.card_label(c, disabled=bool(reason), reason=reason, selected=c in chosen)
                set_class(b, "ht-selected", c in chosen)

    def show_best(self, cards: Iterable[Card]) -> None:
        """Light the coach's answer in the hand."""
        for c in cards:
            if c in self.buttons:
                self.buttons[c].add_class("ht-puzzle-best")

    def close(self) -> None:
        for b in self.buttons.values():
            b.close()
        super().close()


__all__ = ["PositionFelt", "style_sheet"]
