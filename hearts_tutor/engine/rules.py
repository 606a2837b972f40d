"""One frozen ``Rules`` value holds every table rule; presets are named ``Rules`` values.

>>> r = Rules.preset("omnibus")
>>> r.jack_points
-10
>>> Rules.preset("n_player", players=5).removed_cards_text
['2C', '2D']
>>> Rules(pass_cycle=("across",), players=5)
Traceback (most recent call last):
...
hearts_tutor.engine.rules.RulesError: passing 'across' needs an even number of players, not 5
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .cards import ALL_CARDS, HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, cards_in, cards_str, mask_of, parse_cards

PASS_DIRECTIONS = ("left", "right", "across", "keep")
FIRST_LEADS = ("lowest_club", "any_club", "left_of_dealer", "rotate")
FIRST_TRICK_POINTS = ("forbidden", "allowed")
CLEAN_HAND_BONUSES = (None, "no_tricks", "no_points")
MOON_MODES = ("add_to_others", "subtract_from_self", "shooter_chooses")
MOON_CHOICES = ("add_to_others", "subtract_from_self")
SWEEPS = ("none", "plus_52")
END_MODES = ("reach", "exceed", "hands")

#: Cards taken out of a single deck so that it deals evenly (source: seed 004).
REMOVED_BY_PLAYERS: Mapping[int, tuple[str, ...]] = {
    3: ("2D",),
    4: (),
    5: ("2D", "2C"),
    6: ("2D", "3D", "3C", "4C"),
    7: ("2D", "3D", "3C"),
}


_REMOVED_MASKS: Mapping[int, int] = {n: mask_of(parse_cards(cards)) for n, cards in REMOVED_BY_PLAYERS.items()}


class RulesError(ValueError):
    """An unknown rule key or value, or an impossible combination of rules."""


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every rule option of a game of Hearts; see SPEC section 3."""

    players: int = 4
    """Seats at the table: 3-7 with one deck, 6-11 with two decks."""
    decks: int = 1
    """1, or 2 for Cancellation (identical cards cancel, left-overs form a kitty)."""
    pass_cycle: tuple[str, ...] = ("left", "right", "across", "keep")
    """Pass direction of each hand in turn; ``keep`` means no passing."""
    pass_count: int = 3
    """Cards each player passes."""
    first_lead: str = "lowest_club"
    """Who opens the first trick and with what (lowest_club, any_club, left_of_dealer, rotate)."""
    first_trick_points: str = "forbidden"
    """Whether hearts and the queen of spades may be played on the first trick."""
    queen_breaks_hearts: bool = True
    """Whether playing the queen of spades breaks hearts."""
    queen_lead_before_broken: bool = True
    """Whether the queen of spades may be led before hearts are broken."""
    hearts_lead_before_broken: bool = False
    """Whether hearts may be led before they are broken."""
    queen_points: int = 13
    """Points of the queen of spades (13, or 0 to switch her off)."""
    jack_points: int = 0
    """Points of the jack of diamonds (0, or -10)."""
    clean_hand_bonus: str | None = None
    """-5 for taking no trick (``no_tricks``) or no points (``no_points``)."""
    moon: str = "add_to_others"
    """Shooting the moon: others +26, shooter -26, or the shooter chooses."""
    sweep: str = "none"
    """``plus_52``: one player who takes every trick gives each opponent 52."""
    end: str = "reach"
    """The game ends when a player reaches the target, exceeds it, or after ``hands`` hands."""
    target: int = 100
    """Score that ends the game (``reach``/``exceed``)."""
    hands: int = 4
    """Number of hands in a game that ends after a fixed count."""
    handicap: tuple[int, ...] = ()
    """Starting score of each seat (empty: all 0)."""
    turn_clock: float | None = None
    """Seconds the learner has for a move; on timeout a random legal card is played."""
    name: str = field(default="custom", compare=False)
    """The preset this value came from (for display)."""

    def __post_init__(self) -> None:
        for key in ("pass_cycle", "handicap"):
            value = getattr(self, key)
            if isinstance(value, list):
                object.__setattr__(self, key, tuple(value))
            elif not isinstance(value, tuple):  # a bare string or number would be read letter by letter
                raise RulesError(f"{key} must be a list, not {value!r}")
        self._check()

    def _check(self) -> None:
        def choice(key: str, allowed: tuple[Any, ...]) -> None:
            value = getattr(self, key)
            if value not in allowed or (isinstance(value, bool) and not any(isinstance(a, bool) for a in allowed)):
                shown = ", ".join(repr(a) if a is not None else "null" for a in allowed)
                raise RulesError(f"{key} must be one of {shown}, not {value!r}")

        def integer(key: str) -> int:
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{key} must be a whole number, not {value!r}")
            return value

        def flag(key: str) -> None:
            if not isinstance(getattr(self, key), bool):
                raise RulesError(f"{key} must be true or false, not {getattr(self, key)!r}")

        n, decks = integer("players"), integer("decks")
        if decks not in (1, 2):
            raise RulesError(f"decks must be 1 or 2, not {decks}")
        if decks == 1 and not 3 <= n <= 7:
            raise RulesError(f"one deck is for 3-7 players, not {n} (use decks=2 for 6-11 players)")
        if decks == 2 and not 6 <= n <= 11:
            raise RulesError(f"two decks are for 6-11 players, not {n}")
        if not self.pass_cycle:
            raise RulesError("pass_cycle must name at least one direction")
        for d in self.pass_cycle:
            if d not in PASS_DIRECTIONS:
                raise RulesError(f"pass_cycle entries must be left, right, across or keep, not {d!r}")
            if d == "across" and n % 2:
                raise RulesError(f"passing 'across' needs an even number of players, not {n}")
        pc = integer("pass_count")
        if not 1 <= pc < self.hand_size:
            raise RulesError(f"pass_count must be between 1 and {self.hand_size - 1}, not {pc}")
        choice("first_lead", FIRST_LEADS)
        if decks == 2 and self.first_lead in ("lowest_club", "any_club"):
            raise RulesError(
                f"first_lead {self.first_lead!r} needs one deck: with two decks the lowest club is held "
                "twice or lies in the kitty; use 'left_of_dealer' or 'rotate'")
        choice("first_trick_points", FIRST_TRICK_POINTS)
        for key in ("queen_breaks_hearts", "queen_lead_before_broken", "hearts_lead_before_broken"):
            flag(key)
        choice("queen_points", (13, 0))
        choice("jack_points", (0, -10))
        choice("clean_hand_bonus", CLEAN_HAND_BONUSES)
        choice("moon", MOON_MODES)
        choice("sweep", SWEEPS)
        choice("end", END_MODES)
        if integer("target") <= 0:
            raise RulesError(f"target must be positive, not {self.target}")
        if integer("hands") <= 0:
            raise RulesError(f"hands must be positive, not {self.hands}")
        if self.handicap and (len(self.handicap) != n
                              or not all(isinstance(h, int) and not isinstance(h, bool) for h in self.handicap)):
            raise RulesError(f"handicap must give a whole-number starting score for each of the {n} seats")
        clock = self.turn_clock
        if clock is not None and (not isinstance(clock, int | float) or isinstance(clock, bool) or clock <= 0
                                  or not math.isfinite(clock)):
            raise RulesError(f"turn_clock must be null or a positive number of seconds, not {self.turn_clock!r}")

    # ----- derived facts (cached on the value: it is frozen) -----

    @property
    def removed_cards(self) -> int:
        """Cards taken out of a single deck for this player count (a card set)."""
        if self.decks == 2:
            return 0
        return _REMOVED_MASKS[self.players]

    @property
    def removed_cards_text(self) -> list[str]:
        return cards_str(cards_in(self.removed_cards))

    @cached_property
    def deck_mask(self) -> int:
        """The distinct cards in play."""
        return ALL_CARDS & ~self.removed_cards

    @cached_property
    def cards_in_play(self) -> int:
        return 104 if self.decks == 2 else 52 - self.removed_cards.bit_count()

    @cached_property
    def hand_size(self) -> int:
        return self.cards_in_play // self.players

    @cached_property
    def kitty_size(self) -> int:
        return self.cards_in_play - self.hand_size * self.players

    @cached_property
    def tricks_per_hand(self) -> int:
        return self.hand_size

    def card_points(self, card: int) -> int:
        """What one card scores for whoever takes it: a heart 1, the queen of spades and the jack of diamonds
        as these rules say, any other card 0."""
        if card // 13 == HEARTS:
            return 1
        return self.queen_points if card == QUEEN_OF_SPADES else self.jack_points if card == JACK_OF_DIAMONDS else 0

    @property
    def moon_points(self) -> int:
        """Raw points a moon shooter must take: every heart and every scoring queen."""
        return self.decks * (13 + self.queen_points)

    def pass_direction(self, hand_number: int) -> str:
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def pass_offset(self, direction: str) -> int:
        """Seats from the passer to the receiver."""
        return {"left": 1, "right": self.players - 1, "across": self.players // 2, "keep": 0}[direction]

    def starting_scores(self) -> list[int]:
        return list(self.handicap) if self.handicap else [0] * self.players

    # ----- construction -----

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (checked like any other)."""
        unknown = set(overrides) - set(RULE_KEYS)
        if unknown:
            raise RulesError(f"unknown rule key: {sorted(unknown)[0]!r} (known keys: {', '.join(RULE_KEYS)})")
        return dataclasses.replace(self, **overrides)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """A named preset, with any options overridden on top."""
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r} (presets: {', '.join(PRESETS)})")
        base = PRESETS[name]
        return base.replace(**overrides) if overrides else base

    def to_json(self) -> dict[str, Any]:
        """``{"preset": name, <option>: value, ...}`` with only the options that differ from the preset."""
        out: dict[str, Any] = {"preset": self.name if self.name in PRESETS else "standard"}
        ref = PRESETS[out["preset"]]
        for key in RULE_KEYS:
            value = getattr(self, key)
            if value != getattr(ref, key):
                out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Rules:
        """A preset name, or ``{"preset": name, <option>: value, ...}``."""
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a preset name or an object, not {data!r}")
        options = dict(data)
        if "name" in options:
            raise RulesError("unknown rule key: 'name' (a preset is chosen with \"preset\")")
        name = options.pop("preset", "standard")
        if not isinstance(name, str):
            raise RulesError(f"preset must be a name, not {name!r}")
        return cls.preset(name, **options)

    def describe(self) -> str:
        """One line a player can read."""
        parts = [f"{self.players} players"]
        if self.decks == 2:
            parts.append("two decks with cancellation")
        parts.append("passing " + "/".join(self.pass_cycle))
        if self.jack_points:
            parts.append("jack of diamonds -10")
        if not self.queen_points:
            parts.append("queen of spades scores nothing")
        parts.append(f"moon: {self.moon.replace('_', ' ')}")
        if self.sweep != "none":
            parts.append("sweep +52")
        parts.append(f"ends after {self.hands} hands" if self.end == "hands" else f"game to {self.target}")
        return ", ".join(parts)


RULE_KEYS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "name")
DEFAULT_RULES = Rules(name="standard")


def _preset(name: str, **options: Any) -> Rules:
    return Rules(name=name, **options)


PRESETS: dict[str, Rules] = {
    # 4 players, pass left/right/across/keep, 2C leads, no points on trick one, moon: others +26 (seeds 003, 004).
    "standard": _preset("standard"),
    # The app of seed 000: pass left/across/right/keep and the queen does not break hearts.
    "animal_table": _preset("animal_table", pass_cycle=("left", "across", "right", "keep"),
                            queen_breaks_hearts=False),
    # Hearts Deluxe (seed 001): any club opens, queen not led before hearts broken, JD -10, shooter -26, exceed.
    "deluxe": _preset("deluxe", first_lead="any_club", queen_lead_before_broken=False, jack_points=-10,
                      moon="subtract_from_self", end="exceed"),
    # Omnibus Hearts (seed 004's variants): standard with the jack of diamonds worth -10.
    "omnibus": _preset("omnibus", jack_points=-10),
    # GameDuell (seed 003): taking every trick gives each opponent 52; a fixed number of hands.
    "duell": _preset("duell", sweep="plus_52", end="hands"),
    # Cancellation Hearts (seed 002): two decks, 6-11 players, identical cards cancel, kitty.
    "cancellation": _preset("cancellation", players=8, decks=2, pass_cycle=("left", "right"),
                            first_lead="left_of_dealer", first_trick_points="allowed", moon="shooter_chooses",
                            target=150),
    # Hearts for 3-7 players (seed 004): cards removed so the deck deals evenly.
    "n_player": _preset("n_player", players=3, pass_cycle=("left", "right"), moon="shooter_chooses"),
}
