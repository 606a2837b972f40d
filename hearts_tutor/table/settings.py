"""The table's Settings panel: every rule of :class:`~hearts_tutor.engine.rules.Rules`, the opponents' levels, the
table's switches (tutor, demonstration, practice, telepathy) and the animation speed."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import ipywidgets as W

from ..engine.rules import (
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
from . import art
from .controls import button, html_box
from .core import TableCore
from .events import SPEEDS

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
               "duell": "GameDuell (a sweep gives the others 52)",
               "cancellation": "Cancellation (two decks, 6-11 players)",
               "n_player": "3-7 players"},
    "first_lead": {"lowest_club": "the lowest club in play (the 2 of clubs; the 3 with 5 players)",
                   "any_club": "the holder of the lowest club leads any club",
                   "left_of_dealer": "left of the dealer, any card but a heart or the queen of spades",
                   "rotate": "each player in turn (no heart or queen of spades)"},
    "first_trick_points": {"forbidden": "not allowed", "allowed": "allowed"},
    "clean_hand_bonus": {None: "none", "no_tricks": "-5 for taking no trick", "no_points": "-5 for no points"},
    "moon": {"add_to_others": "others get 26", "subtract_from_self": "shooter gets -26",
             "shooter_chooses": "the shooter chooses"},
    "sweep": {"none": "like a moon", "plus_52": "others get 52"},
    "end": {"reach": "someone reaches the target", "exceed": "someone passes the target",
            "hands": "after a number of hands"},
}
#: The table's switches, with what their check boxes say.
FLAG_LABELS = {
    "tutor": "Tutor mode (warn before risky moves)",
    "demo": "Demonstration (bots play every seat)",
    "practice": "Practice mode (undo allowed)",
    "telepathy_enabled": "Telepathy (click an opponent)",
}
_STYLE = {"description_width": "128px"}  # leaves the drop-downs room for their longest choices

Guard = Callable[[Callable[[Any], Any]], Callable[[Any], None]]


def _labelled(key: str, values: Sequence[Any]) -> list[tuple[str, Any]]:
    """Drop-down options for a rule: (what the player reads, the value)."""
    return [(OPTION_LABELS[key].get(v, str(v)), v) for v in values]


def _layout() -> W.Layout:  # one layout each: hiding one widget must not hide the others
    return W.Layout(width="316px")


def _dropdown(description: str, options: Any) -> W.Dropdown:
    return W.Dropdown(description=description, options=options, style=_STYLE, layout=_layout())


def _number(description: str, low: int, high: int) -> W.BoundedIntText:
    return W.BoundedIntText(description=description, min=low, max=high, style=_STYLE, layout=_layout())


class SettingsForm:
    """The Settings panel of one table (:attr:`panel`); ``guard`` wraps its callbacks so that their errors
    show on the table."""

    def __init__(self, core: TableCore, guard: Guard) -> None:
        self.core = core
        self.preset_w = _dropdown("Preset", _labelled("preset", list(PRESETS)))
        self.rule_widgets: dict[str, W.ValueWidget] = {
            "players": _dropdown("Players", list(range(3, 12))),
            "decks": _dropdown("Decks", [1, 2]),
            "pass_cycle": _dropdown("Passing", list(PASS_CYCLES.items())),
            "pass_count": _number("Cards passed", 1, 6),
            "first_lead": _dropdown("First lead", _labelled("first_lead", FIRST_LEADS)),
            "first_trick_points": _dropdown("Points on trick one", _labelled("first_trick_points",
                                                                            FIRST_TRICK_POINTS)),
            "queen_breaks_hearts": W.Checkbox(description="Queen breaks hearts", indent=False),
            "queen_lead_before_broken": W.Checkbox(description="Queen may lead before hearts break", indent=False),
            "hearts_lead_before_broken": W.Checkbox(description="Hearts may lead before broken", indent=False),
            "queen_points": _dropdown("Queen of spades", [("13 points", 13), ("0 points", 0)]),
            "jack_points": _dropdown("Jack of diamonds", [("0 points", 0), ("-10 points", -10)]),
            "clean_hand_bonus": _dropdown("Clean-hand bonus", _labelled("clean_hand_bonus", CLEAN_HAND_BONUSES)),
            "moon": _dropdown("Shooting the moon", _labelled("moon", MOON_MODES)),
            "sweep": _dropdown("Taking every trick", _labelled("sweep", SWEEPS)),
            "end": _dropdown("Game ends", _labelled("end", END_MODES)),
            "target": _number("Target score", 10, 1000),
            "hands": _number("Number of hands", 1, 100),
            "handicap": _number("Your starting score", -100, 200),
            "turn_clock": _number("Turn clock (s, 0 = off)", 0, 300),
        }
        self.rule_widgets["end"].observe(guard(lambda _: self._show_end_fields()), "value")
        levels = list(core.levels_available)
        names = art.seat_animals(11)
        self.level_widgets = [_dropdown(f"{art.title_name(names[s][0])}", levels) for s in range(1, 11)]
        for s, w in enumerate(self.level_widgets, start=1):
            w.value = core.levels[s] if core.levels[s] in levels else levels[0]
            w.observe(guard(partial(self._level_changed, s)), "value")
        self.flag_widgets = {name: W.Checkbox(description=text, value=getattr(core, name), indent=False)
                             for name, text in FLAG_LABELS.items()}
        for name, w in self.flag_widgets.items():
            w.observe(guard(partial(self._flag_changed, name)), "value")
        self.speed_w = _dropdown("Animation speed", [s for s in SPEEDS if s != "test" or core.speed == "test"])
        self.speed_w.value = core.speed
        self.speed_w.observe(guard(lambda ch: setattr(core, "speed", ch["new"])), "value")
        self.apply_button = button("Apply rules and start a new game", width="auto")
        self.apply_button.on_click(guard(lambda _: self.apply()))
        self.message = html_box()
        self.panel = W.VBox([
            html_box("<h4>⚙ Settings</h4><b>Rules</b>"), self.preset_w, *self.rule_widgets.values(),
            html_box("<b>Opponents</b>"), W.VBox(self.level_widgets),
            html_box("<b>Table</b>"), *self.flag_widgets.values(), self.speed_w,
            self.apply_button, self.message], layout=W.Layout(display="none"))
        self.panel.add_class("ht-panel")
        self.panel.add_class("ht-settings")
        self.preset_w.observe(guard(lambda ch: self._fill(Rules.preset(ch["new"]))), "value")

    def show_game(self) -> None:
        """A new game started: the form shows its rules, and a level for each of its opponents."""
        rules = self.core.rules
        self.preset_w.value = rules.name if rules.name in PRESETS else "standard"
        self._fill(rules)
        for s, w in enumerate(self.level_widgets, start=1):
            w.layout.display = "" if s < rules.players else "none"

    def _fill(self, rules: Rules) -> None:
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

    def rules(self) -> Rules:
        """The rules the form describes (raises RulesError for an impossible combination)."""
        values: dict[str, Any] = {key: w.value for key, w in self.rule_widgets.items()}
        n = values["players"]
        values["handicap"] = (values["handicap"],) + (0,) * (n - 1) if values["handicap"] else ()
        values["turn_clock"] = values["turn_clock"] or None
        return Rules.preset(self.preset_w.value).replace(**values)

    def apply(self) -> None:
        """Start a new game with the form's rules and opponents (or say why the rules cannot be)."""
        try:
            rules = self.rules()
        except (RulesError, ValueError) as e:
            self.message.value = f'<div class="ht-notice">⚠ {html.escape(str(e))}</div>'
            return
        self.message.value = ""
        self.core.new_game(rules, levels=[w.value for w in self.level_widgets])

    def _level_changed(self, seat: int, change: dict[str, Any]) -> None:
        self.core.set_level(seat, change["new"])

    def _flag_changed(self, name: str, change: dict[str, Any]) -> None:
        self.core.set_flag(name, change["new"])
