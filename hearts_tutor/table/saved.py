"""The unfinished game, kept after every move and offered again after a reload (SPEC section 7).

:class:`GameSaves` watches a :class:`~.core.TableCore` and writes its game to the learner database
(:meth:`~hearts_tutor.practice.learner.LearnerDB.save_game`, under the table's own key) whenever a move was made:
the rules, the match's seed, finished hands and the hand in progress as hand records, the opponents' levels
and the coach's grades so far. A new table finds that save and offers it (:attr:`GameSaves.offer`): resuming
replays it through the engine; the bots decide from the seed and the position alone, so the rest of the hand
goes exactly as it would have without the reload. A save that cannot be read or replayed is set aside (kept,
under a ``damaged`` key), reported in :attr:`GameSaves.problem`, and the fresh game goes on. A finished game is
forgotten. The save's ``match`` holds the record of every finished hand (``hands``) for whoever wants them.

Every table keeps its game under a key of its own, so one never replaces another's: the Voila app's game under
:data:`SAVE_KEY`, a lesson's practice table under ``lesson:<lesson>`` (:func:`lesson_key`), any other table in
a notebook under :data:`NOTEBOOK_KEY`; the offer names which game it is (:func:`game_name`).

>>> import tempfile
>>> from pathlib import Path
>>> from hearts_tutor.practice.stats_store import StatsStore
>>> from hearts_tutor.table import TableCore
>>> store = StatsStore(Path(tempfile.mkdtemp()) / "learner.sqlite3")
>>> first = TableCore(seed=3, mode="sync", grading=False, stats=store)
>>> first.click_card(0); first.click_card(1); first.click_card(2); first.pass_selected()
>>> again = TableCore(seed=4, mode="sync", grading=False, stats=store)
>>> again.saves.offer is not None
True
>>> again.saves.resume()
>>> again.match.hand.plays() == first.match.hand.plays()
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.cards import Card, card_str, parse_card
from ..engine.hand import Phase
from ..engine.match import Match
from ..practice.stats_store import StatsStore
from . import art
from .coaching import Coach, Grade
from .events import Change
from .helpers import LEARNER

SAVE_KEY = "table"
"""The key of the Voila app's game (``hearts-tutor play``) in the learner database."""
NOTEBOOK_KEY = "notebook"
"""The key of a table shown in a notebook that names no key of its own."""
LESSON_PREFIX = "lesson:"
SAVE_VERSION = 1
WATCH_SECONDS = 1.0
"""How often an untouched table reads the save again (async mode): a page may keep moving until it reloads."""


class SaveError(ValueError):
    """A save that cannot be resumed, in plain words."""


def lesson_key(lesson: str) -> str:
    """The key of a lesson's practice table, e.g. ``lesson:02_passing``."""
    if not lesson or "." in lesson or "%" in lesson:
        raise ValueError(f"not a lesson name: {lesson!r}")
    return LESSON_PREFIX + lesson


def save_key(save: bool | str) -> str | None:
    """The key a table's ``save`` option names: True is the app's game, a text its own key, False none."""
    if save is True:
        return SAVE_KEY
    if save is False:
        return None
    if not isinstance(save, str) or not save.strip() or "." in save or "%" in save:
        raise ValueError(f"save must be True, False or a key of letters, digits, '_', '-' and ':', not {save!r}")
    return save


def game_name(key: str) -> str:
    """Which game a key holds, in words for the resume offer.

    >>> game_name("table"), game_name("lesson:04_queen")
    ('your game at the card table', 'your practice game of lesson 4 (queen)')
    """
    if key == SAVE_KEY:
        return "your game at the card table"
    if key == NOTEBOOK_KEY:
        return "your game at a notebook's table"
    if key.startswith(LESSON_PREFIX):
        number, _, topic = key[len(LESSON_PREFIX):].partition("_")
        label = f"lesson {int(number)}" if number.isdigit() else f"lesson {number}"
        return f"your practice game of {label}" + (f" ({topic.replace('_', ' ')})" if topic else "")
    return f"your game {key!r}"


@dataclass(frozen=True)
class SavedGame:
    """A game read back from its save: the match where it stood, the opponents' levels, the coach's grades."""

    match: Match
    levels: tuple[str, ...]  # seat 1 first (the table keeps a level for every seat it may have)
    grades: tuple[Grade, ...]  # this hand's graded moves
    computer_moves: frozenset[int | None]  # the learner's moves the computer made this hand (None: the pass)
    key: str = SAVE_KEY  # where it was saved (which game it is)

    def summary(self) -> str:
        """One sentence for the offer: which game, which hand, and the scores (it may seat other players)."""
        m = self.match
        names = [art.title_name(kind) for kind, *_ in art.seat_animals(m.rules.players)]
        scores = ", ".join(f"{'you' if s == LEARNER else names[s]} {p}" for s, p in enumerate(m.scores))
        name = game_name(self.key)
        return f"{name[0].upper()}{name[1:]} is unfinished: hand {m.hand_number + 1}, {len(m.hand.plays())} " \
               f"cards played; scores {scores}."


def game_json(core: SavedTable) -> dict[str, Any]:
    """The table's game as saved (a scored hand counts as finished: the save goes on from the next deal)."""
    data = core.match.to_json()
    grades, moves = core.coach.grades, core.computer_moves
    if core.hand_scored and core.match.hand.phase is Phase.DONE:
        data["hands"].append(data.pop("current"))
        grades, moves = [], set()
    return {"version": SAVE_VERSION, "match": data, "levels": core.levels[1:],
            "grades": [_grade_json(g) for g in grades],
            "computer_moves": sorted(moves, key=lambda m: -1 if m is None else m)}


def parse_game(text: str, key: str = SAVE_KEY) -> SavedGame:
    """Read the save of ``key`` back, replaying every move through the engine; raises :class:`SaveError`."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise SaveError(f"not a saved game of version {SAVE_VERSION}")
        match = Match.from_json(data["match"])
        levels = tuple(str(lv) for lv in data["levels"])
        if len(levels) < match.rules.players - 1:
            raise SaveError(f"{len(levels)} opponents' levels for {match.rules.players} players")
        grades = tuple(_grade_from_json(g) for g in data["grades"])
        moves = frozenset(None if m is None else int(m) for m in data["computer_moves"])
    except SaveError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as e:
        raise SaveError(str(e) or type(e).__name__) from None
    return SavedGame(match, levels, grades, moves, key)


def _grade_json(g: Grade) -> dict[str, Any]:
    move = [g.move] if isinstance(g.move, int) else list(g.move)
    return {"kind": g.kind, "move": [card_str(c) for c in move], "band": g.band, "cost": g.cost,
            "best": [card_str(c) for c in g.best], "explanation": g.explanation, "index": g.index}


def _grade_from_json(d: dict[str, Any]) -> Grade:
    cards = tuple(parse_card(c) for c in d["move"])
    move: Card | tuple[Card, ...] = cards[0] if d["kind"] == "play" else cards
    cost = d["cost"]
    return Grade(str(d["kind"]), move, str(d["band"]), None if cost is None else float(cost),
                 tuple(parse_card(c) for c in d["best"]), str(d["explanation"]),
                 None if d["index"] is None else int(d["index"]))


class SavedTable(Protocol):
    """What the game's saves need of its table (:class:`~.core.TableCore` is one)."""

    mode: str
    match: Match
    store: StatsStore
    coach: Coach
    levels: list[str]
    demo: bool
    hand_scored: bool
    computer_moves: set[int | None]
    observers: list[Callable[[Change], None]]

    def resume_game(self, game: SavedGame) -> None: ...
    def log(self, text: str) -> None: ...
    def notify(self, change: Change = Change.EVERYTHING) -> None: ...


class GameSaves:
    """Keeps ``core``'s game in its learner database, and offers the one an earlier table left unfinished.

    ``save`` is the table's option: True keeps the app's game (:data:`SAVE_KEY`), a text names the table's own
    key (a lesson's: :func:`lesson_key`), False neither saves nor offers. ``offer`` is that key's game until the
    learner resumes it (:meth:`resume`) or starts anew (:meth:`decline`, or just plays on); ``problem`` says when
    a save had to be set aside.
    A game is written once the learner has made a move in it, so an untouched table (e.g. a kernel Voila starts
    ahead of its page) never replaces a save; until then the table reads the save again every
    :data:`WATCH_SECONDS` in async mode (:meth:`refresh`), and :meth:`resume` takes the newest.
    """

    def __init__(self, core: SavedTable, save: bool | str = True) -> None:
        self.core = core
        key = save_key(save)
        self.key = key or SAVE_KEY
        self.enabled = enabled = key is not None
        self.owner = uuid.uuid4().hex  # a table that finds another owner's save there stops writing
        self.offer: SavedGame | None = None
        self.problem = ""
        self._fresh: Match | None = None  # the game dealt while the offer stands
        self._saved_at: tuple[Any, ...] | None = None  # what the last save held
        self._take_over = False
        self._settled = False  # the table plays its own game now (or another table took the save over)
        self._watch: asyncio.Task[None] | None = None
        self._unreported: list[tuple[str, str]] = []  # damaged saves set aside that this table reports
        if enabled:
            self._look()
            core.observers.append(self.changed)
            if core.mode == "async":
                with contextlib.suppress(RuntimeError):  # no running loop: no watching
                    self._watch = asyncio.get_running_loop().create_task(self._watch_save())

    @property
    def db(self) -> Any:
        return self.core.store.learner

    def _look(self) -> None:
        """Read the save: it becomes the offer, is set aside when damaged, or is forgotten when finished."""
        self.offer = None
        try:
            found = self.db.saved_game(self.key)
            if found is not None:
                try:
                    game = parse_game(found[0], self.key)
                except SaveError as e:
                    self.db.set_saved_game_aside(self.key, str(e))
                else:
                    if game.match.is_over:
                        self.db.clear_saved_game(self.key, found[1])
                    else:
                        self.offer, self._fresh = game, self.core.match
            self._unreported = self.db.unreported_saves(self.key)
        except sqlite3.Error as e:
            self._report(f"Your saved game could not be read or set aside ({e}).")
            return
        if self._unreported:  # here, or by a table Voila started ahead of this page
            aside, reason = self._unreported[-1]
            name = game_name(self.key)
            self._report(f"The save of {name} is damaged and cannot be resumed ({reason}); it was set aside as "
                         f"{aside!r} in {self.db.path}. A new game has started.")

    def _report(self, text: str) -> None:
        if text != self.problem:
            self.problem = text
            self.core.log(text)

    def _reported(self) -> None:
        """The learner has seen :attr:`problem` (dismissed it, or played on): other tables need not say it."""
        if self._unreported:
            with contextlib.suppress(sqlite3.Error):
                self.db.saved_games_reported([key for key, _ in self._unreported])
            self._unreported = []

    def refresh(self) -> None:
        """Read the save again, unless the table plays its own game already."""
        if self.enabled and not self._settled and not self._learner_moved():
            before = (self.offer, self.problem)
            self._look()
            if (self.offer, self.problem) != before:
                self.core.notify()

    async def _watch_save(self) -> None:
        while not self._settled:
            await asyncio.sleep(WATCH_SECONDS)
            self.refresh()

    def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()

    # ================================================================ the learner's choice

    def resume(self) -> None:
        """Go on with the offered game (as last saved) where it stood; a damaged one is only reported."""
        core = self.core
        if self.offer is None:
            return
        self._look()  # an earlier page may have moved on since the offer was made
        game = self.offer
        if game is None:
            core.notify()
            return
        self.offer = None
        self._settled = self._take_over = True  # this table's save replaces the earlier table's
        self._saved_at = None
        core.resume_game(game)

    def decline(self) -> None:
        """Start afresh: the offered game is forgotten (the fresh game's save replaces it)."""
        self.offer = None
        self._settled = self._take_over = True
        self._saved_at = None
        self.save()
        self.core.notify()

    def dismiss(self) -> None:
        """The learner has read :attr:`problem`."""
        self.problem = ""
        self._reported()
        self.core.notify()

    # ================================================================ saving

    def _learner_moved(self) -> bool:
        m = self.core.match
        return m.hand_number > 0 or any(a.seat == LEARNER for a in m.hand.history)

    def changed(self, _change: object = None) -> None:
        """An observer of the core: save after a move; a learner who plays on instead of resuming declines."""
        if self.offer is None:
            self.save()
        elif self.core.match is not self._fresh or self._learner_moved():
            self.decline()

    def save(self) -> None:
        """Write the game if a move was made since the last save (a finished game is forgotten instead)."""
        core = self.core
        if not self.enabled or core.demo or self.offer is not None or not (self._take_over or self._learner_moved()):
            return
        m = core.match
        at = (id(m), m.hand_number, len(m.hand.history), core.hand_scored, len(core.coach.grades), *core.levels)
        if at == self._saved_at:
            return
        self._saved_at = at
        try:
            if m.is_over:
                self.db.clear_saved_game(self.key, self.owner)
            elif not self.db.save_game(self.key, json.dumps(game_json(core)), self.owner,
                                       take_over=self._take_over):
                self.enabled = False  # a newer table (the page reloaded) has taken the game over
        except sqlite3.Error as e:
            self.enabled = False
            core.log(f"Could not save your game: {e}.")
        self._take_over = False
        self._settled = True
        self._reported()
