"""Where the bots and the coach think: one interface over worker pools (CPython) or the event loop (Pyodide).

The table never waits on a bot's decision or the coach's rollouts: it submits the call to an :class:`Executor`
and awaits the result, so the page keeps answering clicks meanwhile. :class:`PoolExecutor` runs each call in a
worker thread or process; :class:`CooperativeExecutor` runs it in the event loop itself, for Pyodide, which has
neither. A call that returns a generator is run step by step (each ``yield`` ends a step) and its result is the
generator's return value: the cooperative executor lets the page draw between the steps.

>>> import asyncio
>>> def count(n):
...     for _ in range(n):
...         yield
...     return n
>>> async def main(executor):
...     try:
...         return await executor.submit(count, 3), await executor.submit(max, 2, 5, queue="hints")
...     finally:
...         executor.shutdown()
>>> asyncio.run(main(CooperativeExecutor()))
(3, 5)
"""

from __future__ import annotations

import asyncio
import inspect
import multiprocessing
import sys
from collections.abc import Awaitable, Callable, Collection
from concurrent.futures import Executor as _PoolBase
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

#: The queues the table uses: the bots' moves, the coach's hints, and grading and hand reviews. Each queue has
#: one worker, so a hint never waits behind a hand review and grading never delays a bot's move.
QUEUES = ("bots", "hints", "grading")
#: The queues whose calls :class:`PoolExecutor` runs in worker processes by default (the coach's rollouts are
#: heavy: a process keeps them off the kernel's interpreter lock). The bots keep state between moves, so they
#: think in a worker thread.
PROCESS_QUEUES = ("hints", "grading")


class Executor(Protocol):
    """Runs the table's thinking away from its clicks."""

    def submit(self, fn: Callable[..., T], *args: Any, queue: str = "bots") -> Awaitable[T]:
        """Start ``fn(*args)`` in ``queue`` (inside a running event loop); await the result."""
        ...

    def shutdown(self) -> None:
        """Stop every worker; calls not yet finished are cancelled."""
        ...


def run_steps(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, a generator run to its end (the value it returns), in one go."""
    result = fn(*args)
    if inspect.isgenerator(result):
        try:
            while True:
                next(result)
        except StopIteration as stop:
            return stop.value
    return result


class PoolExecutor:
    """Each queue's calls run in one worker (CPython): a process for ``processes`` queues, else a thread."""

    def __init__(self, processes: Collection[str] = PROCESS_QUEUES) -> None:
        self.processes = frozenset(processes)
        self._pools: dict[str, _PoolBase] = {}

    def submit(self, fn: Callable[..., T], *args: Any, queue: str = "bots") -> Awaitable[T]:
        """Start ``fn(*args)`` in the queue's worker; a broken worker process is replaced on the next call."""
        pool = self._pool(queue)
        future: asyncio.Future[T] = asyncio.get_running_loop().run_in_executor(pool, run_steps, fn, *args)

        def forget_broken(done: asyncio.Future[T]) -> None:
            broken = not done.cancelled() and isinstance(done.exception(), BrokenProcessPool)
            if broken and self._pools.get(queue) is pool:
                del self._pools[queue]

        future.add_done_callback(forget_broken)
        return future

    def _pool(self, queue: str) -> _PoolBase:
        if queue not in self._pools:
            if queue in self.processes:
                self._pools[queue] = ProcessPoolExecutor(max_workers=1,
                                                         mp_context=multiprocessing.get_context("spawn"))
            else:
                self._pools[queue] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"hearts-{queue}")
        return self._pools[queue]

    def shutdown(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools = {}


class CooperativeExecutor:
    """Each call runs in the event loop itself (Pyodide: no processes, no threads), yielding to the page first
    and between the steps of a generator."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def submit(self, fn: Callable[..., T], *args: Any, queue: str = "bots") -> Awaitable[T]:
        """Start ``fn(*args)`` as a task of the running loop (``queue`` is only a name here)."""
        task = asyncio.get_running_loop().create_task(self._run(fn, args), name=f"hearts-{queue}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    @staticmethod
    async def _run(fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        await asyncio.sleep(0)  # the page draws what happened before the thinking starts
        result = fn(*args)
        if not inspect.isgenerator(result):
            return result
        try:
            while True:
                next(result)
                await asyncio.sleep(0)
        except StopIteration as stop:
            value: T = stop.value
            return value

    def shutdown(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()


EXECUTORS: dict[str, Callable[[], Executor]] = {"pool": PoolExecutor, "cooperative": CooperativeExecutor}


def make_executor(kind: str | None = None) -> Executor:
    """The executor named ``kind`` (``pool`` or ``cooperative``); by default the cooperative one in Pyodide
    (``sys.platform == "emscripten"``), else worker pools.

    >>> type(make_executor("cooperative")).__name__
    'CooperativeExecutor'
    """
    if kind is None:
        kind = "cooperative" if sys.platform == "emscripten" else "pool"
    if kind not in EXECUTORS:
        raise ValueError(f"executor must be one of {', '.join(EXECUTORS)}, not {kind!r}")
    return EXECUTORS[kind]()
