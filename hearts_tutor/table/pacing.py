"""When things happen at the table: the bots' turns with their pauses, the turn clock, the coach's work.

In ``async`` mode the bots move in tasks of the running event loop and think through the table's
:class:`~.executor.Executor`, so the table answers clicks while they think; the coach's hints, grades and
reviews go through the same executor. ``sync`` mode does everything at once, and ``manual`` mode leaves the
bots to :meth:`~.core.TableCore.step` (tests that click "during a pause").
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ..bots.base import Bot, Decision
from ..engine.hand import Phase, Trick
from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .events import SPEEDS, Change, NextStep
from .executor import Executor
from .helpers import LEARNER


class PacedTable(Protocol):
    """What the pacer needs of its table (:class:`~.core.TableCore` is one): its state, its steps, its log."""

    mode: str
    speed: str
    version: int
    rules: Rules
    match: Match
    shown_trick: Trick | None
    clock_text: str

    def next_auto(self) -> NextStep | None: ...
    def perform(self, todo: NextStep, decision: Decision | None = None) -> None: ...
    def run_until_learner(self, limit: int = 10_000) -> None: ...
    def thinking(self, seat: int) -> PlayerView: ...
    def bot_for(self, seat: int) -> Bot: ...
    def is_bot(self, seat: int) -> bool: ...
    def sweep(self) -> None: ...
    def timeout(self) -> None: ...
    def log(self, text: str) -> None: ...
    def notify(self, change: Change = Change.EVERYTHING) -> None: ...


class Pacer:
    """Sets one table's bots going, runs its coach's calls and keeps its turn clock."""

    def __init__(self, table: PacedTable, executor: Executor) -> None:
        self.table = table
        self.executor = executor
        self._tasks: set[asyncio.Task[Any]] = set()
        self._run_task: asyncio.Task[Any] | None = None
        self._clock_task: asyncio.Task[Any] | None = None

    def kick(self) -> None:
        """Something changed: the bots move if it is their turn (at once in sync mode)."""
        if self.table.mode == "sync":
            self.table.run_until_learner()
        elif self.table.mode == "async" and (self._run_task is None or self._run_task.done()):
            try:
                self._run_task = self.spawn(self._run)
            except RuntimeError:  # no running loop (plain Python): fall back to doing it now
                self.table.run_until_learner()

    def background(self, fn: Callable[..., Any], args: tuple[Any, ...],
                   done: Callable[[tuple[Any, ...], Any], None], queue: str = "grading") -> None:
        """Run ``fn(*args)`` in the executor's ``queue`` (async mode) or now, then ``done(args, result)``."""
        if self.table.mode != "async":
            try:
                result = fn(*args)
            except Exception:
                self.table.log(traceback.format_exc(limit=6))
                return
            done(args, result)
            return

        async def run() -> None:
            done(args, await self.executor.submit(fn, *args, queue=queue))

        self.spawn(run)

    def spawn(self, start: Callable[[], Awaitable[Any]]) -> asyncio.Task[Any]:
        """Run ``start()`` as a task of the running loop; its exception is shown on the table."""
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
            self.table.log(traceback.format_exc(limit=8))
            self.table.notify()

    async def _run(self) -> None:
        table = self.table
        while (todo := table.next_auto()) is not None:
            bot_pause, trick_pause = SPEEDS[table.speed]
            version = table.version
            if todo.kind == "bot":
                view = table.thinking(todo.seat)
                decision = await self.executor.submit(table.bot_for(todo.seat).decide, view, queue="bots")
                if version != table.version:
                    continue  # the learner changed the position meanwhile (undo, new game): think again
                table.perform(todo, decision)
                if decision.kind == "play":
                    await asyncio.sleep(trick_pause / 2 if table.shown_trick else bot_pause)
            elif todo.kind == "clear_trick":
                table.sweep()
                await asyncio.sleep(trick_pause / 2)
                if version == table.version:
                    table.perform(todo)
            elif todo.kind == "next_hand":
                await asyncio.sleep(trick_pause * 2)
                if table.next_auto() == NextStep("next_hand"):
                    table.perform(todo)
            else:
                table.perform(todo)
        self.start_clock()

    # ================================================================ the turn clock

    def start_clock(self) -> None:
        """The learner's turn has come: the turn clock (if the rules have one) starts counting down."""
        table = self.table
        limit = table.rules.turn_clock
        h = table.match.hand
        waiting = (h.phase is Phase.PLAY and h.to_move == LEARNER) or (
            h.phase is Phase.PASS and h.passes[LEARNER] is None)
        if not limit or table.mode != "async" or not waiting or table.is_bot(LEARNER):
            self._show_clock("")
            return
        self.cancel_clock()
        version = table.version

        async def tick() -> None:
            left = float(limit)
            while left > 0:
                if version != table.version:
                    return
                self._show_clock(f"◷ {int(left + 0.99)} s left")
                await asyncio.sleep(min(1.0, left))
                left -= 1.0
            if version == table.version:
                self._show_clock("")
                table.timeout()

        self._clock_task = self.spawn(tick)

    def cancel_clock(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            self._clock_task = None
        self._show_clock("")

    def _show_clock(self, text: str) -> None:
        if text != self.table.clock_text:
            self.table.clock_text = text
            self.table.notify(Change.CLOCK)

    # ================================================================ stopping

    def cancel(self) -> None:
        """Stop the bots' turns, the clock and the coach's pending calls (a new game)."""
        for t in list(self._tasks):
            t.cancel()
        self._tasks.clear()
        self._run_task = None
        self._clock_task = None

    def close(self) -> None:
        """Stop everything, workers included."""
        self.cancel()
        self.executor.shutdown()
