"""The card table: one ipywidgets widget for JupyterLab and Voila (SPEC sections 7 and 10).

The table wraps a :class:`~hearts_tutor.match.Match`. It renders only what the learner (seat 0) may know:
everything it shows comes from the learner's :class:`~hearts_tutor.view.PlayerView`, public facts (scores,
played cards) and, when the learner asks for it, a bot's reasoning (telepathy).

Bots move with short pauses in ``async`` mode (asyncio tasks in the kernel's loop; decisions and grading run
in a worker thread so the table stays responsive). ``sync`` mode does everything at once (tests), and
``manual`` mode moves the bots only when :meth:`Table.step` is called (tests that click "during a pause").

>>> t = Table(seed=1, mode="sync")
>>> t.match.hand.phase.value
'pass'
>>> len(t.card_buttons())
13
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import multiprocessing
import os
import random
import re
import traceback
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from ..bots.base import Bot, Decision
from ..cards import SUIT_NAMES, SUITS, Card, card_str, parse_cards
from ..hand import IllegalMove, Phase, Trick
from ..match import Match
from ..practice.session import record_table_move
from ..record import HandRecord
from ..rules import (
    CLEAN_HAND_BONUSES,
    END_MODES,
    FIRST_LEADS,
    FIRST_TRICK_POINTS,
    MOON_MODES,
    PRESETS,
    SWEEPS,
    Rules,
    RulesError,
)
from ..stats import Stats, StatsStore
from ..view import PlayerView
from . import art
from .helpers import SimpleBot, bot_levels, call_coach, coach_function, compute_hint, make_level_bot
from .layout import TRICK_WIDTH, seat_sides, toward, trick_position

#: Bot pause and finished-trick pause, in seconds, for each animation speed.
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.2, 1.8),
    "normal": (0.65, 1.1),
    "fast": (0.3, 0.5),
    "instant": (0.0, 0.0),
    "test": (0.01, 0.02),
}
PASS_CYCLES = {
    "left, right, across, keep": ("left", "right", "across", "keep"),
    "left, across, right, keep": ("left", "across", "right", "keep"),
    "left, right": ("left", "right"),
    "keep (no passing)": ("keep",),
}
#: What the settings' drop-down lists say for each rule option: a player's words, not the JSON keys.
OPTION_LABELS: dict[str, dict[Any, str]] = {
    "preset": {"standard": "Standard", "animal_table": "Animal table (left, across, right, keep)",
               "deluxe": "Hearts Deluxe", "omnibus": "Omnibus (jack of diamonds -10)",
               "duell": "GameDuell (a sweep scores 52)", "cancellation": "Cancellation (two decks, 6-11 players)",
               "n_player": "3-7 players"},
    "first_lead": {"lowest_club": "the lowest club (2 of clubs)", "any_club": "any club, by its holder",
                   "left_of_dealer": "left of the dealer, any card", "rotate": "each player in turn"},
    "first_trick_points": {"forbidden": "not allowed", "allowed": "allowed"},
    "clean_hand_bonus": {None: "none", "no_tricks": "-5 for taking no trick", "no_points": "-5 for no points"},
    "moon": {"add_to_others": "others get 26", "subtract_from_self": "shooter gets -26",
             "shooter_chooses": "the shooter chooses"},
    "sweep": {"none": "like a moon", "plus_52": "others get 52"},
    "end": {"reach": "someone reaches the target", "exceed": "someone passes the target",
            "hands": "after a number of hands"},
}


def _labelled(key: str, values: Sequence[Any]) -> list[tuple[str, Any]]:
    """Drop-down options for a rule: (what the player reads, the value)."""
    return [(OPTION_LABELS[key].get(v, str(v)), v) for v in values]


ARROWS = {"left": "◀", "right": "▶", "top": "▲"}
_SEAT_NUMBER = re.compile(r"\b[Ss]eat (\d+)\b")
LEARNER = 0


def _button(description: str, *classes: str, tooltip: str = "", width: str | None = None) -> W.Button:
    b = W.Button(description=description, tooltip=tooltip, layout=W.Layout(width=width) if width else W.Layout())
    for c in classes:
        b.add_class(c)
    return b


def _html(value: str = "", *classes: str, **layout: Any) -> W.HTML:
    h = W.HTML(value=value, layout=W.Layout(**layout))
    for c in classes:
        h.add_class(c)
    return h


class Table:
    """A game of Hearts against three bots (or 2-10), with a coach, telepathy and a score pad.

    Display it in a notebook (it is a widget); ``Table.for_app()`` reads the animation speed and seed from
    the environment or the page's URL (``?speed=fast&seed=3``) for the Voila app.

    ``levels`` are the opponents' levels in seat order (seat 1 first; missing ones are medium). ``mode`` is
    ``async`` (bots pause between moves, in the kernel's event loop), ``sync`` (everything at once) or
    ``manual`` (bots move on :meth:`step`). ``speed`` is an animation speed of :data:`SPEEDS`. ``tutor`` warns
    before risky cards, ``demo`` lets the bots play every seat, ``practice`` allows undo, ``telepathy`` lets
    the learner read the bots' minds, ``grading`` grades each move with the coach's rollouts, and ``stats``
    is where statistics are kept (by default the user's data directory).
    """

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, levels: Sequence[str] = (),
                 mode: str = "async", speed: str = "normal", tutor: bool = False, demo: bool = False,
                 practice: bool = True, telepathy: bool = True, grading: bool = True,
                 stats: StatsStore | None = None) -> None:
        if mode not in ("async", "sync", "manual"):
            raise ValueError(f"mode must be async, sync or manual, not {mode!r}")
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self.mode = mode
        self.speed = speed
        self.tutor = tutor
        self.demo = demo
        self.practice = practice
        self.telepathy_enabled = telepathy
        self.grading = grading
        self.rules = rules or Rules.preset("standard")
        self._seed = seed
        self._rng = random.Random(seed)
        self._levels_available = bot_levels()
        default = [lv for lv in ("medium", "hard", "easy") if lv in self._levels_available] or ["easy"]
        opponents = [lv if lv in self._levels_available else default[0] for lv in (levels or ())]
        padded = (opponents + [default[0]] * 10)[:10]
        self.levels: list[str] = ["you", *padded]  # by seat; seat 0 is the learner
        self.store = stats if stats is not None else StatsStore()
        self.errors: list[str] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._run_task: asyncio.Task[Any] | None = None
        self._clock_task: asyncio.Task[Any] | None = None
        self._executors: dict[str, ThreadPoolExecutor] = {}
        self._hand_version = 0  # counts the hands dealt (a grade that arrives for an earlier hand is dropped)
        self._coach_executors: dict[str, ProcessPoolExecutor] = {}
        self._card_buttons: dict[tuple[Card, int], W.Button] = {}
        self._build()
        if self.store.message:  # e.g. a damaged statistics file was moved aside: say so at once
            self.stats_toggle.value = True
        self._new_game(self.rules)

    # ================================================================ construction

    @classmethod
    def for_app(cls, **kwargs: Any) -> Table:
        """The table of the Voila app: speed and seed from ``HEARTS_TUTOR_SPEED``/``HEARTS_TUTOR_SEED`` or the URL."""
        query = parse_qs(os.environ.get("QUERY_STRING", ""))
        speed = (query.get("speed") or [os.environ.get("HEARTS_TUTOR_SPEED", "normal")])[0]
        seed_text = (query.get("seed") or [os.environ.get("HEARTS_TUTOR_SEED", "")])[0]
        kwargs.setdefault("speed", speed if speed in SPEEDS else "normal")
        if seed_text.strip().lstrip("-").isdigit():
            kwargs.setdefault("seed", int(seed_text))
        return cls(**kwargs)

    def _build(self) -> None:
        self.style = _html()
        # toolbar
        self.new_game_button = _button("♠ New game", "ht-new-game", tooltip="Start a new game with these settings")
        self.scorepad_toggle = W.ToggleButton(description="Score pad", tooltip="Show the score of every hand")
        self.stats_toggle = W.ToggleButton(description="Statistics", tooltip="Your record across games")
        self.settings_toggle = W.ToggleButton(description="Settings", tooltip="Rules, opponents, tutor, speed")
        self.undo_button = _button("↶ Undo", tooltip="Take back your last card (practice mode)")
        self.practice_toggle = W.ToggleButton(description="★ Practice",
                                              tooltip="Puzzles at your level and reviews of your mistakes")
        self.practice_toggle.add_class("ht-practice")
        self.practice_panel: Any = None  # built when first opened
        self.rules_line = _html("", "ht-rules-line")
        self.toolbar = W.HBox([_html("♥ Hearts tutor", "ht-brand"),
                               self.new_game_button, self.scorepad_toggle, self.stats_toggle, self.settings_toggle,
                               self.undo_button, self.practice_toggle, self.rules_line])
        self.toolbar.add_class("ht-toolbar")
        # felt
        self.last_trick = _html("", "ht-last-trick")
        self.top_row = W.HBox(layout=W.Layout(justify_content="space-around", flex="1 0 auto"))
        self.left_col = W.VBox(layout=W.Layout(justify_content="space-around", width="132px", flex="none"))
        self.right_col = W.VBox(layout=W.Layout(justify_content="space-around", width="132px", flex="none"))
        self.trick = _html("", "ht-trick")
        self.pass_button = _button("Pass", "ht-pass")
        self.next_button = _button("Next hand ▶", "ht-action")
        self.moon_add = _button("Add 26 to the others", "ht-action")
        self.moon_sub = _button("Subtract 26 from me", "ht-action")
        self.pass_slots = {side: W.Box(layout=W.Layout(justify_content="center", align_items="center",
                                                       min_height="40px" if side == "top" else "0px",
                                                       min_width="0px", flex="none"))
                           for side in ("top", "left", "right")}
        self.actions = W.HBox(layout=W.Layout(justify_content="center", min_height="40px"))
        middle = W.HBox([self.pass_slots["left"], self.trick, self.pass_slots["right"]],
                        layout=W.Layout(justify_content="center", align_items="center", max_width="100%"))
        self.centre = W.VBox([self.pass_slots["top"], middle, self.actions],
                             layout=W.Layout(flex="1 1 auto", align_items="center", min_width="0px"))
        self.status = _html("", "ht-status", width="92%")
        self.hand_box = W.HBox(layout=W.Layout(flex="1 1 auto"))
        self.hand_box.add_class("ht-hand")
        self._hand_fit = ""  # the hand box's class for a long hand (art.hand_fit_class)
        self.hearts_broken = _html("", "ht-hearts-broken")
        self.clock = _html("", "ht-clock")
        self.finish_button = _button("☕ Finish the hand for me", "ht-finish",
                                     tooltip="The computer plays the rest of this hand for you")
        self.hint_button = _button("✦ Hint", "ht-hint", tooltip="What would the coach do?")
        self.seat_boxes: list[W.VBox] = []
        self.seat_buttons: list[W.Button] = []
        self.seat_infos: list[W.HTML] = []
        # side panels
        self.coach_html = _html()
        self.warn_html = _html()
        self.warn_accept = _button("Play it anyway")
        self.warn_back = _button("Take it back")
        self.warn_box = W.VBox([self.warn_html, W.HBox([self.warn_accept, self.warn_back])],
                               layout=W.Layout(display="none"))
        self.warn_box.add_class("ht-warnbox")  # on the felt, between the status line and the hand
        self.coach = W.VBox([_html("<h4>♥ Coach</h4>"), self.hint_button, self.coach_html])
        self.coach.add_class("ht-coach")
        self.coach.add_class("ht-panel")
        self.tele_html = _html()
        self.tele_prev = _button("◀ Previous step")
        self.tele_next = _button("Next step ▶")
        self.tele_all = _button("All steps")
        self.tele_close = _button("Close")
        self.telepathy = W.VBox([self.tele_html, W.HBox([self.tele_prev, self.tele_next]),
                                 W.HBox([self.tele_all, self.tele_close])], layout=W.Layout(display="none"))
        self.telepathy.add_class("ht-telepathy")
        self.telepathy.add_class("ht-panel")
        self.scorepad = _html("", "ht-scorepad", "ht-panel", display="none")
        self.stats_html = _html("", "ht-panel", display="none")
        self.log = _html("", "ht-log")
        self._build_settings()
        self.side = W.VBox([self.coach, self.telepathy, self.scorepad, self.stats_html, self.settings, self.log])
        self.side.add_class("ht-side")
        self.me_box = W.VBox(layout=W.Layout(width="132px"))
        self.me_box.add_class("ht-me")
        joe = W.VBox([self.finish_button], layout=W.Layout(width="132px", align_items="center",
                                                            justify_content="flex-end"))
        top = W.HBox([self.last_trick, self.top_row, _html("", "ht-top-spacer", flex="0 1 170px", min_width="0px")],
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
        self.widget = W.VBox([self.style, self.toolbar, main, self.practice_box])
        self.widget.add_class("ht-table")
        # callbacks
        self.new_game_button.on_click(self._guarded(lambda _: self.new_game()))
        self.pass_button.on_click(self._guarded(lambda _: self.pass_selected()))
        self.next_button.on_click(self._guarded(lambda _: self.next_hand()))
        self.moon_add.on_click(self._guarded(lambda _: self.choose_moon("add_to_others")))
        self.moon_sub.on_click(self._guarded(lambda _: self.choose_moon("subtract_from_self")))
        self.finish_button.on_click(self._guarded(lambda _: self.finish_hand()))
        self.hint_button.on_click(self._guarded(lambda _: self.ask_hint()))
        self.undo_button.on_click(self._guarded(lambda _: self.undo()))
        self.warn_accept.on_click(self._guarded(lambda _: self.accept_warning()))
        self.warn_back.on_click(self._guarded(lambda _: self.take_back_warning()))
        self.tele_prev.on_click(self._guarded(lambda _: self.telepathy_step(-1)))
        self.tele_next.on_click(self._guarded(lambda _: self.telepathy_step(+1)))
        self.tele_all.on_click(self._guarded(lambda _: self.telepathy_step(99)))
        self.tele_close.on_click(self._guarded(lambda _: self.close_telepathy()))
        self.practice_toggle.observe(self._guarded(lambda change: self.show_practice(change["new"])), "value")
        for toggle in (self.scorepad_toggle, self.stats_toggle, self.settings_toggle):
            toggle.observe(self._guarded(lambda _: self._render_panels()), "value")

    def _build_settings(self) -> None:
        style = {"description_width": "128px"}  # leaves the drop-downs room for their longest choices

        def lay() -> W.Layout:  # one layout each: hiding one widget must not hide the others
            return W.Layout(width="316px")

        def dd(desc: str, options: Any) -> W.Dropdown:
            return W.Dropdown(description=desc, options=options, style=style, layout=lay())

        self.preset_w = dd("Preset", _labelled("preset", list(PRESETS)))
        r: dict[str, W.Widget] = {
            "players": dd("Players", list(range(3, 12))),
            "decks": dd("Decks", [1, 2]),
            "pass_cycle": dd("Passing", list(PASS_CYCLES.items())),
            "pass_count": W.BoundedIntText(description="Cards passed", min=1, max=6, style=style, layout=lay()),
            "first_lead": dd("First lead", _labelled("first_lead", FIRST_LEADS)),
            "first_trick_points": dd("Points on trick one", _labelled("first_trick_points", FIRST_TRICK_POINTS)),
            "queen_breaks_hearts": W.Checkbox(description="Queen breaks hearts", indent=False),
            "queen_lead_before_broken": W.Checkbox(description="Queen may lead before hearts break", indent=False),
            "hearts_lead_before_broken": W.Checkbox(description="Hearts may lead before broken", indent=False),
            "queen_points": dd("Queen of spades", [("13 points", 13), ("0 points", 0)]),
            "jack_points": dd("Jack of diamonds", [("0 points", 0), ("-10 points", -10)]),
            "clean_hand_bonus": dd("Clean-hand bonus", _labelled("clean_hand_bonus", CLEAN_HAND_BONUSES)),
            "moon": dd("Shooting the moon", _labelled("moon", MOON_MODES)),
            "sweep": dd("Taking every trick", _labelled("sweep", SWEEPS)),
            "end": dd("Game ends", _labelled("end", END_MODES)),
            "target": W.BoundedIntText(description="Target score", min=10, max=1000, style=style, layout=lay()),
            "hands": W.BoundedIntText(description="Number of hands", min=1, max=100, style=style, layout=lay()),
            "handicap": W.BoundedIntText(description="Your starting score", min=-100, max=200, style=style,
                                         layout=lay()),
            "turn_clock": W.BoundedIntText(description="Turn clock (s, 0 = off)", min=0, max=300, style=style,
                                           layout=lay()),
        }
        self.rule_widgets = r
        r["end"].observe(self._guarded(lambda _: self._show_end_fields()), "value")
        levels = list(self._levels_available)
        names = art.seat_animals(11)
        self.level_widgets = [dd(f"{art.title_name(names[s][0])}", levels) for s in range(1, 11)]
        for s, w in enumerate(self.level_widgets, start=1):
            w.value = self.levels[s] if self.levels[s] in levels else levels[0]
            w.observe(self._guarded(partial(self._level_changed, s)), "value")
        self.tutor_w = W.Checkbox(description="Tutor mode (warn before risky moves)", value=self.tutor, indent=False)
        self.demo_w = W.Checkbox(description="Demonstration (bots play every seat)", value=self.demo, indent=False)
        self.practice_w = W.Checkbox(description="Practice mode (undo allowed)", value=self.practice, indent=False)
        self.telepathy_w = W.Checkbox(description="Telepathy (click an opponent)", value=self.telepathy_enabled,
                                      indent=False)
        self.speed_w = dd("Animation speed", [s for s in SPEEDS if s != "test" or self.speed == "test"])
        self.speed_w.value = self.speed
        self.apply_button = _button("Apply rules and start a new game", width="auto")
        self.settings_msg = _html()
        self.levels_box = W.VBox(self.level_widgets)
        self.settings = W.VBox([
            _html("<h4>⚙ Settings</h4><b>Rules</b>"), self.preset_w, *r.values(),
            _html("<b>Opponents</b>"), self.levels_box,
            _html("<b>Table</b>"), self.tutor_w, self.demo_w, self.practice_w, self.telepathy_w, self.speed_w,
            self.apply_button, self.settings_msg], layout=W.Layout(display="none"))
        self.settings.add_class("ht-panel")
        self.settings.add_class("ht-settings")
        self.preset_w.observe(self._guarded(lambda ch: self._fill_rules(Rules.preset(ch["new"]))), "value")
        self.apply_button.on_click(self._guarded(lambda _: self.apply_settings()))
        self.tutor_w.observe(self._guarded(lambda ch: self._set_flag("tutor", ch["new"])), "value")
        self.demo_w.observe(self._guarded(lambda ch: self._set_flag("demo", ch["new"])), "value")
        self.practice_w.observe(self._guarded(lambda ch: self._set_flag("practice", ch["new"])), "value")
        self.telepathy_w.observe(self._guarded(lambda ch: self._set_flag("telepathy_enabled", ch["new"])), "value")
        self.speed_w.observe(self._guarded(lambda ch: setattr(self, "speed", ch["new"])), "value")

    def _fill_rules(self, rules: Rules) -> None:
        for key, w in self.rule_widgets.items():
            value = getattr(rules, key)
            if key == "pass_cycle":
                value = value if value in PASS_CYCLES.values() else PASS_CYCLES["left, right, across, keep"]
            elif key == "handicap":
                value = value[0] if value else 0
            elif key == "turn_clock":
                value = int(value or 0)
            w.value = value
        self._show_end_fields()

    def _show_end_fields(self) -> None:
        """The target score when the game ends on reaching it, the number of hands when it ends after them."""
        by_hands = self.rule_widgets["end"].value == "hands"
        self.rule_widgets["target"].layout.display = "none" if by_hands else ""
        self.rule_widgets["hands"].layout.display = "" if by_hands else "none"

    def rules_from_settings(self) -> Rules:
        """The rules the settings panel describes (raises RulesError for an impossible combination)."""
        values: dict[str, Any] = {key: w.value for key, w in self.rule_widgets.items()}
        n = values["players"]
        values["handicap"] = (values["handicap"],) + (0,) * (n - 1) if values["handicap"] else ()
        values["turn_clock"] = values["turn_clock"] or None
        return Rules.preset(self.preset_w.value).replace(**values)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ================================================================ game flow

    def new_game(self, rules: Rules | None = None) -> None:
        """Start a new game (with the current rules unless new ones are given)."""
        self._new_game(rules or self.rules)

    def _new_game(self, rules: Rules) -> None:
        self.rules = rules
        self._cancel_tasks()
        seed = self._rng.randrange(2**31)
        self.match = Match(rules, seed=seed)
        n = rules.players
        self.names = [art.title_name(a[0]) for a in art.seat_animals(n)]
        self.colours = [a[1] for a in art.seat_animals(n)]
        self.bots: dict[int, Bot] = {s: make_level_bot(self.levels[s], seed + s) for s in range(1, n)}
        self.helper_bot: Bot = make_level_bot("hard" if "hard" in self._levels_available else "easy", seed)
        self.game_recorded = False
        self._version = 0
        self.style.value = art.style_sheet(art.seat_animals(n))
        self.rules_line.value = html.escape(rules.describe())
        self._build_seats(n)
        self.preset_w.value = rules.name if rules.name in PRESETS else "standard"
        self._fill_rules(rules)
        for s, w in enumerate(self.level_widgets, start=1):
            w.layout.display = "" if s < n else "none"
        self._start_hand()

    def _start_hand(self) -> None:
        self._reset_hand_state()
        self._after_change()

    def _reset_hand_state(self) -> None:
        self.selected: list[int] = []
        self.decisions: dict[int, Decision] = {}
        self.play_decisions: dict[int, Decision] = {}  # every play of the hand by its index, for the review
        self.said: dict[int, str] = {}
        self.shown_trick: Trick | None = None
        self.sweeping = False
        self.autopilot = False
        self.hand_scored = False
        self.warning: tuple[Card | tuple[Card, ...], Any] | None = None  # a card, or a pass, and the flag
        self.hint_cards: tuple[Card, ...] = ()
        self.computer_moves: set[int | None] = set()  # the learner's moves the computer made (None: the pass)
        self.hand_points: list[int] | None = None  # the scored hand, moon and bonuses included
        self.coach_notes: dict[str, str] = {}
        self.hand_grades: list[tuple[str, str, int | None]] = []  # band, line, play index (None: the pass)
        self._hand_version += 1
        self.telepathy_seat: int | None = None
        self.telepathy_at = 0
        self.message = ""
        self.why = ""
        self._version += 1
        for b in self._card_buttons.values():
            b.close()
        self._card_buttons = {}
        self._coach_for_new_hand()

    def _build_seats(self, n: int) -> None:
        for w in self.seat_boxes:
            w.close()
        self.seat_buttons, self.seat_infos, self.seat_boxes = [], [], []
        for s in range(n):
            b = _button(self.names[s], "ht-avatar", f"ht-avatar-{s}", f"ht-seat-{s}",
                        tooltip="You" if s == LEARNER else f"Click to read {self.names[s]}'s mind (telepathy)")
            b.on_click(self._guarded(partial(self._seat_clicked, s)))
            info = _html("", "ht-seatinfo")
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
        if max(len(left), len(right)) >= 3:
            self.felt.add_class("ht-crowded")
        else:
            self.felt.remove_class("ht-crowded")
        self.left_col.children = [self.seat_boxes[s] for s in reversed(left)]  # first left seat at the bottom
        self.top_row.children = [self.seat_boxes[s] for s in top]
        self.right_col.children = [self.seat_boxes[s] for s in right]
        self.me_box.children = [self.seat_boxes[LEARNER], self.hearts_broken, self.clock]

    def _is_bot(self, seat: int) -> bool:
        return seat != LEARNER or self.demo or self.autopilot

    def _bot_for(self, seat: int) -> Bot:
        return self.helper_bot if seat == LEARNER else self.bots[seat]

    def learner_view(self) -> PlayerView:
        return self.match.view(LEARNER)

    def _next_auto(self) -> tuple[str, int] | None:
        """The next thing that happens without the learner, or None when the table waits for the learner."""
        h = self.match.hand
        if self.shown_trick is not None:
            return ("clear_trick", -1)
        if h.phase is Phase.PASS:
            for s in range(h.n):
                if h.passes[s] is None and self._is_bot(s):
                    return ("bot", s)
            return None
        if h.phase in (Phase.PLAY, Phase.MOON):
            return ("bot", h.to_move) if self._is_bot(h.to_move) else None
        if not self.hand_scored:
            return ("score", -1)
        if self.demo and not self.match.is_over:
            return ("next_hand", -1)
        return None

    def step(self) -> bool:
        """Do the next automatic thing at once (bots move without pauses); False if the table waits for you."""
        todo = self._next_auto()
        if todo is None:
            return False
        kind, seat = todo
        if kind == "bot":
            self._apply_decision(self._bot_for(seat).decide(self.match.view(seat)))
        elif kind == "clear_trick":
            self._clear_trick()
        elif kind == "score":
            self._score_hand()
        else:
            self._next_hand()
        self._render()
        return True

    def run_until_learner(self, limit: int = 10_000) -> None:
        """Let the bots move until the learner must act (sync and manual modes)."""
        for _ in range(limit):
            if not self.step():
                return
        raise RuntimeError("the table did not come to rest")

    def _after_change(self) -> None:
        """Re-render and set the bots going."""
        self._version += 1
        self._render()
        if self.mode == "sync":
            self.run_until_learner()
        elif self.mode == "async":
            self._kick()

    def _apply_decision(self, d: Decision) -> None:
        h = self.match.hand
        tricks_before = len(h.tricks)
        seat = d.seat
        if d.kind == "play" and seat != h.to_move:
            raise RuntimeError(f"a decision for seat {seat} arrived when seat {h.to_move} is to move")
        try:
            d.apply(h)
        except IllegalMove as e:  # a bot's bug must not stop the game: say so, and play a plain legal move
            self._log(f"{self.names[seat]}'s {d.kind} was refused ({e.reason}); a plain legal move was made.")
            d = SimpleBot().decide(self.match.view(seat))
            d.apply(h)
        self._version += 1
        self.decisions[seat] = d
        if d.kind == "play":
            self.play_decisions[len(h.plays()) - 1] = d
        if seat == LEARNER and d.kind in ("play", "pass"):
            self.computer_moves.add(len(h.plays()) - 1 if d.kind == "play" else None)
        name = "You" if seat == LEARNER else self.names[seat]
        if d.kind == "pass":
            self.said[seat] = "passed ✓"
            if h.phase is not Phase.PASS:
                self._after_exchange()
        elif d.kind == "play":
            self.said[seat] = f"played {art.card_face(d.card)}"
            self.message = f"{name} played {art.card_face(d.card)}."
            if len(h.tricks) > tricks_before:
                self._trick_taken()
        else:
            self.message = f"{name} shot the moon and chose to {d.choice.replace('_', ' ') if d.choice else ''}."
        if self.telepathy_seat == seat:
            self.telepathy_at = 0

    def _clear_trick(self) -> None:
        """The finished trick leaves the centre (it is the last trick now), and the seats' 'played' labels go."""
        self.shown_trick = None
        self.sweeping = False
        self.said = {s: said for s, said in self.said.items() if not said.startswith("played")}

    def _trick_taken(self) -> None:
        h = self.match.hand
        t = h.tricks[-1]
        self.shown_trick = t
        self.sweeping = False
        self.hint_cards = ()
        if t.winner is None:
            self.message += " The trick cancelled out: nobody takes it."
        else:
            who = "You take" if t.winner == LEARNER else f"{self.names[t.winner]} takes"
            pts = self._trick_points(t)
            self.message += f" {who} the trick" + (f" ({pts:+d} points)." if pts else ".")

    def _trick_points(self, t: Trick) -> int:
        return sum(self.rules.card_points(c) for c in t.cards)

    def _after_exchange(self) -> None:
        h = self.match.hand
        received = h.received[LEARNER]
        src = h.pass_source(LEARNER)
        if received:
            self.message = (f"{self.names[src]} passed you " + ", ".join(art.card_face(c) for c in received) + ".")
        self.selected = []
        self.coach_notes.pop("pass", None)
        self.coach_notes.pop("hint", None)

    def _score_hand(self) -> None:
        m = self.match
        points = m.finish_hand()
        self.hand_scored = True
        self.hand_points = list(points)
        h = m.hand
        res = h.result()
        changes: list[Callable[[Stats], None]] = []
        if not self.demo:
            changes.append(lambda st: st.record_hand(points=points[LEARNER], moon=res.shooter == LEARNER,
                                                     queen=bool(h.queens_taken[LEARNER])))
            bands = [band for band, _, _ in self.hand_grades]  # graded moves that were not taken back
            changes.append(lambda st: _record_bands(st, bands))
        parts = [f"{'You' if s == LEARNER else self.names[s]} {p:+d}" for s, p in enumerate(points)]
        extra = ""
        if res.shooter is not None:
            extra = f" {'You' if res.shooter == LEARNER else self.names[res.shooter]} shot the moon!"
        if res.sweeper is not None:
            extra = f" {'You' if res.sweeper == LEARNER else self.names[res.sweeper]} took every trick!"
        self.message = "Hand over: " + ", ".join(parts) + "." + extra
        self.scorepad_toggle.value = True
        if m.game_over:
            m.next_hand()  # files the finished hand; no new deal when the game is over
            winners = m.winners()
            if not self.demo and not self.game_recorded:
                changes.append(lambda st: st.record_game(won=LEARNER in winners))
                self.game_recorded = True
        if changes:
            self._update_stats(lambda st: [change(st) for change in changes])
        self._start_review()

    def _update_stats(self, change: Callable[[Stats], Any]) -> None:
        problem = self.store.update(change)
        if problem:
            self._log(problem)

    def next_hand(self) -> None:
        """Deal the next hand (after the learner has seen the score)."""
        if self.match.hand.phase is not Phase.DONE or not self.hand_scored:
            self._say("The hand is not over yet.")
            return
        if self.match.is_over:
            self._say("The game is over. Start a new game to play again.")
            return
        self._next_hand()
        self._after_change()

    def _next_hand(self) -> None:
        self.match.next_hand()
        self._reset_hand_state()  # the finished hand's result stays on the score pad

    # ================================================================ the learner's actions

    def click_card(self, index: int) -> None:
        """The learner clicked the card at ``index`` of their hand (selects in passing, plays in play)."""
        h = self.match.hand
        view = self.learner_view()
        if not 0 <= index < len(view.hand):
            return
        c = view.hand[index]
        self.why = ""
        if self.autopilot or self.demo:
            self._say("The computer is playing this hand for you.")
            return
        if h.phase is Phase.PASS:
            if h.passes[LEARNER] is not None:
                self._say("You have passed; waiting for the others.")
                return
            if index in self.selected:
                self.selected.remove(index)
            elif len(self.selected) >= self.rules.pass_count:
                self.why = (f"You have chosen {self.rules.pass_count} cards already: click one of them to put it "
                            "back first.")
            else:
                self.selected.append(index)
            self._review_selection()
            self._render()
            return
        if h.phase is not Phase.PLAY:
            self._say("The hand is over." if h.phase is Phase.DONE else "Waiting for the moon to be scored.")
            return
        if h.to_move != LEARNER:
            self.why = f"Wait: it is {self.names[h.to_move]}'s turn."
            self._render()
            return
        verdict = view.why_illegal(c)
        if verdict is not None:
            self.why = f"You cannot play {art.card_face(c)}: {verdict.reason}"
            self._render()
            return
        if self.tutor:
            warn = self._coach_call("tutor_warning", view, c)
            if warn is not None:
                self.warning = (c, warn)
                self._render()
                return
        self._learner_play(c)

    def play_card(self, c: Card | str) -> None:
        """Play a card by its value or text (``'QS'``), as if clicked."""
        from ..cards import parse_card
        card = parse_card(c) if isinstance(c, str) else c
        hand = self.learner_view().hand
        if card not in hand:
            raise IllegalMove("not_in_hand", f"You do not hold {art.card_face(card)}.", card)
        self.click_card(hand.index(card))

    def _learner_play(self, c: Card) -> None:
        h = self.match.hand
        before = self.learner_view()
        tricks_before = len(h.tricks)
        if self.shown_trick is not None:
            self._clear_trick()
        h.play(c)
        self.warning = None
        self.hint_cards = ()
        self.coach_notes.pop("hint", None)
        self.said[LEARNER] = f"played {art.card_face(c)}"
        self.message = f"You played {art.card_face(c)}."
        if len(h.tricks) > tricks_before:
            self._trick_taken()
        self._cancel_clock()
        self._after_change()
        self._grade_later("play", before, c)

    def accept_warning(self) -> None:
        if self.warning is None:
            return
        c = self.warning[0]
        self.warning = None
        view = self.learner_view()
        if isinstance(c, tuple):  # a pass the tutor warned about
            self.pass_selected(confirmed=True)
            return
        if view.my_turn and c in view.hand and view.why_illegal(c) is None and not self.autopilot:
            self._learner_play(c)
        else:
            self._render()

    def take_back_warning(self) -> None:
        self.warning = None
        self.message = "Taken back: choose another card."
        self._render()

    def pass_selected(self, confirmed: bool = False) -> None:
        """Pass the selected cards (the pass button); in tutor mode a dangerous pass is questioned first."""
        h = self.match.hand
        k = self.rules.pass_count
        if h.phase is not Phase.PASS or h.passes[LEARNER] is not None or self.autopilot or self.demo:
            self._say("There is nothing to pass now.")
            return
        view = self.learner_view()
        if len(self.selected) != k:
            self.why = f"Choose exactly {k} cards to pass ({len(self.selected)} chosen)."
            self._render()
            return
        cards = [view.hand[i] for i in self.selected]
        if self.tutor and not confirmed:
            review = self._coach_call("review_pass", view, cards)
            danger = [f for f in getattr(review, "flags", ()) or () if getattr(f, "severity", "") == "danger"]
            if danger:
                self.warning = (tuple(sorted(cards)), danger[0])
                self._render()
                return
        self.warning = None
        h.pass_cards(LEARNER, cards)
        self.hint_cards = ()
        self.coach_notes.pop("hint", None)
        self.said[LEARNER] = "passed ✓"
        self.message = "You passed " + ", ".join(art.card_face(c) for c in sorted(cards)) + "."
        self.selected = []
        self._cancel_clock()
        if h.phase is not Phase.PASS:
            self._after_exchange()
        self._after_change()
        self._grade_later("pass", view, tuple(cards))

    def choose_moon(self, choice: str) -> None:
        h = self.match.hand
        if h.phase is not Phase.MOON or h.to_move != LEARNER or self._is_bot(LEARNER):
            self._say("There is no moon for you to score.")
            return
        h.choose_moon(choice)
        self.message = "You shot the moon! " + ("Everyone else gets 26." if choice == "add_to_others"
                                                 else "26 comes off your score.")
        self._after_change()

    def finish_hand(self) -> None:
        """The cup of joe: the computer plays the rest of this hand for the learner."""
        h = self.match.hand
        if h.phase is Phase.DONE:
            self._say("This hand is over already.")
            return
        self.autopilot = True
        self.selected = []
        self.warning = None
        self.message = "The computer finishes this hand for you."
        self._cancel_clock()
        self._after_change()

    def undo(self) -> None:
        """Take back the learner's last card of this hand (practice mode)."""
        h = self.match.hand
        if not self.practice:
            self._say("Undo is for practice mode (Settings).")
            return
        if self.autopilot or self.demo or self.hand_scored:
            self._say("There is nothing to undo now.")
            return
        if not any(a.kind == "play" and a.seat == LEARNER for a in h.history):
            self._say("You have not played a card this hand yet.")
            return
        self._version += 1
        while True:
            a = h.undo()
            if a.kind == "play" and a.seat == LEARNER:
                break
        self.shown_trick = None
        self.warning = None
        self.hint_cards = ()
        self.said = {}
        self.message = f"Taken back: {art.card_face(a.cards[0])} is in your hand again."
        self.coach_notes.pop("grade", None)
        left = len(h.plays())
        self.hand_grades = [g for g in self.hand_grades if g[2] is None or g[2] < left]
        self.computer_moves = {m for m in self.computer_moves if m is None or m < left}
        self._after_change()

    def ask_hint(self) -> None:
        """The coach's suggestion for the learner's current decision."""
        h = self.match.hand
        view = self.learner_view()
        if self._is_bot(LEARNER) or not ((h.phase is Phase.PASS and h.passes[LEARNER] is None) or view.my_turn):
            self.coach_notes["hint"] = "<p>✦ Nothing to decide right now: the hint is for your own turn.</p>"
            self._render()
            return
        self.coach_notes["hint"] = "<p>✦ <i>The coach is thinking…</i></p>"
        self._render()
        self._background(compute_hint, (view,), self._show_hint, queue="hints")

    def _show_hint(self, args: tuple[PlayerView], result: tuple[tuple[Card, ...], str]) -> None:
        view = args[0]
        if view.hand != self.learner_view().hand or view.phase is not self.match.hand.phase:
            return  # the position moved on
        cards, reason = result
        self.hint_cards = cards
        faces = ", ".join(art.card_face(c) for c in cards)
        self.coach_notes["hint"] = f"<p>✦ <b>Hint: {html.escape(faces)}</b><br>{html.escape(self._named(reason))}</p>"
        self._render()

    # ================================================================ coach

    def _coach_call(self, name: str, *args: Any) -> Any:
        fn = coach_function(name)
        if fn is None:
            return None
        try:
            return fn(*args)
        except Exception:  # the coach must never break the table: show the problem, carry on
            self._log(f"coach.{name} failed:\n{traceback.format_exc(limit=4)}")
            return None

    def _coach_for_new_hand(self) -> None:
        view = self.learner_view()
        notes = []
        flags = self._coach_call("midrange_flags", view) or []
        if flags:
            notes.append(self._flags_html(flags[:3], "Danger cards in your hand"))
        self.coach_notes["hand"] = "".join(notes)

    def _review_selection(self) -> None:
        view = self.learner_view()
        if len(self.selected) != self.rules.pass_count:
            self.coach_notes.pop("pass", None)
            return
        cards = [view.hand[i] for i in self.selected]
        review = self._coach_call("review_pass", view, cards)
        flags = list(getattr(review, "flags", ()) or ()) if review is not None else []
        self.coach_notes["pass"] = self._flags_html(flags, "About this pass") if flags else (
            "<p>✓ The coach sees nothing wrong with this pass.</p>" if review is not None else "")

    def _flags_html(self, flags: Sequence[Any], title: str) -> str:
        items = "".join(
            f'<div class="ht-flag {html.escape(str(getattr(f, "severity", "info")))}">'
            f'{html.escape(str(getattr(f, "reason", f)))}</div>' for f in flags)
        return f"<p><b>{html.escape(title)}</b></p>{items}"

    def _grade_later(self, kind: str, view: PlayerView, move: Any) -> None:
        name = "grade_play" if kind == "play" else "grade_pass"
        fn = coach_function(name)
        if fn is None or self.autopilot or self.demo or not self.grading:
            return
        self.coach_notes["grade"] = "<p><i>Grading your move…</i></p>"
        at = len(self.match.hand.plays()) - 1 if kind == "play" else None
        version = self._hand_version
        record = HandRecord.from_state(self.match.hand)  # the hand up to the move, for the practice reviews
        record.plays = record.plays[:at] if at is not None else []
        if at is None:
            record.passes = []
        self._background(call_coach, (name, view, move),
                         lambda _args, g: self._show_grade(kind, move, g, at, version, filed=(view, record)))

    def _show_grade(self, kind: str, move: Any, g: Any, at: int | None = None, version: int | None = None,
                    filed: tuple[PlayerView, HandRecord] | None = None) -> None:
        plays = self.match.hand.plays()
        if version is not None and (version != self._hand_version or (
                at is not None and (at >= len(plays) or plays[at] != move))):
            return  # the move was taken back (undo), or the hand is gone, before its grade came
        band = str(getattr(g, "band", "") or "")
        cost = getattr(g, "cost", None)
        best = getattr(g, "best", None)
        what = (art.card_face(move) if kind == "play" else ", ".join(art.card_face(c) for c in move))
        best_cards = best if isinstance(best, tuple | list) else (best,) if isinstance(best, int) else ()
        best_text = ", ".join(art.card_face(c) for c in best_cards)
        line = (f'<p><b>Your last move</b> ({html.escape(what)}): <span class="ht-grade {html.escape(band)}">'
                f'{html.escape(band or "graded")}</span>')
        if isinstance(cost, int | float):
            line += f" — costs {cost:.1f} pts against the best"
        if best_text and band not in ("best",):
            line += f"; the coach would play {html.escape(best_text)}"
        expl = getattr(g, "explanation", "")
        line += f".<br><small>{html.escape(str(expl))}</small></p>" if expl else ".</p>"
        self.coach_notes["grade"] = line
        if band:
            self.hand_grades.append((band, f"{what}: {band}" + (f" (best {best_text})" if best_text else ""), at))
            if self.hand_scored and coach_function("review_hand") is None:
                self.coach_notes["review"] = self._own_review()
            if self.hand_scored and not self.demo:  # (earlier grades go to the statistics with the hand)
                self._update_stats(lambda st: st.record_band(band))
            if filed is not None and not self.demo:  # every graded move is an attempt; a mistake, a review
                problem = record_table_move(self.store.learner, *filed, g)
                if problem:
                    self._log(problem)
        self._render()

    def _start_review(self) -> None:
        fn = coach_function("review_hand")
        record = HandRecord.from_state(self.match.hand)
        if fn is None or self.demo or not self.grading:
            self.coach_notes["review"] = self._own_review()
            return
        self.coach_notes["review"] = "<p><i>The coach is reviewing the hand…</i></p>"
        self._background(call_coach, ("review_hand", record, LEARNER), self._show_review)

    def _own_review(self) -> str:
        bad = [text for band, text, _ in self.hand_grades if band in ("inaccuracy", "mistake", "blunder")]
        if not self.hand_grades:
            return ""
        if not bad:
            return "<p><b>Hand review</b>: no mistakes this hand. Well played!</p>"
        return "<p><b>Hand review</b></p><ul>" + "".join(f"<li>{html.escape(t)}</li>" for t in bad) + "</ul>"

    def _show_review(self, _args: tuple[Any, ...], review: Any) -> None:
        note = ""
        mistakes = getattr(review, "mistakes", None)
        if self.computer_moves and isinstance(mistakes, tuple | list) and dataclasses.is_dataclass(review) \
                and not isinstance(review, type):
            own = tuple(m for m in mistakes
                        if (None if getattr(m, "kind", "") == "pass" else getattr(m, "index", None))
                        not in self.computer_moves)
            review = dataclasses.replace(review, mistakes=own)
            note = "<p><small>Moves the computer made for you are not reviewed.</small></p>"
        self.coach_notes["review"] = "<p><b>Hand review</b></p>" + _review_html(review, self._trick_thoughts) + note
        self._render()

    def _trick_thoughts(self, index: int) -> str:
        """What the bots were thinking on the trick of play ``index``, as they thought it at the table."""
        n = self.rules.players
        start = index - index % n
        parts = []
        for j in range(start, start + n):
            d = self.play_decisions.get(j)
            if j == index or d is None or d.seat == LEARNER or not d.steps:
                continue
            steps = "".join(f"<li>{html.escape(self._named(st.text))}{_step_scores(st, d.cards)}</li>"
                            for st in d.steps)
            parts.append(f"<details><summary>What {html.escape(self.names[d.seat])} ({html.escape(d.level)} bot) "
                         f"was thinking before playing {html.escape(art.card_face(d.card))}</summary>"
                         f"<ol>{steps}</ol></details>")
        return "".join(parts)

    def _background(self, fn: Callable[..., Any], args: tuple[Any, ...],
                    done: Callable[[tuple[Any, ...], Any], None], queue: str = "grading") -> None:
        """Run ``fn(*args)`` in a worker process (async) or now (sync), then ``done(args, result)``.

        The coach's rollouts are heavy: worker processes keep them off the kernel's interpreter lock, so the
        table answers clicks at once while a move is graded. Hints have their own worker, so they never wait
        behind a hand review.
        """
        if self.mode != "async":
            try:
                result = fn(*args)
            except Exception:
                self._log(traceback.format_exc(limit=6))
                return
            done(args, result)
            return

        async def run() -> None:
            try:
                result = await asyncio.get_running_loop().run_in_executor(self._coach_pool(queue), fn, *args)
            except BrokenProcessPool:
                self._coach_executors.pop(queue, None)
                raise
            done(args, result)

        self._spawn(run)

    def _coach_pool(self, queue: str) -> ProcessPoolExecutor:
        if queue not in self._coach_executors:
            self._coach_executors[queue] = ProcessPoolExecutor(max_workers=1,
                                                               mp_context=multiprocessing.get_context("spawn"))
        return self._coach_executors[queue]

    # ================================================================ telepathy

    def open_telepathy(self, seat: int) -> None:
        if seat == LEARNER:
            self._say("That's you, the brown monkey. Click an opponent to read its mind.")
            return
        if not self.telepathy_enabled:
            self._say("Telepathy is off (Settings).")
            return
        self.telepathy_seat = seat
        self.telepathy_at = 0
        self.message = (f"Reading {self.names[seat]}'s mind: its thoughts are in the Telepathy panel "
                        "(under the table on a small screen).")
        self._render()

    def telepathy_step(self, delta: int) -> None:
        if self.telepathy_seat is None:
            return
        d = self.decisions.get(self.telepathy_seat)
        total = len(d.steps) if d else 0
        self.telepathy_at = max(0, min(total - 1, self.telepathy_at + delta))
        self._render()

    def close_telepathy(self) -> None:
        self.telepathy_seat = None
        self._render()

    # ================================================================ async machinery

    def _pool(self, purpose: str = "bots") -> ThreadPoolExecutor:
        """One worker thread for the bots and one for the coach, so grading never delays a bot's move."""
        if purpose not in self._executors:
            self._executors[purpose] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"hearts-{purpose}")
        return self._executors[purpose]

    def _spawn(self, start: Callable[[], Awaitable[Any]]) -> asyncio.Task[Any]:
        """Run ``start()`` as a task of the kernel's loop; its exception is shown on the table."""
        task = asyncio.get_running_loop().create_task(self._report(start))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _report(self, start: Callable[[], Awaitable[Any]]) -> None:
        try:
            await start()  # the coroutine is made here, so a task cancelled before it starts leaves none behind
        except asyncio.CancelledError:
            raise
        except Exception:
            self._log(traceback.format_exc(limit=8))
            self._render()

    def _kick(self) -> None:
        if self._run_task is None or self._run_task.done():
            try:
                self._run_task = self._spawn(self._run)
            except RuntimeError:  # no running loop (plain Python): fall back to doing it now
                self.run_until_learner()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            todo = self._next_auto()
            if todo is None:
                self._start_clock()
                return
            kind, seat = todo
            bot_pause, trick_pause = SPEEDS[self.speed]
            if kind == "bot":
                version = self._version
                view = self.match.view(seat)
                self.said[seat] = "thinking…"
                if seat != LEARNER and view.phase is Phase.PLAY:
                    self._render_seats()
                decision = await loop.run_in_executor(self._pool(), self._bot_for(seat).decide, view)
                if version != self._version:
                    continue  # the learner changed the position meanwhile (undo, new game): think again
                self._apply_decision(decision)
                self._render()
                if decision.kind == "play":
                    await asyncio.sleep(trick_pause / 2 if self.shown_trick else bot_pause)
            elif kind == "clear_trick":
                version = self._version
                self.sweeping = True
                self._render_trick()
                await asyncio.sleep(trick_pause / 2)
                if version == self._version:
                    self._clear_trick()
                    self._render()
            elif kind == "score":
                self._score_hand()
                self._render()
            else:
                await asyncio.sleep(trick_pause * 2)
                if self._next_auto() == ("next_hand", -1):
                    self._next_hand()
                    self._render()

    def _cancel_tasks(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        self._tasks.clear()
        self._run_task = None
        self._clock_task = None

    def _start_clock(self) -> None:
        limit = self.rules.turn_clock
        h = self.match.hand
        waiting = (h.phase is Phase.PLAY and h.to_move == LEARNER) or (
            h.phase is Phase.PASS and h.passes[LEARNER] is None)
        if not limit or self.mode != "async" or not waiting or self._is_bot(LEARNER):
            self.clock.value = ""
            return
        self._cancel_clock()
        version = self._version

        async def tick() -> None:
            left = float(limit)
            while left > 0:
                if version != self._version:
                    return
                self.clock.value = f"◷ {int(left + 0.99)} s left"
                await asyncio.sleep(min(1.0, left))
                left -= 1.0
            if version == self._version:
                self.clock.value = ""
                self.timeout()

        self._clock_task = self._spawn(tick)

    def _cancel_clock(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            self._clock_task = None
        self.clock.value = ""

    def timeout(self) -> None:
        """The turn clock ran out: a random legal card is played (or random cards passed) for the learner."""
        h = self.match.hand
        view = self.learner_view()
        if h.phase is Phase.PASS and h.passes[LEARNER] is None:
            rest = [i for i in range(len(view.hand)) if i not in self.selected]
            self._rng.shuffle(rest)
            self.selected = (self.selected + rest)[:self.rules.pass_count]
            self.computer_moves.add(None)
            self.pass_selected(confirmed=True)
        elif view.my_turn:
            c = self._rng.choice(view.legal_plays())
            self.computer_moves.add(len(h.plays()))
            self._learner_play(c)
            self.message = f"Time! A random legal card was played for you: {art.card_face(c)}."
            self._render()

    # ================================================================ settings

    def apply_settings(self) -> None:
        try:
            rules = self.rules_from_settings()
        except (RulesError, ValueError) as e:
            self.settings_msg.value = f'<div class="ht-notice">⚠ {html.escape(str(e))}</div>'
            return
        self.settings_msg.value = ""
        self.levels = [self.levels[0]] + [w.value for w in self.level_widgets]
        self._new_game(rules)

    def _level_changed(self, seat: int, change: dict[str, Any]) -> None:
        self._set_level(seat, change["new"])

    def _seat_clicked(self, seat: int, _button: W.Button) -> None:
        self.open_telepathy(seat)

    def _set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level
        if seat in getattr(self, "bots", {}):
            self.bots[seat] = make_level_bot(level, self._rng.randrange(2**31))
            self._render_seats()

    def _set_flag(self, name: str, value: bool) -> None:
        setattr(self, name, value)
        if name == "telepathy_enabled" and not value:
            self.telepathy_seat = None
        if hasattr(self, "match"):
            self._after_change()

    # ================================================================ errors

    def _guarded(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """A callback that shows its exception on the table instead of losing it."""
        def callback(arg: Any) -> None:
            try:
                fn(arg)
            except Exception:
                self._log(traceback.format_exc(limit=8))
                try:
                    self._render()
                except Exception:
                    self._log(traceback.format_exc(limit=8))
        return callback

    def _log(self, text: str) -> None:
        self.errors.append(text)
        items = "".join(f"<pre>{html.escape(t)}</pre>" for t in self.errors[-3:])
        self.log.value = (f'<details open><summary>⚠ Something went wrong ({len(self.errors)})</summary>'
                          f"{items}</details>")

    def _say(self, text: str) -> None:
        self.why = text
        self._render()

    # ================================================================ rendering

    def card_buttons(self) -> list[W.Button]:
        """The learner's card buttons, in hand order."""
        return list(self.hand_box.children)

    def _render(self) -> None:
        self._render_hand()  # first: the learner sees their click answered soonest
        self._render_trick()
        self._render_status()
        self._render_seats()
        self._render_coach()
        self._render_telepathy()
        self._render_panels()
        self._render_centre()  # last: its Next hand button says the rest of the table is up to date

    def _render_seats(self) -> None:
        view = self.learner_view()
        h = self.match.hand
        scores = self.match.scores
        r = self.rules
        for s in range(view.n):
            live = view.hearts_taken[s] + view.queens_taken[s] * r.queen_points + view.jacks_taken[s] * r.jack_points
            if self.hand_points is not None:  # scored: the moon, the sweep and the bonuses are in
                live = self.hand_points[s]
            total = scores[s]
            to_move = h.phase in (Phase.PLAY, Phase.MOON) and view.to_move == s and self.shown_trick is None
            box = self.seat_boxes[s]
            if to_move:
                box.add_class("ht-to-move")
            else:
                box.remove_class("ht-to-move")
            level = "you" if s == LEARNER else f"{self.bots[s].level or self.levels[s]} bot"
            said = self.said.get(s, "")
            info = (f"<b>{total}</b> pts · this hand {live}<br><span class='ht-level'>{html.escape(level)}</span>")
            if s != LEARNER:
                info += art.backs_html(view.hand_sizes[s])
                info += f"<div class='ht-said'>{html.escape(said)}</div>"
            self.seat_infos[s].value = info
        broken = view.hearts_broken
        self.hearts_broken.value = (f'<span class="ht-hb-on">{art.BROKEN_HEART} Hearts broken</span>' if broken
                                    else f'<span class="ht-hb-off">{art.WHOLE_HEART} Hearts not broken</span>')

    def _render_trick(self) -> None:
        view = self.learner_view()
        n = view.n
        cards: list[tuple[int, Card]]
        winner = None
        if self.shown_trick is not None:
            t = self.shown_trick
            cards = [((t.leader + i) % n, c) for i, c in enumerate(t.cards)]
            winner = t.winner
        else:
            cards = list(zip(view.trick_seats, view.trick, strict=True))
        parts = ['<div class="ht-trickarea">']
        twins = _cancelled([c for _, c in cards], self.rules.decks)
        for seat, c in cards:
            x, y = trick_position(seat, n)
            # across as a share of the area's width, which narrows on a phone
            extra, style = "", f"left:{100 * x / TRICK_WIDTH:.1f}%;top:{y:.0f}px;"
            if winner is not None and seat == winner:
                extra = "htc-win"
            elif c in twins:
                extra = "htc-cancelled"
            if self.sweeping and winner is not None:
                dx, dy = toward(winner, n)
                wx, wy = trick_position(winner, n)
                dx, dy = dx + wx - x, dy + wy - y
                extra += " ht-sweep"
                style += f"--dx:{dx:.0f}px;--dy:{dy:.0f}px;--dur:{max(SPEEDS[self.speed][1] / 2, 0.05):.2f}s;"
            parts.append(art.card_html(c, extra=extra, style=style))
        if self.match.is_over:
            parts.append(self._game_over_html())
        elif self.match.hand.phase is Phase.DONE and self.hand_scored and self.shown_trick is None:
            pts = self.match.hand_points[-1] if self.match.hand_points else []
            rows = " · ".join(f"{self.names[s]} {p:+d}" for s, p in enumerate(pts))
            parts.append(f'<div class="ht-trick-banner"><big>Hand {self.match.hand_number + 1} is over</big>'
                         f"{html.escape(rows)}</div>")
        elif self.shown_trick is not None and winner is not None:
            who = "You take" if winner == LEARNER else f"{self.names[winner]} takes"
            parts.append(f'<div class="ht-trick-msg">{html.escape(who)} the trick</div>')
        parts.append("</div>")
        self.trick.value = "".join(parts)
        # last trick (public: every card of it was played face up)
        done = [t for t in view.tricks]
        if self.shown_trick is not None and done and done[-1] == self.shown_trick:
            done = done[:-1]
        if done:
            t = done[-1]
            twins = _cancelled(list(t.cards), self.rules.decks)
            # up to 5 cards side by side; more overlap, so that the box keeps clear of the seats beside it
            width = "" if len(t.cards) <= 5 else f' style="width:{max(16, 208 // len(t.cards) - 3)}px"'
            items = "".join(
                f'<div{width}><div class="ht-lt-who"{width} title="{html.escape(self.names[(t.leader + i) % n])}">'
                f'{html.escape(self.names[(t.leader + i) % n].split()[-1])}</div>'
                + art.card_html(c, small=True, extra="htc-win" if (t.leader + i) % n == t.winner else
                                "htc-cancelled" if c in twins else "") + "</div>"
                for i, c in enumerate(t.cards))
            won = "nobody" if t.winner is None else ("you" if t.winner == LEARNER else self.names[t.winner])
            self.last_trick.value = (f"<b>Last trick</b> · won by {html.escape(won)}"
                                     f'<div class="ht-lt-cards">{items}</div>')
        else:
            self.last_trick.value = "<b>Last trick</b><div style='color:#cfe3d3'>none yet</div>"

    def _game_over_html(self) -> str:
        m = self.match
        winners = m.winners()
        names = " and ".join("You" if s == LEARNER else self.names[s] for s in winners)
        verb = "win" if winners == [LEARNER] or len(winners) > 1 else "wins"
        scores = " · ".join(f"{self.names[s]} {v}" for s, v in enumerate(m.scores))
        cheer = "★ " if LEARNER in winners else ""
        return (f'<div class="ht-trick-banner ht-game-over"><big>{cheer}Game over: {html.escape(names)} {verb}!</big>'
                f"{html.escape(scores)}<br><small>Press New game to play again.</small></div>")

    def _render_hand(self) -> None:
        view = self.learner_view()
        h = self.match.hand
        hand = view.hand
        keys: list[tuple[Card, int]] = []
        seen: dict[Card, int] = {}
        for c in hand:
            seen[c] = seen.get(c, 0) + 1
            keys.append((c, seen[c]))
        for key in list(self._card_buttons):
            if key not in keys:
                self._card_buttons.pop(key).close()
        passing = h.phase is Phase.PASS and h.passes[LEARNER] is None and not self._is_bot(LEARNER)
        my_turn = view.my_turn and not self._is_bot(LEARNER)
        received = set(view.received) if len(view.tricks) == 0 else set()
        legality: dict[Card, Any] = {}
        if my_turn:  # the coach's sentences (the engine's own words) for every card in hand
            found = self._coach_call("legality", view)
            legality = found if isinstance(found, dict) else {}
        buttons = []
        for i, key in enumerate(keys):
            c = key[0]
            b = self._card_buttons.get(key)
            if b is None:
                b = W.Button(description=f"{art.rank_text(c)}\n{'♣♦♠♥'[c // 13]}",
                             layout=W.Layout(width=f"{art.CARD_WIDTH}px", height="90px"))
                for cls in ("ht-card", f"ht-card-{card_str(c)}", f"ht-suit-{SUITS[c // 13]}", art.suit_class(c)):
                    b.add_class(cls)
                b.on_click(self._guarded(lambda btn: self.click_card(self._index_of(btn))))
                self._card_buttons[key] = b
            if passing:
                disabled, tip = False, "Click to choose this card for the pass (click again to put it back)"
            elif my_turn:
                verdict = legality[c] if c in legality else view.why_illegal(c)
                disabled = verdict is not None
                tip = verdict.reason if verdict else f"Play {art.card_face(c)}"
            else:
                disabled, tip = True, self._wait_reason()
            if c in received:
                tip += f" ({self.names[view.pass_source()]} passed you this card)"
            with b.hold_sync():
                b.disabled = disabled
                b.tooltip = tip
                for cls, on in (("ht-selected", passing and i in self.selected),
                                ("ht-hinted", c in self.hint_cards),
                                ("ht-received", c in received)):
                    if on:
                        b.add_class(cls)
                    else:
                        b.remove_class(cls)
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

    def _index_of(self, button: W.Button) -> int:
        try:
            return list(self.hand_box.children).index(button)
        except ValueError:
            return -1

    def _wait_reason(self) -> str:
        h = self.match.hand
        if self._is_bot(LEARNER):
            return "The computer is playing this hand for you."
        if h.phase is Phase.PASS:
            return "You have passed; waiting for the others."
        if h.phase is Phase.PLAY:
            return f"Wait: it is {self.names[h.to_move]}'s turn."
        return "The hand is over."

    def _render_centre(self) -> None:
        h = self.match.hand
        view = self.learner_view()
        n = view.n
        for slot in self.pass_slots.values():
            if slot.children:
                slot.children = []
        actions: list[W.Widget] = []
        if h.phase is Phase.PASS and h.passes[LEARNER] is None and not self._is_bot(LEARNER):
            target = view.pass_target()
            side = seat_sides(n)[target][0]
            k = self.rules.pass_count
            word = view.pass_direction
            label = f"{ARROWS[side]} Pass {word}" if side != "right" else f"Pass {word} {ARROWS[side]}"
            with self.pass_button.hold_sync():
                chosen = len(self.selected)
                self.pass_button.description = f"{label} ({chosen}/{k})" if chosen < k else label
                self.pass_button.disabled = len(self.selected) != k
                self.pass_button.tooltip = f"Pass your {k} chosen cards to {self.names[target]}"
            self.pass_slots[side].children = [self.pass_button]
        if h.phase is Phase.MOON and h.to_move == LEARNER and not self._is_bot(LEARNER):
            actions = [self.moon_add, self.moon_sub]
        elif h.phase is Phase.DONE and self.hand_scored and not self.match.is_over and not self.demo:
            actions = [self.next_button]
        if list(self.actions.children) != actions:
            self.actions.children = actions
        self.finish_button.disabled = h.phase is Phase.DONE or self._is_bot(LEARNER)
        self.undo_button.disabled = not (self.practice and not self._is_bot(LEARNER) and not self.hand_scored and any(
            a.kind == "play" and a.seat == LEARNER for a in h.history))
        self.undo_button.layout.display = "" if self.practice else "none"

    def _render_status(self) -> None:
        h = self.match.hand
        view = self.learner_view()
        k = self.rules.pass_count
        if self.match.is_over:
            winners = self.match.winners()
            line = ("<b>You win the game!</b>" if winners == [LEARNER] else
                    f"<b>Game over</b>: {html.escape(' and '.join(self.names[s] for s in winners))} won.")
        elif self._is_bot(LEARNER) and h.phase is not Phase.DONE:
            line = "The computer is playing " + ("every seat (demonstration)." if self.demo else "this hand for you.")
        elif self.warning is not None:
            line = "<b>The coach has a warning for you</b> (just below): go ahead anyway, or take it back."
        elif h.phase is Phase.PASS:
            if h.passes[LEARNER] is None:
                target = self.names[view.pass_target()]
                line = (f"<b>Choose {k} cards to pass {view.pass_direction} to {html.escape(target)}</b> "
                        f"({len(self.selected)} of {k} chosen). Click a card again to put it back.")
            else:
                line = "Waiting for the others to pass…"
        elif h.phase is Phase.PLAY:
            if h.to_move == LEARNER:
                line = "<b>Your turn</b>: " + self._turn_advice(view)
            else:
                line = f"{html.escape(self.names[h.to_move])} is thinking…"
        elif h.phase is Phase.MOON:
            line = ("<b>You shot the moon!</b> Choose how it scores." if h.to_move == LEARNER else
                    f"{html.escape(self.names[h.to_move])} shot the moon and is choosing how it scores…")
        else:
            line = "<b>The hand is over.</b> " + ("Press Next hand ▶ to deal again." if self.hand_scored else "")
        msg = f"{html.escape(self.message)} " if self.message else ""
        why = f'<span class="ht-why">{html.escape(self.why)}</span>' if self.why else ""
        self.status.value = f"{msg}{line}{why}"

    def _turn_advice(self, view: PlayerView) -> str:
        legal = view.legal_plays()
        if len(legal) == len(set(view.hand)):
            return "play any card." if view.trick else "lead any card."
        reasons = sorted({v.reason for c in view.hand if (v := view.why_illegal(c)) is not None})
        greyed = "Greyed cards cannot be played: " + " ".join(reasons)
        led = view.led_suit
        if led is not None and any(c // 13 == led for c in legal):
            return f"follow suit with a {SUIT_NAMES[led][:-1]}. <small>{html.escape(greyed)}</small>"
        return f"choose a card. <small>{html.escape(greyed)}</small>"

    def _render_coach(self) -> None:
        view = self.learner_view()
        parts = []
        if view.my_turn and not self._is_bot(LEARNER) and self.shown_trick is None:
            illegal = self._coach_call("legality", view)
            if isinstance(illegal, dict):
                bad = {v.reason for v in illegal.values() if v is not None}
            else:
                bad = {v.reason for c in view.hand if (v := view.why_illegal(c)) is not None}
            if bad:
                parts.append("<p><b>Why some cards are greyed</b></p>" + "".join(
                    f'<div class="ht-flag info">{html.escape(b)}</div>' for b in sorted(bad)))
        for key in ("hint", "pass", "hand", "grade", "review"):
            note = self.coach_notes.get(key)
            if note and not (key == "hand" and self.match.hand.phase is not Phase.PASS):
                parts.append(note)
        if not parts:
            parts.append("<p>Ask for a <b>hint</b> any time it is your move. "
                         + ("Tutor mode is on: I will warn you before a risky card." if self.tutor else "") + "</p>")
        self.coach_html.value = "".join(parts)
        if self.warning is not None:
            c, flag = self.warning
            a_pass = isinstance(c, tuple)
            what = ("passing " + ", ".join(art.card_face(x) for x in c)) if isinstance(c, tuple) else \
                art.card_face(c)
            self.warn_html.value = (f'<div class="ht-flag warning">⚠ <b>Are you sure about {what}?</b> '
                                    f'{html.escape(self._named(str(getattr(flag, "reason", flag))))}</div>')
            self.warn_accept.description = "Pass them anyway" if a_pass else "Play it anyway"
            self.warn_back.description = "Choose again" if a_pass else "Take it back"
            self.warn_box.layout.display = ""
        else:
            self.warn_html.value = ""
            self.warn_box.layout.display = "none"

    def _named(self, text: str) -> str:
        """Bots and coach speak of "seat 3"; at the table each seat is its animal ("Red Fox")."""
        return _SEAT_NUMBER.sub(
            lambda m: self.names[int(m.group(1))] if int(m.group(1)) < len(self.names) else m.group(0), text)

    def _render_telepathy(self) -> None:
        seat = self.telepathy_seat
        if seat is None or seat >= len(self.names):
            self.tele_html.value = ""  # nothing of a bot's thoughts stays in the page once closed
            self.telepathy.layout.display = "none"
            return
        self.telepathy.layout.display = ""
        d = self.decisions.get(seat)
        head = (f"<h4>✧ Inside {html.escape(self.names[seat])}'s head</h4>"
                f"<small>{html.escape(self.bots[seat].level or self.levels[seat])} bot</small>")
        if d is None or not d.steps:
            self.tele_html.value = head + (f"<p>{html.escape(self.names[seat])} has not decided anything yet "
                                           "this hand.</p>")
            self.tele_prev.disabled = self.tele_next.disabled = self.tele_all.disabled = True
            return
        what = ("passing" if d.kind == "pass" else "the moon" if d.kind == "moon" else
                f"playing {art.card_face(d.card)}")
        at = min(self.telepathy_at, len(d.steps) - 1)
        steps = "".join(
            f'<div class="ht-step{" ht-current" if i == at else ""}"><span class="ht-kind">{i + 1}. '
            f'{html.escape(st.kind)}</span><br>{html.escape(self._named(st.text))}{_step_scores(st, d.cards)}</div>'
            for i, st in enumerate(d.steps[:at + 1]))
        self.tele_html.value = (head + f"<p>Its last decision: <b>{html.escape(what)}</b> "
                                f"(step {at + 1} of {len(d.steps)})</p>{steps}")
        self.tele_prev.disabled = at == 0
        self.tele_next.disabled = self.tele_all.disabled = at >= len(d.steps) - 1

    def show_practice(self, on: bool = True) -> None:
        """Show the practice panel in place of the card table (or go back to the game, which waits as it was)."""
        if on and self.practice_panel is None:
            from ..practice.session import Practice
            from ..practice.widget import PracticePanel

            self.practice_panel = PracticePanel(Practice(learner=self.store.learner, seed=self._seed))
            self.practice_box.children = (self.practice_panel,)
        elif on and (self.practice_panel.session.over or self.practice_panel.session.tries == 0):
            self.practice_panel.next_puzzle()  # a mistake just made at the table may be due for review
        self.practice_toggle.value = on
        self.main.layout.display = "none" if on else ""
        self.practice_box.layout.display = "" if on else "none"

    def _render_panels(self) -> None:
        self.scorepad.layout.display = "" if self.scorepad_toggle.value else "none"
        self.stats_html.layout.display = "" if self.stats_toggle.value else "none"
        self.settings.layout.display = "" if self.settings_toggle.value else "none"
        if self.scorepad_toggle.value:
            self.scorepad.value = self._scorepad_html()
        if self.stats_toggle.value:
            self.stats_html.value = self._stats_html()

    def _scorepad_html(self) -> str:
        m = self.match
        n = self.rules.players
        head = "".join(f'<th><span class="ht-dot" style="background:{self.colours[s]}"></span>'
                       f'{html.escape(self.names[s].split()[-1])}</th>' for s in range(n))
        rows = []
        start = m.start_scores
        if any(start):
            rows.append("<tr><td>Handicap</td>" + "".join(f"<td>{v}</td>" for v in start) + "</tr>")
        for i, pts in enumerate(m.hand_points):
            rows.append(f"<tr><td>Hand {i + 1}</td>" + "".join(f"<td>{p}</td>" for p in pts) + "</tr>")
        if not self.hand_scored and not m.is_over:
            view = self.learner_view()
            r = self.rules
            live = [view.hearts_taken[s] + view.queens_taken[s] * r.queen_points + view.jacks_taken[s] * r.jack_points
                    for s in range(n)]
            rows.append(f"<tr><td><i>Hand {len(m.hand_points) + 1} so far</i></td>"
                        + "".join(f"<td><i>{p}</i></td>" for p in live) + "</tr>")
        rows.append('<tr class="ht-total"><td>Total</td>' + "".join(f"<td>{v}</td>" for v in m.scores) + "</tr>")
        series = [[start[s]] for s in range(n)]
        for pts in m.hand_points:
            for s in range(n):
                series[s].append(series[s][-1] + pts[s])
        target = self.rules.target if self.rules.end != "hands" else None
        chart = art.score_chart_svg(series, self.colours, self.names, target)
        return (f"<h4>✎ Score pad</h4><table class='ht-scoretable'><tr><th>Hand</th>{head}</tr>{''.join(rows)}"
                f"</table><div style='margin-top:6px'>{chart}</div>")

    def _stats_html(self) -> str:
        self.store.reload()
        st = self.store.stats
        rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in st.summary_rows())
        note = (f'<div class="ht-notice">{html.escape(self.store.message)}</div>' if self.store.message else "")
        return (f"<h4>∑ Statistics</h4>{note}<table class='ht-scoretable'>{rows}</table>"
                f"<small>Kept in {html.escape(str(self.store.path))}</small>")

    # ================================================================ cleanup

    def close(self) -> None:
        """Close every widget of the table (and stop its tasks)."""
        self._cancel_tasks()
        for b in self._card_buttons.values():
            b.close()
        self._card_buttons = {}

        def walk(w: W.Widget) -> None:
            for child in getattr(w, "children", ()) or ():
                walk(child)
            w.close()

        walk(self.widget)
        for w in [self.pass_button, self.next_button, self.moon_add, self.moon_sub]:
            w.close()
        for pool in self._executors.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._executors = {}
        for process_pool in self._coach_executors.values():
            process_pool.shutdown(wait=False, cancel_futures=True)
        self._coach_executors = {}


def _step_scores(step: Any, chosen: Sequence[Card]) -> str:
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


def _cancelled(cards: Sequence[Card], decks: int) -> set[Card]:
    """With two decks, the cards of a trick that met their twin and cancelled."""
    return {c for c in cards if cards.count(c) > 1} if decks == 2 else set()


def _record_bands(stats: Stats, bands: Sequence[str]) -> None:
    for band in bands:
        stats.record_band(band)


def _review_html(review: Any, thoughts: Callable[[int], str] | None = None) -> str:
    """The coach's hand review, whatever shape it has (object with mistakes, a dict, or text); ``thoughts(index)``
    adds what the bots were thinking on the trick of the play at ``index``."""
    if review is None:
        return "<p>No review.</p>"
    if isinstance(review, str):
        return f"<p>{html.escape(review)}</p>"
    mistakes = getattr(review, "mistakes", None)
    if isinstance(mistakes, tuple | list):
        if not mistakes:
            return "<p>No mistakes this hand. Well played!</p>"
        items = []
        for m in mistakes:
            band = str(getattr(m, "band", ""))
            index = getattr(m, "index", None)
            players = getattr(review, "players", 0)
            where = ("Your pass" if getattr(m, "kind", "") == "pass" or not isinstance(index, int) else
                     f"Trick {index // players + 1}" if players else f"Play {index + 1}")
            faces = ", ".join(art.card_face(c) for c in getattr(m, "cards", ()))
            cost = getattr(m, "cost", None)
            cost_text = f" (costs {cost:.1f})" if isinstance(cost, int | float) else ""
            items.append(f'<div class="ht-flag warning"><span class="ht-grade {html.escape(band)}">'
                         f"{html.escape(band)}</span> {html.escape(where)}: {html.escape(faces)}"
                         f"{cost_text}<br><small>{html.escape(str(getattr(m, 'explanation', '')))}</small>"
                         f"{thoughts(index) if thoughts and isinstance(index, int) else ''}</div>")
        return f"<p>{len(mistakes)} thing{'s' if len(mistakes) != 1 else ''} to learn from:</p>" + "".join(items)
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
            if band in ("inaccuracy", "mistake", "blunder"):
                items.append(f'<li><span class="ht-grade {html.escape(band)}">{html.escape(band)}</span> '
                             f'{html.escape(str(play.get("card")))} (best {html.escape(str(play.get("best")))}, '
                             f'cost {play.get("cost", 0):.1f})</li>')
        p = data.get("pass")
        if isinstance(p, dict) and p.get("band") in ("inaccuracy", "mistake", "blunder"):
            items.insert(0, f"<li>Pass {html.escape(' '.join(map(str, p.get('cards', []))))}: "
                            f"{html.escape(p['band'])}</li>")
        return "<ul>" + "".join(items) + "</ul>" if items else "<p>No mistakes this hand. Well played!</p>"
    return f"<p>{html.escape(str(data))}</p>"
