"""The card table: one ipywidgets widget for JupyterLab and Voila (SPEC sections 7 and 10).

:class:`Table` builds the widgets, draws its :class:`~.core.TableCore` (the game, the bots, the coach) with the
HTML of :mod:`.render` and :mod:`.panels`, and forwards every click to the core. It shows only what the
learner (seat 0) may know: everything comes from the learner's :class:`~hearts_tutor.engine.view.PlayerView`, public
facts (scores, played cards) and, when the learner asks for it, a bot's reasoning (telepathy).

>>> t = Table(seed=1, mode="sync")
>>> t.core.match.hand.phase.value
'pass'
>>> len(t.card_buttons())
13
>>> t.close()
"""

from __future__ import annotations

import html
import os
import traceback
from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from ..engine.cards import Card
from ..engine.hand import Phase
from ..engine.rules import Rules
from ..practice.stats import ENV_DIR, learner_data_dir
from . import access, art, panels, render
from .controls import button, card_button, html_box, set_class
from .core import TableCore
from .events import SPEEDS, Change
from .helpers import LEARNER
from .layout import seat_sides
from .saved import NOTEBOOK_KEY, SAVE_KEY, lesson_key
from .settings import SettingsForm


class Table:
    """A game of Hearts against three bots (or 2-10), with a coach, telepathy and a score pad.

    Display it in a notebook (it is a widget); ``Table.for_app()`` reads the animation speed and seed from
    the environment or the page's URL (``?speed=fast&seed=3``) for the Voila app. ``options`` are those of
    :class:`~.core.TableCore` (``seed``, ``levels``, ``mode``, ``speed``, ``tutor``, ``demo``, ``practice``,
    ``telepathy``, ``grading``, ``stats``, ``executor``, ``save``); the game itself is :attr:`core`.

    Each table keeps its unfinished game under a key of its own (:mod:`.saved`), so a table in a notebook never
    replaces the app's game: ``lesson="02_passing"`` keeps that lesson's practice game, a table naming neither
    a lesson nor ``save`` keeps a notebook's game, and only the app's table (:meth:`for_app`) keeps the app's.
    """

    def __init__(self, rules: Rules | None = None, *, lesson: str | None = None, **options: Any) -> None:
        if lesson is not None:
            if "save" in options:
                raise ValueError("give a table a lesson or a save key, not both")
            options["save"] = lesson_key(lesson)
        options.setdefault("save", NOTEBOOK_KEY)
        self.core = TableCore(rules, **options)
        self._card_buttons: dict[tuple[Card, int], W.Button] = {}
        self._buttons_hand = self.core.hand_version  # the hand the card buttons were made for
        self._hand_fit = ""  # the hand box's class for a long hand (art.hand_fit_class)
        self._build()
        self.core.observers.append(self._changed)
        if self.core.store.message:  # e.g. a damaged statistics file was moved aside: say so at once
            self.stats_toggle.value = True
        self._show_game()
        self._render()

    @classmethod
    def for_app(cls, **options: Any) -> Table:
        """The table of the Voila app: speed and seed from ``HEARTS_TUTOR_SPEED``/``HEARTS_TUTOR_SEED`` or the URL,
        and the coach's deals from the URL's ``coach_deals`` (a whole number of at least 2, else ignored; the static
        site's page has no other way to set them), else as :class:`TableCore` has them."""
        query = parse_qs(os.environ.get("QUERY_STRING", ""))
        speed = (query.get("speed") or [os.environ.get("HEARTS_TUTOR_SPEED", "normal")])[0]
        seed_text = (query.get("seed") or [os.environ.get("HEARTS_TUTOR_SEED", "")])[0]
        deals_text = (query.get("coach_deals") or [""])[0]
        options.setdefault("speed", speed if speed in SPEEDS else "normal")
        if deals_text.isdigit() and int(deals_text) >= 2:
            options.setdefault("coach_deals", int(deals_text))
        own = learner_data_dir()  # a class on one server: this page's learner keeps records apart
        if own is not None:
            os.environ[ENV_DIR] = str(own)
        if seed_text.strip().lstrip("-").isdigit():
            options.setdefault("seed", int(seed_text))
        options.setdefault("save", SAVE_KEY)
        return cls(**options)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ================================================================ construction

    def _build(self) -> None:
        core = self.core
        self.style = html_box()
        # toolbar
        self.new_game_button = button("♠ New game", "ht-new-game", tooltip="Start a new game with these settings")
        self.scorepad_toggle = W.ToggleButton(description="Score pad", tooltip="Show the score of every hand")
        self.stats_toggle = W.ToggleButton(description="Statistics", tooltip="Your record across games")
        self.settings_toggle = W.ToggleButton(description="Settings", tooltip="Rules, opponents, tutor, speed")
        self.undo_button = button("↶ Undo", tooltip="Take back your last card (practice mode)")
        self.practice_toggle = W.ToggleButton(description="★ Practice",
                                              tooltip="Puzzles at your level and reviews of your mistakes")
        self.practice_toggle.add_class("ht-practice")
        self.practice_panel: Any = None  # built when first opened
        self.rules_line = html_box("", "ht-rules-line")
        self.toolbar = W.HBox([html_box("♥ Hearts tutor", "ht-brand"),
                               self.new_game_button, self.scorepad_toggle, self.stats_toggle, self.settings_toggle,
                               self.undo_button, self.practice_toggle, self.rules_line])
        self.toolbar.add_class("ht-toolbar")
        # felt
        self.last_trick = html_box("", "ht-last-trick")
        self.top_row = W.HBox(layout=W.Layout(justify_content="space-around", flex="1 0 auto"))
        column = f"{art.SEAT_COLUMN}px"  # room for a seat's line of points ("126 pts · this hand 26") on one line
        self.left_col = W.VBox(layout=W.Layout(justify_content="space-around", width=column, flex="none"))
        self.right_col = W.VBox(layout=W.Layout(justify_content="space-around", width=column, flex="none"))
        self.trick = html_box("", "ht-trick")
        self.pass_button = button("Pass", "ht-pass")
        self.next_button = button("Next hand ▶", "ht-action")
        self.moon_add = button("Add 26 to the others", "ht-action")
        self.moon_sub = button("Subtract 26 from me", "ht-action")
        self._actions = {"moon": [self.moon_add, self.moon_sub], "next": [self.next_button]}
        self.pass_slots = {side: W.Box(layout=W.Layout(justify_content="center", align_items="center",
                                                       min_height="40px" if side == "top" else "0px",
                                                       min_width="0px", flex="none"))
                           for side in ("top", "left", "right")}
        self.actions = W.HBox(layout=W.Layout(justify_content="center", min_height="40px"))
        self.actions.add_class("ht-actions")
        middle = W.HBox([self.pass_slots["left"], self.trick, self.pass_slots["right"]],
                        layout=W.Layout(justify_content="center", align_items="center", max_width="100%"))
        self.centre = W.VBox([self.pass_slots["top"], middle, self.actions],
                             layout=W.Layout(flex="1 1 auto", align_items="center", min_width="0px"))
        self.status = html_box("", "ht-status", width="92%")
        self.hand_box = W.HBox(layout=W.Layout(flex="1 1 auto"))
        self.hand_box.add_class("ht-hand")
        self.hearts_broken = html_box("", "ht-hearts-broken")
        self.clock = html_box("", "ht-clock")
        self.finish_button = button("☕ Finish the hand for me", "ht-finish",
                                    tooltip="The computer plays the rest of this hand for you")
        self.hint_button = button("✦ Hint", "ht-hint", tooltip="What would the coach do?")
        self.seat_boxes: list[W.VBox] = []
        self.seat_buttons: list[W.Button] = []
        self.seat_infos: list[W.HTML] = []
        # side panels
        self.coach_html = html_box()
        self.warn_html = html_box()
        self.warn_accept = button("Play it anyway")
        self.warn_back = button("Take it back")
        self.warn_box = W.VBox([self.warn_html, W.HBox([self.warn_accept, self.warn_back])],
                               layout=W.Layout(display="none"))
        self.warn_box.add_class("ht-warnbox")  # on the felt, between the status line and the hand
        self.coach = W.VBox([html_box("<h4>♥ Coach</h4>"), self.hint_button, self.coach_html])
        self.coach.add_class("ht-coach")
        self.coach.add_class("ht-panel")
        self.tele_html = html_box()
        self.tele_prev = button("◀ Previous step")
        self.tele_next = button("Next step ▶")
        self.tele_all = button("All steps")
        self.tele_close = button("Close")
        self.telepathy = W.VBox([self.tele_html, W.HBox([self.tele_prev, self.tele_next]),
                                 W.HBox([self.tele_all, self.tele_close])], layout=W.Layout(display="none"))
        self.telepathy.add_class("ht-telepathy")
        self.telepathy.add_class("ht-panel")
        self.scorepad = html_box("", "ht-scorepad", "ht-panel", display="none")
        self.stats_html = html_box("", "ht-panel", display="none")
        self.log = html_box("", "ht-log")
        self._settings: SettingsForm | None = None  # built when first opened: most pages never open it
        self.settings_slot = W.VBox()
        self.side = W.VBox([self.coach, self.telepathy, self.scorepad, self.stats_html, self.settings_slot,
                            self.log])
        self.side.add_class("ht-side")
        self.me_box = W.VBox(layout=W.Layout(width=f"{art.SEAT_COLUMN}px"))
        self.me_box.add_class("ht-me")
        joe = W.VBox([self.finish_button], layout=W.Layout(width=f"{art.FINISH_COLUMN}px", align_items="center",
                                                            justify_content="flex-end"))
        top = W.HBox([self.last_trick, self.top_row,
                      html_box("", "ht-top-spacer", flex="0 1 170px", min_width="0px")],
                     layout=W.Layout(align_items="flex-start"))
        top.add_class("ht-top")
        bottom = W.HBox([self.me_box, self.hand_box, joe], layout=W.Layout(align_items="flex-end"))
        bottom.add_class("ht-bottom")
        self.felt = W.VBox([
            top,
            W.HBox([self.left_col, self.centre, self.right_col], layout=W.Layout(align_items="center")),
            W.HBox([self.status], layout=W.Layout(justify_content="center")),
            W.HBox([self.warn_box], layout=W.Layout(justify_content="center")),
            bottom,
        ])
        self.felt.add_class("ht-felt")
        self.main = main = W.HBox([self.felt, self.side], layout=W.Layout(align_items="flex-start"))
        main.add_class("ht-main")  # the style sheet puts the coach beside the felt or under it, as space allows
        self.practice_box = W.VBox(layout=W.Layout(display="none"))
        self.resume_text = html_box("", "ht-resume-text")
        self.resume_button = button("▶ Resume that game", "ht-resume", tooltip="Go on where you left it")
        self.resume_new = button("♠ Play this new game", "ht-resume-new", tooltip="Forget the unfinished game")
        self.resume_ok = button("OK", tooltip="Close this message")
        self.resume_bar = W.HBox([self.resume_text], layout=W.Layout(display="none", align_items="center"))
        self.resume_bar.add_class("ht-resume-bar")
        self.widget = W.VBox([self.style, self.toolbar, self.resume_bar, main, self.practice_box])
        self.widget.add_class("ht-table")
        # clicks go to the core
        clicks: list[tuple[W.Button, Callable[[], Any]]] = [
            (self.new_game_button, core.new_game),
            (self.pass_button, core.pass_selected),
            (self.next_button, core.next_hand),
            (self.moon_add, partial(core.choose_moon, "add_to_others")),
            (self.moon_sub, partial(core.choose_moon, "subtract_from_self")),
            (self.finish_button, core.finish_hand),
            (self.hint_button, core.ask_hint),
            (self.undo_button, core.undo),
            (self.warn_accept, core.accept_warning),
            (self.warn_back, core.take_back_warning),
            (self.tele_prev, partial(core.telepathy_step, -1)),
            (self.tele_next, partial(core.telepathy_step, +1)),
            (self.tele_all, partial(core.telepathy_step, 99)),
            (self.tele_close, core.close_telepathy),
            (self.resume_button, core.saves.resume),
            (self.resume_new, core.saves.decline),
            (self.resume_ok, core.saves.dismiss),
        ]
        for widget, action in clicks:
            self._on_click(widget, action)
        self.practice_toggle.observe(self._guarded(lambda change: self.show_practice(change["new"])), "value")
        for toggle in (self.scorepad_toggle, self.stats_toggle, self.settings_toggle):
            toggle.observe(self._guarded(lambda _: self._render_panels()), "value")

    def _on_click(self, widget: W.Button, action: Callable[[], Any]) -> None:
        widget.on_click(self._guarded(lambda _: action()))

    def _build_seats(self, n: int) -> None:
        for w in self.seat_boxes:
            w.close()
        self.seat_buttons, self.seat_infos, self.seat_boxes = [], [], []
        names = self.core.names
        for s in range(n):
            b = button(names[s], "ht-avatar", f"ht-avatar-{s}", f"ht-seat-{s}",
                       tooltip="You" if s == LEARNER else f"Click to read {names[s]}'s mind (telepathy)")
            self._on_click(b, partial(self.core.open_telepathy, s))
            info = html_box("", "ht-seatinfo")
            box = W.VBox([b, info])
            box.add_class("ht-seatbox")
            self.seat_buttons.append(b)
            self.seat_infos.append(info)
            self.seat_boxes.append(box)
        sides = seat_sides(n)
        left = [s for s, (side, _) in sides.items() if side == "left"]
        top = [s for s, (side, _) in sides.items() if side == "top"]
        right = [s for s, (side, _) in sides.items() if side == "right"]
        # three seats a side (9-11 players) would make the felt taller than a laptop screen: smaller seats
        set_class(self.felt, "ht-crowded", max(len(left), len(right)) >= 3)
        self.left_col.children = [self.seat_boxes[s] for s in reversed(left)]  # first left seat at the bottom
        self.top_row.children = [self.seat_boxes[s] for s in top]
        self.right_col.children = [self.seat_boxes[s] for s in right]
        self.me_box.children = [self.seat_boxes[LEARNER], self.hearts_broken, self.clock]

    @property
    def settings(self) -> SettingsForm:
        """The Settings panel's form, built on first use (a hundred widgets a page need not load otherwise)."""
        if self._settings is None:
            self._settings = SettingsForm(self.core, self._guarded)
            self._settings.show_game()
            self.settings_slot.children = (self._settings.panel,)
        return self._settings

    def card_buttons(self) -> list[W.Button]:
        """The learner's card buttons, in hand order."""
        return list(self.hand_box.children)

    def show_practice(self, on: bool = True) -> None:
        """Show the practice panel in place of the card table (or go back to the game, which waits as it was)."""
        if on and self.practice_panel is None:
            from ..practice.session import Practice
            from ..practice.widget import PracticePanel

            self.practice_panel = PracticePanel(Practice(learner=self.core.store.learner, seed=self.core.seed))
            self.practice_box.children = (self.practice_panel,)
        elif on and (self.practice_panel.session.over or self.practice_panel.session.tries == 0):
            self.practice_panel.next_puzzle()  # a mistake just made at the table may be due for review
        self.practice_toggle.value = on
        self.main.layout.display = "none" if on else ""
        self.practice_box.layout.display = "" if on else "none"

    # ================================================================ errors

    def _guarded(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """A callback that shows its exception on the table instead of losing it."""
        def callback(arg: Any) -> None:
            try:
                fn(arg)
            except Exception:
                self.core.log(traceback.format_exc(limit=8))
                try:
                    self._render()
                except Exception:
                    self.core.log(traceback.format_exc(limit=8))
        return callback

    # ================================================================ drawing the core

    def _changed(self, change: Change) -> None:
        if change is Change.GAME:
            self._show_game()
        elif change is Change.SCORED:
            self.scorepad_toggle.value = True
        elif change is Change.SEATS:
            self._render_seats()
        elif change is Change.TRICK:
            self.trick.value = render.trick_html(self.core)
        elif change is Change.CLOCK:
            self.clock.value = self.core.clock_text
        elif change is Change.ERROR:
            self.log.value = panels.log_html(self.core.errors)
        else:
            self._render()

    def _show_game(self) -> None:
        """A new game: its seats, colours, rules line and settings."""
        core = self.core
        self.style.value = art.style_sheet(art.seat_animals(core.rules.players)) + access.style_sheet()
        self.rules_line.value = html.escape(core.rules.describe())
        self._build_seats(core.rules.players)
        if self._settings is not None:
            self._settings.show_game()
        if core.hand_scored:
            self.scorepad_toggle.value = True

    def _render(self) -> None:
        self._render_hand()  # first: the learner sees their click answered soonest
        self.trick.value = render.trick_html(self.core)
        self.last_trick.value = render.last_trick_html(self.core)
        self.status.value = render.status_html(self.core)
        self._render_seats()
        self._render_coach()
        self._render_telepathy()
        self._render_panels()
        self.clock.value = self.core.clock_text
        self.log.value = panels.log_html(self.core.errors)
        self._render_resume()
        # the hand's end: on a short screen the review shows whole, not in a box of its own that scrolls
        set_class(self.widget, "ht-hand-over", self.core.match.hand.phase is Phase.DONE and self.core.hand_scored)
        self._render_centre()  # last: its Next hand button says the rest of the table is up to date

    def _render_resume(self) -> None:
        """The offer of an unfinished game (resume it, or play the new one), or why a save was set aside."""
        saves = self.core.saves
        text = saves.offer.summary() if saves.offer else saves.problem
        self.resume_text.value = html.escape(text)
        buttons = [self.resume_button, self.resume_new] if saves.offer else [self.resume_ok] if text else []
        self.resume_bar.children = [self.resume_text, *buttons]
        self.resume_bar.layout.display = "" if text else "none"

    def _render_seats(self) -> None:
        for s, seat in enumerate(render.seats(self.core)):
            set_class(self.seat_boxes[s], "ht-to-move", seat.to_move)
            self.seat_infos[s].value = seat.info
        self.hearts_broken.value = render.hearts_broken_html(self.core)

    def _render_hand(self) -> None:
        cards = render.hand_cards(self.core)
        if self._buttons_hand != self.core.hand_version:  # a new hand: new buttons
            self._buttons_hand = self.core.hand_version
            self._close_card_buttons()
        keys = [(cv.card, cv.copy) for cv in cards]
        for key in list(self._card_buttons):
            if key not in keys:
                self._card_buttons.pop(key).close()
        buttons = []
        for key, cv in zip(keys, cards, strict=True):
            b = self._card_buttons.get(key)
            if b is None:
                b = self._card_buttons[key] = self._card_button(cv.card)
            with b.hold_sync():
                b.disabled = cv.disabled
                b.tooltip = cv.tooltip
                b.description = access.card_label(cv.card, disabled=cv.disabled, reason=cv.tooltip,
                                                  selected=cv.selected)
                set_class(b, "ht-selected", cv.selected)
                set_class(b, "ht-hinted", cv.hinted)
                set_class(b, "ht-received", cv.received)
            buttons.append(b)
        if list(self.hand_box.children) != buttons:
            self.hand_box.children = buttons
        fit = art.hand_fit_class(len(buttons))  # a long hand overlaps its cards more, so every card shows
        if fit != self._hand_fit:
            if self._hand_fit:
                self.hand_box.remove_class(self._hand_fit)
            if fit:
                self.hand_box.add_class(fit)
            self._hand_fit = fit

    def _card_button(self, c: Card) -> W.Button:
        b = card_button(c, "ht-card")
        b.on_click(self._guarded(lambda btn: self.core.click_card(self._index_of(btn))))
        return b

    def _index_of(self, b: W.Button) -> int:
        try:
            return list(self.hand_box.children).index(b)
        except ValueError:
            return -1

    def _render_centre(self) -> None:
        centre = render.centre(self.core)
        for slot in self.pass_slots.values():
            if slot.children:
                slot.children = []
        if centre.pass_side is not None:
            with self.pass_button.hold_sync():
                self.pass_button.description = centre.pass_label
                self.pass_button.disabled = not centre.pass_ready
                self.pass_button.tooltip = centre.pass_tooltip
            self.pass_slots[centre.pass_side].children = [self.pass_button]
        actions = [w for name in centre.actions for w in self._actions[name]]
        if list(self.actions.children) != actions:
            self.actions.children = actions
        self.finish_button.disabled = not centre.can_finish
        self.undo_button.disabled = not centre.can_undo
        self.undo_button.layout.display = "" if centre.undo_shown else "none"

    def _render_coach(self) -> None:
        self.coach_html.value = panels.coach_html(self.core)
        warning = panels.warning_view(self.core)
        if warning is None:
            self.warn_html.value = ""
            self.warn_box.layout.display = "none"
            return
        self.warn_html.value = warning.html
        self.warn_accept.description, self.warn_back.description = warning.buttons
        self.warn_box.layout.display = ""

    def _render_telepathy(self) -> None:
        shown = panels.telepathy_view(self.core)
        if shown is None:
            self.tele_html.value = ""  # nothing of a bot's thoughts stays in the page once closed
            self.telepathy.layout.display = "none"
            return
        self.telepathy.layout.display = ""
        self.tele_html.value = shown.html
        self.tele_prev.disabled = not shown.has_previous
        self.tele_next.disabled = self.tele_all.disabled = not shown.has_next

    def _render_panels(self) -> None:
        self.scorepad.layout.display = "" if self.scorepad_toggle.value else "none"
        self.stats_html.layout.display = "" if self.stats_toggle.value else "none"
        if self.settings_toggle.value:
            self.settings.panel.layout.display = ""
        elif self._settings is not None:
            self._settings.panel.layout.display = "none"
        if self.scorepad_toggle.value:
            self.scorepad.value = panels.scorepad_html(self.core)
        if self.stats_toggle.value:
            self.stats_html.value = panels.stats_html(self.core.store)

    # ================================================================ cleanup

    def _close_card_buttons(self) -> None:
        for b in self._card_buttons.values():
            b.close()
        self._card_buttons = {}

    def close(self) -> None:
        """Close every widget of the table (and stop its tasks and workers)."""
        self.core.close()
        self._close_card_buttons()

        def walk(w: W.Widget) -> None:
            for child in getattr(w, "children", ()) or ():
                walk(child)
            w.close()

        walk(self.widget)
        for w in [self.pass_button, self.next_button, self.moon_add, self.moon_sub]:
            w.close()
